"""The test driver's commands (a layer of :class:`~tests.e2e.fake_discord.FakeDiscord`):
``slash``, ``autocomplete``, ``user_command`` and ``message_command``, as a user's client
sends them: only commands the bot synced and the user may use there (scope, DM context,
``default_member_permissions``), by their own or localized names, with options checked
against the synced definition and converted to Discord's values and ``resolved`` data; and
which messages a user can act on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.fake_interactions import FakeInteractions
from tests.e2e.fake_model import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEFAULT_PERMISSIONS,
    FakeChannel,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
)
from tests.e2e.fake_types import DriverError, _Upload
from tests.e2e.fake_world import FakeWorld


class FakeCommandDriver(FakeInteractions, FakeWorld):
    """The driver's application commands (slash, autocomplete, context menus)."""

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
