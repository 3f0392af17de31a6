"""The turn flow on crafted walls (rule book §2, §4, §5): the dealer's first turn, 天胡, draw →
discard, and the errors a player gets for acting out of turn or illegally."""

from __future__ import annotations

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.errors import IllegalAction, NotYourTurn
from shangrao_bot.engine.events import EventKind
from shangrao_bot.engine.hand_records import Outcome, Phase
from shangrao_bot.engine.invariants import check_hand, next_dealer
from shangrao_bot.engine.persist import hand_to_dict
from shangrao_bot.engine.views import view_for
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import WinHow
from shangrao_bot.rules.tiles import MeldKind
from tests.engine.builders import (
    QUIET,
    action,
    cmd,
    make_state,
    tile,
    tiles,
)


def _discards(seat: int, text: str) -> list[Action]:
    return [Action(seat, ActionKind.DISCARD, k) for k in sorted(set(tiles(text)))]


def test_dealer_first_turn_lists_exactly_the_discards() -> None:
    state = make_state(QUIET, 0)
    assert state.phase is Phase.TURN and state.to_act() == [0]
    assert state.legal_actions(0) == _discards(0, QUIET[0])
    assert all(state.legal_actions(s) == [] for s in (1, 2, 3))
    view = view_for(state, 0)
    assert view.drawn == tile("5z")
    assert len(view.concealed) == 13
    assert sorted([*view.concealed, tile("5z")]) == tiles(QUIET[0])


def test_dealer_first_turn_offers_angang_and_indicator_kong() -> None:
    hands = {**QUIET, 0: "1111m777z2p5p8p3s6s9s5z", 3: "5m4m7m2p5p8p3s6s9s1z1z2z3z"}
    state = make_state(hands, 0)
    legal = state.legal_actions(0)
    assert Action(0, ActionKind.ANGANG, tile("1m")) in legal
    assert Action(0, ActionKind.ANGANG, tile("7z")) in legal  # 跌宝杠: the 3 live 7z
    assert legal == sorted(
        [Action(0, ActionKind.ANGANG, tile("1m")), Action(0, ActionKind.ANGANG, tile("7z"))],
        key=lambda a: a.tile or 0,
    ) + _discards(0, hands[0])


@pytest.mark.parametrize(
    ("preset", "value"), [(Preset.SHANGRAO, 10), (Preset.BAIKE, 16)], ids=["shangrao", "baike"]
)
def test_tianhu_is_listed_when_the_dealt_hand_is_complete(preset: Preset, value: int) -> None:
    """Regression: the win used to be settled after the action joined the record, so a 天胡
    was scored as a plain 自摸 (平胡自摸 2 instead of the flat 10 / 16)."""
    hands = {**QUIET, 0: "123m456p789s111z22z"}
    hands[3] = "5m4m7m2p5p8p3s6s9s1z4z2z3z"
    state = make_state(hands, 0, rules=RuleSet(preset))
    assert Action(0, ActionKind.WIN) in state.legal_actions(0)
    events = state.apply(Action(0, ActionKind.WIN))
    assert [e.kind for e in events] == [EventKind.WON, EventKind.HAND_ENDED]
    r = state.result
    assert r is not None and r.outcome is Outcome.WIN
    (win,) = r.wins
    assert win.seat == 0 and win.how is WinHow.TIANHU and win.score.pattern == "天胡"
    assert win.winning_tile is None
    assert r.deltas == (3 * value, -value, -value, -value)
    assert r.next_dealer == 0 == next_dealer(0, state)
    assert check_hand(state) == []


def test_tianhu_with_a_bao_acting_is_a_win() -> None:
    """§5: for 天胡 the 宝 are free to act (here 6z stands for 9s in a hand with sequences).

    Regression: settled as 自摸 this was 有宝平胡, and ``apply`` crashed with "engine offered a
    win the scorer refuses" after the hand had already been marked over."""
    hands = {**QUIET, 0: "123m456p78s6z111z22z"}
    hands[3] = "5m4m7m2p5p8p3s6s9s1z4z2z3z"
    state = make_state(hands, 0)
    assert Action(0, ActionKind.WIN) in state.legal_actions(0)
    state.apply(Action(0, ActionKind.WIN))  # must not raise: the engine listed this win
    assert state.result is not None
    (win,) = state.result.wins
    assert win.how is WinHow.TIANHU and win.score.value == 10
    assert state.result.deltas == (30, -10, -10, -10)


def test_tianhu_is_not_listed_for_an_incomplete_hand() -> None:
    state = make_state(QUIET, 0)
    assert ActionKind.WIN not in {a.kind for a in state.legal_actions(0)}
    with pytest.raises(IllegalAction, match="not a complete hand"):
        state.apply(Action(0, ActionKind.WIN))
    assert state.actions == [] and state.phase is Phase.TURN


