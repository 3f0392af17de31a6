"""Kongs (rule book §2, §4, §5, §7): 暗杠, 跌宝杠, 补杠 and the 抢杠 window, kong chains for 杠开,
kong bonuses, and no kong once no live tile is left for its replacement."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.errors import IllegalAction, NotYourTurn
from shangrao_bot.engine.events import EventKind
from shangrao_bot.engine.hand_records import MeldRecord, Outcome, Phase
from shangrao_bot.engine.invariants import check_hand, next_dealer
from shangrao_bot.engine.state import HandState
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, Reason, WinHow
from shangrao_bot.rules.tiles import NUM_KINDS, Meld, MeldKind, parse_tiles, tile_str
from tests.engine.builders import (
    QUIET,
    cmd,
    discard_drawn,
    make_state,
    pass_all,
    tile,
)

BASE = {
    1: QUIET[1],
    2: QUIET[2],
    3: "5m4m7m9p5p8p3s6s9s1z4z2z3z",
}


def test_angang_draws_a_replacement_from_the_tail() -> None:
    state = make_state({**BASE, 0: "1111m456p789s111z2z"}, 0, replacements="3z")
    head, tail = state.wall.position
    events = cmd(state, 0, "angang 1m")
    assert [e.kind for e in events] == [EventKind.ANGANG, EventKind.BONUS, EventKind.DREW]
    assert events[0].tiles == (tile("1m"),) * 4
    assert events[1].detail == BonusKind.ANGANG.value
    assert events[2].detail == "replacement" and events[2].secret == (tile("3z"),)
    assert state.wall.position == (head, tail - 1)
    assert state.melds[0] == [MeldRecord(Meld(MeldKind.KONG_CONCEALED, (tile("1m"),) * 4))]
    assert state.bonuses == [Bonus(0, BonusKind.ANGANG)]
    assert state.chain == 1 and state.replacement and state.drawn == tile("3z")
    assert state.log == [("K", 0), ("R", 0)]
    assert check_hand(state) == []


def test_two_kongs_in_a_chain_then_a_win_on_the_replacement() -> None:
    state = make_state({**BASE, 0: "1111m222p789s111z3z"}, 0, replacements="2p3z")
    cmd(state, 0, "angang 1m")
    assert state.chain == 1 and Action(0, ActionKind.ANGANG, tile("2p")) in state.legal_actions(0)
    assert Action(0, ActionKind.WIN) not in state.legal_actions(0)
    cmd(state, 0, "angang 2p")
    assert state.chain == 2 and Action(0, ActionKind.WIN) in state.legal_actions(0)
    cmd(state, 0, "hu")
    r = state.result
    assert r is not None
    (win,) = r.wins
    assert win.how is WinHow.KONG and win.kong_chain == 2
    assert ("杠开", 4) in [(m.name, m.factor) for m in win.score.modifiers]
    # 平胡自摸 2 × 杠开 4 = 8 from each, plus 2 × 2 for the two 暗杠.
    assert r.deltas == (36, -12, -12, -12)
    assert r.next_dealer == 0 == next_dealer(0, state)
    assert check_hand(state) == []


def test_a_discard_breaks_the_chain() -> None:
    state = make_state({**BASE, 0: "1111m222p789s111z5s"}, 0, draws="9m9m9m2p", replacements="5s5s")
    cmd(state, 0, "angang 1m")
    cmd(state, 0, "d 5s")
    pass_all(state)
    for _ in range(3):
        discard_drawn(state)
    assert state.current == 0 and state.drawn == tile("2p") and state.chain == 0
    cmd(state, 0, "angang 2p")
    assert state.chain == 1
    cmd(state, 0, "hu")
    assert state.result is not None
    (win,) = state.result.wins
    assert win.how is WinHow.KONG and win.kong_chain == 1
    assert state.result.deltas == (24, -8, -8, -8)


# --- 跌宝杠 -------------------------------------------------------------------------------------


def test_indicator_kong_draws_nothing_and_the_turn_goes_on() -> None:
    state = make_state({**BASE, 0: "777z123m456p789s1z5s"}, 0)
    head_tail = state.wall.position
    events = cmd(state, 0, "angang 7z")
    assert [e.kind for e in events] == [EventKind.ANGANG, EventKind.BONUS]
    assert events[0].tiles == (tile("7z"),) * 3
    assert state.melds[0] == [MeldRecord(Meld(MeldKind.KONG_INDICATOR, (tile("7z"),) * 3))]
    assert state.bonuses == [Bonus(0, BonusKind.ANGANG)]
    assert state.wall.position == head_tail
    assert state.phase is Phase.TURN and state.current == 0 and state.drawn == tile("5s")
    assert state.chain == 0 and not state.replacement
    assert {a.kind for a in state.legal_actions(0)} == {ActionKind.DISCARD}
    assert len(state.concealed(0)) == 11
    assert check_hand(state) == []


def test_indicator_kong_switched_off() -> None:
    state = make_state({**BASE, 0: "777z123m456p789s1z5s"}, 0, rules=RuleSet(indicator_kong=False))
    assert all(a.kind is ActionKind.DISCARD for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="跌宝杠 is switched off"):
        cmd(state, 0, "angang 7z")


def test_a_win_after_an_indicator_kong_that_kept_the_drawn_tile() -> None:
    hands = {**BASE, 1: "777z123m456p789s1z", 0: "1m1m4m2p5p8p3s6s9s2z3z5z5z4m"}
    hands[3] = "5m4m9m9p5p8p3s6s9s1z4z2z3z"
    state = make_state(hands, 0, draws="1z")
    cmd(state, 0, "d 4m")
    pass_all(state)
    assert state.current == 1 and Action(1, ActionKind.WIN) in state.legal_actions(1)
    cmd(state, 1, "angang 7z")
    assert Action(1, ActionKind.WIN) in state.legal_actions(1)
    cmd(state, 1, "hu")
    r = state.result
    assert r is not None
    (win,) = r.wins
    assert win.how is WinHow.SELF and win.score.pattern == "平胡自摸"
    assert win.melds == (Meld(MeldKind.KONG_INDICATOR, (tile("7z"),) * 3),)
    assert r.deltas == (-4, 12, -4, -4)  # 2 for the win and 2 for the 跌宝杠, from each


def test_no_win_when_the_drawn_tile_went_into_the_indicator_kong() -> None:
    hands = {**BASE, 1: "77z123m456p789s1z1z", 0: "1m1m4m2p5p8p3s6s9s2z3z5z5z4m"}
    hands[3] = "5m4m9m9p5p8p3s6s9s1z4z2z3z"
    state = make_state(hands, 0, draws="7z")
    cmd(state, 0, "d 4m")
    pass_all(state)
    assert Action(1, ActionKind.WIN) in state.legal_actions(1)
    cmd(state, 1, "angang 7z")
    assert state.drawn is None
    assert Action(1, ActionKind.WIN) not in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="went into your 跌宝杠"):
        cmd(state, 1, "hu")


def test_a_concealed_kong_stays_possible_after_an_indicator_kong() -> None:
    """The turn goes on after a 跌宝杠 (it draws no replacement): a 暗杠 of four held tiles
    stays possible in that same turn, also when the drawn tile went into the 跌宝杠.

    Regression: kongs used to be offered only while ``HandState.drawn`` was set, and a 跌宝杠
    that takes the drawn tile clears it, so the four 1m could no longer be declared (and the
    refusal claimed "a concealed kong needs four 1m in your hand")."""
    state = make_state({**BASE, 0: "1111m77z456p789s2z7z"}, 0, replacements="2z")
    assert Action(0, ActionKind.ANGANG, tile("1m")) in state.legal_actions(0)
    cmd(state, 0, "angang 7z")
    assert state.phase is Phase.TURN and state.current == 0
    assert state.hands[0][tile("1m")] == 4 and state.wall.live > 0
    assert Action(0, ActionKind.ANGANG, tile("1m")) in state.legal_actions(0)


# --- 补杠 and 抢杠 -------------------------------------------------------------------------------

# Seat 2 pongs seat 1's 5s, then draws the fourth 5s and declares a 补杠. Seat 3 waits on 5s
# (46s); seat 1 is in 宝吊头 (宝 = 6z) and wins on anything.
ROB = {
    0: "1s2s3s1p2p3p9m9m2z2z2z5m8p1z",
    1: "234m567p789s444z6z",
    2: "5s5s1p4p7p2m5m8m3z3z5z5z7z",
    3: "123m456p789p46s11z",
}
ROB_DRAWS = "5s9s6m9p5s"


def _to_bugang(
    rules: RuleSet | None = None,
    replacements: str = "",
    fly: bool = False,
    seat3: str | None = None,
) -> HandState:
    """Play ROB up to seat 2's turn with the fourth 5s; ``fly``: seat 2 holds a 宝 (6z) instead
    of its 7z and discards it (飞宝) after its pong; ``seat3``: seat 3's hand instead."""
    hands = {**ROB, 2: ROB[2].replace("7z", "6z")} if fly else dict(ROB)
    if seat3 is not None:
        hands[3] = seat3
    state = make_state(hands, 0, draws=ROB_DRAWS, replacements=replacements, rules=rules)
    cmd(state, 0, "d 9m")
    assert state.legal_actions(1)[0] == Action(1, ActionKind.WIN, tile("9m"))  # 地胡: passed
    pass_all(state)
    assert state.current == 1 and state.drawn == tile("5s")
    assert Action(1, ActionKind.WIN) in state.legal_actions(1)  # 宝吊头: any draw wins
    cmd(state, 1, "d 5s")  # 偷机
    assert state.to_act() == [2]
    cmd(state, 2, "pong")
    cmd(state, 2, "d 6z" if fly else "d 7z")
    pass_all(state)
    for _ in range(3):
        discard_drawn(state)
    assert state.current == 2 and state.drawn == tile("5s")
    assert Action(2, ActionKind.BUGANG, tile("5s")) in state.legal_actions(2)
    return state


