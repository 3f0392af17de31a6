"""The fake Discord's world (a layer of :class:`~tests.e2e.fake_discord.FakeDiscord`): the
default world and adding users and guilds, finding users, channels and messages, the bot's
DM channels, what tests read (a channel's, a DM's, a user's ephemeral messages), and the
routes for the bot's user, other users, DMs, guilds and guild members.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from aiohttp import web

from tests.e2e.fake_gateway import FakeGateway
from tests.e2e.fake_model import (
    ADMINISTRATOR,
    DEFAULT_PERMISSIONS,
    DM,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
)
from tests.e2e.fake_types import _BOT_PERMISSIONS, GUILDS, _json, _Refused, _Request, _unknown

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord


class FakeWorld(FakeGateway):
    """Users, guilds, channels and DMs, and reading what was posted."""

    # ------------------------------------------------------------------ building

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
        guild = FakeGuild(
            guild_id, name, owner.id, cast("FakeDiscord", self), preferred_locale=locale
        )
        guild.roles.append(FakeRole(guild_id, "@everyone", DEFAULT_PERMISSIONS))
        guild.roles.append(FakeRole(self.ids.next(), "Admin", ADMINISTRATOR, position=1))
        bot_role = FakeRole(self.ids.next(), self.application_name, _BOT_PERMISSIONS, position=2)
        guild.roles.append(bot_role)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild, [bot_role])
        self.guilds.append(guild)
        if any(s.identified for s in self._sessions):
            self._world_changed("GUILD_CREATE", guild.payload())
        return guild

    def _world_changed(self, event: str, data: dict[str, Any], intent: int = GUILDS) -> None:
        self._dispatch(event, data, intent=intent)
        self._notify()

    # ------------------------------------------------------------------ finding

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

    # ---------------------------------------------------------- routes: users, DMs, guilds, members

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

    async def _create_dm(self, req: _Request) -> web.StreamResponse:
        body = req.body if isinstance(req.body, dict) else {}
        user = next(
            (u for u in self.users.values() if str(u.id) == str(body.get("recipient_id"))), None
        )
        if user is None:
            raise _Refused(400, 50033, "Invalid Recipient(s)")
        return _json(self.dm(user).payload())

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
