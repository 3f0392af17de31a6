"""Discord limiting and failing (a layer of :class:`~tests.e2e.fake_discord.FakeDiscord`):
latency, the traffic record, rate limits (global, per route, old-message edits), faults
(5xx, timeouts) and gateway outages, applied to the requests
:class:`~tests.e2e.fake_server.FakeHttpServer` handles. The data and bookkeeping live in
:mod:`tests.e2e.fake_limits`.

Why: what a bot does well in one guild can break in a hundred, where Discord's limits and
faults are part of every minute; a test or benchmark switches them on to see the bot cope
(``fake.rate_limits = True``, ``fake.faults = Faults(...)``, ``fake.latency = (lo, hi)``,
``await fake.drop_gateway(s)``). All are off by default, so ordinary tests see exactly what
they saw before; only the traffic record is always kept.

A request passes, in order: latency (before anything, so concurrent requests overtake each
other), ``fail_next`` injections, the global limit, its bucket, the old-message edit limit,
faults, then the fake's own checks and handler. An answer of a rate-limited route carries
its bucket's headers (also a success's and an error's; not a fault's, which comes from
Discord's front, not its API).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import dataclass, field

import orjson
from aiohttp import web

from tests.e2e.fake_gateway import FakeGateway
from tests.e2e.fake_limits import (
    CALLBACK_TEMPLATE,
    OLD_EDIT_CODE,
    OLD_EDIT_MESSAGE,
    OLD_MESSAGE_AGE,
    BucketLimit,
    RouteClass,
    TrafficRecord,
    classify,
    too_many_requests,
)
from tests.e2e.fake_model import FakeMessage
from tests.e2e.fake_types import Rejection, _json

_EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"


# ---------------------------------------------------------------------- faults


#: Routes a fault leaves alone unless a test names them in ``Faults.routes``: login (so the
#: bot starts) and interaction callbacks (a failed callback is "This interaction failed" for
#: the user, which only a test about exactly that wants).
PROTECTED_ROUTES = frozenset(
    {
        "GET /gateway",
        "GET /gateway/bot",
        "GET /users/@me",
        "GET /oauth2/applications/@me",
        f"POST {CALLBACK_TEMPLATE}",
    }
)

CLOUDFLARE_502 = (
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
    "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n"
    "</body>\r\n</html>\r\n"
)

_FAULT_MESSAGES = {
    500: "500: Internal Server Error",
    502: "502: Bad Gateway",
    503: "503: Service Unavailable",
    504: "504: Gateway Timeout",
}


@dataclass
class Faults:
    """Discord failing requests, off unless a test sets ``fake.faults = Faults(...)``.

    Each request of a matching route (``routes``: ``"METHOD template"`` strings; empty: every
    route but :data:`PROTECTED_ROUTES`) draws once from a generator seeded with ``seed``:
    with probability ``rate`` it is answered with one of ``statuses`` (502 as Cloudflare's
    HTML page, the others as Discord's JSON error) and not carried out; with probability
    ``timeout_rate`` the fake holds it ``timeout_s`` seconds and then closes the connection
    without an answer (a client with a shorter timeout gives up first; discord.py, whose
    session allows 300 s, raises ``aiohttp.ServerDisconnectedError``, which it does not
    retry; aiohttp itself may resend an idempotent request such as a GET once, which then
    draws again). ``timeout_done_rate``: the share of those timeouts that Discord did carry out
    before the answer was lost (the message exists, the bot does not know)."""

    rate: float = 0.0
    statuses: tuple[int, ...] = (500, 502, 503, 504)
    routes: tuple[str, ...] = ()
    timeout_rate: float = 0.0
    timeout_s: float = 5.0
    seed: int = 0
    timeout_done_rate: float = 0.0
    _rng: random.Random = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def applies(self, route: str) -> bool:
        return route in self.routes if self.routes else route not in PROTECTED_ROUTES

    def draw(self) -> tuple[str, int]:
        """What happens to one matching request: ``("ok", 0)``, ``("status", status)`` or
        ``("timeout", 1 if carried out else 0)``."""
        roll = self._rng.random()
        if roll < self.rate:
            return "status", self._rng.choice(self.statuses)
        if roll < self.rate + self.timeout_rate:
            return "timeout", int(self._rng.random() < self.timeout_done_rate)
        return "ok", 0


def fault_response(status: int) -> web.Response:
    """A failed request's answer: Cloudflare's HTML page for 502, Discord's JSON else."""
    if status == 502:
        return web.Response(status=502, text=CLOUDFLARE_502, content_type="text/html")
    message = _FAULT_MESSAGES.get(status, f"{status}: Server Error")
    return _json({"message": message, "code": 0}, status)


@dataclass
class _Call:
    """One request on its way through the limits: what its traffic record and answer need."""

    request: web.Request
    method: str
    template: str
    route: RouteClass
    at: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    #: A timeout fault: hold the answer this long, then drop the connection.
    drop_after: float | None = None


class FakeFaults(FakeGateway):
    """Latency, traffic record, rate limits, faults and gateway outages."""

    # ------------------------------------------------------------------ around each request

    async def _limits_arrive(self, request: web.Request, method: str, template: str) -> _Call:
        """Wait the request's latency (if any), then classify it for the limits."""
        if self.latency is not None:
            if self._latency_rng is None or self._latency_rng[0] != self.latency_seed:
                self._latency_rng = (self.latency_seed, random.Random(self.latency_seed))
            low, high = self.latency
            await asyncio.sleep(self._latency_rng[1].uniform(low, high))
        params = dict(request.match_info)
        route = classify(method, template, params, self.application_id, self.buckets)
        if f"{method} {template}" == _EDIT_MESSAGE:
            self._count_old_edit(params["message_id"])
        return _Call(request, method, template, route, at=self.now())

    async def _limits_gate(self, call: _Call) -> web.StreamResponse | None:
        """Discord's limits and faults: an answer that ends the request here, or None to
        carry it out. Sets the bucket headers the eventual answer carries."""
        if self.rate_limits:
            limited = self._rate_limit(call)
            if limited is not None:
                return limited
        faults = self.faults
        route = f"{call.method} {call.template}"
        if faults is None or not faults.applies(route):
            return None
        outcome, value = faults.draw()
        if outcome == "status":
            call.headers = {}  # the answer comes from Discord's front, not its API
            self._fault_rejection(call, value, "injected fault (fake.faults)")
            return fault_response(value)
        if outcome == "timeout":
            call.drop_after = faults.timeout_s
            carried_out = bool(value)
            self._fault_rejection(
                call,
                0,
                f"timeout fault: connection dropped after {faults.timeout_s:g} s, request "
                + ("carried out" if carried_out else "not carried out"),
            )
            if not carried_out:
                return web.Response(status=504)  # never sent: the connection is dropped
        return None

    async def _limits_depart(self, call: _Call, response: web.StreamResponse) -> web.StreamResponse:
        """Add the bucket headers, drop the connection of a timeout, record the traffic."""
        if call.headers and not response.prepared:
            for name, value in call.headers.items():
                response.headers.setdefault(name, value)
        status = response.status
        if call.drop_after is not None:
            self._notify()  # what a carried-out request changed is seen now, not after the hold
            await asyncio.sleep(call.drop_after)
            if call.request.transport is not None:
                call.request.transport.abort()
            status = 0
        scope = response.headers.get("X-RateLimit-Scope") if status == 429 else None
        self.traffic.add(
            TrafficRecord(
                call.at,
                call.method,
                call.template,
                call.route.major,
                call.route.exempt,
                status,
                scope,
                _error_code(response) if status >= 400 else 0,
            )
        )
        return response

    def _record_unknown_route(self, method: str, path: str, status: int) -> None:
        """The traffic record of a request to a route the fake does not know."""
        self.traffic.add(TrafficRecord(self.now(), method, path, "", False, status, None, 0))

    # ------------------------------------------------------------------ rate limits

    def _rate_limit(self, call: _Call) -> web.Response | None:
        now, route = self.now(), call.route
        if not route.exempt:
            retry = self._limiter.take_global(now, self.global_limit)
            if retry is not None:
                return self._limited(call, too_many_requests(retry, scope="global"), "global")
        limit = self.buckets.get(route.kind) or self.buckets.get("default")
        if limit is None:  # a test removed the default bucket: the route is unlimited
            limit = BucketLimit(1 << 30, 1.0)
        verdict = self._limiter.take_bucket(route, limit, now)
        call.headers = verdict.headers()
        if not verdict.ok:
            answer = too_many_requests(verdict.reset_after, scope="user", headers=call.headers)
            return self._limited(call, answer, f"bucket {route.bucket} {route.major}")
        if f"{call.method} {call.template}" == _EDIT_MESSAGE:
            return self._old_edit_limit(call, now)
        return None

    def _old_edit_limit(self, call: _Call, now: float) -> web.Response | None:
        params = call.request.match_info
        if not self._is_old(params["message_id"], now):
            return None
        retry = self._limiter.take_old_edit(
            params["channel_id"], now, self.old_edit_limit, self.old_edit_window
        )
        if retry is None:
            return None
        answer = too_many_requests(
            self.old_edit_retry_after,
            scope="user",
            code=OLD_EDIT_CODE,
            message=OLD_EDIT_MESSAGE,
            headers=call.headers,
        )
        return self._limited(call, answer, f"old-message edits (next free in {retry:.0f} s)")

    def _is_old(self, message_id: str, now: float) -> bool:
        born = self._messages.born.get(int(message_id)) if message_id.isdigit() else None
        return born is not None and now - born > OLD_MESSAGE_AGE

    def _count_old_edit(self, message_id: str) -> None:
        """Count every edit of a message older than an hour (limits on or off), so that a
        test can assert the bot never makes one."""
        if self._is_old(message_id, self.now()):
            self.old_message_edits += 1

    def _limited(self, call: _Call, answer: web.Response, what: str) -> web.Response:
        scope = answer.headers.get("X-RateLimit-Scope", "")
        if scope != "shared":  # Discord leaves shared-scope 429s out of the invalid requests
            self.invalid_requests += 1
        code = _error_code(answer)
        self.rejections.append(
            Rejection(
                call.method,
                call.request.path,
                429,
                code,
                OLD_EDIT_MESSAGE if code == OLD_EDIT_CODE else "You are being rate limited.",
                detail=f"rate limited ({scope}): {what}",
                violation=False,
            )
        )
        return answer

    def _fault_rejection(self, call: _Call, status: int, detail: str) -> None:
        self.rejections.append(
            Rejection(
                call.method, call.request.path, status, 0, "fault", detail=detail, violation=False
            )
        )

    def message_age(self, message: FakeMessage) -> float | None:
        """Seconds since ``message`` was made, on the fake's clock (None: not known)."""
        born = self._messages.born.get(message.id)
        return None if born is None else self.now() - born

    # ------------------------------------------------------------------ gateway outages

    async def drop_gateway(self, for_seconds: float, *, hold: bool = False) -> None:
        """A gateway outage: abort every bot session's connection (no close frame, as when
        the network drops: discord.py sees 1006 and tries to RESUME at once) and, until
        ``for_seconds`` have passed on the real clock, answer new gateway connections 503
        (discord.py then backs off a random 0-2 s, 0-4 s, ... between tries, so it is back
        0 to several seconds after the outage) or, with ``hold``, leave them unanswered
        until the outage ends (the bot is back right after it: for tests that want no
        randomness). The bot RESUMEs its session; events dispatched meanwhile are lost,
        RESUMED replays nothing. Returns once the sessions are closed;
        ``fake.gateway_outages`` counts outages."""
        loop = asyncio.get_running_loop()
        self._gateway_down_until = max(self._gateway_down_until, loop.time() + for_seconds)
        self._gateway_hold = hold
        self.gateway_outages += 1
        dropped = list(self._sessions)
        for session in dropped:
            transport = self._gateway_transports.get(session)
            if transport is not None:
                transport.abort()
            else:  # no transport known: close it the polite way
                with contextlib.suppress(Exception):
                    await session.ws.close(code=4000, message=b"Unknown error.")
        self._notify()
        await self.wait_for(lambda: not any(s in self._sessions for s in dropped), poll=False)


def _error_code(response: web.StreamResponse) -> int:
    """The JSON ``code`` of an error answer (0 when it has none, e.g. an HTML page)."""
    if not isinstance(response, web.Response) or response.content_type != "application/json":
        return 0
    body = response.body
    if not isinstance(body, bytes | bytearray):
        return 0
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return 0
    code = data.get("code", 0) if isinstance(data, dict) else 0
    return code if isinstance(code, int) else 0
