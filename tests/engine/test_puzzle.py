"""何切 puzzles from AI games (:mod:`shangrao_bot.engine.puzzle`): the same seed gives the same
puzzle, its best discard clearly beats the second by the documented rule, the ranking is the
analysis' own of the player's view, and a stored puzzle reads back as it was."""

from __future__ import annotations

import functools

import pytest

from shangrao_bot.engine.analysis import DiscardAnalysis
from shangrao_bot.engine.analysis_input import check_input
from shangrao_bot.engine.puzzle import (
    CLEAR_POINTS,
    CLEAR_RATIO,
    MAX_SHANTEN,
    MIN_CHOICES,
    Puzzle,
    clean_seed,
    clearly_beats,
    pick_puzzle,
)
from shangrao_bot.engine.ranking import rank_discards
from shangrao_bot.rules.ruleset import Preset, RuleSet

SEEDS = ("a", "b", "c", "daily:1:2026-12-01")


@functools.cache
def puzzle_of(seed: str) -> Puzzle | None:
    """The puzzle of ``seed``, picked once for the tests that only read it (a pick plays AI
    games: seconds); the test of determinism picks it again itself."""
    return pick_puzzle(seed)


def row(shanten: int, chance: float, expected: float, tile: int = 0) -> DiscardAnalysis:
    return DiscardAnalysis(
        tile, shanten, ((tile, 4),), 0, shape_shanten=shanten, win_chance=chance, expected=expected
    )


@pytest.mark.parametrize(
    ("best", "second", "clear"),
    [
        (row(1, 0.10, -1.0), row(2, 0.30, 2.0), True),  # closer to a real win decides
        (row(0, 0.0, -2.0), row(1, 0.2, 1.0), False),  # a best that cannot win teaches nothing
        (row(1, 0.16, 0.5), row(1, 0.10, 0.0), True),  # 1.6× and exactly 0.5 more
        (row(1, 0.14, 0.5), row(1, 0.10, 0.0), False),  # under 1.5×
        (row(1, 0.16, 0.49), row(1, 0.10, 0.0), False),  # under 0.5 more points
        (row(0, 0.40, 3.0), row(0, 0.05, -1.0), True),
        (row(2, 0.30, 2.0), row(1, 0.10, -1.0), False),  # further never beats
    ],
)
def test_the_clearly_beats_rule(
    best: DiscardAnalysis, second: DiscardAnalysis, clear: bool
) -> None:
    assert clearly_beats(best, second) is clear


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seed_gives_one_puzzle_that_holds_the_rule(seed: str) -> None:
    puzzle = puzzle_of(seed)
    assert puzzle is not None
    assert pick_puzzle(seed) == puzzle  # deterministic from the seed
    best, second = puzzle.ranking[0], puzzle.ranking[1]
    assert clearly_beats(best, second)
    assert best.win_chance and best.shanten <= MAX_SHANTEN
    if best.shanten == second.shanten:
        assert second.win_chance is not None and best.expected is not None
        assert best.win_chance >= CLEAR_RATIO * second.win_chance
        assert best.expected >= (second.expected or 0.0) + CLEAR_POINTS
    assert len(puzzle.choices) >= MIN_CHOICES and puzzle.answer in puzzle.choices
    assert list(puzzle.choices) == sorted(puzzle.choices)  # the buttons give nothing away
    check_input(puzzle.inp)  # a hand that can exist, on its turn
    assert rank_discards(puzzle.inp) == puzzle.ranking
    assert puzzle.seed == seed and 0 <= puzzle.seat < 4 and 0 <= puzzle.wind < 4


def test_different_seeds_give_different_puzzles() -> None:
    found = {puzzle_of(seed) for seed in SEEDS[:3]}
    assert len({(p.seed, p.inp.tiles) for p in found if p is not None}) == 3


def test_a_stored_puzzle_reads_back_as_it_was() -> None:
    for seed in SEEDS:
        puzzle = puzzle_of(seed)
        assert puzzle is not None
        assert Puzzle.from_json(puzzle.to_json()) == puzzle


def test_the_rules_of_the_server_are_the_games_rules() -> None:
    rules = RuleSet(Preset.BAIKE, 2)
    puzzle = pick_puzzle("baike seed", rules)
    assert puzzle is not None and puzzle.inp.rules == rules
    assert Puzzle.from_json(puzzle.to_json()).inp.rules == rules


def test_odd_seeds_do_not_crash() -> None:
    for seed in ("", " ", "\x00\x1b[31m", "宝" * 100, "0" * 100):
        puzzle = pick_puzzle(seed, hands=2)
        assert puzzle is None or clearly_beats(puzzle.ranking[0], puzzle.ranking[1])


def test_seeds_are_cleaned_for_showing() -> None:
    assert clean_seed("  my   seed ") == "my seed"
    assert clean_seed("a`b\x1b[31m\nc") == "ab[31m c"
    assert clean_seed(None) == "" and clean_seed("``") == ""
    assert len(clean_seed("x" * 500)) == 100
