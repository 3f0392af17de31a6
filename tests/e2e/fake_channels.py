"""The fake Discord's channel routes (a layer of :class:`~tests.e2e.fake_discord.FakeDiscord`):
a channel (get, edit, delete a thread), its messages (history, post, get, edit, delete; an
ephemeral message is not reachable here), its threads (new, from a message, members) and the
typing indicator.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.e2e import discord_rules as rules
from tests.e2e.discord_rules import FieldError
from tests.e2e.fake_messages import FakeMessages
from tests.e2e.fake_model import GUILD_TEXT, PRIVATE_THREAD, PUBLIC_THREAD, FakeChannel, FakeMessage
from tests.e2e.fake_types import _form_error, _json, _Refused, _Request, _unknown

# Flags a bot may set on a channel message.
_CHANNEL_MESSAGE_FLAGS = (1 << 2) | (1 << 12) | rules.IS_COMPONENTS_V2


class FakeChannels(FakeMessages):
    """Channel, message and thread routes."""

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

    async def _typing(self, req: _Request) -> web.StreamResponse:
        self._channel(req)
        return web.Response(status=204)

    # ------------------------------------------------------------------ messages

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

    # ------------------------------------------------------------------ threads

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
