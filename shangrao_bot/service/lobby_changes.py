"""A table's lobby and who runs the table, as changes of the table: sitting down, leaving, AI
seats, watching, the thread, the host's start, and ending the table.

Each is one change (:meth:`~.table_changes.TableChanges.changing`). The lobby's rules on the
one table are :mod:`.lobby`'s; the rule that spans tables — a member sits at one table at a
time per guild — is checked here against :class:`~.open_tables.OpenTables`.
"""

from __future__ import annotations

from shangrao_bot.engine.session import Session
from shangrao_bot.service import lobby
from shangrao_bot.service.errors import NotHostOrAdmin, NotSeated
from shangrao_bot.service.model import TableInfo, TableStatus
from shangrao_bot.service.open_tables import OpenTables
from shangrao_bot.service.recording import open_ledger_session
from shangrao_bot.service.table_changes import TableChanges
from shangrao_bot.service.table_saves import TableSaves
from shangrao_bot.store.database.interface import Database


class LobbyChanges:
    """The lobby changes of :class:`~.tables.TableService` (its methods of the same names)."""

    def __init__(
        self, db: Database, *, tables: OpenTables, saves: TableSaves, changes: TableChanges
    ) -> None:
        self._db = db
        self._tables = tables
        self._saves = saves
        self._changes = changes

    async def set_thread(self, table_id: int, thread_id: int) -> TableInfo:
        async with self._changes.changing(table_id) as run:
            run.table.thread_id = thread_id
            run.out.log_table("thread", thread=thread_id)
        return self._changes.after(run)

    async def join(self, table_id: int, user_id: int, name: str, seat: int | None) -> TableInfo:
        async with self._changes.changing(table_id) as run:
            t = run.table
            lobby.require_lobby(t)
            self._tables.check_free(t.guild_id, user_id)
            at = lobby.seat_human(t, user_id, name, seat)
            self._tables.sit(t.guild_id, user_id, t.id)
            run.out.log_table("join", user=user_id, seat=at)
            run.out.lobby_changed(run.info())
        return self._changes.after(run)

    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        async with self._changes.changing(table_id) as run:
            t = run.table
            seat = t.seat_of(user_id)
            if seat is None:
                if user_id not in t.spectators:
                    raise NotSeated()
                t.spectators.discard(user_id)
                run.out.log_table("unwatch", user=user_id)
                run.out.lobby_changed(run.info())
            elif t.status is TableStatus.LOBBY:
                host = t.host_id
                lobby.unseat(t, seat)
                self._tables.stand(t.guild_id, user_id)
                run.out.log_table("leave", user=user_id, seat=seat)
                if user_id == host and not t.human_seats():
                    t.end_reason, t.end_actor = "abandoned", user_id
                else:
                    new_host = t.seat_of(t.host_id)
                    if t.host_id != host and new_host is not None:
                        run.out.notice(
                            run.info(), "table.notice.host_changed", name=t.name(new_host)
                        )
                    run.out.lobby_changed(run.info())
            else:
                run.set_away(seat, "table.notice.away")
                run.out.lobby_changed(run.info())
        return self._changes.after(run)

    async def add_ai(self, table_id: int, user_id: int, level: str, seat: int | None) -> TableInfo:
        async with self._changes.changing(table_id) as run:
            t = run.table
            lobby.require_lobby(t)
            lobby.require_host(t, user_id)
            at = lobby.seat_ai(t, level, seat)
            run.out.log_table("add_ai", seat=at, level=level)
            run.out.lobby_changed(run.info())
        return self._changes.after(run)

    async def remove_ai(self, table_id: int, user_id: int, seat: int) -> TableInfo:
        async with self._changes.changing(table_id) as run:
            t = run.table
            lobby.require_lobby(t)
            lobby.require_host(t, user_id)
            lobby.remove_ai(t, seat)
            run.out.log_table("remove_ai", seat=seat)
            run.out.lobby_changed(run.info())
        return self._changes.after(run)

    async def watch(self, table_id: int, user_id: int) -> TableInfo:
        async with self._changes.changing(table_id) as run:
            t = run.table
            if t.seat_of(user_id) is None and user_id not in t.spectators:
                t.spectators.add(user_id)
                run.out.log_table("watch", user=user_id)
                run.out.lobby_changed(run.info())
        return self._changes.after(run)

    async def start(
        self, table_id: int, user_id: int, first_dealer: int | None = None
    ) -> TableInfo:
        async with self._changes.changing(table_id) as run:
            t = run.table
            lobby.check_start(t, user_id)
            t.ledger_session_id = await open_ledger_session(self._db, t)
            await self._saves.persist(run)  # a crash from here on resumes with this session
            t.session = Session(t.config.rules, t.config.hands, self._changes.seed_source(t.id))
            if first_dealer is not None:  # else the first hand's dice choose (rule book §2)
                t.session.dealer = first_dealer
            run.out.log_table("start", ledger_session=t.ledger_session_id)
            run.start_hand()
        return self._changes.after(run)

    async def end(self, table_id: int, user_id: int, *, is_admin: bool) -> None:
        async with self._changes.changing(table_id) as run:
            t = run.table
            if user_id != t.host_id and not is_admin:
                raise NotHostOrAdmin()
            t.end_reason, t.end_actor = "ended", user_id
