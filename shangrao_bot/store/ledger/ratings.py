"""Skill ratings: every player's rating, recomputed from the ledger's counted hands.

**The model.** OpenSkill's Plackett–Luce model (Weng–Lin Bayesian approximation, the
``openskill`` package, default parameters: μ 25, σ 25/3, β 25/6, τ 25/300). A hand of mahjong is
a four-player free-for-all with no teams, and its result is an ordering of the four seats with
ties (three losers of a 自摸 each pay the same; the two bystanders of a discard win both lose
nothing): Plackett–Luce rates exactly that — any number of players ranked, ties allowed — and
it is the model OpenSkill recommends for free-for-all games. Bradley–Terry would rate the hand
as six pairwise games (over-counting one hand's evidence), Thurstone–Mosteller is built for
two-sided games. Elo and Glicko are two-player systems. The players are ranked by the hand's
deltas (``scores``: more won, better place; equal deltas tie), not by the amounts themselves:
a 宝吊头 paid ×3 by one discarder is one win, like a small 平胡, so a lucky big hand does not
count as much more skill than a small one.

**One rated game = one hand**, not one session: the ledger's unit of counting (a void, an undo
and an edit change one hand, so they change one game), sessions have no fixed length and may be
left half-way, and the four seats of a session can change from one session to the next only, so
a hand holds the same information a session would, finer. A hand that tells nothing about
skill is not rated: one where every player ended with the same delta (a 流局 without bonuses).
A hand is rated once for each distinct player seated (a player in two seats — never recorded by
the bot, but possible in an imported book — counts once, with the sum of their deltas).

**Displayed rating** is the conservative estimate ``μ − 3σ`` (OpenSkill's ``ordinal``): a new
player starts at 0 and climbs as the model becomes sure they are good; leaderboards rank by it.

**Recomputation.** Ratings are a fold over the confirmed hands in the order they were first
recorded — an edited hand takes the place of the hand it replaced (the first ``created_at`` of
its session and number), so an edit rates as if the corrected hand had been recorded from the
start, and a void as if the hand had never counted. The fold is deterministic (the same hands in
the same order give the same floats), so the result is cached per process and guild, keyed by
the guild's ledger version (bumped by migration 10's triggers on every change of a counted seat
row): a read after no change costs one query. After a change, the hands first recorded from the
earliest change on (migration 10 logs when each changed hand was first recorded) are read again,
and the fold is resumed from the last checkpoint (the state kept every
:data:`CHECKPOINT_EVERY` games) before the first game that differs — a new hand replays a few
hundred games at most, a void or an edit of a recent hand a few hundred more, a merge of a guest
everything from their first hand on. Resuming from a checkpoint
gives the same floats as a full recomputation (the same operations in the same order), which the
tests check.
"""

from __future__ import annotations

import asyncio
import bisect
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.transactions import Tx

KEEP_CHANGES = 10_000
"""Ledger versions whose change is kept in the log (each counted seat row changed is one: a
hand recorded and confirmed is four to eight)."""

CHECKPOINT_EVERY = 256
"""Games between two kept states of the fold (memory: one rating per player seen so far)."""

MODEL = PlackettLuce()
MU = MODEL.mu
SIGMA = MODEL.sigma


@dataclass(frozen=True)
class Game:
    """One counted hand as the rating reads it: who sat (seat order) and what each won."""

    hand_id: int
    at: str  # when the hand (or the hand it corrects) was first recorded
    players: tuple[int, ...]
    deltas: tuple[int, ...]


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int  # rated hands

    @property
    def ordinal(self) -> float:
        """The displayed rating: μ − 3σ (the model is 99.7 % sure the skill is above it)."""
        return self.mu - 3 * self.sigma


NEW_RATING = Rating(MU, SIGMA, 0)


