"""The fake Discord's world: users, guilds, members, roles, channels, threads, DMs, messages,
attachments, application emoji and interactions, each able to render the JSON payload Discord
would send.

Objects are live: a :class:`FakeMessage` held by a test is the one the fake edits when the bot
edits it (``message.content`` is always the current content; ``message.deleted`` tells deletion).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tests.e2e import discord_rules as rules

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 51) - 1
DEFAULT_PERMISSIONS = (
    (1 << 0)  # CREATE_INSTANT_INVITE
    | (1 << 6)  # ADD_REACTIONS
    | (1 << 10)  # VIEW_CHANNEL
    | (1 << 11)  # SEND_MESSAGES
    | (1 << 14)  # EMBED_LINKS
    | (1 << 15)  # ATTACH_FILES
    | (1 << 16)  # READ_MESSAGE_HISTORY
    | (1 << 18)  # USE_EXTERNAL_EMOJIS
    | (1 << 26)  # CHANGE_NICKNAME
    | (1 << 31)  # USE_APPLICATION_COMMANDS
    | (1 << 35)  # CREATE_PUBLIC_THREADS
    | (1 << 38)  # SEND_MESSAGES_IN_THREADS
)

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({PUBLIC_THREAD, PRIVATE_THREAD, 10})

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Interaction callback types.
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


class Snowflakes:
    """Time-based, strictly increasing snowflake ids (discord.py derives created_at from them)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value

    def next_on_shard(self, shard: int, count: int) -> int:
        """The next id that Discord's sharding formula, ``(id >> 22) % count``, puts on
        ``shard``: its timestamp is moved on by less than ``count`` milliseconds, so it stays a
        plausible, strictly increasing snowflake."""
        if not 0 <= shard < count:
            raise ValueError(f"shard {shard} is not one of {count} shards")
        previous = self.next()
        stamp = previous >> 22
        value = (stamp + (shard - stamp) % count) << 22
        if value <= previous:  # ``previous`` was bumped within its millisecond
            value += count << 22
        self._last = value
        return value


