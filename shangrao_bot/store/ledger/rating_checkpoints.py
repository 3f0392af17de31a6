"""The rating fold's checkpoints, kept in the database (migration 13): a process that starts, or
that has let a guild's fold go from its memory, resumes from them instead of folding every game
again.

**What a checkpoint holds.** The row of a guild at ``games`` = P, a multiple of
:data:`~.rating_fold.PERSISTED_EVERY`: the fold's state after the guild's first P games (each
player's μ and σ — IEEE-754 doubles, read back exactly — and rated games), and the steps of its
games from ``first_game`` (the previous checkpoint's P) on: each game's hand and moment, each
player's rating after each of them (:mod:`.rating_codec`). The checkpoints from the first game
on, one after the other, are the book's whole history, which a resumed fold needs too (a
player's trend, a season's board); the newest one's state is where the fold resumes. They take
about 95 bytes a hand: one row per 1,024 games of the guild, no more.

**When it still holds.** ``version`` is a ledger version at which the checkpoint's games were
the guild's first P games, ``last_at`` the moment of the last of them. The checkpoint holds
while no change logged after ``version`` (:mod:`.ledger_log`) touched a moment at or before
``last_at``: the games before it are then the same, in the same order. One that no longer
holds is left out of a resumption (its games, and all after them, are folded again) and
replaced when a fold passes its place again. Before the log is pruned, the checkpoints it still
proves are stamped with the version reached (:func:`restamp`), and those it can no longer vouch
for are deleted.

**Who writes them.** The process that folded, after the fold, off the event loop's thread for
the packing, each checkpoint in a transaction of its own (a table's save waits for one row at
most), never while a hand is recorded. Several processes may write the same rows (shards on
PostgreSQL): a write is an upsert that never replaces a checkpoint of a later version with an
earlier one, and two checkpoints of one place that both hold are the same fold's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.ledger import rating_fold
from shangrao_bot.store.ledger.ledger_log import changes_after
from shangrao_bot.store.ledger.rating_codec import add_steps, pack_steps, unpack_state
from shangrao_bot.store.ledger.rating_fold import RatingBook, State


@dataclass(frozen=True)
class Checkpoint:
    """A checkpoint as written: the place, where its steps start, the version it holds at, the
    last game's moment and the packed state and steps."""

    games: int
    first_game: int
    version: int
    last_at: str
    state: bytes
    steps: bytes


@dataclass(frozen=True)
class Resumption:
    """Where a fold resumes: the history of the first ``position`` games and the state after
    them."""

    book: RatingBook
    position: int
    state: State


def checkpoints_of(book: RatingBook, states: dict[int, bytes], version: int) -> list[Checkpoint]:
    """The checkpoints of the places ``states`` has packed states of, from ``book`` (folded at
    ``version``). CPU work: run it off the event loop's thread."""
    every = rating_fold.PERSISTED_EVERY
    return [
        Checkpoint(
            games=place,
            first_game=place - every,
            version=version,
            last_at=book.at[place - 1],
            state=state,
            steps=pack_steps(book, place - every, place),
        )
        for place, state in sorted(states.items())
        if every <= place <= len(book.at)
    ]


async def write_checkpoint(db: Database, guild_id: int, checkpoint: Checkpoint) -> None:
    """Write one checkpoint (idempotent; one of a later version stays)."""
    c = checkpoint

    async def write(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO rating_checkpoints"
            " (guild_id, games, first_game, version, last_at, state, steps)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, games) DO UPDATE SET first_game = excluded.first_game,"
            " version = excluded.version, last_at = excluded.last_at, state = excluded.state,"
            " steps = excluded.steps WHERE rating_checkpoints.version < excluded.version",
            (guild_id, c.games, c.first_game, c.version, c.last_at, c.state, c.steps),
        )

    await db.write(write)


async def _touched_since(db: Database, guild_id: int, rows: Iterable[Row]) -> dict[int, str | None]:
    """For each version of ``rows``: the earliest moment a change after it touched (None:
    none; '' when the log no longer reaches back to it)."""
    touched: dict[int, str | None] = {}
    for version in sorted({int(r["version"]) for r in rows}):
        touched[version] = (await changes_after(db, guild_id, version))[1]
    return touched


