"""The loopback fake Discord's shared vocabulary (:mod:`tests.e2e.fake_discord`): the API
path prefix, gateway intents, the fake bot's permissions; the errors the driver raises
(:class:`DriverError`, :class:`InteractionNotAcknowledged`, :class:`WaitTimeout`); a refused
request (:class:`Rejection`) and the exception a route handler raises to refuse one
(``_Refused``); a parsed request, an upload, an injected failure; the gateway's records
(:class:`GatewayEvent`, :class:`SessionRecord`, one websocket connection). ``fake_discord``
re-exports the public ones."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
from aiohttp import web

from tests.e2e.discord_rules import FieldError
from tests.e2e.fake_model import DEFAULT_PERMISSIONS, InteractionRecord

API_PREFIX = "/api/v10"

# Gateway intents.
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15

# Sharding. Discord lets each rate-limit bucket (shard_id % max_concurrency) start one session
# per IDENTIFY_WINDOW seconds.
IDENTIFY_WINDOW = 5.0

# The bot's role: the defaults plus MANAGE_MESSAGES, MANAGE_THREADS, CREATE_PRIVATE_THREADS.
_BOT_PERMISSIONS = DEFAULT_PERMISSIONS | (1 << 13) | (1 << 34) | (1 << 36)


class DriverError(AssertionError):
    """The test asked for something a real Discord client would not send (an unknown command
    or option, a component the bot did not send or disabled, a value not offered, ...)."""


class InteractionNotAcknowledged(AssertionError):
    """The bot did not acknowledge an interaction within the deadline ("This interaction
    failed" for the user)."""


class WaitTimeout(AssertionError):
    """``fake.wait_for`` ran out of time."""


@dataclass
class Rejection:
    """A request the fake refused (or, with ``status == 0``, a protocol violation without an
    HTTP reply, e.g. a missing acknowledgement). ``violation`` marks those that fail the
    test."""

    method: str
    path: str
    status: int
    code: int
    message: str
    errors: dict[str, Any] | None = None
    detail: str = ""
    violation: bool = True
    body: Any = None

    def __str__(self) -> str:
        where = f"{self.method} {self.path}" if self.method else self.path
        text = f"{where} -> {self.status} code={self.code} {self.message}"
        if self.errors:
            text += f" errors={json.dumps(self.errors, ensure_ascii=False)[:800]}"
        if self.detail:
            text += f"\n      {self.detail}"
        return text


class _Refused(Exception):
    """Raised inside a handler: becomes Discord's error reply (and a Rejection)."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: Sequence[FieldError] | None = None,
        *,
        violation: bool = True,
        detail: str = "",
        record: InteractionRecord | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.field_errors = list(errors or [])
        self.violation, self.detail, self.record = violation, detail, record


def _form_error(errors: Sequence[FieldError], record: InteractionRecord | None = None) -> _Refused:
    return _Refused(
        400,
        50035,
        "Invalid Form Body",
        errors,
        detail="; ".join(str(e) for e in errors),
        record=record,
    )


def _unknown(what: str, code: int, *, violation: bool = False, detail: str = "") -> _Refused:
    return _Refused(404, code, f"Unknown {what}", violation=violation, detail=detail)


@dataclass
class _Upload:
    index: int
    filename: str
    data: bytes


@dataclass
class _Request:
    method: str
    path: str
    template: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    uploads: dict[int, _Upload]


@dataclass
class _Injected:
    method: str
    template: str
    status: int
    body: dict[str, Any]
    headers: dict[str, str]
    only: str = ""  # a request path must contain this to fail (e.g. one channel's id)


@dataclass(frozen=True)
class GatewayEvent:
    """One DISPATCH the fake sent to a session: its name, the guild it was routed by (None for
    READY, DMs and other events without a guild) and its payload."""

    name: str
    guild_id: int | None
    data: Any = field(compare=False, repr=False)


@dataclass(eq=False)
class SessionRecord:
    """A gateway session the bot identified, kept after it ends, so that a test can see which
    shard got which events. A RESUME continues the same record on a new connection."""

    session_id: str
    #: ``(shard_id, shard_count)`` as the IDENTIFY sent it; None for an unsharded session.
    shard: tuple[int, int] | None
    intents: int
    #: The fake's clock at IDENTIFY.
    identified_at: float = 0.0
    #: Every DISPATCH sent on this session, in order (READY, GUILD_CREATE, ...).
    events: list[GatewayEvent] = field(default_factory=list)
    #: Open connections carrying the session (0 once it closed; 1 while connected).
    connections: int = 0

    @property
    def shard_id(self) -> int:
        """The shard this session is (0 when unsharded: Discord treats it as shard 0 of 1)."""
        return self.shard[0] if self.shard else 0

    @property
    def shard_count(self) -> int:
        return self.shard[1] if self.shard else 1

    @property
    def live(self) -> bool:
        return self.connections > 0

    def received(self, name: str) -> list[GatewayEvent]:
        """The events called ``name`` this session got, in order."""
        return [e for e in self.events if e.name == name]

    def guild_ids(self, name: str | None = None) -> set[int]:
        """The guilds of the events (``name`` only, if given) this session got."""
        return {
            e.guild_id
            for e in self.events
            if e.guild_id is not None and (name is None or e.name == name)
        }

    def routes(self, guild_id: int | None) -> bool:
        """Discord's routing: a guild's events go to shard ``(guild_id >> 22) % shard_count``
        of the session's own count; events without a guild (DMs) to shard 0 only."""
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id


@dataclass(eq=False)
class _GatewaySession:
    """One websocket connection (a RESUME opens a new one for the same :class:`SessionRecord`)."""

    ws: web.WebSocketResponse
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    identified: bool = False
    intents: int = 0
    session_id: str = ""
    seq: int = 0
    record: SessionRecord | None = None
    writer: asyncio.Task[None] | None = None


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py parses a body as JSON only when Content-Type is exactly application/json.
    return web.Response(
        body=orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
