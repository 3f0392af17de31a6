"""The order of a player's panel updates: one latest-wins queue per player and table.

Every change of a player's panels — a private call, the answer to their own move, the close at
the end of the hand — goes through that player's queue: one update at a time, each showing the
newest state queued when it starts, so an edit never overtakes another (a stale panel offering
the tile just discarded) and a burst of changes is one edit. States come in the table's order:
the service's calls, and the view after a move, which the click queues behind them
(:class:`~shangrao_bot.service.queued.QueuedPresenter` keeps each table's calls in order) — the
click itself only acknowledges, so no second source of edits can race them.

What showing a state means (a DM, an ephemeral panel) is :mod:`.panel_delivery`'s; this module
only orders and coalesces.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field, replace
from typing import Protocol

from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.request_budget import Urgency, urgency

log = logging.getLogger(__name__)

Key = tuple[int, int]  # (table, user)


@dataclass
class PanelState:
    """What a player's panels should show: their view at a moment of the table, or (``view``
    None) the closing text ``closing`` (the hand is over, DM panels turned off); ``after``:
    what must reach Discord first, if it can in a moment (her turn's board)."""

    table: TableInfo
    view: PlayerView | None
    closing: str | None = None
    after: asyncio.Future[None] | None = None


@dataclass
class PanelQueue:
    """One player's panel updates at one table: the newest state not yet shown (latest wins),
    whether it must come as a fresh DM (a prompt: Discord notifies a new message, not an
    edit), and the worker showing it."""

    pending: PanelState | None = None
    fresh: bool = False
    force: bool = False  # show even what is shown already (a repeated press gets its answer)
    task: asyncio.Task[None] | None = None
    last: PanelState | None = None  # the state shown last
    shown: object = None  # what the panels show now (an update repeating it is skipped)
    picture: bytes | None = None  # the picture the panels show now
    waiters: list[asyncio.Future[None]] = field(default_factory=list)
    edited: float = -1e9  # monotonic time of the last update shown
    wake: asyncio.Event = field(default_factory=asyncio.Event)  # a newer state is queued


class ShowPanel(Protocol):
    """Shows ``state`` on the panels of ``key``'s player (and records on ``q`` what it showed:
    ``last``, ``shown``)."""

    async def __call__(
        self, key: Key, q: PanelQueue, state: PanelState, *, fresh: bool, force: bool
    ) -> None: ...


class PanelQueues:
    """The players' panel queues (one per presenter), each worked by a task of its own while
    it holds a state."""

    def __init__(self, show: ShowPanel, quiet: float) -> None:
        """``quiet``: a passive update (:meth:`passive`) waits until this many seconds have
        passed since the panel's last edit."""
        self.show = show
        self.quiet = quiet
        self.queues: dict[Key, PanelQueue] = {}

    def get(self, key: Key) -> PanelQueue | None:
        return self.queues.get(key)

    def keys(self) -> list[Key]:
        return list(self.queues)

    def update(
        self, key: Key, state: PanelState, *, fresh: bool = False, force: bool = False
    ) -> asyncio.Future[None]:
        """Queue ``state`` for a player's panels, replacing a state still waiting (latest wins;
        a prompt's ``fresh`` carries over, and so does the edit it was to follow). The future
        is done once the panels show ``state`` or a newer one."""
        q = self.queues.setdefault(key, PanelQueue())
        if state.after is None and q.pending is not None and q.pending.after is not None:
            state = replace(state, after=q.pending.after)
        q.pending = state
        q.fresh = q.fresh or fresh
        q.force = q.force or force
        q.wake.set()
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        q.waiters.append(done)
        if q.task is None:
            q.task = asyncio.create_task(self._work(key, q), name=f"table-{key[0]}-panel-{key[1]}")
        return done

    @staticmethod
    def passive(q: PanelQueue, state: PanelState) -> bool:
        """An update that only tells a player what the others did: their panel offers no move
        before it nor after it (the answer to their own move, a prompt, a closing, a repeated
        press are never passive)."""
        if q.fresh or q.force or state.view is None or state.view.legal:
            return False
        return q.last is not None and q.last.view is not None and not q.last.view.legal

    @classmethod
    def level_of(cls, q: PanelQueue, state: PanelState) -> Urgency:
        """How soon the update must reach Discord when the bot's request budget is short: a
        panel offering moves (a turn, a claim prompt) before anything else, a passive update
        last (:mod:`.request_budget`)."""
        if q.fresh or (state.view is not None and state.view.legal):
            return Urgency.URGENT
        if cls.passive(q, state):
            return Urgency.DEFERRABLE
        return Urgency.NORMAL

    async def _work(self, key: Key, q: PanelQueue) -> None:
        """Show the player's queued states, newest first. A passive update (:meth:`passive`)
        waits until ``quiet`` has passed since the panel's last edit, and is replaced by
        whatever comes meanwhile: with many tables, each player's panel is edited about once
        per that interval while the others play, rather than at every move of theirs, while
        a prompt or the answer to the player's own move is shown at once."""
        try:
            while q.pending is not None:
                wait = q.edited + self.quiet - time.monotonic()
                if wait > 0 and self.passive(q, q.pending):
                    q.wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(q.wake.wait(), wait)
                    continue  # the newest state, passive or not
                level = self.level_of(q, q.pending)
                state, fresh, force = q.pending, q.fresh, q.force
                q.pending, q.fresh, q.force = None, False, False
                waiters, q.waiters = q.waiters, []
                try:
                    with urgency(level):
                        await self.show(key, q, state, fresh=fresh, force=force)
                    q.edited = time.monotonic()
                except Exception:
                    log.exception("table %s: a player's panel was not shown", key[0])
                finally:
                    for w in waiters:
                        if not w.done():
                            w.set_result(None)
        finally:
            q.task = None

    async def idle(self, key: Key) -> None:
        """Wait until the player's queue has shown everything queued so far."""
        q = self.queues.get(key)
        if q is not None and q.task is not None:
            await asyncio.wait({q.task})

    def forget_idle(self, table_id: int) -> None:
        """The table is closed: its players' queues with nothing left to show go."""
        for key in [k for k in self.queues if k[0] == table_id]:
            q = self.queues[key]
            if q.task is None and q.pending is None:
                del self.queues[key]

    def tasks(self) -> set[asyncio.Task[None]]:
        """The queues' workers at work."""
        return {q.task for q in self.queues.values() if q.task is not None}
