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


def assign_winds(masks: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """A wind for each of a table's players (up to four, in the order given) that gives as
    many of them an open wind as possible: one of the best assignments, chosen with ``rng``."""
    scored = [
        (sum(1 for mask, w in zip(masks, winds, strict=True) if mask >> w & 1), winds)
        for winds in permutations(range(WINDS), len(masks))
    ]
    best = max(score for score, _ in scored)
    choices = [winds for score, winds in scored if score == best]
    return choices[rng.randrange(len(choices))]
