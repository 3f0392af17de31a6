"""Discord's rate limits and faults as data and bookkeeping, for the fake Discord
(:mod:`tests.e2e.fake_discord`); the layer that applies them to requests is
:mod:`tests.e2e.fake_faults`.

Why: a bot that is fine in one test guild can still fail in a hundred, because Discord then
answers 429s (50 requests a second per bot token; per-route buckets of about 5 per 5 s per
channel; 30046 for edits of messages older than an hour), fails some requests (500-504, 502
as Cloudflare's HTML page, timeouts) and drops the gateway. The fake does all of that only
when a test asks (``fake.rate_limits = True``, ``fake.faults = Faults(...)``); what it
always does is keep a cheap :class:`Traffic` record of every HTTP request, so that a test
or benchmark can measure what the bot sends (per second, per route, exempt or not).

Here: :class:`TrafficRecord` and :class:`Traffic`; the bucket table (:data:`DEFAULT_BUCKETS`,
copied into each fake as ``fake.buckets``) and how a route is classified
(:func:`classify`); :class:`RateLimiter`, the state of the global window, the buckets'
fixed windows and the old-message edits; the 429 replies; :class:`MessageClock`, which
remembers when each message was made on the fake's clock. :class:`Faults` lives with the
layer, in :mod:`tests.e2e.fake_faults`.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from tests.e2e.fake_model import FakeMessage
from tests.e2e.fake_types import _json

CALLBACK_TEMPLATE = "/interactions/{interaction_id}/{interaction_token}/callback"
WEBHOOK_PREFIX = "/webhooks/{webhook_id}/{webhook_token}"
#: Discord's reply to an edit of a message older than an hour past the limit (429, see
#: :class:`RateLimiter`).
OLD_EDIT_CODE = 30046
OLD_EDIT_MESSAGE = "Maximum number of edits to messages older than 1 hour reached. Try again later."
OLD_MESSAGE_AGE = 3600.0
RATE_LIMITED = "You are being rate limited."


# ---------------------------------------------------------------------- the traffic record


@dataclass(frozen=True)
class TrafficRecord:
    """One HTTP request the fake answered. ``at``: the fake's clock (``fake.now()``) when it
    was handled (after any latency); ``template``: Discord's path template as the fake
    registered it (an unknown route: its path); ``major``: the bucket's major parameter
    (channel id, webhook or interaction token, guild id, or ""); ``exempt``: an interaction
    callback or interaction webhook, which Discord leaves out of the global limit;
    ``status``: 0 when the fake dropped the connection instead of answering (a timeout
    fault); ``scope``: a 429's ``X-RateLimit-Scope``; ``code``: the JSON error code."""

    at: float
    method: str
    template: str
    major: str
    exempt: bool
    status: int
    scope: str | None = None
    code: int = 0

    @property
    def route(self) -> str:
        """``"METHOD template"``, the key of :meth:`Traffic.by_route`."""
        return f"{self.method} {self.template}"


class Traffic:
    """Every HTTP request the fake answered, in the order the answers left (gateway traffic
    and attachment downloads are not recorded). ``since``/``until`` select records with
    ``since <= at < until`` on the fake's clock."""

    def __init__(self) -> None:
        self.records: list[TrafficRecord] = []

    def add(self, record: TrafficRecord) -> None:
        self.records.append(record)

    def clear(self) -> None:
        self.records.clear()

    def _between(self, since: float | None, until: float | None) -> Iterable[TrafficRecord]:
        return (
            r
            for r in self.records
            if (since is None or r.at >= since) and (until is None or r.at < until)
        )

    def counted(
        self, since: float | None = None, until: float | None = None
    ) -> list[TrafficRecord]:
        """The requests that count toward the global limit (not exempt), 429s included: what
        the bot sent, whether Discord accepted it or not."""
        return [r for r in self._between(since, until) if not r.exempt]

    def exempt_records(
        self, since: float | None = None, until: float | None = None
    ) -> list[TrafficRecord]:
        """The interaction callbacks and interaction webhook requests."""
        return [r for r in self._between(since, until) if r.exempt]

    def limited(
        self, since: float | None = None, until: float | None = None
    ) -> list[TrafficRecord]:
        """The requests answered 429 (any scope, 30046 included)."""
        return [r for r in self._between(since, until) if r.status == 429]

    def by_route(self, records: Iterable[TrafficRecord] | None = None) -> dict[str, int]:
        """How many of ``records`` (all by default) each ``"METHOD template"`` had, the
        busiest first."""
        counts = Counter(r.route for r in (self.records if records is None else records))
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))

    def per_second(self, since: float | None = None, until: float | None = None) -> list[int]:
        """Global-counted requests in each whole second ``[since + k, since + k + 1)`` of the
        fake's clock; ``since`` defaults to the first counted request, ``until`` to just
        after the last one. The global limit holds when no entry exceeds
        ``fake.global_limit`` (429s are counted too: they were sent)."""
        records = self.counted(since, until)
        if not records:
            return []
        start = min(r.at for r in records) if since is None else since
        if until is None:
            seconds = int(max(r.at for r in records) - start) + 1
        else:
            seconds = max(1, math.ceil(until - start))
        counts = [0] * seconds
        for record in records:
            index = int(record.at - start)
            if 0 <= index < seconds:
                counts[index] += 1
        return counts


