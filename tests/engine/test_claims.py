"""Claims on a discard (rule book §3-§5): chi by the 下家 only, pong/kong by anyone, the priority
地胡 > 明杠/碰 > 吃 with ties in turn order, early closing of the window, dead 宝 discards and the
must-discard rule after a chi or pong."""

from __future__ import annotations

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.errors import IllegalAction, NotYourTurn
from shangrao_bot.engine.events import EventKind
from shangrao_bot.engine.hand_records import Discard, MeldRecord, Phase
from shangrao_bot.engine.invariants import check_hand, next_dealer
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, WinHow
from shangrao_bot.rules.tiles import Meld, MeldKind
from tests.engine.builders import (
    QUIET,
    cmd,
    discard_drawn,
    make_state,
    pass_all,
    tile,
    tiles,
)

# --- chi -----------------------------------------------------------------------------------

DEALER_PAD = "999s888s777s666s5s"  # 13 tiles the dealer holds besides the discard
HONOR_PAD = "1z1z1z2z2z2z3z3z3z4z4z4z5z"


def _chi_state(partners: str, discard: str, indicator: str = "7z") -> tuple[int, list[Action]]:
    n = len(tiles(partners))
    state = make_state(
        {0: DEALER_PAD + discard, 1: partners + HONOR_PAD[: 2 * (13 - n)]}, 0, indicator=indicator
    )
    cmd(state, 0, f"d {discard}")
    return tile(discard), state.legal_actions(1)


@pytest.mark.parametrize(
    ("partners", "discard", "expected", "indicator"),
    [
        ("3m4m6m7m", "5m", ["345m", "456m", "567m"], "7z"),
        ("1m2m4m5m", "3m", ["123m", "234m", "345m"], "7z"),
        ("2m3m", "1m", ["123m"], "7z"),
        ("7m8m", "9m", ["789m"], "7z"),
        ("4p6p", "5p", ["456p"], "7z"),
        ("1s3s", "2s", ["123s"], "7z"),
        ("2p3p8m9m", "1p", ["123p"], "7z"),
        ("8m9m", "1p", [], "7z"),  # 8m-9m-1p crosses suits
        ("9m2p", "1p", [], "7z"),
        ("1z2z", "3z", [], "7z"),  # honors never form sequences
        ("5z6z", "7z", [], "4z"),
        ("3m5m", "4m", ["345m"], "4m"),  # 宝 = 5m may sit in a chi as its own kind
        ("1m5m", "2m", [], "4m"),  # … but never as a wildcard (5m for 3m)
    ],
)
def test_chi_lists_every_combination_exactly(
    partners: str, discard: str, expected: list[str], indicator: str
) -> None:
    t, legal = _chi_state(partners, discard, indicator)
    chis = [a for a in legal if a.kind is ActionKind.CHI]
    assert [a.tiles for a in chis] == [tuple(tiles(e)) for e in expected]
    assert all(a.tile == t and a.seat == 1 for a in chis)
    if chis:
        assert legal[-1] == Action(1, ActionKind.PASS)


# Dealer 0 discards 5m: seat 1 (下家) may chi it three ways, seat 2 may pong it.
CLAIMS = {
    0: "1m1m9m2p5p8p3s6s1z2z3z4z9s5m",
    1: "3m4m6m7m3p6p9p1s4s7s2z3z4z",
    2: "5m5m4m6m1p4p7p2s5s8s5z5z7z",
    3: "2m8m9m2p5p8p3s6s9s1z2z3z5z",
}


