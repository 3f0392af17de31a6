"""Club events' standings (engine/club/standings.py): a worked example of each tie-break,
fill-ins, both resting rules, and sums checked against counting done again."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shangrao_bot.engine.club.errors import EventRefused
from shangrao_bot.engine.club.standings import (
    RestScore,
    RoundResult,
    SeatResult,
    StandingRow,
    places,
    standings,
)


def table(*seats: tuple[int, int]) -> tuple[SeatResult, ...]:
    return tuple(SeatResult(player, points) for player, points in seats)


def row_of(rows: tuple[StandingRow, ...], player: int) -> StandingRow:
    return next(r for r in rows if r.player == player)


def test_places_share_ties() -> None:
    assert places([30, 10, -10, -30]) == (1, 2, 3, 4)
    assert places([10, 10, 0, -20]) == (Fraction(3, 2), Fraction(3, 2), 3, 4)
    assert places([0, 0, 0, 0]) == (Fraction(5, 2),) * 4


def test_total_decides_first() -> None:
    rounds = [RoundResult(tables=(table((1, 30), (2, 10), (3, -10), (4, -30)),))]
    rows = standings([1, 2, 3, 4], rounds, RestScore.ZERO)
    assert [r.player for r in rows] == [1, 2, 3, 4]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert rows[0].average_place == 1 and rows[0].best_round == 30


def test_equal_totals_go_by_average_place() -> None:
    # 1 and 5 both total 20: 1 placed 1st and 4th (2.5), 5 placed 2nd and 2nd (2)
    rounds = [
        RoundResult(
            tables=(
                table((1, 40), (2, 0), (3, -10), (4, -30)),
                table((5, 10), (6, 20), (7, 0), (8, -30)),
            )
        ),
        RoundResult(
            tables=(
                table((1, -20), (5, 10), (2, 30), (6, -20)),
                table((3, 5), (4, 0), (7, -5), (8, 0)),
            )
        ),
    ]
    rows = standings(list(range(1, 9)), rounds, RestScore.ZERO)
    one, five = row_of(rows, 1), row_of(rows, 5)
    assert one.total == five.total == 20
    assert one.average_place == Fraction(9, 4)  # 1st, then tied for 3rd-4th
    assert five.average_place == 2
    assert five.rank < one.rank


def test_then_the_best_round() -> None:
    # 1 and 2 both total 20 with the same places; 1's best round is 30, 2's is 20
    rounds = [
        RoundResult(
            tables=(
                table((1, 30), (3, 0), (4, -10), (9, -20)),
                table((2, 20), (5, 0), (6, -10), (7, -10)),
            )
        ),
        RoundResult(
            tables=(
                table((1, -10), (3, 20), (4, -5), (9, -5)),
                table((2, 0), (5, 20), (6, 5), (7, 5)),
            )
        ),
    ]
    rows = standings([1, 2, 3, 4, 5, 6, 7, 9], rounds, RestScore.ZERO)
    one, two = row_of(rows, 1), row_of(rows, 2)
    assert (one.total, one.average_place) == (two.total, two.average_place) == (20, 2.5)
    assert (one.best_round, two.best_round) == (30, 20)
    assert one.rank == two.rank - 1 and one.head_to_head == two.head_to_head == 0


def test_then_head_to_head() -> None:
    # 1 and 2 are equal on total (10), places (1st and 2nd) and best round (10); they met in
    # round one, where 1 scored 10 more than 2
    rounds = [
        RoundResult(
            tables=(
                table((1, 10), (2, 0), (5, -5), (6, -5)),
                table((3, 0), (4, 0), (7, 0), (8, 0)),
            )
        ),
        RoundResult(
            tables=(
                table((2, 10), (3, 5), (7, -5), (8, -10)),
                table((1, 0), (4, 5), (5, -2), (6, -3)),
            )
        ),
    ]
    rows = standings(list(range(1, 9)), rounds, RestScore.ZERO)
    one, two = row_of(rows, 1), row_of(rows, 2)
    assert (one.total, one.average_place, one.best_round) == (10, Fraction(3, 2), 10)
    assert (two.total, two.average_place, two.best_round) == (10, Fraction(3, 2), 10)
    assert (one.head_to_head, two.head_to_head) == (10, -10)
    assert two.rank == one.rank + 1


def test_a_true_tie_shares_the_rank_and_the_next_rank_skips() -> None:
    rounds = [RoundResult(tables=(table((1, 10), (2, 10), (3, -10), (4, -10)),))]
    rows = standings([1, 2, 3, 4], rounds, RestScore.ZERO)
    # 1 and 2 met and scored the same: head to head cannot part them
    assert [r.rank for r in rows] == [1, 1, 3, 3]
    assert [r.player for r in rows] == [1, 2, 3, 4]  # the roster's order within a tie


def test_fill_ins_count_for_no_one() -> None:
    rounds = [
        RoundResult(tables=(table((1, 10), (2, 5), (3, -5), (-1, 90)),), fillers=frozenset({-1})),
        RoundResult(tables=(table((-1, -50), (1, 20), (2, 20), (3, 10)),), fillers=frozenset({-1})),
    ]
    rows = standings([1, 2, 3], rounds, RestScore.ZERO)
    assert all(r.player != -1 for r in rows)
    assert {r.player: r.total for r in rows} == {1: 30, 2: 25, 3: 5}
    # but the fill-in is a player of its table: it took first place in round one
    assert row_of(rows, 1).average_place == Fraction(2 + Fraction(3, 2), 2)


@pytest.mark.parametrize(("rule", "rested_points"), [(RestScore.ZERO, 0), (RestScore.LOWEST, -40)])
def test_resting_scores_by_the_events_rule(rule: RestScore, rested_points: int) -> None:
    rounds = [
        RoundResult(
            tables=(
                table((1, 30), (2, 10), (3, 0), (4, -40)),
                table((5, 5), (6, 5), (7, -5), (8, -5)),
            ),
            resting=frozenset({9}),
        )
    ]
    rows = standings(list(range(1, 10)), rounds, rule)
    nine = row_of(rows, 9)
    assert nine.total == rested_points
    assert (nine.rounds_played, nine.rested_rounds) == (0, 1)
    assert nine.average_place is None and nine.best_round is None
    if rule is RestScore.LOWEST:  # equal on total with 4, who played: 4 ranks ahead
        assert row_of(rows, 4).rank < nine.rank


def test_the_lowest_round_total_leaves_fill_ins_out() -> None:
    rounds = [
        RoundResult(
            tables=(table((1, 30), (2, 10), (3, 0), (-7, -40)),),
            fillers=frozenset({-7}),
            resting=frozenset({4}),
        )
    ]
    rows = standings([1, 2, 3, 4], rounds, RestScore.LOWEST)
    assert row_of(rows, 4).total == 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), count=st.integers(8, 20), rounds=st.integers(1, 5))
def test_totals_and_counts_agree_with_counting_again(seed: int, count: int, rounds: int) -> None:
    rng = random.Random(seed)
    players = list(range(1, count + 1))
    rule = rng.choice(list(RestScore))
    results: list[RoundResult] = []
    for _ in range(rounds):
        order = players[:]
        rng.shuffle(order)
        resting = frozenset(order[: count % 4])
        seated = order[count % 4 :]
        tables = tuple(
            table(*((p, rng.randrange(-40, 41, 5)) for p in seated[i : i + 4]))
            for i in range(0, len(seated), 4)
        )
        results.append(RoundResult(tables=tables, resting=resting))
    rows = standings(players, results, rule)
    assert sorted(r.player for r in rows) == players
    for player in players:
        row = row_of(rows, player)
        played = [s.points for r in results for t in r.tables for s in t if s.player == player]
        rest_points = [
            min(s.points for t in r.tables for s in t) if rule is RestScore.LOWEST else 0
            for r in results
            if player in r.resting
        ]
        assert row.total == sum(played) + sum(rest_points)
        assert row.rounds_played == len(played) and row.rested_rounds == len(rest_points)
        assert row.best_round == (max(played) if played else None)
    assert sum(r.head_to_head for r in rows) == 0
    # the order: totals never increase; a rank is one more than the rows strictly ahead
    assert all(a.total >= b.total for a, b in pairwise(rows))
    assert rows[0].rank == 1
    for i, row in enumerate(rows):
        assert row.rank <= i + 1
        assert row.rank == i + 1 or row.rank == rows[i - 1].rank


@pytest.mark.parametrize(
    ("rounds", "key"),
    [
        ([RoundResult(tables=(table((1, 0), (2, 0), (3, 0)),))], "event.standings.table_size"),
        (
            [RoundResult(tables=(table((1, 0), (2, 0), (3, 0), (99, 0)),))],
            "event.standings.unknown",
        ),
        ([RoundResult(tables=(table((1, 0), (2, 0), (3, 0), (1, 0)),))], "event.standings.twice"),
        (
            [RoundResult(tables=(table((1, 0), (2, 0), (3, 0), (4, 0)),), resting=frozenset({4}))],
            "event.standings.rests_and_plays",
        ),
    ],
)
def test_results_that_cannot_be_read_are_refused(rounds: list[RoundResult], key: str) -> None:
    with pytest.raises(EventRefused) as refused:
        standings([1, 2, 3, 4, 5], rounds, RestScore.ZERO)
    assert refused.value.key == key
    assert refused.value.args_["round"] == 1
