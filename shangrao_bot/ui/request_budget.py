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
later; turn prompts and results never wait behind them.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import heapq
import itertools
import re
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any
from urllib.parse import urlsplit

GLOBAL_RATE = 45.0  # requests per second for the whole token (Discord allows 50)
WINDOW_S = 1.0


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
    urgency (one per presenter's bot)."""

    def __init__(
        self,
        rate: float = GLOBAL_RATE,
        *,
        deferrable_share: float = 0.6,
        reserve: int = 3,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``rate``: requests per second; ``deferrable_share``: the part of the window
        deferrable requests may fill; ``reserve``: slots only urgent requests may take."""
        self.rate = max(1, int(rate))
        self.deferrable_cap = max(1, int(self.rate * deferrable_share))
        self.normal_cap = max(1, self.rate - reserve)
        self.clock = clock
        self.sent: deque[float] = deque()  # times of the requests in the window
        self.waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # (-urgency, n, wake)
        self.order = itertools.count()
        self.counts: Counter[str] = Counter()  # route → requests sent through the budget
        self.waited = 0  # requests that had to wait for a slot
        self.peak = 0  # the most requests seen in one window
        self._timer: asyncio.TimerHandle | None = None

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
        """Requests sent in the last second."""
        self._trim(self.clock())
        return len(self.sent)

    def pressed(self) -> bool:
        """The window is as full as deferrable requests may fill it: draw no more boards
        now."""
        return self.in_window() >= self.deferrable_cap or bool(self.waiting)

    def _take(self, route: str) -> None:
        self.sent.append(self.clock())
        self.counts[route] += 1
        self.peak = max(self.peak, len(self.sent))

    async def spend(self, route: str, level: Urgency | None = None) -> None:
        """Take a slot for one request on ``route`` (waiting for one when the window is full
        for ``level``, behind more urgent waiters and earlier ones of the same urgency)."""
        level = current_urgency() if level is None else level
        if not self.waiting and self.in_window() < self.cap(level):
            self._take(route)
            return
        self.waited += 1
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
            self._pump()
            raise
        self.counts[route] += 1

    def _pump(self) -> None:
        """Let the first waiter go when the window has room for it; else wake up again when
        the oldest request in the window leaves it."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        while self.waiting:
            level = Urgency(-self.waiting[0][0])
            now = self.clock()
            self._trim(now)
            if len(self.sent) < self.cap(level):
                _, _, wake = heapq.heappop(self.waiting)
                if not wake.done():  # its slot is taken now: nobody can come in between
                    self.sent.append(now)
                    self.peak = max(self.peak, len(self.sent))
                    wake.set_result(None)
                continue
            # the window has room for this urgency once enough of its requests have left it
            leaving = self.sent[len(self.sent) - self.cap(level)]
            delay = max(0.001, leaving + WINDOW_S - now)
            self._timer = asyncio.get_running_loop().call_later(delay, self._pump)
            return


_ID = re.compile(r"/[0-9]{15,}")
EXEMPT_PARTS = ("/interactions/", "/webhooks/")  # the bot uses no webhook but interactions'


def _path(url: Any) -> str:
    """The path of a URL given as text (as discord.py does) or as a ``yarl.URL``."""
    return str(getattr(url, "path", None) or urlsplit(str(url)).path)


def route_of(method: str, url: Any) -> str:
    """``METHOD /path`` with its ids as ``{id}`` (the budget's counts by route)."""
    return f"{method} {_ID.sub('/{id}', _path(url))}"


def exempt(url: Any) -> bool:
    """Not counted by Discord's global limit: an interaction callback or interaction webhook,
    or anything that is not a REST request (the gateway's websocket, a CDN download)."""
    path = _path(url)
    return "/api/" not in path or any(part in path for part in EXEMPT_PARTS)


class _Budgeted:
    """``session.request(...)`` that takes its slot in the budget when it is entered (or
    awaited, as aiohttp itself does) — the moment discord.py actually sends it, after its own
    per-route waits, once per try."""

    def __init__(self, budget: RequestBudget, send: Callable[..., Any], args: Any, kw: Any):
        self.budget, self.send, self.args, self.kw = budget, send, args, kw
        self.entered: Any = None

    async def _spend(self) -> None:
        method, url = self.args[0], self.args[1]
        if not exempt(url):
            await self.budget.spend(route_of(str(method), url))

    async def _sent(self) -> Any:
        await self._spend()
        return await self.send(*self.args, **self.kw)

    def __await__(self) -> Any:
        return self._sent().__await__()

    async def __aenter__(self) -> Any:
        await self._spend()
        self.entered = self.send(*self.args, **self.kw)
        return await self.entered.__aenter__()

    async def __aexit__(self, *exc: Any) -> Any:
        return await self.entered.__aexit__(*exc)


def install(session: Any, budget: RequestBudget) -> None:
    """Make every global-counted request sent through ``session`` (discord.py's HTTP session,
    which its interaction responses share) take a slot in ``budget`` as it goes out; interaction
    callbacks and webhooks pass freely."""
    send: Callable[..., Any] = session.request

    def request(*args: Any, **kwargs: Any) -> _Budgeted:
        return _Budgeted(budget, send, args, kwargs)

    session.request = request