def test_bugang_opens_a_rob_window_for_every_seat_it_completes() -> None:
    state = _to_bugang()
    events = cmd(state, 2, "bugang 5s")
    # the window is announced privately to each robber; the public only sees the 补杠
    assert [(e.kind, e.owner) for e in events] == [
        (EventKind.BUGANG_DECLARED, None),
        *((EventKind.ROB_WINDOW, s) for s in state.options),
    ]
    assert all(e.visible_to(2) is None for e in events[1:])
    assert state.phase is Phase.ROB and state.to_act() == [3, 1]
    five = tile("5s")
    assert state.legal_actions(3) == [Action(3, ActionKind.WIN, five), Action(3, ActionKind.PASS)]
    assert state.legal_actions(1) == [Action(1, ActionKind.WIN, five), Action(1, ActionKind.PASS)]
    with pytest.raises(NotYourTurn, match="cannot rob this kong"):
        cmd(state, 0, "hu")
    with pytest.raises(IllegalAction, match="robbed"):
        cmd(state, 3, "pong")
    assert check_hand(state) == []


@pytest.mark.parametrize("first", [3, 1])
def test_several_robbers_all_win_and_the_robbed_pays_six_times(first: int) -> None:
    state = _to_bugang()
    cmd(state, 2, "bugang 5s")
    cmd(state, first, "hu")
    assert state.phase is Phase.ROB and state.to_act() == [4 - first]  # the window waits
    cmd(state, 4 - first, "hu")
    r = state.result
    assert r is not None and r.outcome is Outcome.WIN and r.robbed_seat == 2
    assert [w.seat for w in r.wins] == [3, 1]
    assert all(w.how is WinHow.ROB and w.winning_tile == tile("5s") for w in r.wins)
    assert r.wins[0].score.pattern == "平胡自摸" and r.wins[1].score.pattern == "宝吊头"
    assert all(("抢杠", 6) in [(m.name, m.factor) for m in w.score.modifiers] for w in r.wins)
    # Only the robbed seat pays: 2 × 6 to seat 3, 3 × 6 to seat 1; the robbed kong is void.
    assert sorted((p.payer, p.payee, p.amount, p.reason) for p in r.payments) == [
        (2, 1, 18, Reason.WIN),
        (2, 3, 12, Reason.WIN),
    ]
    assert r.deltas == (0, 18, -30, 12) and sum(r.deltas) == 0
    assert r.bonuses == () and state.bonuses == []
    assert state.melds[2][0].meld.kind is MeldKind.PONG
    assert r.next_dealer == 3 == next_dealer(0, state)
    assert check_hand(state) == []


