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

Every callback funnels refusals (:class:`~shangrao_bot.errors.UserError`, e.g. "this prompt is
outdated", "you do not sit at this table") and bugs through :func:`.errors.reply_error`: one
error path for commands and components alike. Game logic stays in the service.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import traceback
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import discord

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.errors import UserError
from shangrao_bot.rules.tiles import suit_of
from shangrao_bot.service.errors import PromptOutdated
from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.errors import message_for, reply_error
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.pictures import PICTURES
from shangrao_bot.ui.rulebook import book_message, preset_part
from shangrao_bot.ui.table_text import (
    action_label,
    discard_label,
    hint_text,
    panel_text,
    rules_line,
    seat_map,
    seat_place,
    status_line,
)

if TYPE_CHECKING:
    from shangrao_bot.render.hand import Wait
    from shangrao_bot.service.presenter import Presenter
    from shangrao_bot.service.tables import TableService

log = logging.getLogger(__name__)

HAND_CACHE_SIZE = 512  # pictures kept (a player's picture mostly repeats between their moves)
KEYS_KEPT = 256  # the views whose picture keys are kept, between their preparing and showing


class HandPictures:
    """Hand pictures by :func:`~shangrao_bot.render.hand.hand_key` (least recently used
    dropped first): a panel whose hand did not change since it was last drawn — another
    player moved — reuses the picture instead of drawing it again. The key is worked out on
    the event loop (well under a millisecond); only a picture not found here is drawn, by
    :data:`~.pictures.PICTURES`, once however many panels ask for it meanwhile.
    :meth:`prefetch` starts a drawing early (while the move it shows is being saved). One per
    presenter (so one bot's pictures never leak into another's)."""

    def __init__(self, size: int = HAND_CACHE_SIZE) -> None:
        self.size = size
        self.pictures: OrderedDict[tuple[object, ...], bytes] = OrderedDict()
        # the drawings under way, and whether a panel waits for each (directly: see get)
        self.drawing: dict[tuple[object, ...], tuple[asyncio.Future[bytes], bool]] = {}
        self.keys: OrderedDict[
            int, tuple[PlayerView, str, tuple[object, ...], list[Wait] | None]
        ] = OrderedDict()
        self.drawn = 0  # pictures drawn (not found here)
        self.reused = 0  # pictures found here, or being drawn already

    def prefetch(self, view: PlayerView, lang: str) -> None:
        """Start drawing ``view``'s picture unless it is here or being drawn. Nothing is
        shown: a picture never asked for is only a cache entry (a failed one is dropped)."""
        key, waits = self._key(view, lang)
        if key not in self.pictures and key not in self.drawing:
            self._start(key, view, waits, lang, awaited=False)

    async def get(self, view: PlayerView, lang: str) -> bytes:
        key, waits = self._key(view, lang)
        png = self.pictures.get(key)
        if png is not None:
            self.pictures.move_to_end(key)
            self.reused += 1
            return png
        drawing = self.drawing.get(key)
        if drawing is None:
            return await self._start(key, view, waits, lang, awaited=True)
        self.reused += 1
        future, awaited = drawing
        if awaited:  # another panel waits on it directly: this one must not cancel it
            return await asyncio.shield(future)
        # the first to wait: directly, so that it wakes as soon as the picture is back
        self.drawing[key] = (future, True)
        return await future

    def _key(self, view: PlayerView, lang: str) -> tuple[tuple[object, ...], list[Wait] | None]:
        """The picture's key and the waits it shows; worked out once for a view prepared
        and then shown (the same object)."""
        from shangrao_bot import render
        from shangrao_bot.render.hand import hand_key

        known = self.keys.get(id(view))
        if known is not None and known[0] is view and known[1] == lang:
            return known[2], known[3]
        waits = render.waits_for(view)
        key = hand_key(view, waits, lang=lang, live=False)
        self.keys[id(view)] = (view, lang, key, waits)  # the view is kept: its id stays its own
        while len(self.keys) > KEYS_KEPT:
            self.keys.popitem(last=False)
        return key, waits

    def _start(
        self,
        key: tuple[object, ...],
        view: PlayerView,
        waits: list[Wait] | None,
        lang: str,
        *,
        awaited: bool,
    ) -> asyncio.Future[bytes]:
        from shangrao_bot import render

        future = PICTURES.start(render.render_hand, view, waits, lang=lang, live=False)
        self.drawing[key] = (future, awaited)
        future.add_done_callback(lambda done: self._drawn(key, done))
        return future

    def _drawn(self, key: tuple[object, ...], future: asyncio.Future[bytes]) -> None:
        if key in self.drawing and self.drawing[key][0] is future:
            del self.drawing[key]
        # a failed drawing is not kept (the next panel asking draws anew), and its error is
        # the waiting panel's to report
        if future.cancelled() or future.exception() is not None:
            return
        self.drawn += 1
        self.pictures[key] = future.result()
        while len(self.pictures) > self.size:
            self.pictures.popitem(last=False)


MAX_ROWS = 5
ROW_BUTTONS = 5


class TablePanels(Protocol):
    """What the buttons need of the bot's table presenter (the Discord presenter, which builds
    on this module's views and pictures)."""

    def remember_lang(self, user_id: int, lang: str) -> None: ...

    def remember_panel(
        self, table_id: int, user_id: int, interaction: discord.Interaction
    ) -> None: ...

    async def panel(
        self, table: TableInfo, view: PlayerView, lang: str
    ) -> tuple[str, discord.File | None, discord.ui.View | None]: ...

    def answer_move(
        self, table_id: int, user_id: int, interaction: discord.Interaction, *, again: bool
    ) -> None: ...


class TableClient(Protocol):
    """What the buttons need of the bot (the ShangraoBot sets them in ``setup_hook``)."""

    service: TableService
    table_presenter: TablePanels
    presenter_queue: Presenter


def _client(interaction: discord.Interaction) -> TableClient:
    return interaction.client  # type: ignore[return-value]


def member_name(interaction: discord.Interaction) -> str:
    user = interaction.user
    return getattr(user, "display_name", None) or user.name


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


# --- the dynamic items -------------------------------------------------------------------------


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mj:(?P<table>\d+):(?P<op>join|leave|ai-easy|ai-normal|ai-hard|start|rules|back|watch|rm[0-3])",
):
    """Lobby and table-message buttons: the table id and what to do (``rm{seat}``: the host
    removes the AI player of that seat)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "start": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.danger,
    }

    def __init__(self, table: int, op: str, lang: str = "en", label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or t(f"table.btn.{op}", lang))[:80],
                style=self.STYLES.get(op, discord.ButtonStyle.secondary),
                custom_id=f"mj:{table}:{op}",
            )
        )
        self.table = table
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(int(match["table"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._run(interaction)
        except Exception as error:
            await reply_error(interaction, error)

    async def _run(self, interaction: discord.Interaction) -> None:
        bot = _client(interaction)
        service, lang = bot.service, lang_of(interaction.locale)
        user = interaction.user.id
        bot.table_presenter.remember_lang(user, lang)
        op = self.op
        if op == "rules":  # the table's settings and the rule book's part on its preset
            info = service.get(self.table)
            embed, view = book_message(preset_part(info.config.rules.preset.value), lang)
            await interaction.response.send_message(
                rules_line(info, lang), embed=embed, view=view, ephemeral=True
            )
            return
        if op == "join":
            info = service.get(self.table)
            seat = info.seat_of(user)
            if seat is not None:  # the host (seated by /table create) or a second click
                await interaction.response.send_message(
                    t("table.reply.already_here", lang, seat=seat_place(info, seat, lang)),
                    ephemeral=True,
                )
                return
        if op == "watch":
            await self._watch(interaction, lang)
            return
        # acknowledge before the service's work (a start deals and writes to the ledger): a
        # busy server must never let an interaction pass Discord's 3 seconds
        await interaction.response.defer(ephemeral=True, thinking=True)
        if op == "join":
            info = await service.join(self.table, user, member_name(interaction))
            seat = info.seat_of(user)
            where = seat_place(info, seat, lang) if seat is not None else ""
            await interaction.followup.send(
                t("table.reply.joined", lang, table=self.table, seat=where), ephemeral=True
            )
            return
        elif op == "leave":
            await service.leave(self.table, user)
            key = "table.reply.left"
        elif op in ("ai-easy", "ai-normal", "ai-hard"):
            await service.add_ai(self.table, user, op.removeprefix("ai-"))
            key = "table.reply.ai_added"
        elif op == "start":
            await service.start(self.table, user)
            key = "table.reply.started"
        elif op.startswith("rm"):
            seat = int(op.removeprefix("rm"))
            info = await service.remove_ai(self.table, user, seat)
            await interaction.followup.send(
                t("table.reply.ai_removed", lang, seat=seat_place(info, seat, lang)),
                ephemeral=True,
            )
            return
        else:  # back
            await service.back(self.table, user)
            key = "table.reply.back"
        await interaction.followup.send(t(key, lang, table=self.table), ephemeral=True)

    async def _watch(self, interaction: discord.Interaction, lang: str) -> None:
        """Watch from the table message: the public board, ephemeral — never a hand."""
        from shangrao_bot.render import render_board

        service = _client(interaction).service
        info = await service.watch(self.table, interaction.user.id)
        text = t("table.reply.watch_board", lang, table=info.id)
        if info.public is None:
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await PICTURES.draw(render_board, info.public, lang=lang)
        await interaction.followup.send(
            f"{text}\n{status_line(info, lang)}"[:2000],
            file=discord.File(io.BytesIO(png), filename="board.png"),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
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
            bot = _client(interaction)
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
    move through the player's panel queue (:meth:`.DiscordPresenter.answer_move`)."""

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
            bot = _client(interaction)
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
            except UserError:  # the move ended the hand (its end closes the panels)
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
        info = _client(interaction).service.get(table)
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
            bot = _client(interaction)
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
            bot = _client(interaction)
            lang = lang_of(interaction.locale)
            info = bot.service.get(self.table)
            _same_hand(info.hand_no == self.hand and info.status.value == "ready")
            await bot.service.ready(self.table, interaction.user.id)
            await interaction.response.send_message(t("table.reply.ready", lang), ephemeral=True)
        except Exception as error:
            await reply_error(interaction, error)


