"""Every database call is timed and its failures counted, on SQLite and on PostgreSQL, in the
metrics the database is pointed at (:mod:`shangrao_bot.store.database.measured`)."""

from __future__ import annotations

import pytest
from prometheus_client import CollectorRegistry

from shangrao_bot.metrics import BotMetrics
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import NotFound


def figure(registry: CollectorRegistry, db: Database, name: str, operation: str) -> float:
    labels = {"backend": db.kind, "operation": operation}
    return registry.get_sample_value(name, labels) or 0.0


async def test_reads_and_writes_are_timed_and_failures_counted(db: Database) -> None:
    registry = CollectorRegistry()
    db.measure_into(BotMetrics(registry))
    count, errors = "shangrao_db_query_seconds_count", "shangrao_db_query_errors_total"

    await db.fetchall("SELECT 1")
    await db.fetchone("SELECT 2")
    assert figure(registry, db, count, "read") == 2
    assert figure(registry, db, "shangrao_db_query_seconds_sum", "read") > 0

    async def fine(tx: Tx) -> None:
        await tx.execute("INSERT INTO bot_state (key, value) VALUES (?, ?)", ("metrics", "1"))

    await db.write(fine)
    assert figure(registry, db, count, "write") == 1
    assert figure(registry, db, errors, "write") == 0

    async def refused(tx: Tx) -> None:  # the store answering, not failing
        raise NotFound("store.table.not_found", table=1)

    with pytest.raises(NotFound):
        await db.write(refused)
    assert figure(registry, db, count, "write") == 2
    assert figure(registry, db, errors, "write") == 0

    async def broken(tx: Tx) -> None:
        await tx.execute("INSERT INTO no_such_table VALUES (1)")

    with pytest.raises(Exception):  # noqa: B017 (each driver's own error)
        await db.write(broken)
    with pytest.raises(Exception):  # noqa: B017
        await db.fetchall("SELECT * FROM no_such_table")
    assert figure(registry, db, errors, "write") == 1
    assert figure(registry, db, errors, "read") == 1
    assert figure(registry, db, count, "read") == 3


async def test_a_database_not_pointed_at_metrics_records_nowhere_read(db: Database) -> None:
    registry = CollectorRegistry()
    BotMetrics(registry)
    await db.fetchall("SELECT 1")
    assert figure(registry, db, "shangrao_db_query_seconds_count", "read") == 0
