"""Winning, paying and the end of a hand (rule book §3, §5, §7-§9) on crafted walls: 自摸, the
宝吊头 state and 偷机, 有宝平胡 refused with a reason, 飞宝, 接宝, 四个宝, 流局, the stake and
dealer rotation."""

from __future__ import annotations

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.errors import IllegalAction
from shangrao_bot.engine.events import EventKind
from shangrao_bot.engine.hand_records import Outcome
from shangrao_bot.engine.invariants import check_hand, next_dealer
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import public_view, view_for
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, Reason, WinHow
from tests.engine.builders import (
    QUIET,
    cmd,
    discard_drawn,
    make_state,
    pass_all,
    run_to_exhaustion,
    tile,
)

# Seat 1 waits on 2z with a clean 平胡; the dealer opens with 9m, which nobody may claim.
PINGHU = {
    0: "1m4m7m2p5p8p3s6s9s3z4z5z5z9m",
    1: "123m456p789s111z2z",
    2: "2m5m8m3p6p9p1s4s7s2z3z4z7z",
    3: "3m6m9m1p4p7p2s5s8s3z4z5z7z",
}


def _opened(hands: dict[int, str], draws: str, rules: RuleSet | None = None) -> HandState:
    """Dealer 0 discards its 14th tile; every claim on it is passed."""
    state = make_state(hands, 0, draws=draws, rules=rules)
    cmd(state, 0, f"d {hands[0][-2:]}")
    pass_all(state)
    return state


@pytest.mark.parametrize(
    ("preset", "value"), [(Preset.SHANGRAO, 2), (Preset.BAIKE, 4)], ids=["shangrao", "baike"]
)
def test_zimo_pinghu_pays_from_every_other_seat(preset: Preset, value: int) -> None:
    state = _opened(PINGHU, "2z", rules=RuleSet(preset))
    assert state.current == 1 and Action(1, ActionKind.WIN) in state.legal_actions(1)
    events = cmd(state, 1, "hu")
    assert [e.kind for e in events] == [EventKind.WON, EventKind.HAND_ENDED]
    assert events[0].seat == 1 and events[0].detail == WinHow.SELF.value
    assert events[1].detail == f"seed={state.seed.hex()}"
    r = state.result
    assert r is not None and r.outcome is Outcome.WIN
    (win,) = r.wins
    assert win.seat == 1 and win.how is WinHow.SELF and win.winning_tile == tile("2z")
    assert r.deltas == (-value, 3 * value, -value, -value)
    assert sorted(r.payments, key=lambda p: p.payer) == list(r.payments)
    assert {(p.payer, p.payee, p.amount) for p in r.payments} == {(s, 1, value) for s in (0, 2, 3)}
    assert r.next_dealer == 1 == next_dealer(0, state)
    assert check_hand(state) == []


def test_the_stake_multiplies_every_amount() -> None:
    hands = {**PINGHU, 0: "1m4m7m2p5p8p3s6s9s3z4z5z5z6z", 2: "6z6z6z2m5m8m3p6p9p1s4s7s2z"}
    plain = _opened(hands, "2z")
    staked = _opened(hands, "2z", rules=RuleSet(stake=3))
    cmd(plain, 1, "hu")
    cmd(staked, 1, "hu")
    assert plain.result is not None and staked.result is not None
    assert staked.result.deltas == tuple(3 * d for d in plain.result.deltas)


