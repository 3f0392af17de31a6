"""Discord's per-route rate limits, kept from its own headers before a request goes out.

Besides the global limit, Discord limits each route per "major parameter" (a channel, a
guild, a webhook or interaction token): 5 messages per 5 s in one channel, 5 requests per 2 s
through one interaction token … It tells the limits in every answer (``X-RateLimit-Limit``,
``-Remaining``, ``-Reset-After``, ``-Bucket``; routes with the same ``-Bucket`` share one) and
answers 429 past them. discord.py paces each bucket from those headers too, but its count
drifts under concurrency (requests it let go wait in the request budget, windows reset while
answers are on their way), and every 429 counts toward Cloudflare's ban of the bot's address.

:class:`RouteBuckets` is the conservative second count, one per HTTP session: a request whose
bucket is not known yet goes alone (the answer tells the bucket); a known bucket lets go only
what it has left, counting every request still on its way as spent; a window is taken to end
when the answer said plus a small margin (the answer came later than Discord counted); a 429
empties the bucket for its ``Retry-After``. A request waits here for its bucket, then for its
slot in the request budget.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

#: Seconds added to every window's end: Discord's window started before our answer came.
MARGIN_S = 0.05
#: Buckets remembered before the idle ones are forgotten (every interaction token has one, and
#: a token lives 15 minutes: hundreds of tables make thousands an hour).
KEEP = 512
#: What a route whose answers carry no limits allows.
UNLIMITED = 1 << 30

_TOKEN = re.compile(r"/(webhooks|interactions)/([0-9]+)/([^/?]+)")
_MAJOR = re.compile(r"/(?:channels|guilds)/([0-9]+)|/(?:webhooks|interactions)/[0-9]+/([^/?]+)")
_ID = re.compile(r"/[0-9]{15,}")


def bucket_route(method: str, path: str) -> tuple[str, str]:
    """``METHOD template`` of a request (ids and tokens as placeholders) and its major
    parameter (its channel, guild, or webhook or interaction token; empty for none)."""
    found = _MAJOR.search(path)
    major = (found.group(1) or found.group(2)) if found else ""
    template = _ID.sub("/{id}", _TOKEN.sub(r"/\1/{id}/{token}", path))
    return f"{method} {template}", major


@dataclass
class RouteBucket:
    """What one bucket still allows, as the last answer told it and our sends since."""

    limit: int = 1
    remaining: int = 1
    reset_at: float | None = None  # when the current window ends (our clock)
    inflight: int = 0
    known: bool = False  # an answer has told its limits
    waiters: deque[asyncio.Future[None]] = field(default_factory=deque)

    def refresh(self, now: float) -> None:
        if self.reset_at is not None and now >= self.reset_at:
            self.remaining = self.limit - self.inflight  # those may land in the new window
            self.reset_at = None

    def free(self, now: float) -> bool:
        if not self.known:
            return self.inflight == 0
        self.refresh(now)
        return self.remaining > 0

    def wake(self) -> None:
        while self.waiters:
            waiter = self.waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)


class RouteBuckets:
    """Every route bucket this session has met (see the module's description)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.buckets: dict[str, RouteBucket] = {}
        self.hashes: dict[str, str] = {}  # route template → Discord's bucket hash
        self.waited = 0  # requests that waited for their bucket
        self.limited = 0  # 429 answers seen (each one a failure of this count)

    def key(self, route: str, major: str) -> str:
        return f"{self.hashes.get(route, route)}:{major}"

    def bucket(self, key: str) -> RouteBucket:
        found = self.buckets.get(key)
        if found is None:
            if len(self.buckets) > KEEP:
                self._forget_idle()
            found = self.buckets[key] = RouteBucket()
        return found

    def spare(self, method: str, path: str) -> int | None:
        """How many more requests like ``method path`` their bucket lets go now without
        waiting (None: not known yet — no answer has told its limits)."""
        route, major = bucket_route(method, path)
        bucket = self.buckets.get(self.key(route, major))
        if bucket is None or not bucket.known:
            return None
        bucket.refresh(self.clock())
        return max(0, bucket.remaining)

    async def acquire(self, route: str, major: str) -> str:
        """Wait until the bucket of ``route`` for ``major`` lets one more request go, and
        count it as spent; the key to answer with."""
        loop = asyncio.get_running_loop()
        waited = False
        while True:
            key = self.key(route, major)  # (a first answer may have told the shared bucket)
            bucket = self.bucket(key)
            now = self.clock()
            if bucket.free(now):
                if bucket.known:
                    bucket.remaining -= 1
                bucket.inflight += 1
                return key
            if not waited:
                self.waited += 1
                waited = True
            wake: asyncio.Future[None] = loop.create_future()
            bucket.waiters.append(wake)
            timeout = None if bucket.reset_at is None else max(0.001, bucket.reset_at - now)
            try:
                await asyncio.wait([wake], timeout=timeout)
            finally:
                if not wake.done():
                    wake.cancel()

    def answered(
        self,
        key: str,
        route: str,
        major: str,
        status: int | None,
        headers: Mapping[str, str],
        retry_after: float | None = None,
    ) -> float | None:
        """The answer to a request acquired as ``key`` (``status`` None: no answer came):
        learn the bucket from its headers (and a 429's ``retry_after`` from its body). A
        global 429's wait in seconds, else None."""
        sent_from = self.bucket(key)
        sent_from.inflight -= 1
        sent_from.wake()
        now = self.clock()
        shared = headers.get("X-RateLimit-Bucket")
        if shared and self.hashes.get(route) != shared:
            self.hashes[route] = shared
        # the bucket Discord named (another route may have met it first) learns the answer
        bucket = self.buckets.setdefault(self.key(route, major), sent_from)
        global_wait = None
        if status == 429:
            self.limited += 1
            wait = (  # the body's exact wait, else the headers' (Retry-After is rounded up)
                retry_after
                or _seconds(headers.get("X-RateLimit-Reset-After"))
                or _seconds(headers.get("Retry-After"))
            )
            if (
                headers.get("X-RateLimit-Global") == "true"
                or headers.get("X-RateLimit-Scope") == "global"
            ):
                global_wait = wait or 1.0
            else:
                bucket.known, bucket.remaining = True, 0
                bucket.reset_at = max(bucket.reset_at or 0.0, now + (wait or 1.0) + MARGIN_S)
        elif status is not None and "X-RateLimit-Remaining" in headers:
            if bucket.known:
                bucket.refresh(now)
            else:
                bucket.remaining = bucket.limit = UNLIMITED  # replaced by what Discord tells
            told = _int(headers.get("X-RateLimit-Remaining"))
            bucket.limit = max(1, _int(headers.get("X-RateLimit-Limit"), bucket.limit))
            left = told - bucket.inflight  # the others on their way may not be counted yet
            bucket.remaining = min(bucket.remaining, left)
            bucket.known = True
            reset_after = _seconds(headers.get("X-RateLimit-Reset-After"))
            if reset_after is not None:
                bucket.reset_at = max(bucket.reset_at or 0.0, now + reset_after + MARGIN_S)
        elif status is not None and status < 500:
            # Discord sends no limits for a route it does not limit (Cloudflare's 5xx pages
            # carry none either, so those teach nothing)
            bucket.known, bucket.reset_at = True, None
            bucket.limit = bucket.remaining = UNLIMITED
        if bucket.reset_at is None:  # no window running: all of it but what is on its way
            bucket.remaining = max(bucket.remaining, bucket.limit - bucket.inflight)
        bucket.wake()
        return global_wait

    def _forget_idle(self) -> None:
        now = self.clock()
        self.buckets = {
            k: b
            for k, b in self.buckets.items()
            if b.inflight or b.waiters or (b.reset_at is not None and b.reset_at > now)
        }


def _seconds(value: str | None) -> float | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default
