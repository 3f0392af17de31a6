"""A presenter wrapper that takes slow presentation (Discord HTTP calls, image rendering) off
the table's lock while keeping each table's calls in order.

The service calls presenters under the table's lock, so a presenter that edits messages inline
would hold up the next button press at that table. :class:`QueuedPresenter` returns at once
and feeds each table's calls, in order, to the wrapped presenter on a worker task of that
table; tables do not wait for one another. The data handed over is frozen, so a queued call
shows the table as it was when the call was made.

Calls the wrapped presenter makes at once (``instant``: they only hand work to tasks of its
own, as the Discord presenter's panel and board updates do) are made inline when nothing of
their table is queued or being presented: a player's move reaches their panel without waiting
for the table's worker to wake up, in the same order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence

from shangrao_bot.engine.events import Event
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service.model import TableInfo
from shangrao_bot.service.presenter import HandSummary, Presenter, SessionSummary

log = logging.getLogger(__name__)

_Call = Callable[[Presenter], Awaitable[None]]


class QueuedPresenter:
    def __init__(
        self,
        inner: Presenter,
        *,
        instant: Collection[str] = (),
        transient: Callable[[Exception], bool] = lambda error: False,
    ) -> None:
        """``instant``: the names of ``inner``'s calls that return at once. ``transient``: the
        errors that are the platform's passing fault (a chat service answering 5xx), logged as
        one warning line rather than a traceback."""
        self._transient = transient
        self._inner = inner
        self._instant = frozenset(instant)
        self._queues: dict[int, asyncio.Queue[tuple[str, _Call] | None]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._busy: dict[int, int] = {}  # table id → its calls queued or being presented
        self._idle = asyncio.Event()

    async def _make(self, table_id: int, name: str, call: _Call) -> None:
        """An instant call inline when its table has nothing queued or being presented (it
        would come next anyway); else queued behind what the table has."""
        if name in self._instant and not self._busy.get(table_id):
            try:
                await call(self._inner)
            except Exception as error:
                self._failed(table_id, name, error)
            return
        self._submit(table_id, name, call)

    def _failed(self, table_id: int, name: str, error: Exception) -> None:
        if self._transient(error):
            log.warning("table %s: presenter.%s failed: %s", table_id, name, error)
        else:
            log.error("table %s: presenter.%s failed", table_id, name, exc_info=error)

    def _submit(self, table_id: int, name: str, call: _Call, *, last: bool = False) -> None:
        queue = self._queues.get(table_id)
        if queue is None:
            queue = self._queues[table_id] = asyncio.Queue()
            self._workers[table_id] = asyncio.create_task(
                self._work(table_id, queue), name=f"table-{table_id}-presenter"
            )
        queue.put_nowait((name, call))
        self._busy[table_id] = self._busy.get(table_id, 0) + 1
        self._idle.clear()
        if last:  # the table is closed: its worker ends after this call
            queue.put_nowait(None)
            del self._queues[table_id]

    async def _work(self, table_id: int, queue: asyncio.Queue[tuple[str, _Call] | None]) -> None:
        try:
            while True:
                item = await queue.get()
                try:
                    if item is None:
                        return
                    name, call = item
                    try:
                        await call(self._inner)
                    except Exception as error:
                        self._failed(table_id, name, error)
                    self._busy[table_id] -= 1
                    if not self._busy[table_id]:
                        del self._busy[table_id]
                    if not self._busy:
                        self._idle.set()
                finally:
                    queue.task_done()
        finally:
            if self._workers.get(table_id) is asyncio.current_task():
                del self._workers[table_id]

    async def drain(self) -> None:
        """Wait until every call queued so far has been presented (and whatever the wrapped
        presenter still shows on its own tasks, when it can say: ``settled()``)."""
        while self._busy:
            await self._idle.wait()
        settled = getattr(self._inner, "settled", None)
        if settled is not None:
            await settled()

    async def close(self) -> None:
        """Stop the workers (calls still queued are dropped), then whatever the wrapped
        presenter runs on its own tasks, when it can stop it (``stop()``)."""
        workers = list(self._workers.values())
        self._workers.clear()
        self._queues.clear()
        self._busy.clear()
        self._idle.set()
        for w in workers:
            w.cancel()
        for w in workers:
            with contextlib.suppress(asyncio.CancelledError):
                await w
        stop = getattr(self._inner, "stop", None)
        if stop is not None:
            await stop()

    # --- the Presenter protocol ----------------------------------------------------------------

    async def lobby_changed(self, table: TableInfo) -> None:
        self._submit(table.id, "lobby_changed", lambda p: p.lobby_changed(table))

    async def hand_started(self, table: TableInfo, events: Sequence[Event]) -> None:
        self._submit(table.id, "hand_started", lambda p: p.hand_started(table, events))

    async def table_changed(self, table: TableInfo, events: Sequence[Event]) -> None:
        await self._make(table.id, "table_changed", lambda p: p.table_changed(table, events))

    async def private_changed(self, table: TableInfo, seat: int, view: PlayerView) -> None:
        await self._make(
            table.id, "private_changed", lambda p: p.private_changed(table, seat, view)
        )

    async def prompt(self, table: TableInfo, seat: int, view: PlayerView, deadline: float) -> None:
        await self._make(table.id, "prompt", lambda p: p.prompt(table, seat, view, deadline))

    async def hand_ended(self, table: TableInfo, summary: HandSummary) -> None:
        self._submit(table.id, "hand_ended", lambda p: p.hand_ended(table, summary))

    async def session_ended(self, table: TableInfo, summary: SessionSummary) -> None:
        self._submit(table.id, "session_ended", lambda p: p.session_ended(table, summary))

    async def notice(self, table: TableInfo, key: str, **args: object) -> None:
        self._submit(table.id, "notice", lambda p: p.notice(table, key, **args))

    async def paused(self, table: TableInfo) -> None:
        self._submit(table.id, "paused", lambda p: p.paused(table))

    async def resumed(self, table: TableInfo) -> None:
        self._submit(table.id, "resumed", lambda p: p.resumed(table))

    async def restored(self, table: TableInfo) -> None:
        self._submit(table.id, "restored", lambda p: p.restored(table))

    async def table_closed(self, table: TableInfo, reason: str) -> None:
        self._submit(table.id, "table_closed", lambda p: p.table_closed(table, reason), last=True)
