"""The review of a seat's decisions (:mod:`shangrao_bot.engine.review`): judged from that seat's
view only, a hand played by the ranking's first choices loses nothing, a needless 飞宝 and a
broken ready hand are flagged, and the rating follows its formula."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrao_bot.engine import review as review_module
from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.ranking import closeness, rank_view
from shangrao_bot.engine.review import (
    FLAG_LOSS,
    RATING_HALF,
    Decision,
    DecisionKind,
    HandReview,
    Option,
    review_hand,
)
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, view_for
from shangrao_bot.rules.ruleset import RuleSet


def _ranking_player(view: PlayerView) -> Action:
    """The ranking's first choice, a win always taken, claims passed."""
    legal = view.legal
    win = next((a for a in legal if a.kind is ActionKind.WIN), None)
    if win is not None:
        return win
    if view.public.phase is not Phase.TURN:
        return next(a for a in legal if a.kind is ActionKind.PASS)
    best = rank_view(view)[0].tile
    return next(a for a in legal if a.kind is ActionKind.DISCARD and a.tile == best)


def _play(seed: bytes, mine: object) -> tuple[HandState, list[Action]]:
    state = HandState(RuleSet(), seed)
    ais = [make_ai("normal", random.Random(s)) for s in range(4)]
    while not state.over:
        seat = state.to_act()[0]
        view = view_for(state, seat)
        action = mine(view) if seat == 0 else ais[seat].choose(view)  # type: ignore[operator]
        state.apply(action)
    return state, list(state.actions)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_a_review_reads_the_reviewed_seat_s_view_only(n: int) -> None:
    seed = hashlib.sha256(f"review-{n}".encode()).digest()
    state, actions = _play(seed, _ranking_player)
    asked: list[int] = []
    real_view_for = review_module.view_for

    def spy(st: HandState, seat: int, public: object = None) -> PlayerView:
        asked.append(seat)
        return real_view_for(st, seat)

    review_module.view_for = spy  # type: ignore[assignment]
    try:
        reviewed = review_hand(state.rules, seed, state.dealer, actions, 0)
    finally:
        review_module.view_for = real_view_for
    assert asked and set(asked) == {0}
    for d in reviewed.decisions:
        assert d.chosen.action.seat == 0


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_playing_the_ranking_loses_nothing(n: int) -> None:
    seed = hashlib.sha256(f"ranking-{n}".encode()).digest()
    state, actions = _play(seed, _ranking_player)
    reviewed = review_hand(state.rules, seed, state.dealer, actions, 0)
    discards = [d for d in reviewed.decisions if d.kind is DecisionKind.DISCARD]
    assert discards and all(d.matched and not d.flagged for d in discards)
    assert all(d.loss == 0 for d in discards)


def _needless_flyer(made: set[str]):  # type: ignore[no-untyped-def]
    def play(view: PlayerView) -> Action:
        if view.public.phase is Phase.TURN and "fly" not in made:
            bao = view.public.bao
            ranked = rank_view(view)
            if ranked and ranked[0].tile != bao and any(d.tile == bao for d in ranked):
                flying = next(d for d in ranked if d.tile == bao)
                if closeness(flying) > closeness(ranked[0]):
                    made.add("fly")
                    return next(
                        a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile == bao
                    )
        return _ranking_player(view)

    return play


def test_a_needless_fei_bao_is_flagged() -> None:
    for n in range(200):
        seed = hashlib.sha256(f"fly-{n}".encode()).digest()
        made: set[str] = set()
        state, actions = _play(seed, _needless_flyer(made))
        if not made:
            continue
        reviewed = review_hand(state.rules, seed, state.dealer, actions, 0)
        flown = [d for d in reviewed.decisions if d.kind is DecisionKind.FLY]
        assert len(flown) == 1 and flown[0].flagged and not flown[0].matched
        assert flown[0].preferred.action.tile != flown[0].bao
        assert reviewed.rating < 100
        return
    pytest.fail("no hand offered a needless 飞宝")


def _decision(lost: float) -> Decision:
    chosen = Option(Action(0, ActionKind.DISCARD, 1), None, -lost, 1)
    preferred = Option(Action(0, ActionKind.DISCARD, 2), None, 0.0, 1)
    return Decision(0, 1, DecisionKind.DISCARD, (), None, (), 5, 40, None, chosen, preferred)


def test_the_rating_halves_at_rating_half_points_lost() -> None:
    assert HandReview(0, ()).rating == 100
    assert HandReview(0, (_decision(RATING_HALF),)).rating == 50
    half_each = HandReview(0, (_decision(RATING_HALF / 2), _decision(RATING_HALF / 2)))
    assert half_each.rating == 50 and half_each.matched == 0
    small = HandReview(0, (_decision(FLAG_LOSS / 2),))
    assert small.flagged == () and small.rating == round(
        100 * RATING_HALF / (RATING_HALF + FLAG_LOSS / 2)
    )


def _sometimes_random(rng: random.Random) -> Callable[[PlayerView], Action]:
    """The ranking's first choice, and a random legal move one time in three."""

    def play(view: PlayerView) -> Action:
        if rng.random() < 1 / 3:
            return rng.choice(view.legal)
        return _ranking_player(view)

    return play


def test_each_judged_choice_names_its_place_in_the_ranking() -> None:
    """A discard's rank is its place in the seat's own ranking (the win, when offered, counted
    before every discard expecting no more); a claim answer's among passing and the claims."""
    seen_low = False
    for n in range(3):
        seed = hashlib.sha256(f"rank-{n}".encode()).digest()
        state, actions = _play(seed, _sometimes_random(random.Random(n)))
        reviewed = review_hand(state.rules, seed, state.dealer, actions, 0)
        replayed = HandState(state.rules, seed, state.dealer)
        by_number = {d.number: d for d in reviewed.decisions}
        for number, action in enumerate(actions):
            d = by_number.get(number)
            if d is not None and d.judged:
                assert d.rank is not None and 1 <= d.rank <= d.candidates
                assert (d.rank == 1) == (d.chosen.action == d.preferred.action) or d.matched
                view = view_for(replayed, 0)
                offered_win = any(a.kind is ActionKind.WIN for a in view.legal)
                if d.kind in (DecisionKind.DISCARD, DecisionKind.FLY) and not offered_win:
                    tiles = [r.tile for r in rank_view(view)]
                    assert d.candidates == len(tiles)
                    assert d.rank == tiles.index(action.tile) + 1
                    seen_low = seen_low or d.rank > 1
            elif d is not None:
                assert d.rank is None
            replayed.apply(action)
    assert seen_low, "no choice below the ranking's first was made"
