"""One wake-up per table: the service arms it for the table's next deadline (an AI move, the
end of a claim hold, a human's turn or claim deadline, the Ready gate, the idle end) and
re-arms it after every change, so a table never has more than one timer task.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from shangrao_bot.service.clock import Clock

log = logging.getLogger(__name__)


class TimerSet:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._tasks: dict[int, tuple[float, asyncio.Task[None]]] = {}
        self._firing: set[asyncio.Task[None]] = set()

    def due(self, key: int) -> float | None:
        """When ``key``'s timer fires (None: not armed)."""
        entry = self._tasks.get(key)
        return entry[0] if entry is not None else None

    def arm(self, key: int, when: float | None, fire: Callable[[], Awaitable[None]]) -> None:
        """Fire ``fire()`` at ``when`` (unix time; None: disarm), replacing any earlier timer."""
        entry = self._tasks.get(key)
        if entry is not None:
            if entry[0] == when and not entry[1].done():
                return
            entry[1].cancel()
            del self._tasks[key]
        if when is None:
            return
        task = asyncio.create_task(self._run(key, when, fire), name=f"table-{key}-timer")
        self._tasks[key] = (when, task)

    async def _run(self, key: int, when: float, fire: Callable[[], Awaitable[None]]) -> None:
        await self._clock.sleep(when - self._clock.now())
        me = asyncio.current_task()
        entry = self._tasks.get(key)
        if entry is not None and entry[1] is me:
            del self._tasks[key]  # fired: a re-arm from inside fire() must not cancel us
        if me is not None:
            self._firing.add(me)
        try:
            await fire()
        except Exception:
            log.exception("table %s: timer failed", key)
        finally:
            if me is not None:
                self._firing.discard(me)

    def cancel(self, key: int) -> None:
        entry = self._tasks.pop(key, None)
        if entry is not None:
            entry[1].cancel()

    async def cancel_all(self) -> None:
        tasks = [t for _, t in self._tasks.values()] + list(self._firing)
        self._tasks.clear()
        self._firing.clear()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
