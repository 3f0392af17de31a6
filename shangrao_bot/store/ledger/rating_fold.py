"""The rating fold: every player's rating, folded game by game over a guild's counted hands.

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

**The fold** is deterministic: the same games in the same order give the same floats, and
resuming from a state kept after some of them gives the same floats as folding them again (the
same operations in the same order). :class:`RatingFold` keeps such states in memory, the newest
:data:`MEMORY_CHECKPOINTS` of them (one every :data:`CHECKPOINT_EVERY` games), and hands the
state at every :data:`PERSISTED_EVERY` games to whoever keeps it elsewhere (the database:
:mod:`.rating_checkpoints`). Its book keeps each player's rating after each of their games as
columns of numbers (:class:`Steps`), not as objects: a big book has hundreds of thousands.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

CHECKPOINT_EVERY = 256
"""Games between two states of the fold kept in memory."""

MEMORY_CHECKPOINTS = 8
"""States kept in memory, the newest (with one every 256 games: the last 2,048 games); a change
older than them resumes from a persisted state."""

PERSISTED_EVERY = 1024
"""Games between two states handed out to be kept in the database."""

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


def _positions() -> array[int]:
    return array("i")


def _floats() -> array[float]:
    return array("d")


@dataclass
class Steps:
    """One player's rating after each of their rated games, oldest first, as three columns:
    the game's place in the fold, μ and σ."""

    index: array[int] = field(default_factory=_positions)
    mu: array[float] = field(default_factory=_floats)
    sigma: array[float] = field(default_factory=_floats)

    def before(self, position: int) -> Steps:
        """A copy of the steps of the games before ``position``."""
        n = bisect.bisect_left(self.index, position)
        return Steps(self.index[:n], self.mu[:n], self.sigma[:n])

    def __len__(self) -> int:
        return len(self.index)


@dataclass
class RatingBook:
    """The fold's result: each player's rating, their rating after each of their games, and
    each game's moment and hand (by its place in the fold)."""

    ratings: dict[int, Rating] = field(default_factory=dict)
    steps: dict[int, Steps] = field(default_factory=dict)
    at: list[str] = field(default_factory=list)
    hand_id: array[int] = field(default_factory=lambda: array("q"))

    def rating(self, player_id: int) -> Rating:
        return self.ratings.get(player_id, NEW_RATING)

    def players(self) -> list[int]:
        """The players with a rated game."""
        return list(self.steps)

    def _step(self, steps: Steps, i: int) -> Step:
        index = steps.index[i]
        return Step(index, self.hand_id[index], self.at[index], steps.mu[i], steps.sigma[i])

    def history(self, player_id: int) -> list[Step]:
        """The player's rating after each of their rated games, oldest first."""
        steps = self.steps.get(player_id, Steps())
        return [self._step(steps, i) for i in range(len(steps))]

    def last_step(self, player_id: int) -> Step | None:
        steps = self.steps.get(player_id)
        return self._step(steps, len(steps) - 1) if steps else None

    def trend(self, player_id: int) -> list[float]:
        """The player's displayed rating after each of their rated games, oldest first."""
        steps = self.steps.get(player_id, Steps())
        return [mu - 3 * sigma for mu, sigma in zip(steps.mu, steps.sigma, strict=True)]

    def _count_before(self, steps: Steps, at: str) -> int:
        """How many of the steps are of games first recorded before ``at`` (in time order)."""
        return bisect.bisect_left(steps.index, at, key=self.at.__getitem__)

    def step_before(self, player_id: int, at: str) -> Step | None:
        """The player's last rated game first recorded before ``at`` (None: none)."""
        steps = self.steps.get(player_id, Steps())
        i = self._count_before(steps, at)
        return self._step(steps, i - 1) if i else None

    def ordinal_at(self, player_id: int, at: str) -> float | None:
        """The player's displayed rating as it stood before ``at`` (None: no game before)."""
        step = self.step_before(player_id, at)
        return step.ordinal if step is not None else None

    def games_between(self, player_id: int, since: str | None, until: str | None) -> int:
        """How many rated games of the player were first recorded ``since <= at < until``
        (either open)."""
        steps = self.steps.get(player_id, Steps())
        lo = 0 if since is None else self._count_before(steps, since)
        hi = len(steps) if until is None else self._count_before(steps, until)
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
State = dict[int, tuple[PlackettLuceRating, int]]


def rating_of(mu: float, sigma: float) -> PlackettLuceRating:
    """The model's rating object for ``mu`` and ``sigma`` (as a state kept elsewhere gives them
    back)."""
    return MODEL.rating(mu=mu, sigma=sigma)


def rate_game(state: State, game: Game) -> list[int] | None:
    """Update ``state`` with one game (Plackett–Luce, ranked by the deltas, ties allowed);
    the players rated, or None when the game is not rated."""
    outcome = _outcome(game)
    if outcome is None:
        return None
    players, scores = outcome
    before = [state.get(p) or (rating_of(MU, SIGMA), 0) for p in players]
    after = MODEL.rate([[r] for r, _ in before], scores=[float(s) for s in scores])
    for p, (_, games), (new,) in zip(players, before, after, strict=True):
        state[p] = (new, games + 1)
    return players


