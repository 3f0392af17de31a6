"""Inputs no real table can produce are refused with a reason (found by a review against
the rule book), and ties between readings are shown the way players name them."""

from __future__ import annotations

import contextlib
import io

import pytest

from shangrao_bot.entrypoints.cli import main
from shangrao_bot.rules.errors import HandError, ScoringInputError
from shangrao_bot.rules.hand import analyze_waiting
from shangrao_bot.rules.score_model import Bonus, BonusKind, WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.tiles import parse_melds, parse_tile, parse_tiles


def win(hand: str, tile: str, bao: str, melds: str = "", **kw: object) -> WinInput:
    return WinInput(
        concealed=tuple(parse_tiles(hand)),
        bao=parse_tile(bao),
        winning_tile=parse_tile(tile),
        melds=tuple(parse_melds(melds)),
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("inp", "fragment"),
    [
        # four 宝 in hand and one flown make five (§3: there are four)
        (win("123m456p789s5m5m5m5m2z", "2z", "5m", flown=(1, 0, 0, 0)), "only four 宝"),
        (win("123m456p789s11z5m5m5m", "5m", "5m", flown=(0, 1, 1, 0)), "only four 宝"),
        # a chain of three kongs needs three kongs among the melds (§5)
        (
            win("123m456p11z23s1s", "1s", "5m", "(7777s)", how=WinHow.KONG, kong_chain=3),
            "kong chain 3",
        ),
        # the robbed 补杠 holds the other three copies (§4)
        (
            win("123m456p789s1z1z111s", "1s", "5m", how=WinHow.ROB, robbed_seat=1),
            "3 1s in the robber's hand",
        ),
        # 1s is the face-up indicator of 宝 2s: no pong of 1s can take a fourth
        (
            win("123m456p789s11z23s1s", "1s", "2s", how=WinHow.ROB, robbed_seat=2),
            "face-up indicator",
        ),
        (win("123m456p789s11122z", "2z", "5m", how=WinHow.DIHU, flown=(0, 1, 0, 0)), "地胡"),
        (
            win(
                "123m456p789s11122z",
                "2z",
                "5m",
                bonuses=(Bonus(1, BonusKind.SIGEBAO), Bonus(2, BonusKind.SIGEBAO)),
            ),
            "四个宝 can go to one player only",
        ),
        # 天胡 needs no winning tile, but one that is named must be in the hand (it crashed)
        (win("123m456p789s11122z", "9p", "5m", how=WinHow.TIANHU), "is not in the hand"),
    ],
)
def test_impossible_wins_are_refused(inp: WinInput, fragment: str) -> None:
    with pytest.raises(ScoringInputError) as info:
        score_win(inp)
    assert fragment in str(info.value)


def test_no_pong_or_exposed_kong_of_bao() -> None:
    for melds in ("[555m]", "[5555m]"):
        with pytest.raises(HandError) as info:
            score_win(win("456p789s11z23s1s", "1s", "5m", melds))
        assert "discarded 宝" in str(info.value)
    # a concealed kong of the four 宝 is fine
    assert score_win(win("456p789s11z23s1s", "1s", "5m", "(5555m)")).winning


def test_live_waits_leave_out_what_the_player_sees() -> None:
    # all four 1z are in this player's hand and meld
    w = analyze_waiting(parse_tiles("1z 456p 789s 123s"), parse_melds("[111z]"), parse_tile("5m"))
    assert parse_tile("1z") not in w.waits and parse_tile("5m") in w.waits
    # the fourth 1z is the face-up indicator of 宝 2z
    w = analyze_waiting(parse_tiles("111z 22m 33m 44m 55m 66m"), [], parse_tile("2z"))
    assert parse_tile("1z") not in w.waits


def test_ties_show_the_reading_players_expect() -> None:
    four = score_win(win("123m456p789s5m5m5m5m2z", "2z", "5m"))
    assert four.interpretation is not None
    assert "555m" in four.interpretation.to_str()
    drawn_bao = score_win(win("11m5m5m5m", "5m", "5m", "[444p] [777s] [111z]"))
    assert drawn_bao.pattern == "碰碰胡宝吊宝" and drawn_bao.value == 16


def _cli(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(list(argv), stdout=io.StringIO())
    return code, err.getvalue()


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--hand", "123m456p789s11122z", "--win", "2z", "--kong-chain", "3"], "--kong-chain 3"),
        (["--hand", "123m456p789s11122z", "--win", "2z", "--robbed", "2"], "--robbed 2"),
        (["--hand", "123m456p789s11122z", "--win", "2z", "--flown", "1:3,1:3"], "seat 1 flies 6"),
        (["--hand", "", "--win", "2z"], "hand has 0 tiles"),
    ],
)
def test_cli_names_what_is_wrong(argv: list[str], fragment: str) -> None:
    code, err = _cli("score", "--bao", "5m", *argv)
    assert code == 2 and err.count("\n") == 1 and fragment in err


def test_cli_score_needs_a_bao() -> None:
    code, err = _cli("score", "--hand", "123m456p789s11122z", "--win", "2z", "--bao", "none")
    assert code == 2 and "needs the 宝 kind" in err
