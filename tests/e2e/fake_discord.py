"""A loopback fake of Discord for end-to-end tests of the real, unmodified discord.py client.

The fake is an aiohttp server on 127.0.0.1 (ephemeral port) that speaks Discord's REST API v10
and gateway protocol as far as a slash-command bot needs, keeps a small world (users with
locales, guilds with roles and members, text channels, threads, DMs, messages, attachments) and
*rejects what Discord rejects*, with Discord's error shapes. Tests drive it as a user would:
run a slash command, click a button, pick from a select, submit a modal; then read what the bot
posted.

Using it (pytest; fixtures in ``tests/e2e/conftest.py``)::

    async def test_help(fake_discord: FakeDiscord, start_bot) -> None:
        bot = await start_bot(make_my_bot())            # real commands.Bot, real HTTP + WebSocket
        alice, bob = fake_discord.user("alice"), fake_discord.user("bob")   # bob: locale zh-CN
        rec = await fake_discord.slash(bob, "rules show")                 # INTERACTION_CREATE
        msg = await rec.response()                       # waits out a defer, no sleeps
        assert "规则" in msg.text()
        rec = await fake_discord.click(alice, msg, "mj:1:0:discard:5m")   # only ids the bot sent
        await rec.wait_followups(1)
        assert fake_discord.dm_messages(bob)[-1].attachments[0].filename == "hand.png"

The ``fake_discord`` fixture fails the test at teardown if the fake saw a *violation*: an
unknown route, a body Discord would refuse (50035 Invalid Form Body, 50006 empty message, 40005
too large), a second acknowledgement (40060), a late or missing acknowledgement (10062), a
follow-up with an unknown or expired token (10015 / 50027), an ephemeral message touched
through the channel, a component whose emoji does not exist (50035
BUTTON_COMPONENT_INVALID_EMOJI), or an application emoji Discord would refuse (50035: a name
not 2-32 characters of ``[A-Za-z0-9_]`` or already taken, an image that is not a data URI of a
PNG, JPEG, GIF, WebP or AVIF image of at most 256 KiB). Legitimate refusals (403 / 50007 when a
user's DMs are closed, 404 for a deleted message or emoji, a bad token at login, 30008 when the
application already has 2000 emoji) are only logged in ``fake.rejections``. A test that
provokes a violation on purpose takes it with ``fake.take_violations()``.

World (built by default; add more with ``add_user``, ``add_guild``, ``guild.add_member``,
``guild.add_text_channel``, ``guild.add_thread``):

- guild "Shangrao Mahjong Club" (``fake.guild``), preferred locale en-US, roles @everyone,
  "Admin" (ADMINISTRATOR) and the bot's role;
- users ``alice`` (owner and admin, en-US), ``bob`` (zh-CN), ``carol`` (zh-TW), ``dave``
  (en-US), all members; ``fake.user(name)``; set ``user.dms_open = False`` for closed DMs;
- text channels ``general`` (the default channel of the driver) and ``mahjong``, and a public
  thread ``table-1`` under ``mahjong``; ``fake.channel(name)``.

Driver API (coroutines return an :class:`InteractionRecord` once the bot acknowledged, or raise
:class:`InteractionNotAcknowledged` after the deadline, ``fake.ack_deadline`` = 3 s by default,
per call ``deadline=``; what a real client could not send raises :class:`DriverError`):

- ``await fake.slash(user, "score tiles", in_channel=None, deadline=None, **options)``: the
  command must have been synced and be usable there by that user (guild/global scope, DM
  context, ``default_member_permissions``); names may be the user's localized ones; subcommand
  groups are words ("game admin reset"); options are checked against the synced definition
  (required, type, choices, min/max) and converted: str/int/float/bool, FakeUser/FakeMember,
  FakeChannel, FakeRole, ``(filename, bytes)`` for attachments; None = left empty.
  ``in_channel`` and ``deadline`` are reserved keywords (use ``**{"name": v}`` for odd names)
- ``await fake.click(user, message, custom_id)``
- ``await fake.select(user, message, custom_id, values)``
- ``await fake.submit_modal(user, modal_record, {custom_id: value})``
- ``await fake.autocomplete(user, "cmd", focused="option", **options)`` -> choices
- ``await fake.user_command(user, "name", target)``, ``await fake.message_command(user, "name",
  message)``
- ``fake.user_message(user, channel, content)`` (a user posts; MESSAGE_CREATE)
- reading: ``fake.channel_messages(channel)``, ``fake.dm_messages(user)``,
  ``fake.ephemeral_messages(user)``, ``fake.attachment_bytes(message, i)``,
  ``fake.commands(guild=None)``, ``fake.interactions``, ``fake.rejections``
- waiting: ``await fake.wait_for(predicate, timeout=None)``; on a record ``await
  rec.response()``, ``await rec.wait_followups(n)``, ``await rec.wait_until(pred)``
- application emoji: ``fake.application_emojis()`` (oldest first), ``fake.application_emoji(id
  or name)``, ``fake.add_application_emoji(name, image=None)`` (one uploaded from the Developer
  Portal by a team member), ``fake.emoji_uploads`` / ``fake.emoji_deletions`` (names the bot
  created / deleted, in order), ``fake.application_emoji_limit`` (2000)
- failure injection: ``fake.fail_next("POST", "/channels/{channel_id}/messages", status=429,
  retry_after=0.01, times=1)``; time: ``fake.advance_clock(seconds)`` (e.g. past the
  15-minute token life); gateway: ``await fake.reconnect_gateway()`` (op 7, the bot RESUMEs
  at resume_gateway_url)

Sharding: ``FakeDiscord(shards=2, max_concurrency=1)`` (or the attributes, before the bot
connects; one shard by default). GET /gateway/bot recommends ``shards``; IDENTIFY's ``shard``
is checked as Discord does (4010 Invalid shard, 4011 Sharding required); a guild's events go to
the sessions of shard ``(guild_id >> 22) % shard_count`` (each session's own count), events
without a guild (DMs) to shard 0; READY lists the shard's guilds only. Violations: a shard
identified while another session of it is connected, an IDENTIFY sooner than 5 s after the
previous one of its bucket ``shard_id % max_concurrency`` (checked when ``shards`` > 1, or with
``identify_pacing=True``). A guild on shard k: ``fake.add_guild(name, owner=..., shard=k)``
(or an id from ``fake.guild_id_on_shard(k)``); ``fake.shard_of(guild)``. Which shard got what:
``fake.gateway_sessions`` (a :class:`SessionRecord` per identified session: ``shard``,
``events``, ``received(name)``, ``guild_ids()``, ``live``), ``fake.live_sessions(shard)``,
``fake.connected_shards``, ``fake.received_by(name, where)``, ``fake.delivered_to(record)``.

Records (:class:`InteractionRecord`): ``ack_type`` (4 message, 5 deferred, 6 deferred update,
7 update, 8 autocomplete, 9 modal), ``message`` (the original response; for 6/7 the clicked
message), ``followups``, ``messages``, ``text()``, ``ephemeral``, ``modal``, ``choices``,
``rejections``. Messages (:class:`FakeMessage`) are live objects: ``content``, ``embeds``,
``components``, ``custom_ids``, ``buttons()``, ``attachments`` (``filename``, ``data``, ``url``),
``ephemeral``, ``deleted``, ``edits``, ``text()`` (content + embeds + text displays).

Configure the fixture's fake with ``@pytest.mark.fake_discord(ack_deadline=0.2, ...)``, or
use ``async with running_fake(...) as fake`` outside pytest fixtures.

Strictness rules live in :mod:`tests.e2e.discord_rules`; when ``DISCORD_OPENAPI_SPEC`` names
Discord's OpenAPI file, every JSON body (and multipart ``payload_json``) is also validated
against it (:mod:`tests.e2e.openapi_check`).

Pointing discord.py at the fake: ``with fake.patch_discord(): ...`` sets
``discord.http.Route.BASE`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` and
restores them; for a bot in another process, ``fake.subprocess_env(token=...)`` puts
``tests/e2e/sitecustom`` on ``PYTHONPATH`` and sets ``SHANGRAO_FAKE_DISCORD`` (read by its
``sitecustomize.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import mimetypes
import os
import re
import secrets
import socket
import struct
import time
import traceback
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from aiohttp import WSMsgType, web

from tests.e2e import discord_rules as rules
from tests.e2e.discord_rules import FieldError
from tests.e2e.fake_model import (
    ADMINISTRATOR,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFAULT_PERMISSIONS,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    DM,
    GUILD_TEXT,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    UPDATE_MESSAGE,
    FakeAttachment,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
    Snowflakes,
    iso_now,
)
from tests.e2e.form_data import FormDataError, media_type, parse_form
from tests.e2e.openapi_check import OpenApiSpec, spec_path_from_env

__all__ = [
    "DriverError",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeEmoji",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "GatewayEvent",
    "InteractionNotAcknowledged",
    "InteractionRecord",
    "Rejection",
    "SessionRecord",
    "WaitTimeout",
]

API_PREFIX = "/api/v10"
SITECUSTOM_DIR = Path(__file__).parent / "sitecustom"
FAKE_URL_ENV = "SHANGRAO_FAKE_DISCORD"
# a fake whose identify window is not Discord's tells a bot process through this variable
# (sitecustomize then sets the bot's interval between logins to match)
FAKE_IDENTIFY_ENV = "SHANGRAO_FAKE_IDENTIFY_SECONDS"
TOKEN_LIFETIME = 15 * 60.0

# Gateway intents.
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15

# Sharding. Discord lets each rate-limit bucket (shard_id % max_concurrency) start one session
# per IDENTIFY_WINDOW seconds.
IDENTIFY_WINDOW = 5.0
SESSION_START_RESET = 24 * 60 * 60.0
# Events whose payload is the guild itself (its id under "id"); every other guild-scoped event
# names it in "guild_id".
_GUILD_OBJECT_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})

# Flags a bot may set on a channel message.
_CHANNEL_MESSAGE_FLAGS = (1 << 2) | (1 << 12) | rules.IS_COMPONENTS_V2
_ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
}
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


def _truthy(value: str | None) -> bool:
    return (value or "").lower() in ("1", "true")


@functools.cache
def _default_emoji_png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGBA", (16, 16), (200, 40, 40, 255)).save(out, "PNG")
    return out.getvalue()


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _png_size(data: bytes) -> tuple[int, int] | None:
    """A PNG's width and height, from its IHDR chunk (None for anything else)."""
    if len(data) < 24 or not data.startswith(_PNG_SIGNATURE) or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _resolve(waiter: asyncio.Future[None]) -> None:
    """End one :meth:`FakeDiscord._wait` round (a change, or the round's timer)."""
    if not waiter.done():
        waiter.set_result(None)


