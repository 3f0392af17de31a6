"""The ledger database, whichever it is: what every store function is written against.

Two implementations stand behind :class:`Database`:

- :class:`~.sqlite.SqliteDatabase`, one SQLite file (the embedded
  default: nothing to install, right for one bot process);
- :class:`~.postgres.PgDatabase`, a PostgreSQL server through asyncpg
(for a bot
  split into several shard processes, possibly on several machines, over one database).

Both take the store's one portable SQL (``?`` placeholders; PostgreSQL's are numbered on the
way), run each write as one transaction function (:mod:`.transactions`),
apply the same numbered migrations, and return rows readable by column name and position with the
same Python types. ``DATABASE_URL`` chooses: ``sqlite:///path`` or ``postgresql://…``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, TypeVar
from urllib.parse import urlsplit, urlunsplit

from shangrao_bot.metrics import UNMEASURED, BotMetrics, QueryMetrics
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.storage_health import StorageHealth

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for a lock held elsewhere before it is refused as unavailable."""
READERS = 3
"""Reader connections per process: one slow query holds up only its own."""

T = TypeVar("T")

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def now_iso() -> str:
    """Timestamps are UTC ISO-8601 text: sortable, portable, readable in exports."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def is_postgres_url(target: str | Path) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) ``DATABASE_URL``."""
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def shown_url(url: str) -> str:
    """``url`` without its password, for logs and messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" if parts.username else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def path_from_url(url: str) -> str:
    """``sqlite:///data/x.db`` → ``data/x.db`` (relative); ``sqlite:////srv/x.db`` → absolute."""
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise StoreError("store.db.url_unsupported", url=shown_url(url))
    path = url[len(prefix) :]
    if path == ":memory:":
        raise StoreError("store.db.url_memory")
    if not path:
        raise StoreError("store.db.url_no_file", url=url)
    return path


class Database(ABC):
    """An open ledger database. Open with
    :func:`~.opening.open_database`; close with :meth:`close`.

    Writes go through :meth:`write` only (a transaction function of a :class:`Tx`); reads
    through :meth:`fetchall` / :meth:`fetchone`, each one statement that sees everything
    committed before it started."""

    kind: ClassVar[str]
    """``"sqlite"`` or ``"postgresql"``."""
    path: str
    """What the database is, for logs: the file's path, or the URL without its password."""
    target: str
    """What :func:`~.opening.open_database` was given: the file's path,
    or the whole URL (which may carry a password: never log it), for a connection of another
    thread's own."""
    query_metrics: QueryMetrics = UNMEASURED.queries("none")
    """Where each read's and write's time and failures go (:mod:`.measured`)."""

    def measure_into(self, metrics: BotMetrics) -> None:
        """Record this database's query times and failures in ``metrics`` (the bot's)."""
        self.query_metrics = metrics.queries(self.kind)

    @abstractmethod
    async def close(self) -> None:
        """Finish the writes already submitted, then close every connection."""

    @property
    def health(self) -> StorageHealth:
        """The last write refused as unavailable (disk full, locked …) and why, until a write
        goes through (:mod:`~shangrao_bot.store.storage_health`); both backends record every
        write's outcome in it."""
        health: StorageHealth | None = self.__dict__.get("_health")
        if health is None:
            health = self.__dict__["_health"] = StorageHealth()
        return health

    @property
    @abstractmethod
    def commits(self) -> int:
        """Write transactions committed since :meth:`open` (a group commit counts once)."""

    @abstractmethod
    async def write(self, fn: Callable[[Tx], Awaitable[T]], *, batch: bool = False) -> T:
        """The only way to write: ``fn`` is an async function of a :class:`Tx` that awaits its
        statements and nothing else. Everything it did commits together, or — when it raises —
        nothing does, and its exception comes out here (a storage fault as
        :class:`~shangrao_bot.errors.StorageUnavailable`). ``batch``: ``fn`` may share its
        transaction with other batch writes queued at the same moment (group commit), inside a
        savepoint of its own, so its refusal still undoes its own statements only."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of one query, read in one step."""

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    @abstractmethod
    async def user_version(self) -> int:
        """The schema version (number of migrations) the database is at."""

    @abstractmethod
    async def integrity_ok(self) -> bool:
        """The database's own consistency check passes."""
