"""The database's storage faults as they happen: the last write refused (for lack of space, a
lock held elsewhere, a read-only file or server, an I/O error, a lost connection …), with its
reason and time, until the next write that goes through clears it.

Both backends record every write's outcome in their :attr:`~.database.interface.Database.health`
(a :class:`StorageHealth`): a write refused as
:class:`~shangrao_bot.errors.StorageUnavailable` sets the current fault, a write committed
clears it. So :meth:`StorageHealth.current` answers "can the bot write just now, and if not,
why": what a health check reports as its storage line. Refusals that are not storage faults (a
duplicate key, a closed session) leave it as it is: storage answered.

The reason is read off the driver's own error: SQLite's result code (``SQLITE_FULL`` is "disk
full") or PostgreSQL's SQLSTATE (``53100`` is ``disk_full``); nothing here imports asyncpg.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from typing import TypeVar

from shangrao_bot.errors import StorageUnavailable

T = TypeVar("T")


class StorageProblem(Enum):
    """Why storage refused a write."""

    DISK_FULL = "disk_full"
    LOCKED = "locked"  # another process held the lock past the busy timeout
    READ_ONLY = "read_only"
    IO_ERROR = "io_error"
    CONNECTION_LOST = "connection_lost"  # PostgreSQL: the server or the network went away
    CONFLICT = "conflict"  # PostgreSQL: conflicts with other processes, still after retries
    OTHER = "other"


@dataclass(frozen=True)
class StorageFault:
    """The last write refused: why, the driver's own words (for operators, never for
    players), and when (UTC)."""

    problem: StorageProblem
    detail: str
    at: datetime

    def describe(self) -> str:
        """One line for an operator: ``disk_full since 2025-01-01T12:00:00Z (database or disk
        is full)``."""
        since = self.at.strftime("%Y-%m-%dT%H:%M:%SZ")
        return f"{self.problem.value} since {since} ({self.detail})"


# SQLite's primary result codes (an extended code carries its primary in the low byte)
_SQLITE_PROBLEMS = {
    5: StorageProblem.LOCKED,  # BUSY
    6: StorageProblem.LOCKED,  # LOCKED
    8: StorageProblem.READ_ONLY,  # READONLY
    10: StorageProblem.IO_ERROR,  # IOERR
    13: StorageProblem.DISK_FULL,  # FULL
    14: StorageProblem.IO_ERROR,  # CANTOPEN
}

# PostgreSQL's SQLSTATEs: exact codes first, then classes (the first two characters)
_PG_CODES = {
    "53100": StorageProblem.DISK_FULL,
    "55P03": StorageProblem.LOCKED,  # lock_not_available (lock_timeout)
    "25006": StorageProblem.READ_ONLY,  # read_only_sql_transaction
}
_PG_CLASSES = {
    "08": StorageProblem.CONNECTION_LOST,
    "57": StorageProblem.CONNECTION_LOST,  # shutdown, cannot connect now
    "58": StorageProblem.IO_ERROR,
    "40": StorageProblem.CONFLICT,
}


def problem_of(error: BaseException) -> StorageProblem:
    """Why ``error`` (a driver's exception, or a :class:`StorageUnavailable` raised from one)
    refused a write."""
    if isinstance(error, StorageUnavailable) and error.__cause__ is not None:
        error = error.__cause__
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        if code is not None:
            return _SQLITE_PROBLEMS.get(code & 0xFF, StorageProblem.OTHER)
        return StorageProblem.OTHER
    sqlstate = getattr(error, "sqlstate", None)
    if isinstance(sqlstate, str):
        return _PG_CODES.get(sqlstate) or _PG_CLASSES.get(sqlstate[:2], StorageProblem.OTHER)
    if isinstance(error, OSError | TimeoutError):
        return StorageProblem.CONNECTION_LOST
    if "closed" in str(error) and type(error).__name__ == "InterfaceError":
        return StorageProblem.CONNECTION_LOST  # asyncpg: the connection is closed
    return StorageProblem.OTHER


class StorageHealth:
    """The database's current storage fault, or None when its last write went through."""

    def __init__(self) -> None:
        self._fault: StorageFault | None = None
        self.refusals = 0  # writes refused as unavailable since the database was opened

    def refused(self, error: StorageUnavailable) -> None:
        """A write was refused as unavailable (``error.__cause__``: the driver's error)."""
        self.refusals += 1
        detail = error.detail or str(error.__cause__ or "")
        self._fault = StorageFault(problem_of(error), detail, datetime.now(UTC))

    def wrote(self) -> None:
        """A write was committed: storage works."""
        self._fault = None

    def current(self) -> StorageFault | None:
        """The last write's refusal, when no write has gone through since; else None."""
        return self._fault

    def reason(self) -> str | None:
        """:meth:`StorageFault.describe` of the current fault, or None when storage works."""
        return None if self._fault is None else self._fault.describe()

    async def outcome(
        self,
        write: Awaitable[T],
        fault_of: Callable[[BaseException], StorageUnavailable | None],
    ) -> T:
        """``write``'s result, its outcome recorded: a driver's error that ``fault_of`` calls a
        storage fault is recorded and raised as that :class:`StorageUnavailable` (caused by the
        driver's error); any other error passes unchanged and unrecorded."""
        try:
            result = await write
        except BaseException as exc:
            fault = fault_of(exc)
            if fault is None:
                raise
            if fault is not exc:
                fault.__cause__ = exc
            self.refused(fault)
            if fault is not exc:
                raise fault from exc
            raise
        self.wrote()
        return result
