"""The gate every REST request of the bot passes on its way to Discord.

discord.py sends all its requests (interaction responses included) through one aiohttp
session; :func:`install` wraps that session's ``request`` so that each try, at the moment it
actually goes out (after discord.py's own waits), first waits for its route's bucket
(:mod:`.route_buckets`) and then, unless Discord exempts it from the global limit (interaction
callbacks and interaction webhooks), for a slot in the request budget (:mod:`.request_budget`),
which it holds until its answer has come. The answer's headers teach the bucket; a global 429
holds the whole budget for its ``Retry-After``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

from shangrao_bot.metrics import UNMEASURED, BotMetrics
from shangrao_bot.ui.request_budget import RequestBudget
from shangrao_bot.ui.route_buckets import RouteBuckets, bucket_route

EXEMPT_PARTS = ("/interactions/", "/webhooks/")  # the bot uses no webhook but interactions'
SCOPES = frozenset({"global", "shared", "user"})  # X-RateLimit-Scope's values


def _path(url: Any) -> str:
    """The path of a URL given as text (as discord.py does) or as a ``yarl.URL``."""
    return str(getattr(url, "path", None) or urlsplit(str(url)).path)


def rest(url: Any) -> bool:
    """A request of Discord's REST API (not the gateway's websocket, not a CDN download)."""
    return "/api/" in _path(url)


def exempt(url: Any) -> bool:
    """Not counted by Discord's global limit: an interaction callback or interaction webhook,
    or anything that is not a REST request."""
    path = _path(url)
    return not rest(url) or any(part in path for part in EXEMPT_PARTS)


class RequestGate:
    """The route buckets and the global budget one session's requests pass."""

    def __init__(
        self,
        budget: RequestBudget,
        buckets: RouteBuckets | None = None,
        *,
        metrics: BotMetrics = UNMEASURED,
    ) -> None:
        """``metrics``: the bot's, where Discord's 429s (by scope) and 5xx answers (by
        status) are counted."""
        self.budget = budget
        self.buckets = buckets if buckets is not None else RouteBuckets()
        self.metrics = metrics

    @contextlib.asynccontextmanager
    async def passing(self, method: str, url: Any) -> Any:
        """Wait for the request's bucket and budget slot; the block sends it and awaits the
        yielded recorder with its answer."""
        if not rest(url):
            yield _Answer()
            return
        route, major = bucket_route(method, _path(url))
        key = await self.buckets.acquire(route, major)
        answer = _Answer()
        try:
            if exempt(url):
                yield answer
            else:
                async with self.budget.sending(route):
                    yield answer
        finally:
            global_wait = self.buckets.answered(
                key, route, major, answer.status, answer.headers, answer.retry_after
            )
            if global_wait is not None:
                self.budget.hold(global_wait)
            if answer.status is not None and (answer.status == 429 or answer.status >= 500):
                self._count_failure(answer)

    def _count_failure(self, answer: _Answer) -> None:
        """A 429 by its scope (``global`` also for the older X-RateLimit-Global), a 5xx by
        its status."""
        if answer.status != 429:
            self.metrics.discord_server_errors.labels(str(answer.status)).inc()
            return
        scope = answer.headers.get("X-RateLimit-Scope", "")
        if answer.headers.get("X-RateLimit-Global") == "true":
            scope = "global"
        self.metrics.discord_rate_limited.labels(scope if scope in SCOPES else "unknown").inc()


class _Answer:
    """What came back for a request: its status and headers, and a 429's exact wait."""

    def __init__(self) -> None:
        self.status: int | None = None  # None: no answer came
        self.headers: Mapping[str, str] = {}
        self.retry_after: float | None = None

    async def __call__(self, response: Any) -> None:
        self.status, self.headers = response.status, response.headers
        if response.status == 429:  # the body has the exact wait (aiohttp keeps it for later)
            with contextlib.suppress(Exception):
                body = await response.json(content_type=None)
                self.retry_after = float(body["retry_after"])


class _Gated:
    """``session.request(...)`` that passes the gate when it is entered (or awaited, as
    aiohttp itself does) — once per try, as it goes out."""

    def __init__(self, gate: RequestGate, send: Callable[..., Any], args: Any, kw: Any):
        self.gate, self.send, self.args, self.kw = gate, send, args, kw
        self.entered: Any = None

    async def _sent(self) -> Any:
        method, url = str(self.args[0]), self.args[1]
        async with self.gate.passing(method, url) as answered:
            response = await self.send(*self.args, **self.kw)
            await answered(response)
            return response

    def __await__(self) -> Any:
        return self._sent().__await__()

    async def __aenter__(self) -> Any:
        method, url = str(self.args[0]), self.args[1]
        async with self.gate.passing(method, url) as answered:
            self.entered = self.send(*self.args, **self.kw)
            response = await self.entered.__aenter__()
            await answered(response)
            return response

    async def __aexit__(self, *exc: Any) -> Any:
        return await self.entered.__aexit__(*exc)


def install(session: Any, gate: RequestGate) -> None:
    """Make every request sent through ``session`` (discord.py's HTTP session, which its
    interaction responses share) pass ``gate`` as it goes out."""
    send: Callable[..., Any] = session.request

    def request(*args: Any, **kwargs: Any) -> _Gated:
        return _Gated(gate, send, args, kwargs)

    session.request = request
