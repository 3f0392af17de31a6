"""Clicks on DM panels of tables another process runs.

Discord delivers every DM interaction to shard 0, but a table runs in the process whose shards
hold its guild. The process that receives such a click acknowledges it at once (a deferred
update, well within Discord's 3 seconds) and hands it to the table's process over PostgreSQL
``NOTIFY`` on that process's shard channel. The owner rebuilds the interaction from the
payload (id, token, custom_id, the user and the panel message's id) and runs the very button
code a local click runs; that code's answers go through the interaction's webhook (follow-ups
and edits of the panel), since the acknowledgement was already sent.

When no process runs the table (its process is restarting), the receiver says so to the
player instead of handing the click to nobody.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.sharding import ShardPlan, shard_of
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.processes.coordination import Coordination, shard_channel
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.i18n import lang_of, t

if TYPE_CHECKING:
    from shangrao_bot.service import TableService

log = logging.getLogger(__name__)

_TABLE_ID = re.compile(r"mj:(\d+):")
NOTIFY_LIMIT = 7900  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more
_COMPONENT, _MODAL = 3, 5


def table_of_click(data: dict[str, Any]) -> int | None:
    """The table a component or modal interaction in a DM is for, or None (another kind of
    interaction, or one from a guild: a guild's interactions reach its own process)."""
    if data.get("type") not in (_COMPONENT, _MODAL) or data.get("guild_id"):
        return None
    match = _TABLE_ID.match(str(data.get("data", {}).get("custom_id", "")))
    return int(match[1]) if match else None


def _pressed(components: Any, custom_id: str) -> dict[str, Any] | None:
    """The component called ``custom_id`` among ``components`` (rows and their children)."""
    for component in components if isinstance(components, list) else ():
        if not isinstance(component, dict):
            continue
        if component.get("custom_id") == custom_id:
            return component
        found = _pressed(component.get("components"), custom_id)
        if found is not None:
            return found
    return None


def handoff_payload(data: dict[str, Any]) -> str:
    """The interaction as the owner needs it, small enough for ``NOTIFY``: the panel message
    is cut to its identity and the one button pressed (discord.py finds the button code by
    that button on the message; the text, files and other buttons stay out)."""
    slim = dict(data)
    message = data.get("message")
    if isinstance(message, dict):
        pressed = _pressed(message.get("components"), str(data["data"].get("custom_id")))
        slim["message"] = {
            **{k: v for k, v in message.items() if k not in _HEAVY},
            "content": "",
            "embeds": [],
            "attachments": [],
            "components": [] if pressed is None else [{"type": 1, "components": [pressed]}],
            "mentions": [],
            "mention_roles": [],
        }
    text = json.dumps(slim, separators=(",", ":"))
    if len(text.encode()) > NOTIFY_LIMIT:
        raise ValueError(f"interaction {data.get('id')} is too big to hand over")
    return text


_HEAVY = frozenset(
    {"referenced_message", "interaction", "interaction_metadata", "message_snapshots", "poll"}
)


class HandedOverResponse(discord.InteractionResponse[Any]):
    """The response of an interaction another process already acknowledged (a deferred
    update): deferring again does nothing, a message becomes a follow-up, a message edit an
    edit of the original (the panel). ``is_done`` tells whether this process answered yet."""

    def __init__(self, parent: discord.Interaction[Any]) -> None:
        super().__init__(parent)
        self._answered = False

    def is_done(self) -> bool:
        return self._answered

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._answered = True

    async def send_message(self, content: Any = None, **kwargs: Any) -> None:  # type: ignore[override]
        self._answered = True
        kwargs.pop("delete_after", None)
        await self._parent.followup.send(content, **kwargs)

    async def edit_message(self, **kwargs: Any) -> None:
        self._answered = True
        kwargs.pop("delete_after", None)
        await self._parent.edit_original_response(**kwargs)


class Handoff:
    """Routes DM clicks between the bot's processes (see the module)."""

    def __init__(
        self,
        client: discord.Client,
        db: Database,
        service: TableService,
        shards: ShardPlan,
        coordination: Coordination,
        track: Callable[[Callable[[], None]], None],
    ) -> None:
        self._client = client
        self._db = db
        self._service = service
        self._shards = shards
        self._coordination = coordination
        self._track = track  # runs a call, noting the tasks it starts (for a clean shutdown)

    async def start(self) -> None:
        """Listen for clicks handed to this process's shards."""
        assert self._shards.ids is not None
        for shard in self._shards.ids:
            await self._coordination.listen(shard_channel(shard), self.receive)

    def needs_routing(self, data: dict[str, Any]) -> bool:
        """A DM click for a table this process does not run: it may belong to another one."""
        table = table_of_click(data)
        return table is not None and not self._service.runs(table)

    async def route(self, data: dict[str, Any], run_here: Callable[[dict[str, Any]], None]) -> None:
        """Run the click here when the table is this process's (or no open table at all: the
        button code says so), else acknowledge it and hand it to the table's process. A
        failure after the acknowledgement is told to the player (the one error path)."""
        table = table_of_click(data)
        assert table is not None
        try:
            guild = await games.open_table_guild(self._db, table)
        except Exception:
            log.warning("table %s: the owner of a DM click could not be read", table)
            run_here(data)  # the button code meets the same storage and says so
            return
        if guild is None or self._shards.owns(guild):
            run_here(data)
            return
        assert self._shards.count is not None
        owner = shard_of(guild, self._shards.count)
        interaction: discord.Interaction[Any] = discord.Interaction(
            data=data,  # type: ignore[arg-type]
            state=self._client._connection,
        )
        try:
            await interaction.response.defer()
            if not await self._coordination.table_runner_alive(table):
                lang = lang_of(interaction.locale)
                await interaction.followup.send(
                    t("table.handoff.away", lang, table=table), ephemeral=True
                )
                return
            await self._coordination.notify(shard_channel(owner), handoff_payload(data))
        except Exception as error:
            log.warning("table %s: DM click %s not handed over: %s", table, data.get("id"), error)
            await reply_error(interaction, StorageUnavailable(str(error)))
            return
        log.info("table %s: click %s handed to shard %s", table, data.get("id"), owner)

    async def receive(self, payload: str) -> None:
        """A click another process acknowledged: run its button code here."""
        data = json.loads(payload)
        log.info("click %s handed over to this process", data.get("id"))
        state = self._client._connection
        interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=state)
        interaction._cs_response = HandedOverResponse(interaction)  # type: ignore[attr-defined]
        inner = data["data"]

        def dispatch() -> None:
            if data["type"] == _COMPONENT:
                state._view_store.dispatch_view(
                    inner["component_type"], inner["custom_id"], interaction
                )
            else:
                state._view_store.dispatch_modal(
                    inner["custom_id"], interaction, inner["components"], inner.get("resolved", {})
                )

        self._track(dispatch)
