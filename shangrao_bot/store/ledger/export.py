"""Exporting a server's book to a file (CSV or JSON), off the event loop.

A big server's book is hundreds of thousands of rows: built on the event loop, its text stalled
every other member's commands for many seconds. Here the export runs on a worker thread with a
connection of its own (read-only, one read transaction: a consistent snapshot that never holds
up the bot's shared reader or its writer), streams rows straight into a file (never the whole
text in memory) and counts them as it writes them. Every query is filtered by guild id.

On SQLite the thread reads the file through :mod:`sqlite3`; on PostgreSQL it runs an event loop
of its own for one asyncpg connection and reads through server-side cursors, a batch of rows at
a time, in one ``REPEATABLE READ`` read-only transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import gzip
import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TextIO

from shangrao_bot.store.database.interface import BUSY_TIMEOUT_MS, Database, is_postgres_url
from shangrao_bot.store.database.placeholders import numbered
from shangrao_bot.store.database.transactions import Row
from shangrao_bot.store.errors import NotFound

FORMATS = ("csv", "json")

CSV_COLUMNS = (
    "hand_id",
    "session_id",
    "seq",
    "created_at",
    "status",
    "outcome",
    "pattern",
    "dealer_seat",
    "bao",
    "seat",
    "player",
    "player_id",
    "delta",
    "won",
    "self_draw",
    "flown",
    "void_reason",
    "event_id",
    "event_round",
    "event_table",
)

_CHECK_EVERY = 500  # rows between two looks at the cancel flag


class ExportCancelled(Exception):
    """The export was cancelled (the bot is shutting down, or the command was cancelled)."""


@dataclass(frozen=True)
class ExportFile:
    """A finished export: the file, the name to give it, rows written (CSV: one per hand and
    seat; JSON: hands) and its size in bytes."""

    path: Path
    filename: str
    rows: int
    size: int


_PG_BATCH = 1000  # rows a PostgreSQL cursor fetches at a time


class _Snapshot(Protocol):
    """One read transaction on the worker thread: queries stream their rows."""

    def rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[Row]: ...

    def close(self) -> None: ...


class _SqliteSnapshot:
    def __init__(self, path: str) -> None:
        self._conn = sqlite3.connect(
            f"file:{Path(path).resolve()}?mode=ro",
            uri=True,
            isolation_level=None,
            timeout=BUSY_TIMEOUT_MS / 1000,
            check_same_thread=False,  # created and used on the export's one worker thread
        )
        self._conn.row_factory = sqlite3.Row
        self._conn.execute("BEGIN")  # one snapshot for the whole export

    def rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[Row]:
        return iter(self._conn.execute(sql, params))

    def close(self) -> None:
        self._conn.close()


class _PgSnapshot:
    """asyncpg from a worker thread: an event loop of its own, driven one call at a time."""

    def __init__(self, url: str) -> None:
        from shangrao_bot.store.database.postgres import connect

        self._loop = asyncio.new_event_loop()
        try:
            self._conn = self._loop.run_until_complete(connect(url))
            self._tx = self._conn.transaction(isolation="repeatable_read", readonly=True)
            self._loop.run_until_complete(self._tx.start())
        except BaseException:
            self.close()
            raise

    def rows(self, sql: str, params: Sequence[Any] = ()) -> Iterator[Row]:
        cursor = self._loop.run_until_complete(self._conn.cursor(numbered(sql), *params))
        while batch := self._loop.run_until_complete(cursor.fetch(_PG_BATCH)):
            yield from batch

    def close(self) -> None:
        conn = getattr(self, "_conn", None)
        if conn is not None:
            self._loop.run_until_complete(conn.close())  # ends the read-only transaction
        self._loop.close()


def _open_snapshot(target: str) -> _Snapshot:
    return _PgSnapshot(target) if is_postgres_url(target) else _SqliteSnapshot(target)


class _Writer:
    """Streams one guild's book from ``conn`` to ``out``; ``cancel`` stops it between rows."""

    def __init__(
        self,
        conn: _Snapshot,
        out: TextIO,
        guild_id: int,
        session_id: int | None,
        cancel: threading.Event,
    ) -> None:
        self.conn = conn
        self.out = out
        self.guild_id = guild_id
        self.session_id = session_id
        self.cancel = cancel
        self.rows = 0

    def _counted(self) -> None:
        self.rows += 1
        if self.rows % _CHECK_EVERY == 0 and self.cancel.is_set():
            raise ExportCancelled

    def csv(self) -> int:
        """One row per hand and seat (voided hands included, marked by status)."""
        sql = (
            "SELECT h.id AS hand_id, h.session_id, h.seq, h.created_at, h.status, h.outcome,"
            " h.pattern, h.dealer_seat, h.bao, hs.seat, p.display_name AS player,"
            " p.id AS player_id, hs.delta, hs.won, hs.self_draw, hs.flown, h.void_reason,"
            " et.event_id, et.round_no, et.table_no"
            " FROM hands h JOIN hand_seats hs ON hs.hand_id = h.id"
            " JOIN players p ON p.id = hs.player_id"
            " LEFT JOIN event_tables et ON et.session_id = h.session_id WHERE h.guild_id = ?"
        )
        params: list[Any] = [self.guild_id]
        if self.session_id is not None:
            sql += " AND h.session_id = ?"
            params.append(self.session_id)
        writer = csv.writer(self.out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for r in self.conn.rows(sql + " ORDER BY h.session_id, h.seq, hs.seat", params):
            writer.writerow(tuple(r))
            self._counted()
        return self.rows

    def json(self) -> int:
        """Sessions with their seats, hands, payments and transfers, as one JSON document;
        one line per hand, so a big book stays readable and diffable."""
        sql = "SELECT * FROM sessions WHERE guild_id = ?"
        params: list[Any] = [self.guild_id]
        if self.session_id is not None:
            sql += " AND id = ?"
            params.append(self.session_id)
        sessions = list(self.conn.rows(sql + " ORDER BY id", params))
        self.out.write(f'{{\n "guild_id": {self.guild_id},\n "sessions": [')
        for n, s in enumerate(sessions):
            self.out.write("," if n else "")
            self._session(s)
        self.out.write("\n ]")
        if self.session_id is None:
            self.out.write(',\n "events": [')
            self._events()
            self.out.write("\n ]")
        self.out.write("\n}\n")
        return self.rows

    def _events(self) -> None:
        """The club events: settings, players, and each round's tables (their sessions are
        among the sessions above) with their seats and the players who rested."""
        events = list(
            self.conn.rows("SELECT * FROM events WHERE guild_id = ? ORDER BY id", (self.guild_id,))
        )
        for n, e in enumerate(events):
            players = self.conn.rows(
                "SELECT ep.player_id, p.display_name, ep.joined_round, ep.left_round"
                " FROM event_players ep JOIN players p ON p.id = ep.player_id"
                " WHERE ep.event_id = ? ORDER BY ep.joined_round, ep.player_id",
                (e["id"],),
            )
            rounds = list(
                self.conn.rows(
                    "SELECT * FROM event_rounds WHERE event_id = ? ORDER BY round_no", (e["id"],)
                )
            )
            seats = list(
                self.conn.rows(
                    "SELECT s.round_no, s.table_no, s.seat, s.player_id, t.session_id"
                    " FROM event_seats s JOIN event_tables t ON t.event_id = s.event_id"
                    " AND t.round_no = s.round_no AND t.table_no = s.table_no"
                    " WHERE s.event_id = ? ORDER BY s.round_no, s.table_no, s.seat",
                    (e["id"],),
                )
            )
            resting = list(
                self.conn.rows(
                    "SELECT round_no, player_id FROM event_resting WHERE event_id = ?"
                    " ORDER BY round_no, player_id",
                    (e["id"],),
                )
            )
            item = {
                "id": e["id"],
                "name": e["name"],
                "organiser": e["organiser"],
                "status": e["status"],
                "created_at": e["created_at"],
                "finished_at": e["finished_at"],
                "settings": {
                    "rounds": e["rounds"],
                    "seating": e["seating"],
                    "tables": e["tables_kind"],
                    "rules": json.loads(e["rules"]),
                    "hands_per_round": e["hands_per_round"],
                    "resting": e["resting"],
                    "winds_first": bool(e["winds_first"]),
                    "seed": e["seed"],
                },
                "players": [
                    {"player_id": r[0], "name": r[1], "joined_round": r[2], "left_round": r[3]}
                    for r in players
                ],
                "rounds": [_event_round(r, seats, resting) for r in rounds],
            }
            self.out.write(",\n  " if n else "\n  ")
            self.out.write(_dumps(item))

    def _session(self, s: Row) -> None:
        seats = list(
            self.conn.rows(
                "SELECT p.id, p.display_name FROM session_seats ss JOIN players p"
                " ON p.id = ss.player_id WHERE ss.session_id = ? ORDER BY ss.seat",
                (s["id"],),
            )
        )
        head = {
            "id": s["id"],
            "kind": s["kind"],
            "status": s["status"],
            "stake": s["stake"],
            "rules": json.loads(s["rules"]),
            "opened_at": s["opened_at"],
            "closed_at": s["closed_at"],
            "seats": [{"player_id": r[0], "name": r[1]} for r in seats],
        }
        self.out.write("\n  " + _dumps(head)[:-1] + ', "hands": [')
        for n, hand in enumerate(self._hands(s["id"])):
            self.out.write(",\n   " if n else "\n   ")
            self.out.write(_dumps(hand))
            self._counted()
        transfers = self.conn.rows(
            "SELECT payer_id, payee_id, amount, paid_at FROM transfers WHERE session_id = ?"
            " ORDER BY id",
            (s["id"],),
        )
        self.out.write('\n  ], "transfers": ' + _dumps([dict(t) for t in transfers]) + "}")

    def _hands(self, session_id: int) -> Iterator[dict[str, Any]]:
        """The session's hands in order, each with its seats' results and its payments: three
        cursors in the same order, merged (not three queries per hand)."""
        order = " ORDER BY h.seq, h.id"
        hands = self.conn.rows(
            "SELECT * FROM hands h WHERE h.session_id = ? AND h.guild_id = ?" + order,
            (session_id, self.guild_id),
        )
        seats = _ByHand(
            self.conn.rows(
                "SELECT hs.hand_id, hs.delta FROM hands h JOIN hand_seats hs"
                " ON hs.hand_id = h.id WHERE h.session_id = ? AND h.guild_id = ?"
                + order
                + ", hs.seat",
                (session_id, self.guild_id),
            )
        )
        pays = _ByHand(
            self.conn.rows(
                "SELECT p.hand_id, payer.display_name AS payer, payee.display_name AS payee,"
                " p.amount, p.reason FROM hands h JOIN payments p ON p.hand_id = h.id"
                " JOIN players payer ON payer.id = p.payer_id"
                " JOIN players payee ON payee.id = p.payee_id"
                " WHERE h.session_id = ? AND h.guild_id = ?" + order + ", p.id",
                (session_id, self.guild_id),
            )
        )
        for h in hands:
            detail = json.loads(h["detail"])
            yield {
                "id": h["id"],
                "seq": h["seq"],
                "status": h["status"],
                "outcome": h["outcome"],
                "pattern": h["pattern"],
                "dealer_seat": h["dealer_seat"],
                "bao": h["bao"],
                "winners": list(detail.get("winners", ())),
                "deltas": [r[1] for r in seats.take(h["id"])],
                "created_at": h["created_at"],
                "confirmed_at": h["confirmed_at"],
                "void_reason": h["void_reason"],
                "payments": [
                    {"payer": r[1], "payee": r[2], "amount": r[3], "reason": r[4]}
                    for r in pays.take(h["id"])
                ],
                "detail": detail,
            }


def _event_round(r: Row, seats: list[Row], resting: list[Row]) -> dict[str, Any]:
    n = r["round_no"]
    tables: dict[int, dict[str, Any]] = {}
    for s in seats:
        if s[0] == n:
            table = tables.setdefault(s[1], {"table": s[1], "session_id": s[4], "seats": []})
            table["seats"].append(s[3])  # wind order; null: a fill-in seat
    return {
        "round": n,
        "status": r["status"],
        "fill": r["fill"],
        "repeats": r["repeats"],
        "started_at": r["started_at"],
        "closed_at": r["closed_at"],
        "tables": list(tables.values()),
        "resting": [x[1] for x in resting if x[0] == n],
    }


class _ByHand:
    """A cursor whose rows (first column: a hand id) are taken hand by hand."""

    def __init__(self, rows: Iterator[Row]) -> None:
        self._rows = rows
        self._next: Row | None = next(rows, None)

    def take(self, hand_id: int) -> list[Row]:
        out = []
        while self._next is not None and self._next[0] == hand_id:
            out.append(self._next)
            self._next = next(self._rows, None)
        return out


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def write_export(
    target: str,
    guild_id: int,
    session_id: int | None,
    fmt: str,
    directory: Path,
    *,
    gzip_over: int,
    cancel: threading.Event,
) -> ExportFile:
    """Write the export of the database ``target`` (an SQLite file's path or a PostgreSQL URL)
    into ``directory`` (blocking: run it on a worker thread). Over
    ``gzip_over`` bytes the file is gzipped (text shrinks about tenfold). NotFound when
    ``session_id`` is not one of the guild's sessions; ExportCancelled once ``cancel`` is set."""
    if fmt not in FORMATS:
        raise ValueError(f"export format '{fmt}' is not one of {', '.join(FORMATS)}")
    name = f"shangrao-{'session-' + str(session_id) if session_id else 'all'}.{fmt}"
    path = directory / name
    conn = _open_snapshot(target)
    try:
        if session_id is not None and not list(
            conn.rows(
                "SELECT 1 FROM sessions WHERE id = ? AND guild_id = ?", (session_id, guild_id)
            )
        ):
            raise NotFound("store.session.not_found", session=session_id)
        with path.open("w", encoding="utf-8", newline="") as out:
            writer = _Writer(conn, out, guild_id, session_id, cancel)
            rows = writer.csv() if fmt == "csv" else writer.json()
    finally:
        conn.close()
    size = path.stat().st_size
    if size > gzip_over:
        packed = path.with_name(name + ".gz")
        with path.open("rb") as src, gzip.open(packed, "wb", compresslevel=6) as dst:
            while chunk := src.read(1 << 20):
                if cancel.is_set():
                    raise ExportCancelled
                dst.write(chunk)
        path.unlink()
        path, name, size = packed, packed.name, packed.stat().st_size
    return ExportFile(path, name, rows, size)


async def export_book(
    db: Database,
    guild_id: int,
    session_id: int | None,
    fmt: str,
    directory: Path,
    *,
    gzip_over: int,
) -> ExportFile:
    """:func:`write_export` on a worker thread. Cancelling this coroutine stops the thread at
    its next row (and waits for it, so no thread outlives the caller's temporary folder)."""
    cancel = threading.Event()
    work = asyncio.ensure_future(
        asyncio.to_thread(
            write_export,
            db.target,
            guild_id,
            session_id,
            fmt,
            directory,
            gzip_over=gzip_over,
            cancel=cancel,
        )
    )
    try:
        return await asyncio.shield(work)
    except asyncio.CancelledError:
        cancel.set()
        with contextlib.suppress(ExportCancelled, Exception):
            await work
        raise
