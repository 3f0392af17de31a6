"""Property tests over random legal games (hypothesis): random walls, both presets, random house
switches, random choices (uniform, biased towards calls, or the normal AI) and random answer
order in claim windows. After every action:

* the invariants hold (``check_hand``);
* a JSON round trip of ``to_dict`` gives the same state;
* ``legal_actions`` is exact: sampled listed actions apply cleanly on a copy, a sample of
  unlisted ones (bad discards, chi by the wrong seat, pass on one's turn, unlisted wins, junk)
  raise ``IllegalAction`` or ``NotYourTurn`` and change nothing, and a win is listed exactly
  when the rules core's scorer says the hand wins;
* at the end, replaying (rules, seed, dealer, actions) gives the identical state.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import NormalAI
from shangrao_bot.engine.errors import IllegalAction, NotYourTurn
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.invariants import check_hand
from shangrao_bot.engine.persist import hand_from_dict, hand_to_dict
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import WinHow
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.tiles import HONOR_START, NUM_KINDS, tile_str
from tests.engine.builders import copy_state, make_setup, tile

# every test here takes seconds (the slow marker: pytest -m 'not slow' leaves them out)
pytestmark = pytest.mark.slow

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@dataclass(frozen=True)
class Game:
    rules: RuleSet
    seed: bytes
    dealer: int
    choices: int  # seed of the random choices
    style: str  # "uniform", "calls" (prefer anything but a discard) or "ai"


games = st.builds(
    Game,
    rules=st.builds(
        RuleSet,
        preset=st.sampled_from(list(Preset)),
        stake=st.integers(1, 3),
        indicator_kong=st.booleans(),
        di_hu=st.booleans(),
        qiang_gang=st.booleans(),
        baike_loose_baodiao=st.booleans(),
        rob_with_bao=st.booleans(),
    ),
    seed=st.binary(min_size=32, max_size=32),
    dealer=st.integers(0, 3),
    choices=st.integers(0, 2**32 - 1),
    style=st.sampled_from(["uniform", "calls", "ai"]),
)


def _choose(state: HandState, seat: int, rng: random.Random, style: str, ai: NormalAI) -> Action:
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} must act but has no legal action"
    if style == "ai" and rng.random() < 0.8:
        chosen = ai.choose(view_for(state, seat))
        assert chosen in legal
        return chosen
    if style == "calls":
        calls = [a for a in legal if a.kind not in (ActionKind.DISCARD, ActionKind.PASS)]
        if calls and rng.random() < 0.6:
            return rng.choice(calls)
    return rng.choice(legal)


def _normalized(state: HandState, a: Action) -> Action:
    """The action as ``apply`` reads it: the engine fills in what a short command leaves out
    (a claim's tile, a self-drawn win's tile), and an accepted action must be listed in that
    form."""
    return state._normalized(a)


def _unlisted(state: HandState, rng: random.Random) -> list[Action]:
    """Candidate actions, mostly not legal now: targeted mistakes and random junk."""
    out: list[Action] = []
    if state.phase is Phase.TURN:
        s = state.current
        missing = [k for k in range(NUM_KINDS) if not state.hands[s][k]]
        if missing:
            out.append(Action(s, ActionKind.DISCARD, rng.choice(missing)))
        out.append(Action(s, ActionKind.PASS))
        out.append(Action(s, ActionKind.WIN))
        out.append(Action((s + rng.randrange(1, 4)) % 4, ActionKind.DISCARD, rng.randrange(34)))
    elif state.phase is Phase.CLAIM and state.claim_from is not None:
        t = state.claim_tile
        assert t is not None
        wrong = (state.claim_from + rng.choice([2, 3])) % 4
        if t < HONOR_START and t % 9 <= 6:
            out.append(Action(wrong, ActionKind.CHI, t, (t, t + 1, t + 2)))
        out.append(Action(rng.randrange(4), ActionKind.WIN))
        out.append(Action(state.claim_from, ActionKind.PONG))
    for _ in range(3):
        kind = rng.choice(list(ActionKind))
        tile = rng.choice([None, -1, 34, rng.randrange(34), rng.randrange(34)])
        tiles = rng.choice([(), (0, 1, 2), tuple(sorted(rng.sample(range(34), 3)))])
        out.append(Action(rng.choice([0, 1, 2, 3, 3, -1, 4]), kind, tile, tiles))
    return out


def _check_unlisted(state: HandState, rng: random.Random) -> None:
    before = hand_to_dict(state)
    for a in _unlisted(state, rng):
        if 0 <= a.seat < 4 and _normalized(state, a) in state.legal_actions(a.seat):
            continue
        try:
            state.apply(a)
        except (IllegalAction, NotYourTurn) as exc:
            assert str(exc), f"{a}: an empty reason"
        else:
            raise AssertionError(f"unlisted {a} was accepted")
        assert hand_to_dict(state) == before, f"refused {a} changed the state"


def _check_listed(state: HandState, rng: random.Random) -> None:
    seats = state.to_act()
    for s in range(4):
        if s not in seats:
            assert state.legal_actions(s) == []
    for s in seats:
        legal = state.legal_actions(s)
        for a in rng.sample(legal, min(3, len(legal))):
            copy = copy_state(state)
            copy.apply(a)
            assert check_hand(copy) == [], a


def _check_wins_match_the_scorer(state: HandState) -> None:
    rules = state.rules
    if state.phase is Phase.TURN:
        s = state.current
        listed = Action(s, ActionKind.WIN) in state.legal_actions(s)
        if state.after_call or (state.drawn is None and state.actions):
            assert not listed
            return
        how = (
            WinHow.TIANHU
            if not state.actions
            else (WinHow.KONG if state.replacement else WinHow.SELF)
        )
        assert listed == score_win(state.win_input(s, how, None), rules).winning
    elif state.phase is Phase.ROB and not state.responses:
        t, robbed = state.claim_tile, state.claim_from
        assert t is not None and robbed is not None and rules.robbing_allowed
        for s in range(4):
            if s == robbed:
                continue
            listed = Action(s, ActionKind.WIN, t) in state.legal_actions(s)
            assert listed == score_win(state.win_input(s, WinHow.ROB, t), rules).winning
    elif state.phase is Phase.CLAIM and not state.responses:
        t, d = state.claim_tile, state.claim_from
        assert t is not None and d is not None and t != state.bao
        first = d == state.dealer and state.discard_count == 1 and rules.di_hu
        for s in range(4):
            legal = state.legal_actions(s)
            if s == d:
                assert legal == []
                continue
            listed = Action(s, ActionKind.WIN, t) in legal
            if not first:
                assert not listed
            else:
                assert listed == score_win(state.win_input(s, WinHow.DIHU, t), rules).winning
            for a in legal:
                if a.kind is ActionKind.CHI:
                    assert s == (d + 1) % 4 and t < HONOR_START and t in a.tiles
                if a.kind is ActionKind.KONG:
                    assert state.wall.live >= 1
                    # a 跌宝杠 on a discard (§4): the indicator's kind, two of it held
                    assert bool(a.tiles) == (t == state.indicator)
                    assert not a.tiles or (rules.indicator_kong and state.hands[s][t] == 2)


def _play_and_check(state: HandState, game: Game) -> None:
    rng = random.Random(game.choices)
    ai = NormalAI(random.Random(game.choices ^ 1))
    assert check_hand(state) == []
    steps = 0
    while not state.over:
        seats = state.to_act()
        assert seats
        seat = rng.choice(seats)  # claim windows: any answer order
        action = _choose(state, seat, rng, game.style, ai)
        state.apply(action)
        steps += 1
        assert check_hand(state) == [], (steps, action)
        restored = hand_from_dict(json.loads(json.dumps(hand_to_dict(state))))
        assert hand_to_dict(restored) == hand_to_dict(state)
        if not state.over:
            _check_wins_match_the_scorer(state)
            if steps % 3 == 0 or state.phase is not Phase.TURN:
                _check_listed(state, rng)
        _check_unlisted(state, rng)
        assert steps < 1000
    assert state.result is not None and sum(state.result.deltas) == 0
    setup = state.setup if state.custom_wall else None
    replayed = HandState.replay(game.rules, state.seed, state.dealer, state.actions, setup)
    assert hand_to_dict(replayed) == hand_to_dict(state)
    assert replayed.result == state.result


@SETTINGS
@given(game=games)
def test_random_legal_games_keep_every_property(game: Game) -> None:
    _play_and_check(HandState(game.rules, game.seed, game.dealer), game)


def clumpy_hands(rng: random.Random, dealer: int) -> dict[int, str]:
    """Hands made mostly of triplets and pairs (so pongs, kongs, 补杠 and 抢杠 windows come
    often), with the 宝 (6z, the default indicator being 7z) sometimes among them."""
    left = [4] * NUM_KINDS
    left[tile("7z")] = 3  # one 7z is the indicator
    hands: dict[int, str] = {}
    for seat in range(4):
        size = 14 if seat == dealer else 13
        out: list[int] = []
        while len(out) < size:
            group = min(rng.choice([3, 3, 2, 1]), size - len(out))
            kinds = [k for k in range(NUM_KINDS) if left[k] >= group]
            k = rng.choice(kinds)
            left[k] -= group
            out += [k] * group
        hands[seat] = "".join(tile_str(t) for t in out)
    return hands


@SETTINGS
@given(game=games)
def test_clumpy_walls_keep_every_property(game: Game) -> None:
    rng = random.Random(game.seed)
    setup = make_setup(clumpy_hands(rng, game.dealer), game.dealer, filler_seed=rng.randrange(99))
    _play_and_check(HandState(game.rules, setup=setup), game)
