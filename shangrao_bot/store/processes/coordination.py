"""Coordination of the bot's processes over PostgreSQL: who runs which table, who is the leader,
messages between processes, and the pace of gateway logins.

One process on SQLite has nobody to coordinate with: :class:`SoloCoordination` says yes to
everything and is always the leader. Several shard processes over one PostgreSQL database use
:class:`~.postgres_coordination.PgCoordination`, built on one connection
of its own per process:

- **Table claims**: a session-level advisory lock per running table. A process claims a table
  when it creates or resumes it and releases it when the table closes; a second process cannot
  claim it, so two processes can never run the same table, and a process that dies (its
  connection closes) frees its tables at once for its restart.
- **The leader**: the process holding the leader advisory lock runs the jobs that must run once
  (expiring unconfirmed score previews) and syncs the slash commands. The others try to take
  the lock every few seconds, so the role moves on within seconds when the leader dies.
- **Messages**: ``LISTEN``/``NOTIFY``. A process listens on the channel of each of its shards
  (:func:`shard_channel`); another process hands it work by notifying that channel.
- **Gateway logins**: Discord allows one IDENTIFY per 5 seconds per rate-limit bucket
  (``shard_id % max_concurrency``), across every process of the bot. :meth:`identify_gate`
  waits its turn under a transaction-level advisory lock per bucket, keeping each bucket's last
  login in the database (the server's clock, the same for every process). A login is pending
  until :meth:`identified` reports its READY; the next one of the bucket waits for that and
  then 5 seconds more, so the pace holds however long a process took to send its IDENTIFY.

"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

Listener = Callable[[str], Coroutine[Any, Any, None]]


def shard_channel(shard_id: int) -> str:
    """The ``LISTEN`` channel of a shard: work for the guilds of ``shard_id``."""
    return f"shangrao_shard_{shard_id}"


class Coordination(Protocol):
    """What the bot and its table service ask of the other processes."""

    @property
    def is_leader(self) -> bool: ...

    async def claim_table(self, table_id: int) -> bool:
        """Take table ``table_id`` for this process; False when another process runs it."""
        ...

    def release_table(self, table_id: int) -> None:
        """Let the table go (it closed): done in the background."""
        ...

    async def table_runner_alive(self, table_id: int) -> bool:
        """Whether some process holds the table's claim now."""
        ...

    async def listen(self, channel: str, handler: Listener) -> None: ...

    async def notify(self, channel: str, payload: str) -> None: ...

    async def identify_gate(self, shard_id: int, max_concurrency: int) -> None:
        """Wait until shard ``shard_id`` may IDENTIFY (its bucket's last login confirmed,
        5 s ago)."""
        ...

    async def identified(self, shard_id: int, max_concurrency: int) -> None:
        """Shard ``shard_id``'s login was answered (READY): its bucket's interval starts now."""
        ...

    async def close(self) -> None: ...


class SoloCoordination:
    """The one process there is: every claim is granted, it is always the leader, and nothing
    is ever handed to another process."""

    is_leader = True

    async def claim_table(self, table_id: int) -> bool:
        return True

    def release_table(self, table_id: int) -> None:
        pass

    async def table_runner_alive(self, table_id: int) -> bool:
        return True

    async def listen(self, channel: str, handler: Listener) -> None:
        pass

    async def notify(self, channel: str, payload: str) -> None:
        raise RuntimeError("a single process has no other process to notify")

    async def identify_gate(self, shard_id: int, max_concurrency: int) -> None:
        pass  # discord.py paces its own shards

    async def identified(self, shard_id: int, max_concurrency: int) -> None:
        pass

    async def close(self) -> None:
        pass
