"""Skill ratings: every player's rating, recomputed from the ledger's counted hands (the model
and the fold: :mod:`.rating_fold`).

**Recomputation.** Ratings are a fold over the confirmed hands in the order they were first
recorded — an edited hand takes the place of the hand it replaced (the first ``created_at`` of
its session and number), so an edit rates as if the corrected hand had been recorded from the
start, and a void as if the hand had never counted. The fold is deterministic (the same hands in
the same order give the same floats), so the result is cached per process and guild, keyed by
the guild's ledger version (bumped by migration 10's triggers on every change of a counted seat
row): a read after no change costs one query. After a change, the hands first recorded from the
earliest change on (migration 10 logs when each changed hand was first recorded,
:mod:`.ledger_log`) are read again, and the fold is resumed from the newest state kept before
the first game that differs: in memory, the states of the last 2,048 games (one every 256);
before them, a checkpoint kept in the database (:mod:`.rating_checkpoints`, one every 1,024
games). A new hand replays a few hundred games at most, a void or an edit of a recent hand a few
hundred more, a merge of a guest everything from their first hand on.

**After a restart** (or once the guild has left this process's cache) the fold resumes from
the end of the chain of persisted checkpoints that still holds — the history of the games
before it read back, not recomputed — and folds only the games after it: fewer than 1,024, and
those changed since. Only a book without checkpoints (the first read after the upgrade that
brought them, or after a change of its first games) is folded from its first game. The
checkpoints a fold passes are written after it, by the process that folded. Resuming, from
memory or from the database, gives the same floats as a full recomputation (the same operations
in the same order), which the tests check, across restarts too.

**Memory.** A process keeps the folds of the :data:`RATED_GUILDS` guilds it read most recently
(each: every player's rating after each of their games as columns of numbers, each game's
moment and hand, the last 2,048 games and 8 states of the fold); a guild read again after it
left resumes from its persisted checkpoints.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import weakref
from dataclasses import dataclass, field

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Tx
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.ledger.ledger_log import changes_after, ledger_version
from shangrao_bot.store.ledger.rating_checkpoints import (
    Checkpoint,
    checkpoints_of,
    restamp,
    resumption,
    stamps,
    state_before,
    write_checkpoint,
)
from shangrao_bot.store.ledger.rating_codec import CodecError, pack_state
from shangrao_bot.store.ledger.rating_fold import (
    NEW_RATING,
    Game,
    Rating,
    RatingBook,
    RatingFold,
    State,
    Step,
    rate_games,
)

# the fold's names, read through this module by the rest of the store and the service
__all__ = [
    "KEEP_CHANGES",
    "NEW_RATING",
    "RATED_GUILDS",
    "Game",
    "Rating",
    "RatingBook",
    "RatingFold",
    "Step",
    "guild_ratings",
    "ledger_games",
    "ledger_version",
    "rate_games",
    "ratings_fresh",
]

log = logging.getLogger(__name__)

KEEP_CHANGES = 10_000
"""Ledger versions whose change is kept in the log (each counted seat row changed is one: a
hand recorded and confirmed is four to eight)."""

RATED_GUILDS = 64
"""Guilds whose fold a process keeps in memory, the most recently read."""


# --- reading the ledger ------------------------------------------------------------------------

# The confirmed hands of a guild first recorded at ``since`` or later, each placed where its first
# version was recorded (an edit keeps the session and number of the hand it replaced): one row a
# hand, its four seats side by side (a quarter of the rows to convert)
_SEATS = ", ".join(
    f"MAX(CASE WHEN hs.seat = {s} THEN hs.player_id END) AS p{s},"
    f" MAX(CASE WHEN hs.seat = {s} THEN hs.delta END) AS d{s}"
    for s in range(4)
)
_GAMES_SQL = (
    f"SELECT h.id AS hand_id, o.first_at, {_SEATS}"
    " FROM hands h JOIN hand_seats hs ON hs.hand_id = h.id"
    " JOIN (SELECT session_id, seq, MIN(created_at) AS first_at FROM hands"
    "  WHERE guild_id = ? AND session_id IN (SELECT DISTINCT session_id FROM hands"
    "   WHERE guild_id = ? AND created_at >= ? AND status = 'confirmed')"
    "  GROUP BY session_id, seq) o"
    " ON o.session_id = h.session_id AND o.seq = h.seq"
    " WHERE h.guild_id = ? AND h.created_at >= ? AND h.status = 'confirmed' AND o.first_at >= ?"
    " GROUP BY h.id, o.first_at, h.session_id, h.seq"
    " ORDER BY o.first_at, h.session_id, h.seq, h.id"
)


async def ledger_games(db: Database, guild_id: int, since: str = "") -> list[Game]:
    """The guild's counted hands as games, in rating order: every one, or those first recorded
    at ``since`` or later (an edited hand's later version was recorded later still, so
    ``created_at >= since`` narrows the read by the index on the guild's hands)."""
    rows = await db.fetchall(_GAMES_SQL, (guild_id, guild_id, since, guild_id, since, since))
    return [
        Game(
            r[0],
            r[1],
            tuple(r[2 + 2 * s] for s in range(4) if r[2 + 2 * s] is not None),
            tuple(r[3 + 2 * s] for s in range(4) if r[2 + 2 * s] is not None),
        )
        for r in rows
    ]


async def _games_after(
    db: Database, guild_id: int, book: RatingBook, place: int
) -> list[Game] | None:
    """The guild's games after its first ``place``, which ``book`` holds: read from the moment of
    the last of those on, leaving out the ones ``book`` holds already (None when the read does
    not start with them: then ``book`` is not the ledger's)."""
    if place == 0:
        return await ledger_games(db, guild_id)
    last = book.at[place - 1]
    games = await ledger_games(db, guild_id, last)
    ties = place - bisect.bisect_left(book.at, last, 0, place)
    if [g.hand_id for g in games[:ties]] != list(book.hand_id[place - ties : place]):
        return None
    return games[ties:]


def _fold(fold: RatingFold, games: list[Game], first: int, version: int) -> list[Checkpoint]:
    """Fold the games from place ``first`` on (off the event loop: a big book's first fold
    takes seconds); the checkpoints the fold passed, packed to be written."""
    states: dict[int, bytes] = {}

    def keep(place: int, state: State) -> None:
        states[place] = pack_state(state)

    fold.update(games, first, keep)
    return checkpoints_of(fold.book, states, version)


async def _resumed(
    db: Database, guild_id: int, version: int
) -> tuple[RatingFold, list[Checkpoint]]:
    """The guild's fold made anew: resumed from its persisted checkpoints, or from its first
    game when none holds."""
    try:
        start = await resumption(db, guild_id)
    except CodecError as exc:
        log.warning("guild %s: rating checkpoints not read (%s); folding every game", guild_id, exc)
        start = None
    if start is not None:
        games = await _games_after(db, guild_id, start.book, start.position)
        if games is not None:
            fold = RatingFold(start.book, start.position, start.state)
            return fold, await asyncio.to_thread(_fold, fold, games, start.position, version)
    fold = RatingFold()
    games = await ledger_games(db, guild_id)
    return fold, await asyncio.to_thread(_fold, fold, games, 0, version)


async def _refolded(
    db: Database, guild_id: int, fold: RatingFold, since: str, version: int
) -> list[Checkpoint]:
    """The cached fold brought up to date after changes from the moment ``since`` on: from a
    state it keeps, else from a persisted checkpoint before the first changed game, else from
    the first game."""
    place = bisect.bisect_left(fold.book.at, since)
    if place >= fold.resumable_from:
        games = await ledger_games(db, guild_id, since)
        return await asyncio.to_thread(_fold, fold, games, place, version)
    try:
        found = await state_before(db, guild_id, place)
    except CodecError as exc:
        log.warning("guild %s: rating checkpoint not read (%s)", guild_id, exc)
        found = None
    if found is not None and fold.book.at[found[0] - 1] == found[1]:
        at, _, state = found
        after = await _games_after(db, guild_id, fold.book, at)
        if after is not None:
            fold.restart_at(at, state)
            return await asyncio.to_thread(_fold, fold, after, at, version)
    fold.restart_at(0, {})
    every = await ledger_games(db, guild_id)
    return await asyncio.to_thread(_fold, fold, every, 0, version)


async def _prune(db: Database, guild_id: int, version: int) -> None:
    """Keep the guild's log of changes short: the last :data:`KEEP_CHANGES` versions (a cache
    older than that reads every hand again). Done by the process that has just read the log,
    at most once every :data:`KEEP_CHANGES` versions; the persisted checkpoints the log still
    proves are stamped with ``version`` first (the others are deleted)."""
    oldest = await db.fetchone(
        "SELECT MIN(version) FROM ledger_changes WHERE guild_id = ?", (guild_id,)
    )
    if oldest is None or oldest[0] is None or version - oldest[0] <= 2 * KEEP_CHANGES:
        return
    seen = await stamps(db, guild_id)

    async def prune(tx: Tx) -> None:
        await restamp(tx, guild_id, version, seen, version - KEEP_CHANGES + 1)
        await tx.execute(
            "DELETE FROM ledger_changes WHERE guild_id = ? AND version <= ?",
            (guild_id, version - KEEP_CHANGES),
        )

    await db.write(prune)


@dataclass
class _Cached:
    version: int = -1
    fold: RatingFold | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # checkpoints not written yet (a storage fault): tried again at the next read, by place
    unwritten: dict[int, Checkpoint] = field(default_factory=dict)


_CACHE: weakref.WeakKeyDictionary[Database, RecentlyUsed[int, _Cached]] = (
    weakref.WeakKeyDictionary()
)


def _cached(db: Database, guild_id: int) -> _Cached:
    guilds = _CACHE.get(db)
    if guilds is None:
        guilds = _CACHE[db] = RecentlyUsed(RATED_GUILDS)
    cached = guilds.get(guild_id)
    if cached is None:
        cached = _Cached()
        guilds.put(guild_id, cached)
    return cached


def ratings_fresh(db: Database, guild_id: int, version: int) -> bool:
    """Whether the guild's ratings at ``version`` are cached (no recomputation needed)."""
    guilds = _CACHE.get(db)
    cached = guilds.get(guild_id) if guilds is not None else None
    return cached is not None and cached.fold is not None and cached.version == version


async def _write(db: Database, guild_id: int, cached: _Cached, new: list[Checkpoint]) -> None:
    """Write the checkpoints the fold passed, and those a storage fault left unwritten (each
    in a transaction of its own); a fault leaves the rest for the next read."""
    cached.unwritten.update((c.games, c) for c in new)
    assert cached.fold is not None
    for place in sorted(cached.unwritten):
        if place > cached.fold.count:  # the book has shrunk since
            del cached.unwritten[place]
            continue
        try:
            await write_checkpoint(db, guild_id, cached.unwritten[place])
        except (StorageUnavailable, StoreError) as exc:
            log.warning("guild %s: rating checkpoint %s not written (%s)", guild_id, place, exc)
            return
        del cached.unwritten[place]


async def guild_ratings(db: Database, guild_id: int) -> RatingBook:
    """The guild's ratings as the ledger stands: the cached book when the ledger version has
    not changed, otherwise the fold resumed (off the event loop), from memory or from the
    persisted checkpoints. The version is read before the hands, so a write in between makes
    the next read fold again rather than keep a stale book."""
    cached = _cached(db, guild_id)
    async with cached.lock:
        fold = cached.fold
        if fold is None:
            version = await ledger_version(db, guild_id)
            fold, passed = await _resumed(db, guild_id, version)
        else:
            version, since = await changes_after(db, guild_id, cached.version)
            if since is None:
                return fold.book
            if since == "":  # the log no longer reaches back to the cached version
                cached.unwritten.clear()
                fold, passed = await _resumed(db, guild_id, version)
            else:
                passed = await _refolded(db, guild_id, fold, since, version)
        cached.fold, cached.version = fold, version
        await _write(db, guild_id, cached, passed)
        await _prune(db, guild_id, version)
        return fold.book
