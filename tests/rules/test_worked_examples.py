"""The rule book's worked examples (§12) that settle a rule, both directions — tiles → pattern
and value, and the totals each seat ends with; each test is named after its example (``s12_20``
is example 12.20). Expected values are the rule book's own (or, where the example gives only a
description, worked out by hand from §5-§9). The winner is seat 0. (Every example of §12 also
runs through the command line in ``tests/test_rule_book_examples.py``.)
"""

from __future__ import annotations

import pytest

from shangrao_bot.rules.errors import ImpossibleHandError, ScoringInputError
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, Reason, ScoreResult, WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.tiles import parse_melds, parse_tile, parse_tiles


def score(
    hand: str,
    win: str,
    bao: str,
    *,
    melds: str = "",
    how: WinHow = WinHow.SELF,
    kong_chain: int = 1,
    flown: tuple[int, int, int, int] = (0, 0, 0, 0),
    bonuses: tuple[Bonus, ...] = (),
    preset: Preset = Preset.SHANGRAO,
) -> ScoreResult:
    return score_win(
        WinInput(
            concealed=tuple(parse_tiles(hand)),
            bao=parse_tile(bao),
            winning_tile=parse_tile(win),
            melds=tuple(parse_melds(melds)),
            how=how,
            kong_chain=kong_chain,
            robbed_seat=None,
            winner=0,
            flown=flown,
            bonuses=bonuses,
        ),
        RuleSet(preset, stake=1),
    )


def mods(r: ScoreResult) -> dict[str, int]:
    return {m.name: m.factor for m in r.modifiers}


def win_payments(r: ScoreResult) -> dict[int, int]:
    """payer → amount paid to the winner for the win itself (bonuses excluded)."""
    return {p.payer: p.amount for p in r.payments if p.reason is Reason.WIN and p.payee == 0}


def assert_each_pays(r: ScoreResult, amount: int) -> None:
    assert r.winning, r.reason
    assert r.deltas == (3 * amount, -amount, -amount, -amount)
    assert sum(r.deltas) == 0


# 12.1. shangrao, 平胡自摸, no 宝 flown: each other player −2, winner +6.
def test_s12_1_pinghu_zimo() -> None:
    r = score("123m456p789s11122z", "2z", "5m")
    assert r.pattern == "平胡自摸"
    assert r.pattern_factor == 2
    assert r.modifiers == ()
    assert r.value == 2
    assert win_payments(r) == {1: 2, 2: 2, 3: 2}
    assert_each_pays(r, 2)
    assert r.deltas == (6, -2, -2, -2)


# 12.3. shangrao, clean 十三浪, no 宝 flown: −4 each, winner +12.
def test_s12_3_clean_shisanlang() -> None:
    r = score("147m258p369s12345z", "5z", "5m")
    assert r.pattern == "十三浪"
    assert r.value == 4
    assert r.interpretation is not None and r.interpretation.clean
    assert r.deltas == (12, -4, -4, -4)


# 12.5. shangrao, clean 九幺, no 宝 flown: −4 each, winner +12 (and no 九幺 modifier on it).
def test_s12_5_clean_jiuyao() -> None:
    r = score("119m19p19s1123456z", "6z", "5m")
    assert r.pattern == "九幺"
    assert r.value == 4
    assert r.modifiers == ()
    assert r.deltas == (12, -4, -4, -4)


# 12.4. shangrao, clean 十三浪, winner flew 1 宝: −8 each, winner +24.
def test_s12_4_shisanlang_winner_flew_one_bao() -> None:
    r = score("147m258p369s12345z", "5z", "5m", flown=(1, 0, 0, 0))
    assert r.pattern == "十三浪"
    assert mods(r) == {"飞宝": 2}
    assert r.value == 8
    assert r.deltas == (24, -8, -8, -8)


# 12.18. shangrao, the largest hand: 宝 5p, four 5p drawn and flown (四个宝), 暗杠 1111m 9999m 1111z
#    7777z in one chain, 单吊 on the 4th replacement 9p:
#    10 × 2 (单吊) × 2^4 (飞宝) × 2^4 (杠开) × 2 (九幺) = 10240, + 8 (four 自摸杠) + 10 (四个宝)
#    = 10258 from each other player, +30774 in all.
def test_s12_18_largest_hand() -> None:
    r = score(
        "9p9p",
        "9p",
        "5p",
        melds="(1111m) (9999m) (1111z) (7777z)",
        how=WinHow.KONG,
        kong_chain=4,
        flown=(4, 0, 0, 0),
        bonuses=(Bonus(0, BonusKind.SIGEBAO),),
    )
    assert r.pattern == "清碰碰胡"
    assert r.pattern_factor == 10
    assert mods(r) == {"单吊": 2, "飞宝": 16, "杠开": 16, "九幺": 2}
    assert r.value == 10240
    assert win_payments(r) == {1: 10240, 2: 10240, 3: 10240}
    bonus_from_each = {
        payer: sum(p.amount for p in r.payments if p.payer == payer and p.reason is not Reason.WIN)
        for payer in (1, 2, 3)
    }
    assert bonus_from_each == {1: 18, 2: 18, 3: 18}
    assert r.deltas == (30774, -10258, -10258, -10258)
    assert_each_pays(r, 10258)


