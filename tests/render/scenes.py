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
from shangrao_bot.render.result import render_result, render_score
from shangrao_bot.render.samples import SampleRow
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.scoring import ScoreResult, WinHow, WinInput, score_win
from shangrao_bot.rules.tiles import parse_melds, parse_tile, parse_tiles
from tests.engine.builders import QUIET, cmd, discard_drawn, make_state, pass_all, run_to_exhaustion


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


def exhausted_state() -> HandState:
    """A quiet hand played to 流局 by discarding every draw: every hand revealed at the end."""
    state = make_state(QUIET, 0)
    run_to_exhaustion(state)
    return state


def south_view() -> PlayerView:
    """South in the claim window: a chi among the melds, asked about a pong."""
    return view_for(claim_state(), 1)


# made-up values: the golden image checks the drawing (waits_for has its own test)
SOUTH_WAITS = [
    Wait(parse_tile("2m"), 6, "宝吊无宝"),
    Wait(parse_tile("5s"), None),
    Wait(parse_tile("6z"), 3, "宝吊头"),
]


def baodiao_score() -> tuple[ScoreResult, WinInput]:
    """RULES.md §10 example 6: 宝 = 5m, 123m 4p5m6p 777s 111z 5m + drew 9s → 宝吊头 ×3."""
    inp = WinInput(
        concealed=tuple(parse_tiles("123m4p5m6p777s111z5m9s")),
        bao=parse_tile("5m"),
        winning_tile=parse_tile("9s"),
    )
    return score_win(inp, RuleSet()), inp


def largest_score() -> tuple[ScoreResult, WinInput]:
    """RULES.md §10 example 5: four concealed kongs in one chain, 单吊 on the 4th replacement."""
    inp = WinInput(
        concealed=tuple(parse_tiles("9p9p")),
        bao=parse_tile("5p"),
        winning_tile=parse_tile("9p"),
        melds=tuple(parse_melds("(1111m) (9999m) (1111z) (7777z)")),
        how=WinHow.KONG,
        kong_chain=4,
        flown=(4, 0, 0, 0),
    )
    return score_win(inp, RuleSet()), inp


def _score_png(made: tuple[ScoreResult, WinInput]) -> bytes:
    score, inp = made
    return render_score(score, bao=inp.bao, winning_tile=inp.winning_tile, how=inp.how)


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


def _draw_result() -> bytes:
    state = exhausted_state()
    assert state.result is not None
    return render_result(
        state.result, dealer=state.dealer, bao=state.bao, indicator=state.indicator
    )


#: golden image name → how to draw it
GOLDEN: dict[str, Callable[[], bytes]] = {
    "board_claim": lambda: render_board(claim_board()),
    "board_over": lambda: render_board(public_view(exhausted_state())),
    "hand_waits": lambda: render_hand(south_view(), SOUTH_WAITS),
    "result_baodiao": lambda: _score_png(baodiao_score()),
    "result_kongs": lambda: _score_png(largest_score()),
    "result_draw": _draw_result,
    "totals": lambda: render_running_totals(TOTALS),
    "leaderboard": lambda: render_leaderboard(ROWS),
}
