"""The winds of club events' players over the rounds, kept as even as the rounds allow.

A table's seats are in wind order: East, South, West, North (0..3). Over an event each player
should sit every wind equally often: within each cycle of four rounds they play, each wind once.
That holds exactly when, after every round, the *spread* of a player's counts per wind (the
largest count minus the smallest) is at most 1. So a player's **open winds** are those they have
sat least often: seating them on an open wind keeps their spread at most 1, any other wind
raises it to 2 (a *miss*).

Which winds a table can give its players is a matching between its players and their open
winds: at the fourth round of a cycle every player has one open wind left, so a table can only be
wind-perfect if its four players lack four different winds. :func:`max_matched` answers how many
of a table's players can be given an open wind at once (the seating search uses it to prefer
tables without misses), :func:`assign_winds` chooses one best assignment, at random among the
best with the round's seeded generator, so that who deals first is not decided by rank.

Fill-ins (placeholder seats: a substitute at a physical table, an AI seat at a virtual one)
have no winds to keep even: their seats are ignored in every count here.

**The fewest misses of a whole round** (:func:`fewest_misses`) depends only on the players' open
winds and the number of tables ``T``, not on who sits with whom:

* any seating gives each wind to at most ``T`` players (one a table; a fill-in takes a wind
  too), so the players on an open wind form a matching of players to winds, ``T`` copies of
  each wind;
* conversely, any choice of a wind for every player that gives each wind to at most ``T`` of
  them is a seating: with ``n_w`` players on wind ``w``, let ``f_w = T - n_w`` of the tables
  with a fill-in (``Σ f_w`` is the number of fill-ins, since there are ``4T`` seats) leave
  ``w`` to their fill-in, and deal each wind's players out one a table to the other tables:
  every table gets four different winds, a fill-in's table three.

So the fewest misses is the number of players left out of a largest such matching, which by
Hall's theorem (in König and Ore's deficiency form, over ``T`` copies of each wind) is the
largest excess ``|{p : open(p) ⊆ S}| - |S|·T`` over the sets ``S`` of winds, or 0. In
particular a *wind-perfect* round (no miss) exists exactly when no ``S`` has an excess.

**Why a wind-perfect round always exists** when every player has sat every round of the event
so far without a miss and there are no fill-ins: after ``r`` rounds (``k = r mod 4`` into the
current cycle) each player's counts are ``q`` or ``q + 1`` with ``k`` winds at ``q + 1``, so
every player has ``4 - k`` open winds; each round gave each wind to exactly ``T`` players, so
``q·4T + (number of players with w at q + 1) = r·T`` and exactly ``(4 - k)·T`` players have ``w``
open. The graph of players and the ``4T`` seats (``T`` copies of each wind), a player joined to
the copies of their open winds, is then ``(4 - k)·T``-regular on both sides, and a regular
bipartite graph has a perfect matching (Hall: ``|X|`` players send ``|X|·d`` edges into their
seats, which take at most ``d`` each). Fill-ins break the regularity: a wind a fill-in sat in
the cycle went to one real player fewer, who still needs it; before the fourth round of a cycle
with ``F`` fill-ins a round, wind ``w`` is open to ``T - F + F_w`` players (``F_w``: the fill-in
seats on ``w`` in the cycle), so the fourth round is wind-perfect only if no wind took more than
``F`` fill-ins in the cycle. The winds-first seating therefore seats the fill-ins as players
who keep a cycle of their own (:func:`fill_in_cycles`): then the proof above holds with them
counted as players, provided a table takes one at most, and it does: a table with two fill-ins,
on winds ``a`` and ``b``, has ``a`` change places with the player on ``a`` at a table without
one, all winds kept. Resting players and late arrivals start their cycles at other rounds, and
then no such count holds: the seating falls back to the fewest misses, which this module
computes exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import permutations
from typing import Protocol

WINDS = 4
ALL_WINDS = 0b1111


class SeatedRound(Protocol):
    """What the wind counts read of a past round: its tables in wind order and its fill-ins."""

    @property
    def tables(self) -> tuple[tuple[int, int, int, int], ...]: ...

    @property
    def fillers(self) -> frozenset[int]: ...


def all_wind_counts(history: Iterable[SeatedRound]) -> dict[int, tuple[int, int, int, int]]:
    """Every real player's count of rounds on each wind (E, S, W, N) over ``history``."""
    counts: dict[int, list[int]] = {}
    for seated in history:
        for table in seated.tables:
            for wind, player in enumerate(table):
                if player not in seated.fillers:
                    counts.setdefault(player, [0] * WINDS)[wind] += 1
    return {player: (c[0], c[1], c[2], c[3]) for player, c in counts.items()}


def wind_counts(history: Iterable[SeatedRound], player: int) -> tuple[int, int, int, int]:
    """``player``'s count of rounds on each wind (E, S, W, N) over ``history``."""
    return all_wind_counts(history).get(player, (0, 0, 0, 0))