# 12.6. shangrao, 宝 5m: 123m 4p5m6p 777s 111z 5m + drew 9s → 宝吊头, ×3: −3 each.
def test_s12_6_baodiaotou() -> None:
    r = score("123m4p5m6p777s111z5m9s", "9s", "5m")
    assert r.pattern == "宝吊头"
    assert r.pattern_factor == 3
    assert r.value == 3
    assert r.deltas == (9, -3, -3, -3)


# 12.7. shangrao, 宝 5m, same 13 tiles + drew 5p → 宝吊无宝 (456p, 5m5m pair), ×6.
def test_s12_7_baodiaowubao() -> None:
    r = score("123m4p5m6p777s111z5m5p", "5p", "5m")
    assert r.pattern == "宝吊无宝"
    assert r.value == 6
    assert r.interpretation is not None and r.interpretation.clean
    assert r.deltas == (18, -6, -6, -6)


# 12.9. shangrao, 宝 5m, 123m 4p5m6p 777s 111z 9s + drew 9s: 有宝平胡, not a win.
def test_s12_9_youbao_pinghu_is_not_a_win() -> None:
    r = score("123m4p5m6p777s111z9s9s", "9s", "5m")
    assert not r.winning
    assert r.reason is not None and "有宝平胡" in r.reason
    assert r.value == 0
    assert r.payments == ()
    assert r.deltas == (0, 0, 0, 0)


# 12.33-12.35. baike: 清一色平胡 有宝自摸: 8 each; 七对 宝调: 12 each;
#     碰碰胡 九幺 字一色 无宝自摸: 64 each.
def test_s12_33_baike_qingyise_pinghu_youbao() -> None:
    # 宝 1m (no 2m/3m, so it must act): 456m 456m 66m 789m 78m+宝 …; no 宝调 on 4m.
    r = score("4455666677889m1m", "4m", "1m", preset=Preset.BAIKE)
    assert r.pattern == "平胡 清一色 有宝自摸"
    assert r.value == 8
    assert_each_pays(r, 8)


def test_s12_34_baike_qidui_baotiao() -> None:
    # six pairs + lone 宝 5m, drew 6m: the 宝 pairs with it.
    r = score("22m33p55s77s88p44z5m6m", "6m", "5m", preset=Preset.BAIKE)
    assert r.pattern == "七对 宝调"
    assert r.value == 12
    assert_each_pays(r, 12)


def test_s12_35_baike_pengpeng_jiuyao_ziyise_wubao() -> None:
    r = score("11122233355577z", "7z", "5m", preset=Preset.BAIKE)
    assert r.pattern == "碰碰胡 九幺 字一色 无宝自摸"
    assert r.value == 64
    assert_each_pays(r, 64)


def _win(hand: str, win: str | None, bao: str, melds: str = "", **kw: object) -> WinInput:
    return WinInput(
        concealed=tuple(parse_tiles(hand)),
        bao=parse_tile(bao),
        winning_tile=parse_tile(win) if win else None,
        melds=tuple(parse_melds(melds)),
        **kw,  # type: ignore[arg-type]
    )


# 12.20. shangrao, 宝 5m: an 有宝平胡 robs a 补杠: 1 × 6 = 6, paid by the robbed seat alone (§4).
def test_s12_20_youbao_pinghu_robs_a_kong() -> None:
    # The robber holds 78s and 99p: an 有宝平胡 (5m acting as 5p) completed by the robbed 9s.
    # (A robber pairing the robbed 9s with a held 9s would make five 9s with the robbed pong.)
    r = score_win(_win("123m4p5m6p111z78s99p9s", "9s", "5m", how=WinHow.ROB, robbed_seat=1))
    assert r.winning, r.reason
    assert (r.pattern, r.pattern_factor, r.value) == ("抢杠", 1, 6)
    assert mods(r) == {"抢杠": 6}
    assert r.interpretation is not None and not r.interpretation.clean
    assert r.deltas == (6, -6, 0, 0)
    # the robbed player's 飞宝 doubles what they pay, the winner's doubles the value
    r = score_win(
        _win(
            "123m4p5m6p111z78s99p9s", "9s", "5m", how=WinHow.ROB, robbed_seat=1, flown=(1, 1, 0, 0)
        )
    )
    assert r.value == 12 and r.deltas == (24, -24, 0, 0)
    # switched off (rob_with_bao), an 有宝平胡 still may not rob
    off = score_win(
        _win("123m4p5m6p111z78s99p9s", "9s", "5m", how=WinHow.ROB, robbed_seat=1),
        RuleSet(rob_with_bao=False),
    )
    assert not off.winning and off.reason is not None and "有宝平胡" in off.reason


