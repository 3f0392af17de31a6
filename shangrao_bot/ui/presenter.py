"""The table service's :class:`~shangrao_bot.service.presenter.Presenter` for Discord.

Public calls go to the table's thread: the lobby message (edited as seats change), one table
message per hand (board PNG replaced with ``attachments=[file]``, a status line with a
``<t:unix:R>`` countdown, buttons My hand / I'm back / Rules carrying the hand and sequence),
the result card with payments and the revealed seed, notices and the final standings.

Private calls (``private_changed``, ``prompt``) go to the seat's owner only: a DM panel, sent at
the hand's first private call and edited afterwards; and the ephemeral "My hand" panel the
player last opened (edited through its interaction token while it is valid). A DM that cannot
be delivered (403 / 50007) is reported once in the thread; the player then uses My hand.

Every change of a player's panels — a private call, the answer to their own move, the close at
the end of the hand — goes through that player's one latest-wins queue (:class:`_PanelQueue`):
one update at a time, each showing the newest state queued when it starts, so an edit never
overtakes another (a stale panel offering the tile just discarded) and a burst of changes is
one edit. States come in the table's order: the service's calls, and the view after a move,
which the click queues behind them (:class:`~.queued.QueuedPresenter` keeps each table's calls
in order) — the click itself only acknowledges, so no second source of edits can race them.

The bot wraps this in :class:`~shangrao_bot.service.queued.QueuedPresenter`, so each call runs
off the table's lock, in order; a failing Discord call is logged and never stops the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.errors import StorageUnavailable, UserError
from shangrao_bot.service.model import TableInfo, TableStatus
from shangrao_bot.service.presenter import HandSummary, SessionSummary
from shangrao_bot.store.db import Database
from shangrao_bot.store.prefs import set_dm_panels, set_user_lang
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.language import public_language
from shangrao_bot.ui.pacing import Pacing
from shangrao_bot.ui.payments import payment_line
from shangrao_bot.ui.pictures import PICTURES, timed
from shangrao_bot.ui.table_text import (
    hand_start_text,
    seat_name,
    seat_who,
    signed,
    since_last_move,
    table_message_text,
)
from shangrao_bot.ui.table_views import (
    EmojiSource,
    HandPictures,
    PanelParts,
    ReadyButton,
    build_panel_parts,
    lobby_message,
    release_view,
    table_link,
    table_view,
)
from shangrao_bot.ui.words import action_text

log = logging.getLogger(__name__)

# notices after which the seat's own panel changes (I'm back appears or goes)
AWAY_OR_BACK = frozenset({"table.notice.away", "table.notice.autopilot", "table.notice.back"})
BOARD_SHARE = 0.35  # at most this share of the time goes to drawing the tables' boards
PANEL_TOKEN_SECONDS = 14 * 60  # an interaction token lives 15 min: stop editing a bit before


def _release(waiters: list[asyncio.Future[None]]) -> None:
    for waiter in waiters:
        if not waiter.done():
            waiter.set_result(None)


@dataclass
class _Dm:
    hand: int
    message: discord.Message
    sent: float = 0.0  # monotonic time the message was sent (a fresh one notifies the player)
    png: bytes | None = None  # the hand picture it shows (an edit keeps it when unchanged)


@dataclass
class _PanelState:
    """What a player's panels should show: their view at a moment of the table, or (``view``
    None) the closing text ``closing`` (the hand is over, DM panels turned off)."""

    table: TableInfo
    view: PlayerView | None
    closing: str | None = None


@dataclass
class _PanelQueue:
    """One player's panel updates at one table: the newest state not yet shown (latest wins),
    whether it must come as a fresh DM (a prompt: Discord notifies a new message, not an
    edit), and the worker showing it."""

    pending: _PanelState | None = None
    fresh: bool = False
    force: bool = False  # show even what is shown already (a repeated press gets its answer)
    task: asyncio.Task[None] | None = None
    last: _PanelState | None = None  # the state shown last
    shown: object = None  # what the panels show now (an update repeating it is skipped)
    waiters: list[asyncio.Future[None]] = field(default_factory=list)
    edited: float = -1e9  # monotonic time of the last update shown
    wake: asyncio.Event = field(default_factory=asyncio.Event)  # a newer state is queued


class DiscordPresenter:
    # the calls that return at once: they hand the panel or board update to the player's
    # panel queue or to the board worker (only a table message missing for the hand being
    # played is posted by ``table_changed`` itself)
    INSTANT = frozenset({"table_changed", "private_changed", "prompt"})

    def __init__(self, client: discord.Client, pacing: Pacing | None = None) -> None:
        """``pacing``: how often messages are edited (:class:`~.pacing.Pacing`; its defaults
        when None)."""
        pacing = Pacing() if pacing is None else pacing
        self.client = client
        self.lobby_messages: dict[int, int] = {}  # table → lobby message id
        self.table_messages: dict[int, tuple[int, int]] = {}  # table → (hand, message id)
        self.dms: dict[tuple[int, int], _Dm] = {}  # (table, user) → DM panel
        self.dm_closed: set[tuple[int, int]] = set()  # told once in the thread
        self.panels: dict[tuple[int, int], tuple[float, discord.Interaction]] = {}
        self.status_texts: dict[int, str] = {}  # table → its table message's status line
        self.langs: dict[int, str] = {}  # user → language seen in their interactions
        self.saving: set[asyncio.Task[None]] = set()  # background saves and edits
        self.board_interval = pacing.board_edit_seconds
        self.dm_off: set[int] = set()  # users who chose /table dm off (My hand only)
        # tells the bot's other processes of a player's changed preference (they keep the
        # same caches); None: there are none
        self.share: Callable[[dict[str, Any]], Awaitable[None]] | None = None
        self.dm_fresh_seconds = pacing.dm_fresh_seconds
        self.panel_quiet = pacing.panel_quiet_seconds
        self.board_latest: dict[int, TableInfo] = {}  # table → state not yet shown
        # table → how often its pending board was dropped: a picture drawn before a drop
        # (the hand ended, the message was replaced) must not be shown after it
        self.board_drops: dict[int, int] = {}
        self.board_due: dict[int, tuple[bool, float]] = {}  # table → (urgent, due): to draw
        self.board_waiters: dict[int, list[asyncio.Future[None]]] = {}  # flushes waiting
        self.board_wake = asyncio.Event()
        self.board_worker: asyncio.Task[None] | None = None
        self.board_share = BOARD_SHARE
        self.board_last: dict[int, float] = {}  # table → monotonic time of its last edit
        self.boards_drawn = 0  # board pictures drawn for table messages (the bench reports it)
        self.board_edits: set[asyncio.Task[None]] = set()  # edits of table messages under way
        self.board_locks: dict[int, asyncio.Lock] = {}
        self.flushing: set[asyncio.Task[None]] = set()  # board edits a turn started
        self.hand_events: dict[int, list[Event]] = {}  # table → this hand's public events
        self.thread_members: dict[int, set[int]] = {}  # table → users added to its thread
        self.panel_queues: dict[tuple[int, int], _PanelQueue] = {}  # (table, user) → updates
        self.hand_pictures = HandPictures()
        self.ephemeral_png: dict[tuple[int, int], tuple[discord.Interaction, bytes | None]] = {}

    # --- helpers -------------------------------------------------------------------------------

    def remember_lang(self, user_id: int, lang: str) -> None:
        """The language of the user's Discord, seen in an interaction: their DMs follow it. A
        change is saved in the background (never delaying the interaction's answer), so it
        holds after a restart too."""
        if self.langs.get(user_id) == lang:
            return
        self.langs[user_id] = lang
        db = getattr(self.client, "db", None)
        if db is not None:
            task = asyncio.create_task(self._save_lang(db, user_id, lang))
            self.saving.add(task)
            task.add_done_callback(self.saving.discard)

    async def _save_lang(self, db: Database, user_id: int, lang: str) -> None:
        try:
            await set_user_lang(db, user_id, lang)
            await self._share({"user": user_id, "lang": lang})
        except StorageUnavailable as exc:  # expected while storage is down: one line
            log.warning("the language of user %s was not saved (%s)", user_id, exc.detail)
        except Exception:  # a preference: losing it costs a DM in the server's language
            log.warning("the language of user %s was not saved", user_id, exc_info=True)

    def remember_panel(self, table_id: int, user_id: int, interaction: discord.Interaction) -> None:
        self.panels[(table_id, user_id)] = (time.monotonic(), interaction)

    def lang(self, table: TableInfo) -> str:
        """The table's public language: the server's (:mod:`.language`)."""
        guild = self.client.get_guild(table.guild_id)
        locale = guild.preferred_locale if guild is not None else None
        return public_language(self.client, table.guild_id, locale)

    def emoji(self) -> EmojiSource | None:
        """Tile pictures for buttons, once the bot's tile emoji are uploaded."""
        emojis = getattr(self.client, "tile_emojis", None)
        return None if emojis is None else emojis.get

    async def add_to_thread(self, table: TableInfo) -> None:
        """Seated humans become members of the table's thread, so it shows in their channel
        list and its jump links open it (each is added once; a failure is only logged)."""
        if table.thread_id is None:
            return
        added = self.thread_members.setdefault(table.id, set())
        for user_id in [s.user_id for s in table.seats if s is not None and s.user_id]:
            if user_id in added:
                continue
            added.add(user_id)
            try:
                await self.client.http.add_user_to_thread(table.thread_id, user_id)
            except discord.HTTPException:
                log.info("table %s: could not add %s to its thread", table.id, user_id)

    def thread(self, table: TableInfo) -> discord.PartialMessageable | None:
        if table.thread_id is None:
            return None
        return self.client.get_partial_messageable(table.thread_id, guild_id=table.guild_id)

    async def say(self, table: TableInfo, text: str) -> None:
        thread = self.thread(table)
        if thread is not None:
            await thread.send(text[:2000], allowed_mentions=discord.AllowedMentions.none())

    async def board_file(self, table: TableInfo) -> discord.File | None:
        if table.public is None:
            return None
        from shangrao_bot.render import render_board

        png = await PICTURES.draw(render_board, table.public, lang=self.lang(table))
        return discord.File(io.BytesIO(png), filename="board.png")

    # --- lobby ---------------------------------------------------------------------------------

    async def post_lobby(self, table: TableInfo) -> None:
        """The lobby message, posted once the thread exists (the cog calls this)."""
        thread = self.thread(table)
        if thread is None:
            return
        embed, view = lobby_message(table, self.lang(table))
        msg = await thread.send(
            embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none()
        )
        self.lobby_messages[table.id] = msg.id
        await self.add_to_thread(table)

    async def lobby_changed(self, table: TableInfo) -> None:
        thread = self.thread(table)
        msg_id = self.lobby_messages.get(table.id)
        if thread is None or msg_id is None:
            return
        embed, view = lobby_message(table, self.lang(table))
        await self.add_to_thread(table)
        if table.status is not TableStatus.LOBBY:
            await thread.get_partial_message(msg_id).edit(embed=embed, view=None)
        else:
            await thread.get_partial_message(msg_id).edit(embed=embed, view=view)

    # --- the hand ------------------------------------------------------------------------------

    async def _post_table_message(self, table: TableInfo) -> None:
        thread = self.thread(table)
        if thread is None:
            return
        lang = self.lang(table)
        file = await self.board_file(table)
        status = self.status_texts[table.id] = table_message_text(table, lang)
        msg = await thread.send(
            status,
            file=file or discord.utils.MISSING,
            view=table_view(table, lang),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.table_messages[table.id] = (table.hand_no, msg.id)

    async def hand_started(self, table: TableInfo, events: Sequence[Event]) -> None:
        self._drop_board(table.id)
        self.hand_events[table.id] = [e for e in events if e.public]
        lobby = self.lobby_messages.pop(table.id, None)
        thread = self.thread(table)
        if lobby is not None and thread is not None:
            embed, _ = lobby_message(table, self.lang(table))
            await thread.get_partial_message(lobby).edit(embed=embed, view=None)
        await self.add_to_thread(table)
        if table.public is not None:
            await self.say(table, hand_start_text(table, self.lang(table)))
        await self._post_table_message(table)

    async def table_changed(self, table: TableInfo, events: Sequence[Event]) -> None:
        """Coalesced: the table is marked for the board worker (:meth:`_board_worker`), which
        edits its table message at most once per ``board_interval``, showing the latest state
        when it draws (the final state is never lost: the end of the hand or of the table
        shows it)."""
        thread = self.thread(table)
        current = self.table_messages.get(table.id)
        self.hand_events.setdefault(table.id, []).extend(e for e in events if e.public)
        if thread is None or table.public is None:
            return
        if current is None or current[0] != table.hand_no:
            self._drop_board(table.id)
            await self._post_table_message(table)
            return
        self.board_latest[table.id] = table
        if table.id not in self.board_due:
            due = self.board_last.get(table.id, -1e9) + self.board_interval
            self.board_due[table.id] = (False, due)
        self._wake_boards()

    def _board_lock(self, table_id: int) -> asyncio.Lock:
        return self.board_locks.setdefault(table_id, asyncio.Lock())

    def _wake_boards(self) -> None:
        self.board_wake.set()
        if self.board_worker is None or self.board_worker.done():
            self.board_worker = asyncio.create_task(self._board_worker(), name="board-worker")

    async def _board_worker(self) -> None:
        """The one drawer of the tables' boards while any waits: round-robin over the tables
        whose board changed — a table a human is about to act on first, then the one waiting
        longest —, each drawn with its newest state; at most one picture at a time (so a
        picture worker is always free for the players' hand pictures), and after each one a
        pause that keeps the pictures' processor time within ``board_share`` of the time,
        however many tables play: under load a board lags a move or two (it is public; each
        player's own panel, drawn on other workers, never waits for it). The edit itself runs
        on a task of its own (one table's edits in order, under its lock), so a slow upload
        does not hold up the other tables' boards."""
        while self.board_due:
            self.board_wake.clear()
            now = time.monotonic()
            table_id, (_urgent, due) = min(
                self.board_due.items(), key=lambda kv: (not kv[1][0], kv[1][1])
            )
            if due > now:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.board_wake.wait(), due - now)
                continue
            del self.board_due[table_id]
            waiters = self.board_waiters.pop(table_id, [])
            spent = 0.0
            try:
                spent = await self._draw_board(table_id, waiters)
            except Exception:
                log.warning("table %s: board picture failed", table_id, exc_info=True)
                _release(waiters)
            if self.board_share < 1:
                await asyncio.sleep(spent * (1 / self.board_share - 1))

    async def _draw_board(self, table_id: int, waiters: list[asyncio.Future[None]]) -> float:
        """Draw the latest state not yet shown (if any) and start the edit of the table
        message showing it (``waiters`` are told once it is made). Returns the processor
        seconds the picture took."""
        table = self.board_latest.pop(table_id, None)
        current = self.table_messages.get(table_id)
        thread = None if table is None else self.thread(table)
        if (
            self.client.is_closed()
            or table is None
            or table.public is None
            or thread is None
            or current is None
            or current[0] != table.hand_no
        ):
            _release(waiters)
            return 0.0
        self.board_last[table_id] = time.monotonic()
        lang = self.lang(table)
        from shangrao_bot.render import render_board

        drops = self.board_drops.get(table_id, 0)
        png, spent = await PICTURES.draw_background(timed, render_board, table.public, lang=lang)
        self.boards_drawn += 1
        edit = asyncio.create_task(self._edit_board(table, current, png, lang, waiters, drops))
        self.board_edits.add(edit)
        edit.add_done_callback(self.board_edits.discard)
        return spent

    async def _edit_board(
        self,
        table: TableInfo,
        message: tuple[int, int],
        png: bytes,
        lang: str,
        waiters: list[asyncio.Future[None]],
        drops: int,
    ) -> None:
        try:
            async with self._board_lock(table.id):  # after the table's earlier edits
                thread = self.thread(table)
                if (
                    thread is None
                    or self.table_messages.get(table.id) != message
                    or self.board_drops.get(table.id, 0) != drops
                ):
                    return  # the message was replaced or finished meanwhile
                status = self.status_texts[table.id] = table_message_text(table, lang)
                await thread.get_partial_message(message[1]).edit(
                    content=status,
                    attachments=[discord.File(io.BytesIO(png), filename="board.png")],
                    view=table_view(table, lang),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
        except Exception:
            if not self.client.is_closed():
                log.warning("table %s: board edit failed", table.id, exc_info=True)
        finally:
            _release(waiters)

    def _drop_board(self, table_id: int) -> None:
        """Forget a pending edit (the message is replaced or finished by the caller), and any
        board being drawn or waiting for the table's lock: it would show an older state."""
        self.board_drops[table_id] = self.board_drops.get(table_id, 0) + 1
        self.board_due.pop(table_id, None)
        self.board_latest.pop(table_id, None)
        _release(self.board_waiters.pop(table_id, []))

    async def flush_board(self, table_id: int) -> None:
        """Have the table message show the latest state not yet shown (if any), ahead of the
        other tables' boards and of the table's interval; done once it is edited."""
        if table_id not in self.board_latest:
            return
        self.board_due[table_id] = (True, time.monotonic())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.board_waiters.setdefault(table_id, []).append(done)
        self._wake_boards()
        await done

    # --- private panels ------------------------------------------------------------------------

    async def _share(self, change: dict[str, Any]) -> None:
        if self.share is not None:
            try:
                await self.share(change)
            except Exception:  # the others see it at their next start at the latest
                log.warning("a preference change was not passed on", exc_info=True)

    async def preference_changed(self, change: dict[str, Any]) -> None:
        """Another process (or this one) changed a player's preference: take it here too."""
        user = int(change["user"])
        if "lang" in change:
            self.langs[user] = str(change["lang"])
        if "dm" in change:
            await self.apply_dm(user, on=bool(change["dm"]))

    async def set_dm(self, user_id: int, *, on: bool) -> None:
        """A player's preference: ``off`` → no DM panels (My hand only); their open DM
        panels say so and lose their buttons (in every process of the bot)."""
        db = getattr(self.client, "db", None)
        if db is not None:  # kept across restarts
            await set_dm_panels(db, user_id, on)
        await self.apply_dm(user_id, on=on)
        await self._share({"user": user_id, "dm": on})

    async def apply_dm(self, user_id: int, *, on: bool) -> None:
        """The preference's effect in this process: its DM panels of the player."""
        if on:
            self.dm_off.discard(user_id)
            return
        self.dm_off.add(user_id)
        lang = self.langs.get(user_id, "en")
        for key in [k for k in self.dms if k[1] == user_id]:
            await self._panel_idle(key)  # after an edit in flight (it checks dm_off first)
            dm = self.dms.pop(key, None)
            if dm is None:
                continue
            try:
                await dm.message.edit(
                    content=t("table.panel.dm_off", lang), attachments=[], view=None
                )
            except discord.HTTPException:
                log.debug("DM panel %s not closed", key)

    async def _private(
        self, table: TableInfo, seat: int, view: PlayerView, *, fresh: bool = False
    ) -> None:
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return
        self._update_panel((table.id, s.user_id), _PanelState(table, view), fresh=fresh)

    async def panel(
        self, table: TableInfo, view: PlayerView, lang: str
    ) -> tuple[str, discord.File | None, discord.ui.View | None]:
        """A seat's panel with what happened since its last move and a link to the table (no
        file when the hand picture could not be drawn)."""
        parts = await self.panel_parts(table, view, lang)
        return parts.content, parts.file(), parts.items

    async def panel_parts(self, table: TableInfo, view: PlayerView, lang: str) -> PanelParts:
        return await build_panel_parts(
            table,
            view,
            lang,
            recent=since_last_move(self.hand_events.get(table.id, []), view.seat),
            link=table_link(table),
            emoji=self.emoji(),
            pictures=self.hand_pictures,
        )

    def answer_move(
        self,
        table_id: int,
        user_id: int,
        interaction: discord.Interaction,
        *,
        again: bool,
    ) -> None:
        """A move the player made on a panel (its click acknowledged with a deferred update)
        was taken. The seat's updates (the service's ``private_changed`` and ``prompt``, the
        view after the move the click queues behind them, the hand's end) show it through the
        player's panel queue; the click makes no edit of its own, which a newer panel could
        overtake or which could meet the panel's re-send. A
        press on an ephemeral panel makes its token the one to edit (the freshest); ``again``:
        the press repeated a move already taken, nothing changed — the panel is shown again.
        A pressed DM panel that is not the current one (sent before a restart) says it
        moved."""
        key = (table_id, user_id)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            self.remember_panel(table_id, user_id, interaction)
        elif message is not None:
            dm = self.dms.get(key)
            if dm is None or dm.message.id != message.id:
                # a panel sent before a restart: the restored table sends a new one (its
                # prompt), so this one says it moved and loses its buttons
                task = asyncio.create_task(self._retire(interaction, user_id))
                self.saving.add(task)
                task.add_done_callback(self.saving.discard)
        q = self.panel_queues.get(key)
        if again and q is not None and q.last is not None:
            self._update_panel(key, q.last, force=True)

    async def _retire(self, interaction: discord.Interaction, user_id: int) -> None:
        text = t("table.panel.moved", self.langs.get(user_id, "en"))
        try:
            await interaction.edit_original_response(content=text, attachments=[], view=None)
        except discord.HTTPException:
            log.debug("an older DM panel of %s was not retired", user_id)

    # --- the panel queues ----------------------------------------------------------------------

    def _update_panel(
        self,
        key: tuple[int, int],
        state: _PanelState,
        *,
        fresh: bool = False,
        force: bool = False,
    ) -> asyncio.Future[None]:
        """Queue ``state`` for a player's panels, replacing a state still waiting (latest wins;
        a prompt's ``fresh`` carries over). The future is done once the panels show ``state``
        or a newer one."""
        q = self.panel_queues.setdefault(key, _PanelQueue())
        q.pending = state
        q.fresh = q.fresh or fresh
        q.force = q.force or force
        q.wake.set()
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        q.waiters.append(done)
        if q.task is None:
            q.task = asyncio.create_task(
                self._panel_worker(key, q), name=f"table-{key[0]}-panel-{key[1]}"
            )
        return done

    @staticmethod
    def _passive(q: _PanelQueue, state: _PanelState) -> bool:
        """An update that only tells a player what the others did: their panel offers no move
        before it nor after it (the answer to their own move, a prompt, a closing, a repeated
        press are never passive)."""
        if q.fresh or q.force or state.view is None or state.view.legal:
            return False
        return q.last is not None and q.last.view is not None and not q.last.view.legal

    async def _panel_worker(self, key: tuple[int, int], q: _PanelQueue) -> None:
        """Show the player's queued states, newest first. A passive update (:meth:`_passive`)
        waits until ``panel_quiet`` has passed since the panel's last edit, and is replaced by
        whatever comes meanwhile: with many tables, each player's panel is edited about once
        per that interval while the others play, rather than at every move of theirs, while
        a prompt or the answer to the player's own move is shown at once."""
        try:
            while q.pending is not None:
                wait = q.edited + self.panel_quiet - time.monotonic()
                if wait > 0 and self._passive(q, q.pending):
                    q.wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(q.wake.wait(), wait)
                    continue  # the newest state, passive or not
                state, fresh, force = q.pending, q.fresh, q.force
                q.pending, q.fresh, q.force = None, False, False
                waiters, q.waiters = q.waiters, []
                try:
                    await self._show_panel(key, q, state, fresh=fresh, force=force)
                    q.edited = time.monotonic()
                except Exception:
                    log.exception("table %s: a player's panel was not shown", key[0])
                finally:
                    for w in waiters:
                        if not w.done():
                            w.set_result(None)
        finally:
            q.task = None

    async def _panel_idle(self, key: tuple[int, int]) -> None:
        q = self.panel_queues.get(key)
        if q is not None and q.task is not None:
            await asyncio.wait({q.task})

    def _flushed(self, task: asyncio.Task[None]) -> None:
        self.flushing.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("board edit failed", exc_info=task.exception())

    async def stop(self) -> None:
        """At shutdown (before Discord closes): the board worker stops; boards not yet drawn
        are dropped (the restored table posts its message anew)."""
        self.board_due.clear()
        self.board_latest.clear()
        for waiters in self.board_waiters.values():
            _release(waiters)
        self.board_waiters.clear()
        worker, self.board_worker = self.board_worker, None
        for task in [worker, *self.board_edits]:
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def settled(self) -> None:
        """Wait until every queued panel update is shown and every board edit a turn
        started is made."""
        while (
            tasks := {q.task for q in self.panel_queues.values() if q.task is not None}
            | set(self.flushing)
            | set(self.board_edits)
        ):
            await asyncio.wait(tasks)

    async def _show_panel(
        self, key: tuple[int, int], q: _PanelQueue, state: _PanelState, *, fresh: bool, force: bool
    ) -> None:
        table, view = state.table, state.view
        user_id = key[1]
        lang = self._panel_lang(user_id, table)
        if view is None:  # the panels close; whatever comes next is a new panel
            q.last, q.shown = None, None
            await self._close_panel(key, state.closing or t("table.panel.over", lang))
            return
        q.last = state
        dm_wanted = self._dm_wanted(key)
        ephemeral = self._live_ephemeral(key)
        if not dm_wanted and ephemeral is None:
            return
        parts = await self.panel_parts(table, view, lang)
        try:
            shown = (parts.content, view, lang)
            if shown == q.shown and not fresh and not force:
                return  # the panels show exactly this already
            q.shown = shown
            jobs = []
            if dm_wanted:
                jobs.append(self._dm(table, user_id, parts, fresh=fresh))
            if ephemeral is not None:
                jobs.append(self._ephemeral(key, ephemeral, parts))
            await asyncio.gather(*jobs)
        finally:
            release_view(parts.items)

    async def _dm(self, table: TableInfo, user_id: int, parts: PanelParts, *, fresh: bool) -> None:
        """The DM panel: edited in place, or sent anew (the old one deleted) when the player
        must act and the panel is older than ``dm_fresh_seconds`` — an edit does not notify."""
        key = (table.id, user_id)
        dm = self.dms.get(key)
        lang = self._panel_lang(user_id, table)
        try:
            if dm is not None and dm.hand == table.hand_no:
                if not fresh or time.monotonic() - dm.sent < self.dm_fresh_seconds:
                    try:
                        if parts.png is not None and parts.png == dm.png:
                            # the same picture: only the text and buttons change, the
                            # attachment already shown stays (nothing is uploaded again)
                            await dm.message.edit(content=parts.content, view=parts.items)
                        else:
                            file = parts.file()
                            await dm.message.edit(
                                content=parts.content,
                                attachments=[file] if file else [],
                                view=parts.items,
                            )
                            dm.png = parts.png
                        return
                    except discord.NotFound:  # the panel is gone: a new one follows
                        log.debug("table %s: DM panel of %s gone; sent anew", table.id, user_id)
                else:
                    try:
                        await dm.message.delete()
                    except discord.NotFound:
                        pass
                    except discord.HTTPException:
                        await dm.message.edit(
                            content=t("table.panel.moved", lang), attachments=[], view=None
                        )
            elif dm is not None:  # a panel of an earlier hand, still open
                await self._close_dm(key, t("table.panel.over", lang))
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            file = parts.file()
            message = await user.send(
                parts.content,
                file=file or discord.utils.MISSING,
                view=parts.items or discord.utils.MISSING,
            )
            self.dms[key] = _Dm(table.hand_no, message, time.monotonic(), parts.png)
        except discord.Forbidden:  # 403 / 50007: DMs closed
            self.dm_closed.add(key)
            self.dms.pop(key, None)
            await self.say(table, t("table.dm_closed", self.lang(table), user=f"<@{user_id}>"))
        except discord.HTTPException:
            log.warning("table %s: DM panel of %s not delivered", table.id, user_id, exc_info=True)

    def _panel_lang(self, user_id: int, table: TableInfo) -> str:
        """A player's panels speak their own language, else the table's."""
        return self.langs.get(user_id) or self.lang(table)

    def _dm_wanted(self, key: tuple[int, int]) -> bool:
        """The player gets DM panels: not turned off, and their DMs not found closed."""
        return key not in self.dm_closed and key[1] not in self.dm_off

    def _live_ephemeral(self, key: tuple[int, int]) -> discord.Interaction | None:
        """The interaction of the player's open "My hand" panel, while its token lives."""
        entry = self.panels.get(key)
        if entry is None:
            return None
        opened, interaction = entry
        if time.monotonic() - opened > PANEL_TOKEN_SECONDS:
            self.panels.pop(key, None)
            return None
        return interaction

    async def _ephemeral(
        self, key: tuple[int, int], interaction: discord.Interaction, parts: PanelParts
    ) -> None:
        shown = self.ephemeral_png.get(key)
        try:
            if shown is not None and shown[0] is interaction and parts.png == shown[1]:
                await interaction.edit_original_response(content=parts.content, view=parts.items)
            else:
                file = parts.file()
                await interaction.edit_original_response(
                    content=parts.content, attachments=[file] if file else [], view=parts.items
                )
                if parts.png is not None:
                    self.ephemeral_png[key] = (interaction, parts.png)
        except discord.HTTPException:
            if key in self.panels and self.panels[key][1] is interaction:
                self.panels.pop(key, None)

    async def _close_dm(self, key: tuple[int, int], text: str) -> None:
        dm = self.dms.pop(key, None)
        if dm is None:
            return
        try:
            await dm.message.edit(content=text, attachments=[], view=None)
        except discord.HTTPException:
            log.debug("DM panel %s not closed", key)

    async def _close_panel(self, key: tuple[int, int], text: str) -> None:
        """The hand is over for this player: the DM panel says so and loses its buttons; the
        ephemeral one is forgotten (its buttons answer that the prompt is outdated)."""
        await self._close_dm(key, text)
        self.panels.pop(key, None)
        self.ephemeral_png.pop(key, None)

    def prepare(self, table: TableInfo, seat: int, view: PlayerView) -> None:
        """The service's head start on a seat's view (the move is being saved): its hand
        picture starts drawing now, for the panel that shows the view once it is saved."""
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return
        key = (table.id, s.user_id)
        if not self._dm_wanted(key) and self._live_ephemeral(key) is None:
            return  # no panel to show it on
        q = self.panel_queues.get(key)
        if q is not None and self._passive(q, _PanelState(table, view)):
            return  # a passive update, which a newer state may replace before it shows
        self.hand_pictures.prefetch(view, self._panel_lang(s.user_id, table))

    async def private_changed(self, table: TableInfo, seat: int, view: PlayerView) -> None:
        await self._private(table, seat, view)

    async def prompt(self, table: TableInfo, seat: int, view: PlayerView, deadline: float) -> None:
        # the board a human acts on is brought up to date: a turn is public, so its edit runs
        # now; a claim prompt is secret, so the edit keeps its schedule (an early one would
        # tell everyone that someone may claim). The panel does not wait for the board: it
        # names the tile on offer and what happened since the player's last move itself, and
        # under load a board edit can wait its turn behind other tables' pictures
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return
        if table.turn_seat == seat:
            flush = asyncio.create_task(self.flush_board(table.id))
            self.flushing.add(flush)
            flush.add_done_callback(self._flushed)
        key = (table.id, s.user_id)
        self._update_panel(key, _PanelState(table, view), fresh=True)

    # --- the end of a hand and of the session --------------------------------------------------

    def _names(self, table: TableInfo, lang: str, *, by_wind: bool = True) -> list[str]:
        """Each seat's player as the thread names them: ``西家 <@Alice>`` (by wind this hand)
        or, across hands, ``<@Alice>`` alone (winds move with the dealer)."""
        if by_wind:
            return [seat_who(table, i, lang) for i in range(len(table.seats))]
        return [seat_name(table, i, lang) for i in range(len(table.seats))]

    async def _close_panels(self, table: TableInfo) -> None:
        """The end of the hand for every panel of the table, each after its queued updates."""
        keys = {k for k in [*self.dms, *self.panels, *self.panel_queues] if k[0] == table.id}
        closing = []
        for key in keys:
            lang = self._panel_lang(key[1], table)
            state = _PanelState(table, None, t("table.panel.over", lang))
            closing.append(self._update_panel(key, state))
        if closing:
            await asyncio.gather(*closing)

    async def hand_ended(self, table: TableInfo, summary: HandSummary) -> None:
        self.hand_events.pop(table.id, None)
        from shangrao_bot.render import render_board, render_result

        thread = self.thread(table)
        if thread is None:
            return
        lang = self.lang(table)
        await self._close_panels(table)
        pub = summary.public
        current = self.table_messages.get(table.id)
        self._drop_board(table.id)  # the final board follows
        if current is not None:
            board = await PICTURES.draw(render_board, pub, lang=lang)
            async with self._board_lock(table.id):  # after an edit in flight
                await thread.get_partial_message(current[1]).edit(
                    content=t("table.status.over", lang, table=table.id, hand=summary.number),
                    attachments=[discord.File(io.BytesIO(board), filename="board.png")],
                    view=None,
                )
        png = await PICTURES.draw(
            render_result,
            summary.result,
            dealer=pub.dealer,
            bao=pub.bao,
            indicator=pub.indicator,
            lang=lang,
        )
        names = self._names(table, lang)
        values = {w.seat: w.score.value for w in summary.result.wins}
        lines = [
            payment_line(
                names[p.payer], names[p.payee], p.amount, p.reason.value, lang, values.get(p.payee)
            )
            for p in summary.result.payments
        ] or [t("table.result.draw", lang)]
        embed = discord.Embed(
            title=t("table.result.title", lang, table=table.id, hand=summary.number),
            description="\n".join(lines)[:4000],
            colour=0xC0392B,
        )
        embed.add_field(
            name=t("table.result.totals", lang),
            value="\n".join(
                f"{n}: {signed(v)}" for n, v in zip(names, summary.totals, strict=False)
            ),
            inline=False,
        )
        embed.add_field(name=t("table.result.seed", lang), value=f"`{pub.seed}`", inline=False)
        embed.set_image(url="attachment://result.png")
        view: discord.ui.View | None = None
        if table.status is TableStatus.READY:
            view = discord.ui.View(timeout=None)
            view.add_item(ReadyButton(table.id, summary.number, lang))
            embed.set_footer(text=t("table.result.ready", lang))
            if table.ready_deadline is not None:  # footers do not render <t:…>: a field does
                when = f"<t:{int(table.ready_deadline)}:R>"
                embed.add_field(
                    name="⏱", value=t("table.result.auto_ready", lang, when=when), inline=False
                )
        await thread.send(
            embed=embed,
            file=discord.File(io.BytesIO(png), filename="result.png"),
            view=view or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def session_ended(self, table: TableInfo, summary: SessionSummary) -> None:
        from shangrao_bot.render import render_running_totals

        thread = self.thread(table)
        if thread is None:
            return
        lang = self.lang(table)
        names = self._names(table, lang, by_wind=False)
        order = sorted(range(len(summary.totals)), key=lambda i: -summary.totals[i])
        lines = [
            f"{rank + 1}. {names[i]} {signed(summary.totals[i])}" for rank, i in enumerate(order)
        ]
        seat_of_player = {p: i for i, p in enumerate(summary.players)}
        transfers = [
            t(
                "table.session.transfer",
                lang,
                payer=names[seat_of_player[tr.payer.id]]
                if tr.payer.id in seat_of_player
                else tr.payer.display_name,
                payee=names[seat_of_player[tr.payee.id]]
                if tr.payee.id in seat_of_player
                else tr.payee.display_name,
                amount=tr.amount,
            )
            for tr in summary.settlement.transfers
        ]
        embed = discord.Embed(
            title=t("table.session.title", lang, table=table.id, hands=len(summary.records)),
            description="\n".join(lines),
            colour=0xC0392B,
        )
        if transfers:
            embed.add_field(name=t("table.session.settle", lang), value="\n".join(transfers)[:1024])
        kwargs: dict[str, Any] = {}
        if summary.records:
            png = await PICTURES.draw(
                render_running_totals, [r.deltas for r in summary.records], lang=lang
            )
            kwargs["file"] = discord.File(io.BytesIO(png), filename="totals.png")
            embed.set_image(url="attachment://totals.png")
        await thread.send(embed=embed, allowed_mentions=discord.AllowedMentions.none(), **kwargs)

    # --- notices -------------------------------------------------------------------------------

    async def notice(self, table: TableInfo, key: str, **args: object) -> None:
        """A service notice in the table's language: the seat it is about named as the thread
        names it, a move as players say it (never the command line's ``d 5p``)."""
        lang = self.lang(table)
        seat = args.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(table.seats):
            args["name"] = seat_who(table, seat, lang)
        for name, value in args.items():
            if isinstance(value, Action):
                args[name] = action_text(value, lang)
        await self.say(table, t(key, lang, **args))
        if key in AWAY_OR_BACK and isinstance(seat, int):
            await self._refresh_panel(table, seat)

    async def _refresh_panel(self, table: TableInfo, seat: int) -> None:
        """Show a seat's panel again (it gains or loses I'm back as its player steps away or
        comes back, which changes nothing in the hand itself)."""
        s = table.seats[seat] if 0 <= seat < len(table.seats) else None
        service = getattr(self.client, "service", None)
        if s is None or s.user_id is None or service is None:
            return
        try:
            view = service.private_view(table.id, s.user_id)
        except UserError:  # between hands: no panel to show
            return
        await self._private(table, seat, view)

    async def paused(self, table: TableInfo) -> None:
        minutes = 0
        if table.idle_deadline is not None:
            minutes = max(1, round((table.idle_deadline - table.at) / 60))
        await self.say(table, t("table.notice.paused", self.lang(table), minutes=minutes))

    async def resumed(self, table: TableInfo) -> None:
        await self.say(table, t("table.resumed", self.lang(table)))

    async def restored(self, table: TableInfo) -> None:
        await self.say(table, t("table.notice.restored", self.lang(table)))
        self._drop_board(table.id)
        service = getattr(self.client, "service", None)
        if service is not None:  # the panels recall the hand so far, as before the restart
            self.hand_events[table.id] = service.public_events(table.id)
        if table.status is TableStatus.LOBBY:
            await self.post_lobby(table)
        elif table.status is TableStatus.PLAYING:
            await self._post_table_message(table)

    async def table_closed(self, table: TableInfo, reason: str) -> None:
        await self.flush_board(table.id)
        self.board_locks.pop(table.id, None)
        self.board_last.pop(table.id, None)
        self.board_drops.pop(table.id, None)
        await self._close_panels(table)
        lobby = self.lobby_messages.pop(table.id, None)
        thread = self.thread(table)
        if lobby is not None and thread is not None:
            await thread.get_partial_message(lobby).edit(view=None)
        current = self.table_messages.pop(table.id, None)
        if current is not None and thread is not None and reason != "completed":
            await thread.get_partial_message(current[1]).edit(view=None)
        await self.say(table, t(f"table.closed.{reason}", self.lang(table)))
        for key in [k for k in self.dm_closed if k[0] == table.id]:
            self.dm_closed.discard(key)
        for key in [k for k in self.panel_queues if k[0] == table.id]:
            q = self.panel_queues[key]
            if q.task is None and q.pending is None:
                del self.panel_queues[key]
        self.hand_events.pop(table.id, None)
        self.thread_members.pop(table.id, None)
