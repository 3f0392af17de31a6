"""Buttons of the virtual tables as :class:`discord.ui.DynamicItem` templates: the
custom_id carries everything a click needs (table id, hand number, public sequence, the move),
so buttons posted before a restart still work once ``bot.add_dynamic_items(*TABLE_ITEMS)`` ran.

Custom ids:

* ``mj:{table}:{op}`` — lobby and table-message buttons (join, leave, ai-easy, ai-normal,
  ai-hard, start, rules, back, watch, rm{seat}); Rules shows the table's settings and the rule
  book's section on its preset, paged by the book's own buttons (:mod:`.rulebook`);
* ``mj:{table}:{hand}:hint`` — Hint on a private panel;
* ``mj:{table}:{hand}:{seq}:hand`` — "My hand" on the hand's public table message;
* ``mj:{table}:{hand}:{seq}:d:{tile}`` / ``…:a:{move}`` — a private panel's discard / action;
* ``mj:{table}:{hand}:ready`` — the Ready gate after a hand.

Every callback funnels refusals (:class:`~shangrao_bot.errors.Refusal`, e.g. "this prompt is
outdated", "you do not sit at this table") and bugs through :func:`.errors.reply_error`: one
error path for commands and components alike. Game logic stays in the service.

This module gathers the table's views: the dynamic items to register (:data:`TABLE_ITEMS`) and
the table message's buttons (:func:`table_view`). The parts live in their own modules and are
importable from here as well: the table's own buttons and the lobby message
(:mod:`.table_buttons`), a hand's buttons (:mod:`.hand_buttons`), a private panel's layout and
parts (:mod:`.panel_parts`), the hand pictures' cache (:mod:`.hand_pictures`) and what the
buttons need of the bot (:mod:`.table_client`).
"""

from __future__ import annotations

from typing import Any

import discord

from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.hand_buttons import (
    HandButton,
    HintButton,
    PanelButton,
    ReadyButton,
)
from shangrao_bot.ui.table_buttons import TableButton

TABLE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableButton,
    HandButton,
    PanelButton,
    HintButton,
    ReadyButton,
)


def table_view(info: TableInfo, lang: str) -> discord.ui.View:
    """The table message's buttons. "I'm back" is not here: only a player who is away needs
    it, and they find it on their own panel."""
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(info.id, info.hand_no, info.sequence or 0, lang))
    view.add_item(TableButton(info.id, "watch", lang))
    view.add_item(TableButton(info.id, "rules", lang))
    return view