# ---------------------------------------------------------------------- the bucket table


@dataclass(frozen=True)
class BucketLimit:
    """``limit`` requests per fixed window of ``per`` seconds."""

    limit: int
    per: float


#: Discord's per-route buckets as observed from its headers (Discord tells bots to read the
#: headers, not to hard-code these). Keys: ``"METHOD template"`` for one route, and three
#: kinds: ``"webhook"`` (every ``/webhooks/{webhook_id}/{webhook_token}...`` route of one
#: token shares it), ``"callback"`` (interaction callbacks, one per interaction anyway),
#: ``"default"`` (any other route, one bucket per method, template and major parameter).
#: Each fake gets a copy as ``fake.buckets``; a test shortens windows there.
DEFAULT_BUCKETS: dict[str, BucketLimit] = {
    "POST /channels/{channel_id}/messages": BucketLimit(5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": BucketLimit(5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": BucketLimit(5, 1.0),
    "webhook": BucketLimit(5, 2.0),
    "callback": BucketLimit(50, 1.0),
    "default": BucketLimit(10, 1.0),
}


@dataclass(frozen=True)
class RouteClass:
    """How the limits see one request: ``kind`` (a key of the bucket table), ``bucket`` (the
    bucket's identity without the major parameter, also what its hash is made from),
    ``major``, and whether it is ``exempt`` from the global limit."""

    kind: str
    bucket: str
    major: str
    exempt: bool

    @property
    def bucket_hash(self) -> str:
        """A stable ``X-RateLimit-Bucket`` per bucket kind (discord.py keys its buckets by it
        plus the major parameters, so routes with different buckets need different ones)."""
        return hashlib.sha1(self.bucket.encode()).hexdigest()[:32]


def classify(
    method: str,
    template: str,
    params: dict[str, str],
    application_id: int,
    buckets: dict[str, BucketLimit],
) -> RouteClass:
    """The bucket, major parameter and exemption of ``METHOD template`` with ``params``."""
    route = f"{method} {template}"
    app_webhook = template.startswith(WEBHOOK_PREFIX) and params.get("webhook_id") == str(
        application_id
    )
    exempt = template == CALLBACK_TEMPLATE or app_webhook
    major = (
        params.get("channel_id")
        or params.get("webhook_token")
        or params.get("interaction_token")
        or params.get("guild_id")
        or ""
    )
    if template == CALLBACK_TEMPLATE:
        kind = bucket = "callback"
    elif template.startswith(WEBHOOK_PREFIX):
        kind = bucket = "webhook"
    elif route in buckets:
        kind = bucket = route
    else:
        kind, bucket = "default", route
    return RouteClass(kind, bucket, major, exempt)


# ---------------------------------------------------------------------- the limiter's state


@dataclass
class _Window:
    limit: int
    per: float
    remaining: int
    reset_at: float | None = None


@dataclass(frozen=True)
class BucketVerdict:
    """A bucket's answer to one request, and the headers Discord sends with it."""

    ok: bool
    limit: int
    remaining: int
    reset_after: float
    bucket_hash: str

    def headers(self) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.remaining),
            "X-RateLimit-Reset": f"{_ceil_ms(time.time() + self.reset_after):.3f}",
            "X-RateLimit-Reset-After": f"{_ceil_ms(self.reset_after):.3f}",
            "X-RateLimit-Bucket": self.bucket_hash,
        }


