"""How the fake Discord makes and changes messages (a layer of
:class:`~tests.e2e.fake_discord.FakeDiscord`), whichever route asked: a message body checked
against Discord's rules, uploads stored as attachments (``attachments`` lists, ``attachment://``
in embeds), components stored as Discord returns them, a new message or an edit or a deletion
and its MESSAGE_CREATE / MESSAGE_UPDATE / MESSAGE_DELETE, and the interaction metadata of a
message an interaction made.
"""

from __future__ import annotations

import contextlib
import json
import mimetypes
import os
import struct
from typing import Any

from tests.e2e import discord_rules as rules
from tests.e2e.discord_rules import FieldError
from tests.e2e.fake_application import FakeApplication
from tests.e2e.fake_gateway import FakeGateway
from tests.e2e.fake_model import (
    APPLICATION_COMMAND,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    InteractionRecord,
    iso_now,
)
from tests.e2e.fake_types import DIRECT_MESSAGES, GUILD_MESSAGES, _form_error, _Refused, _Upload

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _png_size(data: bytes) -> tuple[int, int] | None:
    """A PNG's width and height, from its IHDR chunk (None for anything else)."""
    if len(data) < 24 or not data.startswith(_PNG_SIGNATURE) or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


class FakeMessages(FakeApplication, FakeGateway):
    """Building, editing and deleting messages (shared by the channel and interaction routes)."""

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

    def _integration_owners(self, record: InteractionRecord) -> dict[str, str]:
        guild = record.channel.guild
        return {"0": str(guild.id)} if guild else {"0": "0"}

    def _message_intent(self, channel: FakeChannel) -> int:
        return DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES

    def _dispatch_message(self, event: str, message: FakeMessage) -> None:
        self._dispatch(
            event, message.payload(gateway=True), intent=self._message_intent(message.channel)
        )
