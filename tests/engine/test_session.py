"""Sessions (session.py, rule book §2, §9): running totals, dealer rotation, persistence mid-hand,
a planned number of hands and ending on request."""

from __future__ import annotations

import json
import random

import pytest

from shangrao_bot.engine.ai import EasyAI
from shangrao_bot.engine.errors import IllegalAction, StateFormatError
from shangrao_bot.engine.invariants import check_hand, next_dealer
from shangrao_bot.engine.persist import hand_to_dict
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for
from shangrao_bot.engine.wall import shuffle_wall
from shangrao_bot.rules.ruleset import Preset, RuleSet
from tests.engine.builders import ai_players, play_hand

LEVELS = ("normal", "easy", "normal", "easy")


def _play_session(session: Session, seed: int) -> list[HandState]:
    hands: list[HandState] = []
    previous_next: int | None = None
    while not session.over:
        state = session.start_hand()
        if previous_next is not None:
            assert state.dealer == previous_next
        play_hand(state, ai_players(LEVELS, seed + len(hands)))
        assert check_hand(state) == []
        record = session.finish_hand()
        assert record.number == len(hands) + 1
        assert record.dealer == state.dealer and record.seed == state.seed.hex()
        assert state.result is not None and record.deltas == state.result.deltas
        assert record.next_dealer == next_dealer(state.dealer, state)
        assert session.dealer == record.next_dealer
        assert session.check() == []
        previous_next = record.next_dealer
        hands.append(state)
    return hands


@pytest.mark.parametrize("preset", list(Preset))
def test_a_session_of_n_hands_keeps_totals_and_rotates_the_deal(preset: Preset) -> None:
    session = Session(RuleSet(preset), 12, seeded_source(f"session-{preset.value}"))
    hands = _play_session(session, 100)
    assert len(hands) == 12 == len(session.records) and session.over
    sums = [sum(h.result.deltas[s] for h in hands if h.result) for s in range(4)]
    assert session.totals == sums and sum(session.totals) == 0
    with pytest.raises(IllegalAction, match="the session is over"):
        session.start_hand()


def test_the_first_dealer_comes_from_the_dice_and_seeds_are_reproducible() -> None:
    source = seeded_source("dice")
    session = Session(RuleSet(), 2, source)
    state = session.start_hand()
    assert state.dealer == shuffle_wall(source(1)).dice.first_dealer
    assert state.seed == source(1) == seeded_source("dice")(1) != source(2)


def test_session_round_trip_mid_hand_then_play_on_identically() -> None:
    session = Session(RuleSet(), 3, seeded_source("round-trip"))
    state = session.start_hand()
    play_hand(state, ai_players(LEVELS, 1))
    session.finish_hand()
    state = session.start_hand()
    players = [EasyAI(random.Random(s)) for s in range(4)]
    for _ in range(15):
        seat = state.to_act()[0]
        state.apply(players[seat].choose(view_for(state, seat)))
    data = json.loads(json.dumps(session.to_dict()))
    loaded = Session.from_dict(data, seeded_source("round-trip"))
    assert loaded.to_dict() == session.to_dict()
    assert loaded.current is not None and hand_to_dict(loaded.current) == hand_to_dict(state)
    for sess in (session, loaded):
        hand = sess.current
        assert hand is not None
        twins = [EasyAI(random.Random(10 + s)) for s in range(4)]
        play_hand(hand, twins)
        sess.finish_hand()
        while not sess.over:
            play_hand(sess.start_hand(), ai_players(LEVELS, 7))
            sess.finish_hand()
    assert loaded.to_dict() == session.to_dict()
    assert loaded.totals == session.totals and loaded.check() == []


def test_end_on_request_abandons_the_hand_in_play() -> None:
    session = Session(RuleSet(), None, seeded_source("end"))
    for _ in range(2):
        play_hand(session.start_hand(), ai_players(LEVELS, 3))
        session.finish_hand()
    totals = list(session.totals)
    state = session.start_hand()
    state.apply(state.legal_actions(state.to_act()[0])[-1])
    assert not session.over
    session.end()
    assert session.over and session.current is None and session.totals == totals
    assert len(session.records) == 2 and session.check() == []
    with pytest.raises(IllegalAction, match="the session is over"):
        session.start_hand()


def test_session_refusals() -> None:
    with pytest.raises(IllegalAction, match="0 hands is not possible"):
        Session(RuleSet(), 0)
    session = Session(RuleSet(), 2, seeded_source("refuse"))
    with pytest.raises(IllegalAction, match="no finished hand"):
        session.finish_hand()
    session.start_hand()
    with pytest.raises(IllegalAction, match="still being played"):
        session.start_hand()
    with pytest.raises(IllegalAction, match="no finished hand"):
        session.finish_hand()
    with pytest.raises(StateFormatError, match="version"):
        Session.from_dict({"version": 2})
    data = session.to_dict()
    del data["totals"]
    with pytest.raises(StateFormatError, match="damaged"):
        Session.from_dict(data)
