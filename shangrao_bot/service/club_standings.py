"""An event's standings, read from the ledger: each round's tables with each seat's points over
its session's confirmed hands (:func:`~shangrao_bot.store.ledger.event_rounds.seat_results`),
ranked by the engine's rules (:mod:`shangrao_bot.engine.club.standings`: total, then average
place, best round, head to head).

A fill-in seat (stored without a player) is given a placeholder id of its own for the engine,
so that it takes its place at the table but counts for no one. A hand voided or corrected in
any of the event's sessions changes the seat's points, so the standings read after it are the
new ones: nothing is kept between two reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from shangrao_bot.engine.club.seating import RoundSeating, Table
from shangrao_bot.engine.club.standings import (
    RestScore,
    RoundResult,
    SeatResult,
    StandingRow,
    standings,
)
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import Player
from shangrao_bot.store.ledger.event_rounds import EventRound, seat_results
from shangrao_bot.store.ledger.events import Event, EventPlayer


@dataclass(frozen=True)
class StandingLine:
    """A player's line of the standings, as the messages and pictures show it."""

    player: Player
    rank: int
    total: int
    average_place: Fraction | None
    best_round: int | None
    rounds_played: int
    rested_rounds: int


@dataclass(frozen=True)
class Standings:
    """The event's standings after the hands confirmed so far."""

    lines: tuple[StandingLine, ...]
    hands: int  # confirmed hands over every table of every round

    def ranking(self) -> list[int]:
        """The players' ids, best first."""
        return [line.player.id for line in self.lines]


def filler_ids(table_no: int, seats: Sequence[int | None]) -> list[int]:
    """The seats' players with each fill-in given an id no player has (negative, one per
    table and seat)."""
    return [
        pid if pid is not None else -(table_no * 4 + seat + 1) for seat, pid in enumerate(seats)
    ]


def seating_of(round_: EventRound) -> RoundSeating:
    """A stored round as the seating engine reads its history."""
    tables: list[Table] = []
    fillers: set[int] = set()
    for table in round_.tables:
        ids = filler_ids(table.table_no, table.seats)
        fillers.update(i for i, pid in zip(ids, table.seats, strict=True) if pid is None)
        tables.append((ids[0], ids[1], ids[2], ids[3]))
    return RoundSeating(tables=tuple(tables), fillers=frozenset(fillers))


async def read_standings(
    db: Database, event: Event, players: Sequence[EventPlayer], rounds: Sequence[EventRound]
) -> Standings:
    """The standings of ``event`` (whose players and rounds the caller has read)."""
    results = await seat_results(db, event.id)
    points = {(r.round_no, r.table_no, r.seat): r.points for r in results}
    hands_by_table = {(r.round_no, r.table_no): r.hands for r in results}
    round_results = []
    for round_ in rounds:
        fillers: set[int] = set()
        tables = []
        for table in round_.tables:
            ids = filler_ids(table.table_no, table.seats)
            fillers.update(i for i, pid in zip(ids, table.seats, strict=True) if pid is None)
            tables.append(
                tuple(
                    SeatResult(ids[seat], points.get((round_.round_no, table.table_no, seat), 0))
                    for seat in range(4)
                )
            )
        round_results.append(
            RoundResult(tuple(tables), frozenset(fillers), frozenset(round_.resting))
        )
    by_id = {p.player.id: p.player for p in players}
    rows: tuple[StandingRow, ...] = standings(
        [p.player.id for p in players], round_results, RestScore(event.settings.resting)
    )
    return Standings(
        tuple(
            StandingLine(
                by_id[row.player],
                row.rank,
                row.total,
                row.average_place,
                row.best_round,
                row.rounds_played,
                row.rested_rounds,
            )
            for row in rows
        ),
        sum(hands_by_table.values()),
    )
