"""The wall builder of the engine tests: deal, head draws, tail replacements and indicator come
out exactly as named (checked against the real :class:`Wall` and :class:`HandState`)."""

from __future__ import annotations

from collections import Counter

import pytest

from shangrao_bot.engine.invariants import check_hand
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.wall import TILES, Wall
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import bao_from_indicator, parse_tile, parse_tiles
from tests.engine.builders import (
    deal_positions,
    discard_drawn,
    indicator_index,
    make_setup,
    make_state,
    tiles,
)


def _hands_for(dealer: int) -> dict[int, str]:
    """Four hands (14 tiles for ``dealer``) without a shared kind beyond four copies."""
    base = ["1112345678999m", "1122334455667p", "123456789s1234z", "8888p445566s777z"]
    out: dict[int, str] = {}
    for i in range(4):
        seat = (dealer + i) % 4
        out[seat] = base[i] + ("5z" if i == 0 else "")
    return out


@pytest.mark.parametrize("dealer", range(4))
def test_deal_gives_each_seat_its_tiles(dealer: int) -> None:
    hands = _hands_for(dealer)
    state = make_state(hands, dealer)
    assert state.dealer == dealer
    for seat, text in hands.items():
        assert state.concealed(seat) == tiles(text)
    assert state.drawn == parse_tile("5z")  # the last tile written for the dealer
    assert state.current == dealer
    assert check_hand(state) == []


def test_deal_positions_follow_the_engine() -> None:
    pos = deal_positions(2)
    assert len(pos) == 53
    assert pos[:4] == [(2, 0), (2, 1), (2, 2), (2, 3)]
    assert pos[4:8] == [(3, 0), (3, 1), (3, 2), (3, 3)]
    assert pos[48:52] == [(2, 12), (3, 12), (0, 12), (1, 12)]
    assert pos[52] == (2, 13)
    assert Counter(s for s, _ in pos) == {2: 14, 3: 13, 0: 13, 1: 13}


def test_draws_replacements_and_indicator_on_the_wall() -> None:
    setup = make_setup(
        {0: "1112345678999m5z"}, 0, draws="1p2p3p4z", replacements="7s8s9s1s", indicator="4p"
    )
    assert Counter(setup.order) == {k: 4 for k in range(34)}
    assert setup.dice.first_dealer == 0
    wall = Wall(setup)
    assert wall.indicator == parse_tile("4p")
    dealt = [wall.draw() for _ in range(53)]
    assert sorted(dealt[i] for i, (s, _) in enumerate(deal_positions(0)) if s == 0) == tiles(
        "1112345678999m5z"
    )
    assert [wall.draw() for _ in range(4)] == parse_tiles("1p2p3p4z")
    assert [wall.draw_replacement() for _ in range(4)] == parse_tiles("7s8s9s1s")


@pytest.mark.parametrize("dice", [(1, 1), (1, 2), (3, 3), (6, 6)])
def test_replacements_skip_the_indicator(dice: tuple[int, int]) -> None:
    reps = "1m2m3m4m5m6m7m8m9m1p2p3p4p"
    setup = make_setup({}, 1, replacements=reps, indicator="5s", indicator_dice=dice)
    assert setup.indicator_position == indicator_index(dice) == TILES - 2 - sum(dice)
    assert setup.order[setup.indicator_position] == parse_tile("5s")
    wall = Wall(setup)
    assert [wall.draw_replacement() for _ in range(13)] == parse_tiles(reps)
    assert wall.indicator == parse_tile("5s")


def test_state_sees_indicator_bao_and_dealer_from_the_dice() -> None:
    setup = make_setup({}, 3, indicator="9m")
    state = HandState(RuleSet(), setup=setup)  # no dealer given: the dice decide
    assert state.dealer == 3
    assert state.indicator == parse_tile("9m")
    assert state.bao == parse_tile("1m") == bao_from_indicator(parse_tile("9m"))
    assert sum(state.hands[3]) == 14 and all(sum(state.hands[s]) == 13 for s in range(3))
    assert check_hand(state) == []


def test_head_draws_come_in_order_to_the_seats_in_turn() -> None:
    hands = {
        0: "147m258p369s123z55z",
        1: "258m369p147s234z7z",
        2: "369m147p258s14z67z",
        3: "147m258p369s1234z",
    }
    state = make_state(hands, 0, draws="9m8m7m6m5m")
    drawn: list[tuple[int | None, tuple[int, ...]]] = []
    for _ in range(5):
        for e in discard_drawn(state):
            if e.kind.value == "drew":
                drawn.append((e.seat, e.secret))
    assert drawn == [
        (s, (t,)) for s, t in zip([1, 2, 3, 0, 1], parse_tiles("9m8m7m6m5m"), strict=True)
    ]
    assert check_hand(state) == []


def test_filler_is_deterministic_and_complete() -> None:
    a = make_setup({2: "123456789m12345z"}, 2, draws="5p")
    b = make_setup({2: "123456789m12345z"}, 2, draws="5p")
    c = make_setup({2: "123456789m12345z"}, 2, draws="5p", filler_seed=1)
    assert a == b and a != c
    assert Counter(c.order) == {k: 4 for k in range(34)}


@pytest.mark.parametrize(
    ("hands", "draws", "indicator", "message"),
    [
        ({0: "123m"}, "", "7z", "given 3 tiles"),
        ({1: "11112222333344m"}, "", "7z", "given 14 tiles"),
        ({0: "11111234567899m"}, "", "7z", "5 copies"),
        ({0: "1112345678999m5z"}, "1m1m", "7z", "5 copies"),
        ({}, "", "7z7z", "exactly one tile"),
        ({5: "123m"}, "", "7z", "not a seat"),
    ],
)
def test_impossible_layouts_are_refused(
    hands: dict[int, str], draws: str, indicator: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        make_setup(hands, 0, draws=draws, indicator=indicator)


def test_too_many_tiles_for_the_wall_are_refused() -> None:
    many = "".join(f"{r}{s}" for s in "mps" for r in range(1, 10)) * 3
    with pytest.raises(ValueError, match="too many"):
        make_setup({}, 0, draws=many, replacements=many[:40])