def test_the_robbed_seat_pays_double_for_its_flown_bao() -> None:
    state = _to_bugang(fly=True)
    assert state.bao_flown == [0, 0, 1, 0]
    cmd(state, 2, "bugang 5s")
    cmd(state, 1, "hu")
    cmd(state, 3, "hu")
    r = state.result
    assert r is not None
    assert sorted((p.payer, p.payee, p.amount) for p in r.payments) == [(2, 1, 36), (2, 3, 24)]
    assert r.deltas == (0, 36, -60, 24)


def test_one_robber_while_the_other_passes() -> None:
    state = _to_bugang()
    cmd(state, 2, "bugang 5s")
    cmd(state, 3, "pass")
    cmd(state, 1, "hu")
    r = state.result
    assert r is not None and [w.seat for w in r.wins] == [1]
    assert r.deltas == (0, 18, -18, 0) and r.next_dealer == 1


def test_an_unrobbed_bugang_stands_with_its_bonus_and_replacement() -> None:
    state = _to_bugang(replacements="8p")
    cmd(state, 2, "bugang 5s")
    cmd(state, 1, "pass")
    events = cmd(state, 3, "pass")
    assert [e.kind for e in events] == [
        EventKind.PASSED,
        EventKind.BUGANG,
        EventKind.BONUS,
        EventKind.DREW,
    ]
    five = tile("5s")
    assert state.melds[2][0] == MeldRecord(Meld(MeldKind.KONG_EXPOSED, (five,) * 4), 1, five)
    assert state.bonuses == [Bonus(2, BonusKind.MINGGANG)]
    assert state.phase is Phase.TURN and state.current == 2
    assert state.drawn == tile("8p") and state.chain == 1 and state.replacement
    assert check_hand(state) == []