TABLE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableButton,
    HandButton,
    PanelButton,
    HintButton,
    ReadyButton,
)


# --- building messages -------------------------------------------------------------------------

# A tile's picture for a button (``TileEmojis.get``): None while the emoji are not uploaded yet.
EmojiSource = Callable[..., discord.PartialEmoji | None]


def lobby_message(info: TableInfo, lang: str) -> tuple[discord.Embed, discord.ui.View]:
    embed = discord.Embed(
        title=t("table.lobby.title", lang, table=info.id),
        description="\n".join(seat_map(info, lang)),
        colour=0xC0392B,
    )
    embed.add_field(name=t("table.lobby.rules", lang), value=rules_line(info, lang), inline=False)
    if info.spectators:
        embed.set_footer(text=t("table.lobby.watching", lang, n=len(info.spectators)))
    view = discord.ui.View(timeout=None)
    # seven buttons, and at most three "remove" ones (the host is human): two rows of Discord's
    # five, well inside its limit of five rows
    for op in ("join", "leave", "ai-easy", "ai-normal", "ai-hard", "start", "rules"):
        view.add_item(TableButton(info.id, op, lang))
    for i, s in enumerate(info.seats):  # the host may remove an AI player
        if s is not None and s.user_id is None:
            label = t("table.btn.rm", lang, name=seat_place(info, i, lang))
            view.add_item(TableButton(info.id, f"rm{i}", lang, label=label))
    return embed, view


