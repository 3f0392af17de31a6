"""How late the bot's event loop answers: a probe task that sleeps a short interval and
measures its overshoot.

Everything the bot does runs on one event loop; a call that holds it (a slow computation, a
blocking read) delays every player's click and every message behind it. The probe sleeps
:data:`INTERVAL_S`, and the time it wakes after that is the loop's lag at that moment: each is
observed in the bot's histogram (``shangrao_event_loop_lag_seconds``), and the worst of the
last :data:`RECENT_S` seconds is what the health check judges (:meth:`LoopLagProbe.lag`), so
a loop that was held a moment ago is still reported when the page is asked for right after.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import Protocol

INTERVAL_S = 0.1
RECENT_S = 10.0


class Observer(Protocol):
    """Where each lag goes (a histogram)."""

    def observe(self, amount: float) -> None: ...


class LoopLagProbe:
    """The event loop's lag, measured by a task of its own while started."""

    def __init__(
        self, observer: Observer, *, interval: float = INTERVAL_S, recent: float = RECENT_S
    ) -> None:
        self.observer = observer
        self.interval = interval
        self.recent = recent
        self.lags: deque[tuple[float, float]] = deque()  # (loop time, lag) of the last while
        self._due: float | None = None  # when the sleeping probe should wake (loop time)
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start probing the running loop (again nothing when it runs already)."""
        if self.running:
            return
        self._loop = asyncio.get_running_loop()
        self._task = self._loop.create_task(self._probe(), name="loop-lag-probe")

    async def stop(self) -> None:
        task, self._task = self._task, None
        self._due = None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _probe(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self._due = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            now = loop.time()
            lag = max(0.0, now - self._due)
            self._due = None
            self.observer.observe(lag)
            self.lags.append((now, lag))
            while self.lags and self.lags[0][0] < now - self.recent:
                self.lags.popleft()

    def lag(self) -> float:
        """The worst lag of the last :data:`RECENT_S` seconds, or how late the sleeping probe
        is already, whichever is more (seconds; 0 before the first measure)."""
        loop = self._loop
        if loop is None:
            return 0.0
        now = loop.time()
        overdue = 0.0 if self._due is None else max(0.0, now - self._due)
        recent = (lag for at, lag in self.lags if at >= now - self.recent)
        return max(overdue, max(recent, default=0.0))
