"""The ``hard`` AI, driven by the 何切 ranking: always legal and deterministic, takes a win
unless 偷机 pays, plays the ranking's order (the 宝吊头 state first, a 宝 kept unless flying
brings the hand closer), defends when far and threatened, and beats ``normal``."""

from __future__ import annotations

import dataclasses
import hashlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.first_hard_ai import DEFENCE_THRESHOLD, max_threat
from shangrao_bot.engine.hard_ai import HardAI
from shangrao_bot.engine.ranking import closeness, rank_view, ranking_group
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, view_for
from shangrao_bot.entrypoints.arena import run_arena
from shangrao_bot.rules.ruleset import Preset, RuleSet
from tests.engine.builders import check_wins_taken, make_state, play_checked, tile


def _check(view: PlayerView, action: Action) -> None:
    """What every decision of ``hard`` must satisfy."""
    check_wins_taken(view, action, HardAI(random.Random(12345)))
    if action.kind is not ActionKind.DISCARD:
        return
    ranked = rank_view(view)
    bao = view.public.bao
    chosen = next(d for d in ranked if d.tile == action.tile)
    if action.tile == bao:
        # 飞宝 only when it brings the hand closer than every other discard
        others = [closeness(d) for d in ranked if d.tile != bao]
        assert not others or closeness(chosen) < min(others)
    elif max_threat(view) < DEFENCE_THRESHOLD and not any(d.baodiao for d in ranked):
        # unthreatened, out of the 宝吊头 state: the ranking's group and its expected points
        kept = [d for d in ranked if d.tile != bao or closeness(d) < closeness(chosen)]
        best = min(ranking_group(d) for d in kept)
        assert ranking_group(chosen) == best
        top = max(d.expected or 0.0 for d in kept if ranking_group(d) == best)
        assert chosen.expected == pytest.approx(top)


def _play(seed: int, preset: Preset, levels: tuple[str, ...]) -> int:
    """Play one hand, checking every ``hard`` decision; returns how many there were."""
    wall = hashlib.sha256(f"hard2-{seed}".encode()).digest()
    return play_checked(wall, RuleSet(preset), levels, "hard", _check, seed)


@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    preset=st.sampled_from(list(Preset)),
    levels=st.sampled_from([("hard",) * 4, ("hard", "normal", "hard-v1", "easy")]),
)
def test_every_decision_is_legal_deterministic_and_follows_the_ranking(
    seed: int, preset: Preset, levels: tuple[str, ...]
) -> None:
    assert _play(seed, preset, levels) > 0


def test_a_view_that_offers_one_action_gets_it() -> None:
    wall = hashlib.sha256(b"single").digest()
    state = HandState(RuleSet(), wall, None)
    view = view_for(state, state.to_act()[0])
    only = dataclasses.replace(view, legal=view.legal[:1])
    assert HardAI(random.Random(0)).choose(only) == view.legal[0]


def test_a_dealt_ready_hand_discards_its_loose_tile() -> None:
    """The dealer's 14: 123m 456p 789s 11z 23s 5z (宝 发): throwing the lone 白 leaves a hand
    ready for a real win, the ranking's first choice."""
    state = make_state({0: "123m456p789s11z23s5z"}, dealer=0)
    view = view_for(state, 0)
    assert HardAI(random.Random(0)).choose(view) == Action(0, ActionKind.DISCARD, tile("5z"))


@pytest.mark.heavy
@pytest.mark.slow
def test_hard_beats_normal_on_a_few_dozen_deals() -> None:
    """Over 1,000 deals ``hard`` gains about 0.6 points a hand on ``normal`` (``bench/ai.py``,
    the measure). A few dozen deals are noisy — on 64 deals three seeds gave +0.48 (this one),
    -0.04 and +1.53 — so this asks only for a positive mean on this seed: a change that breaks
    the level (a loss of several points a hand, as ``easy`` shows) cannot pass it."""
    report = run_arena("hard", "normal", 64, "hard-few-dozen")
    assert report.zero_sum
    assert report.points_per_hand > 0