def test_jiebao_is_awarded_at_once_and_the_flyer_pays_double() -> None:
    """Seat 2 was dealt three 宝 (6z); the dealer flies the fourth: 接宝 for seat 2 at once.
    Then seat 1 wins 平胡自摸 (2): the dealer, who flew a 宝, pays 4."""
    hands = {**PINGHU, 0: "1m4m7m2p5p8p3s6s9s3z4z5z5z6z", 2: "6z6z6z2m5m8m3p6p9p1s4s7s2z"}
    state = make_state(hands, 0, draws="2z")
    assert state.bao_drawn == [1, 0, 3, 0]
    events = cmd(state, 0, "d 6z")
    assert [(e.kind, e.seat) for e in events] == [
        (EventKind.DISCARDED, 0),
        (EventKind.BONUS, 2),
        (EventKind.DREW, 1),
    ]
    assert events[1].detail == BonusKind.JIEBAO.value
    assert state.bonuses == [Bonus(2, BonusKind.JIEBAO)]
    assert state.bao_flown == [1, 0, 0, 0]
    cmd(state, 1, "hu")
    r = state.result
    assert r is not None
    wins = {(p.payer, p.amount) for p in r.payments if p.reason is Reason.WIN}
    assert wins == {(0, 4), (2, 2), (3, 2)}
    jiebao = {(p.payer, p.payee, p.amount) for p in r.payments if p.reason is Reason.JIEBAO}
    assert jiebao == {(0, 2, 10), (1, 2, 10), (3, 2, 10)}
    assert r.deltas == (-14, -2, 28, -12)
    assert check_hand(state) == []


def test_sigebao_when_the_deal_gives_one_seat_all_four() -> None:
    hands = {**PINGHU, 2: "6z6z6z6z2m5m8m3p6p9p1s4s7s"}
    state = make_state(hands, 0)
    assert state.bao_drawn[2] == 4
    assert state.bonuses == [Bonus(2, BonusKind.SIGEBAO)]
    bonus = [e for e in state.start_events if e.kind is EventKind.BONUS]
    assert [(e.seat, e.detail) for e in bonus] == [(2, BonusKind.SIGEBAO.value)]
    # awarded at once, but told to its owner only: announcing it would reveal four 宝 held
    assert bonus[0].visible_to(2) == bonus[0]
    assert all(bonus[0].visible_to(v) is None for v in (None, 0, 1, 3))
    assert public_view(state).bonuses == ()


def test_sigebao_when_a_seat_draws_its_fourth_bao_and_it_is_paid_at_a_draw() -> None:
    hands = {**PINGHU, 2: "6z6z6z2m5m8m3p6p9p1s4s7s2z"}
    state = make_state(hands, 0, draws="9p6z")
    cmd(state, 0, "d 9m")
    pass_all(state)
    events = discard_drawn(state)  # seat 1 discards 9p, seat 2 draws the fourth 6z
    assert [(e.kind, e.seat) for e in events if e.kind is not EventKind.DISCARDED][:2] == [
        (EventKind.DREW, 2),
        (EventKind.BONUS, 2),
    ]
    assert state.bonuses == [Bonus(2, BonusKind.SIGEBAO)] and state.bao_drawn[2] == 4
    run_to_exhaustion(state)
    r = state.result
    assert r is not None and r.outcome is Outcome.EXHAUSTED
    assert r.deltas == (-10, -10, 30, -10)
    assert check_hand(state) == []


def test_feibao_doubles_what_the_winner_wins() -> None:
    """Seat 1 draws a 宝: it would only complete the hand as 有宝平胡 (not a win), so it flies
    it, and later wins clean: 2 × 2 (one 宝 flown) from each."""
    state = _opened(PINGHU, "6z9p9p9p2z")
    assert state.current == 1 and state.drawn == tile("6z")
    assert Action(1, ActionKind.WIN) not in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="有宝平胡"):
        cmd(state, 1, "hu")
    cmd(state, 1, "d 6z")
    assert state.bao_flown == [0, 1, 0, 0]
    for _ in range(3):
        discard_drawn(state)
    assert state.current == 1 and state.drawn == tile("2z")
    cmd(state, 1, "hu")
    r = state.result
    assert r is not None
    (win,) = r.wins
    assert ("飞宝", 2) in [(m.name, m.factor) for m in win.score.modifiers]
    assert r.deltas == (-4, 12, -4, -4)


