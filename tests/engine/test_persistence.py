"""Saving and loading a hand (state.py ``to_dict``/``from_dict``/``replay``): every phase of a
crafted hand survives a JSON round trip and plays on identically; damaged saves are refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from shangrao_bot.engine.errors import StateFormatError
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.persist import hand_from_dict, hand_to_dict
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import public_view, view_for
from shangrao_bot.rules.ruleset import Preset, RuleSet
from tests.engine.builders import QUIET, cmd, copy_state, discard_drawn, make_state, pass_all
from tests.engine.test_claims import DIHU
from tests.engine.test_kongs import ROB, ROB_DRAWS


def assert_same(a: HandState, b: HandState) -> None:
    assert hand_to_dict(a) == hand_to_dict(b)
    assert a.to_act() == b.to_act()
    assert [a.legal_actions(s) for s in range(4)] == [b.legal_actions(s) for s in range(4)]
    assert public_view(a) == public_view(b)
    assert [view_for(a, s) for s in range(4)] == [view_for(b, s) for s in range(4)]
    assert a.result == b.result


def _round_trip_each_step(state: HandState, steps: list[tuple[int, str]]) -> HandState:
    """Apply ``steps``; before each, check a JSON copy equals the state and, given the same
    action, stays equal."""
    for seat, text in steps:
        copy = copy_state(state)
        assert_same(state, copy)
        cmd(state, seat, text)
        cmd(copy, seat, text)
        assert_same(state, copy)
    final = copy_state(state)
    assert_same(state, final)
    replayed = HandState.replay(
        state.rules, state.seed, state.dealer, state.actions, setup=state.setup
    )
    assert_same(state, replayed)
    return state


def test_round_trip_through_claim_windows_and_a_dihu() -> None:
    state = make_state(DIHU, 0)
    _round_trip_each_step(state, [(0, "d 2z"), (2, "pong"), (3, "hu"), (1, "hu")])
    assert state.over and state.result is not None and state.result.wins[0].seat == 1


def _rob_steps() -> list[tuple[int, str]]:
    return [
        (0, "d 9m"),
        (1, "pass"),
        (1, "d 5s"),
        (2, "pong"),
        (2, "d 7z"),
        (3, "d 9s"),
        (0, "d 6m"),
        (1, "d 9p"),
        (2, "bugang 5s"),
    ]


def test_round_trip_through_a_rob_window_with_two_robbers() -> None:
    state = make_state(ROB, 0, draws=ROB_DRAWS)
    _round_trip_each_step(state, [*_rob_steps(), (1, "hu"), (3, "hu")])
    assert state.result is not None and [w.seat for w in state.result.wins] == [3, 1]


def test_round_trip_through_an_unrobbed_bugang_and_kong_chain() -> None:
    state = make_state(ROB, 0, draws=ROB_DRAWS, replacements="8p")
    _round_trip_each_step(state, [*_rob_steps(), (1, "pass"), (3, "pass"), (2, "d 8p")])
    assert state.phase in (Phase.TURN, Phase.CLAIM)


def test_round_trip_of_an_indicator_kong_and_an_exhausted_hand() -> None:
    hands = {**QUIET, 0: "777z4m2p5p8p3s6s9s1z2z3z5z"}
    state = make_state(hands, 0, rules=RuleSet(Preset.BAIKE, stake=2))
    _round_trip_each_step(state, [(0, "angang 7z"), (0, "d 9s")])
    pass_all(state)
    while not state.over:
        discard_drawn(state)
        if len(state.actions) % 17 == 0:
            assert_same(state, copy_state(state))
    assert state.result is not None and state.result.deltas == (12, -4, -4, -4)
    assert_same(state, copy_state(state))


def test_a_custom_wall_keeps_its_seed_and_commitment_through_a_save() -> None:
    """A hand-made wall is saved with the state (``custom_wall``) and so is its seed: the
    commitment published at the start and the seed revealed at the end survive a save/load.

    Regression: the loaded wall used to get an all-zero seed (``_setup_from_dict``), so the
    commitment changed after a save/load and ``to_dict`` was not a fixed point."""
    state = make_state(QUIET, 0, seed=bytes(range(32)))
    copy = copy_state(state)
    assert copy.seed == state.seed
    assert public_view(copy).commitment == public_view(state).commitment
    assert hand_to_dict(copy) == hand_to_dict(state)


def test_seeded_hands_need_no_saved_wall() -> None:
    state = HandState(RuleSet(), bytes(range(32)), 1)
    data = hand_to_dict(state)
    assert data["custom_wall"] is None and data["seed"] == bytes(range(32)).hex()
    assert_same(state, copy_state(state))


def _damage(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = json.loads(json.dumps(hand_to_dict(make_state(QUIET, 0))))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.pop("version"), "version None"),
        (lambda d: d.pop("hands"), "damaged"),
        (lambda d: d.update(phase="nap"), "damaged"),
        (lambda d: d.update(actions=[[0, "dance", None, []]]), "damaged"),
        (lambda d: d.update(actions=[["x", "discard", 1, []]]), "damaged"),
        (lambda d: d["custom_wall"].update(order=[0] * 136), "not the 136 tiles"),
        (lambda d: d.update(wall=[5, 2]), "wall"),
    ],
)
def test_damaged_saves_are_refused(change: Callable[[dict[str, Any]], None], message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        hand_from_dict(_damage(change))


def test_a_save_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(StateFormatError, match="JSON object"):
        hand_from_dict([1, 2, 3])  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_saves_kept_between_moves_encode_exactly_and_never_change_afterwards(seed: int) -> None:
    """The save keeps the encoded actions and log between calls (only new moves are encoded):
    every save must equal one made from scratch (a freshly loaded state has nothing kept), and
    a save already made must not change as the hand goes on."""
    import random

    from shangrao_bot.engine.levels import make_ai

    state = HandState(RuleSet(), seed=bytes([seed]) * 32, dealer=seed % 4)
    ais = [make_ai("normal", random.Random(seed * 10 + s)) for s in range(4)]
    saves: list[tuple[dict[str, Any], str]] = []
    while not state.over:
        saved = hand_to_dict(state)
        assert saved == hand_to_dict(hand_from_dict(json.loads(json.dumps(saved))))
        saves.append((saved, json.dumps(saved)))
        seat = state.to_act()[0]
        state.apply(ais[seat].choose(view_for(state, seat)))
    assert len(saves) > 20
    for saved, text in saves:
        assert json.dumps(saved) == text
    # a state whose lists are replaced (as a restore does) is encoded from its new lists
    other = hand_from_dict(saves[5][0])
    state.actions, state.log = other.actions, other.log
    assert hand_to_dict(state)["actions"] == saves[5][0]["actions"]
    assert hand_to_dict(state)["log"] == saves[5][0]["log"]