@dataclass(frozen=True)
class Step:
    """A player's rating after one rated game."""

    index: int  # the game's place in the fold
    hand_id: int
    at: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class RatingBook:
    """The fold's result: each player's rating and their rating after each of their games."""

    ratings: dict[int, Rating] = field(default_factory=dict)
    history: dict[int, list[Step]] = field(default_factory=dict)

    def rating(self, player_id: int) -> Rating:
        return self.ratings.get(player_id, NEW_RATING)

    def trend(self, player_id: int) -> list[float]:
        """The player's displayed rating after each of their rated games, oldest first."""
        return [s.ordinal for s in self.history.get(player_id, [])]

    def step_before(self, player_id: int, at: str) -> Step | None:
        """The player's last rated game first recorded before ``at`` (None: none)."""
        steps = self.history.get(player_id, [])
        i = bisect.bisect_left(steps, at, key=lambda s: s.at)  # steps are in time order
        return steps[i - 1] if i else None

    def ordinal_at(self, player_id: int, at: str) -> float | None:
        """The player's displayed rating as it stood before ``at`` (None: no game before)."""
        step = self.step_before(player_id, at)
        return step.ordinal if step is not None else None

    def games_between(self, player_id: int, since: str | None, until: str | None) -> int:
        """How many rated games of the player were first recorded ``since <= at < until``
        (either open)."""
        steps = self.history.get(player_id, [])
        lo = 0 if since is None else bisect.bisect_left(steps, since, key=lambda s: s.at)
        hi = len(steps) if until is None else bisect.bisect_left(steps, until, key=lambda s: s.at)
        return max(0, hi - lo)

    def played_between(self, player_id: int, since: str, until: str) -> bool:
        """Whether the player has a rated game first recorded ``since <= at < until``."""
        return self.games_between(player_id, since, until) > 0


def _outcome(game: Game) -> tuple[list[int], list[int]] | None:
    """The distinct players of a game and their net deltas; None when the game is not rated
    (fewer than two players, or every player with the same result)."""
    net: dict[int, int] = {}
    for p, d in zip(game.players, game.deltas, strict=True):
        net[p] = net.get(p, 0) + d
    if len(net) < 2 or len(set(net.values())) == 1:
        return None
    return list(net), list(net.values())


# A player's state in the fold: the model's rating object (never changed in place: ``rate``
# returns new ones, so states can share them) and the number of rated games. One object is
# never passed for two players (``rate`` deep-copies the teams, and would copy it once).
_State = dict[int, tuple[PlackettLuceRating, int]]


def rate_game(state: _State, game: Game) -> list[int] | None:
    """Update ``state`` with one game (Plackett–Luce, ranked by the deltas, ties allowed);
    the players rated, or None when the game is not rated."""
    outcome = _outcome(game)
    if outcome is None:
        return None
    players, scores = outcome
    before = [state.get(p) or (MODEL.rating(mu=MU, sigma=SIGMA), 0) for p in players]
    after = MODEL.rate([[r] for r, _ in before], scores=[float(s) for s in scores])
    for p, (_, games), (new,) in zip(players, before, after, strict=True):
        state[p] = (new, games + 1)
    return players


def rate_games(games: Iterable[Game]) -> RatingBook:
    """The ratings of a ledger, from scratch: the reference the cached fold must equal."""
    fold = RatingFold()
    fold.update(list(games))
    return fold.book


