"""The fake Discord's interactions (a layer of :class:`~tests.e2e.fake_discord.FakeDiscord`):
sending an INTERACTION_CREATE and waiting for its acknowledgement (or recording the missed
deadline), the callback (each type checked against the interaction's), and what the bot does
with the interaction token afterwards: follow-ups, and getting, editing, deleting the
original response or a follow-up, within the token's 15 minutes.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any, cast

from aiohttp import web

from tests.e2e import discord_rules as rules
from tests.e2e.discord_rules import FieldError
from tests.e2e.fake_messages import FakeMessages
from tests.e2e.fake_model import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    UPDATE_MESSAGE,
    FakeChannel,
    FakeMember,
    FakeMessage,
    FakeUser,
    InteractionRecord,
)
from tests.e2e.fake_types import (
    _BOT_PERMISSIONS,
    DriverError,
    InteractionNotAcknowledged,
    Rejection,
    _form_error,
    _json,
    _Refused,
    _Request,
    _unknown,
)

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord

TOKEN_LIFETIME = 15 * 60.0

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


def _truthy(value: str | None) -> bool:
    return (value or "").lower() in ("1", "true")


class FakeInteractions(FakeMessages):
    """Interactions: INTERACTION_CREATE, the callback, follow-ups and token edits."""

    # ------------------------------------------------------------------ sending

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
            cast("FakeDiscord", self),
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

    def _deadline(self, record: InteractionRecord) -> float:
        return record.deadline

    # ------------------------------------------------------------------ the callback

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

    # ------------------------------------------------------- follow-ups and edits through the token

    def _record_for_token(self, token: str) -> InteractionRecord:
        record = self._by_token.get(token)
        if record is None:
            raise _unknown("Webhook", 10015, violation=True, detail="no interaction has this token")
        return record

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
