"""``score_quick`` (pattern and flags, no tiles) against ``score_win`` (the tiles) and the
worked examples of the rule book (§12): both scorers must price every hand the same."""

from __future__ import annotations

import pytest
from hypothesis import given

from shangrao_bot.rules.errors import ScoringInputError
from shangrao_bot.rules.payments import kong_bonuses
from shangrao_bot.rules.quick import (
    BAIKE_QUICK,
    FLAT,
    SHANGRAO_QUICK,
    QuickInput,
    quick_patterns,
    score_quick,
)
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, Reason, ScoreResult, WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.shapes import Shape
from tests.rules.test_scoring_properties import win_inputs
from tests.rules.test_shapes_properties import cfg

SHANGRAO = RuleSet()
BAIKE = RuleSet(Preset.BAIKE)


def quick_twin(inp: WinInput, result: ScoreResult) -> QuickInput:
    """The quick description a player would give of a hand the tile scorer accepted."""
    assert result.pattern is not None and result.interpretation is not None
    mods = {m.name: m for m in result.modifiers}
    pattern = result.pattern
    interp = result.interpretation
    if (
        result.preset is Preset.SHANGRAO
        and pattern not in FLAT
        and interp.shape in (Shape.THIRTEEN_LAN, Shape.YAOJIU)
        and not interp.clean
    ):
        pattern += " 有宝"
    return QuickInput(
        pattern=pattern,
        winner=inp.winner,
        how=inp.how if pattern not in FLAT else WinHow.SELF,
        kong_chain=inp.kong_chain,
        robbed_seat=inp.robbed_seat,
        dandiao="单吊" in mods,
        yaojiu="九幺" in mods,
        flown=inp.flown,
        bonuses=(*inp.bonuses, *kong_bonuses(inp.winner, inp.melds), *_added(inp, result)),
    )


def _added(inp: WinInput, result: ScoreResult) -> tuple[Bonus, ...]:
    """四个宝 the tile scorer added because the winner's own 宝 add up to four (§10): the
    player describing the hand names it."""
    paid = any(p.reason is Reason.SIGEBAO and p.payee == inp.winner for p in result.payments)
    named = Bonus(inp.winner, BonusKind.SIGEBAO) in inp.bonuses
    return (Bonus(inp.winner, BonusKind.SIGEBAO),) if paid and not named else ()


@pytest.mark.slow
@cfg(300)
@given(win_inputs())
def test_quick_prices_every_hand_like_the_tile_scorer(case: tuple[WinInput, RuleSet]) -> None:
    inp, rules = case
    result = score_win(inp, rules)
    if not result.winning:
        return
    quick = score_quick(quick_twin(inp, result), rules)
    assert quick.payments == result.payments
    assert quick.deltas == result.deltas
    assert quick.value == result.value
    assert quick.pattern == result.pattern
    assert quick.modifiers == result.modifiers


def test_worked_examples() -> None:
    # §10.1 平胡自摸: −2 each, +6
    assert score_quick(QuickInput("平胡自摸")).deltas == (6, -2, -2, -2)
    # §10.4 clean 十三浪, winner flew one 宝: −8 each
    assert score_quick(QuickInput("十三浪", flown=(1, 0, 0, 0))).deltas == (24, -8, -8, -8)
    # §10.5 the largest hand: 10258 from each other player
    five = score_quick(
        QuickInput(
            "清碰碰胡",
            how=WinHow.KONG,
            kong_chain=4,
            dandiao=True,
            yaojiu=True,
            flown=(4, 0, 0, 0),
            bonuses=(*[Bonus(0, BonusKind.ANGANG)] * 4, Bonus(0, BonusKind.SIGEBAO)),
        )
    )
    assert five.value == 10240
    assert five.deltas == (30774, -10258, -10258, -10258)
    # §10.6 宝吊头 ×3
    assert score_quick(QuickInput("宝吊头")).deltas == (9, -3, -3, -3)
    # §10.9 baike
    assert score_quick(QuickInput("平胡 清一色 有宝自摸"), BAIKE).value == 8
    assert score_quick(QuickInput("七对 宝调"), BAIKE).value == 12
    assert score_quick(QuickInput("碰碰胡 九幺 字一色 无宝自摸"), BAIKE).value == 64


def test_baike_kong_replacement_wins_without_doubling() -> None:
    assert score_quick(QuickInput("平胡 无宝自摸", how=WinHow.KONG, kong_chain=2), BAIKE).value == 4


