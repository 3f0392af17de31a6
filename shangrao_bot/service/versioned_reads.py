"""Reading what a session's messages show together with the exact version it is (the seqlock
pattern).

A scoreboard, a preview's status or a settlement is read with several queries, each its own
statement (:meth:`~shangrao_bot.store.database.interface.Database.fetchall`), and a change may
commit between two of them. :func:`read_at_version` reads the session's version
(:func:`~shangrao_bot.store.ledger.session_version`), then the data, then the version again:
every change the data shows bumps the version in its own transaction (migration 12's
triggers), so when both reads agree no such change committed between them, and every query in
between saw exactly the state of that version. When they differ, it reads again, a few times;
a read that never settles gives no version (``None``): the caller then does not edit, since
each change that moved the version is followed by a refresh of its own.

This holds whatever the isolation level: each statement sees at least everything committed
before it started, and never a change that is not committed (on SQLite, the readers are
separate connections from the writer; on PostgreSQL, pooled connections in autocommit).

Why not one read-only snapshot transaction: the readers of both databases run one statement per
call, and every read function of the ledger is written against that interface; a snapshot
would need a second, connection-bound way to call all of them, for the same guarantee.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import session_version

T = TypeVar("T")

READ_TRIES = 8
"""How often a read is tried before it is given up as unsettled."""


@dataclass(frozen=True)
class AtVersion(Generic[T]):
    """``value`` as read; ``version``: the session version it is exactly (None: the session
    kept changing while it was read, so no version can be told)."""

    value: T
    version: int | None


async def read_at_version(
    db: Database, session_id: int, read: Callable[[], Awaitable[T]], tries: int = READ_TRIES
) -> AtVersion[T]:
    """``read()`` with the version of session ``session_id`` it read (see the module);
    ``read`` is called at most ``tries`` times."""
    before = await session_version(db, session_id)
    value = await read()
    for _ in range(tries - 1):
        after = await session_version(db, session_id)
        if after == before:
            return AtVersion(value, before)
        before = after  # read after the last data: the next read's "before"
        value = await read()
    if await session_version(db, session_id) == before:
        return AtVersion(value, before)
    return AtVersion(value, None)