# --- 宝吊头 (宝 = 5m) ----------------------------------------------------------------------------

# Seat 1: 123m 4p5m6p 777s 111z + a lone 5m — four sets (one 5m acting as 5p) and a lone 宝.
BAODIAO = {
    0: "8m9m9m2p3p8p1s3s5s2z3z4z5z9p",
    1: "123m4p5m6p777s111z5m",
    2: "2m3m6m7m1p5p7p2s4s6s8s6z7z",
    3: "1m4m7m9m1p4p8p2s7s9s1z6z7z",
}


def _baodiao(draws: str, hand1: str | None = None) -> HandState:
    hands = dict(BAODIAO) if hand1 is None else {**BAODIAO, 1: hand1}
    state = make_state(hands, 0, draws=draws, indicator="4m")
    assert state.bao == tile("5m")
    cmd(state, 0, "d 9p")
    pass_all(state)  # seat 1 could win 地胡 on it: in 宝吊头 any tile completes the hand
    return state


@pytest.mark.parametrize(
    ("draw", "pattern", "value"),
    [("9s", "宝吊头", 3), ("5p", "宝吊无宝", 6), ("5m", "宝吊宝", 6), ("7z", "宝吊头", 3)],
)
def test_baodiao_wins_on_any_draw(draw: str, pattern: str, value: int) -> None:
    state = _baodiao(draw)
    assert state.current == 1 and state.drawn == tile(draw)
    assert Action(1, ActionKind.WIN) in state.legal_actions(1)
    cmd(state, 1, "hu")
    r = state.result
    assert r is not None
    (win,) = r.wins
    assert win.how is WinHow.SELF and win.winning_tile == tile(draw)
    assert win.score.pattern == pattern and win.score.value == value
    assert r.deltas == (-value, 3 * value, -value, -value)


def test_toutji_discarding_in_baodiao_plays_on_and_wins_later() -> None:
    state = _baodiao("9s9p9p9p5p")
    assert Action(1, ActionKind.WIN) in state.legal_actions(1)
    cmd(state, 1, "d 9s")  # 偷机: decline the 宝吊头 win
    pass_all(state)
    assert not state.over and state.current == 2
    for _ in range(3):
        discard_drawn(state)
    assert state.current == 1 and state.drawn == tile("5p")
    cmd(state, 1, "hu")
    assert state.result is not None
    assert state.result.wins[0].score.pattern == "宝吊无宝"


def test_youbao_pinghu_is_not_offered_and_the_refusal_explains_it() -> None:
    """rule book example 12.9: 123m 4p5m6p 777s 111z 9s + 9s, 宝 = 5m acting as 5p."""
    state = _baodiao("9s", hand1="123m4p5m6p777s111z9s")
    assert state.current == 1 and state.drawn == tile("9s")
    assert Action(1, ActionKind.WIN) not in state.legal_actions(1)
    assert Action(1, ActionKind.WIN) not in view_for(state, 1).legal
    with pytest.raises(IllegalAction, match="有宝平胡 is not a win") as info:
        cmd(state, 1, "hu")
    assert "宝吊头" in str(info.value)
    assert not state.over


# --- 流局 and dealer rotation -------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_exhausted_wall_passes_the_deal_to_the_dealers_next(dealer: int) -> None:
    hands = {(dealer + s) % 4: QUIET[s] for s in range(4)}
    state = make_state(hands, dealer)
    events = run_to_exhaustion(state)
    assert [e.kind for e in events[-2:]] == [EventKind.EXHAUSTED, EventKind.HAND_ENDED]
    r = state.result
    assert r is not None and r.outcome is Outcome.EXHAUSTED and r.wins == ()
    assert state.wall.live == 0
    assert r.next_dealer == (dealer + 1) % 4 == next_dealer(dealer, state)
    assert sum(r.deltas) == 0
    assert sum(1 for kind, _ in state.log if kind == "N") == 82
    assert check_hand(state) == []