def test_claim_window_lists_each_seats_options() -> None:
    state = make_state(CLAIMS, 0, draws="9p")
    events = cmd(state, 0, "d 5m")
    # each seat that may claim is told privately; nobody else learns that a claim exists
    assert [(e.kind, e.owner) for e in events] == [
        (EventKind.DISCARDED, None),
        (EventKind.CLAIM_WINDOW, 1),
        (EventKind.CLAIM_WINDOW, 2),
    ]
    assert all(e.visible_to(3) is None for e in events[1:])
    assert state.phase is Phase.CLAIM and state.to_act() == [1, 2]
    five = tile("5m")
    assert state.legal_actions(1) == [
        Action(1, ActionKind.CHI, five, tuple(tiles("345m"))),
        Action(1, ActionKind.CHI, five, tuple(tiles("456m"))),
        Action(1, ActionKind.CHI, five, tuple(tiles("567m"))),
        Action(1, ActionKind.PASS),
    ]
    assert state.legal_actions(2) == [Action(2, ActionKind.PONG, five), Action(2, ActionKind.PASS)]
    assert state.legal_actions(3) == [] and state.legal_actions(0) == []
    with pytest.raises(NotYourTurn, match="you have no claim on this discard"):
        cmd(state, 3, "pong")
    with pytest.raises(NotYourTurn):
        cmd(state, 0, "d 1m")
    with pytest.raises(IllegalAction, match="only the discarder's 下家"):
        state.apply(Action(2, ActionKind.CHI, five, tuple(tiles("456m"))))
    with pytest.raises(IllegalAction, match="claim the discard or pass"):
        cmd(state, 1, "d 3m")
    with pytest.raises(IllegalAction, match="that chi does not fit"):
        state.apply(Action(1, ActionKind.CHI, five, tuple(tiles("234m"))))
    with pytest.raises(IllegalAction, match="a pong needs two tiles"):
        cmd(state, 1, "pong")
    with pytest.raises(IllegalAction, match="three tiles like it"):
        cmd(state, 2, "kong")
    assert check_hand(state) == []


def test_pong_beats_a_chi_answered_first() -> None:
    state = make_state(CLAIMS, 0, draws="9p")
    cmd(state, 0, "d 5m")
    cmd(state, 1, "chi 456m")
    assert state.phase is Phase.CLAIM and state.to_act() == [2]
    with pytest.raises(NotYourTurn, match="already answered"):
        cmd(state, 1, "pass")
    events = cmd(state, 2, "pong")
    assert [e.kind for e in events] == [EventKind.PONG]
    assert state.phase is Phase.TURN and state.current == 2 and state.drawn is None
    assert state.melds[2] == [MeldRecord(Meld(MeldKind.PONG, (tile("5m"),) * 3), 0, tile("5m"))]
    assert state.melds[1] == [] and state.concealed(1) == tiles(CLAIMS[1])
    assert state.discards[0][-1] == Discard(tile("5m"), False, 2)
    assert state.log[-1] == ("C", 2)
    assert all(a.kind is ActionKind.DISCARD for a in state.legal_actions(2))
    assert check_hand(state) == []


def test_pong_answered_first_closes_the_window_early() -> None:
    state = make_state(CLAIMS, 0, draws="9p")
    cmd(state, 0, "d 5m")
    cmd(state, 2, "pong")
    assert state.phase is Phase.TURN and state.current == 2
    with pytest.raises(NotYourTurn):
        cmd(state, 1, "chi 456m")


def test_chi_wins_when_the_pong_seat_passes() -> None:
    state = make_state(CLAIMS, 0, draws="9p")
    cmd(state, 0, "d 5m")
    events = cmd(state, 2, "pass")
    assert [(e.kind, e.owner) for e in events] == [(EventKind.PASSED, 2)]
    assert state.phase is Phase.CLAIM and state.to_act() == [1]
    cmd(state, 1, "chi 567m")
    assert state.current == 1 and state.after_call
    assert state.melds[1][0].meld == Meld(MeldKind.CHI, tuple(tiles("567m")))
    assert state.concealed(1) == tiles("3m4m3p6p9p1s4s7s2z3z4z")
    assert check_hand(state) == []


def test_all_pass_and_the_next_seat_draws() -> None:
    state = make_state(CLAIMS, 0, draws="9p")
    cmd(state, 0, "d 5m")
    cmd(state, 1, "pass")
    events = cmd(state, 2, "pass")
    assert [e.kind for e in events] == [EventKind.PASSED, EventKind.DREW]
    assert state.current == 1 and state.drawn == tile("9p")
    assert state.discards[0][-1].claimed_by is None


