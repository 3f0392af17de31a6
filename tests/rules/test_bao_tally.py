"""A recorded hand must be possible (§10): at most four 宝 in all, 四个宝 for one player
only and only when nobody else holds or flew a 宝 (the winner's own four 宝 are 四个宝, named or
not, counted once), 接宝 only where the receiver drew three and another player discarded the
fourth, never both. Every refusal is an :class:`ImpossibleHandError` naming its problem."""

from __future__ import annotations

import contextlib
import io

import pytest

from shangrao_bot.entrypoints.cli import main
from shangrao_bot.rules.errors import ImpossibleHandError, ScoringInputError
from shangrao_bot.rules.score_model import Bonus, BonusKind, Reason, WinInput
from shangrao_bot.rules.scoring import score_draw, score_win
from shangrao_bot.rules.tiles import parse_melds, parse_tile, parse_tiles
from shangrao_bot.rules.win_checks import check_bao_tally

SIGEBAO = BonusKind.SIGEBAO
JIEBAO = BonusKind.JIEBAO
PINGHU = "123m456p789s11122z"  # no 宝 (5m) in it
TWO = "123m456p789s111z5m5m"  # a clean 平胡 holding two 宝 (5m) as themselves, won on 1z


def win(hand: str, tile: str, bao: str = "5m", melds: str = "", **kw: object) -> WinInput:
    return WinInput(
        concealed=tuple(parse_tiles(hand)),
        bao=parse_tile(bao),
        winning_tile=parse_tile(tile),
        melds=tuple(parse_melds(melds)),
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("inp", "problem", "fragment"),
    [
        # five 宝: three held beside a chi holding a 宝 as itself, two flown
        (
            win("5m5m5m456p11z789s", "1z", melds="[456m]", flown=(0, 1, 0, 0)),
            "too_many_bao",
            "1 宝 flown and 4 held by the winner make 5",
        ),
        # a concealed kong of 宝 is four: one more flown makes five
        (
            win("456p789s11z23s1s", "1s", melds="(5555m)", flown=(0, 0, 1, 0)),
            "too_many_bao",
            "make 5",
        ),
        # 四个宝 for seat 2, but seat 1 flew a 宝
        (
            win(PINGHU, "2z", flown=(0, 1, 2, 0), bonuses=(Bonus(2, SIGEBAO),)),
            "sigebao_elsewhere",
            "another player flew a 宝",
        ),
        # 四个宝 for seat 3, but the winner holds one
        (
            win("123m4p5m6p789s11122z", "2z", bonuses=(Bonus(3, SIGEBAO),)),
            "sigebao_elsewhere",
            "the winner holds 1 宝",
        ),
        # 四个宝 named for the winner, who holds two and flew one
        (
            win(TWO, "1z", flown=(1, 0, 0, 0), bonuses=(Bonus(0, SIGEBAO),)),
            "sigebao_short",
            "add up to 3, not four",
        ),
        # 接宝 while nobody else flew a 宝
        (
            win(PINGHU, "2z", bonuses=(Bonus(2, JIEBAO),)),
            "jiebao_no_fourth",
            "no other player flew a 宝",
        ),
        # 接宝 for seat 1 while seats 2 and 3 flew one each
        (
            win(PINGHU, "2z", flown=(0, 0, 1, 1), bonuses=(Bonus(1, JIEBAO),)),
            "jiebao_too_many",
            "not 2",
        ),
        # 接宝 for seat 1 while the winner holds a 宝 and seat 2 flew one
        (
            win("123m4p5m6p789s11122z", "2z", flown=(0, 0, 1, 0), bonuses=(Bonus(1, JIEBAO),)),
            "jiebao_too_many",
            "not 2",
        ),
        # 接宝 for the winner, who holds only one 宝
        (
            win("123m4p5m6p789s11122z", "2z", flown=(0, 1, 0, 0), bonuses=(Bonus(0, JIEBAO),)),
            "jiebao_not_three",
            "add up to 1",
        ),
        # the winner's own four 宝 are 四个宝: no 接宝 beside them
        (
            win(TWO, "1z", flown=(2, 0, 0, 0), bonuses=(Bonus(1, JIEBAO),)),
            "jiebao_and_sigebao",
            "cannot both happen",
        ),
        (
            win(PINGHU, "2z", flown=(0, 1, 0, 0), bonuses=(Bonus(1, JIEBAO), Bonus(2, SIGEBAO))),
            "jiebao_and_sigebao",
            "cannot both happen",
        ),
    ],
)
def test_s10_impossible_bao_counts_are_refused(inp: WinInput, problem: str, fragment: str) -> None:
    with pytest.raises(ImpossibleHandError) as info:
        score_win(inp)
    assert info.value.problem == problem
    assert fragment in str(info.value)
    assert isinstance(info.value, ScoringInputError)  # the CLI and /score refuse it as such


