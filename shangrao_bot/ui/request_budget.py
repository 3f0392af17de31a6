"""The bot's budget of Discord requests: the global rate limit kept by design, not met as 429s.

Discord allows one bot token 50 requests per second across every process and shard it runs;
interaction callbacks and interaction webhooks (answering a click, editing a panel through its
token) are exempt. discord.py paces each route's bucket from Discord's headers and waits out a
429, but it sends as fast as it is asked until Discord answers 429 — and every 429 counts
toward Cloudflare's ban of the bot's address. So every global-counted request discord.py
sends (each try, as it goes out, after discord.py's own per-route waits) first takes a slot
in :class:`RequestBudget`: a sliding one-second window holding at most ``rate`` requests (45 by
default, a margin under Discord's 50 for the network's jitter), split between the bot's shard
processes by the shards each runs (:func:`process_share`), so that together they stay under it.

Requests wait their turn by urgency (:class:`Urgency`, set for a block of code with
:func:`urgency`): what carries a turn, a claim prompt or a result is ``URGENT`` and may use the
whole window; ordinary requests leave a few slots free for those; ``DEFERRABLE`` ones (a board
edit, a panel's passive update: latest-wins, so a later one replaces them) use at most
``deferrable_share`` of it, and the board worker draws fewer boards while the window is that
full (:meth:`RequestBudget.pressed`). Under load the boards lag and the passive updates come
later; turn prompts and results never wait behind them. How much of the rate the bot has used
over the last few seconds (:meth:`RequestBudget.use`) sets how often the boards are edited
while nothing is short: about once a second when the window is mostly free, more rarely as it
fills.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import heapq
import itertools
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Iterator
from contextvars import ContextVar

from shangrao_bot.metrics import UNMEASURED, BotMetrics

GLOBAL_RATE = 45.0  # requests per second for the whole token (Discord allows 50)
WINDOW_S = 1.0
USE_WINDOW_S = 5.0  # the span over which the budget's recent use is measured (a steadier figure)


class Urgency(enum.IntEnum):
    """How soon a request must go when the budget is short (a higher value goes first)."""

    DEFERRABLE = 0  # a board edit, a passive panel update: a newer one replaces it
    NORMAL = 1
    URGENT = 2  # a turn or claim prompt, a result: always delivered, first in line


_URGENCY: ContextVar[Urgency] = ContextVar("discord_request_urgency", default=Urgency.NORMAL)


@contextlib.contextmanager
def urgency(level: Urgency) -> Iterator[None]:
    """The requests made inside the block (and in tasks it starts) have ``level``."""
    token = _URGENCY.set(level)
    try:
        yield
    finally:
        _URGENCY.reset(token)


def current_urgency() -> Urgency:
    return _URGENCY.get()


def process_share(shard_ids: tuple[int, ...] | None, shard_count: int | None) -> float:
    """This process's share of the token's budget: the share of the bot's shards it runs
    (all of them when it runs every shard), so that the processes of one token never exceed it
    together however their guilds are spread."""
    if shard_ids is None or not shard_count:
        return 1.0
    return max(1, len(shard_ids)) / shard_count


class RequestBudget:
    """A sliding one-second window of this process's global-counted requests, handed out by
    urgency (one per presenter's bot).

    A request holds its slot from the moment it is sent until one second after its answer
    came (:meth:`sending`): Discord counts it when it arrives, somewhere in between, so however
    the network delays requests, no second of Discord's clock holds more of them than the
    window."""

    def __init__(
        self,
        rate: float = GLOBAL_RATE,
        *,
        deferrable_share: float = 0.6,
        reserve: int = 3,
        clock: Callable[[], float] = time.monotonic,
        metrics: BotMetrics = UNMEASURED,
    ) -> None:
        """``rate``: requests per second; ``deferrable_share``: the part of the window
        deferrable requests may fill; ``reserve``: slots only urgent requests may take;
        ``metrics``: the bot's, where the requests and those held back are counted by
        urgency."""
        self.rate = max(1, int(rate))
        self.deferrable_cap = max(1, int(self.rate * deferrable_share))
        self.normal_cap = max(1, self.rate - reserve)
        self.clock = clock
        self.sent: deque[float] = deque()  # when the answered requests in the window ended
        self.recent: deque[float] = deque()  # ... over the last USE_WINDOW_S
        self.inflight = 0  # requests sent and not answered yet
        self.waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # (-urgency, n, wake)
        self.order = itertools.count()
        self.counts: Counter[str] = Counter()  # route → requests sent through the budget
        self.waited = 0  # requests that had to wait for a slot
        self.peak = 0  # the most requests seen in one window
        self.held_until = 0.0  # Discord asked the whole token to wait (a global 429) until then
        self._timer: asyncio.TimerHandle | None = None
        self._sent = {u: metrics.discord_requests.labels(u.name.lower()) for u in Urgency}
        self._held = {u: metrics.discord_requests_held.labels(u.name.lower()) for u in Urgency}

    def cap(self, level: Urgency) -> int:
        if level is Urgency.URGENT:
            return self.rate
        if level is Urgency.NORMAL:
            return self.normal_cap
        return self.deferrable_cap

    def _trim(self, now: float) -> None:
        while self.sent and self.sent[0] <= now - WINDOW_S:
            self.sent.popleft()

    def in_window(self) -> int:
        """Requests in flight or answered in the last second."""
        self._trim(self.clock())
        return self.inflight + len(self.sent)

    def use(self) -> float:
        """The share of the rate used lately: the requests answered over the last
        :data:`USE_WINDOW_S` seconds, per second, and those on their way, over ``rate`` (0:
        idle; 1: every slot taken)."""
        self._trim_recent(self.clock())
        return (len(self.recent) / USE_WINDOW_S + self.inflight) / self.rate

    def _trim_recent(self, now: float) -> None:
        while self.recent and self.recent[0] <= now - USE_WINDOW_S:
            self.recent.popleft()

    def pressed(self) -> bool:
        """The window is as full as deferrable requests may fill it: draw no more boards
        now."""
        return self.in_window() >= self.deferrable_cap or bool(self.waiting)

    def hold(self, seconds: float) -> None:
        """Discord answered a global 429: no request of this token goes for ``seconds``."""
        self.held_until = max(self.held_until, self.clock() + seconds)

    def _occupy(self) -> None:
        self.inflight += 1
        self.peak = max(self.peak, self.inflight + len(self.sent))

    async def _acquire(self, route: str, level: Urgency | None) -> None:
        """An in-flight slot for one request on ``route`` (waiting for one when the window is
        full for ``level``, behind more urgent waiters and earlier ones of the same
        urgency)."""
        level = current_urgency() if level is None else level
        while (pause := self.held_until - self.clock()) > 0:
            await asyncio.sleep(pause)
        self.counts[route] += 1
        self._sent[level].inc()
        if not self.waiting and self.in_window() < self.cap(level):
            self._occupy()
            return
        self.waited += 1
        self._held[level].inc()
        wake: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (-int(level), next(self.order), wake)
        heapq.heappush(self.waiting, entry)
        self._pump()
        try:
            await wake  # its slot was taken for it when it was woken
        except BaseException:
            if entry in self.waiting:
                self.waiting.remove(entry)
                heapq.heapify(self.waiting)
            elif wake.done() and not wake.cancelled():
                self._release()  # woken, then cancelled: give its slot back
            self._pump()
            raise

    def _release(self) -> None:
        self.inflight -= 1
        now = self.clock()
        self.sent.append(now)
        self.recent.append(now)
        self._trim_recent(now)
        if self.waiting:
            self._pump()

    async def spend(self, route: str, level: Urgency | None = None) -> None:
        """Take a slot for one request on ``route`` that is answered at once."""
        await self._acquire(route, level)
        self._release()

    @contextlib.asynccontextmanager
    async def sending(self, route: str, level: Urgency | None = None) -> AsyncIterator[None]:
        """Hold a slot for the request sent (and answered) inside the block."""
        await self._acquire(route, level)
        try:
            yield
        finally:
            self._release()

    def _pump(self) -> None:
        """Let the first waiter go when the window has room for it; else wake up again when
        enough answered requests leave it (or when an answer comes)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        while self.waiting:
            level = Urgency(-self.waiting[0][0])
            now = self.clock()
            self._trim(now)
            held = self.inflight + len(self.sent)
            if held < self.cap(level):
                _, _, wake = heapq.heappop(self.waiting)
                if not wake.done():  # its slot is taken now: nobody can come in between
                    self._occupy()
                    wake.set_result(None)
                continue
            leaving = held - self.cap(level) + 1  # requests that must leave the window first
            if leaving <= len(self.sent):
                delay = max(0.001, self.sent[leaving - 1] + WINDOW_S - now)
                self._timer = asyncio.get_running_loop().call_later(delay, self._pump)
            return  # (else the next answer pumps)