def _holds(row: Row, touched: dict[int, str | None]) -> bool:
    since = touched[int(row["version"])]
    return since is None or str(row["last_at"]) < since


async def _holding(db: Database, guild_id: int, columns: str, until: int | None) -> list[Row]:
    """The guild's checkpoints that still hold (up to place ``until``), in order."""
    bound = "" if until is None else " AND games <= ?"
    rows = await db.fetchall(
        f"SELECT games, first_game, version, last_at{columns} FROM rating_checkpoints"
        f" WHERE guild_id = ?{bound} ORDER BY games",
        (guild_id,) if until is None else (guild_id, until),
    )
    touched = await _touched_since(db, guild_id, rows)
    return [r for r in rows if _holds(r, touched)]


async def _state(db: Database, guild_id: int, row: Row) -> State | None:
    """The state of the checkpoint ``row`` describes (None: replaced or deleted since)."""
    found = await db.fetchone(
        "SELECT state FROM rating_checkpoints WHERE guild_id = ? AND games = ? AND version = ?",
        (guild_id, row["games"], row["version"]),
    )
    if found is None:
        return None
    return await asyncio.to_thread(unpack_state, bytes(found[0]))


async def resumption(db: Database, guild_id: int) -> Resumption | None:
    """The newest place a fold of the guild can resume from with the whole history before it:
    the end of the chain of checkpoints that hold from the first game on (None: there is none).
    May raise :class:`~.rating_codec.CodecError` (a checkpoint this version cannot read)."""
    chain: list[Row] = []
    end = 0
    for row in await _holding(db, guild_id, ", steps", None):
        if int(row["first_game"]) == end and int(row["games"]) > end:
            chain.append(row)
            end = int(row["games"])
    if not chain:
        return None
    state = await _state(db, guild_id, chain[-1])
    if state is None:
        return None

    def history() -> RatingBook:
        book = RatingBook()
        for row in chain:
            add_steps(book, bytes(row["steps"]))
        return book

    book = await asyncio.to_thread(history)
    return Resumption(book, end, state) if len(book.at) == end else None


async def state_before(db: Database, guild_id: int, place: int) -> tuple[int, str, State] | None:
    """The newest checkpoint that holds at or before ``place``: its place, its last game's
    moment and its state (None: there is none)."""
    rows = await _holding(db, guild_id, "", place)
    if not rows:
        return None
    newest = rows[-1]
    state = await _state(db, guild_id, newest)
    if state is None:
        return None
    return int(newest["games"]), str(newest["last_at"]), state


@dataclass(frozen=True)
class Stamps:
    """What :func:`restamp` writes: the checkpoints' versions and the earliest moment a change
    after each touched, as read before the log is pruned."""

    touched: dict[int, str | None]


async def stamps(db: Database, guild_id: int) -> Stamps:
    rows = await db.fetchall(
        "SELECT DISTINCT version FROM rating_checkpoints WHERE guild_id = ?", (guild_id,)
    )
    return Stamps(await _touched_since(db, guild_id, rows))


async def restamp(tx: Tx, guild_id: int, version: int, stamps: Stamps, oldest: int) -> None:
    """Before the guild's log is pruned to the versions from ``oldest`` on: the checkpoints it
    proves still hold are stamped with ``version`` (the log reached it when ``stamps`` was
    read), and the others that it can no longer vouch for are deleted."""
    for old, since in stamps.touched.items():
        if since is None or since == "" or old >= version:
            continue  # as new as the log (None: nothing changed since), or no longer vouched for
        await tx.execute(
            "UPDATE rating_checkpoints SET version = ? WHERE guild_id = ? AND version = ?"
            " AND last_at < ?",
            (version, guild_id, old, since),
        )
    await tx.execute(
        "DELETE FROM rating_checkpoints WHERE guild_id = ? AND version < ?",
        (guild_id, oldest - 1),
    )
