"""飞宝 doubling, explained where a payer sees what they pay: the result card and the terminal.

The rule lives in one place, :func:`~shangrao_bot.rules.scoring.payer_doubling`: under the
shangrao preset each 宝 a payer flew doubles their share of a win, except for the flat 天胡 and
地胡; baike has no per-payer doubling. The scorer's payments, the card's line (北付 4 = 2 × 2
（飞宝 1 张）) and the terminal's (``… 4 for the win = 2 × 2, flew one 宝``) all follow it.
"""

from __future__ import annotations

import itertools

import pytest

from shangrao_bot.engine.state import HandState
from shangrao_bot.play.results import result_lines
from shangrao_bot.render import render_result, render_score
from shangrao_bot.render.canvas import record_text
from shangrao_bot.render.labels import labels_for
from shangrao_bot.render.result import Winner, doubling_line, flown_of_payer
from shangrao_bot.rules.payments import payer_doubling, win_payments
from shangrao_bot.rules.ruleset import Preset
from shangrao_bot.rules.score_model import Reason, WinHow
from tests.engine.builders import QUIET, cmd, make_state, pass_all
from tests.render.scenes import doubling_score


def test_payer_doubling_follows_the_preset_and_the_flat_wins() -> None:
    for how in (WinHow.SELF, WinHow.KONG, WinHow.ROB):
        assert [payer_doubling(Preset.SHANGRAO, how, n) for n in range(5)] == [1, 2, 4, 8, 16]
    for how in (WinHow.TIANHU, WinHow.DIHU):
        assert payer_doubling(Preset.SHANGRAO, how, 0) == 1
    for how in WinHow:
        assert {payer_doubling(Preset.BAIKE, how, n) for n in range(5)} == {1}


def test_win_payments_charge_each_payer_their_doubling() -> None:
    for preset, how, flown in itertools.product(
        Preset, WinHow, itertools.product(range(3), repeat=4)
    ):
        robbed = 2 if how is WinHow.ROB else None
        pays = win_payments(6, 0, how, robbed, flown, preset)
        assert [p.payer for p in pays] == ([2] if robbed is not None else [1, 2, 3])
        for p in pays:
            assert p.amount == 6 * payer_doubling(preset, how, flown[p.payer])
            assert p.reason is Reason.WIN and p.payee == 0


def _texts(draw: object) -> list[str]:
    with record_text() as log:
        draw()  # type: ignore[operator]
    return [d.text for d in log if d.kind == "text"]


@pytest.mark.parametrize(
    ("lang", "dealer", "line"),
    [
        ("zh-CN", None, "座4付 6 = 3 × 2（飞宝 1 张）"),
        ("zh-TW", None, "座4付 6 = 3 × 2（飛寶 1 張）"),
        ("en", None, "Seat 4 pays 6 = 3 × 2, flew one 宝"),
        ("zh-CN", 2, "南付 6 = 3 × 2（飞宝 1 张）"),
        ("en", 2, "South pays 6 = 3 × 2, flew one 宝"),
    ],
)
def test_the_card_explains_a_doubled_share(lang: str, dealer: int | None, line: str) -> None:
    score, inp = doubling_score()
    assert [p.amount for p in score.payments if p.reason is Reason.WIN] == [3, 3, 6]
    texts = _texts(
        lambda: render_score(
            score, bao=inp.bao, winning_tile=inp.winning_tile, dealer=dealer, lang=lang
        )
    )
    assert line in texts
    assert sum(1 for t in texts if "× 2" in t) == 1  # only the payer who flew a 宝


def test_the_card_reads_each_payers_count_back_from_the_rule() -> None:
    score, inp = doubling_score()
    w = Winner(0, WinHow.SELF, inp.winning_tile, score)
    assert [flown_of_payer(a, w) for a in (3, 6, 12, 48)] == [0, 1, 2, 4]
    assert flown_of_payer(5, w) is None
    assert doubling_line("北", 3, w, labels_for("zh-CN")) is None
    assert doubling_line("北", 12, w, labels_for("en")) == "北 pays 12 = 3 × 4, flew two 宝"


QUIET_13 = "1m4m7m2p5p8p3s6s9s1z2z3z4z"  # a 十三浪 waiting on any honour it lacks


def flown_then_won() -> HandState:
    """East flies the 宝 (發) with its first discard; South self-draws a 十三浪 (×4): East pays
    4 × 2, West and North 4 each."""
    state = make_state({**QUIET, 0: "1m1m4m7m2p5p8p3s6s9s1z2z3z6z", 1: QUIET_13}, 0, draws="7z")
    cmd(state, 0, "d 6z")
    pass_all(state)
    cmd(state, 1, "hu")
    return state


def test_a_table_card_and_the_terminal_say_why_a_payer_pays_double() -> None:
    state = flown_then_won()
    r = state.result
    assert r is not None and state.bao_flown[0] == 1
    assert sorted(p.amount for p in r.payments) == [4, 4, 8]
    for lang, line in (
        ("zh-CN", "东付 8 = 4 × 2（飞宝 1 张）"),
        ("en", "East pays 8 = 4 × 2, flew one 宝"),
    ):
        texts = _texts(
            lambda lang=lang: render_result(
                r, dealer=state.dealer, bao=state.bao, indicator=state.indicator, lang=lang
            )
        )
        assert line in texts
    text = "\n".join(result_lines(state, 1))
    assert "East (seat 0) pays South (seat 1) 8 for the win = 4 × 2, flew one 宝" in text
    assert "West (seat 2) pays South (seat 1) 4 for the win\n" in text
    assert text.count(" pays ") == len(r.payments)
