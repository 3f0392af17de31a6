"""The test driver's clicks, picks and posts (a layer of
:class:`~tests.e2e.fake_discord.FakeDiscord`): ``click`` a button, ``select`` values (users,
roles and channels converted as command options are), ``submit_modal``, only on what the bot
sent and the user can see; and ``user_message``, a user posting in a channel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tests.e2e import discord_rules as rules
from tests.e2e.fake_command_driver import FakeCommandDriver
from tests.e2e.fake_model import (
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    FakeChannel,
    FakeMessage,
    FakeUser,
    InteractionRecord,
)
from tests.e2e.fake_types import MESSAGE_CONTENT, DriverError


class FakeComponentDriver(FakeCommandDriver):
    """The driver's components (buttons, selects, modals) and a user's own messages."""

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