def test_s12_20_a_robber_cannot_hold_a_fifth_9s() -> None:
    """A robber holding a 9s beside the robbed one, while the robbed player's pong and added tile
    are the other three, would make five: the scorer refuses it for that, not for the 宝."""
    with pytest.raises(ScoringInputError, match="the robber holds only the one robbed"):
        score_win(_win("123m4p5m6p777s111z9s9s", "9s", "5m", how=WinHow.ROB, robbed_seat=1))


# 12.25. shangrao: a 跌宝杠 (111m) (宝 2m) draws no replacement: no 杠开 with it as the only kong.
def test_s12_25_no_gangkai_after_an_indicator_kong() -> None:
    with pytest.raises(ImpossibleHandError, match="跌宝杠 draws none") as info:
        score_win(_win("123p456p789s5z5z", "5z", "2m", "(111m)", how=WinHow.KONG))
    assert info.value.problem == "no_kong_for_gangkai"
    # the same with the 跌宝杠 claimed on a discard, {111m}
    with pytest.raises(ImpossibleHandError, match="跌宝杠 draws none"):
        score_win(_win("123p456p789s5z5z", "5z", "2m", "{111m}", how=WinHow.KONG))
    # as a self-drawn win it is fine: 平胡自摸 2, the 跌宝杠 pays 自摸杠 2 (碰杠 1 if claimed)
    r = score_win(_win("123p456p789s5z5z", "5z", "2m", "(111m)"))
    assert r.pattern == "平胡自摸" and r.deltas == (12, -4, -4, -4)
    r = score_win(_win("123p456p789s5z5z", "5z", "2m", "{111m}"))
    assert r.deltas == (9, -3, -3, -3)


def test_s12_18_needs_four_four_tile_kongs() -> None:
    """30774 (example 12.18) needs a chain of four four-tile kongs: with a 跌宝杠 as one of the four
    kongs the chain is at most three (§4)."""
    kw = {"how": WinHow.KONG, "flown": (4, 0, 0, 0), "bonuses": (Bonus(0, BonusKind.SIGEBAO),)}
    melds = "(444p) (9999m) (1111z) (7777z)"  # (444p): the 跌宝杠 of 宝 5p
    with pytest.raises(ImpossibleHandError, match="kong chain 4") as info:
        score_win(_win("9p9p", "9p", "5p", melds, kong_chain=4, **kw))
    assert info.value.problem == "kong_chain"
    r = score_win(_win("9p9p", "9p", "5p", melds, kong_chain=3, **kw))
    assert r.value == 10 * 2 * 16 * 8  # 清碰碰胡, 单吊, 飞宝 2^4, 杠开 2^3 (no 九幺: 4p)


# 12.22. shangrao, 天胡 with 1111m 9999p 1111s 77z dealt: as an ordinary win 清七对 with
#     three quads, 10 × 2³, and 九幺 × 2 = 160, which beats the flat 10: −160 each (§7).
def test_s12_22_tianhu_pays_what_the_hand_is_worth() -> None:
    r = score_win(_win("1111m9999p1111s77z", None, "5p", how=WinHow.TIANHU))
    assert r.winning
    assert (r.pattern, r.pattern_factor, r.value) == ("三豪华清七对", 80, 160)
    assert mods(r) == {"九幺": 2}
    assert_each_pays(r, 160)
    # a 天胡 worth less as an ordinary win pays the flat 10 (16 under baike)
    small = score_win(_win("123m456p789s11122z", None, "5m", how=WinHow.TIANHU))
    assert (small.pattern, small.value, small.modifiers) == ("天胡", 10, ())
    baike = score_win(
        _win("1111m9999p1111s77z", None, "5p", how=WinHow.TIANHU), RuleSet(Preset.BAIKE)
    )
    assert (baike.pattern, baike.value) == ("七对 九幺 无宝自摸", 32)
    flat = score_win(
        _win("123m456p789s11122z", None, "5m", how=WinHow.TIANHU), RuleSet(Preset.BAIKE)
    )
    assert (flat.pattern, flat.value) == ("天胡", 16)
    # 地胡 the same way: 碰碰胡宝吊无宝 16 on the dealer's first discard 7z beats the flat 10
    dihu = score_win(_win("111m999p111s77z5m5m7z", "7z", "5m", how=WinHow.DIHU))
    assert (dihu.pattern, dihu.value) == ("碰碰胡宝吊无宝", 16)
    assert_each_pays(dihu, 16)
