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

Limits and faults (all off by default; see :mod:`tests.e2e.fake_faults`):
``fake.traffic`` (:class:`Traffic`, always kept: a :class:`TrafficRecord` per HTTP request;
``counted()``, ``exempt_records()``, ``limited()``, ``by_route(records)``, ``per_second()``);
``FakeDiscord(rate_limits=True)`` or ``fake.rate_limits = True``: the global limit
(``fake.global_limit`` = 50/s, interaction callbacks and webhooks exempt), per-route buckets
with Discord's headers (``fake.buckets``, a copy of :data:`DEFAULT_BUCKETS` of
:class:`BucketLimit`), 30046 for edits of messages older than an hour beyond
``fake.old_edit_limit`` per channel per hour (``fake.old_message_edits`` counts such edits
always); ``fake.faults = Faults(rate=0.05, ...)`` (5xx, Cloudflare's 502 page, timeouts);
``fake.latency = (0.01, 0.05)``; ``await fake.drop_gateway(2.0, hold=False)`` (a gateway
outage: sessions aborted, new connections refused 503 or, with ``hold``, held until it ends;
``fake.gateway_outages``).

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

Layout: :class:`FakeDiscord` is composed of layers (mixins), one a module, all working on the one
instance; each subclasses the layers it calls into (see :mod:`tests.e2e.fake_core`):

- :mod:`tests.e2e.fake_types`: constants, the driver's errors, :class:`Rejection`, the records
  of requests and gateway sessions;
- :mod:`tests.e2e.fake_core` (``FakeCore``): the constructor and the state every layer shares,
  the clock, waiting, violations;
- :mod:`tests.e2e.fake_gateway` (``FakeGateway``): the websocket (IDENTIFY, RESUME, READY),
  dispatch by shard, session records, GET /gateway;
- :mod:`tests.e2e.fake_limits`: the traffic record, the bucket table, the rate limiter's
  state;
- :mod:`tests.e2e.fake_faults` (``FakeFaults``): :class:`Faults`; latency, rate limits,
  faults and gateway outages applied to each request;
- :mod:`tests.e2e.fake_world` (``FakeWorld``): users, guilds, channels, DMs, reading messages,
  the user, DM, guild and member routes;
- :mod:`tests.e2e.fake_application` (``FakeApplication``): the application, its commands and
  emoji;
- :mod:`tests.e2e.fake_messages` (``FakeMessages``): message bodies checked, messages made,
  edited and deleted, attachments;
- :mod:`tests.e2e.fake_channels` (``FakeChannels``): the channel, message and thread routes;
- :mod:`tests.e2e.fake_interactions` (``FakeInteractions``): INTERACTION_CREATE, the callback,
  follow-ups and edits through the token;
- :mod:`tests.e2e.fake_command_driver` (``FakeCommandDriver``): ``slash``, ``autocomplete``,
  context menu commands;
- :mod:`tests.e2e.fake_component_driver` (``FakeComponentDriver``): ``click``, ``select``,
  ``submit_modal``, ``user_message``;
- :mod:`tests.e2e.fake_server` (``FakeHttpServer``): the HTTP server, the route table, request
  parsing and validation, ``fail_next``, ``patch_discord``, ``subprocess_env``.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from tests.e2e.fake_component_driver import FakeComponentDriver
from tests.e2e.fake_faults import Faults
from tests.e2e.fake_gateway import SESSION_START_RESET
from tests.e2e.fake_interactions import TOKEN_LIFETIME
from tests.e2e.fake_limits import DEFAULT_BUCKETS, BucketLimit, Traffic, TrafficRecord
from tests.e2e.fake_model import (
    FakeAttachment,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
)
from tests.e2e.fake_server import FAKE_IDENTIFY_ENV, FAKE_URL_ENV, SITECUSTOM_DIR, FakeHttpServer
from tests.e2e.fake_types import (
    API_PREFIX,
    DIRECT_MESSAGES,
    GUILD_MEMBERS,
    GUILD_MESSAGES,
    GUILDS,
    IDENTIFY_WINDOW,
    MESSAGE_CONTENT,
    DriverError,
    GatewayEvent,
    InteractionNotAcknowledged,
    Rejection,
    SessionRecord,
    WaitTimeout,
)

__all__ = [
    "API_PREFIX",
    "DEFAULT_BUCKETS",
    "DIRECT_MESSAGES",
    "FAKE_IDENTIFY_ENV",
    "FAKE_URL_ENV",
    "GUILDS",
    "GUILD_MEMBERS",
    "GUILD_MESSAGES",
    "IDENTIFY_WINDOW",
    "MESSAGE_CONTENT",
    "SESSION_START_RESET",
    "SITECUSTOM_DIR",
    "TOKEN_LIFETIME",
    "BucketLimit",
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
    "Faults",
    "GatewayEvent",
    "InteractionNotAcknowledged",
    "InteractionRecord",
    "Rejection",
    "SessionRecord",
    "Traffic",
    "TrafficRecord",
    "WaitTimeout",
    "running_fake",
]


class FakeDiscord(FakeComponentDriver, FakeHttpServer):
    """The fake server, its world and the test driver. See the module docstring."""


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
