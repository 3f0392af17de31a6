"""The standings of a club event: who leads after its rounds, and why.

Input, per round: its tables, each seat's player (or fill-in) with that seat's points total for
the round, which ids were fill-ins and which players rested. Output: one :class:`StandingRow`
per player, best first.

The order:

1. **total** — the points over the event's rounds. A fill-in's points count for no one. A
   resting player scores by the event's :class:`RestScore`, chosen when it is created: nothing
   (``ZERO``) or the round's lowest total of a real player (``LOWEST``);
2. **average place** — lower is better: a seat's place at its table in a round is 1 to 4 by
   points (fill-ins are players of the table, so they take places too), tied seats sharing the
   mean of their places (two tied for first both place 1½); averaged over the rounds played;
3. **best round** — the highest total of a single round played;
4. **head to head** — among the players still tied, each one's points minus each tied
   opponent's in every round they sat at the same table (pairwise, so the group's figures sum to
   zero); 0 for players who never met.

Players equal on all four share a rank (``1, 2, 2, 4``) and keep their order in the roster. A
player who played no round has no average place or best round and is behind everyone who has,
at the same total.

API: :func:`standings`, :class:`RoundResult`, :class:`SeatResult`, :class:`RestScore`,
:class:`StandingRow`; refusals: :class:`~.errors.EventRefused`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from shangrao_bot.engine.club.errors import EventRefused


class RestScore(Enum):
    """What a resting player scores for the round."""

    ZERO = "zero"
    LOWEST = "lowest"


@dataclass(frozen=True)
class SeatResult:
    player: int
    points: int


@dataclass(frozen=True)
class RoundResult:
    """One round: its tables (four seats each, in wind order), its fill-ins, who rested."""

    tables: tuple[tuple[SeatResult, ...], ...]
    fillers: frozenset[int] = frozenset()
    resting: frozenset[int] = frozenset()


@dataclass(frozen=True)
class StandingRow:
    player: int
    total: int
    average_place: Fraction | None
    best_round: int | None
    rounds_played: int
    rested_rounds: int
    head_to_head: int
    rank: int


def places(points: Sequence[int]) -> tuple[Fraction, ...]:
    """Each seat's place (1 is the most points), tied seats sharing the mean of their places."""
    return tuple(
        1 + sum(1 for q in points if q > p) + Fraction(sum(1 for q in points if q == p) - 1, 2)
        for p in points
    )


def _check(players: Sequence[int], rounds: Sequence[RoundResult]) -> None:
    roster = set(players)
    for number, result in enumerate(rounds, start=1):
        seen: set[int] = set()
        for table_no, table in enumerate(result.tables, start=1):
            if len(table) != 4:
                raise EventRefused("event.standings.table_size", round=number, table=table_no)
            for seat in table:
                if seat.player in result.fillers:
                    continue
                if seat.player not in roster:
                    raise EventRefused("event.standings.unknown", round=number, player=seat.player)
                if seat.player in seen:
                    raise EventRefused("event.standings.twice", round=number, player=seat.player)
                seen.add(seat.player)
        for player in sorted(result.resting):
            if player not in roster:
                raise EventRefused("event.standings.unknown", round=number, player=player)
            if player in seen:
                raise EventRefused("event.standings.rests_and_plays", round=number, player=player)


@dataclass
class _Tally:
    total: int = 0
    places: Fraction = Fraction(0)
    played: int = 0
    rested: int = 0
    best: int | None = None


def standings(
    players: Sequence[int], rounds: Sequence[RoundResult], rest_score: RestScore
) -> tuple[StandingRow, ...]:
    """The event's standings after ``rounds``, for its roster ``players`` (module docstring)."""
    _check(players, rounds)
    tally = {p: _Tally() for p in players}
    for result in rounds:
        real_totals: list[int] = []
        for table in result.tables:
            placed = places([seat.points for seat in table])
            for seat, place in zip(table, placed, strict=True):
                if seat.player in result.fillers:
                    continue
                row = tally[seat.player]
                row.total += seat.points
                row.places += place
                row.played += 1
                row.best = seat.points if row.best is None else max(row.best, seat.points)
                real_totals.append(seat.points)
        rest_points = min(real_totals, default=0) if rest_score is RestScore.LOWEST else 0
        for player in result.resting:
            tally[player].rested += 1
            tally[player].total += rest_points

    def average(p: int) -> Fraction | None:
        row = tally[p]
        return row.places / row.played if row.played else None

    def first_keys(p: int) -> tuple[int, int, Fraction, int, int]:
        row, avg = tally[p], average(p)
        return (
            -row.total,
            avg is None,
            avg if avg is not None else Fraction(0),
            row.best is None,
            -(row.best or 0),
        )

    groups: dict[tuple[int, int, Fraction, int, int], list[int]] = {}
    for p in players:
        groups.setdefault(first_keys(p), []).append(p)
    h2h = {p: 0 for p in players}
    for group in groups.values():
        if len(group) > 1:
            _head_to_head(set(group), rounds, h2h)
    position = {p: i for i, p in enumerate(players)}
    ordered = sorted(players, key=lambda p: (first_keys(p), -h2h[p], position[p]))
    rows: list[StandingRow] = []
    for i, p in enumerate(ordered):
        ahead = i
        while ahead and (first_keys(ordered[ahead - 1]), -h2h[ordered[ahead - 1]]) == (
            first_keys(p),
            -h2h[p],
        ):
            ahead -= 1
        row = tally[p]
        rows.append(
            StandingRow(
                player=p,
                total=row.total,
                average_place=average(p),
                best_round=row.best,
                rounds_played=row.played,
                rested_rounds=row.rested,
                head_to_head=h2h[p],
                rank=ahead + 1,
            )
        )
    return tuple(rows)


def _head_to_head(group: set[int], rounds: Sequence[RoundResult], h2h: dict[int, int]) -> None:
    """Add to ``h2h`` each of ``group``'s points margins over the others of ``group`` it sat
    with."""
    for result in rounds:
        for table in result.tables:
            tied = [s for s in table if s.player in group and s.player not in result.fillers]
            for seat in tied:
                for other in tied:
                    if other is not seat:
                        h2h[seat.player] += seat.points - other.points