def test_minggang_by_any_seat_draws_a_replacement() -> None:
    hands = {**CLAIMS, 2: "5m5m5m123p456s789s1z", 3: "2m8m9m4p5p8p3s6s9s4z2z3z5z"}
    state = make_state(hands, 0, draws="9p", replacements="1z")
    cmd(state, 0, "d 5m")
    five = tile("5m")
    assert state.legal_actions(2) == [
        Action(2, ActionKind.KONG, five),
        Action(2, ActionKind.PONG, five),
        Action(2, ActionKind.PASS),
    ]
    cmd(state, 1, "chi 345m")
    events = cmd(state, 2, "kong")
    assert [e.kind for e in events] == [EventKind.KONG, EventKind.BONUS, EventKind.DREW]
    assert events[2].detail == "replacement" and events[2].secret == (tile("1z"),)
    assert state.melds[2] == [MeldRecord(Meld(MeldKind.KONG_EXPOSED, (five,) * 4), 0, five)]
    assert state.bonuses == [Bonus(2, BonusKind.MINGGANG)]
    assert state.current == 2 and state.chain == 1 and state.replacement
    assert Action(2, ActionKind.WIN) in state.legal_actions(2)  # 杠开 after a 明杠
    cmd(state, 2, "hu")
    r = state.result
    assert r is not None
    (win,) = r.wins
    assert win.how is WinHow.KONG and win.kong_chain == 1
    # 平胡自摸 2 × 杠开 2 from each, plus 1 (碰杠) from each.
    assert r.deltas == (-5, -5, 15, -5)
    assert r.next_dealer == 2 == next_dealer(0, state)
    assert check_hand(state) == []


@pytest.mark.parametrize(
    ("seat", "hand"),
    [
        (1, "2m2m5m8m3p6p9p1s4s7s2z9s9s"),  # the 下家
        (2, "3m6m9m1p4p7p2s5s8s4z4z9s9s"),  # across
        (3, "1m4m7m2p5p8p3s6s9s9s1z1z2z"),  # the 上家
    ],
)
def test_any_other_seat_may_pong(seat: int, hand: str) -> None:
    state = make_state({**QUIET, seat: hand}, 0)
    cmd(state, 0, "d 9s")
    nine = tile("9s")
    assert state.to_act() == [seat]
    assert state.legal_actions(seat) == [
        Action(seat, ActionKind.PONG, nine),
        Action(seat, ActionKind.PASS),
    ]
    cmd(state, seat, "pong")
    assert state.current == seat and state.after_call
    assert state.melds[seat] == [MeldRecord(Meld(MeldKind.PONG, (nine,) * 3), 0, nine)]
    assert check_hand(state) == []


def test_a_minggang_then_an_angang_chain_for_gangkai() -> None:
    hands = {**CLAIMS, 2: "5m5m5m1111p456s789s", 3: "2m8m9m4p5p8p3s6s9s4z2z3z5z"}
    state = make_state(hands, 0, replacements="5z5z")
    cmd(state, 0, "d 5m")
    cmd(state, 2, "kong")  # a kong outranks every chi: the window closes at once
    assert state.current == 2 and state.chain == 1
    cmd(state, 2, "angang 1p")
    assert state.chain == 2
    cmd(state, 2, "hu")
    r = state.result
    assert r is not None
    (win,) = r.wins
    assert win.how is WinHow.KONG and win.kong_chain == 2
    # 平胡自摸 2 × 杠开 4, plus 1 (明杠) and 2 (暗杠), from each.
    assert r.deltas == (-11, -11, 33, -11)


# --- after chi / pong: discard only -----------------------------------------------------------