@pytest.mark.parametrize(
    "rules", [RuleSet(Preset.BAIKE), RuleSet(qiang_gang=False)], ids=["baike", "switched-off"]
)
def test_no_rob_window_in_baike_or_when_switched_off(rules: RuleSet) -> None:
    state = _to_bugang(rules, replacements="8p")
    events = cmd(state, 2, "bugang 5s")
    assert [e.kind for e in events] == [
        EventKind.BUGANG_DECLARED,
        EventKind.BUGANG,
        EventKind.BONUS,
        EventKind.DREW,
    ]
    assert state.phase is Phase.TURN and state.current == 2 and state.drawn == tile("8p")


# --- no live tile left -------------------------------------------------------------------------


def _exhaustion_state() -> HandState:
    """Seat 0 holds 1111m and the three 7z, pongs the 5p seat 2 discards (keeping the fourth),
    and draws the last live tile, a 9m; seat 1 holds 999m."""
    hands = {
        0: "1111m777z555p2s5s8s3z",
        1: "9m9m9m1p4p7p2s5s8s1z2z4z5z",
        2: "2m5m8m3p6p9p1s4s7s1z2z4z5z",
        3: "3m3m6m6m2p8p3s6s9s1z2z4z5z",
    }
    used = Counter(t for h in hands.values() for t in parse_tiles(h))
    used[tile("7z")] += 1
    pool = [k for k in range(NUM_KINDS) for _ in range(4 - used[k])]
    pool.remove(tile("5p"))
    pool.remove(tile("9m"))
    random.Random(7).shuffle(pool)
    draws = [pool[0], tile("5p"), *pool[1:], tile("9m")]
    assert len(draws) == 82
    return make_state(hands, 0, draws="".join(tile_str(t) for t in draws))


def test_no_kong_without_a_live_tile_not_even_the_indicator_kong() -> None:
    """RULES §2: a kong only while a live tile remains — the 跌宝杠 included (it draws no
    replacement, but it is "declared like any kong", §4)."""
    state = _exhaustion_state()
    discard_drawn(state)  # the dealer's 3z (seat 2 may 地胡 on it with 十三浪: passed)
    discard_drawn(state)  # seat 1
    assert state.current == 2 and state.drawn == tile("5p")
    cmd(state, 2, "d 5p")
    assert state.legal_actions(0)[:2] == [
        Action(0, ActionKind.KONG, tile("5p")),
        Action(0, ActionKind.PONG, tile("5p")),
    ]
    cmd(state, 0, "pong")
    cmd(state, 0, "d 2s")
    pass_all(state)
    saw_live_kongs = False
    while state.wall.live > 0:
        if state.current == 0:
            legal = state.legal_actions(0)
            assert Action(0, ActionKind.ANGANG, tile("1m")) in legal
            assert Action(0, ActionKind.BUGANG, tile("5p")) in legal
            saw_live_kongs = True
        discard_drawn(state)
    assert saw_live_kongs
    assert state.current == 0 and state.drawn == tile("9m") and state.wall.live == 0
    legal = state.legal_actions(0)
    assert Action(0, ActionKind.ANGANG, tile("7z")) not in legal
    assert Action(0, ActionKind.ANGANG, tile("1m")) not in legal
    assert Action(0, ActionKind.BUGANG, tile("5p")) not in legal
    with pytest.raises(IllegalAction, match="no live tile is left"):
        cmd(state, 0, "angang 1m")
    with pytest.raises(IllegalAction, match="no live tile is left"):
        cmd(state, 0, "bugang 5p")
    with pytest.raises(IllegalAction, match="no live tile is left"):
        cmd(state, 0, "angang 7z")
    cmd(state, 0, "d 9m")
    nine = tile("9m")
    assert state.legal_actions(1) == [Action(1, ActionKind.PONG, nine), Action(1, ActionKind.PASS)]
    with pytest.raises(IllegalAction, match="no live tile is left"):
        cmd(state, 1, "kong")
    events = cmd(state, 1, "pass")
    assert [e.kind for e in events][-2:] == [EventKind.EXHAUSTED, EventKind.HAND_ENDED]
    r = state.result
    assert r is not None and r.outcome is Outcome.EXHAUSTED and r.wins == ()
    assert r.bonuses == () and r.deltas == (0, 0, 0, 0)
    assert r.next_dealer == 1 == next_dealer(0, state)
    assert check_hand(state) == []