def test_s10_possible_counts_pass() -> None:
    # 接宝: the winner drew three (two held, one flown) and seat 2 flew the fourth
    r = score_win(win(TWO, "1z", flown=(1, 0, 1, 0), bonuses=(Bonus(0, JIEBAO),)))
    assert r.winning
    # 接宝 for seat 1, who flew two of its three, and seat 3 flew the fourth
    assert score_win(win(PINGHU, "2z", flown=(0, 2, 0, 1), bonuses=(Bonus(1, JIEBAO),))).winning
    # 四个宝 for seat 2, who flew two of them (and may hold the rest)
    assert score_win(win(PINGHU, "2z", flown=(0, 0, 2, 0), bonuses=(Bonus(2, SIGEBAO),))).winning


def test_s10_the_winners_four_bao_are_sigebao_named_or_not_once() -> None:
    """Two 宝 held, one in a chi as itself, one flown: four, so 四个宝 for the winner."""
    inp = dict(melds="[456m]", flown=(1, 0, 0, 0))
    unnamed = score_win(win("5m5m456p789s111z", "1z", **inp))  # type: ignore[arg-type]
    named = score_win(
        win("5m5m456p789s111z", "1z", bonuses=(Bonus(0, SIGEBAO),), **inp)  # type: ignore[arg-type]
    )
    assert unnamed.winning and named.winning
    assert unnamed.payments == named.payments and unnamed.deltas == named.deltas
    sige = [p for p in unnamed.payments if p.reason is Reason.SIGEBAO]
    assert sorted((p.payer, p.payee, p.amount) for p in sige) == [
        (1, 0, 10),
        (2, 0, 10),
        (3, 0, 10),
    ]


def test_s10_draws_are_checked_when_the_flown_bao_are_known() -> None:
    """流局 settles only bonuses; with the 飞宝 known (the engine knows them) the 接宝 and 四个宝
    must fit them as well."""
    assert score_draw([Bonus(1, JIEBAO)], flown=(0, 0, 1, 0)).deltas == (-10, 30, -10, -10)
    with pytest.raises(ImpossibleHandError) as info:
        score_draw([Bonus(1, JIEBAO)], flown=(0, 0, 0, 0))
    assert info.value.problem == "jiebao_no_fourth"
    with pytest.raises(ImpossibleHandError) as info:
        score_draw([Bonus(1, SIGEBAO)], flown=(1, 0, 0, 0))
    assert info.value.problem == "sigebao_elsewhere"
    with pytest.raises(ImpossibleHandError, match="cannot both happen"):
        score_draw([Bonus(1, SIGEBAO), Bonus(2, JIEBAO)])
    assert score_draw([Bonus(1, JIEBAO)]).deltas == (-10, 30, -10, -10)  # flown not known


def test_check_bao_tally_with_a_lower_bound() -> None:
    """The pattern scorer knows only how many 宝 a pattern holds at least."""
    assert check_bao_tally((2, 0, 0, 0), (), winner=0, winner_bao=2, exact=False) is True
    assert check_bao_tally((1, 0, 0, 0), (), winner=0, winner_bao=2, exact=False) is False
    # named 四个宝 with fewer known: fine when only a lower bound is known
    assert (
        check_bao_tally((1, 0, 0, 0), (Bonus(0, SIGEBAO),), winner=0, winner_bao=1, exact=False)
        is False
    )


def _cli(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(list(argv), stdout=io.StringIO())
    return code, err.getvalue()


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--bonus", "2:jiebao"], "接宝 needs the fourth 宝"),
        (["--bonus", "2:sigebao", "--flown", "1:1"], "another player flew a 宝"),
        (["--melds", "(111m)", "--hand", "123p456p789s5z5z", "--win", "5z", "--bao", "2m",
          "--how", "kong"], "跌宝杠 draws none"),
    ],
)  # fmt: skip
def test_s10_cli_refuses_with_one_line_and_exit_2(argv: list[str], fragment: str) -> None:
    args = ["--hand", PINGHU, "--win", "2z", "--bao", "5m"]
    code, err = _cli("score", *args, *argv)
    assert code == 2 and err.count("\n") == 1 and fragment in err, err
