"""The first ``hard`` AI (the arena level ``hard-v1``): always legal, deterministic, takes a win
unless 偷机 pays, flies a 宝 only for a gain, and beats ``normal`` on duplicate deals."""

from __future__ import annotations

import dataclasses
import hashlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.analysis import rank_view_by_shape as rank_view
from shangrao_bot.engine.first_hard_ai import FirstHardAI as HardAI
from shangrao_bot.engine.first_hard_ai import danger, effective_key, threat
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, view_for
from shangrao_bot.entrypoints.arena import run_arena
from shangrao_bot.rules.ruleset import Preset, RuleSet
from tests.engine.builders import check_wins_taken, make_state, play_checked, tile


def _check(view: PlayerView, action: Action) -> None:
    """What every decision of ``hard`` must satisfy."""
    check_wins_taken(view, action, HardAI(random.Random(12345)))
    if action.kind is ActionKind.DISCARD and action.tile == view.public.bao:
        # 飞宝 only for a gain: every other discard leaves the hand further
        by_tile = {d.tile: d.shanten for d in rank_view(view)}
        others = [s for t, s in by_tile.items() if t != view.public.bao]
        assert not others or by_tile[view.public.bao] < min(others)


def _play(seed: int, preset: Preset, levels: tuple[str, ...]) -> int:
    """Play one hand, checking every ``hard-v1`` decision; returns how many there were."""
    wall = hashlib.sha256(f"hard-{seed}".encode()).digest()
    return play_checked(wall, RuleSet(preset), levels, "hard-v1", _check, seed)


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    preset=st.sampled_from(list(Preset)),
    levels=st.sampled_from(
        [
            ("hard-v1",) * 4,
            ("hard-v1", "normal", "hard-v1", "easy"),
            ("easy", "hard-v1", "normal", "hard-v1"),
        ]
    ),
)
def test_every_decision_is_legal_deterministic_and_safe(
    seed: int, preset: Preset, levels: tuple[str, ...]
) -> None:
    assert _play(seed, preset, levels) > 0


@pytest.mark.slow
def test_many_hands_stay_legal() -> None:
    """A fixed batch beside the random one: wins, claims, kongs and 飞宝 chances all occur."""
    total = sum(
        _play(n, Preset.SHANGRAO if n % 3 else Preset.BAIKE, ("hard-v1",) * 4) for n in range(30)
    )
    assert total > 1500


def test_a_view_that_offers_one_action_gets_it() -> None:
    wall = hashlib.sha256(b"single").digest()
    state = HandState(RuleSet(), wall, None)
    seat = state.to_act()[0]
    view = view_for(state, seat)
    only = dataclasses.replace(view, legal=view.legal[:1])
    assert HardAI(random.Random(0)).choose(only) == view.legal[0]


def test_effective_key_counts_a_no_win_ready_hand_one_step_further() -> None:
    wall = hashlib.sha256(b"key").digest()
    state = HandState(RuleSet(), wall, None)
    view = view_for(state, state.to_act()[0])
    d = rank_view(view)[0]
    ready_no_win = dataclasses.replace(d, shanten=0, weight=0, waits=())
    assert effective_key(ready_no_win)[0] == 1
    ready_win = dataclasses.replace(d, shanten=0, weight=12)
    assert effective_key(ready_win) == (0, -12, -d.effective_unseen)


def test_threat_grows_with_melds_flown_bao_and_the_wall() -> None:
    wall = hashlib.sha256(b"threat").digest()
    state = HandState(RuleSet(), wall, None)
    view = view_for(state, 0)
    pub = view.public
    fresh = threat(view, 1)
    seats = list(pub.seats)
    seats[1] = dataclasses.replace(seats[1], bao_flown=1)
    flown = dataclasses.replace(view, public=dataclasses.replace(pub, seats=tuple(seats)))
    assert threat(flown, 1) > fresh
    late = dataclasses.replace(view, public=dataclasses.replace(pub, live=5))
    assert threat(late, 1) > fresh


def test_danger_a_dead_kind_and_the_bao_cannot_be_claimed() -> None:
    wall = hashlib.sha256(b"danger").digest()
    state = HandState(RuleSet(), wall, None)
    view = view_for(state, 0)
    unseen = [4] * 34
    unseen[27] = 1  # one 东 left unseen: nobody can hold a pair of it
    assert danger(view, 27, unseen) == 0.0
    assert danger(view, view.public.bao, unseen) == 0.0
    assert danger(view, 4, unseen) > danger(view, 28, unseen) > 0  # 5m may be ponged or chi'd


@pytest.mark.slow
def test_hard_v1_beats_normal_on_a_few_dozen_deals() -> None:
    """Over 1,000 deals ``hard-v1`` gains about 0.4 points a hand on ``normal``. A few dozen deals
    are noisy (a standard error of about 0.4), so this asks only for a positive mean: on 32
    deals it was positive on each of six seeds tried (+0.23 to +1.03; this one +0.24), and a
    change that breaks the level shows as a loss here."""
    report = run_arena("hard-v1", "normal", 32, "hard-few-dozen")
    assert report.zero_sum
    assert report.points_per_hand > 0
    assert report.decision_ms_p50 < 10


def test_a_concealed_kong_that_keeps_the_wait_is_declared() -> None:
    """The dealer's 14: 1111m 24m 456p 789p 55s. Throwing a 1m waits on 3m; the 暗杠 of 1m
    waits on 3m too (the replacement draw may even win as 杠开) and pays 2 from each player."""
    state = make_state({0: "1m1m1m1m2m4m4p5p6p7p8p9p5s5s"}, dealer=0)
    view = view_for(state, 0)
    assert Action(0, ActionKind.ANGANG, tile("1m")) in view.legal
    assert not any(a.kind is ActionKind.WIN for a in view.legal)
    assert HardAI(random.Random(0)).choose(view) == Action(0, ActionKind.ANGANG, tile("1m"))