@dataclass(eq=False)
class FakeUser:
    """A Discord account. ``locale`` is the client language sent with its interactions;
    ``dms_open=False`` makes the bot's DMs to it fail with 403 / 50007."""

    id: int
    username: str
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True
    global_name: str | None = None

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name
            if self.global_name is not None
            else self.username.title(),
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "primary_guild": None,
            "collectibles": None,
        }
        if self.bot:
            data["bot"] = True
            data["global_name"] = None
        return data

    def __repr__(self) -> str:
        return f"<FakeUser {self.username} id={self.id} locale={self.locale}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    color: int = 0

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    @property
    def permissions(self) -> int:
        """Guild-level permissions: the owner and ADMINISTRATOR holders have all of them."""
        if self.user.id == self.guild.owner_id:
            return ALL_PERMISSIONS
        perms = self.guild.everyone_role.permissions
        for role in self.roles:
            perms |= role.permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    @property
    def is_admin(self) -> bool:
        return bool(self.permissions & ADMINISTRATOR)

    def payload(self, *, with_user: bool = True, permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str = "application/octet-stream"
    description: str | None = None
    ephemeral: bool = False
    width: int | None = None
    height: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.width is not None:
            data["width"] = self.width
            data["height"] = self.height
        if self.ephemeral:
            data["ephemeral"] = True
        return data


@dataclass(eq=False)
class FakeMessage:
    """A message as the fake stores it; live (edits update it in place)."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    #: For an ephemeral message: the only user who sees it.
    visible_to: FakeUser | None = None
    deleted: bool = False
    edits: int = 0
    thread: FakeChannel | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & rules.EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("thinking…") response not yet filled in."""
        return bool(self.flags & rules.LOADING)

    @property
    def guild_id(self) -> int | None:
        return self.channel.guild.id if self.channel.guild else None

    def text(self) -> str:
        """Content plus every embed's title, description, fields, footer and author, and text
        displays: handy for asserting on what a user reads."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
            parts.append((embed.get("author") or {}).get("name") or "")
        for comp in rules.walk_components(self.components):
            if comp.get("type") == rules.TEXT_DISPLAY:
                parts.append(comp.get("content") or "")
        return "\n".join(p for p in parts if p)

    def iter_components(self) -> Iterator[dict[str, Any]]:
        return rules.walk_components(self.components)

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in self.iter_components():
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if c.get("custom_id")]

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == rules.BUTTON]

    def button_labels(self) -> list[str]:
        return [c.get("label") or "" for c in self.buttons()]

    def payload(self, *, gateway: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "components": self.components,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if self.channel.is_thread:
            data["position"] = (
                self.channel.messages.index(self) if self in self.channel.messages else 0
            )
        if self.thread is not None:
            data["thread"] = self.thread.payload()
        if gateway and self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
            member = self.channel.guild.members.get(self.author.id)
            if member is not None and self.webhook_id is None:
                data["member"] = member.payload(with_user=False)
        return data

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        return (
            f"<FakeMessage id={self.id} channel={self.channel.name!r}{flags} "
            f"content={self.content[:40]!r}>"
        )


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread (``parent`` set) or a DM (``recipient`` set)."""

    id: int
    type: int
    name: str = ""
    guild: FakeGuild | None = None
    parent: FakeChannel | None = None
    recipient: FakeUser | None = None
    owner_id: int | None = None
    position: int = 0
    topic: str | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created_at: str = field(default_factory=iso_now)
    messages: list[FakeMessage] = field(default_factory=list)
    thread_member_ids: set[int] = field(default_factory=set)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def visible_messages(self) -> list[FakeMessage]:
        return [m for m in self.messages if not m.deleted and not m.ephemeral]

    def payload(self) -> dict[str, Any]:
        last = self.messages[-1].id if self.messages else None
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": str(last) if last else None,
            "flags": 0,
        }
        if self.is_dm:
            assert self.recipient is not None
            data["recipients"] = [self.recipient.payload()]
            return data
        assert self.guild is not None
        data.update(
            guild_id=str(self.guild.id),
            name=self.name,
            rate_limit_per_user=0,
            nsfw=False,
        )
        if self.is_thread:
            assert self.parent is not None
            data.update(
                parent_id=str(self.parent.id),
                owner_id=str(self.owner_id),
                message_count=len(self.messages),
                total_message_sent=len(self.messages),
                member_count=len(self.thread_member_ids),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created_at,
                    "locked": self.locked,
                    "create_timestamp": self.created_at,
                    **({"invitable": True} if self.type == PRIVATE_THREAD else {}),
                },
                applied_tags=[],
            )
        else:
            data.update(
                position=self.position,
                permission_overwrites=[],
                topic=self.topic,
                parent_id=None,
                default_auto_archive_duration=1440,
                default_thread_rate_limit_per_user=0,
            )
        return data

    def __repr__(self) -> str:
        return f"<FakeChannel {self.name or self.id} type={self.type}>"


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    fake: FakeDiscord
    preferred_locale: str = "en-US"
    roles: list[FakeRole] = field(default_factory=list)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: list[FakeChannel] = field(default_factory=list)
    threads: list[FakeChannel] = field(default_factory=list)

    @property
    def everyone_role(self) -> FakeRole:
        return self.roles[0]

    def role(self, name: str) -> FakeRole:
        for role in self.roles:
            if role.name == name:
                return role
        raise KeyError(f"no role {name!r} in {self.name}")

    def add_role(self, name: str, permissions: int = 0) -> FakeRole:
        role = FakeRole(self.fake.ids.next(), name, permissions, position=len(self.roles))
        self.roles.append(role)
        self.fake._world_changed(
            "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.payload()}
        )
        return role

    def add_member(
        self,
        user: FakeUser,
        *,
        admin: bool = False,
        roles: tuple[FakeRole, ...] = (),
        nick: str | None = None,
    ) -> FakeMember:
        """Make ``user`` a member; ``admin=True`` gives it the guild's "Admin" role
        (ADMINISTRATOR)."""
        member_roles = list(roles)
        if admin:
            member_roles.append(self.role("Admin"))
        member = FakeMember(user, self, member_roles, nick)
        self.members[user.id] = member
        self.fake._world_changed(
            "GUILD_MEMBER_ADD", {"guild_id": str(self.id), **member.payload()}, intent=1 << 1
        )
        return member

    def add_text_channel(self, name: str, *, topic: str | None = None) -> FakeChannel:
        channel = FakeChannel(
            self.fake.ids.next(),
            GUILD_TEXT,
            name,
            guild=self,
            position=len(self.channels),
            topic=topic,
        )
        self.channels.append(channel)
        self.fake._channels[channel.id] = channel
        self.fake._world_changed("CHANNEL_CREATE", channel.payload())
        return channel

    def add_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        private: bool = False,
        owner: FakeUser | None = None,
    ) -> FakeChannel:
        """A thread that already exists (created by a user, unless ``owner`` is the bot)."""
        owner_id = (owner or self.fake.bot_user).id
        thread = FakeChannel(
            self.fake.ids.next(),
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            name,
            guild=self,
            parent=parent,
            owner_id=owner_id,
        )
        thread.thread_member_ids.add(owner_id)
        self.threads.append(thread)
        self.fake._channels[thread.id] = thread
        self.fake._world_changed("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    def member(self, user: FakeUser) -> FakeMember:
        try:
            return self.members[user.id]
        except KeyError:
            raise KeyError(f"{user.username} is not a member of {self.name}") from None

    def payload(self, *, members: list[FakeMember] | None = None) -> dict[str, Any]:
        """The GUILD_CREATE payload (``members``: those to include; all by default)."""
        listed = list(self.members.values()) if members is None else members
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.preferred_locale,
            "nsfw_level": 0,
            "nsfw": False,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "lazy": True,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.payload() for m in listed],
            "channels": [c.payload() for c in self.channels],
            "threads": [t.payload() for t in self.threads if not t.archived],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeEmoji:
    """An application emoji (owned by the bot's application, usable only by it).

    ``image`` is the decoded upload (what Discord stores and serves from its CDN);
    ``user`` is who uploaded it: the bot user through the API, a team member through the
    Developer Portal."""

    id: int
    name: str
    image: bytes
    content_type: str
    user: FakeUser
    animated: bool = False

    @property
    def mention(self) -> str:
        """How a message writes it: ``<:name:id>`` (``<a:name:id>`` when animated)."""
        return f"<{'a' if self.animated else ''}:{self.name}:{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": self.user.payload(),
            "require_colons": True,
            "managed": False,
            "animated": self.animated,
            "available": True,
        }

    def __repr__(self) -> str:
        return f"<FakeEmoji {self.name} id={self.id}>"


