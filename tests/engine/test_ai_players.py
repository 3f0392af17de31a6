"""AI players: always legal, deterministic from their seed, and ``normal`` clearly stronger than
``easy`` (the full 2,000-hand measurement is bench/engine.py; here a smaller sample that a
broken AI would still fail)."""

from __future__ import annotations

import random

import pytest

from shangrao_bot.engine.ai import EasyAI, NormalAI, make_ai
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.views import view_for
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.simulate import simulate


@pytest.mark.parametrize("preset", list(Preset))
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_choice_is_one_of_the_legal_actions(preset: Preset, level: str) -> None:
    session = Session(RuleSet(preset), 40, seeded_source(f"legal-{preset.value}-{level}"))
    players = [make_ai(level, random.Random(s)) for s in range(4)]
    decisions = 0
    while not session.over:
        state = session.start_hand()
        while not state.over:
            seat = state.to_act()[0]
            view = view_for(state, seat)
            action = players[seat].choose(view)
            assert action in view.legal
            state.apply(action)
            decisions += 1
        session.finish_hand()
    assert decisions > 1000


def test_the_same_seed_gives_the_same_decisions() -> None:
    a = simulate(20, "determinism", ["normal", "easy", "normal", "easy"])
    b = simulate(20, "determinism", ["normal", "easy", "normal", "easy"])
    assert a.totals == b.totals
    assert a.patterns == b.patterns
    assert a.wins_by_seat == b.wins_by_seat


def test_normal_wins_most_won_hands_against_three_easy() -> None:
    report = simulate(150, "strength", ["normal", "easy", "easy", "easy"])
    won = sum(report.wins_by_seat)
    assert won >= 50
    assert report.wins_by_seat[0] / won >= 0.6
    assert report.totals[0] == max(report.totals)
    assert report.invariant_violations == 0 and report.zero_sum


def test_make_ai_names_the_levels() -> None:
    assert isinstance(make_ai("easy", random.Random(0)), EasyAI)
    assert isinstance(make_ai("normal", random.Random(0)), NormalAI)
    with pytest.raises(ValueError, match="'hard' is not an AI level: use easy or normal"):
        make_ai("hard", random.Random(0))
