"""The tables this process runs, in memory: each table, the ``asyncio.Lock`` its changes take,
and the guild-wide index of who sits where (a member sits at one table at a time per guild, a
rule that spans tables, so the lobby's own checks cannot enforce it).

Nothing here waits or saves: the service changes these only under a table's lock, or when a
table comes (created, resumed, rebuilt after a storage fault) or goes (closed, dropped).
"""

from __future__ import annotations

import asyncio

from shangrao_bot.service.errors import AlreadySeated, TableNotFound
from shangrao_bot.service.model import Table, TableStatus


class OpenTables:
    """The tables in memory, their locks and the guild-wide seat index."""

    def __init__(self) -> None:
        self.tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._seated: dict[tuple[int, int], int] = {}  # (guild, user) → table id

    # --- tables --------------------------------------------------------------------------------

    def find(self, table_id: int) -> Table:
        """The open table; :class:`~.errors.TableNotFound` for one not here or ended."""
        table = self.tables.get(table_id)
        if table is None or table.status is TableStatus.ENDED:
            raise TableNotFound(table=table_id)
        return table

    def get(self, table_id: int) -> Table | None:
        """The table in memory (ended or not), if any."""
        return self.tables.get(table_id)

    def __contains__(self, table_id: int) -> bool:
        return table_id in self.tables

    def open_ones(self, guild_id: int | None = None, channel_id: int | None = None) -> list[Table]:
        """Open tables (of a guild, of a channel), oldest first."""
        return [
            t
            for t in sorted(self.tables.values(), key=lambda t: t.id)
            if t.status is not TableStatus.ENDED
            and (guild_id is None or t.guild_id == guild_id)
            and (channel_id is None or t.channel_id == channel_id)
        ]

    def put(self, table: Table) -> None:
        """Run ``table`` here (a new one, or its rebuilt self in place of the old object)."""
        self.tables[table.id] = table

    def lock(self, table_id: int) -> asyncio.Lock:
        """The lock every change of the table holds."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    def remove(self, table_id: int) -> None:
        """Forget the table, its lock and its seats."""
        self.tables.pop(table_id, None)
        self._locks.pop(table_id, None)
        self.unseat_table(table_id)

    # --- who sits where ------------------------------------------------------------------------

    def where(self, guild_id: int, user_id: int) -> int | None:
        """The table where the member sits in this guild, if any."""
        return self._seated.get((guild_id, user_id))

    def is_seated(self, guild_id: int, user_id: int) -> bool:
        return (guild_id, user_id) in self._seated

    def check_free(self, guild_id: int, user_id: int) -> None:
        """:class:`~.errors.AlreadySeated` when the member sits at a table of the guild."""
        where = self._seated.get((guild_id, user_id))
        if where is not None:
            raise AlreadySeated(table=where)

    def sit(self, guild_id: int, user_id: int, table_id: int) -> None:
        self._seated[(guild_id, user_id)] = table_id

    def stand(self, guild_id: int, user_id: int) -> None:
        self._seated.pop((guild_id, user_id), None)

    def seat_users(self, table: Table, *, displace: bool) -> None:
        """Note every member seated at ``table``: as sitting there even if the index says
        elsewhere (``displace``: a table resumed as saved), or only where the index has them
        nowhere (a table rebuilt after a storage fault, whose members may have sat down
        elsewhere since)."""
        for user in table.users():
            if displace:
                self._seated[(table.guild_id, user)] = table.id
            else:
                self._seated.setdefault((table.guild_id, user), table.id)

    def unseat_table(self, table_id: int) -> None:
        """Take every member of the table out of the index."""
        for key, where in list(self._seated.items()):
            if where == table_id:
                del self._seated[key]