@dataclass(eq=False)
class InteractionRecord:
    """One interaction the driver sent, and everything the bot did with its token.

    ``ack_type`` is the callback type (4 message, 5 deferred message, 6 deferred update,
    7 update, 8 autocomplete, 9 modal) once acknowledged; ``message`` is the original response
    (for 6/7: the clicked message); ``followups`` the follow-up messages; ``modal`` the modal's
    data; ``choices`` the autocomplete choices; ``rejections`` every refused request made with
    this interaction's token."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    data: dict[str, Any]
    fake: FakeDiscord
    source_message: FakeMessage | None = None
    dispatched_at: float = 0.0
    ack_type: int | None = None
    acked_at: float | None = None
    message: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    rejections: list[Any] = field(default_factory=list)
    #: Set when the acknowledgement deadline passed without an acknowledgement.
    expired: bool = False
    #: True once the deferred original response was filled in (by an edit or first follow-up).
    responded: bool = False
    #: Seconds the bot has to acknowledge (the fake's ``ack_deadline`` unless the driver call
    #: gave ``deadline=``).
    deadline: float = 3.0
    #: A modal answer is submitted at most once.
    submitted: bool = False

    @property
    def acknowledged(self) -> bool:
        return self.ack_type is not None

    @property
    def deferred(self) -> bool:
        return self.ack_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def messages(self) -> list[FakeMessage]:
        """Original response (if a message) followed by the follow-ups."""
        first = [self.message] if self.message is not None and self.ack_type in (4, 5) else []
        return first + [m for m in self.followups if m is not self.message]

    def text(self) -> str:
        """All text of the original response and the follow-ups."""
        return "\n".join(m.text() for m in self.messages if not m.deleted)

    async def wait_until(
        self, predicate: Callable[[InteractionRecord], bool], timeout: float | None = None
    ) -> None:
        await self.fake.wait_for(lambda: predicate(self), timeout=timeout)

    async def response(self, timeout: float | None = None) -> FakeMessage:
        """The response message, waiting until a deferral is filled in: for a deferred
        message (5), until @original is edited or the first follow-up replaces it; for a
        deferred update (6), until the message is edited or a follow-up is sent."""
        if self.ack_type == MODAL:
            raise AssertionError("the bot answered with a modal, not a message")
        await self.wait_until(
            lambda r: r.ack_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE) or r.responded, timeout
        )
        if (
            self.ack_type == DEFERRED_UPDATE_MESSAGE
            and self.followups
            and (self.message is None or not self.message.edits)
        ):
            return self.followups[0]
        assert self.message is not None
        return self.message

    async def wait_followups(
        self, count: int = 1, timeout: float | None = None
    ) -> list[FakeMessage]:
        """Wait until at least ``count`` follow-ups were sent; returns them all."""
        await self.wait_until(lambda r: len(r.followups) >= count, timeout)
        return list(self.followups)

    def __repr__(self) -> str:
        return (
            f"<InteractionRecord id={self.id} type={self.type} user={self.user.username} "
            f"ack={self.ack_type}>"
        )
