"""The ledger benchmark's book (:func:`fill_book`): players, sessions, hands, seats and payments
at schema version 6, filled in bulk — a few hundred hand templates (:func:`fake_hand`: 自摸 and
discard wins, 飞宝 doubling, kong bonuses, 流局) written from Python, then stamped into the book
by ``INSERT … SELECT``, the book's indexes (and on PostgreSQL its foreign keys) set aside
meanwhile (:class:`Housekeeping`). The same SQL on SQLite and PostgreSQL: both books are
identical, row for row.

Used by ``bench/ledger.py`` (which describes the book) and, through it, ``bench/ratings.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.ledger import HandIn, PaymentIn

OTHER_HANDS = 30_000  # hands of each other guild (the last one takes the remainder)
LARGEST_PLAYERS = 200
OTHER_PLAYERS = 40
HANDS_PER_SESSION = 16
DAYS = 365
TEMPLATES = 997
PATTERNS = ["平胡自摸", "宝吊头", "十三浪", "七对", "碰碰胡", "清七对", "宝吊无宝", "九幺"]
ROWS_PER_INSERT = 500  # rows of one multi-row INSERT of the fill (parameters: 500 × columns)
BOOK_TABLES = ("hands", "hand_seats", "payments")  # their indexes are built after the fill


def fake_hand(rng: random.Random) -> HandIn:
    if rng.random() < 0.08:  # 流局 with maybe a kong bonus
        pays: list[PaymentIn] = []
        if rng.random() < 0.5:
            k = rng.randrange(4)
            pays = [PaymentIn(s, k, 2, "angang") for s in range(4) if s != k]
        return _with_deltas("draw", pays, (), ())
    winner = rng.randrange(4)
    value = rng.choice([2, 2, 2, 3, 4, 4, 6, 8, 10, 16])
    flown = tuple(1 if rng.random() < 0.15 else 0 for _ in range(4))
    if rng.random() < 0.6:  # 自摸: every other seat pays
        pays = [PaymentIn(s, winner, value * 2 ** flown[s], "win") for s in range(4) if s != winner]
        self_draw: tuple[int, ...] = (winner,)
    else:  # the discarder pays
        d = rng.choice([s for s in range(4) if s != winner])
        pays = [PaymentIn(d, winner, value * 2 ** flown[d], "win")]
        self_draw = ()
    if rng.random() < 0.2:
        k = rng.randrange(4)
        pays += [PaymentIn(s, k, 1, "minggang") for s in range(4) if s != k]
    return _with_deltas("win", pays, (winner,), self_draw, flown, rng.choice(PATTERNS))


def _with_deltas(
    outcome: str,
    pays: list[PaymentIn],
    winners: tuple[int, ...],
    self_draw: tuple[int, ...],
    flown: tuple[int, ...] = (0, 0, 0, 0),
    pattern: str | None = None,
) -> HandIn:
    deltas = [0] * 4
    for p in pays:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return HandIn(outcome, tuple(pays), tuple(deltas), winners, self_draw, flown, 0, "5m", pattern)


def guild_sizes(hands: int) -> list[tuple[int, int]]:
    """(hands, players) per guild, the largest first."""
    sizes = [(hands // 10, LARGEST_PLAYERS)]
    left = hands - hands // 10
    while left > 0:
        n = OTHER_HANDS if left >= 2 * OTHER_HANDS else left
        sizes.append((n, OTHER_PLAYERS))
        left -= n
    return sizes


# --- the fill -----------------------------------------------------------------------------------


async def insert_rows(tx: Tx, table: str, rows: Sequence[Sequence[Any]]) -> None:
    """Insert ``rows`` (every column of ``table``, in order) with multi-row ``INSERT``\\ s of
    :data:`ROWS_PER_INSERT` rows: one round trip per few hundred rows on PostgreSQL."""
    if not rows:
        return
    one = "(" + ", ".join("?" * len(rows[0])) + ")"

    def statement(n: int) -> str:
        return f"INSERT INTO {table} VALUES " + ", ".join([one] * n)

    whole = len(rows) - len(rows) % ROWS_PER_INSERT
    chunks = [rows[i : i + ROWS_PER_INSERT] for i in range(0, whole, ROWS_PER_INSERT)]
    if chunks:
        await tx.executemany(
            statement(ROWS_PER_INSERT), [[v for row in chunk for v in row] for chunk in chunks]
        )
    if whole < len(rows):
        rest = rows[whole:]
        await tx.execute(statement(len(rest)), [v for row in rest for v in row])


@dataclass
class Housekeeping:
    """What a bulk load sets aside and puts back: the book's secondary indexes (built once at
    the end: faster than 8 million random inserts), and on PostgreSQL its foreign keys
    (validated in one pass at the end rather than by a trigger per row)."""

    indexes: list[tuple[str, str]]  # (name, CREATE statement)
    foreign_keys: list[tuple[str, str, str]]  # (table, name, definition)

    @classmethod
    async def set_aside(cls, tx: Tx, kind: str) -> Housekeeping:
        tables = ", ".join(f"'{t}'" for t in BOOK_TABLES)
        if kind == "postgresql":
            index_rows = await tx.fetch(
                "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
                f" AND tablename IN ({tables}) AND indexname NOT IN"
                " (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))"
            )
            fk_rows = await tx.fetch(
                "SELECT r.relname, c.conname, pg_get_constraintdef(c.oid) FROM pg_constraint c"
                " JOIN pg_class r ON r.oid = c.conrelid WHERE c.contype = 'f'"
                f" AND r.relname IN ({tables})"
                " AND r.relnamespace ="
                " (SELECT oid FROM pg_namespace WHERE nspname = current_schema())"
            )
        else:  # sqlite: its writer checks foreign keys, and cannot stop inside a transaction
            index_rows = await tx.fetch(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
                f" AND tbl_name IN ({tables})"
            )
            fk_rows = []
        done = cls([(r[0], r[1]) for r in index_rows], [(r[0], r[1], r[2]) for r in fk_rows])
        for table, name, _ in done.foreign_keys:
            await tx.execute(f"ALTER TABLE {table} DROP CONSTRAINT {name}")
        for name, _ in done.indexes:
            await tx.execute(f"DROP INDEX {name}")
        return done

    async def restore(self, tx: Tx) -> None:
        for _, sql in self.indexes:
            await tx.execute(sql)
        for table, name, definition in self.foreign_keys:
            await tx.execute(f"ALTER TABLE {table} ADD CONSTRAINT {name} {definition}")


async def fill_book(tx: Tx, kind: str, hands: int, rng: random.Random, now: datetime) -> list[int]:
    """The transaction function of the fill: players, sessions, hands, seats and payments at
    schema version 6, the newest hand at ``now``; returns one open session per guild (for the
    write benchmark). ``kind`` is the database's (:attr:`Database.kind`)."""
    if kind == "postgresql":
        await tx.execute("SET LOCAL maintenance_work_mem = '256MB'")  # the index builds
        await tx.execute("SET LOCAL work_mem = '64MB'")  # the hash joins of the stamping
    else:
        await tx.execute("PRAGMA cache_size=-400000")  # this fill's connection only
    kept = await Housekeeping.set_aside(tx, kind)
    templates = [fake_hand(rng) for _ in range(TEMPLATES)]
    await tx.execute(
        "CREATE TEMP TABLE tpl (id INTEGER PRIMARY KEY, outcome TEXT, pattern TEXT, detail TEXT)"
    )
    await tx.execute(
        "CREATE TEMP TABLE tpl_seat (tpl INTEGER, seat INTEGER, delta INTEGER, won INTEGER,"
        " self_draw INTEGER, flown INTEGER)"
    )
    await tx.execute(
        "CREATE TEMP TABLE tpl_pay (tpl INTEGER, n INTEGER, payer INTEGER, payee INTEGER,"
        " amount INTEGER, reason TEXT)"
    )
    await insert_rows(
        tx,
        "tpl",
        [
            (i, h.outcome, h.pattern, json.dumps({"winners": list(h.winners)}))
            for i, h in enumerate(templates)
        ],
    )
    await insert_rows(
        tx,
        "tpl_seat",
        [
            (i, s, h.deltas[s], int(s in h.winners), int(s in h.self_draw), h.flown[s])
            for i, h in enumerate(templates)
            for s in range(4)
        ],
    )
    await insert_rows(
        tx,
        "tpl_pay",
        [
            (i, n, p.payer, p.payee, p.amount, p.reason)
            for i, h in enumerate(templates)
            for n, p in enumerate(h.payments)
        ],
    )
    # one row per hand: its guild, session, number, template and moment (spread over DAYS,
    # oldest first, the newest just before now)
    await tx.execute(
        "CREATE TEMP TABLE plan (id INTEGER PRIMARY KEY, guild INTEGER, session INTEGER,"
        " seq INTEGER, tpl INTEGER, at TEXT)"
    )
    start = now - timedelta(days=DAYS)
    span = (now - start).total_seconds()
    at = start.isoformat(timespec="milliseconds")
    pid = 0
    hand_id = 0
    session_id = 0
    open_sessions = []
    for g, (n_hands, n_players) in enumerate(guild_sizes(hands), start=1):
        players = list(range(pid + 1, pid + n_players + 1))
        pid += n_players
        await tx.executemany(
            "INSERT INTO players (id, guild_id, user_id, display_name, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [(p, g, 10_000 + p, f"player{p}", at) for p in players],
        )
        plan: list[tuple[int, int, int, int, int, str]] = []
        sessions: list[tuple[int, int, str, int, str]] = []
        seats: list[tuple[int, int, int]] = []
        for first in range(0, n_hands, HANDS_PER_SESSION):
            session_id += 1
            sessions.append(
                (session_id, g, "closed", seats_of(rng, players, seats, session_id), at)
            )
            for seq in range(1, min(HANDS_PER_SESSION, n_hands - first) + 1):
                hand_id += 1
                moment = start + timedelta(seconds=span * (first + seq) / n_hands)
                plan.append(
                    (
                        hand_id,
                        g,
                        session_id,
                        seq,
                        rng.randrange(TEMPLATES),
                        moment.isoformat(timespec="milliseconds"),
                    )
                )
        session_id += 1
        sessions.append((session_id, g, "open", seats_of(rng, players, seats, session_id), at))
        open_sessions.append(session_id)
        await tx.executemany(
            "INSERT INTO sessions (id, guild_id, channel_id, kind, rules, stake, status,"
            " opened_by, opened_at) VALUES (?, ?, 1, 'physical', '{}', 1, ?, ?, ?)",
            sessions,
        )
        await insert_rows(tx, "session_seats", seats)
        await insert_rows(tx, "plan", plan)
    if kind == "postgresql":  # temporary tables get no statistics from autovacuum
        await tx.execute("ANALYZE tpl, tpl_seat, tpl_pay, plan, players, sessions, session_seats")
    await tx.execute(
        "INSERT INTO hands (id, guild_id, session_id, seq, dealer_seat, bao, outcome, pattern,"
        " detail, recorded_by, status, created_at, confirmed_at)"
        " SELECT p.id, p.guild, p.session, p.seq, 0, '5m', t.outcome, t.pattern, t.detail, 1,"
        " 'confirmed', p.at, p.at FROM plan p JOIN tpl t ON t.id = p.tpl ORDER BY p.id"
    )
    await tx.execute(
        "INSERT INTO hand_seats (hand_id, seat, player_id, guild_id, status, created_at, delta,"
        " won, self_draw, flown)"
        " SELECT p.id, s.seat, ss.player_id, p.guild, 'confirmed', p.at, s.delta, s.won,"
        " s.self_draw, s.flown FROM plan p JOIN tpl_seat s ON s.tpl = p.tpl"
        " JOIN session_seats ss ON ss.session_id = p.session AND ss.seat = s.seat"
        " ORDER BY p.id, s.seat"
    )
    await tx.execute(
        "INSERT INTO payments (hand_id, payer_id, payee_id, amount, reason)"
        " SELECT p.id, a.player_id, b.player_id, t.amount, t.reason"
        " FROM plan p JOIN tpl_pay t ON t.tpl = p.tpl"
        " JOIN session_seats a ON a.session_id = p.session AND a.seat = t.payer"
        " JOIN session_seats b ON b.session_id = p.session AND b.seat = t.payee"
        " ORDER BY p.id, t.n"
    )
    for table in ("tpl", "tpl_seat", "tpl_pay", "plan"):
        await tx.execute(f"DROP TABLE {table}")
    await kept.restore(tx)
    if kind == "postgresql":  # ids were written explicitly: new rows take the next ones
        for table in ("players", "sessions", "hands"):
            await tx.fetchval(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) FROM {table}"
            )
    else:
        await tx.execute("PRAGMA analysis_limit=1000")  # approximate statistics, in a second
        await tx.execute("ANALYZE")
    return open_sessions


def seats_of(
    rng: random.Random, players: list[int], seats: list[tuple[int, int, int]], session: int
) -> int:
    chosen = rng.sample(players, 4)
    seats += [(session, s, p) for s, p in enumerate(chosen)]
    return chosen[0]