class FakeDiscord:
    """The fake server, its world and the test driver. See the module docstring."""

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
        with :meth:`subprocess_env` is told to pace its logins to match."""
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
        self._messages: dict[int, FakeMessage] = {}
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
        self._runner: web.AppRunner | None = None
        self.port = 0
        if world:
            self._build_default_world()

    # ------------------------------------------------------------------ world

    def _build_default_world(self) -> None:
        alice = self.add_user("alice", locale="en-US")
        bob = self.add_user("bob", locale="zh-CN")
        carol = self.add_user("carol", locale="zh-TW")
        dave = self.add_user("dave", locale="en-US")
        guild = self.add_guild("Shangrao Mahjong Club", owner=alice)
        guild.add_member(alice, admin=True)
        for user in (bob, carol, dave):
            guild.add_member(user)
        guild.add_text_channel("general")
        mahjong = guild.add_text_channel("mahjong", topic="Shangrao mahjong tables")
        guild.add_thread(mahjong, "table-1", owner=alice)

    def add_user(self, username: str, *, locale: str = "en-US", dms_open: bool = True) -> FakeUser:
        if username in self.users:
            raise ValueError(f"user {username!r} exists")
        user = FakeUser(self.ids.next(), username, locale=locale, dms_open=dms_open)
        self.users[username] = user
        return user

    def add_guild(
        self,
        name: str,
        *,
        owner: FakeUser,
        locale: str = "en-US",
        shard: int | None = None,
        shard_count: int | None = None,
    ) -> FakeGuild:
        """A guild with @everyone, an "Admin" role (ADMINISTRATOR) and the bot as member;
        ``shard``: its id falls on that shard of ``shard_count`` (the fake's ``shards`` by
        default) shards."""
        guild_id = self.ids.next() if shard is None else self.guild_id_on_shard(shard, shard_count)
        guild = FakeGuild(guild_id, name, owner.id, self, preferred_locale=locale)
        guild.roles.append(FakeRole(guild_id, "@everyone", DEFAULT_PERMISSIONS))
        guild.roles.append(FakeRole(self.ids.next(), "Admin", ADMINISTRATOR, position=1))
        bot_role = FakeRole(self.ids.next(), self.application_name, _BOT_PERMISSIONS, position=2)
        guild.roles.append(bot_role)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild, [bot_role])
        self.guilds.append(guild)
        if any(s.identified for s in self._sessions):
            self._world_changed("GUILD_CREATE", guild.payload())
        return guild

    def guild_id_on_shard(self, shard: int, count: int | None = None) -> int:
        """A new snowflake that Discord routes to ``shard`` of ``count`` (the fake's ``shards``
        by default) shards: ``(id >> 22) % count == shard``."""
        return self.ids.next_on_shard(shard, self.shards if count is None else count)

    def shard_of(self, guild: FakeGuild | int, count: int | None = None) -> int:
        """The shard whose sessions get ``guild``'s events, of ``count`` (the fake's ``shards``
        by default) shards."""
        guild_id = guild if isinstance(guild, int) else guild.id
        return (guild_id >> 22) % (self.shards if count is None else count)

    @property
    def guild(self) -> FakeGuild:
        """The first guild (the default world's)."""
        return self.guilds[0]

    def user(self, username: str) -> FakeUser:
        try:
            return self.users[username]
        except KeyError:
            raise KeyError(f"no user {username!r}; known: {sorted(self.users)}") from None

    def channel(self, name: str, guild: FakeGuild | None = None) -> FakeChannel:
        """A text channel or thread by name (first guild unless given)."""
        g = guild or self.guild
        for ch in [*g.channels, *g.threads]:
            if ch.name == name:
                return ch
        raise KeyError(f"no channel {name!r} in {g.name}")

    def get_channel(self, channel_id: int) -> FakeChannel | None:
        return self._channels.get(int(channel_id))

    def get_message(self, message_id: int) -> FakeMessage | None:
        return self._messages.get(int(message_id))

    @property
    def default_channel(self) -> FakeChannel:
        return self.guild.channels[0]

    def dm(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (created on first use, as Discord does)."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.ids.next(), DM, recipient=user)
            self._dm_channels[user.id] = channel
            self._channels[channel.id] = channel
        return channel

    def _world_changed(self, event: str, data: dict[str, Any], intent: int = GUILDS) -> None:
        self._dispatch(event, data, intent=intent)
        self._notify()

    # ------------------------------------------------------------------ reading

    def channel_messages(self, channel: FakeChannel) -> list[FakeMessage]:
        """Messages everyone in ``channel`` sees (not deleted, not ephemeral), oldest first."""
        return channel.visible_messages()

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        """Messages in the bot's DM channel with ``user`` (bot's and user's), oldest first."""
        channel = self._dm_channels.get(user.id)
        return channel.visible_messages() if channel else []

    def last_dm(self, user: FakeUser) -> FakeMessage | None:
        """``dm_messages(user)[-1]`` (None when there is none), without building the list: for
        drivers that look at it after every change."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            return None
        for message in reversed(channel.messages):
            if not message.deleted and not message.ephemeral:
                return message
        return None

    def ephemeral_messages(self, user: FakeUser) -> list[FakeMessage]:
        """Ephemeral messages only ``user`` sees, oldest first."""
        return [m for m in self._messages.values() if m.visible_to is user and not m.deleted]

    def attachment_bytes(self, message: FakeMessage, index: int = 0) -> bytes:
        return message.attachments[index].data

    def commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """The commands the bot synced globally (or to ``guild``), as Discord stores them."""
        return list(self._commands.get(guild.id if guild else None, []))

    def command_names(self, guild: FakeGuild | None = None) -> list[str]:
        return [c["name"] for c in self.commands(guild)]

    def application_emojis(self) -> list[FakeEmoji]:
        """The application's emoji, oldest first (live objects: ``name``, ``image`` bytes)."""
        return list(self._app_emojis.values())

    def application_emoji(self, key: int | str) -> FakeEmoji | None:
        """One application emoji by id (int, or digits) or by name."""
        for emoji in self._app_emojis.values():
            if str(emoji.id) == str(key) or emoji.name == key:
                return emoji
        return None

    def add_application_emoji(
        self, name: str, image: bytes | None = None, *, by: FakeUser | None = None
    ) -> FakeEmoji:
        """An application emoji uploaded from the Developer Portal (``by`` a team member: the
        first user by default), as if it had been there before the bot started. ``image``: PNG,
        JPEG, GIF, WebP or AVIF bytes (a small square by default). The name and the count
        follow Discord's rules (ValueError otherwise)."""
        problems = rules.check_emoji_name(name) + self._name_taken(name)
        if problems:
            raise ValueError("; ".join(map(str, problems)))
        if len(self._app_emojis) >= self.application_emoji_limit:
            raise ValueError(f"the application already has {len(self._app_emojis)} emoji")
        data = _default_emoji_png() if image is None else image
        if rules.image_format(data) is None or len(data) > rules.MAX_EMOJI_BYTES:
            raise ValueError("not an emoji image Discord accepts (format or 256 KiB)")
        owner = by or next(iter(self.users.values()), self.bot_user)
        emoji = self._store_emoji(name, data, owner)
        self._notify()
        return emoji

    @property
    def connected(self) -> bool:
        """A bot is connected, identified and was sent its guilds."""
        return any(s.identified for s in self._sessions)

    @property
    def connected_shards(self) -> set[int]:
        """The shard ids of the live sessions (0 for an unsharded one)."""
        return {r.shard_id for r in self.gateway_sessions if r.live}

    def live_sessions(self, shard: int | None = None) -> list[SessionRecord]:
        """The sessions still connected (only those of ``shard``, if given), oldest first."""
        return [
            r for r in self.gateway_sessions if r.live and (shard is None or r.shard_id == shard)
        ]

    def received_by(
        self, name: str, where: Callable[[GatewayEvent], bool] | None = None
    ) -> list[SessionRecord]:
        """The sessions that got an event ``name`` (one for which ``where(event)``, if
        given), oldest first: e.g. which shard a guild's MESSAGE_CREATE went to."""
        return [
            r
            for r in self.gateway_sessions
            if any(e.name == name and (where is None or where(e)) for e in r.events)
        ]

    def delivered_to(self, record: InteractionRecord) -> list[SessionRecord]:
        """The sessions the interaction's INTERACTION_CREATE was sent to."""
        return self.received_by("INTERACTION_CREATE", lambda e: e.data.get("id") == str(record.id))

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

    # ------------------------------------------------------------------ server lifecycle

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return self.url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=256 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=2.0
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        return self

    async def stop(self) -> None:
        for session in list(self._sessions):
            if session.writer is not None:
                session.writer.cancel()
            with contextlib.suppress(Exception):
                await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[FakeDiscord]:
        """Point discord.py (this process) at the fake; restored on exit."""
        import discord.gateway
        import discord.http
        import yarl

        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield self
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    def subprocess_env(self, token: str | None = None, **extra: str) -> dict[str, str]:
        """Environment for a bot in another process: ``sitecustomize`` on PYTHONPATH pointing
        discord.py at this fake, and ``DISCORD_TOKEN`` (this fake's token unless given)."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(SITECUSTOM_DIR), env.get("PYTHONPATH")])
        )
        env[FAKE_URL_ENV] = self.url
        if self.identify_window != IDENTIFY_WINDOW:
            env[FAKE_IDENTIFY_ENV] = repr(self.identify_window)
        env["DISCORD_TOKEN"] = self.token if token is None else token
        env.update(extra)
        return env

    def fail_next(
        self,
        method: str,
        template: str,
        *,
        status: int,
        code: int = 0,
        message: str = "",
        retry_after: float = 0.05,
        times: int = 1,
    ) -> None:
        """Make the next ``METHOD template`` request (path template as in Discord's docs, e.g.
        ``/channels/{channel_id}/messages``) fail with ``status`` (the next ``times`` such
        requests); a 429 gets the ``Via`` header and JSON ``retry_after`` discord.py needs to
        retry instead of assuming a ban. Mind that discord.py retries a 500, 502, 504 or 524
        itself after sleeping 1 s, 3 s, ...: a 503 fails at once."""
        headers: dict[str, str] = {}
        body: dict[str, Any] = {"code": code, "message": message or f"{status}: injected failure"}
        if status == 429:
            headers = {"Via": "1.1 google", "X-RateLimit-Scope": "user"}
            body = {
                "message": "You are being rate limited.",
                "retry_after": retry_after,
                "global": False,
                "code": code,
            }
        for _ in range(times):
            self._injected.append(_Injected(method.upper(), template, status, body, headers))

    def before_next(self, method: str, template: str, call: Callable[[], Awaitable[None]]) -> None:
        """Await ``call()`` when the next ``METHOD template`` request arrives, before it is
        answered: something happens at that exact moment (e.g. the bot's disk fills up between
        two of its requests)."""
        self._before.append((method.upper(), template, call))

    # ------------------------------------------------------------------ routing

    def _add_routes(self, app: web.Application) -> None:
        r = self._route
        r(app, "GET", "/users/@me", self._get_me)
        r(app, "POST", "/users/@me/channels", self._create_dm)
        r(app, "GET", "/users/{user_id}", self._get_user)
        r(app, "GET", "/oauth2/applications/@me", self._get_application)
        r(app, "GET", "/gateway", self._get_gateway, auth=False)
        r(app, "GET", "/gateway/bot", self._get_gateway)
        for template in (
            "/applications/{application_id}/commands",
            "/applications/{application_id}/guilds/{guild_id}/commands",
        ):
            r(app, "GET", template, self._get_commands)
            r(app, "PUT", template, self._put_commands)
        r(app, "GET", "/applications/{application_id}/emojis", self._list_app_emojis)
        r(app, "POST", "/applications/{application_id}/emojis", self._create_app_emoji)
        for method in ("GET", "PATCH", "DELETE"):
            r(app, method, "/applications/{application_id}/emojis/{emoji_id}", self._app_emoji)
        r(
            app,
            "POST",
            "/interactions/{interaction_id}/{interaction_token}/callback",
            self._callback,
            auth=False,
        )
        r(app, "POST", "/webhooks/{webhook_id}/{webhook_token}", self._execute_webhook, auth=False)
        for method in ("GET", "PATCH", "DELETE"):
            r(
                app,
                method,
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                self._webhook_message,
                auth=False,
            )
        r(app, "GET", "/channels/{channel_id}", self._get_channel)
        r(app, "PATCH", "/channels/{channel_id}", self._edit_channel)
        r(app, "DELETE", "/channels/{channel_id}", self._delete_channel)
        r(app, "GET", "/channels/{channel_id}/messages", self._history)
        r(app, "POST", "/channels/{channel_id}/messages", self._create_message)
        r(app, "GET", "/channels/{channel_id}/messages/{message_id}", self._get_message)
        r(app, "PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_message)
        r(app, "DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message)
        r(
            app,
            "POST",
            "/channels/{channel_id}/messages/{message_id}/threads",
            self._thread_from_message,
        )
        r(app, "POST", "/channels/{channel_id}/threads", self._create_thread)
        r(app, "GET", "/channels/{channel_id}/thread-members", self._thread_members)
        for method in ("PUT", "DELETE"):
            r(app, method, "/channels/{channel_id}/thread-members/@me", self._thread_member)
            r(app, method, "/channels/{channel_id}/thread-members/{user_id}", self._thread_member)
        r(app, "POST", "/channels/{channel_id}/typing", self._typing)
        r(app, "GET", "/guilds/{guild_id}", self._get_guild)
        r(app, "GET", "/guilds/{guild_id}/channels", self._get_guild_channels)
        r(app, "GET", "/guilds/{guild_id}/members/{user_id}", self._get_member)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment
        )
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)

    def _route(
        self,
        app: web.Application,
        method: str,
        template: str,
        handler: Callable[[_Request], Awaitable[web.StreamResponse]],
        *,
        auth: bool = True,
    ) -> None:
        async def wrapped(request: web.Request) -> web.StreamResponse:
            return await self._handle(request, method, template, handler, auth)

        app.router.add_route(method, API_PREFIX + template, wrapped)

    def _reject(self, method: str, path: str, refused: _Refused, body: Any = None) -> web.Response:
        errors = rules.form_body_errors(refused.field_errors) if refused.field_errors else None
        rejection = Rejection(
            method,
            path,
            refused.status,
            refused.code,
            refused.message,
            errors,
            refused.detail,
            refused.violation,
            body,
        )
        self.rejections.append(rejection)
        if refused.violation:
            self._violations.append(rejection)
        if refused.record is not None:
            refused.record.rejections.append(rejection)
        if refused.status in (401, 403, 429):
            self.invalid_requests += 1
        payload: dict[str, Any] = {"message": refused.message, "code": refused.code}
        if errors:
            payload["errors"] = errors
        return _json(payload, refused.status)

    async def _handle(
        self,
        request: web.Request,
        method: str,
        template: str,
        handler: Callable[[_Request], Awaitable[web.StreamResponse]],
        auth: bool,
    ) -> web.StreamResponse:
        self.requests.append((method, request.path))
        for hook in self._before:
            if hook[0] == method and hook[1] == template:
                self._before.remove(hook)
                await hook[2]()
                break
        try:
            for injected in self._injected:
                if injected.method == method and injected.template == template:
                    self._injected.remove(injected)
                    self.rejections.append(
                        Rejection(
                            method,
                            request.path,
                            injected.status,
                            injected.body.get("code", 0),
                            injected.body.get("message", ""),
                            detail="injected by fail_next",
                            violation=False,
                        )
                    )
                    return _json(injected.body, injected.status, injected.headers)
            if auth and request.headers.get("Authorization") != f"Bot {self.token}":
                return self._reject(
                    method, request.path, _Refused(401, 0, "401: Unauthorized", violation=False)
                )
            body: Any = None
            try:
                params = {k: v for k, v in request.match_info.items()}
                spec_template = template
                if params.get("message_id") == "@original":
                    spec_template = template.replace("{message_id}", "@original")
                body, uploads = await self._read_body(request)
                if self.spec is not None and body is not None:
                    problems = self.spec.check(method, spec_template, body)
                    if problems:  # report the specific rule when one applies, as Discord would
                        raise _form_error(
                            self._rule_problems(method, template, body, uploads) or problems
                        )
                req = _Request(
                    method, request.path, template, params, dict(request.query), body, uploads
                )
                return await handler(req)
            except _Refused as refused:
                if refused.record is None:
                    token = request.match_info.get("interaction_token") or request.match_info.get(
                        "webhook_token"
                    )
                    refused.record = self._by_token.get(token or "")
                return self._reject(method, request.path, refused, body)
            except (
                Exception
            ):  # a bug in the fake must not look like a Discord 5xx (discord.py retries those)
                return self._reject(
                    method,
                    request.path,
                    _Refused(400, 0, "fake Discord crashed", detail=traceback.format_exc()),
                    body,
                )
        finally:
            self._notify()

    @staticmethod
    def _rule_problems(
        method: str, template: str, body: Any, uploads: dict[int, _Upload]
    ) -> list[FieldError]:
        """The documented-limit problems of a body, without side effects (used to prefer a
        specific error over the OpenAPI validator's)."""
        if method == "PUT" and template.endswith("/commands"):
            return rules.check_commands(body)
        if method == "POST" and template.endswith("/emojis"):
            return rules.check_emoji_create(body)
        if method == "PATCH" and template.endswith("/emojis/{emoji_id}"):
            return rules.check_emoji_edit(body)
        if not isinstance(body, dict):
            return []
        if template.endswith("/callback"):
            data = body.get("data") or {}
            kind = body.get("type")
            if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE) and isinstance(data, dict):
                return rules.check_message(data, path=("data",), new_files=len(uploads))
            if kind == MODAL and isinstance(data, dict):
                return rules.check_modal(data)
            if kind == AUTOCOMPLETE_RESULT and isinstance(data, dict):
                return rules.check_choices(data)
            return []
        if method in ("POST", "PATCH") and (
            template.endswith(("/messages", "{message_id}", "{webhook_token}"))
        ):
            return rules.check_message(body, new_files=len(uploads))
        return []

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[int, _Upload]]:
        uploads: dict[int, _Upload] = {}
        if not request.body_exists:
            return None, uploads
        ctype, params = media_type(request.headers.get("Content-Type"))
        if ctype == "multipart/form-data":
            payload: Any = None
            try:
                parts = parse_form(await request.read(), params.get("boundary", ""))
            except (FormDataError, UnicodeDecodeError) as exc:
                raise _Refused(
                    400, 50109, "The request body contains invalid JSON.", detail=str(exc)
                ) from None
            for part in parts:
                if part.name == "payload_json":
                    try:
                        payload = json.loads(part.data.decode("utf-8"))
                    except ValueError:
                        raise _Refused(
                            400, 50109, "The request body contains invalid JSON."
                        ) from None
                    continue
                match = re.fullmatch(r"files\[(\d+)\]", part.name)
                if match is None:
                    raise _form_error(
                        [
                            FieldError(
                                (part.name,),
                                "UNKNOWN_FIELD",
                                f"Unexpected multipart part {part.name!r}",
                            )
                        ]
                    )
                index = int(match.group(1))
                uploads[index] = _Upload(index, part.filename or f"file{index}", part.data)
            if len(uploads) > rules.MAX_FILES:
                raise _form_error(
                    [
                        FieldError(
                            ("attachments",),
                            "BASE_TYPE_MAX_LENGTH",
                            f"Must be {rules.MAX_FILES} or fewer in length.",
                        )
                    ]
                )
            for upload in uploads.values():
                if len(upload.data) > self.upload_limit:
                    raise _Refused(
                        413,
                        40005,
                        "Request entity too large",
                        detail=f"files[{upload.index}] {upload.filename!r}: "
                        f"{len(upload.data)} bytes; the upload limit is {self.upload_limit}",
                    )
            return payload if payload is not None else {}, uploads
        raw = await request.read()
        if not raw:
            return None, uploads
        if ctype != "application/json":
            raise _Refused(
                400,
                50109,
                "The request body contains invalid JSON.",
                detail=f"Content-Type {ctype!r}",
            )
        try:
            return json.loads(raw), uploads
        except ValueError:
            raise _Refused(400, 50109, "The request body contains invalid JSON.") from None

    async def _unknown_route(self, request: web.Request) -> web.StreamResponse:
        self.requests.append((request.method, request.path))
        known = (
            self.spec.template_for(request.method, request.path.removeprefix(API_PREFIX))
            if (self.spec is not None and request.path.startswith(API_PREFIX + "/"))
            else None
        )
        if known:
            detail = (
                f"Discord has {request.method} {known}, but the fake does not implement it yet "
                "(add it to tests/e2e/fake_discord.py)"
            )
        elif self.spec is not None:
            detail = "no such route in the fake, nor in Discord's OpenAPI description"
        else:
            detail = "the fake does not implement this route (add it if Discord has it)"
        refused = _Refused(404, 0, "404: Not Found", detail=detail)
        try:
            return self._reject(request.method, request.path, refused)
        finally:
            self._notify()

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        attachment = self._attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None or attachment.filename != request.match_info["filename"]:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    # ------------------------------------------------------------- users, application, gateway

    async def _get_me(self, req: _Request) -> web.StreamResponse:
        data = self.bot_user.payload()
        data.update(verified=True, mfa_enabled=False, email=None, locale="en-US", flags=0)
        return _json(data)

    async def _get_user(self, req: _Request) -> web.StreamResponse:
        user_id = int(req.params["user_id"]) if req.params["user_id"].isdigit() else -1
        for user in [self.bot_user, *self.users.values()]:
            if user.id == user_id:
                return _json(user.payload())
        raise _unknown("User", 10013)

    def _application_payload(self) -> dict[str, Any]:
        owner = next(iter(self.users.values()), self.bot_user)
        return {
            "id": str(self.application_id),
            "name": self.application_name,
            "icon": None,
            "description": "Shangrao mahjong",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": owner.payload(),
            "team": None,
            "flags": 0,
            "rpc_origins": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "tags": [],
            "install_params": {
                "scopes": ["bot", "applications.commands"],
                "permissions": str(_BOT_PERMISSIONS),
            },
            "integration_types_config": {"0": {}},
            "approximate_guild_count": len(self.guilds),
            "bot": self.bot_user.payload(),
            "redirect_uris": [],
        }

    async def _get_application(self, req: _Request) -> web.StreamResponse:
        return _json(self._application_payload())

    async def _get_gateway(self, req: _Request) -> web.StreamResponse:
        data: dict[str, Any] = {"url": self.gateway_url}
        if req.path.endswith("/bot"):
            data.update(shards=self.shards, session_start_limit=self._session_start_limit())
        return _json(data)

    def _session_start_limit(self) -> dict[str, int]:
        """Discord's session start limit object: ``total`` session starts (IDENTIFYs that
        opened a session) per 24 hours, counted from the oldest start still in the window."""
        now = self.now()
        recent = [
            r.identified_at
            for r in self.gateway_sessions
            if now - r.identified_at < SESSION_START_RESET
        ]
        reset_after = min(recent) + SESSION_START_RESET - now if recent else SESSION_START_RESET
        return {
            "total": self.session_start_total,
            "remaining": max(0, self.session_start_total - len(recent)),
            "reset_after": int(reset_after * 1000),
            "max_concurrency": self.max_concurrency,
        }

    # ------------------------------------------------------------------ application commands

    def _check_application(self, req: _Request) -> None:
        if req.params.get("application_id") != str(self.application_id):
            raise _Refused(
                403,
                50001,
                "Missing Access",
                detail=f"application id {req.params.get('application_id')}",
            )

    def _command_scope(self, req: _Request) -> int | None:
        if "guild_id" not in req.params:
            return None
        guild = self._guild_or_none(req.params["guild_id"])
        if guild is None:
            raise _Refused(403, 50001, "Missing Access", detail="the bot is not in that guild")
        return guild.id

    async def _get_commands(self, req: _Request) -> web.StreamResponse:
        self._check_application(req)
        return _json(self._commands.get(self._command_scope(req), []))

    async def _put_commands(self, req: _Request) -> web.StreamResponse:
        self._check_application(req)
        scope = self._command_scope(req)
        problems = rules.check_commands(req.body)
        if problems:
            raise _form_error(problems)
        previous = {(c["type"], c["name"]): c for c in self._commands.get(scope, [])}
        stored: list[dict[str, Any]] = []
        for command in req.body:
            kind = command.get("type", 1)
            old = previous.get((kind, command["name"]))
            entry = {
                "id": old["id"] if old else str(self.ids.next()),
                "application_id": str(self.application_id),
                "version": str(self.ids.next()),
                "type": kind,
                "name": command["name"],
                "name_localizations": command.get("name_localizations"),
                "description": command.get("description", ""),
                "description_localizations": command.get("description_localizations"),
                "options": command.get("options") or [],
                "default_member_permissions": command.get("default_member_permissions"),
                "dm_permission": command.get("dm_permission", True),
                "contexts": command.get("contexts"),
                "integration_types": command.get("integration_types") or [0],
                "nsfw": bool(command.get("nsfw", False)),
            }
            if entry["default_member_permissions"] is not None:
                entry["default_member_permissions"] = str(entry["default_member_permissions"])
            if scope is not None:
                entry["guild_id"] = str(scope)
            stored.append(entry)
        self._commands[scope] = stored
        return _json(stored)

    # ------------------------------------------------------------------ application emoji

    def _emoji_usable(self, emoji_id: int) -> bool:
        """Custom emoji the bot may put in a component: its application's emoji (the fake's
        guilds have no emoji of their own)."""
        return emoji_id in self._app_emojis

    def _app_emoji_or_404(self, req: _Request) -> FakeEmoji:
        raw = req.params["emoji_id"]
        emoji = self._app_emojis.get(int(raw)) if raw.isdigit() else None
        if emoji is None:
            raise _unknown("Emoji", 10014)
        return emoji

    def _name_taken(self, name: Any, other_than: FakeEmoji | None = None) -> list[FieldError]:
        if any(e.name == name and e is not other_than for e in self._app_emojis.values()):
            return [
                FieldError(
                    ("name",),
                    "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                    "Application emoji name already taken",
                )
            ]
        return []

    async def _list_app_emojis(self, req: _Request) -> web.StreamResponse:
        self._check_application(req)
        return _json({"items": [e.payload() for e in self._app_emojis.values()]})

    async def _create_app_emoji(self, req: _Request) -> web.StreamResponse:
        self._check_application(req)
        body = req.body
        problems = rules.check_emoji_create(body)
        if problems:
            raise _form_error(problems)
        problems = self._name_taken(body["name"])
        if problems:
            raise _form_error(problems)
        if len(self._app_emojis) >= self.application_emoji_limit:
            raise _Refused(
                400,
                30008,
                f"Maximum number of emojis reached ({self.application_emoji_limit})",
                violation=False,
            )
        data, _ = rules.decode_emoji_image(body["image"])
        emoji = self._store_emoji(body["name"], data, self.bot_user)
        self.emoji_uploads.append(emoji.name)
        return _json(emoji.payload(), 201)

    def _store_emoji(self, name: str, data: bytes, user: FakeUser) -> FakeEmoji:
        kind = rules.image_format(data) or "application/octet-stream"
        emoji = FakeEmoji(self.ids.next(), name, data, kind, user, animated=rules.is_animated(data))
        self._app_emojis[emoji.id] = emoji
        return emoji

    async def _app_emoji(self, req: _Request) -> web.StreamResponse:
        self._check_application(req)
        emoji = self._app_emoji_or_404(req)
        if req.method == "GET":
            return _json(emoji.payload())
        if req.method == "DELETE":
            del self._app_emojis[emoji.id]
            self.emoji_deletions.append(emoji.name)
            return web.Response(status=204)
        body = req.body if req.body is not None else {}
        problems = rules.check_emoji_edit(body)
        if not problems and "name" in body:
            problems = self._name_taken(body["name"], other_than=emoji)
        if problems:
            raise _form_error(problems)
        if "name" in body:
            emoji.name = body["name"]
        return _json(emoji.payload())

    # ------------------------------------------------------------- messages: building, editing

    def _resolve_attachments(
        self,
        body: dict[str, Any],
        uploads: dict[int, _Upload],
        channel: FakeChannel,
        existing: list[FakeAttachment] | None,
        path: tuple[str | int, ...],
        ephemeral: bool,
    ) -> list[FakeAttachment] | None:
        """New attachment list for a create (existing None) or edit; None = unchanged."""
        listed = body.get("attachments")
        if listed is None:
            if not uploads:
                return None
            new = [
                self._store_upload(u, channel, None, ephemeral) for _, u in sorted(uploads.items())
            ]
            return (existing or []) + new
        result: list[FakeAttachment] = []
        used: set[int] = set()
        for i, item in enumerate(listed):
            raw_id = str(item.get("id"))
            old = next((a for a in existing or [] if str(a.id) == raw_id), None)
            if old is not None:
                result.append(old)
                continue
            if raw_id.isdigit() and int(raw_id) in uploads and int(raw_id) not in used:
                used.add(int(raw_id))
                upload = uploads[int(raw_id)]
                if item.get("filename"):
                    upload = _Upload(upload.index, item["filename"], upload.data)
                result.append(
                    self._store_upload(upload, channel, item.get("description"), ephemeral)
                )
                continue
            raise _form_error(
                [
                    FieldError(
                        (*path, "attachments", i, "id"),
                        "ATTACHMENT_NOT_FOUND",
                        f"Unknown attachment {raw_id} (no files[{raw_id}], not on the message)",
                    )
                ]
            )
        return result

    def _store_upload(
        self, upload: _Upload, channel: FakeChannel, description: str | None, ephemeral: bool
    ) -> FakeAttachment:
        attachment_id = self.ids.next()
        filename = os.path.basename(upload.filename) or "unknown"
        ctype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        attachment = FakeAttachment(
            attachment_id,
            filename,
            upload.data,
            f"{self.url}/attachments/{channel.id}/{attachment_id}/{filename}",
            ctype,
            description,
            ephemeral,
        )
        size = _png_size(upload.data) if ctype.startswith("image/") else None
        if size is not None:  # read from the header: most uploads are the bot's PNGs
            attachment.width, attachment.height = size
        elif ctype.startswith("image/"):
            with contextlib.suppress(Exception):
                import io

                from PIL import Image

                with Image.open(io.BytesIO(upload.data)) as image:
                    attachment.width, attachment.height = image.size
        self._attachments[attachment_id] = attachment
        return attachment

    def _resolve_embeds(
        self, embeds: list[dict[str, Any]], attachments: list[FakeAttachment]
    ) -> list[dict[str, Any]]:
        """``attachment://name`` in embed images becomes the attachment's URL, as on Discord."""
        by_name = {a.filename: a.url for a in attachments}
        out = []
        for embed in embeds:
            embed = {"type": "rich", **json.loads(json.dumps(embed))}
            for key in ("image", "thumbnail"):
                url = (embed.get(key) or {}).get("url", "")
                if isinstance(url, str) and url.startswith("attachment://"):
                    resolved = by_name.get(url.removeprefix("attachment://"))
                    if resolved:
                        embed[key] = {**embed[key], "url": resolved, "proxy_url": resolved}
            out.append(embed)
        return out

    def _check_message_body(
        self,
        body: Any,
        uploads: dict[int, _Upload],
        *,
        path: tuple[str | int, ...] = (),
        creating: bool,
        record: InteractionRecord | None = None,
    ) -> dict[str, Any]:
        if not isinstance(body, dict):
            raise _form_error(
                [
                    FieldError(
                        path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"
                    )
                ],
                record,
            )
        problems = rules.check_message(body, path=path, new_files=len(uploads), creating=creating)
        problems += rules.check_component_emojis(
            body.get("components"), self._emoji_usable, (*path, "components")
        )
        if problems:
            raise _form_error(problems, record)
        if creating and rules.is_empty_message(body, len(uploads)):
            raise _Refused(400, 50006, "Cannot send an empty message", record=record)
        return body

    def _new_message(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        uploads: dict[int, _Upload],
        *,
        author: FakeUser | None = None,
        msg_type: int = 0,
        flags: int = 0,
        record: InteractionRecord | None = None,
        path: tuple[str | int, ...] = (),
    ) -> FakeMessage:
        ephemeral = bool(flags & rules.EPHEMERAL)
        attachments = self._resolve_attachments(body, uploads, channel, [], path, ephemeral) or []
        message = FakeMessage(
            self.ids.next(),
            channel,
            author or self.bot_user,
            content=body.get("content") or "",
            embeds=self._resolve_embeds(body.get("embeds") or [], attachments),
            components=self._stored_components(body.get("components") or []),
            attachments=attachments,
            flags=flags,
            type=msg_type,
        )
        if record is not None:
            message.webhook_id = self.application_id
            message.application_id = self.application_id
            message.interaction_metadata = self._interaction_metadata(record)
            if ephemeral:
                message.visible_to = record.user
        reference = body.get("message_reference")
        if isinstance(reference, dict) and reference.get("message_id"):
            message.message_reference = {
                "type": 0,
                "message_id": str(reference["message_id"]),
                "channel_id": str(reference.get("channel_id") or channel.id),
            }
            if msg_type == 0:
                message.type = 19
        channel.messages.append(message)
        self._messages[message.id] = message
        if not ephemeral and not message.loading:
            self._dispatch_message("MESSAGE_CREATE", message)
        return message

    def _stored_components(self, components: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Components as Discord returns them: with numeric ids, buttons' ``disabled``."""
        stored: list[dict[str, Any]] = json.loads(json.dumps(components))
        for counter, comp in enumerate(rules.walk_components(stored), start=1):
            comp.setdefault("id", counter)
            if comp.get("type") == rules.BUTTON:
                comp.setdefault("disabled", False)
            options = [o for o in comp.get("options") or [] if isinstance(o, dict)]
            emojis = [comp.get("emoji"), *(o.get("emoji") for o in options)]
            for emoji in emojis:
                if isinstance(emoji, dict) and emoji.get("id") is not None:
                    emoji["id"] = str(emoji["id"])  # snowflakes come back as strings
        return stored

    def _apply_edit(
        self,
        message: FakeMessage,
        body: dict[str, Any],
        uploads: dict[int, _Upload],
        path: tuple[str | int, ...] = (),
    ) -> None:
        if "content" in body:
            message.content = body["content"] or ""
        attachments = self._resolve_attachments(
            body, uploads, message.channel, message.attachments, path, message.ephemeral
        )
        if attachments is not None:
            message.attachments = attachments
        if "embeds" in body:
            message.embeds = self._resolve_embeds(body["embeds"] or [], message.attachments)
        if "components" in body:
            message.components = self._stored_components(body["components"] or [])
        if body.get("flags") is not None:
            keep = message.flags & rules.EPHEMERAL
            message.flags = keep | (int(body["flags"]) & ~(rules.EPHEMERAL | rules.LOADING))
        was_loading = message.loading
        message.flags &= ~rules.LOADING
        for record in self.interactions[-50:]:  # a deferral is filled in by any edit of its message
            if record.message is message and record.ack_type in (5, 6):
                record.responded = True
        message.edited_timestamp = None if was_loading else iso_now()
        message.edits += 1
        if not message.ephemeral:
            self._dispatch_message("MESSAGE_CREATE" if was_loading else "MESSAGE_UPDATE", message)

    def _delete(self, message: FakeMessage) -> None:
        message.deleted = True
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            self._dispatch("MESSAGE_DELETE", data, intent=self._message_intent(message.channel))

    def _interaction_metadata(self, record: InteractionRecord) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(record.id),
            "type": record.type,
            "user": record.user.payload(),
            "authorizing_integration_owners": self._integration_owners(record),
        }
        if record.type == APPLICATION_COMMAND:
            data["name"] = record.data.get("name")
            data["command_type"] = record.data.get("type", 1)
        if record.source_message is not None:
            data["interacted_message_id"] = str(record.source_message.id)
        if record.message is not None and record.ack_type in (
            CHANNEL_MESSAGE,
            DEFERRED_CHANNEL_MESSAGE,
        ):
            data["original_response_message_id"] = str(record.message.id)
        return data

    # ------------------------------------------------------------- interactions: callback, webhooks

    def _record_for_token(self, token: str) -> InteractionRecord:
        record = self._by_token.get(token)
        if record is None:
            raise _unknown("Webhook", 10015, violation=True, detail="no interaction has this token")
        return record

    async def _callback(self, req: _Request) -> web.StreamResponse:
        record = self._by_token.get(req.params["interaction_token"])
        if record is None or str(record.id) != req.params["interaction_id"]:
            raise _unknown(
                "interaction", 10062, violation=True, detail="no such interaction id/token"
            )
        if record.ack_type is not None:
            raise _Refused(
                400,
                40060,
                "Interaction has already been acknowledged.",
                record=record,
                detail=f"already acknowledged with type {record.ack_type}",
            )
        elapsed = self.now() - record.dispatched_at
        if record.expired or elapsed > self._deadline(record):
            raise _unknown(
                "interaction",
                10062,
                violation=True,
                detail=f"acknowledged {elapsed:.2f} s after INTERACTION_CREATE; the deadline is "
                f"{self._deadline(record)} s (the user already saw 'This interaction failed')",
            )
        body = req.body if isinstance(req.body, dict) else {}
        kind = body.get("type")
        allowed = set(_ALLOWED_CALLBACKS.get(record.type, set()))
        if record.type == MODAL_SUBMIT and record.source_message is None:
            allowed -= {DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE}
        if kind not in allowed:
            raise _form_error(
                [
                    FieldError(
                        ("type",),
                        "INTERACTION_CALLBACK_TYPE_INVALID",
                        f"Callback type {kind} is not valid for interaction type {record.type}",
                    )
                ],
                record,
            )
        data = body.get("data") or {}
        if not isinstance(data, dict):
            raise _form_error(
                [FieldError(("data",), "DICT_TYPE_CONVERT", "Only dictionaries may be used")],
                record,
            )
        ephemeral_flag = int(data.get("flags") or 0) & rules.EPHEMERAL
        if kind == CHANNEL_MESSAGE:
            self._check_message_body(
                data, req.uploads, path=("data",), creating=True, record=record
            )
            record.message = self._new_message(
                record.channel,
                data,
                req.uploads,
                msg_type=self._response_type(record),
                flags=int(data.get("flags") or 0),
                record=record,
                path=("data",),
            )
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            record.message = self._new_message(
                record.channel,
                {},
                {},
                msg_type=self._response_type(record),
                flags=rules.LOADING | ephemeral_flag,
                record=record,
            )
        elif kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            assert record.source_message is not None
            if kind == UPDATE_MESSAGE:
                self._check_message_body(
                    data, req.uploads, path=("data",), creating=False, record=record
                )
                self._apply_edit(record.source_message, data, req.uploads, ("data",))
            record.message = record.source_message
        elif kind == AUTOCOMPLETE_RESULT:
            problems = rules.check_choices(data)
            if problems:
                raise _form_error(problems, record)
            record.choices = data["choices"]
        elif kind == MODAL:
            problems = rules.check_modal(data) + rules.check_component_emojis(
                data.get("components"), self._emoji_usable, ("data", "components")
            )
            if problems:
                raise _form_error(problems, record)
            record.modal = data
        if self.before_ack is not None:
            await self.before_ack(record)
        record.ack_type = kind
        record.acked_at = self.now()
        if not _truthy(req.query.get("with_response")):
            return web.Response(status=204)
        interaction: dict[str, Any] = {"id": str(record.id), "type": record.type}
        resource: dict[str, Any] = {"type": kind}
        if record.message is not None and kind in (4, 5, 7):
            interaction.update(
                response_message_id=str(record.message.id),
                response_message_loading=kind == DEFERRED_CHANNEL_MESSAGE,
                response_message_ephemeral=record.message.ephemeral,
            )
            resource["message"] = record.message.payload()
        elif kind == DEFERRED_UPDATE_MESSAGE:
            interaction["response_message_loading"] = False
        return _json({"interaction": interaction, "resource": resource})

    def _response_type(self, record: InteractionRecord) -> int:
        """Message type of a response: CHAT_INPUT_COMMAND (20), CONTEXT_MENU_COMMAND (23)."""
        if record.type != APPLICATION_COMMAND:
            return 0
        return 20 if record.data.get("type", 1) == 1 else 23

    def _deadline(self, record: InteractionRecord) -> float:
        return record.deadline

    def _live_record(self, req: _Request) -> InteractionRecord:
        if req.params["webhook_id"] != str(self.application_id):
            raise _unknown(
                "Webhook", 10015, violation=True, detail="webhook id is not the application id"
            )
        record = self._record_for_token(req.params["webhook_token"])
        if record.ack_type is None:
            raise _unknown(
                "Webhook",
                10015,
                violation=True,
                detail="the interaction was not acknowledged yet: "
                "follow-ups and edits need an initial response first",
            )
        if self.now() - record.dispatched_at > TOKEN_LIFETIME:
            raise _Refused(
                401,
                50027,
                "Invalid Webhook Token",
                record=record,
                detail="interaction tokens live 15 minutes",
            )
        return record

    async def _execute_webhook(self, req: _Request) -> web.StreamResponse:
        record = self._live_record(req)
        body = self._check_message_body(req.body, req.uploads, creating=True, record=record)
        original = record.message
        if (
            record.ack_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not record.responded
        ):
            # "When used after a DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, the first follow-up edits the
            # original (thinking) response."
            self._apply_edit(original, body, req.uploads)
            message = original
        else:
            flags = int(body.get("flags") or 0)
            message = self._new_message(
                record.channel, body, req.uploads, flags=flags, record=record
            )
        record.followups.append(message)
        record.responded = True
        return _json(message.payload())  # interaction follow-ups always return the message

    def _webhook_target(self, record: InteractionRecord, message_id: str) -> FakeMessage:
        if message_id == "@original":
            if record.message is None:
                raise _unknown(
                    "Message",
                    10008,
                    violation=True,
                    detail="this interaction has no original message "
                    f"(acknowledged with {record.ack_type})",
                )
            message = record.message
        else:
            candidates = [*record.followups, *([record.message] if record.message else [])]
            found = next((m for m in candidates if str(m.id) == message_id), None)
            if found is None:
                raise _unknown("Message", 10008, detail="not a message of this interaction")
            message = found
        if message.deleted:
            raise _unknown("Message", 10008, detail="deleted")
        return message

    async def _webhook_message(self, req: _Request) -> web.StreamResponse:
        record = self._live_record(req)
        message = self._webhook_target(record, req.params["message_id"])
        if req.method == "GET":
            return _json(message.payload())
        if req.method == "DELETE":
            self._delete(message)
            record.responded = True
            return web.Response(status=204)
        body = self._check_message_body(req.body or {}, req.uploads, creating=False, record=record)
        self._apply_edit(message, body, req.uploads)
        record.responded = True
        return _json(message.payload())

    # ------------------------------------------------------------------ channels and messages

    def _guild_or_none(self, guild_id: str) -> FakeGuild | None:
        return next((g for g in self.guilds if str(g.id) == guild_id), None)

    def _channel(self, req: _Request) -> FakeChannel:
        raw = req.params["channel_id"]
        channel = self._channels.get(int(raw)) if raw.isdigit() else None
        if channel is None:
            raise _unknown("Channel", 10003)
        return channel

    def _channel_message(self, req: _Request, channel: FakeChannel) -> FakeMessage:
        raw = req.params["message_id"]
        message = self._messages.get(int(raw)) if raw.isdigit() else None
        if message is None or message.channel is not channel or message.deleted:
            raise _unknown("Message", 10008)
        if message.ephemeral:
            raise _unknown(
                "Message",
                10008,
                violation=True,
                detail="ephemeral messages are reachable only through the interaction token "
                "(edit_original_response / followup.edit)",
            )
        return message

    def _message_intent(self, channel: FakeChannel) -> int:
        return DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES

    def _dispatch_message(self, event: str, message: FakeMessage) -> None:
        self._dispatch(
            event, message.payload(gateway=True), intent=self._message_intent(message.channel)
        )

    async def _create_dm(self, req: _Request) -> web.StreamResponse:
        body = req.body if isinstance(req.body, dict) else {}
        user = next(
            (u for u in self.users.values() if str(u.id) == str(body.get("recipient_id"))), None
        )
        if user is None:
            raise _Refused(400, 50033, "Invalid Recipient(s)")
        return _json(self.dm(user).payload())

    async def _get_channel(self, req: _Request) -> web.StreamResponse:
        return _json(self._channel(req).payload())

    async def _edit_channel(self, req: _Request) -> web.StreamResponse:
        channel = self._channel(req)
        body = req.body if isinstance(req.body, dict) else {}
        if "name" in body:
            problems = (
                []
                if 1 <= len(body["name"] or "") <= 100
                else [
                    FieldError(
                        ("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
                    )
                ]
            )
            if problems:
                raise _form_error(problems)
            channel.name = body["name"]
        if channel.is_thread:
            for key in ("archived", "locked"):
                if key in body:
                    setattr(channel, key, bool(body[key]))
            if "auto_archive_duration" in body:
                channel.auto_archive_duration = int(body["auto_archive_duration"])
            self._dispatch("THREAD_UPDATE", channel.payload())
        elif "topic" in body:
            channel.topic = body["topic"]
            self._dispatch("CHANNEL_UPDATE", channel.payload())
        return _json(channel.payload())

    async def _delete_channel(self, req: _Request) -> web.StreamResponse:
        channel = self._channel(req)
        if not channel.is_thread:
            raise _Refused(
                403,
                50013,
                "Missing Permissions",
                detail="the fake only lets the bot delete threads",
            )
        assert channel.guild is not None
        channel.guild.threads.remove(channel)
        del self._channels[channel.id]
        self._dispatch(
            "THREAD_DELETE",
            {
                "id": str(channel.id),
                "guild_id": str(channel.guild.id),
                "parent_id": str(channel.parent.id if channel.parent else 0),
                "type": channel.type,
            },
        )
        return _json(channel.payload())

    async def _history(self, req: _Request) -> web.StreamResponse:
        channel = self._channel(req)
        limit = max(1, min(100, int(req.query.get("limit", "50"))))
        messages = channel.visible_messages()
        if "before" in req.query:
            messages = [m for m in messages if m.id < int(req.query["before"])]
        if "after" in req.query:
            messages = [m for m in messages if m.id > int(req.query["after"])]
            return _json([m.payload() for m in reversed(messages[:limit])])
        return _json([m.payload() for m in reversed(messages[-limit:])])

    async def _create_message(self, req: _Request) -> web.StreamResponse:
        channel = self._channel(req)
        body = self._check_message_body(req.body, req.uploads, creating=True)
        flags = int(body.get("flags") or 0)
        if flags & ~_CHANNEL_MESSAGE_FLAGS:
            raise _form_error(
                [
                    FieldError(
                        ("flags",),
                        "MESSAGE_FLAGS_INVALID",
                        f"flags {flags} include bits a bot cannot set on a channel message "
                        "(EPHEMERAL exists only for interaction responses)",
                    )
                ]
            )
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            raise _Refused(
                403,
                50007,
                "Cannot send messages to this user",
                violation=False,
                detail=f"{channel.recipient.username} has DMs closed",
            )
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise _Refused(400, 50083, "Thread is archived", violation=False)
            channel.archived = False
            self._dispatch("THREAD_UPDATE", channel.payload())
        message = self._new_message(channel, body, req.uploads, flags=flags)
        return _json(message.payload())

    async def _get_message(self, req: _Request) -> web.StreamResponse:
        channel = self._channel(req)
        return _json(self._channel_message(req, channel).payload())

    async def _edit_message(self, req: _Request) -> web.StreamResponse:
        channel = self._channel(req)
        message = self._channel_message(req, channel)
        body = self._check_message_body(req.body or {}, req.uploads, creating=False)
        if message.author is not self.bot_user:
            raise _Refused(403, 50005, "Cannot edit a message authored by another user")
        self._apply_edit(message, body, req.uploads)
        return _json(message.payload())

    async def _delete_message(self, req: _Request) -> web.StreamResponse:
        channel = self._channel(req)
        self._delete(self._channel_message(req, channel))
        return web.Response(status=204)

    def _new_thread(
        self, parent: FakeChannel, body: dict[str, Any], kind: int, thread_id: int | None = None
    ) -> FakeChannel:
        problems: list[FieldError] = []
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name or "") <= 100:
            problems.append(
                FieldError(
                    ("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
                )
            )
        duration = body.get("auto_archive_duration", 1440)
        if duration not in (60, 1440, 4320, 10080):
            problems.append(
                FieldError(
                    ("auto_archive_duration",),
                    "BASE_TYPE_CHOICES",
                    "Value must be one of {60, 1440, 4320, 10080}.",
                )
            )
        if problems:
            raise _form_error(problems)
        if parent.type != GUILD_TEXT or parent.guild is None:
            raise _Refused(400, 50024, "Cannot execute action on this channel type")
        thread = FakeChannel(
            thread_id or self.ids.next(),
            kind,
            str(name),
            guild=parent.guild,
            parent=parent,
            owner_id=self.bot_user.id,
            auto_archive_duration=duration,
        )
        thread.thread_member_ids.add(self.bot_user.id)
        parent.guild.threads.append(thread)
        self._channels[thread.id] = thread
        self._dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    async def _create_thread(self, req: _Request) -> web.StreamResponse:
        parent = self._channel(req)
        body = req.body if isinstance(req.body, dict) else {}
        kind = body.get("type", PRIVATE_THREAD)
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise _form_error(
                [FieldError(("type",), "BASE_TYPE_CHOICES", "Value must be one of {11, 12}.")]
            )
        return _json(self._new_thread(parent, body, kind).payload())

    async def _thread_from_message(self, req: _Request) -> web.StreamResponse:
        parent = self._channel(req)
        message = self._channel_message(req, parent)
        if message.thread is not None:
            raise _Refused(400, 160004, "A thread has already been created for this message")
        thread = self._new_thread(
            parent, req.body if isinstance(req.body, dict) else {}, PUBLIC_THREAD, message.id
        )
        message.thread = thread
        return _json(thread.payload())

    async def _thread_members(self, req: _Request) -> web.StreamResponse:
        thread = self._channel(req)
        return _json(
            [
                {
                    "id": str(thread.id),
                    "user_id": str(uid),
                    "join_timestamp": thread.created_at,
                    "flags": 0,
                }
                for uid in sorted(thread.thread_member_ids)
            ]
        )

    async def _thread_member(self, req: _Request) -> web.StreamResponse:
        thread = self._channel(req)
        if not thread.is_thread:
            raise _Refused(400, 50024, "Cannot execute action on this channel type")
        raw = req.params.get("user_id", str(self.bot_user.id))
        if thread.guild is None or not raw.isdigit() or int(raw) not in thread.guild.members:
            raise _unknown("Member", 10007)
        if req.method == "PUT":
            thread.thread_member_ids.add(int(raw))
        else:
            thread.thread_member_ids.discard(int(raw))
        return web.Response(status=204)

    async def _typing(self, req: _Request) -> web.StreamResponse:
        self._channel(req)
        return web.Response(status=204)

    def _guild(self, req: _Request) -> FakeGuild:
        guild = self._guild_or_none(req.params["guild_id"])
        if guild is None:
            raise _unknown("Guild", 10004)
        return guild

    async def _get_guild(self, req: _Request) -> web.StreamResponse:
        data = self._guild(req).payload(members=[])
        data.pop("members")
        return _json(data)

    async def _get_guild_channels(self, req: _Request) -> web.StreamResponse:
        return _json([c.payload() for c in self._guild(req).channels])

    async def _get_member(self, req: _Request) -> web.StreamResponse:
        guild = self._guild(req)
        raw = req.params["user_id"]
        member = guild.members.get(int(raw)) if raw.isdigit() else None
        if member is None:
            raise _unknown("Member", 10007)
        return _json(member.payload())

    # ------------------------------------------------------------------ gateway

    def _gateway_violation(self, detail: str) -> None:
        rejection = Rejection("WS", "/gateway", 0, 0, "gateway protocol violation", detail=detail)
        self.rejections.append(rejection)
        self._violations.append(rejection)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, timeout=2.0)
        await ws.prepare(request)
        session = _GatewaySession(ws)
        session.writer = asyncio.create_task(self._gateway_writer(session))
        self._sessions.append(session)
        self._send(
            session,
            {
                "op": 10,
                "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                "s": None,
                "t": None,
            },
        )
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    try:
                        payload = json.loads(msg.data)
                    except ValueError:
                        self._gateway_violation("a frame that is not JSON")
                        await ws.close(code=4002, message=b"Error while decoding payload.")
                        break
                    await self._gateway_message(session, payload)
                elif msg.type == WSMsgType.BINARY:
                    self._gateway_violation("a binary frame (discord.py sends JSON text)")
        finally:
            self._sessions.remove(session)
            if session.writer is not None:
                session.writer.cancel()
            if session.record is not None:
                session.record.connections -= 1
            self._notify()
        return ws

    async def _gateway_writer(self, session: _GatewaySession) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            while True:
                data = await session.queue.get()
                await session.ws.send_str(data)

    def _send(self, session: _GatewaySession, payload: dict[str, Any]) -> None:
        session.queue.put_nowait(orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS).decode())

    def _send_dispatch(self, session: _GatewaySession, event: str, data: Any) -> None:
        session.seq += 1
        if session.record is not None:
            session.record.events.append(GatewayEvent(event, _event_guild_id(event, data), data))
        self._send(session, {"op": 0, "t": event, "s": session.seq, "d": data})

    def _receives(self, session: _GatewaySession, guild_id: int | None) -> bool:
        """``session`` is identified and its shard is the one Discord routes ``guild_id``'s
        events (None: no guild, e.g. a DM) to."""
        return session.identified and session.record is not None and session.record.routes(guild_id)

    def _dispatch(self, event: str, data: Any, *, intent: int | None = None) -> int:
        """Send a DISPATCH to every identified session (subscribed to ``intent``) of the shard
        the event belongs to (by its guild; shard 0 for an event without one)."""
        guild_id = _event_guild_id(event, data)
        sent = 0
        for session in self._sessions:
            if self._receives(session, guild_id) and (intent is None or session.intents & intent):
                self._send_dispatch(session, event, data)
                sent += 1
        return sent

    async def _gateway_message(self, session: _GatewaySession, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == 1:
            self._send(session, {"op": 11, "d": None, "s": None, "t": None})
            return
        if op == 2:
            await self._identify(session, data or {})
            return
        if op == 6:
            data = data or {}
            if data.get("token") != self.token:
                await session.ws.close(code=4004, message=b"Authentication failed.")
                return
            known = self._resumable.get(str(data.get("session_id")))
            if known is None:
                self._send(session, {"op": 9, "d": False, "s": None, "t": None})  # invalid session
                return
            session.identified, session.session_id = True, known.session_id
            session.intents, session.record = known.intents, known
            known.connections += 1
            session.seq = int(data.get("seq") or 0)
            self.resume_count += 1
            self._send_dispatch(session, "RESUMED", {})
            self._notify()
            return
        if not session.identified:
            self._gateway_violation(f"opcode {op} before IDENTIFY")
            await session.ws.close(code=4003, message=b"Not authenticated.")
            return
        if op in (3, 4):  # presence / voice state: accepted, nothing to do
            return
        if op == 8:
            self._request_members(session, data or {})
            return
        self._gateway_violation(f"unknown opcode {op}")
        await session.ws.close(code=4001, message=b"Unknown opcode.")

    async def _refuse_identify(self, session: _GatewaySession, code: int, message: str) -> None:
        """Close the connection as Discord does for an IDENTIFY it will not start a session
        for; logged (not a violation: the bot sees the close code and stops)."""
        self.rejections.append(Rejection("WS", "/gateway", 0, code, message, violation=False))
        await session.ws.close(code=code, message=message.encode())

    def _shard_problem(self, shard: Any) -> tuple[int, str] | None:
        """Discord's close code and reason for IDENTIFY's ``shard`` field, None if it is fine.
        The count is the session's own (Discord routes by it, so a larger count than the
        recommended one is allowed), but one below the fake's ``shards`` would put more
        guilds on a session than Discord allows."""
        if shard is None:
            return None if self.shards <= 1 else (4011, "Sharding required.")
        if (
            not isinstance(shard, list)
            or len(shard) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
            or not 0 <= shard[0] < shard[1]
        ):
            return 4010, "Invalid shard."
        if shard[1] < self.shards:
            return 4011, "Sharding required."
        return None

    def _check_session_start(self, record: SessionRecord) -> None:
        """Record the violations of a session start Discord would not want: the same shard
        twice at once (Discord allows it, but a bot running one shard in two places answers
        its interactions twice), an IDENTIFY too soon in its rate-limit bucket, a start past
        the session start limit."""
        twins = [
            r
            for r in self.gateway_sessions
            if r is not record
            and r.live
            and (r.shard_id, r.shard_count) == (record.shard_id, record.shard_count)
        ]
        if twins:
            self._gateway_violation(
                f"shard [{record.shard_id}, {record.shard_count}] identified while session "
                f"{twins[0].session_id} of the same shard is still connected"
            )
        pacing = self.identify_pacing if self.identify_pacing is not None else self.shards > 1
        bucket = record.shard_id % self.max_concurrency
        last = self._bucket_identified.get(bucket)
        window = self.identify_window
        if pacing and last is not None and record.identified_at - last < window:
            self._gateway_violation(
                f"IDENTIFY of shard {record.shard_id} "
                f"{record.identified_at - last:.2f} s after the previous one of its rate-limit "
                f"bucket {bucket} (shard_id % max_concurrency {self.max_concurrency}): "
                f"Discord allows one per bucket every {window:g} s"
            )
        self._bucket_identified[bucket] = record.identified_at
        if self._session_start_limit()["remaining"] <= 0:
            self._gateway_violation(
                f"session start limit used up ({self.session_start_total} per 24 hours): "
                "Discord invalidates the sessions and refuses new ones until it resets"
            )

    async def _identify(self, session: _GatewaySession, data: dict[str, Any]) -> None:
        self.identify_count += 1
        if session.identified:
            self._gateway_violation("IDENTIFY sent twice on one connection")
            await session.ws.close(code=4005, message=b"Already authenticated.")
            return
        if data.get("token") != self.token:
            await self._refuse_identify(session, 4004, "Authentication failed.")
            return
        problem = self._shard_problem(data.get("shard"))
        if problem is not None:
            await self._refuse_identify(session, *problem)
            return
        shard = data.get("shard")
        record = SessionRecord(
            uuid.uuid4().hex,
            (shard[0], shard[1]) if shard is not None else None,
            int(data.get("intents") or 0),
            identified_at=self.now(),
        )
        self._check_session_start(record)
        record.connections = 1
        self.gateway_sessions.append(record)
        session.identified, session.record = True, record
        session.intents, session.session_id = record.intents, record.session_id
        self._resumable[session.session_id] = record
        guilds = [g for g in self.guilds if record.routes(g.id)]
        me = self.bot_user.payload()
        me.update(verified=True, mfa_enabled=False, email=None, flags=0)
        ready: dict[str, Any] = {
            "v": 10,
            "user": me,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "_trace": ["fake-discord"],
        }
        if shard is not None:
            ready["shard"] = shard
        self._send_dispatch(session, "READY", ready)
        for guild in guilds:
            # Without GUILD_MEMBERS the member list holds the bot only (as on Discord);
            # member_count is the real count and discord.py chunks when it may.
            members = None if session.intents & GUILD_MEMBERS else [guild.member(self.bot_user)]
            self._send_dispatch(session, "GUILD_CREATE", guild.payload(members=members))
        self._notify()

    async def reconnect_gateway(self, *, timeout: float | None = None) -> None:
        """Send op 7 RECONNECT to every connected bot and wait until each has RESUMEd at
        ``resume_gateway_url`` (Discord does this when it moves a session)."""
        before = self.resume_count
        count = 0
        for session in list(self._sessions):
            if session.identified:
                self._send(session, {"op": 7, "d": None, "s": None, "t": None})
                count += 1
        await self.wait_for(lambda: self.resume_count >= before + count, timeout=timeout)

    def _request_members(self, session: _GatewaySession, data: dict[str, Any]) -> None:
        guild = self._guild_or_none(str(data.get("guild_id")))
        if guild is None:
            return
        members = list(guild.members.values())
        if data.get("user_ids"):
            wanted = {str(u) for u in data["user_ids"]}
            members = [m for m in members if str(m.user.id) in wanted]
        elif data.get("query"):
            members = [m for m in members if m.user.username.startswith(str(data["query"]))]
        if data.get("limit"):
            members = members[: int(data["limit"])]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        if data.get("presences"):
            chunk["presences"] = []
        self._send_dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)

    # ------------------------------------------------------------------ driver: helpers

    def _context(self, user: FakeUser, channel: FakeChannel) -> FakeMember | None:
        """The member acting in ``channel`` (None in a DM); refuses what a client can't do."""
        if channel.is_dm:
            if channel.recipient is not user:
                raise DriverError(f"{user.username} cannot act in another user's DM")
            return None
        assert channel.guild is not None
        if user.id not in channel.guild.members:
            raise DriverError(f"{user.username} is not a member of {channel.guild.name}")
        if (
            channel.is_thread
            and channel.type == PRIVATE_THREAD
            and user.id not in channel.thread_member_ids
        ):
            member = channel.guild.members[user.id]
            if not member.is_admin:
                raise DriverError(f"{user.username} cannot see private thread {channel.name!r}")
        return channel.guild.members[user.id]

    def _integration_owners(self, record: InteractionRecord) -> dict[str, str]:
        guild = record.channel.guild
        return {"0": str(guild.id)} if guild else {"0": "0"}

    def _interaction_payload(self, record: InteractionRecord) -> dict[str, Any]:
        channel = record.channel
        member = self._context(record.user, channel)
        guild = channel.guild
        channel_data = channel.payload()
        payload: dict[str, Any] = {
            "id": str(record.id),
            "application_id": str(self.application_id),
            "type": record.type,
            "data": record.data,
            "token": record.token,
            "version": 1,
            "locale": record.user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": self._integration_owners(record),
            "attachment_size_limit": self.upload_limit,
            "channel_id": str(channel.id),
            "channel": channel_data,
        }
        if guild is not None and member is not None:
            bot_member = guild.member(self.bot_user)
            channel_data["permissions"] = str(member.permissions)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                guild_locale=guild.preferred_locale,
                member=member.payload(permissions=True),
                app_permissions=str(bot_member.permissions),
                context=0,
            )
        else:
            payload.update(
                user=record.user.payload(), app_permissions=str(_BOT_PERMISSIONS), context=1
            )
        if record.source_message is not None:
            payload["message"] = record.source_message.payload()
        return payload

    async def _send_interaction(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        source: FakeMessage | None = None,
        deadline: float | None,
    ) -> InteractionRecord:
        if not self.connected:
            raise DriverError("no bot is connected to the fake gateway (start it first)")
        guild_id = channel.guild.id if channel.guild else None
        if not any(self._receives(s, guild_id) for s in self._sessions):
            shard = 0 if guild_id is None else self.shard_of(guild_id)
            raise DriverError(
                f"no connected bot session is on shard {shard}, which gets this interaction"
            )
        record = InteractionRecord(
            self.ids.next(),
            "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            kind,
            user,
            channel,
            data,
            self,
            source_message=source,
        )
        record.deadline = self.ack_deadline if deadline is None else deadline
        payload = self._interaction_payload(record)
        self.interactions.append(record)
        self._by_token[record.token] = record
        record.dispatched_at = self.now()
        self._dispatch("INTERACTION_CREATE", payload)
        limit = self._deadline(record)
        if not await self._wait(lambda: record.acknowledged, limit, poll=False):
            record.expired = True
            detail = (
                f"{record!r} got no acknowledgement within {limit} s "
                "(the user sees 'This interaction failed')"
            )
            if record.rejections:
                detail += "; its refused requests: " + "; ".join(str(r) for r in record.rejections)
            rejection = Rejection(
                "INTERACTION",
                f"interaction {record.id}",
                0,
                10062,
                "not acknowledged in time",
                detail=detail,
            )
            self.rejections.append(rejection)
            self._violations.append(rejection)
            raise InteractionNotAcknowledged(detail)
        return record

    # ------------------------------------------------------------- driver: application commands

    def _available_commands(
        self, user: FakeUser, channel: FakeChannel, kind: int
    ) -> list[dict[str, Any]]:
        member = self._context(user, channel)
        commands = [c for c in self._commands.get(None, []) if c["type"] == kind]
        if channel.guild is not None:
            commands += [c for c in self._commands.get(channel.guild.id, []) if c["type"] == kind]
        usable = []
        for command in commands:
            contexts = command.get("contexts")
            if channel.is_dm:
                if command.get("guild_id") or command.get("dm_permission") is False:
                    continue
                if contexts is not None and 1 not in contexts:
                    continue
            else:
                if contexts is not None and 0 not in contexts:
                    continue
                required = command.get("default_member_permissions")
                if required is not None and member is not None:
                    needed = int(required)
                    if not member.is_admin and (
                        needed == 0 or member.permissions & needed != needed
                    ):
                        continue
            usable.append(command)
        return usable

    @staticmethod
    def _named(items: list[dict[str, Any]], name: str, locale: str) -> dict[str, Any] | None:
        for item in items:
            if item["name"] == name or (item.get("name_localizations") or {}).get(locale) == name:
                return item
        return None

    def _find_command(
        self, user: FakeUser, channel: FakeChannel, name: str, kind: int
    ) -> dict[str, Any]:
        commands = self._available_commands(user, channel, kind)
        command = self._named(commands, name, user.locale)
        if command is None:
            synced = [
                c["name"] for scope in self._commands.values() for c in scope if c["type"] == kind
            ]
            raise DriverError(
                f"{user.username} has no command {name!r} in {channel!r}: usable here "
                f"{sorted(c['name'] for c in commands)}, synced {sorted(synced)}"
            )
        return command

    def _convert_option(
        self,
        spec: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        channel: FakeChannel,
        *,
        partial: bool = False,
    ) -> Any:
        kind, name = spec["type"], spec["name"]

        def bad(why: str) -> DriverError:
            return DriverError(f"option {name!r}: {why} (got {value!r})")

        if partial:  # autocomplete sends what was typed so far, unvalidated
            return value if isinstance(value, str | int | float) else str(value)
        if kind == 3:
            if not isinstance(value, str):
                raise bad("expects a string")
            if len(value) < spec.get("min_length", 0) or len(value) > spec.get("max_length", 6000):
                raise bad(
                    f"length must be {spec.get('min_length', 0)}..{spec.get('max_length', 6000)}"
                )
        elif kind == 4:
            if not isinstance(value, int) or isinstance(value, bool):
                raise bad("expects an integer")
        elif kind == 10:
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise bad("expects a number")
        elif kind == 5:
            if not isinstance(value, bool):
                raise bad("expects a boolean")
        elif kind in (6, 9) and isinstance(value, FakeUser | FakeMember):
            user = value.user if isinstance(value, FakeMember) else value
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            guild = channel.guild
            if guild is not None and user.id in guild.members:
                resolved.setdefault("members", {})[str(user.id)] = guild.members[user.id].payload(
                    with_user=False, permissions=True
                )
            return str(user.id)
        elif kind in (8, 9) and isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        elif kind == 7 and isinstance(value, FakeChannel):
            types = spec.get("channel_types")
            if types and value.type not in types:
                raise bad(f"channel type must be one of {types}")
            channel_data = value.payload()
            channel_data["permissions"] = str(DEFAULT_PERMISSIONS)
            resolved.setdefault("channels", {})[str(value.id)] = channel_data
            return str(value.id)
        elif kind == 11:
            if (
                isinstance(value, tuple)
                and len(value) == 2
                and isinstance(value[1], bytes | bytearray)
            ):
                filename, data = value
            elif isinstance(value, Path):
                filename, data = value.name, value.read_bytes()
            else:
                raise bad("expects (filename, bytes) or a Path")
            if len(data) > self.upload_limit:
                raise bad(f"file over the upload limit ({self.upload_limit} bytes)")
            attachment = self._store_upload(
                _Upload(0, str(filename), bytes(data)), channel, None, True
            )
            resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload()
            return str(attachment.id)
        else:
            raise bad(f"unsupported value for option type {kind}")
        if kind in (4, 10):
            if "min_value" in spec and value < spec["min_value"]:
                raise bad(f"must be >= {spec['min_value']}")
            if "max_value" in spec and value > spec["max_value"]:
                raise bad(f"must be <= {spec['max_value']}")
        choices = spec.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise bad(f"must be one of the choices {[c['value'] for c in choices]}")
        return value

    def _build_command_data(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command_path: str,
        options: dict[str, Any],
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        words = command_path.split()
        if not words:
            raise DriverError("empty command")
        command = self._find_command(user, channel, words[0], 1)
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        node, container = command, data
        for word in words[1:]:
            subs = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
            sub = self._named(subs, word, user.locale)
            if sub is None:
                raise DriverError(
                    f"/{command['name']} has no subcommand {word!r}; "
                    f"it has {[s['name'] for s in subs]}"
                )
            entry: dict[str, Any] = {"name": sub["name"], "type": sub["type"], "options": []}
            container.setdefault("options", []).append(entry)
            node, container = sub, entry
        if any(o["type"] in (1, 2) for o in node.get("options") or []):
            raise DriverError(
                f"/{command_path} is a group: pick one of {[o['name'] for o in node['options']]}"
            )
        specs = {o["name"]: o for o in node.get("options") or []}
        local = {
            (o.get("name_localizations") or {}).get(user.locale): o["name"] for o in specs.values()
        }
        resolved: dict[str, dict[str, Any]] = {}
        given: dict[str, Any] = {}
        for key, value in options.items():
            if value is None:  # an option left empty
                continue
            name = key if key in specs else local.get(key, key)
            if name not in specs:
                raise DriverError(f"/{command_path} has no option {key!r}; it has {sorted(specs)}")
            given[name] = value
        if focused is not None and focused not in given:
            raise DriverError(f"focused option {focused!r} needs a (partial) value")
        out = []
        for name, spec in specs.items():  # in the command's declared order
            if name not in given:
                if spec.get("required") and focused is None:
                    raise DriverError(f"/{command_path}: required option {name!r} missing")
                continue
            is_focused = name == focused
            if is_focused and not spec.get("autocomplete"):
                raise DriverError(f"option {name!r} has no autocomplete")
            value = self._convert_option(spec, given[name], resolved, channel, partial=is_focused)
            item: dict[str, Any] = {"name": name, "type": spec["type"], "value": value}
            if is_focused:
                item["focused"] = True
            out.append(item)
        if out:
            container["options"] = out
        elif container is data:
            data.pop("options", None)
        if resolved:
            data["resolved"] = resolved
        return data

    # ------------------------------------------------------------------ driver: public API

    async def slash(
        self,
        user: FakeUser,
        command: str,
        /,
        *,
        in_channel: FakeChannel | None = None,
        deadline: float | None = None,
        **options: Any,
    ) -> InteractionRecord:
        """Run ``/command`` ("rules set", "score tiles"; localized names for the user's locale
        work too) as ``user`` in ``in_channel`` (default: the first guild's first text
        channel; ``fake.dm(user)`` for a DM). Options are keyword arguments: str, int,
        float, bool, FakeUser/FakeMember, FakeChannel, FakeRole, or (filename, bytes) for an
        attachment. Returns once the bot acknowledged."""
        channel = in_channel or self.default_channel
        data = self._build_command_data(user, channel, command, options)
        return await self._send_interaction(
            APPLICATION_COMMAND, user, channel, data, deadline=deadline
        )

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        /,
        *,
        focused: str,
        in_channel: FakeChannel | None = None,
        deadline: float | None = None,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Type into option ``focused`` of ``/command`` (its partial value among ``options``);
        returns the choices the bot offered."""
        channel = in_channel or self.default_channel
        data = self._build_command_data(user, channel, command, options, focused=focused)
        record = await self._send_interaction(AUTOCOMPLETE, user, channel, data, deadline=deadline)
        return list(record.choices or [])

    async def _context_menu(
        self,
        user: FakeUser,
        name: str,
        kind: int,
        target: Any,
        channel: FakeChannel,
        deadline: float | None,
    ) -> InteractionRecord:
        command = self._find_command(user, channel, name, kind)
        resolved: dict[str, Any] = {}
        if kind == 2:
            target_id = self._convert_option(
                {"type": 6, "name": "target"}, target, resolved, channel
            )
        else:
            if not isinstance(target, FakeMessage) or target.channel is not channel:
                raise DriverError("a message command needs a message of that channel")
            self._visible_message(user, target, pressing=False)
            target_id = str(target.id)
            resolved = {"messages": {target_id: target.payload()}}
        data = {
            "id": command["id"],
            "name": command["name"],
            "type": kind,
            "target_id": target_id,
            "resolved": resolved,
        }
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        return await self._send_interaction(
            APPLICATION_COMMAND, user, channel, data, deadline=deadline
        )

    async def user_command(
        self,
        user: FakeUser,
        name: str,
        target: FakeUser,
        *,
        in_channel: FakeChannel | None = None,
        deadline: float | None = None,
    ) -> InteractionRecord:
        """Right-click ``target`` > Apps > ``name``."""
        return await self._context_menu(
            user, name, 2, target, in_channel or self.default_channel, deadline
        )

    async def message_command(
        self, user: FakeUser, name: str, target: FakeMessage, *, deadline: float | None = None
    ) -> InteractionRecord:
        """Right-click ``target`` > Apps > ``name``."""
        return await self._context_menu(user, name, 3, target, target.channel, deadline)

    def _visible_message(
        self, user: FakeUser, message: FakeMessage | InteractionRecord, *, pressing: bool = True
    ) -> FakeMessage:
        if isinstance(message, InteractionRecord):
            if message.message is None:
                raise DriverError(f"{message!r} has no response message")
            message = message.message
        if message.deleted:
            raise DriverError(f"{message!r} was deleted")
        if message.loading and pressing:
            raise DriverError(f"{message!r} is still 'thinking…': no components to press yet")
        if message.ephemeral and message.visible_to is not user:
            raise DriverError(f"{user.username} cannot see an ephemeral message of another user")
        self._context(user, message.channel)
        return message

    def _component(
        self, message: FakeMessage, custom_id: str, kinds: frozenset[int] | set[int]
    ) -> dict[str, Any]:
        comp = message.component(custom_id)
        if comp is None or comp.get("type") not in kinds:
            raise DriverError(
                f"{message!r} has no such component {custom_id!r}; it has {message.custom_ids}"
            )
        if comp.get("disabled"):
            raise DriverError(f"component {custom_id!r} is disabled")
        return comp

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage | InteractionRecord,
        custom_id: str,
        *,
        deadline: float | None = None,
    ) -> InteractionRecord:
        """Press the button ``custom_id`` on ``message`` (as it is now) as ``user``."""
        msg = self._visible_message(user, message)
        comp = self._component(msg, custom_id, {rules.BUTTON})
        if comp.get("style") in (rules.LINK_STYLE, rules.PREMIUM_STYLE):
            raise DriverError(f"{custom_id!r} is a link/premium button: it sends no interaction")
        data = {"custom_id": custom_id, "component_type": rules.BUTTON, "id": comp.get("id")}
        return await self._send_interaction(
            MESSAGE_COMPONENT, user, msg.channel, data, source=msg, deadline=deadline
        )

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage | InteractionRecord,
        custom_id: str,
        values: Sequence[Any],
        *,
        deadline: float | None = None,
    ) -> InteractionRecord:
        """Pick ``values`` in the select ``custom_id`` on ``message``: option values for a
        string select; FakeUser/FakeRole/FakeChannel objects for the other select types."""
        msg = self._visible_message(user, message)
        comp = self._component(msg, custom_id, rules.SELECT_TYPES)
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise DriverError(f"select {custom_id!r} takes {low}..{high} values, not {len(values)}")
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": comp["type"],
            "id": comp.get("id"),
        }
        if comp["type"] == rules.STRING_SELECT:
            offered = [o["value"] for o in comp.get("options") or []]
            for value in values:
                if value not in offered:
                    raise DriverError(f"select {custom_id!r} offers {offered}, not {value!r}")
            data["values"] = list(values)
        else:
            kind = {
                rules.USER_SELECT: 6,
                rules.ROLE_SELECT: 8,
                rules.MENTIONABLE_SELECT: 9,
                rules.CHANNEL_SELECT: 7,
            }[comp["type"]]
            resolved: dict[str, dict[str, Any]] = {}
            spec = {"type": kind, "name": custom_id, "channel_types": comp.get("channel_types")}
            data["values"] = [self._convert_option(spec, v, resolved, msg.channel) for v in values]
            data["resolved"] = resolved
        return await self._send_interaction(
            MESSAGE_COMPONENT, user, msg.channel, data, source=msg, deadline=deadline
        )

    async def submit_modal(
        self,
        user: FakeUser,
        modal: InteractionRecord,
        values: dict[str, str | list[str]],
        *,
        deadline: float | None = None,
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot answered ``modal`` with: ``values`` maps text
        input custom_ids to text (select custom_ids to lists of option values)."""
        if modal.modal is None:
            raise DriverError(f"{modal!r} was not answered with a modal")
        if modal.user is not user:
            raise DriverError("only the user who opened the modal can submit it")
        if modal.submitted:
            raise DriverError("the modal was already submitted (it closes on submit)")
        unknown = set(values)

        def fill(comp: dict[str, Any]) -> dict[str, Any] | None:
            cid = str(comp.get("custom_id"))
            if comp.get("type") == rules.TEXT_INPUT:
                text = values.get(cid, comp.get("value") or "")
                unknown.discard(cid)
                if not isinstance(text, str):
                    raise DriverError(f"text input {cid!r} takes a string")
                if comp.get("required", True) and not text:
                    raise DriverError(f"text input {cid!r} is required")
                if text and not comp.get("min_length", 0) <= len(text) <= comp.get(
                    "max_length", 4000
                ):
                    raise DriverError(
                        f"text input {cid!r}: length {len(text)} outside "
                        f"{comp.get('min_length', 0)}..{comp.get('max_length', 4000)}"
                    )
                return {
                    "type": rules.TEXT_INPUT,
                    "id": comp.get("id"),
                    "custom_id": cid,
                    "value": text,
                }
            if comp.get("type") == rules.STRING_SELECT:
                picked = values.get(cid, [])
                unknown.discard(cid)
                offered = [o["value"] for o in comp.get("options") or []]
                if isinstance(picked, str) or any(v not in offered for v in picked):
                    raise DriverError(f"select {cid!r} offers {offered}, not {picked!r}")
                return {
                    "type": rules.STRING_SELECT,
                    "id": comp.get("id"),
                    "custom_id": cid,
                    "values": list(picked),
                }
            return None

        rows: list[dict[str, Any]] = []
        for comp in modal.modal.get("components") or []:
            if comp.get("type") == rules.ACTION_ROW:
                children = [
                    c for c in (fill(x) for x in comp.get("components") or []) if c is not None
                ]
                rows.append(
                    {"type": rules.ACTION_ROW, "id": comp.get("id"), "components": children}
                )
            elif comp.get("type") == rules.LABEL and isinstance(comp.get("component"), dict):
                child = fill(comp["component"])
                if child is not None:
                    rows.append({"type": rules.LABEL, "id": comp.get("id"), "component": child})
        if unknown:
            raise DriverError(f"the modal has no inputs {sorted(unknown)}")
        modal.submitted = True
        data = {"custom_id": modal.modal["custom_id"], "components": rows}
        return await self._send_interaction(
            MODAL_SUBMIT, user, modal.channel, data, source=modal.source_message, deadline=deadline
        )

    def user_message(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """``user`` posts ``content`` in ``channel`` (MESSAGE_CREATE to the bot; content only
        with the MESSAGE_CONTENT intent, in DMs, or when it mentions the bot)."""
        self._context(user, channel)
        message = FakeMessage(self.ids.next(), channel, user, content=content)
        channel.messages.append(message)
        self._messages[message.id] = message
        for session in self._sessions:
            if not self._receives(session, message.guild_id) or not session.intents & (
                self._message_intent(channel)
            ):
                continue
            data = message.payload(gateway=True)
            if not (
                session.intents & MESSAGE_CONTENT
                or channel.is_dm
                or self.bot_user.mention in content
            ):
                data["content"] = ""
            self._send_dispatch(session, "MESSAGE_CREATE", data)
        self._notify()
        return message


def _event_guild_id(event: str, data: Any) -> int | None:
    """The guild Discord routes a DISPATCH by (None: shard 0 only)."""
    if not isinstance(data, dict):
        return None
    raw = data.get("id") if event in _GUILD_OBJECT_EVENTS else data.get("guild_id")
    return int(raw) if raw is not None else None


@contextlib.asynccontextmanager
async def running_fake(**kwargs: Any) -> AsyncIterator[FakeDiscord]:
    """``async with running_fake() as fake:`` — started, discord.py patched, stopped."""
    fake = FakeDiscord(**kwargs)
    await fake.start()
    try:
        with fake.patch_discord():
            yield fake
    finally:
        await fake.stop()