def test_after_pong_no_kong_and_no_win_until_the_next_draw() -> None:
    hands = {
        0: "1m1m4m7m2p5p8p3s6s1z2z3z5z5m",
        1: "2m2m8m9m3p6p9p1s4s7s2z3z4z",
        2: "3m6m9m4p7p9p2s5s8s4z4z5z5z",
        3: "5m5m1111p23p789s9s9s",
    }
    state = make_state(hands, 0, draws="7z7z7z5m", rules=RuleSet(di_hu=False))
    cmd(state, 0, "d 5m")
    assert state.legal_actions(3) == [
        Action(3, ActionKind.PONG, tile("5m")),
        Action(3, ActionKind.PASS),
    ]
    cmd(state, 3, "pong")
    # 1111p 23p 789s 99s + the pong: complete, but a win needs a draw.
    assert all(a.kind is ActionKind.DISCARD for a in state.legal_actions(3))
    with pytest.raises(IllegalAction, match="you can win only on a draw"):
        cmd(state, 3, "hu")
    with pytest.raises(IllegalAction, match="no kong until your next draw"):
        cmd(state, 3, "angang 1p")
    cmd(state, 3, "d 9s")
    pass_all(state)
    for _ in range(3):
        discard_drawn(state)
    assert state.current == 3 and state.drawn == tile("5m")
    legal = state.legal_actions(3)
    assert Action(3, ActionKind.ANGANG, tile("1p")) in legal
    assert Action(3, ActionKind.BUGANG, tile("5m")) in legal
    assert check_hand(state) == []


def test_after_chi_no_kong_and_no_win() -> None:
    hands = {**CLAIMS, 1: "3m4m1111p23p456s9s9s"}
    hands[2] = "5m5m4m6m4p7p9p2s5s8s5z5z7z"
    hands[3] = "2m8m9m2p5p8p3s6s7s1z2z3z5z"
    state = make_state(hands, 0, draws="9p")
    cmd(state, 0, "d 5m")
    cmd(state, 2, "pass")
    cmd(state, 1, "chi 345m")
    assert state.after_call and state.phase is Phase.TURN and state.current == 1
    legal = state.legal_actions(1)
    assert legal == [Action(1, ActionKind.DISCARD, k) for k in sorted(set(state.concealed(1)))]
    with pytest.raises(IllegalAction, match="after a chi or pong you must discard"):
        cmd(state, 1, "hu")
    with pytest.raises(IllegalAction, match="after a chi or pong you must discard"):
        cmd(state, 1, "angang 1p")


# --- 地胡 ---------------------------------------------------------------------------------------

# Dealer 0's first discard 2z: seat 1 (waiting on 2z) and seat 3 (宝吊头, 宝 = 6z) may win 地胡,
# seat 2 may pong it.
DIHU = {
    0: "1m4m7m2p5p8p3s6s9s1z4z5z5z2z",
    1: "123m456p789s111z2z",
    2: "2z2z3m6m9m1p4p7p2s5s8s4z7z",
    3: "456m123p789s333z6z",
}


def test_dihu_window_options() -> None:
    state = make_state(DIHU, 0)
    cmd(state, 0, "d 2z")
    two = tile("2z")
    assert state.to_act() == [1, 2, 3]
    assert state.legal_actions(1) == [Action(1, ActionKind.WIN, two), Action(1, ActionKind.PASS)]
    assert state.legal_actions(2) == [Action(2, ActionKind.PONG, two), Action(2, ActionKind.PASS)]
    assert state.legal_actions(3) == [Action(3, ActionKind.WIN, two), Action(3, ActionKind.PASS)]


def test_dihu_beats_pong_and_the_first_claimant_in_turn_order_wins() -> None:
    state = make_state(DIHU, 0)
    cmd(state, 0, "d 2z")
    cmd(state, 2, "pong")
    assert state.phase is Phase.CLAIM and state.to_act() == [1, 3]
    cmd(state, 3, "hu")
    assert state.phase is Phase.CLAIM and state.to_act() == [1]  # seat 1 comes first
    events = cmd(state, 1, "hu")
    assert [e.kind for e in events] == [EventKind.WON, EventKind.HAND_ENDED]
    r = state.result
    assert r is not None
    (win,) = r.wins
    assert win.seat == 1 and win.how is WinHow.DIHU and win.winning_tile == tile("2z")
    assert win.score.pattern == "地胡" and win.score.value == 10
    assert sorted(win.concealed) == tiles(DIHU[1] + "2z")
    assert r.deltas == (-10, 30, -10, -10)
    assert r.next_dealer == 1 == next_dealer(0, state)
    assert state.discards[0][-1].claimed_by == 1
    assert check_hand(state) == []


