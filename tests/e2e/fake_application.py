"""The fake Discord's application (a layer of :class:`~tests.e2e.fake_discord.FakeDiscord`):
GET /oauth2/applications/@me, the application commands the bot syncs (global and per guild,
stored as Discord stores them; ``fake.commands()``), and the application emoji (the routes,
and the tests' ``application_emojis``, ``application_emoji``, ``add_application_emoji``).
"""

from __future__ import annotations

import functools
from typing import Any

from aiohttp import web

from tests.e2e import discord_rules as rules
from tests.e2e.discord_rules import FieldError
from tests.e2e.fake_core import FakeCore
from tests.e2e.fake_model import FakeEmoji, FakeGuild, FakeUser
from tests.e2e.fake_types import _BOT_PERMISSIONS, _form_error, _json, _Refused, _Request, _unknown


@functools.cache
def _default_emoji_png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGBA", (16, 16), (200, 40, 40, 255)).save(out, "PNG")
    return out.getvalue()


class FakeApplication(FakeCore):
    """The application: its description, its commands and its emoji."""

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

    def _check_application(self, req: _Request) -> None:
        if req.params.get("application_id") != str(self.application_id):
            raise _Refused(
                403,
                50001,
                "Missing Access",
                detail=f"application id {req.params.get('application_id')}",
            )

    # ------------------------------------------------------------------ application commands

    def commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """The commands the bot synced globally (or to ``guild``), as Discord stores them."""
        return list(self._commands.get(guild.id if guild else None, []))

    def command_names(self, guild: FakeGuild | None = None) -> list[str]:
        return [c["name"] for c in self.commands(guild)]

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