class RatingFold:
    """The fold over one guild's games, with the states it can resume from."""

    def __init__(self) -> None:
        self.games: list[Game] = []
        self.book = RatingBook()
        # (games folded, state then): index 0 is the empty state
        self._checkpoints: list[tuple[int, _State]] = [(0, {})]

    def update(self, games: Sequence[Game]) -> int:
        """Fold ``games`` (the whole ledger in order), resuming from the last checkpoint before
        the first game that differs from the games folded before; the number of games replayed."""
        first = 0
        for old, new in zip(self.games, games, strict=False):
            if old is not new and old != new:  # the games kept by a reader are the same objects
                break
            first += 1
        if first == len(self.games) == len(games):
            return 0
        while self._checkpoints[-1][0] > first:
            self._checkpoints.pop()
        start, kept_state = self._checkpoints[-1]
        state = dict(kept_state)
        # a new book (a book handed out before stays as it was while this one is made)
        history: dict[int, list[Step]] = {}
        for pid, steps in self.book.history.items():
            kept = steps[: bisect.bisect_left(steps, start, key=lambda s: s.index)]
            if kept:
                history[pid] = kept
        for index in range(start, len(games)):
            game = games[index]
            rated = rate_game(state, game)
            for p in rated or ():
                rating = state[p][0]
                history.setdefault(p, []).append(
                    Step(index, game.hand_id, game.at, rating.mu, rating.sigma)
                )
            if (index + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints.append((index + 1, dict(state)))
        self.games = list(games)
        ratings = {p: Rating(r.mu, r.sigma, n) for p, (r, n) in state.items()}
        self.book = RatingBook(ratings, history)
        return len(games) - start


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


async def ledger_version(db: Database, guild_id: int) -> int:
    """The guild's ledger version (0: no hand ever counted)."""
    row = await db.fetchone("SELECT version FROM ledger_versions WHERE guild_id = ?", (guild_id,))
    return int(row[0]) if row is not None else 0


async def _changes_after(db: Database, guild_id: int, version: int) -> tuple[int, str | None]:
    """The guild's ledger version now, and the earliest moment a change after ``version``
    touched: None when nothing changed, '' (read every hand) when the log no longer holds every
    change since (:func:`_prune`)."""
    now = await ledger_version(db, guild_id)
    if now == version:
        return version, None
    row = await db.fetchone(
        "SELECT MIN(version), MIN(since) FROM ledger_changes WHERE guild_id = ? AND version > ?",
        (guild_id, version),
    )
    if row is None or row[0] is None or int(row[0]) != version + 1:
        return now, ""
    return now, str(row[1])


async def _prune(db: Database, guild_id: int, version: int) -> None:
    """Keep the guild's log of changes short: the last :data:`KEEP_CHANGES` versions (a cache
    older than that reads every hand again). Done by the process that has just read the log,
    at most once every :data:`KEEP_CHANGES` versions."""

    async def prune(tx: Tx) -> None:
        await tx.execute(
            "DELETE FROM ledger_changes WHERE guild_id = ? AND version <= ?",
            (guild_id, version - KEEP_CHANGES),
        )

    oldest = await db.fetchone(
        "SELECT MIN(version) FROM ledger_changes WHERE guild_id = ?", (guild_id,)
    )
    if oldest is not None and oldest[0] is not None and version - oldest[0] > 2 * KEEP_CHANGES:
        await db.write(prune)


@dataclass
class _Cached:
    version: int = -1
    fold: RatingFold = field(default_factory=RatingFold)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


_CACHE: weakref.WeakKeyDictionary[Database, dict[int, _Cached]] = weakref.WeakKeyDictionary()


def ratings_fresh(db: Database, guild_id: int, version: int) -> bool:
    """Whether the guild's ratings at ``version`` are cached (no recomputation needed)."""
    cached = _CACHE.get(db, {}).get(guild_id)
    return cached is not None and cached.version == version


async def guild_ratings(db: Database, guild_id: int) -> RatingBook:
    """The guild's ratings as the ledger stands: the cached book when the ledger version has
    not changed, otherwise the fold resumed (off the event loop: a first fold of a big book
    takes seconds). The version is read before the hands, so a write in between makes the next
    read fold again rather than keep a stale book."""
    cached = _CACHE.setdefault(db, {}).setdefault(guild_id, _Cached())
    async with cached.lock:
        if cached.version < 0:  # nothing cached: every hand
            version, since = await ledger_version(db, guild_id), ""
        else:
            version, changed = await _changes_after(db, guild_id, cached.version)
            if changed is None:
                return cached.fold.book
            since = changed
        # the games first recorded before the earliest change are the ones folded already
        kept = cached.fold.games
        cut = bisect.bisect_left(kept, since, key=lambda g: g.at)
        games = kept[:cut] + await ledger_games(db, guild_id, since)
        await asyncio.to_thread(cached.fold.update, games)
        cached.version = version
        await _prune(db, guild_id, version)
        return cached.fold.book