def test_dihu_by_the_first_claimant_closes_the_window_at_once() -> None:
    state = make_state(DIHU, 0)
    cmd(state, 0, "d 2z")
    cmd(state, 1, "hu")
    assert state.over
    with pytest.raises(IllegalAction, match="the hand is over"):
        cmd(state, 3, "hu")


def test_dihu_goes_to_the_later_claimant_when_the_first_passes() -> None:
    state = make_state(DIHU, 0)
    cmd(state, 0, "d 2z")
    cmd(state, 1, "pass")
    cmd(state, 2, "pong")
    assert not state.over and state.to_act() == [3]
    cmd(state, 3, "hu")
    r = state.result
    assert r is not None and [w.seat for w in r.wins] == [3]
    assert r.wins[0].score.pattern == "地胡"  # the 宝 acts (宝吊头 shape): 地胡 allows it
    assert r.deltas == (-10, -10, -10, 30) and r.next_dealer == 3


def test_pong_stands_when_every_dihu_claimant_passes() -> None:
    state = make_state(DIHU, 0)
    cmd(state, 0, "d 2z")
    cmd(state, 3, "pass")
    cmd(state, 2, "pong")
    assert state.phase is Phase.CLAIM
    cmd(state, 1, "pass")
    assert state.phase is Phase.TURN and state.current == 2
    assert state.melds[2][0].meld.kind is MeldKind.PONG


def test_no_dihu_when_switched_off() -> None:
    state = make_state(DIHU, 0, rules=RuleSet(di_hu=False))
    cmd(state, 0, "d 2z")
    assert state.to_act() == [2]
    assert state.legal_actions(1) == [] and state.legal_actions(3) == []


def test_no_dihu_on_a_later_discard() -> None:
    state = make_state(DIHU, 0, draws="9p9p9p3p")
    cmd(state, 0, "d 7m")  # seat 3 (宝吊头) may 地胡 on it: it passes
    assert state.to_act() == [3]
    pass_all(state)
    for _ in range(3):
        discard_drawn(state)
    assert state.current == 0 and state.drawn == tile("3p")
    cmd(state, 0, "d 2z")
    assert state.to_act() == [2]
    with pytest.raises(NotYourTurn, match="no claim"):
        cmd(state, 1, "hu")
    with pytest.raises(NotYourTurn):
        cmd(state, 3, "hu")
    with pytest.raises(IllegalAction, match="nobody wins on another player's discard"):
        cmd(state, 2, "hu")


# --- dead 宝 -------------------------------------------------------------------------------------

# 宝 = 5m (indicator 4m). Seat 1 could chi a 5m, seat 2 pong it, seat 3 win 地胡 on it.
DEAD = {
    0: "1m7m2p5p8p3s6s9s1z3z4z5z7z5m",
    1: "4m6m2m8m3p6p9p1s4s7s2z3z4z",
    2: "5m5m3m9m1p4p7p2s5s8s1z4z5z",
    3: "123p456p789s777z5m",
}


def test_a_discarded_bao_is_dead_and_counted_as_flown() -> None:
    state = make_state(DEAD, 0, draws="9p", indicator="4m")
    assert state.bao == tile("5m")
    events = cmd(state, 0, "d 5m")
    assert [e.kind for e in events] == [EventKind.DISCARDED, EventKind.DREW]
    assert events[0].detail == "flown"
    assert state.phase is Phase.TURN and state.current == 1 and state.drawn == tile("9p")
    assert state.discards[0] == [Discard(tile("5m"), True, None)]
    assert state.bao_flown == [1, 0, 0, 0]
    with pytest.raises(NotYourTurn):
        cmd(state, 2, "pong")
    with pytest.raises(NotYourTurn):
        cmd(state, 3, "hu")
    assert check_hand(state) == []
