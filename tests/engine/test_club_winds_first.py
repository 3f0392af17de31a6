"""Club events' winds-first seating (``seat_round(..., winds_first=True)``): checked against an
exhaustive search written again from the rules (every partition, the fewest wind misses, then
the fewest repeats), and over whole events against an independent count of the fewest misses a
round allows (a largest matching of players to winds, a table's worth of each)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shangrao_bot.engine.club.seating import (
    RoundSeating,
    SeatingMethod,
    choose_resting,
    rest_counts,
    seat_round,
)
from shangrao_bot.engine.club.winds import fewest_misses, fill_in_cycles, max_wind_spread
from tests.engine.test_club_seating import (
    check_figures,
    check_valid,
    counts_of,
    meetings,
    random_history,
)

SWISS, RANDOM = SeatingMethod.SWISS, SeatingMethod.RANDOM


def open_of(counts: dict[int, list[int]], player: int) -> set[int]:
    c = counts.get(player, [0, 0, 0, 0])
    return {w for w in range(4) if c[w] == min(c)}


def reference(
    players: Sequence[int],
    history: Sequence[RoundSeating],
    fillers: int,
    filler_winds: Sequence[set[int]],
) -> tuple[int, int]:
    """(misses, repeats) of the winds-first rules, over every partition: the fewest repeats
    among seatings where every player and every fill-in (each fill-in table takes one of
    ``filler_winds``' cycles) sits an open wind; if there is none, the fewest misses of the
    players (fill-ins free), then the fewest repeats."""
    met = meetings(history)
    counts = counts_of(history)
    opens = {p: open_of(counts, p) for p in players}
    known: dict[tuple[tuple[int, ...], frozenset[int] | None], tuple[int, int]] = {}

    def table_cost(group: tuple[int, ...], filler: set[int] | None) -> tuple[int, int]:
        key = (group, None if filler is None else frozenset(filler))
        if key not in known:
            repeats = sum(1 for a, b in combinations(group, 2) if frozenset((a, b)) in met)
            fewest = 99
            for winds in permutations(range(4)):
                if filler is not None and winds[len(group)] not in filler:
                    continue
                off = sum(w not in opens[p] for p, w in zip(group, winds, strict=False))
                fewest = min(fewest, off)
            known[key] = (fewest, repeats)
        return known[key]

    def search(slots: list[set[int]] | None) -> tuple[int, int]:
        best = (999, 999)

        def walk(
            rest: list[int], slots: list[set[int]] | None, threes: int, m: int, r: int
        ) -> None:
            nonlocal best
            if (m, r) >= best:
                return
            if not rest:
                best = (m, r)
                return
            first, others = rest[0], rest[1:]
            fours = (len(rest) - 3 * threes) // 4
            for size in (4, 3):
                if (size == 4 and not fours) or (size == 3 and not threes):
                    continue
                choices: list[tuple[set[int] | None, list[set[int]] | None]] = [(None, slots)]
                if size == 3 and slots is not None:
                    choices = [(s, slots[:i] + slots[i + 1 :]) for i, s in enumerate(slots)]
                for mates in combinations(others, size - 1):
                    left = [p for p in others if p not in mates]
                    for slot, after in choices:
                        tm, tr = table_cost((first, *mates), slot)
                        if slots is not None and tm:
                            continue
                        walk(left, after, threes - (size == 3), m + tm, r + tr)

        walk(sorted(players), slots, fillers, 0, 0)
        return best

    kept = search(list(filler_winds))
    return kept if kept[0] == 0 else search(None)


def even_history(
    players: Sequence[int], rounds: int, fillers: int, seed: int
) -> list[RoundSeating]:
    """Rounds seated winds first (so every player's winds are even), fill-ins 900.. per round."""
    history: list[RoundSeating] = []
    for r in range(1, rounds + 1):
        fill = frozenset(range(900 + 10 * r, 900 + 10 * r + fillers))
        history.append(seat_round(players, history, RANDOM, seed, r, None, fill, winds_first=True))
    return history


# --- against every partition -------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seats=st.sampled_from([8, 12]),
    fillers=st.integers(0, 2),
    rounds=st.integers(1, 6),
    even=st.booleans(),
    method=st.sampled_from([SWISS, RANDOM]),
    seed=st.integers(0, 2**32),
)
def test_the_fewest_repeats_among_the_seatings_with_the_fewest_wind_misses(
    seats: int, fillers: int, rounds: int, even: bool, method: SeatingMethod, seed: int
) -> None:
    players = list(range(1, seats - fillers + 1))
    rng = random.Random(seed)
    if even:
        history = even_history(players, rounds, fillers, seed)
    else:
        history = random_history(players, rounds, rng)
    ranking = players[:]
    rng.shuffle(ranking)
    fill = frozenset(range(500, 500 + fillers))
    seated = seat_round(players, history, method, seed, rounds + 1, ranking, fill, winds_first=True)
    check_valid(seated, players, fill)
    check_figures(seated, history, fill)
    cycle = history[len(history) - len(history) % 4 :]
    slots = [{w for w in range(4) if m >> w & 1} for m in fill_in_cycles(cycle, fillers)]
    misses, repeats = reference(players, history, fillers, slots)
    assert seated.wind_misses == misses
    assert seated.repeats_bound <= repeats <= seated.repeats
    if method is SWISS:
        assert seated.exhaustive and seated.repeats == repeats
    if even and not fillers:
        assert misses == 0  # the theorem: even winds so far, no fill-ins


def test_the_single_fill_ins_cycle_is_counted_from_the_rounds_before() -> None:
    # one fill-in a round: East, then West; the third round's fill-in has South and North open
    east = RoundSeating(tables=((-1, 1, 2, 3), (4, 5, 6, 7)), fillers=frozenset({-1}))
    west = RoundSeating(tables=((1, 2, -2, 3), (4, 5, 6, 7)), fillers=frozenset({-2}))
    assert fill_in_cycles([east, west], 1) == (0b1010,)
    # two fill-ins a round: E and S, then E and W: the second fill-in of round one takes E
    both = RoundSeating(tables=((-1, 1, 2, 3), (4, -2, 5, 6)), fillers=frozenset({-1, -2}))
    again = RoundSeating(tables=((-3, 1, 2, 3), (4, 5, -4, 6)), fillers=frozenset({-3, -4}))
    kept = fill_in_cycles([both, again], 2)
    assert sorted(kept) == sorted((0b1010, 0b1100)) or sorted(kept) == sorted((0b1100, 0b1010))
    assert {bin(m).count("1") for m in kept} == {2}
    assert fill_in_cycles([], 2) == (0b1111, 0b1111)


def test_fewest_misses_is_halls_deficiency() -> None:
    # three tables; five players who can only sit East: two of them must miss
    assert fewest_misses([0b0001] * 5 + [0b1111] * 7, 3) == 2
    assert fewest_misses([0b0001] * 3 + [0b0010] * 3 + [0b1100] * 6, 3) == 0
    # East or South only, seven players for six seats
    assert fewest_misses([0b0011] * 7 + [0b1100] * 4, 3) == 1


# --- whole events --------------------------------------------------------------------------------


def fewest_by_matching(masks: Sequence[set[int]], tables: int) -> int:
    """Players left out of a largest matching of players to open winds, ``tables`` of each."""
    holder: dict[tuple[int, int], int] = {}

    def place(p: int, seen: set[tuple[int, int]]) -> bool:
        for w in masks[p]:
            for copy in range(tables):
                seat = (w, copy)
                if seat in seen:
                    continue
                seen.add(seat)
                if seat not in holder or place(holder[seat], seen):
                    holder[seat] = p
                    return True
        return False

    return sum(not place(p, set()) for p in range(len(masks)))


def play_event(
    count: int, rounds: int, method: SeatingMethod, seed: int, rest: bool, nodes: int
) -> list[RoundSeating]:
    roster = [3 * i + 5 for i in range(count)]
    rng = random.Random(seed)
    history: list[RoundSeating] = []
    for round_no in range(1, rounds + 1):
        ranking = roster[:]
        rng.shuffle(ranking)
        fill: frozenset[int] = frozenset()
        if rest:
            resting = set(choose_resting(ranking, rest_counts(roster, history), count % 4))
            ranking = [p for p in ranking if p not in resting]
        else:
            fill = frozenset(range(-(-count % 4), 0))
        players = sorted(ranking)
        seated = seat_round(
            players, history, method, seed, round_no, ranking, fill, nodes, winds_first=True
        )
        check_valid(seated, players, fill)
        check_figures(seated, history, fill)
        assert seated.nodes <= nodes
        counts = counts_of(history)
        unavoidable = fewest_by_matching([open_of(counts, p) for p in players], len(seated.tables))
        assert seated.wind_misses == unavoidable  # the fewest any seating of this round has
        before = max_wind_spread(history)
        history.append(seated)
        if not seated.wind_misses:
            assert max_wind_spread(history) <= max(before, 1)
        if not rest or count % 4 == 0:
            assert seated.wind_misses == 0  # the theorem: everyone plays every round
    return history


@settings(max_examples=25, deadline=None)
@given(
    count=st.integers(8, 64),
    rounds=st.sampled_from([4, 8]),
    method=st.sampled_from([SWISS, RANDOM]),
    seed=st.integers(0, 2**31),
    rest=st.booleans(),
)
def test_every_round_keeps_winds_even_or_has_the_fewest_misses_possible(
    count: int, rounds: int, method: SeatingMethod, seed: int, rest: bool
) -> None:
    history = play_event(count, rounds, method, seed, rest, nodes=2000)
    if not rest or count % 4 == 0:
        assert max_wind_spread(history) <= 1


@pytest.mark.parametrize("count", [12, 15, 20, 23])
def test_four_rounds_give_every_player_each_wind_once(count: int) -> None:
    """The sizes where the default seating lets a player sit a wind twice in four rounds: with
    winds first (fill-ins for 15 and 23) every player sits each wind once."""
    history = play_event(count, 4, SWISS, 7, rest=False, nodes=20_000)
    seated = {p for s in history for p in s.players}
    counts = counts_of(history)
    assert all(counts[p] == [1, 1, 1, 1] for p in seated)


def test_late_arrivals_fall_back_to_the_fewest_misses() -> None:
    """Six players have sat East, South and West at two tables whose fill-ins took North each
    time; two arrive for the fourth round. Its two North seats are for six who all need North:
    four must miss, and the round is still seated, with them counted."""
    fill = frozenset({-1, -2})
    history = [
        RoundSeating(tables=((1, 2, 3, -1), (4, 5, 6, -2)), fillers=fill),
        RoundSeating(tables=((3, 1, 2, -1), (6, 4, 5, -2)), fillers=fill),
        RoundSeating(tables=((2, 3, 1, -1), (5, 6, 4, -2)), fillers=fill),
    ]
    players = list(range(1, 9))
    seated = seat_round(players, history, SWISS, 1, 4, players, winds_first=True)
    assert seated.wind_misses == 4 == fewest_misses([0b1000] * 6 + [0b1111] * 2, 2)
    check_valid(seated, players, frozenset())
    check_figures(seated, history, frozenset())
    assert sum(p in (7, 8) for p in (seated.tables[0][3], seated.tables[1][3])) == 0