def wind_spread(history: Iterable[SeatedRound], player: int) -> int:
    """The largest of ``player``'s counts per wind minus the smallest (0 or 1 when even)."""
    counts = wind_counts(history, player)
    return max(counts) - min(counts)


def max_wind_spread(history: Sequence[SeatedRound]) -> int:
    """The largest spread of any player's winds over ``history`` (0 for no round)."""
    return max((max(c) - min(c) for c in all_wind_counts(history).values()), default=0)


def open_winds(counts: Sequence[int]) -> int:
    """The winds (a bit mask: bit w for wind w) a player has sat least often."""
    low = min(counts)
    return sum(1 << wind for wind, n in enumerate(counts) if n == low)


def open_wind_masks(players: Iterable[int], counts: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """Each player's open winds (a player with no past round has all four)."""
    return {p: open_winds(counts[p]) if p in counts else ALL_WINDS for p in players}


@lru_cache(maxsize=4096)
def _max_matched_sorted(masks: tuple[int, ...]) -> int:
    best = 0
    for winds in permutations(range(WINDS), len(masks)):
        matched = sum(1 for mask, wind in zip(masks, winds, strict=True) if mask >> wind & 1)
        best = max(best, matched)
        if best == len(masks):
            break
    return best


def max_matched(masks: Sequence[int]) -> int:
    """How many of a table's players (their open-wind masks) can sit on an open wind at once."""
    return _max_matched_sorted(tuple(sorted(masks)))


def wind_ok(masks: Sequence[int]) -> bool:
    """Whether every one of these players can sit on an open wind at the same table."""
    return max_matched(masks) == len(masks)


def misses(masks: Sequence[int]) -> int:
    """How many of a table's players must sit on a wind that is not open to them."""
    return len(masks) - max_matched(masks)


def best_assignments(masks: Sequence[int]) -> list[tuple[int, ...]]:
    """Every wind assignment of a table's players (up to four, in the order given) that gives
    as many of them an open wind as possible."""
    scored = [
        (sum(1 for mask, w in zip(masks, winds, strict=True) if mask >> w & 1), winds)
        for winds in permutations(range(WINDS), len(masks))
    ]
    best = max(score for score, _ in scored)
    return [winds for score, winds in scored if score == best]


def assign_winds(masks: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """A wind for each of a table's players (up to four, in the order given) that gives as
    many of them an open wind as possible: one of the best assignments, chosen with ``rng``."""
    choices = best_assignments(masks)
    return choices[rng.randrange(len(choices))]


#: For each set of winds (a mask), the masks inside it.
_SUBSETS = tuple(tuple(m for m in range(1, 16) if m & ~s == 0) for s in range(16))


def fewest_misses_counted(by_mask: Sequence[int], tables: int) -> int:
    """:func:`fewest_misses` from the count of players per open-wind mask (16 entries)."""
    worst = 0
    for s in range(1, 15):
        excess = sum(by_mask[m] for m in _SUBSETS[s]) - s.bit_count() * tables
        worst = max(worst, excess)
    return worst


def fill_in_cycles(cycle: Iterable[SeatedRound], fill_ins: int) -> tuple[int, ...]:
    """The open winds of ``fill_ins`` fill-in seats seated as players who keep a cycle of their
    own (module docstring): the fill-in seats of the current cycle's rounds so far (``cycle``)
    dealt out, round by round, to as many of them as have not had that wind yet (a largest
    matching, the first fill-in first), each fill-in's open winds being those it has not had
    (all four once it has had every one)."""
    had = [0] * fill_ins
    for seated in cycle:
        seats = [w for table in seated.tables for w, p in enumerate(table) if p in seated.fillers]
        taken: list[int | None] = [None] * fill_ins  # fill-in → the wind it takes this round
        for seat in seats:
            _give(seat, had, taken, set())
        for j, took in enumerate(taken):
            if took is not None:
                had[j] |= 1 << took
    return tuple(ALL_WINDS & ~h or ALL_WINDS for h in had)


def _give(wind: int, had: Sequence[int], taken: list[int | None], tried: set[int]) -> bool:
    """An augmenting path: a fill-in that has not had ``wind`` takes it, moving another's seat
    along if need be."""
    for j, winds in enumerate(had):
        if winds >> wind & 1 or j in tried:
            continue
        tried.add(j)
        other = taken[j]
        if other is None or _give(other, had, taken, tried):
            taken[j] = wind
            return True
    return False


def fewest_misses(masks: Iterable[int], tables: int) -> int:
    """The fewest players who must sit a wind not open to them when players with these
    open-wind ``masks`` are seated at ``tables`` tables (module docstring: Hall's deficiency).
    0 means a wind-perfect round exists."""
    by_mask = [0] * 16
    for mask in masks:
        by_mask[mask] += 1
    return fewest_misses_counted(by_mask, tables)