def test_payer_doubling_and_robbing() -> None:
    r = score_quick(QuickInput("碰碰胡", flown=(0, 1, 0, 2)))
    assert r.deltas == (8 + 4 + 16, -8, -4, -16)
    rob = score_quick(QuickInput("平胡自摸", how=WinHow.ROB, robbed_seat=2))
    assert rob.deltas == (12, 0, -12, 0)


def test_s12_20_rob_with_bao_quick() -> None:
    """§4, example 12.20: an 有宝平胡 robbing a 补杠 is recorded as the pattern 抢杠: the
    基本分 1 × 抢杠 6, from the robbed player alone, doubled by their 飞宝."""
    rob = score_quick(QuickInput("抢杠", how=WinHow.ROB, robbed_seat=1))
    assert (rob.pattern, rob.pattern_factor, rob.value) == ("抢杠", 1, 6)
    assert [(m.name, m.factor) for m in rob.modifiers] == [("抢杠", 6)]
    assert rob.deltas == (6, -6, 0, 0)
    flew = score_quick(QuickInput("抢杠", how=WinHow.ROB, robbed_seat=3, flown=(1, 0, 0, 1)))
    assert flew.value == 12 and flew.deltas == (24, 0, 0, -24)
    assert "抢杠" in quick_patterns(Preset.SHANGRAO)
    assert "抢杠" not in quick_patterns(Preset.BAIKE)


def test_s12_22_tianhu_by_its_pattern_quick() -> None:
    """§7, example 12.22: a 天胡 or 地胡 pays the flat value, or its pattern as an ordinary
    self-drawn win when that is more (三豪华清七对 80 × 九幺 2 = 160)."""
    big = score_quick(QuickInput("三豪华清七对", how=WinHow.TIANHU, yaojiu=True))
    assert (big.pattern, big.value) == ("三豪华清七对", 160)
    assert [(m.name, m.factor) for m in big.modifiers] == [("九幺", 2)]
    assert big.deltas == (480, -160, -160, -160)
    small = score_quick(QuickInput("平胡自摸", how=WinHow.DIHU))
    assert (small.pattern, small.value, small.modifiers) == ("地胡", 10, ())
    tie = score_quick(QuickInput("清七对", how=WinHow.TIANHU))  # 10 is no more than 10
    assert (tie.pattern, tie.value) == ("天胡", 10)
    assert score_quick(QuickInput("七对 清一色 无宝自摸", how=WinHow.TIANHU), BAIKE).value == 32
    flat = score_quick(QuickInput("平胡 有宝自摸", how=WinHow.TIANHU), BAIKE)
    assert (flat.pattern, flat.value) == ("天胡", 16)


def test_s10_sigebao_of_the_winners_own_bao_is_counted_once_quick() -> None:
    """§10: four 宝 flown by the winner are 四个宝 for the winner, named or not, once."""
    unnamed = score_quick(QuickInput("清碰碰胡", flown=(4, 0, 0, 0)))
    named = score_quick(
        QuickInput("清碰碰胡", flown=(4, 0, 0, 0), bonuses=(Bonus(0, BonusKind.SIGEBAO),))
    )
    assert unnamed.deltas == named.deltas == (3 * 160 + 30, -170, -170, -170)
    # 宝吊宝 holds two 宝: two more flown by the winner make four
    two = score_quick(QuickInput("宝吊宝", flown=(2, 0, 0, 0)))
    assert two.deltas == (3 * 24 + 30, -34, -34, -34)


def test_lists_name_every_pattern_once() -> None:
    for preset, table in ((Preset.SHANGRAO, SHANGRAO_QUICK), (Preset.BAIKE, BAIKE_QUICK)):
        names = quick_patterns(preset)
        assert len(names) == len(set(names)) == len(table) + 2
    assert "双豪华清七对" in SHANGRAO_QUICK and SHANGRAO_QUICK["双豪华清七对"] == 40
    assert "七对 有宝自摸" not in BAIKE_QUICK  # "not a win" cells are not offered