def ratings_of(state: State) -> dict[int, Rating]:
    return {p: Rating(r.mu, r.sigma, n) for p, (r, n) in state.items()}


def rate_games(games: Iterable[Game]) -> RatingBook:
    """The ratings of a ledger, from scratch: the reference the cached fold must equal."""
    fold = RatingFold()
    fold.update(list(games))
    return fold.book


OnBoundary = Callable[[int, State], None]
"""Told the fold's state each time it has folded a multiple of :data:`PERSISTED_EVERY` games
(the state is the fold's own, changed right after: copy what is kept)."""


class RatingFold:
    """The fold over one guild's games, with the newest states it can resume from."""

    def __init__(
        self, book: RatingBook | None = None, position: int = 0, state: State | None = None
    ) -> None:
        """The fold of a guild's first ``position`` games (none by default): ``book`` holds
        their history and ``state`` the fold's state after them (a persisted checkpoint's)."""
        self.book = book or RatingBook()
        self.count = position
        kept = dict(state or {})
        self.book.ratings = ratings_of(kept)
        # (games folded, state then), oldest first; the oldest is where the held games start
        self._memory: list[tuple[int, State]] = [(position, kept)]
        self._held: list[Game] = []

    @property
    def resumable_from(self) -> int:
        """The earliest place of a first changed game this fold resumes from by itself: the
        oldest state it keeps (a change before it needs a state from elsewhere,
        :meth:`restart_at`; or every game, from the first)."""
        return self._memory[0][0]

    def restart_at(self, position: int, state: State) -> None:
        """Forget the states kept in memory: the next update resumes from ``state``, the
        fold's state after the first ``position`` games (a persisted checkpoint's; the book's
        history before it is kept)."""
        if position > self.count:
            raise ValueError(f"the fold has {self.count} games, not {position}")
        self._memory = [(position, dict(state))]
        self._held = []

    def update(
        self, games: Sequence[Game], first: int = 0, on_boundary: OnBoundary | None = None
    ) -> int:
        """Fold the ledger whose games from place ``first`` on are ``games`` (the games before
        it being those folded before), resuming from the newest kept state before the first
        game that differs from the games folded before; the number of games replayed.
        ``first`` is 0 (every game) or at least :attr:`resumable_from`."""
        held_from = self.resumable_from
        if first > self.count or (first < held_from and first != 0):
            raise ValueError(f"no state kept to resume at {first} (kept from {held_from})")
        differs = first
        if first >= held_from:
            for old, new in zip(self._held[first - held_from :], games, strict=False):
                if old is not new and old != new:  # a reader's kept games are the same objects
                    break
                differs += 1
            if differs == self.count == first + len(games):
                return 0
        while self._memory and self._memory[-1][0] > differs:
            self._memory.pop()
        start, kept = self._memory[-1] if self._memory else (0, {})
        if start >= first:
            tail = list(games[start - first :])
        else:
            tail = self._held[start - held_from : first - held_from] + list(games)
        return self._fold(start, dict(kept), tail, held_from, on_boundary)

    def _fold(
        self,
        start: int,
        state: State,
        games: list[Game],
        held_from: int,
        on_boundary: OnBoundary | None,
    ) -> int:
        """Fold ``games`` from place ``start`` on, from ``state``. A new book is made (a book
        handed out before stays as it was): a player's steps are copied only when they change."""
        if not self._memory or self._memory[-1][0] != start:
            self._memory.append((start, dict(state)))
        old = self.book
        steps: dict[int, Steps] = {}
        fresh: set[int] = set()  # players whose steps this fold has copied already
        for pid, kept in old.steps.items():
            if not kept.index or kept.index[-1] < start:
                steps[pid] = kept  # shared until it changes
            elif kept.index[0] < start:
                steps[pid] = kept.before(start)
                fresh.add(pid)
        at = old.at[:start]
        hand_id = old.hand_id[:start]
        for index, game in enumerate(games, start):
            at.append(game.at)
            hand_id.append(game.hand_id)
            for p in rate_game(state, game) or ():
                if p not in fresh:
                    mine = steps.get(p)
                    steps[p] = Steps() if mine is None else mine.before(start)
                    fresh.add(p)
                rating = state[p][0]
                player_steps = steps[p]
                player_steps.index.append(index)
                player_steps.mu.append(rating.mu)
                player_steps.sigma.append(rating.sigma)
            done = index + 1
            if done % CHECKPOINT_EVERY == 0:
                self._memory.append((done, dict(state)))
            if on_boundary is not None and done % PERSISTED_EVERY == 0:
                on_boundary(done, state)
        self.count = start + len(games)
        del self._memory[:-MEMORY_CHECKPOINTS]
        new_from = self._memory[0][0]
        if new_from < start:
            self._held = self._held[new_from - held_from : start - held_from] + games
        else:
            self._held = games[new_from - start :]
        self.book = RatingBook(ratings_of(state), steps, at, hand_id)
        return len(games)
