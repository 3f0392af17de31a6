"""AI players: always legal, deterministic from their seed, and ``normal`` clearly stronger than
``easy`` (the full 2,000-hand measurement is bench/engine.py; here a smaller sample that a
broken AI would still fail)."""

from __future__ import annotations

import random

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import EasyAI, NormalAI, steal_pays
from shangrao_bot.engine.hand_records import Phase, melds_yaojiu
from shangrao_bot.engine.hard_ai import HardAI
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.views import view_for
from shangrao_bot.entrypoints.simulate import simulate
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.shapes import shanten
from tests.engine.builders import discard_drawn, make_state, pass_all, tile


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(Preset))
@pytest.mark.parametrize(
    "level", ["easy", "normal", pytest.param("hard", marks=pytest.mark.heavy)]
)  # a session of hard players takes far longer than one of easy or normal players
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


@pytest.mark.slow
def test_the_same_seed_gives_the_same_decisions() -> None:
    a = simulate(20, "determinism", ["normal", "easy", "normal", "easy"])
    b = simulate(20, "determinism", ["normal", "easy", "normal", "easy"])
    assert a.totals == b.totals
    assert a.patterns == b.patterns
    assert a.wins_by_seat == b.wins_by_seat


@pytest.mark.slow
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
    assert isinstance(make_ai("hard", random.Random(0)), HardAI)
    with pytest.raises(ValueError, match="'expert' is not an AI level: use easy or normal or hard"):
        make_ai("expert", random.Random(0))


def test_steal_by_expected_value() -> None:
    """偷机 pays early with a good chance of ×6, never late or with a poor chance."""
    assert steal_pays(0.3, 80)
    assert not steal_pays(0.05, 80)
    assert not steal_pays(0.3, 10)
    assert not steal_pays(0.9, 7)
    # monotonic: a better chance never turns a steal into a take; a shorter wall never the reverse
    for live in range(8, 83, 5):
        flags = [steal_pays(p / 20, live) for p in range(21)]
        assert flags == sorted(flags)
    for p in range(21):
        flags = [steal_pays(p / 20, live) for live in range(8, 83)]
        assert flags == sorted(flags)


def test_normal_discards_into_the_baodiao_state() -> None:
    """14 tiles 123m 456p 789s 111z + 宝 + 9m are no win (有宝平胡); discarding 9m leaves four
    sets and a lone 宝 — 宝吊头, where every draw wins — better than flying the 宝 for a 单吊."""
    state = make_state({1: "123m456p789s11z9m6z"}, 0, draws="1z")  # 宝 = 6z (indicator 7z)
    discard_drawn(state)
    while state.phase is not Phase.TURN:
        pass_all(state)
    assert state.current == 1 and state.drawn == tile("1z")
    view = view_for(state, 1)
    assert not any(a.kind is ActionKind.WIN for a in view.legal)
    choice = NormalAI(random.Random(0)).choose(view)
    assert choice == Action(1, ActionKind.DISCARD, tile("9m"))


@pytest.mark.slow
def test_normal_never_flies_a_bao_far_from_a_win() -> None:
    """Every 宝 a normal AI discards leaves its hand at most one tile from ready."""
    session = Session(RuleSet(), 60, seeded_source("fly"))
    players = [make_ai("normal", random.Random(s)) for s in range(4)]
    flown = 0
    while not session.over:
        state = session.start_hand()
        while not state.over:
            seat = state.to_act()[0]
            view = view_for(state, seat)
            action = players[seat].choose(view)
            if action.kind is ActionKind.DISCARD and action.tile == state.bao:
                counts = list(state.hands[seat])
                counts[state.bao] -= 1
                me = state.melds[seat]
                assert shanten(counts, state.bao, len(me), melds_yaojiu(me)) <= 1
                flown += 1
            state.apply(action)
        session.finish_hand()
    assert flown > 0  # the rule was exercised
