"""Canonical scenes for the render tests and their golden images.

The scenes are built from hand-made walls and scripted moves (``tests.engine.builders``) or
straight from the scorer, never from AI play, so a change to the AI does not move a golden
image: only the art, the layout or the rules do.
"""

from __future__ import annotations

from collections.abc import Callable

from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, PublicView, public_view, view_for
from shangrao_bot.render.board import render_board
from shangrao_bot.render.charts import render_leaderboard, render_running_totals
from shangrao_bot.render.hand import Wait, render_hand
from shangrao_bot.render.panel import render_panel
from shangrao_bot.render.result import render_result, render_score
from shangrao_bot.render.samples import SampleRow
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import ScoreResult, WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.tiles import parse_melds, parse_tile, parse_tiles
from tests.engine.builders import QUIET, cmd, discard_drawn, make_state, pass_all, run_to_exhaustion

LANGS = ("en", "zh-CN", "zh-TW")


def claim_state() -> HandState:
    """Eleven moves: North pongs 東, East flies the 宝 (發), South chis 345m, and West's 2m
    is on the table with South asked whether to pong it (a claim window)."""
    hands = {**QUIET, 1: "2m2m3m5m3p6p9p1s4s7s2z3z4z"}
    state = make_state(hands, 0, draws="6z8s9m9p4m2m8p1p")
    cmd(state, 0, "d 1z")
    cmd(state, 3, "pong")
    pass_all(state)
    cmd(state, 3, "d 9s")
    pass_all(state)
    cmd(state, 0, "d 6z")  # 飞宝
    pass_all(state)
    for _ in range(3):
        discard_drawn(state)
    cmd(state, 0, "d 4m")
    cmd(state, 1, "chi 345m")
    pass_all(state)
    cmd(state, 1, "d 2z")
    pass_all(state)
    cmd(state, 2, "d 2m")
    return state


def claim_board() -> PublicView:
    return public_view(claim_state())


def north_turn_view() -> PlayerView:
    """After the claim window nobody takes West's 2m: North (a pong of 東) has drawn and is
    on turn; East has flown a 宝, South has a chi."""
    state = claim_state()
    pass_all(state)
    return view_for(state, 3)


def exhausted_state() -> HandState:
    """A quiet hand played to 流局 by discarding every draw: every hand revealed at the end."""
    state = make_state(QUIET, 0)
    run_to_exhaustion(state)
    return state


def south_view() -> PlayerView:
    """South in the claim window: a chi among the melds, asked about a pong."""
    return view_for(claim_state(), 1)


def thirteen_lan_state() -> HandState:
    """South self-draws a 十三浪 on the first draw: fourteen concealed tiles revealed at the
    end, the widest hand a board shows without melds."""
    state = make_state({**QUIET, 1: "1m4m7m2p5p8p3s6s9s1z2z3z4z"}, 0, draws="7z")
    cmd(state, 0, "d 5z")
    pass_all(state)
    cmd(state, 1, "hu")
    return state


def seven_pairs_state() -> HandState:
    """South self-draws a clean 七对 (清七对) on the first draw."""
    state = make_state({**QUIET, 1: "2m2m5m5m8m8m3p3p6p6p9p9p1s"}, 0, draws="1s")
    cmd(state, 0, "d 5z")
    pass_all(state)
    cmd(state, 1, "hu")
    return state


def rob_state() -> HandState:
    """West pongs the dealer's 白 and later adds the fourth (补杠); North, waiting on 白 with a
    十三浪, may rob it (a 抢杠 window)."""
    state = make_state({**QUIET, 3: "1m4m7m2p5p8p3s6s9s1z2z3z4z"}, 0, draws="9m9p9s5z")
    cmd(state, 0, "d 5z")
    cmd(state, 2, "pong")
    pass_all(state)
    cmd(state, 2, "d 4z")
    pass_all(state)
    for _ in range(3):
        discard_drawn(state)
    cmd(state, 2, "bugang 5z")
    return state


def turn_view() -> PlayerView:
    """The dealer on its first turn: fourteen tiles, the 14th drawn apart, two 宝 (5m)."""
    return view_for(make_state({0: "5m1m9p2s3s4s6z6z7z5m1z2z3z8s"}, 0, indicator="4m"), 0)


# made-up values: the golden image checks the drawing (waits_for has its own test)
SOUTH_WAITS = [
    Wait(parse_tile("2m"), 6, "宝吊无宝"),
    Wait(parse_tile("5s"), None),
    Wait(parse_tile("6z"), 3, "宝吊头"),
]


