"""Time for the table service, injected so that tests never sleep for real.

The service reads the time only through :class:`Clock`: ``now()`` (unix seconds, so deadlines can
be shown as Discord ``<t:unix:R>`` countdowns) and ``await sleep(seconds)``. Production uses
:class:`SystemClock`. Tests use :class:`ManualClock`: virtual time that moves only when the test
calls :meth:`ManualClock.advance`, which wakes every sleeper that falls due, in deadline order,
and waits until the work each wake-up started has finished before moving on — so a test can play
a whole session of AI turns (each after a human-pace delay) in milliseconds.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Protocol

# virtual time starts at a realistic unix time, so deadlines look like the real thing
MANUAL_EPOCH = 1_700_000_000.0


class Clock(Protocol):
    def now(self) -> float:
        """Unix time in seconds."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return after ``seconds`` of this clock's time."""
        ...


class SystemClock:
    """The wall clock and the event loop's timer."""

    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class ClockStuck(RuntimeError):
    """A task woken by :meth:`ManualClock.advance` neither finished nor slept again in time
    (a deadlock in the code under test, shown as a failure instead of a hang)."""


class ManualClock:
    """Virtual time for tests. ``sleep`` parks the caller until :meth:`advance` reaches its
    deadline; ``advance`` runs due sleepers one at a time, letting each finish its work (which
    may include real I/O such as SQLite) before waking the next."""

    def __init__(self, start: float = MANUAL_EPOCH, *, stuck_after: float = 10.0) -> None:
        self._now = start
        self._heap: list[tuple[float, int, asyncio.Future[None], asyncio.Task[object] | None]] = []
        self._order = itertools.count()
        self._sleeping: set[asyncio.Task[object]] = set()
        self._changed: asyncio.Event | None = None
        self._stuck_after = stuck_after

    def now(self) -> float:
        return self._now

    @property
    def pending(self) -> int:
        """Sleepers still waiting (cancelled ones excluded)."""
        return sum(1 for _, _, f, _ in self._heap if not f.done())

    def next_deadline(self) -> float | None:
        live = [d for d, _, f, _ in self._heap if not f.done()]
        return min(live) if live else None

    def _signal(self) -> None:
        if self._changed is not None:
            self._changed.set()

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        task = asyncio.current_task()
        heapq.heappush(self._heap, (self._now + seconds, next(self._order), fut, task))
        if task is not None:
            self._sleeping.add(task)
        self._signal()
        try:
            await fut
        finally:
            if task is not None:
                self._sleeping.discard(task)
            if not fut.done():
                fut.cancel()

    async def _yield(self, rounds: int = 3) -> None:
        """Let freshly created tasks run their first step (where they start to sleep)."""
        for _ in range(rounds):
            await asyncio.sleep(0)

    async def _wait_for(self, task: asyncio.Task[object] | None) -> None:
        """Until ``task`` has finished or sleeps on this clock again."""
        if task is None:
            await self._yield()
            return
        if self._changed is None:
            self._changed = asyncio.Event()
        changed = self._changed
        task.add_done_callback(lambda _t: changed.set())
        deadline = time.monotonic() + self._stuck_after
        while not task.done() and task not in self._sleeping:
            changed.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ClockStuck(f"{task.get_name()} did not settle after a wake-up")
            try:
                await asyncio.wait_for(changed.wait(), remaining)
            except TimeoutError:
                raise ClockStuck(f"{task.get_name()} did not settle after a wake-up") from None
        await self._yield()

    def _pop_due(
        self, until: float
    ) -> tuple[float, asyncio.Future[None], asyncio.Task[object] | None] | None:
        while self._heap:
            when, _, fut, task = self._heap[0]
            if fut.done():
                heapq.heappop(self._heap)
                continue
            if when > until:
                return None
            heapq.heappop(self._heap)
            return when, fut, task
        return None

    async def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds``, running every sleeper that falls due on the way."""
        target = self._now + seconds
        await self._yield()
        while (due := self._pop_due(target)) is not None:
            when, fut, owner = due
            self._now = max(self._now, when)
            if owner is not None:
                self._sleeping.discard(owner)  # awake from here until it sleeps again or ends
            fut.set_result(None)
            await self._wait_for(owner)
        self._now = max(self._now, target)
        await self._yield()

    async def advance_next(self) -> bool:
        """Advance to the earliest sleeper's deadline and run what falls due there; False
        when nothing sleeps (time does not move then)."""
        await self._yield()
        nxt = self.next_deadline()
        if nxt is None:
            return False
        await self.advance(max(0.0, nxt - self._now))
        return True

    async def run_until(
        self, done: Callable[[], bool], *, limit: float = 3600.0, step: float | None = None
    ) -> float:
        """Advance until ``done()`` holds, jumping from one deadline to the next (or by ``step``);
        returns the virtual seconds that passed. Raises ``TimeoutError`` after ``limit``."""
        start = self._now
        await self._yield()
        while not done():
            if self._now - start >= limit:
                raise TimeoutError(f"condition not reached within {limit} virtual seconds")
            nxt = self.next_deadline()
            if step is not None:
                gap = step
            elif nxt is None:
                raise TimeoutError("condition not reached and nothing is scheduled")
            else:
                gap = max(0.0, nxt - self._now)
            await self.advance(min(gap, limit - (self._now - start)))
        return self._now - start