@pytest.mark.parametrize(
    ("inp", "rules", "needle"),
    [
        (QuickInput("大四喜"), SHANGRAO, "'大四喜' is not a pattern of the shangrao preset"),
        (QuickInput("平胡 无宝自摸"), SHANGRAO, "is not a pattern"),
        (QuickInput("平胡自摸", how=WinHow.KONG), BAIKE, "is not a pattern"),
        (QuickInput("平胡 无宝自摸", dandiao=True), BAIKE, "no 单吊"),
        (QuickInput("平胡 有宝自摸"), BAIKE, "unless the winner flew a 宝"),
        (QuickInput("九幺", yaojiu=True), SHANGRAO, "never the 十三浪 or 九幺"),
        (QuickInput("天胡", dandiao=True), SHANGRAO, "flat value"),
        (QuickInput("地胡", flown=(0, 1, 0, 0)), SHANGRAO, "no 宝 can have been flown"),
        (QuickInput("平胡自摸", how=WinHow.ROB), SHANGRAO, "needs the robbed player"),
        (QuickInput("平胡自摸", how=WinHow.ROB, robbed_seat=0), SHANGRAO, "needs the robbed"),
        (QuickInput("平胡 无宝自摸", how=WinHow.ROB, robbed_seat=1), BAIKE, "no robbing"),
        (QuickInput("宝吊宝", how=WinHow.ROB, robbed_seat=1), SHANGRAO, "cannot be robbed"),
        (QuickInput("平胡自摸", flown=(2, 2, 1, 0)), SHANGRAO, "only four 宝"),
        (QuickInput("平胡自摸", how=WinHow.KONG, kong_chain=5), SHANGRAO, "1 to 4 kongs"),
        (QuickInput("平胡自摸", winner=4), SHANGRAO, "is not a seat"),
        # §7: 天胡/地胡 priced by their tiles' pattern are won on the dealt tiles
        (QuickInput("宝吊头", how=WinHow.TIANHU), SHANGRAO, "a 宝吊 win needs a drawn tile"),
        (QuickInput("宝吊宝", how=WinHow.DIHU), SHANGRAO, "never won on a 宝"),
        (QuickInput("清七对", how=WinHow.TIANHU, dandiao=True), SHANGRAO, "never 单吊"),
        (QuickInput("清七对", how=WinHow.TIANHU, flown=(1, 0, 0, 0)), SHANGRAO, "no 宝 can"),
        (QuickInput("清七对", how=WinHow.DIHU), RuleSet(di_hu=False), "switched off"),
        # §4: 抢杠 as a pattern is an 有宝平胡 robbing a kong
        (QuickInput("抢杠"), SHANGRAO, "choose how 抢杠"),
        (
            QuickInput("抢杠", how=WinHow.ROB, robbed_seat=1),
            RuleSet(rob_with_bao=False),
            "rob_with_bao is off",
        ),
        (QuickInput("抢杠", how=WinHow.ROB, robbed_seat=1, dandiao=True), SHANGRAO, "宝吊头"),
        (QuickInput("抢杠", how=WinHow.ROB, robbed_seat=1), BAIKE, "not a pattern"),
        # §10: the 宝 count, as far as pattern and flags tell it
        (QuickInput("宝吊宝", flown=(3, 0, 0, 0)), SHANGRAO, "2 held by the winner make 5"),
        (
            QuickInput("碰碰胡", bonuses=(Bonus(1, BonusKind.SIGEBAO),)),
            SHANGRAO,
            "the winner holds 1 宝",
        ),
        (
            QuickInput("平胡自摸", flown=(0, 1, 0, 0), bonuses=(Bonus(2, BonusKind.SIGEBAO),)),
            SHANGRAO,
            "another player flew a 宝",
        ),
        (
            QuickInput("平胡自摸", bonuses=(Bonus(2, BonusKind.JIEBAO),)),
            SHANGRAO,
            "no other player flew",
        ),
        (
            QuickInput("平胡自摸", flown=(1, 1, 0, 0), bonuses=(Bonus(2, BonusKind.JIEBAO),)),
            SHANGRAO,
            "one 宝 in all, not 2",
        ),
        (
            QuickInput("宝吊头", flown=(3, 0, 0, 0), bonuses=(Bonus(0, BonusKind.JIEBAO),)),
            SHANGRAO,
            "接宝 and 四个宝 cannot both happen",
        ),
        (QuickInput("地胡"), RuleSet(di_hu=False), "switched off"),
        (QuickInput("清七对", dandiao=True), SHANGRAO, "has no melds"),
        (QuickInput("双豪华七对", how=WinHow.KONG), SHANGRAO, "has no melds"),
        (QuickInput("七星十三浪", dandiao=True), SHANGRAO, "has no melds"),
        (QuickInput("十三烂 无宝自摸", how=WinHow.KONG), BAIKE, "has no melds"),
        (QuickInput("平胡自摸", yaojiu=True), SHANGRAO, "has a sequence"),
        (QuickInput("宝吊头", yaojiu=True), SHANGRAO, "has a sequence"),
    ],
)
def test_refusals_say_what_does_not_fit(inp: QuickInput, rules: RuleSet, needle: str) -> None:
    with pytest.raises(ScoringInputError, match=needle):
        score_quick(inp, rules)