def baodiao_score() -> tuple[ScoreResult, WinInput]:
    """A worked example: 宝 = 5m, 123m 4p5m6p 777s 111z 5m + drew 9s → 宝吊头 ×3."""
    inp = WinInput(
        concealed=tuple(parse_tiles("123m4p5m6p777s111z5m9s")),
        bao=parse_tile("5m"),
        winning_tile=parse_tile("9s"),
    )
    return score_win(inp, RuleSet()), inp


def largest_score() -> tuple[ScoreResult, WinInput]:
    """Nearly the largest worked example: four concealed kongs in one chain, 单吊 on the 4th
    replacement, three 宝 flown. (With all four flown the winner's 宝 make 四个宝, which the
    scorer now adds, and its payment group makes the English card 812 px tall.)"""
    inp = WinInput(
        concealed=tuple(parse_tiles("9p9p")),
        bao=parse_tile("5p"),
        winning_tile=parse_tile("9p"),
        melds=tuple(parse_melds("(1111m) (9999m) (1111z) (7777z)")),
        how=WinHow.KONG,
        kong_chain=4,
        flown=(3, 0, 0, 0),
    )
    return score_win(inp, RuleSet()), inp


def doubling_score() -> tuple[ScoreResult, WinInput]:
    """A 宝吊头 (×3) self-drawn with seat 3 having flown one 宝: seat 3 pays 3 × 2."""
    inp = WinInput(
        concealed=tuple(parse_tiles("123m4p5m6p777s111z5m9s")),
        bao=parse_tile("5m"),
        winning_tile=parse_tile("9s"),
        flown=(0, 0, 0, 1),
    )
    return score_win(inp, RuleSet()), inp


def _score_png(made: tuple[ScoreResult, WinInput], lang: str = "zh-CN") -> bytes:
    score, inp = made
    return render_score(score, bao=inp.bao, winning_tile=inp.winning_tile, how=inp.how, lang=lang)


TOTALS = [
    (6, -2, -2, -2),
    (-3, 9, -3, -3),
    (-12, -12, 36, -12),
    (0, 0, 0, 0),
    (-4, -4, -4, 12),
    (24, -8, -8, -8),
]

ROWS = [
    SampleRow(148, 40, 12, 10, 48, 3),
    SampleRow(60, 38, 9, 7, 30, 1),
    SampleRow(12, 40, 8, 8, 24, 0),
    SampleRow(-20, 22, 4, 4, 18, 2),
    SampleRow(-75, 40, 6, 5, 20, 4),
]

#: two players who never won a hand: their best hand is a small loss, never shown as "biggest"
ROWS_NO_WIN = [*ROWS[:3], SampleRow(-12, 9, 0, 0, -2, 1), SampleRow(-30, 12, 0, 0, -1, 0)]


def _result(state: HandState, lang: str = "zh-CN") -> bytes:
    assert state.result is not None
    return render_result(
        state.result, dealer=state.dealer, bao=state.bao, indicator=state.indicator, lang=lang
    )


#: golden image name → how to draw it
GOLDEN: dict[str, Callable[[], bytes]] = {
    "board_claim": lambda: render_board(claim_board()),
    "board_over": lambda: render_board(public_view(exhausted_state())),
    "hand_waits": lambda: render_hand(south_view(), SOUTH_WAITS),
    "result_baodiao": lambda: _score_png(baodiao_score()),
    "result_kongs": lambda: _score_png(largest_score()),
    "result_draw": lambda: _result(exhausted_state()),
    "totals": lambda: render_running_totals(TOTALS),
    "leaderboard": lambda: render_leaderboard(ROWS),
    # the other languages, and the scenes of the claim, the drawn tile and 飞宝 doubling
    "board_claim_en": lambda: render_board(claim_board(), lang="en"),
    "board_thirteen_tw": lambda: render_board(public_view(thirteen_lan_state()), lang="zh-TW"),
    "hand_turn_en": lambda: render_hand(turn_view(), lang="en"),
    "hand_rob_tw": lambda: render_hand(view_for(rob_state(), 3), lang="zh-TW"),
    "result_doubling": lambda: _score_png(doubling_score()),
    "panel_claim": lambda: render_panel(south_view(), SOUTH_WAITS),
    "panel_turn_en": lambda: render_panel(north_turn_view(), lang="en"),
    "result_doubling_en": lambda: _score_png(doubling_score(), "en"),
    "result_seven_pairs_tw": lambda: _result(seven_pairs_state(), "zh-TW"),
    "totals_en": lambda: render_running_totals(TOTALS, lang="en"),
    "leaderboard_biggest_tw": lambda: render_leaderboard(ROWS_NO_WIN, "biggest", lang="zh-TW"),
}