def test_after_the_dealers_first_action_a_win_is_kong_or_self_not_tianhu() -> None:
    hands = {**QUIET, 0: "1111m456p789s111z2z"}
    hands[3] = "5m4m7m2p5p8p3s6s9s1z4z2z3z"
    state = make_state(hands, 0, replacements="2z")
    assert Action(0, ActionKind.WIN) not in state.legal_actions(0)
    cmd(state, 0, "angang 1m")
    assert Action(0, ActionKind.WIN) in state.legal_actions(0)
    cmd(state, 0, "hu")
    assert state.result is not None
    (win,) = state.result.wins
    assert win.how is WinHow.KONG and win.kong_chain == 1 and win.winning_tile == tile("2z")
    assert win.score.pattern == "平胡自摸"
    assert [(m.name, m.factor) for m in win.score.modifiers] == [("杠开", 2)]
    # 2 (平胡自摸) × 2 (杠开) from each, plus the 暗杠 bonus 2 from each.
    assert state.result.deltas == (18, -6, -6, -6)
    assert state.result.next_dealer == 0
    assert state.melds[0][0].meld.kind is MeldKind.KONG_CONCEALED


def test_draw_then_discard_passes_the_turn_to_the_next_seat() -> None:
    state = make_state(QUIET, 0, draws="9m8m")
    events = cmd(state, 0, "d 9s")
    assert [e.kind for e in events] == [EventKind.DISCARDED, EventKind.DREW]
    assert events[0].seat == 0 and events[0].tiles == (tile("9s"),)
    assert events[1].seat == 1 and events[1].owner == 1 and events[1].secret == (tile("9m"),)
    assert state.to_act() == [1] and state.current == 1 and state.drawn == tile("9m")
    assert state.legal_actions(1) == _discards(1, QUIET[1] + "9m")
    assert state.discards[0][-1].tile == tile("9s") and not state.discards[0][-1].flown
    events = cmd(state, 1, "d 2m")
    assert events[-1].kind is EventKind.DREW and events[-1].seat == 2
    assert state.drawn == tile("8m") and state.to_act() == [2]
    assert state.log == [("D", 0), ("N", 1), ("D", 1), ("N", 2)]
    assert check_hand(state) == []


@pytest.mark.parametrize(
    ("seat", "text", "error", "message"),
    [
        (2, "d 3m", NotYourTurn, r"it is South \(seat 1\)'s turn, not yours"),
        (0, "d 1m", NotYourTurn, r"it is South \(seat 1\)'s turn, not yours"),
        (1, "d 7z", IllegalAction, "you have no 7z to discard"),
        (1, "pass", IllegalAction, "there is nothing to pass"),
        (1, "pong", IllegalAction, "claimed after someone discards"),
        (1, "kong", IllegalAction, "claimed after someone discards"),
        (1, "chi 123m", IllegalAction, "claimed after someone discards"),
        (1, "angang 2m", IllegalAction, "a concealed kong needs four 2m"),
        (1, "bugang 2m", IllegalAction, "补杠 adds a fourth 2m to your own pong"),
        (1, "hu", IllegalAction, "not a complete hand"),
    ],
)
def test_wrong_actions_are_refused_with_a_reason(
    seat: int, text: str, error: type[Exception], message: str
) -> None:
    state = make_state(QUIET, 0, draws="9m")
    cmd(state, 0, "d 9s")
    before = hand_to_dict(state)
    with pytest.raises(error, match=message):
        state.apply(action(seat, text))
    assert hand_to_dict(state) == before  # a refused action changes nothing


@pytest.mark.parametrize("bad", [Action(4, ActionKind.DISCARD, 0), Action(-1, ActionKind.PASS)])
def test_a_seat_outside_the_table_is_refused(bad: Action) -> None:
    state = make_state(QUIET, 0)
    with pytest.raises(IllegalAction, match="is not a seat"):
        state.apply(bad)


@pytest.mark.parametrize("bad_tile", [-1, 34, 99, None])
def test_discarding_a_tile_that_does_not_exist_is_refused(bad_tile: int | None) -> None:
    state = make_state(QUIET, 0)
    with pytest.raises(IllegalAction, match="you have no"):
        state.apply(Action(0, ActionKind.DISCARD, bad_tile))


def test_nothing_is_legal_once_the_hand_is_over() -> None:
    hands = {**QUIET, 0: "123m456p789s111z22z"}
    hands[3] = "5m4m7m2p5p8p3s6s9s1z4z2z3z"
    state = make_state(hands, 0)
    state.apply(Action(0, ActionKind.WIN))
    assert state.over and state.to_act() == []
    assert all(state.legal_actions(s) == [] for s in range(4))
    with pytest.raises(IllegalAction, match="the hand is over"):
        state.apply(Action(1, ActionKind.DISCARD, tile("2m")))


def test_dealer_other_than_seat_zero_starts() -> None:
    hands = {(s + 2) % 4: QUIET[s] for s in range(4)}
    state = make_state(hands, 2, draws="9m")
    assert state.to_act() == [2] and state.drawn == tile("5z")
    cmd(state, 2, "d 9s")
    assert state.to_act() == [3] and state.drawn == tile("9m")
    view = view_for(state, 3)
    assert view.public.seats[2].wind == 0 and view.public.seats[3].wind == 1
    assert view.public.seats[2].dealer
