"""Exports of a small known book (CSV and JSON, streamed to a file on a worker thread), checked
against the hands as recorded; another guild's data never appears; a cancelled export stops."""

from __future__ import annotations

import asyncio
import csv
import gzip
import io
import json
import threading
from pathlib import Path

import pytest

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import NotFound
from shangrao_bot.store.ledger import open_session, record_hand
from shangrao_bot.store.ledger.event_rounds import attach_session, start_round
from shangrao_bot.store.ledger.export import ExportCancelled, export_book, write_export
from tests.e2e.bigbook import fill_book
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD, four_player_session
from tests.store.conftest import self_draw_win as win
from tests.store.test_events import ORGANISER, event_with, tables_of
from tests.store.test_stats import book

BIG = 10**9  # never gzip


async def text_of(
    db: Database, tmp_path: Path, fmt: str, guild: int = GUILD, session: int | None = None
) -> tuple[str, int]:
    done = await export_book(db, guild, session, fmt, tmp_path, gzip_over=BIG)
    return done.path.read_text(encoding="utf-8"), done.rows


async def test_exports(db: Database, tmp_path: Path) -> None:
    await book(db)
    text, count = await text_of(db, tmp_path, "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == count == 5 * 4
    assert {r["status"] for r in rows} == {"confirmed", "voided", "pending"}
    confirmed = [r for r in rows if r["status"] == "confirmed"]
    assert sum(int(r["delta"]) for r in confirmed) == 0
    text, count = await text_of(db, tmp_path, "json")
    doc = json.loads(text)
    assert len(doc["sessions"]) == 1
    hands = doc["sessions"][0]["hands"]
    assert [h["seq"] for h in hands] == [1, 2, 3, 4, 5] and count == 5
    assert hands[1]["payments"][0] == {
        "payer": "user0",
        "payee": "user1",
        "amount": 8,
        "reason": "win",
    }
    assert json.loads((await text_of(db, tmp_path, "json", OTHER_GUILD))[0])["sessions"] == []


async def test_no_export_shows_another_guilds_data(db: Database, tmp_path: Path) -> None:
    await book(db)
    theirs = await four_player_session(db, OTHER_GUILD)
    text, _ = await text_of(db, tmp_path, "csv")
    assert str(theirs.id) not in {line.split(",")[1] for line in text.splitlines()[1:]}
    for fmt in ("csv", "json"):
        with pytest.raises(NotFound):
            await export_book(db, GUILD, theirs.id, fmt, tmp_path, gzip_over=BIG)


async def test_a_big_export_is_gzipped_and_rows_are_counted(db: Database, tmp_path: Path) -> None:
    await fill_book(db, GUILD, 2_000, 500)
    out = tmp_path / "out"
    out.mkdir()
    done = await export_book(db, GUILD, None, "csv", out, gzip_over=4096)
    assert done.filename == "shangrao-all.csv.gz" and done.size == done.path.stat().st_size
    lines = gzip.decompress(done.path.read_bytes()).decode().splitlines()
    assert done.rows == len(lines) - 1 == 8_000
    assert list(out.iterdir()) == [done.path]  # the plain file is gone


async def test_a_cancelled_export_stops_its_thread(db: Database, tmp_path: Path) -> None:
    await fill_book(db, GUILD, 2_000, 500)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(ExportCancelled):
        await asyncio.to_thread(
            write_export, db.target, GUILD, None, "json", tmp_path, gzip_over=BIG, cancel=cancel
        )
    task = asyncio.create_task(export_book(db, GUILD, None, "json", tmp_path, gzip_over=BIG))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    before = threading.active_count()
    await asyncio.sleep(0.05)
    assert threading.active_count() <= before  # nothing still writing


async def test_exports_carry_the_club_events(db: Database, tmp_path: Path) -> None:
    """An event table's hands say which event, round and table they were played at (CSV), and
    the JSON holds each event's settings, players and rounds (tables, seats, resting)."""
    event, players = await event_with(db, 9)
    round_ = await start_round(
        db, GUILD, event.id, tables_of(players[:8]), [players[8]], "rest", 0, ORGANISER
    )
    table = round_.tables[1]
    seats = [p for p in table.seats if p is not None]
    session = await open_session(
        db, GUILD, CHANNEL + 9, "physical", {"preset": "shangrao"}, 1, 1, seats
    )
    await attach_session(db, event.id, 1, 2, session.id)
    await record_hand(db, GUILD, session.id, win(1, 2), ORGANISER, confirmed=True)
    text, _ = await text_of(db, tmp_path, "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["event_id"], r["event_round"], r["event_table"]) for r in rows] == [
        (str(event.id), "1", "2")
    ] * 4
    doc = json.loads((await text_of(db, tmp_path, "json"))[0])
    (item,) = doc["events"]
    assert item["name"] == "Club night" and item["settings"]["rounds"] == 3
    assert [p["player_id"] for p in item["players"]] == players
    (first,) = item["rounds"]
    assert first["resting"] == [players[8]] and first["status"] == "playing"
    assert [t["seats"] for t in first["tables"]] == [players[:4], players[4:8]]
    assert first["tables"][1]["session_id"] == session.id
    other = json.loads((await text_of(db, tmp_path, "json", OTHER_GUILD))[0])
    assert other["events"] == []
