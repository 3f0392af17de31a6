"""The rule book's claims and wins added to the engine: a 跌宝杠 claimed on a discard (§4), an
有宝平胡 robbing a 补杠 (§4, ``rob_with_bao``), a 天胡 paying what its tiles are worth (§7)."""

from __future__ import annotations

import random

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import NormalAI
from shangrao_bot.engine.errors import IllegalAction
from shangrao_bot.engine.events import EventKind
from shangrao_bot.engine.hand_records import MeldRecord, Outcome, Phase
from shangrao_bot.engine.invariants import check_hand
from shangrao_bot.engine.persist import hand_to_dict
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import public_view, view_for
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, Reason, WinHow
from shangrao_bot.rules.tiles import Meld, MeldKind
from tests.engine.builders import (
    QUIET,
    cmd,
    copy_state,
    discard_drawn,
    make_state,
    pass_all,
    run_to_exhaustion,
    tile,
)
from tests.engine.test_kongs import _to_bugang

SEVEN = tile("7z")  # the default indicator: 7z face up, 宝 6z; three 7z are live
# the dealer's 14th tile (its first discard) is a 7z; seat 2 holds the two other live 7z
INDICATOR_HANDS = {
    **QUIET,
    0: QUIET[0].replace("5z", "7z"),
    2: QUIET[2].replace("5z5z", "7z7z"),
}
CLAIMED = Meld(MeldKind.KONG_INDICATOR_EXPOSED, (SEVEN,) * 3)


def _claim_window(rules: RuleSet | None = None) -> HandState:
    state = make_state(INDICATOR_HANDS, 0, rules=rules)
    cmd(state, 0, "d 7z")
    return state


def test_s4_indicator_kong_on_a_discard_is_offered_beside_the_pong() -> None:
    state = _claim_window()
    assert state.phase is Phase.CLAIM and state.to_act() == [2]
    assert state.legal_actions(2) == [
        Action(2, ActionKind.KONG, SEVEN, (SEVEN,) * 3),
        Action(2, ActionKind.PONG, SEVEN),
        Action(2, ActionKind.PASS),
    ]
    assert check_hand(state) == []


def test_s4_claimed_indicator_kong_draws_nothing_and_the_claimer_discards() -> None:
    state = _claim_window()
    wall = state.wall.position
    events = cmd(state, 2, "kong")  # the short command: the engine fills in the 跌宝杠
    assert [(e.kind, e.seat, e.tiles, e.detail) for e in events] == [
        (EventKind.KONG, 2, (SEVEN,) * 3, "from=0"),
        (EventKind.BONUS, 2, (), BonusKind.MINGGANG.value),
    ]
    assert state.melds[2] == [MeldRecord(CLAIMED, 0, SEVEN)]
    assert state.discards[0][-1].claimed_by == 2
    assert state.bonuses == [Bonus(2, BonusKind.MINGGANG)]
    assert state.wall.position == wall  # no replacement tile
    assert state.phase is Phase.TURN and state.current == 2 and state.drawn is None
    assert state.chain == 0 and not state.replacement and state.after_call
    assert {a.kind for a in state.legal_actions(2)} == {ActionKind.DISCARD}
    assert len(state.concealed(2)) == 11
    with pytest.raises(IllegalAction, match="after claiming a 跌宝杠 you must discard"):
        cmd(state, 2, "hu")
    with pytest.raises(IllegalAction, match="after claiming a 跌宝杠 you must discard"):
        cmd(state, 2, "angang 4z")
    assert check_hand(state) == []
    # the public board shows it with its source, like any claimed meld
    assert public_view(state).seats[2].melds == (MeldRecord(CLAIMED, 0, SEVEN),)
    assert str(CLAIMED) == "{777z}"
    cmd(state, 2, "d 3m")
    pass_all(state)
    assert state.current == 3 and state.drawn is not None
    assert check_hand(state) == []
    # the 碰杠 bonus is settled at the end whatever the outcome (a 流局 here)
    run_to_exhaustion(state)
    r = state.result
    assert r is not None and r.outcome is Outcome.EXHAUSTED
    assert r.deltas == (-1, -1, 3, -1)
    assert [p.reason for p in r.payments] == [Reason.MINGGANG] * 3
    assert check_hand(state) == []


def test_s4_claimed_indicator_kong_survives_saving_and_replay() -> None:
    state = _claim_window()
    cmd(state, 2, "kong")
    copy = copy_state(state)
    assert copy.melds == state.melds and hand_to_dict(copy) == hand_to_dict(state)
    replayed = HandState.replay(state.rules, state.seed, 0, state.actions, state.setup)
    assert hand_to_dict(replayed) == hand_to_dict(state)
    assert check_hand(copy) == []


def test_s4_a_pong_of_the_indicators_kind_never_becomes_a_kong() -> None:
    state = make_state(INDICATOR_HANDS, 0, draws="9m9m9m")
    cmd(state, 0, "d 7z")
    cmd(state, 2, "pong")
    cmd(state, 2, "d 3m")
    pass_all(state)
    while state.current != 2:
        discard_drawn(state)
    legal = state.legal_actions(2)
    assert Action(2, ActionKind.BUGANG, SEVEN) not in legal
    assert Action(2, ActionKind.ANGANG, SEVEN) not in legal
    with pytest.raises(IllegalAction):
        cmd(state, 2, "bugang 7z")
    assert check_hand(state) == []


