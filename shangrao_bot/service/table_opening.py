"""How a table comes to run in this process: opened as a new lobby, or resumed at start-up from
the snapshot it last saved.

Either way the table is first claimed
(:class:`~shangrao_bot.store.processes.coordination.Coordination`: one process runs a table at a
time), and either way its first change is what shows it: a new table's "created" is saved before
anything is shown, and a resumed one is shown "restored" (its humans prompted again) by the first
change that saves. Closing is the other end of a table's life, carried out by the change that ends
it (:mod:`.table_changes`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress

from shangrao_bot.engine.errors import EngineError
from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.service import lobby
from shangrao_bot.service.clock import Clock
from shangrao_bot.service.config import ServiceConfig, rules_for, table_config
from shangrao_bot.service.display import info_of
from shangrao_bot.service.errors import TooManyTables
from shangrao_bot.service.model import Table, TableInfo, TableStatus
from shangrao_bot.service.open_tables import OpenTables
from shangrao_bot.service.snapshot import SnapshotError, table_from_snapshot
from shangrao_bot.service.table_changes import TableChanges, grace
from shangrao_bot.service.table_saves import TableSaves
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.store.processes.coordination import Coordination

log = logging.getLogger(__name__)


class TableOpening:
    """Brings tables into this process: new lobbies and resumed tables."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        config: ServiceConfig,
        *,
        tables: OpenTables,
        saves: TableSaves,
        changes: TableChanges,
        claims: Coordination,
        owns_guild: Callable[[int], bool],
    ) -> None:
        self._db = db
        self._clock = clock
        self._config = config
        self._tables = tables
        self._saves = saves
        self._changes = changes
        self._claims = claims
        self._owns_guild = owns_guild

    def _info(self, table_id: int) -> TableInfo:
        return info_of(self._tables.find(table_id), self._clock.now())

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        *,
        thread_id: int | None,
        preset: str | None,
        hands: int | None,
        turn_seconds: float | None,
        claim_seconds: float | None,
        seat_host: bool,
        thread: Callable[[int], Awaitable[int]] | None,
    ) -> TableInfo:
        """:meth:`~.tables.TableService.create_table`."""
        rules = rules_for(await get_settings(self._db, guild_id), preset)
        cfg = table_config(self._config, rules, hands, turn_seconds, claim_seconds)
        if len(self._tables.open_ones(guild_id)) >= self._config.max_tables_per_guild:
            raise TooManyTables(limit=self._config.max_tables_per_guild)
        if seat_host:
            self._tables.check_free(guild_id, host_id)
        stored = await games.create_table(self._db, guild_id, channel_id, thread_id)
        if not await self._claims.claim_table(stored.id):  # a new id: nobody else can hold it
            raise StorageUnavailable("a new table is claimed by another process")
        if seat_host and self._tables.is_seated(guild_id, host_id):  # sat down elsewhere meanwhile
            await games.close_table(self._db, stored.id)
            self._tables.check_free(guild_id, host_id)
        if thread is not None:
            try:
                thread_id = await thread(stored.id)
            except BaseException:
                with suppress(StorageUnavailable):  # else closed at the next start-up
                    await games.close_table(self._db, stored.id)
                raise
            if seat_host and self._tables.is_seated(guild_id, host_id):
                await games.close_table(self._db, stored.id)
                self._tables.check_free(guild_id, host_id)
        table = Table(
            id=stored.id,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            host_id=host_id,
            config=cfg,
            created_at=self._clock.now(),
            changed_at=self._clock.now(),
        )
        if seat_host:
            lobby.seat_human(table, host_id, host_name)
            self._tables.sit(guild_id, host_id, table.id)
        self._tables.put(table)
        try:
            async with self._changes.changing(table.id) as run:
                run.out.log_table("created", host=host_id, config=cfg.to_dict())
                run.out.lobby_changed(run.info())
        except StorageUnavailable:
            # never saved, so already forgotten; a row left open without a snapshot is closed
            # by the next start-up's resume_all
            with suppress(StorageUnavailable):
                await games.close_table(self._db, stored.id)
            raise
        return self._info(table.id)

    async def resume_all(self) -> list[TableInfo]:
        """:meth:`~.tables.TableService.resume_all`."""
        resumed: list[TableInfo] = []
        for stored in await games.open_tables(self._db):
            if stored.id in self._tables or not self._owns_guild(stored.guild_id):
                continue
            if not await self._claims.claim_table(stored.id):
                log.warning("table %s is run by another process; not resumed here", stored.id)
                continue
            if stored.snapshot is None:
                await games.close_table(self._db, stored.id)
                continue
            try:
                table = table_from_snapshot(stored.snapshot, self._changes.seed_source(stored.id))
            except (SnapshotError, EngineError):
                log.exception("table %s cannot be resumed; left as it is", stored.id)
                continue
            if table.status is TableStatus.ENDED:  # it was closing when the bot stopped
                await games.close_table(self._db, table.id)
                continue
            grace(table, self._clock.now(), self._config.resume_grace_seconds)
            self._tables.put(table)
            self._saves.adopt(table.id, games.snapshot_text(stored.snapshot), stored.snapshot_seq)
            self._tables.seat_users(table, displace=True)
            self._changes.unrestored.add(table.id)  # the first change that saves shows it
            try:
                async with self._changes.changing(table.id):
                    pass
            except StorageUnavailable:
                pass  # back to the saved state; it tries again by itself
            if table.id in self._tables:
                resumed.append(self._info(table.id))
        return resumed
