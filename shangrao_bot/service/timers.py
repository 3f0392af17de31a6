"""When a table acts next on its own, and getting the AI ready for it.

* One wake-up per table (:class:`TimerSet`): the service arms it for the table's next deadline
  (:func:`next_wake`: an AI move, the end of a claim hold, a human's turn or claim deadline, the
  Ready gate, the idle end) and re-arms it after every change, so a table never has more than
  one timer task.
* While an AI's delay runs, its decision may be made ahead of time off the event loop
  (:class:`DecisionsAhead`), so that the table only applies it when the timer fires.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Container

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service.autoplay import AiKey, AiRequest
from shangrao_bot.service.claim_hold import hold_decided
from shangrao_bot.service.clock import Clock
from shangrao_bot.service.config import ServiceConfig
from shangrao_bot.service.model import Table, TableStatus
from shangrao_bot.service.table_run import TableRun

log = logging.getLogger(__name__)

# (level, seed, view) → the AI's action, made elsewhere (:func:`~.autoplay.ai_decision`)
Decider = Callable[[str, int, PlayerView], Awaitable[Action]]


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


def next_wake(t: Table, cfg: ServiceConfig, now: float) -> float | None:
    """When the table next has something to do on its own (None: it waits for people)."""
    if t.status is TableStatus.ENDED:
        return None
    if t.status is TableStatus.LOBBY:
        return t.changed_at + cfg.lobby_idle_seconds
    if t.paused:
        return t.idle_deadline
    if t.status is TableStatus.READY:
        everyone = all(t.ready[s] or t.is_auto(s) for s in range(len(t.seats)))
        if everyone and t.ready_earliest is not None:
            return t.ready_earliest
        return t.ready_deadline
    if t.status is not TableStatus.PLAYING:
        return None
    if t.hold is not None:
        # the hold's end; past it, a window still waiting for a human: its deadline. (Not
        # by the clock alone: a timer that fired a hair early must not skip to the deadline)
        waiting = t.hand is not None and not hold_decided(t.hand, t.hold)
        past = now >= t.hold.until
        return t.hold.deadline if waiting and past else t.hold.until
    due = [x for x in (t.ai_due, t.deadline) if x is not None]
    return min(due) if due else None


class DecisionsAhead:
    """AI decisions made ahead of time, off the event loop (``decide``: another process), while
    the AI's delay runs: the table then only applies them. Without ``decide``, or when a
    decision is not back in time, the table makes it itself. Only the decisions of AIs of
    ``levels`` are made ahead (see :data:`~.autoplay.AHEAD_LEVELS`)."""

    def __init__(self, decide: Decider | None, levels: Container[str]) -> None:
        self._decide = decide
        self._levels = levels
        self._decided: dict[int, dict[AiKey, Action]] = {}  # table id → decisions made ahead
        self._deciding: dict[int, AiKey] = {}  # table id → the decision being made ahead
        self._tasks: set[asyncio.Task[None]] = set()

    def decided(self, table_id: int) -> dict[AiKey, Action]:
        """The decisions made ahead for the table (a run takes those it uses out)."""
        return self._decided.setdefault(table_id, {})

    def request(self, run: TableRun) -> None:
        """Start making the decision the table now waits for, unless it is made or under way."""
        if self._decide is None:
            return
        request = run.ai_request(self._levels)
        table_id = run.table.id
        if request is None:
            return
        if self._deciding.get(table_id) == request.key or request.key in run.decided:
            return
        target: dict[AiKey, Action] = {}  # decisions for earlier moments are of no use now
        self._decided[table_id] = target
        self._deciding[table_id] = request.key
        task = asyncio.create_task(self._ahead_of_time(table_id, request, target))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _ahead_of_time(
        self, table_id: int, request: AiRequest, target: dict[AiKey, Action]
    ) -> None:
        assert self._decide is not None
        try:
            action = await self._decide(request.level, request.seed, request.view)
        except Exception as exc:  # the table makes the decision itself when it is due
            log.debug("table %s: an AI decision ahead of time failed (%s)", table_id, exc)
            return
        finally:
            if self._deciding.get(table_id) == request.key:
                del self._deciding[table_id]
        if self._decided.get(table_id) is target:  # no newer moment, fault or end meanwhile
            target[request.key] = action

    def discard(self, table_id: int) -> None:
        """Drop the table's decisions (made for states it is no longer in); one under way is
        dropped when it comes back."""
        self._decided.pop(table_id, None)

    def forget(self, table_id: int) -> None:
        self._decided.pop(table_id, None)
        self._deciding.pop(table_id, None)

    def cancel_all(self) -> None:
        for task in list(self._tasks):
            task.cancel()
