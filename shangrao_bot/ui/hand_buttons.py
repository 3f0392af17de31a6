"""The buttons tied to one hand of a table, ``mj:{table}:{hand}:…``: "My hand" on the hand's
table message (:class:`HandButton`), a private panel's moves (:class:`PanelButton`, the move
encoded in its custom_id by :func:`encode_action`) and Hint (:class:`HintButton`), and the
Ready gate after the hand (:class:`ReadyButton`). A press made for another hand (or a closed
gate, an outdated prompt) is refused as outdated; an outdated panel offers the current one.

Every callback funnels refusals and bugs through :func:`.errors.reply_error`; game logic stays
in the service.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.errors import Refusal
from shangrao_bot.service.errors import PromptOutdated
from shangrao_bot.ui.errors import message_for, reply_error
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.table_client import client_of
from shangrao_bot.ui.table_text import hint_text

log = logging.getLogger(__name__)


# --- encoding a move in a custom_id ------------------------------------------------------------


def encode_action(action: Action) -> str:
    """``kind.tile.tiles`` (``x`` for no tile, tiles joined by ``-``): ``chi.4.3-4-5``."""
    tile = "x" if action.tile is None else str(action.tile)
    return f"{action.kind.value}.{tile}.{'-'.join(str(x) for x in action.tiles)}"


def decode_action(text: str) -> Action:
    kind, tile, tiles = text.split(".")
    return Action(
        0,
        ActionKind(kind),
        None if tile == "x" else int(tile),
        tuple(int(x) for x in tiles.split("-")) if tiles else (),
    )


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mj:(?P<table>\d+):(?P<hand>\d+):(?P<seq>\d+):hand",
):
    """ "My hand" on a hand's table message: the seat's private panel, ephemeral. Refused for
    a finished hand (outdated) and to anyone not seated."""

    def __init__(self, table: int, hand: int, seq: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("table.btn.hand", lang),
                style=discord.ButtonStyle.primary,
                custom_id=f"mj:{table}:{hand}:{seq}:hand",
            )
        )
        self.table, self.hand, self.seq = table, hand, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["table"]), int(match["hand"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            bot = client_of(interaction)
            lang = lang_of(interaction.locale)
            bot.table_presenter.remember_lang(interaction.user.id, lang)
            info = bot.service.get(self.table)
            view = bot.service.private_view(self.table, interaction.user.id)
            _same_hand(info.hand_no == self.hand)
            content, file, items = await bot.table_presenter.panel(info, view, lang)
            try:
                await interaction.response.send_message(
                    content,
                    file=file or discord.utils.MISSING,
                    view=items or discord.utils.MISSING,
                    ephemeral=True,
                )
            finally:
                release_view(items)
            bot.table_presenter.remember_panel(self.table, interaction.user.id, interaction)
        except Exception as error:
            await reply_error(interaction, error)


class PanelButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mj:(?P<table>\d+):(?P<hand>\d+):(?P<seq>\d+):(?P<op>d|a):(?P<arg>[a-z0-9.\-]+)",
):
    """A move on a private panel (DM or ephemeral): discard a tile or take an action. The click
    is acknowledged at once (a deferred update); the panel then shows the seat's view after the
    move through the player's panel queue
    (:meth:`~.discord_presenter.DiscordPresenter.answer_move`)."""

    def __init__(
        self,
        table: int,
        hand: int,
        seq: int,
        op: str,
        arg: str,
        *,
        label: str = "·",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"mj:{table}:{hand}:{seq}:{op}:{arg}"
            )
        )
        self.table, self.hand, self.seq, self.op, self.arg = table, hand, seq, op, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PanelButton:
        return cls(
            int(match["table"]), int(match["hand"]), int(match["seq"]), match["op"], match["arg"]
        )

    def action(self) -> Action:
        if self.op == "d":
            return Action(0, ActionKind.DISCARD, int(self.arg))
        return decode_action(self.arg)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            bot = client_of(interaction)
            lang = lang_of(interaction.locale)
            user = interaction.user.id
            bot.table_presenter.remember_lang(user, lang)
            # a deferred update acknowledges at once (no spinner); the panel then shows the
            # move through the player's panel queue (one ordered update at a time). The
            # acknowledgement's round trip runs while the move is taken and saved: a DM
            # panel's edit does not need it, and whatever answers this interaction itself
            # (an error, an ephemeral panel's edit) comes after it
            acked = asyncio.ensure_future(interaction.response.defer())
            try:
                result = await bot.service.act(
                    self.table, user, self.action(), self.seq, hand=self.hand
                )
            finally:
                await _acknowledged(acked)
            bot.table_presenter.answer_move(self.table, user, interaction, again=result.duplicate)
            # the seat's view after the move, queued behind the table's presenter calls made
            # so far and before any later one: in the order of the table's states, so it can
            # never overtake a newer panel (an update the service makes anyway is not shown
            # twice). The service may show a claim answer only when the window closes: this
            # shows it now.
            try:
                info = bot.service.get(self.table)
                view = bot.service.private_view(self.table, user)
            except Refusal:  # the move ended the hand (its end closes the panels)
                return
            seat = info.seat_of(user)
            if seat is not None:
                await bot.presenter_queue.private_changed(info, seat, view)
        except PromptOutdated as error:
            await _offer_fresh_panel(interaction, self.table, error)
        except Exception as error:
            await reply_error(interaction, error)
        finally:
            release_view(self.view)  # the panel's view discord.py rebuilt for this click


async def _acknowledged(ack: asyncio.Future[Any]) -> None:
    """Wait for a click's acknowledgement. One Discord refused (the click came too late, say)
    does not undo the move it carried: the panel shows the move anyway."""
    try:
        await ack
    except discord.HTTPException as exc:
        log.warning("a move's click was not acknowledged (%s %s)", exc.status, exc.code)


async def _offer_fresh_panel(
    interaction: discord.Interaction, table: int, error: PromptOutdated
) -> None:
    """An outdated panel says so and offers the current one (a "My hand" button for the hand
    being played), so the player is one click from acting again."""
    lang = lang_of(interaction.locale)
    text = message_for(error, lang)
    try:
        info = client_of(interaction).service.get(table)
        if info.sequence is None:  # between hands: nothing to reopen
            raise LookupError("no hand in play")
        reopen = discord.ui.View(timeout=None)
        reopen.add_item(HandButton(table, info.hand_no, info.sequence, lang))
    except Exception:  # no hand in play or no table: the message alone says enough
        await reply_error(interaction, error)
        return
    if interaction.response.is_done():
        await interaction.followup.send(text, view=reopen, ephemeral=True)
    else:
        await interaction.response.send_message(text, view=reopen, ephemeral=True)


def _hand_button(
    table: int, hand: int, op: str, lang: str, style: discord.ButtonStyle
) -> discord.ui.Button[Any]:
    """A button tied to hand ``hand`` of ``table`` (custom_id ``mj:{table}:{hand}:{op}``)."""
    return discord.ui.Button(
        label=t(f"table.btn.{op}", lang), style=style, custom_id=f"mj:{table}:{hand}:{op}"
    )


def _same_hand(current: bool) -> None:
    """Refuse a press made for another moment of the table (another hand, gate closed)."""
    if not current:
        raise PromptOutdated()


class HintButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mj:(?P<table>\d+):(?P<hand>\d+):hint",
):
    """Hint on a private panel: the presser's own waits and their values, ephemeral. Built from
    the presser's own view, so a panel's Hint only ever tells its owner about their hand."""

    def __init__(self, table: int, hand: int, lang: str = "en") -> None:
        super().__init__(_hand_button(table, hand, "hint", lang, discord.ButtonStyle.secondary))
        self.table, self.hand = table, hand

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HintButton:
        return cls(int(match["table"]), int(match["hand"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            bot = client_of(interaction)
            lang = lang_of(interaction.locale)
            info = bot.service.get(self.table)
            view = bot.service.private_view(self.table, interaction.user.id)
            _same_hand(info.hand_no == self.hand)
            text = await asyncio.to_thread(hint_text, view, lang)
            await interaction.response.send_message(text, ephemeral=True)
        except Exception as error:
            await reply_error(interaction, error)


class ReadyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mj:(?P<table>\d+):(?P<hand>\d+):ready",
):
    """The Ready gate after hand ``hand``."""

    def __init__(self, table: int, hand: int, lang: str = "en") -> None:
        super().__init__(_hand_button(table, hand, "ready", lang, discord.ButtonStyle.success))
        self.table, self.hand = table, hand

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReadyButton:
        return cls(int(match["table"]), int(match["hand"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            bot = client_of(interaction)
            lang = lang_of(interaction.locale)
            info = bot.service.get(self.table)
            _same_hand(info.hand_no == self.hand and info.status.value == "ready")
            await bot.service.ready(self.table, interaction.user.id)
            await interaction.response.send_message(t("table.reply.ready", lang), ephemeral=True)
        except Exception as error:
            await reply_error(interaction, error)


def release_view(view: discord.ui.view.BaseView | None) -> None:
    """Let go of a view of dynamic items once it is sent (or no longer needed): its items point
    back to it, so a view is a reference cycle that only the garbage collector frees — and it
    runs on the event loop. Emptied, the view and its items are freed at once. A panel is about
    45 such objects, and a busy bot builds dozens a second. Only for views of dynamic items
    (discord.py keeps no other reference to them: clicks are matched by custom_id)."""
    if view is not None:
        view.clear_items()