def table_view(info: TableInfo, lang: str) -> discord.ui.View:
    """The table message's buttons. "I'm back" is not here: only a player who is away needs
    it, and they find it on their own panel."""
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(info.id, info.hand_no, info.sequence or 0, lang))
    view.add_item(TableButton(info.id, "watch", lang))
    view.add_item(TableButton(info.id, "rules", lang))
    return view


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


def release_view(view: discord.ui.view.BaseView | None) -> None:
    """Let go of a view of dynamic items once it is sent (or no longer needed): its items point
    back to it, so a view is a reference cycle that only the garbage collector frees — and it
    runs on the event loop. Emptied, the view and its items are freed at once. A panel is about
    45 such objects, and a busy bot builds dozens a second. Only for views of dynamic items
    (discord.py keeps no other reference to them: clicks are matched by custom_id)."""
    if view is not None:
        view.clear_items()


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
) -> PanelParts:
    """A seat's private panel: what happened since its last move and what to do now, the hand
    image (the claimable tile beside the hand, the drawn tile marked, waits and values when
    tenpai) and the move buttons. The picture is drawn by a picture worker; when it fails,
    the log names the error's type and place only (its message could quote the hand). The picture
    leaves out the live tiles (the text says them), so it is drawn again only when the
    player's own hand, claimable tile, waits or seat change — otherwise the cached one is
    reused, byte for byte (and the presenter keeps the attachment already shown)."""
    content = panel_text(info, view, lang, recent, link)
    items = panel_view(info, view, lang, emoji)
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
