"""Each hand's table message in the table's thread, and the one worker that keeps its board up
to date.

The table message: the board PNG (replaced with ``attachments=[file]``), a status line with a
``<t:unix:R>`` countdown, buttons My hand / I'm back / Rules carrying the hand and sequence.
Board changes are coalesced: a changed table is marked for the board worker, which draws the
tables' boards one at a time, each with its newest state, within a share of the time; the
edits themselves run on tasks of their own, one table's in order under its lock. The end of
the hand shows its final board; the end of the table takes the buttons away.

How fresh the board is follows the bot's request budget (:mod:`.request_budget`): while the
budget is mostly free a changed board is edited about once a second
(``Pacing.board_fresh_seconds``), and less often as the budget fills, up to
``Pacing.board_edit_seconds``; at every human's turn it is brought up to date before her
prompt goes out (:meth:`BoardUpdates.turn_board`) unless the budget is short. Board edits are
deferrable requests: under load they are the first to wait. A periodic edit also leaves two
edits of the thread's own per-channel limit (5 per 5 s) to the next turns' boards.

A table message only moves forward: each edit carries the hand and public sequence its board
was drawn from, and an edit drawn from an older moment than the message already shows is
dropped, whatever order edits finish in. A table's messages are edited by the one process that
runs the table (a table moved to another process gets a new table message there), so this
process's record of what each shows is the whole truth.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Callable

import discord

from shangrao_bot.service.model import TableInfo
from shangrao_bot.service.presenter import HandSummary
from shangrao_bot.ui.discord_retry import FIRST_PAUSE, deliver
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.message_age import too_old_to_edit
from shangrao_bot.ui.pictures import PICTURES, timed
from shangrao_bot.ui.request_budget import RequestBudget, Urgency, urgency
from shangrao_bot.ui.table_text import table_message_text
from shangrao_bot.ui.table_thread import TableThread
from shangrao_bot.ui.table_views import table_view

log = logging.getLogger(__name__)

BOARD_SHARE = 0.35  # at most this share of the time goes to drawing the tables' boards
BUDGET_PAUSE = 0.5  # a board waiting for the request budget looks again after this long
# The budget's use (a share of its rate) up to which boards keep their fresh interval; from it
# the interval grows, reaching the slow one where deferrable requests stop (its
# ``deferrable_share``).
QUIET_USE = 0.2
EDIT_ROUTE = "/api/v10/channels/{channel}/messages/{message}"  # a table message's edit
# Edits of the thread's per-channel window (5 per 5 s) a periodic edit leaves to the turns'
# boards: a window can hold two human turns (three, rarely, with several humans), and a
# turn's board that found the window spent would hold her prompt up until it reopens
KEEP_FOR_TURNS = 2
# A turn's board is edited at once only while at most this many other turns' boards wait to be
# drawn: beyond, the pictures are the bottleneck and her prompt would wait for them
TURN_BOARDS_AHEAD = 1
Version = tuple[int, int]  # (hand, public sequence) a table message was drawn from
FINAL = 1 << 30  # the sequence of a hand's final board: nothing of the hand comes after it


def version_of(table: TableInfo) -> Version:
    """The moment a table message drawn from ``table`` shows: its hand and public sequence."""
    return table.hand_no, table.sequence or 0


def release(waiters: list[asyncio.Future[None]]) -> None:
    """Tell ``waiters`` (flushes) that their board is done with."""
    for waiter in waiters:
        if not waiter.done():
            waiter.set_result(None)


class BoardUpdates:
    """The tables' table messages and their board worker (one per presenter)."""

    def __init__(self, thread: TableThread, interval: float, fresh: float | None = None) -> None:
        """``interval``: under load, a table message is edited at most once per this many
        seconds (unless a flush asks for its board sooner); ``fresh``: the interval while the
        request budget is mostly free (None: ``interval`` always)."""
        self.thread = thread
        self.client = thread.client
        self.messages: dict[int, tuple[int, int]] = {}  # table → (hand, message id)
        self.shown: dict[int, Version] = {}  # table → the moment its table message shows
        self.interval = interval
        self.fresh = interval if fresh is None else fresh
        self.share = BOARD_SHARE
        self.latest: dict[int, TableInfo] = {}  # table → state not yet shown
        # table → how often its pending board was dropped: a picture drawn before a drop
        # (the hand ended, the message was replaced) must not be shown after it
        self.drops: dict[int, int] = {}
        # table → (the urgency of a flushed edit, None for one at the table's pace; when due):
        # the boards to draw
        self.due: dict[int, tuple[Urgency | None, float]] = {}
        self.waiters: dict[int, list[asyncio.Future[None]]] = {}  # flushes waiting
        self.wake = asyncio.Event()
        self.worker: asyncio.Task[None] | None = None
        self.last: dict[int, float] = {}  # table → monotonic time of its last edit
        self.drawn = 0  # board pictures drawn for table messages (the bench reports it)
        self.edits: set[asyncio.Task[None]] = set()  # edits of table messages under way
        self.locks: dict[int, asyncio.Lock] = {}
        self.flushing: set[asyncio.Task[None]] = set()  # board edits a turn started
        # the bot's request budget (None: no budget, as in tests of the presenter alone)
        self.budget: RequestBudget | None = None
        # what a thread's edits may still spend of its per-channel window now (a method and
        # path → requests left, None when not known; None: not known at all)
        self.spare: Callable[[str, str], int | None] | None = None
        self.postponed = 0  # boards that waited for the request budget
        self.dropped = 0  # edits drawn from an older moment than their message showed
        self.retry_pause = FIRST_PAUSE  # before a final board Discord failed is tried again

    async def board_file(self, table: TableInfo) -> discord.File | None:
        if table.public is None:
            return None
        from shangrao_bot.render import render_board

        png = await PICTURES.draw(render_board, table.public, lang=self.thread.lang(table))
        return discord.File(io.BytesIO(png), filename="board.png")

    async def post_message(self, table: TableInfo) -> None:
        """A new table message for the hand being played (it replaces the one before)."""
        thread = self.thread.thread(table)
        if thread is None:
            return
        lang = self.thread.lang(table)
        file = await self.board_file(table)
        status = table_message_text(table, lang)
        msg = await thread.send(
            status,
            file=file or discord.utils.MISSING,
            view=table_view(table, lang),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.messages[table.id] = (table.hand_no, msg.id)
        self.shown[table.id] = version_of(table)

    async def changed(self, table: TableInfo) -> None:
        """Coalesced: the table is marked for the board worker (:meth:`_work`), which edits its
        table message at most once per ``interval``, showing the latest state when it draws
        (the final state is never lost: the end of the hand or of the table shows it). Only a
        table message missing for the hand being played is posted here and now."""
        thread = self.thread.thread(table)
        current = self.messages.get(table.id)
        if thread is None or table.public is None:
            return
        if current is None or current[0] != table.hand_no:
            self.drop(table.id)
            await self.post_message(table)
            return
        self.latest[table.id] = table
        if table.id not in self.due:
            due = self.last.get(table.id, -1e9) + self.interval_now()
            self.due[table.id] = (None, due)
        self._wake()

    def interval_now(self) -> float:
        """How long a changed board waits after its last edit now: ``fresh`` while the request
        budget is mostly free, growing with its use to ``interval`` where deferrable requests
        stop (without a budget: ``interval``)."""
        slow, fast = self.interval, min(self.fresh, self.interval)
        if self.budget is None:
            return slow
        top = self.budget.deferrable_cap / self.budget.rate
        filled = (self.budget.use() - QUIET_USE) / max(1e-9, top - QUIET_USE)
        return fast + (slow - fast) * min(1.0, max(0.0, filled))

    def _edits_left(self, table_id: int) -> int | None:
        """What the thread's per-channel window of edits still lets go now (None: not
        known)."""
        current = self.messages.get(table_id)
        table = self.latest.get(table_id)
        thread = None if table is None else table.thread_id
        if self.spare is None or current is None or thread is None:
            return None
        return self.spare("PATCH", EDIT_ROUTE.format(channel=thread, message=current[1]))

    def _thread_busy(self, table_id: int) -> bool:
        """The thread's window of edits has no more than the next turns' boards left (a
        periodic edit now would make a turn's board wait for the window to reopen)."""
        left = self._edits_left(table_id)
        return left is not None and left <= KEEP_FOR_TURNS

    def lock(self, table_id: int) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def _wake(self) -> None:
        self.wake.set()
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._work(), name="board-worker")

    async def _work(self) -> None:
        """The one drawer of the tables' boards while any waits: round-robin over the tables
        whose board changed — a table a human is about to act on first, then the one waiting
        longest —, each drawn with its newest state; at most one picture at a time (so a
        picture worker is always free for the players' hand pictures), and after each one a
        pause that keeps the pictures' processor time within ``share`` of the time, however
        many tables play: under load a board lags a move or two (it is public; each player's
        own panel, drawn on other workers, never waits for it). The edit itself runs on a task
        of its own (one table's edits in order, under its lock), so a slow upload does not
        hold up the other tables' boards."""
        while self.due:
            self.wake.clear()
            now = time.monotonic()
            table_id, (flushed, due) = min(
                self.due.items(), key=lambda kv: (kv[1][0] is None, kv[1][1])
            )
            if due > now:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), due - now)
                continue
            if flushed is None and self.budget is not None and self.budget.pressed():
                # the bot's request budget is short: the boards wait, turns and results go
                self.due[table_id] = (None, now + BUDGET_PAUSE)
                self.postponed += 1
                continue
            if flushed is None and self._thread_busy(table_id):
                self.due[table_id] = (None, now + BUDGET_PAUSE)
                continue
            del self.due[table_id]
            waiters = self.waiters.pop(table_id, [])
            spent = 0.0
            try:
                spent = await self._draw(table_id, waiters, flushed or Urgency.DEFERRABLE)
            except Exception:
                log.warning("table %s: board picture failed", table_id, exc_info=True)
                release(waiters)
            if self.share < 1:
                await asyncio.sleep(spent * (1 / self.share - 1))

    async def _draw(
        self, table_id: int, waiters: list[asyncio.Future[None]], level: Urgency
    ) -> float:
        """Draw the latest state not yet shown (if any) and start the edit of the table
        message showing it (``waiters`` are told once it is made). Returns the processor
        seconds the picture took."""
        table = self.latest.pop(table_id, None)
        current = self.messages.get(table_id)
        thread = None if table is None else self.thread.thread(table)
        if (
            self.client.is_closed()
            or table is None
            or table.public is None
            or thread is None
            or current is None
            or current[0] != table.hand_no
        ):
            release(waiters)
            return 0.0
        self.last[table_id] = time.monotonic()
        lang = self.thread.lang(table)
        from shangrao_bot.render import render_board

        drops = self.drops.get(table_id, 0)
        png, spent = await PICTURES.draw_background(timed, render_board, table.public, lang=lang)
        self.drawn += 1
        with urgency(level):  # the edit's task takes it along
            edit = asyncio.create_task(self._edit(table, current, png, lang, waiters, drops))
        self.edits.add(edit)
        edit.add_done_callback(self.edits.discard)
        return spent

    async def _edit(
        self,
        table: TableInfo,
        message: tuple[int, int],
        png: bytes,
        lang: str,
        waiters: list[asyncio.Future[None]],
        drops: int,
    ) -> None:
        try:
            async with self.lock(table.id):  # after the table's earlier edits
                thread = self.thread.thread(table)
                if (
                    thread is None
                    or self.messages.get(table.id) != message
                    or self.drops.get(table.id, 0) != drops
                ):
                    return  # the message was replaced or finished meanwhile
                version = version_of(table)
                if version < self.shown.get(table.id, (0, -1)):
                    self.dropped += 1  # the message shows a later moment already
                    return
                status = table_message_text(table, lang)
                board = discord.File(io.BytesIO(png), filename="board.png")
                if too_old_to_edit(message[1]):  # (a paused hand) posted anew instead
                    msg = await thread.send(
                        status,
                        file=board,
                        view=table_view(table, lang),
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
                    self.messages[table.id] = (table.hand_no, msg.id)
                    self.shown[table.id] = version
                    await self._delete(thread, message[1])
                    return
                await thread.get_partial_message(message[1]).edit(
                    content=status,
                    attachments=[board],
                    view=table_view(table, lang),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                self.shown[table.id] = version
        except discord.HTTPException as error:  # Discord's answer: a warning, no traceback
            if not self.client.is_closed():  # (the next change of the board edits it again)
                log.warning(
                    "table %s: board edit failed (%s %s)", table.id, error.status, error.text
                )
        except Exception:
            if not self.client.is_closed():
                log.warning("table %s: board edit failed", table.id, exc_info=True)
        finally:
            release(waiters)

    def drop(self, table_id: int) -> None:
        """Forget a pending edit (the message is replaced or finished by the caller), and any
        board being drawn or waiting for the table's lock: it would show an older state."""
        self.drops[table_id] = self.drops.get(table_id, 0) + 1
        self.due.pop(table_id, None)
        self.latest.pop(table_id, None)
        release(self.waiters.pop(table_id, []))

    async def flush(self, table_id: int, level: Urgency = Urgency.NORMAL) -> None:
        """Have the table message show the latest state not yet shown (if any), ahead of the
        other tables' boards and of the table's interval; done once it is edited (its edit a
        request of ``level``)."""
        if table_id not in self.latest:
            return
        flushed = self.due.get(table_id, (None, 0.0))[0]
        self.due[table_id] = (level if flushed is None else max(level, flushed), time.monotonic())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiters.setdefault(table_id, []).append(done)
        self._wake()
        await done

    def turn_board(self, table_id: int) -> asyncio.Task[None] | None:
        """A human's turn begins: the board showing every move before it is edited now (a
        deferrable request); the task is done once the edit is made (or failed), and her
        prompt waits for it. None — the board keeps its pace, and her prompt does not wait —
        when that edit could not go at once: the request budget is short, the thread's window
        of edits is spent, or other turns' boards wait to be drawn."""
        if self.budget is not None and self.budget.pressed():
            self.postponed += 1
            return None
        ahead = sum(
            1 for t, (flushed, _) in self.due.items() if flushed is not None and t != table_id
        )
        if ahead > TURN_BOARDS_AHEAD or self._edits_left(table_id) == 0:
            self.postponed += 1
            return None
        return self.flush_soon(table_id, Urgency.DEFERRABLE)

    def flush_soon(self, table_id: int, level: Urgency = Urgency.NORMAL) -> asyncio.Task[None]:
        """:meth:`flush` on a task of its own; :meth:`tasks` counts it until it is done."""
        flush = asyncio.create_task(self.flush(table_id, level))
        self.flushing.add(flush)
        flush.add_done_callback(self._flushed)
        return flush

    def _flushed(self, task: asyncio.Task[None]) -> None:
        self.flushing.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("board edit failed", exc_info=task.exception())

    async def show_final(
        self,
        table: TableInfo,
        summary: HandSummary,
        thread: discord.PartialMessageable,
        lang: str,
    ) -> None:
        """The hand is over: its table message shows the final board and loses its buttons
        (any board still pending is dropped: this one follows it)."""
        from shangrao_bot.render import render_board

        current = self.messages.get(table.id)
        self.drop(table.id)  # the final board follows
        if current is not None:
            board = await PICTURES.draw(render_board, summary.public, lang=lang)
            text = t("table.status.over", lang, table=table.id, hand=summary.number)
            old = too_old_to_edit(current[1])

            async def show() -> object:  # a fresh upload for every try
                file = discord.File(io.BytesIO(board), filename="board.png")
                if old:  # too old to edit: posted anew instead
                    return await thread.send(text, file=file)
                message = thread.get_partial_message(current[1])
                return await message.edit(content=text, attachments=[file], view=None)

            what = f"table {table.id}: final board of hand {summary.number}"
            async with self.lock(table.id):  # after an edit in flight
                try:
                    with urgency(Urgency.URGENT):  # part of the hand's result
                        await deliver(show, what=what, first_pause=self.retry_pause)
                except discord.HTTPException as error:  # the result card follows all the same
                    log.warning("%s not shown (%s %s)", what, error.status, error.text)
                    return
                self.shown[table.id] = (summary.number, FINAL)
                if old:
                    await self._delete(thread, current[1])

    @staticmethod
    async def _delete(thread: discord.PartialMessageable, message_id: int) -> None:
        """A table message replaced by a new one goes (best effort: its buttons answer that
        the hand moved on anyway)."""
        with contextlib.suppress(discord.HTTPException):
            await thread.get_partial_message(message_id).delete()

    def forget(self, table_id: int) -> None:
        """The table is closing (its last board flushed): its lock, pace and drops go."""
        self.locks.pop(table_id, None)
        self.last.pop(table_id, None)
        self.drops.pop(table_id, None)

    async def close_message(self, table: TableInfo, reason: str) -> None:
        """The table is closed: its table message is forgotten, and loses its buttons unless
        the session was completed (the hand's end took them already)."""
        current = self.messages.pop(table.id, None)
        self.shown.pop(table.id, None)
        thread = self.thread.thread(table)
        if current is None or thread is None or reason == "completed":
            return
        if too_old_to_edit(current[1]):  # too old to edit: it goes instead
            await self._delete(thread, current[1])
        else:
            await thread.get_partial_message(current[1]).edit(view=None)

    def tasks(self) -> set[asyncio.Task[None]]:
        """The board edits under way and those a turn started (:meth:`flush_soon`)."""
        return set(self.flushing) | set(self.edits)

    async def stop(self) -> None:
        """At shutdown (before Discord closes): the board worker stops; boards not yet drawn
        are dropped (the restored table posts its message anew)."""
        self.due.clear()
        self.latest.clear()
        for waiters in self.waiters.values():
            release(waiters)
        self.waiters.clear()
        worker, self.worker = self.worker, None
        for task in [worker, *self.edits]:
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
