"""What each of the bot's messages shows, and the lease on editing it (``message_versions``,
migration 12): the storage under :mod:`shangrao_bot.service.forward_edits`.

A row per message id: ``version``, the session version (see
:mod:`~.database.session_versions`) the message was last edited to; ``holder`` and
``lease_until``, who edits it now and until when (seconds since the epoch, on the database's
clock: every process, on any machine, compares leases on the same clock); ``updated_at``, when
the row was last touched.

A lease is taken with one conditional ``UPDATE`` (or the row's first ``INSERT``): only when
nobody holds it, or the holder's lease ran out, and only when the message does not already show
a newer version. So edits of one message go one at a time across processes, a holder that dies
lets go when its lease runs out, and an edit older than what the message shows is refused
before it is sent. Releasing records the version the edit showed (never lowering it).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Tx


class Claim(Enum):
    TAKEN = "taken"  # the lease is this holder's
    OLDER = "older"  # the message already shows a newer version: do not edit
    BUSY = "busy"  # another holder's lease runs


@dataclass(frozen=True)
class LeaseAnswer:
    claim: Claim
    shown: int | None  # the version the message shows (None: no edit recorded)
    wait: float  # BUSY: seconds until the holder's lease runs out


def _now(db: Database) -> str:
    """The database's clock, in seconds since the epoch, as SQL."""
    if db.kind == "postgresql":
        return "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"
    return "((julianday('now') - 2440587.5) * 86400.0)"


async def take_lease(
    db: Database, message_id: int, version: int, holder: str, seconds: float
) -> LeaseAnswer:
    """Take the lease on editing ``message_id`` for ``seconds``, to show ``version``: TAKEN
    when free (or the last holder's lease ran out) and the message shows no newer version,
    OLDER when it does, BUSY (with how long the lease still runs) when another holder edits."""
    now = _now(db)
    at = now_iso()

    async def take(tx: Tx) -> LeaseAnswer:
        taken = await tx.execute(
            f"UPDATE message_versions SET holder = ?, lease_until = {now} + ?, updated_at = ?"
            f" WHERE message_id = ? AND version <= ? AND (holder IS NULL OR lease_until < {now})",
            (holder, seconds, at, message_id, version),
        )
        if not taken:
            taken = await tx.execute(
                "INSERT INTO message_versions (message_id, version, holder, lease_until,"
                f" updated_at) VALUES (?, 0, ?, {now} + ?, ?) ON CONFLICT (message_id) DO NOTHING",
                (message_id, holder, seconds, at),
            )
        row = await tx.fetchone(
            f"SELECT version, lease_until - {now} AS left_s FROM message_versions"
            " WHERE message_id = ?",
            (message_id,),
        )
        assert row is not None  # updated, inserted or already there
        shown = int(row["version"])
        if taken:
            return LeaseAnswer(Claim.TAKEN, shown, 0.0)
        if shown > version:
            return LeaseAnswer(Claim.OLDER, shown, 0.0)
        return LeaseAnswer(Claim.BUSY, shown, max(0.0, float(row["left_s"] or 0.0)))

    return await db.write(take)


async def renew_lease(db: Database, message_id: int, holder: str, seconds: float) -> bool:
    """Extend ``holder``'s lease by ``seconds`` from now; False when it is no longer theirs."""

    async def renew(tx: Tx) -> int:
        return await tx.execute(
            f"UPDATE message_versions SET lease_until = {_now(db)} + ?"
            " WHERE message_id = ? AND holder = ?",
            (seconds, message_id, holder),
        )

    return bool(await db.write(renew))


async def release_lease(db: Database, message_id: int, holder: str, shown: int | None) -> bool:
    """Let go of ``holder``'s lease; ``shown``: the version the edit made the message show
    (None when it made none: the message shows what it showed). The recorded version never goes
    down. False when the lease was no longer ``holder``'s (it ran out and another took it): the
    version is recorded all the same."""
    at = now_iso()

    async def release(tx: Tx) -> int:
        if shown is not None:
            await tx.execute(
                "UPDATE message_versions SET version = CASE WHEN version < ? THEN ? ELSE version"
                " END, updated_at = ? WHERE message_id = ?",
                (shown, shown, at, message_id),
            )
        return await tx.execute(
            "UPDATE message_versions SET holder = NULL, lease_until = NULL, updated_at = ?"
            " WHERE message_id = ? AND holder = ?",
            (at, message_id, holder),
        )

    return bool(await db.write(release))


async def lease_left(db: Database, message_id: int) -> tuple[int | None, float]:
    """A read (no write): the version ``message_id`` shows (None: no edit recorded) and the
    seconds its lease still runs (0 when nobody holds it, or the holder's lease ran out)."""
    row = await db.fetchone(
        f"SELECT version, lease_until - {_now(db)} AS left_s FROM message_versions"
        " WHERE message_id = ?",
        (message_id,),
    )
    if row is None:
        return None, 0.0
    return int(row["version"]), max(0.0, float(row["left_s"] or 0.0))


async def shown_version(db: Database, message_id: int) -> int | None:
    """The version ``message_id`` was last edited to (None: no edit recorded)."""
    row = await db.fetchone(
        "SELECT version FROM message_versions WHERE message_id = ?", (message_id,)
    )
    return None if row is None else int(row["version"])


async def forget_untouched(db: Database, before_iso: str) -> int:
    """Forget the messages whose row was last touched before ``before_iso`` and whose lease
    (if any) ran out; returns how many. (An edit still in flight that long after its read is
    not a thing: forgetting what an old message shows cannot let an older state back in.)"""

    async def forget(tx: Tx) -> int:
        return await tx.execute(
            "DELETE FROM message_versions WHERE updated_at < ?"
            f" AND (holder IS NULL OR lease_until < {_now(db)})",
            (before_iso,),
        )

    return await db.write(forget)