class RateLimiter:
    """The global sliding window, the buckets' fixed windows and the old-message edits per
    channel, all on the fake's clock (``advance_clock`` ends every window)."""

    def __init__(self) -> None:
        self._global: deque[float] = deque()
        self._windows: dict[tuple[str, str], _Window] = {}
        self._old_edits: dict[str, deque[float]] = {}

    def take_global(self, now: float, limit: int) -> float | None:
        """Admit one counted request: None, or the seconds until the sliding 1 s window of
        admitted requests has room again."""
        window = self._global
        while window and window[0] <= now - 1.0:
            window.popleft()
        if len(window) >= limit:
            return max(0.001, window[0] + 1.0 - now)
        window.append(now)
        return None

    def take_bucket(self, route: RouteClass, limit: BucketLimit, now: float) -> BucketVerdict:
        """Spend one request of the route's bucket. Fixed window: it opens at the first
        request when the bucket is full and refills ``per`` seconds later."""
        key = (route.bucket, route.major)
        window = self._windows.get(key)
        if window is None or (window.reset_at is not None and now >= window.reset_at):
            if window is None and len(self._windows) > 20_000:
                self._prune(now)
            window = _Window(limit.limit, limit.per, limit.limit)
            self._windows[key] = window
        if window.reset_at is None:
            window.reset_at = now + window.per
        ok = window.remaining > 0
        if ok:
            window.remaining -= 1
        reset_after = max(0.0, window.reset_at - now)
        return BucketVerdict(ok, window.limit, window.remaining, reset_after, route.bucket_hash)

    def _prune(self, now: float) -> None:
        """Forget expired windows (a benchmark makes a bucket per interaction token)."""
        self._windows = {
            k: w for k, w in self._windows.items() if w.reset_at is None or w.reset_at > now
        }

    def take_old_edit(self, channel: str, now: float, limit: int, window: float) -> float | None:
        """Admit one edit of an old message in ``channel``: None, or the seconds until one of
        the ``limit`` edits per ``window`` is free again."""
        times = self._old_edits.setdefault(channel, deque())
        while times and times[0] <= now - window:
            times.popleft()
        if len(times) >= limit:
            return max(0.001, times[0] + window - now)
        times.append(now)
        return None


def _ceil_ms(seconds: float) -> float:
    """Rounded up to the millisecond: a client that waits exactly what it was told must not
    arrive a fraction of a millisecond early and be refused again."""
    return math.ceil(seconds * 1000) / 1000


def too_many_requests(
    retry_after: float,
    *,
    scope: str,
    code: int = 0,
    message: str = RATE_LIMITED,
    headers: dict[str, str] | None = None,
) -> web.Response:
    """Discord's 429: ``Retry-After`` in whole seconds (rounded up), the exact float in the
    JSON ``retry_after``; ``Via`` and JSON, without which discord.py takes a 429 for a
    Cloudflare ban and gives up."""
    body: dict[str, Any] = {
        "message": message,
        "retry_after": _ceil_ms(retry_after),
        "global": scope == "global",
        "code": code,
    }
    extra = {
        **(headers or {}),
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "Via": "1.1 google",
        "X-RateLimit-Scope": scope,
    }
    if scope == "global":
        extra["X-RateLimit-Global"] = "true"
    return _json(body, 429, extra)


# ---------------------------------------------------------------------- message ages


class MessageClock(dict[int, FakeMessage]):
    """The fake's messages by id (``fake._messages``), remembering when each was first stored
    on the fake's clock: Discord limits edits of messages older than an hour, and
    ``advance_clock`` makes a message old without waiting."""

    def __init__(self, clock: Callable[[], float]) -> None:
        super().__init__()
        self._clock = clock
        self.born: dict[int, float] = {}

    def __setitem__(self, key: int, value: FakeMessage) -> None:
        if key not in self.born:
            self.born[key] = self._clock()
        super().__setitem__(key, value)
