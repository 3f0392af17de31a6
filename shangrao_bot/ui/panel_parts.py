"""A seat's private panel, built: its move buttons laid out within Discord's 5 rows × 5
(:func:`panel_view`), and the whole panel — text, hand picture, buttons — as
:class:`PanelParts` (:func:`build_panel_parts`). A panel whose picture cannot be drawn is sent
as text and buttons: a prompt is never lost to a picture."""

from __future__ import annotations

import io
import logging
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.rules.tiles import suit_of
from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.hand_buttons import HintButton, PanelButton, encode_action
from shangrao_bot.ui.hand_pictures import HandPictures
from shangrao_bot.ui.table_buttons import TableButton
from shangrao_bot.ui.table_text import action_label, discard_label, panel_text

log = logging.getLogger(__name__)

MAX_ROWS = 5
ROW_BUTTONS = 5

# A tile's picture for a button (``TileEmojis.get``): None while the emoji are not uploaded yet.
EmojiSource = Callable[..., discord.PartialEmoji | None]


def _rows(groups: Sequence[list[discord.ui.Item[Any]]], free_rows: int) -> list[list[Any]]:
    """Suit groups as rows of at most 5 buttons; when that needs more than ``free_rows`` rows,
    the tiles are packed tightly instead (14 tiles take 3 rows at most)."""
    rows: list[list[Any]] = []
    for group in groups:
        rows.extend(group[i : i + ROW_BUTTONS] for i in range(0, len(group), ROW_BUTTONS))
    if len(rows) <= free_rows:
        return rows
    flat = [item for group in groups for item in group]
    return [flat[i : i + ROW_BUTTONS] for i in range(0, len(flat), ROW_BUTTONS)]


def _action_style(action: Action) -> discord.ButtonStyle:
    if action.kind is ActionKind.WIN:
        return discord.ButtonStyle.success
    if action.kind is ActionKind.PASS:
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.primary


def panel_view(
    info: TableInfo, view: PlayerView, lang: str, emoji: EmojiSource | None = None
) -> discord.ui.View | None:
    """Tile buttons for the legal discards (grouped by suit; the tile's picture and name, the
    宝 and the drawn tile marked), one button per other legal action, Hint, and — for a player
    who is away — I'm back; within Discord's 5 rows × 5 buttons."""
    hand, seq = info.hand_no, view.public.sequence
    bao = view.public.bao
    discards = sorted(
        {a.tile for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None}
    )
    others = [a for a in view.legal if a.kind is not ActionKind.DISCARD]
    by_suit: dict[int, list[discord.ui.Item[Any]]] = {}
    for tile in discards:
        style = discord.ButtonStyle.primary if tile == view.drawn else discord.ButtonStyle.secondary
        button = PanelButton(
            info.id, hand, seq, "d", str(tile), label=discard_label(tile, view, lang), style=style
        )
        picture = emoji(tile, bao=tile == bao) if emoji is not None else None
        if picture is not None:
            button.item.emoji = picture
        by_suit.setdefault(suit_of(tile), []).append(button)
    action_items: list[Any] = []
    for a in others:
        button = PanelButton(
            info.id,
            hand,
            seq,
            "a",
            encode_action(a),
            label=action_label(a, lang)[:80],
            style=_action_style(a),
        )
        if emoji is not None and a.tile is not None and a.kind is not ActionKind.CHI:
            picture = emoji(a.tile, bao=a.tile == bao)
            if picture is not None:
                button.item.emoji = picture
        action_items.append(button)
    action_items.append(HintButton(info.id, hand, lang))
    seat = info.seats[view.seat]
    if seat is not None and seat.away:
        action_items.append(TableButton(info.id, "back", lang))
    action_rows = [
        action_items[i : i + ROW_BUTTONS] for i in range(0, len(action_items), ROW_BUTTONS)
    ]
    tile_rows = _rows([by_suit[s] for s in sorted(by_suit)], MAX_ROWS - len(action_rows))
    out = discord.ui.View(timeout=None)
    for r, row in enumerate([*tile_rows, *action_rows][:MAX_ROWS]):
        for item in row:
            item.row = r
            out.add_item(item)
    return out


def table_link(info: TableInfo) -> str | None:
    """The jump URL of the table's thread (stable across hands and restarts)."""
    if info.thread_id is None:
        return None
    return f"https://discord.com/channels/{info.guild_id}/{info.thread_id}"


@dataclass(frozen=True)
class PanelParts:
    """A rendered private panel: its text, the hand picture's PNG (None when it could not be
    drawn: the panel is then text and buttons only — a prompt is never lost to a picture) and
    its buttons."""

    content: str
    png: bytes | None
    items: discord.ui.View | None

    def file(self) -> discord.File | None:
        return None if self.png is None else discord.File(io.BytesIO(self.png), "hand.png")


async def build_panel_parts(
    info: TableInfo,
    view: PlayerView,
    lang: str,
    *,
    recent: Sequence[Event] = (),
    link: str | None = None,
    emoji: EmojiSource | None = None,
    pictures: HandPictures | None = None,
    picture: bytes | None = None,
) -> PanelParts:
    """A seat's private panel: what happened since its last move and what to do now, the
    picture (her hand — the claimable tile beside it, the drawn tile marked, waits and values
    when tenpai — over the whole table: every seat's discards, melds and 飞宝) and the move
    buttons. The picture is drawn by a picture worker; when it fails, the log names the
    error's type and place only (its message could quote the hand). A picture already drawn
    for the same view is reused, byte for byte (and the presenter keeps the attachment already
    shown). ``picture``: a picture kept instead of drawing one (the panel shows it already)."""
    content = panel_text(info, view, lang, recent, link)
    items = panel_view(info, view, lang, emoji)
    if picture is not None:
        return PanelParts(content, picture, items)
    png: bytes | None
    try:
        png = await (pictures or HandPictures(1)).get(view, lang)
    except Exception as exc:
        frames = traceback.extract_tb(exc.__traceback__)
        where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
        log.error(
            "table %s: the hand picture of a panel could not be drawn (%s at %s): "
            "the panel is sent as text",
            info.id,
            type(exc).__name__,
            where,
        )
        png = None
    return PanelParts(content, png, items)
