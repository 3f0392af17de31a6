"""The root layer of :class:`~tests.e2e.fake_discord.FakeDiscord`: its constructor, which sets
up all the state the layers share (the world's tables, the interactions, the rejections and
violations, the gateway sessions, failure injection), the fake's clock, and waiting until
something the fake sees makes a predicate true.

``FakeDiscord`` is composed of layers (mixins), one a module, all working on one instance.
Each layer subclasses the layers whose methods it calls, with :class:`FakeCore` at the root,
so that every module type-checks on its own; no method is defined in two layers but
``_build_default_world``, which the constructor calls and
:class:`~tests.e2e.fake_world.FakeWorld` defines.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e import discord_rules as rules
from tests.e2e.fake_limits import DEFAULT_BUCKETS, MessageClock, RateLimiter, Traffic
from tests.e2e.fake_model import (
    FakeAttachment,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeUser,
    InteractionRecord,
    Snowflakes,
)
from tests.e2e.fake_types import (
    API_PREFIX,
    IDENTIFY_WINDOW,
    Rejection,
    SessionRecord,
    WaitTimeout,
    _GatewaySession,
    _Injected,
)
from tests.e2e.openapi_check import OpenApiSpec, spec_path_from_env

if TYPE_CHECKING:
    from tests.e2e.fake_faults import Faults


def _resolve(waiter: asyncio.Future[None]) -> None:
    """End one :meth:`FakeDiscord._wait` round (a change, or the round's timer)."""
    if not waiter.done():
        waiter.set_result(None)


class FakeCore:
    """The fake's state, clock, waiting and violations. See :mod:`tests.e2e.fake_discord`."""

    def __init__(
        self,
        *,
        token: str = "fake-bot-token.XXXXXX.shangrao",
        ack_deadline: float = 3.0,
        wait_timeout: float = 5.0,
        upload_limit: int = 10 * 1024 * 1024,
        openapi_spec: str | Path | bool | None = None,
        world: bool = True,
        shards: int = 1,
        max_concurrency: int = 1,
        session_start_total: int = 1000,
        identify_pacing: bool | None = None,
        identify_window: float = IDENTIFY_WINDOW,
        rate_limits: bool = False,
    ) -> None:
        """``openapi_spec``: a path, False for no validation, None (default) to take
        ``DISCORD_OPENAPI_SPEC`` from the environment. ``world=False`` starts empty (no guild,
        no users).

        Sharding (all four may also be set as attributes before the bot connects):
        ``shards`` is the shard count the bot's guilds need: GET /gateway/bot recommends it,
        and a session that would carry more guilds than that (no ``shard`` in IDENTIFY, or a
        smaller count) is closed with 4011 Sharding required. ``max_concurrency`` and
        ``session_start_total`` are the ``session_start_limit`` GET /gateway/bot reports.
        ``identify_pacing``: record a violation for an IDENTIFY sooner than 5 s after the
        previous one of its rate-limit bucket (``shard_id % max_concurrency``); None (default)
        checks it only when the fake has more than one shard, as the one-shard tests restart
        their bot within seconds on purpose. ``identify_window``: that interval (Discord's
        5 s by default); a test that is not about it shortens it, and a bot process started
        with :meth:`subprocess_env` is told to pace its logins to match.

        ``rate_limits``: apply Discord's rate limits (also the attribute; see
        :mod:`tests.e2e.fake_faults` for it and the other limits and faults, all off by
        default)."""
        self.ids = Snowflakes()
        self.token = token
        self.ack_deadline = ack_deadline
        self.wait_timeout = wait_timeout
        # a test's hold on acknowledgements: awaited before an accepted acknowledgement is
        # answered (a slow round trip to Discord, at the moment the test chooses)
        self.before_ack: Callable[[InteractionRecord], Awaitable[None]] | None = None
        self.upload_limit = upload_limit
        self.heartbeat_interval_ms = 41250
        self.bot_user = FakeUser(self.ids.next(), "ShangraoBot", bot=True)
        self.application_id = self.bot_user.id
        self.application_name = "Shangrao Bot"
        spec_path: Path | None
        if openapi_spec is None or openapi_spec is True:
            spec_path = spec_path_from_env()
        elif openapi_spec is False:
            spec_path = None
        else:
            spec_path = Path(openapi_spec)
        self.spec: OpenApiSpec | None = OpenApiSpec.load(spec_path.resolve()) if spec_path else None

        self.users: dict[str, FakeUser] = {}
        self.guilds: list[FakeGuild] = []
        self._channels: dict[int, FakeChannel] = {}
        self._dm_channels: dict[int, FakeChannel] = {}
        self._messages: MessageClock = MessageClock(self.now)
        self._attachments: dict[int, FakeAttachment] = {}
        self._commands: dict[int | None, list[dict[str, Any]]] = {}
        self._app_emojis: dict[int, FakeEmoji] = {}
        #: How many emoji the application may own (Discord: 2000).
        self.application_emoji_limit = rules.MAX_APPLICATION_EMOJIS
        #: Names of the application emoji the bot created / deleted, in order.
        self.emoji_uploads: list[str] = []
        self.emoji_deletions: list[str] = []
        self.interactions: list[InteractionRecord] = []
        self._by_token: dict[str, InteractionRecord] = {}
        self.rejections: list[Rejection] = []
        self._violations: list[Rejection] = []
        self.requests: list[tuple[str, str]] = []
        self.invalid_requests = 0
        self.identify_count = 0
        self.shards = shards
        self.max_concurrency = max_concurrency
        self.session_start_total = session_start_total
        self.identify_pacing = identify_pacing
        self.identify_window = identify_window
        #: Every session the bot identified, oldest first (see :class:`SessionRecord`).
        self.gateway_sessions: list[SessionRecord] = []
        #: rate-limit bucket -> the fake's clock at its last IDENTIFY.
        self._bucket_identified: dict[int, float] = {}
        self._injected: list[_Injected] = []
        self._before: list[tuple[str, str, Callable[[], Awaitable[None]]]] = []
        self._sessions: list[_GatewaySession] = []
        #: session_id -> every identified session, for RESUME.
        self._resumable: dict[str, SessionRecord] = {}
        self.resume_count = 0
        self._waiters: set[asyncio.Future[None]] = set()  # polling _wait rounds: any change
        #: the other _wait rounds: resolved by the change after which their predicate holds
        self._watches: dict[asyncio.Future[None], Callable[[], bool]] = {}
        self._clock_offset = 0.0
        self._init_limits(rate_limits)
        self._runner: web.AppRunner | None = None
        self.port = 0
        if world:
            self._build_default_world()

    def _init_limits(self, rate_limits: bool) -> None:
        """The state of :mod:`tests.e2e.fake_faults`: Discord's limits and faults, all off
        (an ordinary test sees no change) but the traffic record."""
        #: Every HTTP request answered (:class:`~tests.e2e.fake_limits.Traffic`).
        self.traffic = Traffic()
        #: Apply Discord's rate limits: global, per-route buckets, old-message edits.
        self.rate_limits = rate_limits
        #: Global-counted requests per second per bot token.
        self.global_limit = 50
        #: The bucket table (a copy of ``DEFAULT_BUCKETS``; a test may shorten windows).
        self.buckets = dict(DEFAULT_BUCKETS)
        #: Edits of messages older than an hour allowed per channel per ``old_edit_window``.
        self.old_edit_limit = 3
        self.old_edit_window = 3600.0
        #: The ``retry_after`` of a 30046 answer (discord.py retries it 5 times, then raises).
        self.old_edit_retry_after = 1.0
        #: Edits of messages older than an hour the bot tried (limits on or off).
        self.old_message_edits = 0
        #: Discord failing requests (None: never).
        self.faults: Faults | None = None
        #: ``(low_s, high_s)``: each HTTP request waits a random time in the range first.
        self.latency: tuple[float, float] | None = None
        self.latency_seed = 0
        self._latency_rng: tuple[int, random.Random] | None = None
        self._limiter = RateLimiter()
        #: Gateway outages begun by ``drop_gateway``.
        self.gateway_outages = 0
        #: The event loop's clock until which gateway connections are refused.
        self._gateway_down_until = 0.0
        #: During an outage, hold new gateway connections until it ends (else: answer 503).
        self._gateway_hold = False
        self._gateway_transports: dict[_GatewaySession, asyncio.Transport] = {}

    def _build_default_world(self) -> None:
        """The default world: built by :class:`~tests.e2e.fake_world.FakeWorld`."""
        raise NotImplementedError

    # ------------------------------------------------------------------ addresses

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return self.url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def _guild_or_none(self, guild_id: str) -> FakeGuild | None:
        return next((g for g in self.guilds if str(g.id) == guild_id), None)

    # ------------------------------------------------------------------ violations

    @property
    def violations(self) -> list[Rejection]:
        return list(self._violations)

    def take_violations(self) -> list[Rejection]:
        """Return and forget the violations seen so far (for tests that provoke them)."""
        taken, self._violations = self._violations, []
        return taken

    def describe_violations(self) -> str:
        return "\n".join(f"  - {v}" for v in self._violations)

    # ------------------------------------------------------------------ time and waiting

    def now(self) -> float:
        return time.monotonic() + self._clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Move the fake's clock on (interaction deadlines and 15-minute token lifetime)."""
        self._clock_offset += seconds

    def _notify(self) -> None:
        waiters, self._waiters = self._waiters, set()
        for waiter in waiters:
            _resolve(waiter)
        for waiter, predicate in list(self._watches.items()):
            try:
                met = waiter.done() or predicate()
            except Exception:  # the waiting task meets the error itself, when it re-checks
                met = True
            if met:
                _resolve(waiter)
                self._watches.pop(waiter, None)

    async def _wait(
        self, predicate: Callable[[], bool], timeout: float, *, poll: bool = True
    ) -> bool:
        """Re-check ``predicate`` on every change the fake sees, and (``poll``) every 20 ms
        for predicates on state the fake does not see (the bot's cache).

        Each round awaits a plain future, with no timeout inside a timeout: on Python 3.11
        an outer timeout's cancellation can meet an inner ``wait_for`` cancelling its own
        waiter, and the task then hangs in "cancelling" for good (seen under load: a test run
        stuck). A polling round's future is resolved by the next change or its 20 ms timer.
        A round without polling hands its predicate to the fake, which checks it after each
        change and resolves the future only once it holds: a benchmark's dozens of drivers
        then wake once per change of their own, not all of them on every change."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not predicate():
            left = end - loop.time()
            if left <= 0:
                return predicate()
            waiter: asyncio.Future[None] = loop.create_future()
            if poll:
                self._waiters.add(waiter)
                timer = loop.call_later(min(left, 0.02), _resolve, waiter)
            else:
                self._watches[waiter] = predicate
                timer = loop.call_later(left, _resolve, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
                self._waiters.discard(waiter)
                self._watches.pop(waiter, None)
        return True

    async def wait_for(
        self, predicate: Callable[[], bool], timeout: float | None = None, *, poll: bool = True
    ) -> None:
        """Wait until ``predicate()``, re-checked on every change the fake sees (and every
        20 ms unless ``poll`` is False: a predicate only on the fake's own state needs no
        polling); raise :class:`WaitTimeout` after ``timeout`` (``fake.wait_timeout``, 5 s, by
        default)."""
        limit = self.wait_timeout if timeout is None else timeout
        if not await self._wait(predicate, limit, poll=poll):
            raise WaitTimeout(
                f"condition not met within {limit} s; violations so far:\n"
                + self.describe_violations()
            )