def test_s4_no_indicator_kong_on_a_discard_when_switched_off() -> None:
    state = _claim_window(RuleSet(indicator_kong=False))
    assert state.legal_actions(2) == [Action(2, ActionKind.PONG, SEVEN), Action(2, ActionKind.PASS)]
    with pytest.raises(IllegalAction, match="跌宝杠 is switched off"):
        cmd(state, 2, "kong")


def test_s4_a_claim_without_two_indicator_tiles_is_refused_with_the_reason() -> None:
    state = make_state(SUITED, 0, indicator="5m")
    cmd(state, 0, "d 5m")
    with pytest.raises(IllegalAction, match="跌宝杠 on a discard needs the other two"):
        cmd(state, 1, "kong")  # seat 1 may only chi it


# 5m face up (宝 6m): seat 1, the discarder's 下家, may chi 456m; seat 2 holds 5m5m
SUITED = {
    0: "1m1m4m7m2p5p8p3s6s9s1z2z3z5m",
    1: "2m2m4m6m3p6p9p1s4s7s2z3z4z",
    2: "5m5m123p456p78s4z4z6z",
    3: "1m4m7m2p5p8p3s6s9s1z1z2z3z",
}


def test_s4_indicator_kong_on_a_discard_beats_a_chi() -> None:
    state = make_state(SUITED, 0, indicator="5m")
    five = tile("5m")
    cmd(state, 0, "d 5m")
    assert state.to_act() == [1, 2]
    assert Action(1, ActionKind.CHI, five, (tile("4m"), five, tile("6m"))) in state.legal_actions(1)
    cmd(state, 1, "chi 456m")
    assert state.phase is Phase.CLAIM  # seat 2 may still beat the chi
    cmd(state, 2, "kong")
    assert state.current == 2 and state.melds[1] == []
    assert state.melds[2] == [
        MeldRecord(Meld(MeldKind.KONG_INDICATOR_EXPOSED, (five,) * 3), 0, five)
    ]
    assert check_hand(state) == []


def test_s4_the_normal_ai_prefers_the_indicator_kong_to_the_pong() -> None:
    state = make_state(SUITED, 0, indicator="5m")
    five = tile("5m")
    cmd(state, 0, "d 5m")
    cmd(state, 1, "pass")
    chosen = NormalAI(random.Random(0)).choose(view_for(state, 2))
    assert chosen == Action(2, ActionKind.KONG, five, (five,) * 3)


# --- 抢杠 with 宝 (§4, rob_with_bao) --------------------------------------------------------------

# seat 3 holds 4s and a 宝 (6z): the robbed 5s makes 4s 5s 6z an 有宝 sequence (有宝平胡)
YOUBAO_ROBBER = "123m456p789p4s6z11z"


def test_s4_an_youbao_pinghu_robs_a_bugang_for_six() -> None:
    """§4, example 12.20: 1 × 抢杠 6, paid by the robbed seat alone; pattern 抢杠."""
    state = _to_bugang(seat3=YOUBAO_ROBBER)
    cmd(state, 2, "bugang 5s")
    assert state.phase is Phase.ROB and state.to_act() == [3, 1]
    assert state.legal_actions(3) == [
        Action(3, ActionKind.WIN, tile("5s")),
        Action(3, ActionKind.PASS),
    ]
    assert NormalAI(random.Random(0)).choose(view_for(state, 3)).kind is ActionKind.WIN
    cmd(state, 3, "hu")
    cmd(state, 1, "pass")
    r = state.result
    assert r is not None and [w.seat for w in r.wins] == [3]
    (w,) = r.wins
    assert w.how is WinHow.ROB and w.score.pattern == "抢杠" and w.score.value == 6
    assert [(m.name, m.factor) for m in w.score.modifiers] == [("抢杠", 6)]
    assert r.deltas == (0, 0, -6, 6)
    assert check_hand(state) == []


def test_s4_no_rob_for_an_youbao_pinghu_when_switched_off() -> None:
    state = _to_bugang(RuleSet(rob_with_bao=False), seat3=YOUBAO_ROBBER)
    cmd(state, 2, "bugang 5s")
    assert state.phase is Phase.ROB and state.to_act() == [1]  # only the 宝吊头 seat
    assert state.legal_actions(3) == [] and "有宝平胡" in state.why_not_win(3)


# --- 天胡 (§7) -----------------------------------------------------------------------------------


def test_s7_tianhu_pays_what_its_tiles_are_worth() -> None:
    """example 12.22 at a table: 1111m 9999p 1111s 77z dealt, 宝 6z elsewhere: 160 each."""
    hands = {
        0: "1111m9999p1111s77z",
        1: "2m2m5m8m3p6p8p2s4s7s2z3z4z",
        2: "3m6m9m2p4p7p2s5s8s4z4z5z5z",
        3: "5m4m7m2p5p8p3s6s9s4z1z2z3z",
    }
    state = make_state(hands, 0)
    assert Action(0, ActionKind.WIN) in state.legal_actions(0)
    cmd(state, 0, "hu")
    r = state.result
    assert r is not None
    (w,) = r.wins
    assert w.how is WinHow.TIANHU
    assert (w.score.pattern, w.score.value) == ("三豪华清七对", 160)
    assert r.deltas == (480, -160, -160, -160)
    assert check_hand(state) == []
