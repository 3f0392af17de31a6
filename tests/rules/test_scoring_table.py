"""One table of scored hands, every expected value worked out by hand from the rule book.

Each row names the rule-book row (§7 ``shangrao`` pattern table and modifiers, §8 ``baike``
table) it pins down. The expected values were computed from the rule book alone — the code was
not consulted for them — so a failure here means the code and the rule book disagree.

Conventions used in the comments: the winner is seat 0; ``V`` is the per-payer value before the
payer's own 飞宝 doubling; "each pays" means each of seats 1-3. Unless a row says otherwise the
宝 is ``5m`` (indicator ``4m``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from shangrao_bot.rules.errors import HandError, ScoringInputError
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, ScoreResult, WinHow, WinInput
from shangrao_bot.rules.scoring import score_draw, score_win
from shangrao_bot.rules.tiles import parse_melds, parse_tile, parse_tiles

SR = Preset.SHANGRAO
BK = Preset.BAIKE
SELF = WinHow.SELF
KONG = WinHow.KONG
ROB = WinHow.ROB
TIANHU = WinHow.TIANHU
DIHU = WinHow.DIHU
MING = BonusKind.MINGGANG
AN = BonusKind.ANGANG
JIE = BonusKind.JIEBAO
SIGE = BonusKind.SIGEBAO

Deltas = tuple[int, int, int, int]
Flown = tuple[int, int, int, int]


@dataclass(frozen=True)
class Row:
    """One scored hand: the input, then what the rule book says the result is.

    ``pattern`` is the exact name; a tuple lists the names that are equally right when the rule
    book gives the same value through several rows (a tie between table rows). ``mods``, when
    given, is the exact list of modifiers (name, factor); ``reason`` a substring of a not-a-win
    reason.
    """

    preset: Preset
    hand: str
    melds: str
    win: str | None
    bao: str
    how: WinHow
    kong_chain: int
    robbed: int | None
    flown: Flown
    bonuses: tuple[Bonus, ...]
    stake: int
    winning: bool
    pattern: str | tuple[str, ...] | None
    value: int
    deltas: Deltas
    mods: tuple[tuple[str, int], ...] | None = None
    reason: str | None = None


def row(
    id_: str,
    *,
    preset: Preset = SR,
    hand: str,
    melds: str = "",
    win: str | None,
    bao: str = "5m",
    how: WinHow = SELF,
    kong_chain: int = 1,
    robbed: int | None = None,
    flown: Flown = (0, 0, 0, 0),
    bonuses: tuple[Bonus, ...] = (),
    stake: int = 1,
    winning: bool = True,
    pattern: str | tuple[str, ...] | None = None,
    value: int = 0,
    deltas: Deltas = (0, 0, 0, 0),
    mods: tuple[tuple[str, int], ...] | None = None,
    reason: str | None = None,
) -> object:
    r = Row(
        preset,
        hand,
        melds,
        win,
        bao,
        how,
        kong_chain,
        robbed,
        flown,
        bonuses,
        stake,
        winning,
        pattern,
        value,
        deltas,
        mods,
        reason,
    )
    return pytest.param(r, id=id_)


def each(v: int) -> Deltas:
    """The winner collects ``v`` from each of the three others."""
    return (3 * v, -v, -v, -v)


PINGHU = "123m456p789s11122z"  # clean 平胡: 123m 456p 789s 111z 22z
EX6_13 = "123m4p5m6p777s111z5m"  # §10 ex. 6/7: 123m 4p5m6p 777s 111z + lone 5m (宝吊头 state)
EX8 = "123m4p5m6p777s111z9s9s"  # §10 ex. 8: 5m must act as 5p — 有宝平胡
FOUR_MELDS = "[123m] [456p] [777s] [111z]"

TABLE = [
    # ---------------- shangrao §7: the pattern table ----------------
    row(
        "sr-pinghu-zimo",
        hand=PINGHU,
        win="2z",
        pattern="平胡自摸",
        value=2,
        deltas=each(2),
        mods=(),
    ),
    # 5m stands for itself in 456m: the hand is clean although it holds a 宝 (§3).
    row(
        "sr-pinghu-zimo-bao-standing-for-itself",
        hand="123m456m789s11122z",
        win="2z",
        pattern="平胡自摸",
        value=2,
        deltas=each(2),
    ),
    row(
        "sr-qing-pengpeng",
        hand="111m222p333s44455z",
        win="5z",
        pattern="清碰碰胡",
        value=10,
        deltas=each(10),
        mods=(),
    ),
    # 5m acts as 4z (or 6z); not 宝吊: before = 111m222p333s44z6z+5m, 44z/6z need 3 宝.
    row(
        "sr-pengpeng-youbao",
        hand="111m222p333s44z66z5m",
        win="6z",
        pattern="碰碰胡",
        value=4,
        deltas=each(4),
    ),
    row("sr-baodiaotou", hand=EX6_13 + "9s", win="9s", pattern="宝吊头", value=3, deltas=each(3)),
    # §3: 111z + lone 宝, the fourth 1z drawn: the 宝 stands as a fifth 1z.
    row(
        "sr-baodiaotou-fifth-copy",
        hand="123m456p777s1111z5m",
        win="1z",
        pattern="宝吊头",
        value=3,
        deltas=each(3),
    ),
    # state (4p5m6p + lone 5m), drew the third 宝: 555m cannot be a set (4p 6p left) → 有宝.
    row("sr-baodiaobao", hand=EX6_13 + "5m", win="5m", pattern="宝吊宝", value=6, deltas=each(6)),
    row(
        "sr-baodiaowubao", hand=EX6_13 + "5p", win="5p", pattern="宝吊无宝", value=6, deltas=each(6)
    ),
    row(
        "sr-pengpeng-baodiaotou",
        hand="111m222p333s444z5m6z",
        win="6z",
        pattern="碰碰胡宝吊头",
        value=8,
        deltas=each(8),
    ),
    # before = 111m222p333s44z+5m5m (one 5m completes 444z, one lone); drew 4z → 55m pair clean.
    row(
        "sr-pengpeng-baodiaowubao",
        hand="111m222p333s444z5m5m",
        win="4z",
        pattern="碰碰胡宝吊无宝",
        value=16,
        deltas=each(16),
    ),
    # before = [111m] 222p333s4z+5m5m5m (two 5m make 444z, one lone); drew the 4th 宝 (四个宝:
    # +10). 5555m has no clean reading (4z would be alone), the pong rules out 七对, so only
    # 宝吊宝 applies: 16 + 10 each.
    row(
        "sr-pengpeng-baodiaobao",
        hand="222p333s4z5m5m5m5m",
        melds="[111m]",
        win="5m",
        bonuses=(Bonus(0, SIGE),),
        pattern="碰碰胡宝吊宝",
        value=16,
        deltas=each(26),
    ),
    # The same tiles all concealed: 碰碰胡宝吊宝 (16) loses to 七对 with the 宝 completing
    # 1111m 2222p 3333s and pairing 4z: 三豪华七对 有宝 = 4 × 2^3 = 32, + 10 (四个宝) each.
    row(
        "sr-max-haohua3-qidui-over-baodiaobao",
        hand="111m222p333s4z5m5m5m5m",
        win="5m",
        bonuses=(Bonus(0, SIGE),),
        pattern="三豪华七对",
        value=32,
        deltas=each(42),
    ),
    row(
        "sr-qidui-youbao",
        hand="22m33p55s77s88p44z6m5m",
        win="4z",
        pattern="七对",
        value=4,
        deltas=each(4),
    ),
    row(
        "sr-haohua1-qidui",
        hand="2222m33p55s77s88p4z5m",
        win="4z",
        pattern="豪华七对",
        value=8,
        deltas=each(8),
    ),
    # §6: a 宝 may complete a quad: 222m + 5m as 2m.
    row(
        "sr-haohua1-qidui-bao-completes-quad",
        hand="222m33p55s77s88p44z5m",
        win="4z",
        pattern="豪华七对",
        value=8,
        deltas=each(8),
    ),
    row(
        "sr-haohua2-qidui",
        hand="2222m3333p55s77s4z5m",
        win="4z",
        pattern="双豪华七对",
        value=16,
        deltas=each(16),
    ),
    row(
        "sr-qing-qidui",
        hand="22m33p55s77s88p44z66z",
        win="6z",
        pattern="清七对",
        value=10,
        deltas=each(10),
    ),
    # 5m5m standing for themselves: clean 10 beats 5m5m acting as 2m2m (豪华七对 有宝 = 8).
    row(
        "sr-qing-qidui-bao-pair",
        hand="22m33p55s77s88p44z5m5m",
        win="4z",
        pattern="清七对",
        value=10,
        deltas=each(10),
    ),
    row(
        "sr-haohua1-qing-qidui",
        hand="2222m33p55s77s88p44z",
        win="4z",
        pattern="豪华清七对",
        value=20,
        deltas=each(20),
    ),
    # all four 宝 standing for themselves make a clean quad: 豪华清七对 20 beats any acting
    # reading (at most two quads with 4 宝: 双豪华七对 有宝 = 16); + 10 (四个宝) each.
    row(
        "sr-haohua1-qing-qidui-bao-quad",
        hand="22m33p55s77s88p5555m",
        win="2m",
        bonuses=(Bonus(0, SIGE),),
        pattern="豪华清七对",
        value=20,
        deltas=each(30),
    ),
    row(
        "sr-haohua2-qing-qidui",
        hand="2222m3333p55s77s44z",
        win="4z",
        pattern="双豪华清七对",
        value=40,
        deltas=each(40),
    ),
    row(
        "sr-shisanlang-clean",
        hand="147m258p369s12345z",
        win="5z",
        pattern="十三浪",
        value=4,
        deltas=each(4),
    ),
    # 宝 8m cannot stand for itself (7m8m too close); as 9s / 6z / 7z → 十三浪 有宝.
    row(
        "sr-shisanlang-youbao",
        hand="147m258p36s12345z8m",
        bao="8m",
        win="1z",
        pattern="十三浪",
        value=2,
        deltas=each(2),
    ),
    row(
        "sr-jiuyao-clean",
        hand="119m19p19s1123456z",
        win="6z",
        pattern="九幺",
        value=4,
        deltas=each(4),
        mods=(),
    ),
    row(
        "sr-jiuyao-youbao",
        hand="119m19p19s112345z5m",
        win="5z",
        pattern="九幺",
        value=2,
        deltas=each(2),
        mods=(),
    ),
    row(
        "sr-qixing-shisanlang-clean",
        hand="147m25p36s1234567z",
        bao="9p",
        win="7z",
        pattern="七星十三浪",
        value=8,
        deltas=each(8),
    ),
    # 宝 8s as 7z → 七星 有宝 4 (as 9s/8p/9p only 十三浪 有宝 2).
    row(
        "sr-qixing-shisanlang-youbao",
        hand="147m25p36s123456z8s",
        bao="8s",
        win="6z",
        pattern="七星十三浪",
        value=4,
        deltas=each(4),
    ),
    # The 宝 5m standing for itself: 159m 19p 19s + seven honours is a clean 七星十三浪 (8),
    # better than 5m acting in 七星九幺 有宝 (4).
    row(
        "sr-qixing-shisanlang-clean-holding-bao",
        hand="159m19p19s1234567z",
        win="7z",
        pattern="七星十三浪",
        value=8,
        deltas=each(8),
    ),
    row(
        "sr-qixing-jiuyao-clean",
        hand="19m19p19s11234567z",
        win="1z",
        pattern="七星九幺",
        value=8,
        deltas=each(8),
        mods=(),
    ),
    row(
        "sr-qixing-jiuyao-youbao",
        hand="19m19p19s1123456z5m",
        win="6z",
        pattern="七星九幺",
        value=4,
        deltas=each(4),
    ),
    # 九幺 shape with terminal/honour melds (§6).
    row(
        "sr-jiuyao-with-melds",
        hand="1m19p19s234z",
        melds="[111z] [999m]",
        win="4z",
        pattern="九幺",
        value=4,
        deltas=each(4),
        mods=(),
    ),
    # 天胡 / 地胡: flat 10, even on the 有宝平胡 tiles of §10 ex. 8 (宝 free to act).
    row(
        "sr-tianhu",
        hand=EX8,
        win=None,
        how=TIANHU,
        pattern="天胡",
        value=10,
        deltas=each(10),
        mods=(),
    ),
    row(
        "sr-dihu", hand=EX8, win="9s", how=DIHU, pattern="地胡", value=10, deltas=each(10), mods=()
    ),
    # ---------------- shangrao §7: modifiers ----------------
    # 杠开 n=1: 2 × 2 = 4, plus the winner's 暗杠 2 → each pays 6.
    row(
        "sr-gangkai-1",
        hand="123m789m789s11z",
        melds="(2222p)",
        win="1z",
        how=KONG,
        kong_chain=1,
        pattern="平胡自摸",
        value=4,
        deltas=each(6),
        mods=(("杠开", 2),),
    ),
    # 杠开 n=2: 2 × 4 = 8, plus two 暗杠 (2 + 2) → each pays 12.
    row(
        "sr-gangkai-2",
        hand="123m789s11z",
        melds="(2222p) (3333s)",
        win="1z",
        how=KONG,
        kong_chain=2,
        pattern="平胡自摸",
        value=8,
        deltas=each(12),
        mods=(("杠开", 4),),
    ),
    # 杠开 n=3: 2 × 8 = 16, plus 2 + 2 + 1 (补杠) → each pays 21.
    row(
        "sr-gangkai-3",
        hand="123m11z",
        melds="(2222p) (3333s) [4444z]",
        win="1z",
        how=KONG,
        kong_chain=3,
        pattern="平胡自摸",
        value=16,
        deltas=each(21),
        mods=(("杠开", 8),),
    ),
    row(
        "sr-dandiao",
        hand="9s9s",
        melds=FOUR_MELDS,
        win="9s",
        pattern="平胡自摸",
        value=4,
        deltas=each(4),
        mods=(("单吊", 2),),
    ),
    # four melds + lone 宝, drew 9s: 宝吊头 3 × 单吊 2.
    row(
        "sr-dandiao-baodiaotou",
        hand="5m9s",
        melds=FOUR_MELDS,
        win="9s",
        pattern="宝吊头",
        value=6,
        deltas=each(6),
        mods=(("单吊", 2),),
    ),
    # 九幺 on the standard family: 清碰碰胡 10 × 2 = 20 (beats the 九幺 shape, 4).
    row(
        "sr-jiuyao-mod-standard",
        hand="111m999p111s999s11z",
        win="1z",
        pattern="清碰碰胡",
        value=20,
        deltas=each(20),
        mods=(("九幺", 2),),
    ),
    # 九幺 on 七对: 清七对 10 × 2 = 20.
    row(
        "sr-jiuyao-mod-qidui",
        hand="11m99m11p99p11s99s11z",
        win="1z",
        pattern="清七对",
        value=20,
        deltas=each(20),
        mods=(("九幺", 2),),
    ),
    # 有宝 碰碰胡 (5m as 9s or 1z), all terminals/honours: 4 × 2 = 8.
    row(
        "sr-jiuyao-mod-youbao-pengpeng",
        hand="111m999p111s99s11z5m",
        win="1m",
        pattern="碰碰胡",
        value=8,
        deltas=each(8),
        mods=(("九幺", 2),),
    ),
    # 碰碰胡宝吊头 with all terminals/honours: 8 × 2 = 16.
    row(
        "sr-jiuyao-mod-pengpeng-baodiaotou",
        hand="111m999p111s999s5m1z",
        win="1z",
        pattern="碰碰胡宝吊头",
        value=16,
        deltas=each(16),
        mods=(("九幺", 2),),
    ),
    row(
        "sr-feibao-winner-1",
        hand=PINGHU,
        win="2z",
        flown=(1, 0, 0, 0),
        pattern="平胡自摸",
        value=4,
        deltas=each(4),
        mods=(("飞宝", 2),),
    ),
    row(
        "sr-feibao-winner-2",
        hand=PINGHU,
        win="2z",
        flown=(2, 0, 0, 0),
        pattern="平胡自摸",
        value=8,
        deltas=each(8),
        mods=(("飞宝", 4),),
    ),
    # seat 1 flew one 宝: pays 2 × 2; seats 2, 3 pay 2.
    row(
        "sr-payer-doubling",
        hand=PINGHU,
        win="2z",
        flown=(0, 1, 0, 0),
        pattern="平胡自摸",
        value=2,
        deltas=(8, -4, -2, -2),
        mods=(),
    ),
    # winner flew 1 (V = 4), seat 2 flew 2: seat 1 pays 4, seat 2 pays 16, seat 3 pays 4.
    row(
        "sr-feibao-winner-and-payer",
        hand=PINGHU,
        win="2z",
        flown=(1, 0, 2, 0),
        pattern="平胡自摸",
        value=4,
        deltas=(24, -4, -16, -4),
        mods=(("飞宝", 2),),
    ),
    # 抢杠 on 3m (the robber holds the only other 3m): 2 × 6 = 12, seat 2 alone pays.
    row(
        "sr-qianggang",
        hand="12m456p789s777z22z3m",
        win="3m",
        how=ROB,
        robbed=2,
        pattern="平胡自摸",
        value=12,
        deltas=(12, 0, -12, 0),
        mods=(("抢杠", 6),),
    ),
    # the robbed seat flew 2: pays 12 × 4; seat 1's 飞宝 does not matter (it does not pay).
    row(
        "sr-qianggang-robbed-feibao",
        hand="12m456p789s777z22z3m",
        win="3m",
        how=ROB,
        robbed=2,
        flown=(0, 1, 2, 0),
        pattern="平胡自摸",
        value=12,
        deltas=(48, 0, -48, 0),
    ),
    # winner flew 1 and the robbed seat flew 1: 2 × 2 × 6 = 24, seat 3 pays 24 × 2.
    row(
        "sr-qianggang-both-feibao",
        hand="12m456p789s777z22z3m",
        win="3m",
        how=ROB,
        robbed=3,
        flown=(1, 0, 0, 1),
        pattern="平胡自摸",
        value=24,
        deltas=(48, 0, 0, -48),
        mods=(("飞宝", 2), ("抢杠", 6)),
    ),
    # §4: robbing while waiting on 宝吊头: 3 × 6 = 18 from seat 1.
    row(
        "sr-qianggang-baodiaotou",
        hand="123m456p777s111z5m9s",
        win="9s",
        how=ROB,
        robbed=1,
        pattern="宝吊头",
        value=18,
        deltas=(18, -18, 0, 0),
    ),
    # ---------------- shangrao: not a win ----------------
    row("sr-youbao-pinghu-not-a-win", hand=EX8, win="9s", winning=False, reason="有宝平胡"),
    row(
        "sr-incomplete-not-a-win",
        hand="123m456p789s12345z",
        win="5z",
        winning=False,
        reason="not a complete hand",
    ),
    # ---------------- bonuses (§7) ----------------
    # seat 1's 碰杠: 1 from each of 0, 2, 3.
    row(
        "bonus-minggang-other",
        hand=PINGHU,
        win="2z",
        bonuses=(Bonus(1, MING),),
        pattern="平胡自摸",
        value=2,
        deltas=(5, 1, -3, -3),
    ),
    # seat 2's 自摸杠: 2 from each of 0, 1, 3.
    row(
        "bonus-angang-other",
        hand=PINGHU,
        win="2z",
        bonuses=(Bonus(2, AN),),
        pattern="平胡自摸",
        value=2,
        deltas=(4, -4, 4, -4),
    ),
    # the winner's 跌宝杠 (111m, 宝 2m): 2 from each.
    row(
        "bonus-diebaogang-winner",
        hand="456m789p123s11z",
        melds="(111m)",
        bao="2m",
        win="1z",
        pattern="平胡自摸",
        value=2,
        deltas=each(4),
    ),
    # the winner's exposed kong in the melds: 1 from each.
    row(
        "bonus-winner-minggang-meld",
        hand="123m789m789s11z",
        melds="[2222p]",
        win="1z",
        pattern="平胡自摸",
        value=2,
        deltas=each(3),
    ),
    # 接宝 for seat 3 (seat 1 flew the 4th 宝): seat 1 pays 2×2 for the win; 10 from each to 3.
    row(
        "bonus-jiebao",
        hand=PINGHU,
        win="2z",
        flown=(0, 1, 0, 0),
        bonuses=(Bonus(3, JIE),),
        pattern="平胡自摸",
        value=2,
        deltas=(-2, -14, -12, 28),
    ),
    # 四个宝 for seat 1 (it holds all four 宝): 10 from each to seat 1.
    row(
        "bonus-sigebao-other",
        hand=PINGHU,
        win="2z",
        bonuses=(Bonus(1, SIGE),),
        pattern="平胡自摸",
        value=2,
        deltas=(-4, 28, -12, -12),
    ),
    # ---------------- stake ----------------
    # stake 3: V = 6, seat 1's 碰杠 3 from each.
    row(
        "stake-3-win-and-bonus",
        hand=PINGHU,
        win="2z",
        bonuses=(Bonus(1, MING),),
        stake=3,
        pattern="平胡自摸",
        value=6,
        deltas=(15, 3, -9, -9),
    ),
    # stake 2 on 杠开 n=1: V = 8, the 暗杠 bonus 4 → each pays 12.
    row(
        "stake-2-gangkai",
        hand="123m789m789s11z",
        melds="(2222p)",
        win="1z",
        how=KONG,
        stake=2,
        pattern="平胡自摸",
        value=8,
        deltas=each(12),
    ),
    # stake 2 on 抢杠 with the robbed seat's 飞宝: V = 24, seat 1 pays 48.
    row(
        "stake-2-qianggang",
        hand="12m456p789s777z22z3m",
        win="3m",
        how=ROB,
        robbed=1,
        flown=(0, 1, 0, 0),
        stake=2,
        pattern="平胡自摸",
        value=24,
        deltas=(48, -48, 0, 0),
    ),
    # stake 5 on 地胡: 50 each, no doubling.
    row(
        "stake-5-dihu",
        hand=EX8,
        win="9s",
        how=DIHU,
        stake=5,
        pattern="地胡",
        value=50,
        deltas=each(50),
    ),
    # ---------------- shangrao: best interpretation ----------------
    # 11 22 33m 44 55 66p 77z: 清七对 10 beats 123m123m456p456p77z (平胡自摸 2).
    row(
        "sr-max-qing-qidui-over-pinghu",
        hand="112233m445566p77z",
        win="7z",
        pattern="清七对",
        value=10,
        deltas=each(10),
    ),
    # 111m 222m 33m + 5m, 444z 55z: 5m as 3m in 123m×3 is 有宝平胡 (no win), as 3m in 333m
    # (or as 5z) it is 碰碰胡 (4): the scorer takes the reading that wins. Not 宝吊: before =
    # 111m222m33m444z5z + 5m would need three 宝.
    row(
        "sr-max-pengpeng-over-youbao-pinghu",
        hand="11122233m5m444z55z",
        win="5z",
        pattern="碰碰胡",
        value=4,
        deltas=each(4),
    ),
    # ---------------- baike §8 ----------------
    row(
        "bk-pinghu-wubao",
        preset=BK,
        hand=PINGHU,
        win="2z",
        pattern="平胡 无宝自摸",
        value=4,
        deltas=each(4),
    ),
    # one lone 宝, drew 9s: 宝调.
    row(
        "bk-pinghu-baotiao",
        preset=BK,
        hand="123m456p777s111z5m9s",
        win="9s",
        pattern="平胡 宝调",
        value=4,
        deltas=each(4),
    ),
    row("bk-pinghu-youbao-not-a-win", preset=BK, hand=EX8, win="9s", winning=False),
    row(
        "bk-pinghu-youbao-feibao-1",
        preset=BK,
        hand=EX8,
        win="9s",
        flown=(1, 0, 0, 0),
        pattern="平胡 有宝自摸",
        value=4,
        deltas=each(4),
    ),
    row(
        "bk-pinghu-youbao-feibao-2",
        preset=BK,
        hand=EX8,
        win="9s",
        flown=(2, 0, 0, 0),
        pattern="平胡 有宝自摸",
        value=8,
        deltas=each(8),
    ),
    # 123m 123m 456m 789m 99m, 宝 5p.
    row(
        "bk-pinghu-qys-wubao",
        preset=BK,
        hand="11223345678999m",
        bao="5p",
        win="9m",
        pattern="平胡 清一色 无宝自摸",
        value=16,
        deltas=each(16),
    ),
    # 宝 9m (nothing to sit with): before 123m 234m 456m 555m + 9m, drew 6m.
    row(
        "bk-pinghu-qys-baotiao",
        preset=BK,
        hand="12233445555669m",
        bao="9m",
        win="6m",
        pattern="平胡 清一色 宝调",
        value=16,
        deltas=each(16),
    ),
    # 宝 1m must act (no 2m/3m): 456m 456m 66m 78m+宝 … ; 七对 有宝 is no win.
    row(
        "bk-pinghu-qys-youbao",
        preset=BK,
        hand="4455666677889m1m",
        bao="1m",
        win="4m",
        pattern="平胡 清一色 有宝自摸",
        value=8,
        deltas=each(8),
    ),
    row(
        "bk-qidui-wubao",
        preset=BK,
        hand="22m33p55s77s88p44z66z",
        win="6z",
        pattern="七对 无宝自摸",
        value=16,
        deltas=each(16),
    ),
    row(
        "bk-qidui-baotiao",
        preset=BK,
        hand="22m33p55s77s88p44z5m6m",
        win="6m",
        pattern="七对 宝调",
        value=12,
        deltas=each(12),
    ),
    row(
        "bk-qidui-youbao-not-a-win",
        preset=BK,
        hand="22m33p55s77s88p44z6m5m",
        win="4z",
        winning=False,
    ),
    row(
        "bk-qidui-youbao-feibao-still-not-a-win",
        preset=BK,
        hand="22m33p55s77s88p44z6m5m",
        win="4z",
        flown=(1, 0, 0, 0),
        winning=False,
    ),
    row(
        "bk-qidui-qys-wubao",
        preset=BK,
        hand="11224466778899m",
        bao="5p",
        win="9m",
        pattern="七对 清一色 无宝自摸",
        value=32,
        deltas=each(32),
    ),
    # before 11 22 44 66 77 99m + 5m (宝), drew 3m.
    row(
        "bk-qidui-qys-baotiao",
        preset=BK,
        hand="11223445667799m",
        win="3m",
        pattern="七对 清一色 宝调",
        value=24,
        deltas=each(24),
    ),
    row(
        "bk-qidui-jiuyao-wubao",
        preset=BK,
        hand="11m99m11p99p11s99s11z",
        win="1z",
        pattern="七对 九幺 无宝自摸",
        value=32,
        deltas=each(32),
    ),
    row(
        "bk-qidui-jiuyao-baotiao",
        preset=BK,
        hand="11m99m11p99p11s99s1z5m",
        win="1z",
        pattern="七对 九幺 宝调",
        value=24,
        deltas=each(24),
    ),
    row(
        "bk-qidui-ziyise-wubao",
        preset=BK,
        hand="11223344556677z",
        win="7z",
        pattern="七对 九幺 字一色 无宝自摸",
        value=64,
        deltas=each(64),
    ),
    # 宝 7z: before 11 22 33 44 55 66z + 7z, drew 1z (the 宝 makes the 1z quad = two pairs).
    row(
        "bk-qidui-ziyise-baotiao",
        preset=BK,
        hand="11122334455667z",
        bao="7z",
        win="1z",
        pattern="七对 九幺 字一色 宝调",
        value=48,
        deltas=each(48),
    ),
    # same state, drew the 宝 itself: the final hand is clean → scored as 无宝 (§8).
    row(
        "bk-qidui-ziyise-baotiao-drew-bao-is-wubao",
        preset=BK,
        hand="11223344556677z",
        bao="7z",
        win="7z",
        pattern="七对 九幺 字一色 无宝自摸",
        value=64,
        deltas=each(64),
    ),
    row(
        "bk-pengpeng-wubao",
        preset=BK,
        hand="111m222p333s44455z",
        win="5z",
        pattern="碰碰胡 无宝自摸",
        value=16,
        deltas=each(16),
    ),
    row(
        "bk-pengpeng-baotiao",
        preset=BK,
        hand="111m222p333s444z5m6z",
        win="6z",
        pattern="碰碰胡 宝调",
        value=12,
        deltas=each(12),
    ),
    row(
        "bk-pengpeng-youbao",
        preset=BK,
        hand="111m222p333s44z66z5m",
        win="6z",
        pattern="碰碰胡 有宝自摸",
        value=8,
        deltas=each(8),
    ),
    row(
        "bk-pengpeng-qys-wubao",
        preset=BK,
        hand="11133355577799m",
        bao="5p",
        win="9m",
        pattern="碰碰胡 清一色 无宝自摸",
        value=32,
        deltas=each(32),
    ),
    # 宝 9m: before 111 333 555 777m + 9m, drew 2m.
    row(
        "bk-pengpeng-qys-baotiao",
        preset=BK,
        hand="11123335557779m",
        bao="9m",
        win="2m",
        pattern="碰碰胡 清一色 宝调",
        value=24,
        deltas=each(24),
    ),
    # 宝 9m acts as 7m (or 2m): 有宝 8 — the same 8 as 碰碰胡 有宝 (and 平胡 清一色 有宝).
    row(
        "bk-pengpeng-qys-youbao",
        preset=BK,
        hand="11122333555779m",
        bao="9m",
        win="2m",
        pattern=("碰碰胡 清一色 有宝自摸", "碰碰胡 有宝自摸", "平胡 清一色 有宝自摸"),
        value=8,
        deltas=each(8),
    ),
    row(
        "bk-pengpeng-jiuyao-wubao",
        preset=BK,
        hand="111m999p111s999s11z",
        win="1z",
        pattern="碰碰胡 九幺 无宝自摸",
        value=32,
        deltas=each(32),
    ),
    row(
        "bk-pengpeng-jiuyao-baotiao",
        preset=BK,
        hand="111m999p111s999s5m1z",
        win="1z",
        pattern="碰碰胡 九幺 宝调",
        value=24,
        deltas=each(24),
    ),
    row(
        "bk-pengpeng-jiuyao-youbao",
        preset=BK,
        hand="111m999p111s99s11z5m",
        win="1m",
        pattern=("碰碰胡 九幺 有宝自摸", "碰碰胡 有宝自摸"),
        value=8,
        deltas=each(8),
    ),
    row(
        "bk-pengpeng-ziyise-wubao",
        preset=BK,
        hand="11122233355577z",
        win="7z",
        pattern="碰碰胡 九幺 字一色 无宝自摸",
        value=64,
        deltas=each(64),
    ),
    # 宝 7z: before 111 222 333 444z + 7z, drew 6z.
    row(
        "bk-pengpeng-ziyise-baotiao",
        preset=BK,
        hand="11122233344467z",
        bao="7z",
        win="6z",
        pattern="碰碰胡 九幺 字一色 宝调",
        value=48,
        deltas=each(48),
    ),
    # 宝 7z acts as 4z (or 6z); not 宝调 (44z and 6z need three 宝).
    row(
        "bk-pengpeng-ziyise-youbao",
        preset=BK,
        hand="11122233344667z",
        bao="7z",
        win="6z",
        pattern="碰碰胡 九幺 字一色 有宝自摸",
        value=16,
        deltas=each(16),
    ),
    row(
        "bk-shisanlan-wubao",
        preset=BK,
        hand="147m258p369s12345z",
        win="5z",
        pattern="十三烂 无宝自摸",
        value=4,
        deltas=each(4),
    ),
    row(
        "bk-shisanlan-youbao-not-a-win",
        preset=BK,
        hand="147m258p36s12345z8m",
        bao="8m",
        win="1z",
        winning=False,
    ),
    row(
        "bk-shisanlan-youbao-feibao-1",
        preset=BK,
        hand="147m258p36s12345z8m",
        bao="8m",
        win="1z",
        flown=(1, 0, 0, 0),
        pattern="十三烂 有宝自摸",
        value=4,
        deltas=each(4),
    ),
    row(
        "bk-qixing-shisanlan-wubao",
        preset=BK,
        hand="147m25p36s1234567z",
        bao="9p",
        win="7z",
        pattern="七星十三烂 无宝自摸",
        value=8,
        deltas=each(8),
    ),
    row(
        "bk-qixing-shisanlan-youbao",
        preset=BK,
        hand="147m25p36s123456z8s",
        bao="8s",
        win="6z",
        pattern="七星十三烂 有宝自摸",
        value=4,
        deltas=each(4),
    ),
    row(
        "bk-jiuyao-wubao",
        preset=BK,
        hand="119m19p19s1123456z",
        win="6z",
        pattern="九幺 无宝自摸",
        value=4,
        deltas=each(4),
    ),
    row(
        "bk-jiuyao-youbao-not-a-win", preset=BK, hand="119m19p19s112345z5m", win="5z", winning=False
    ),
    row(
        "bk-jiuyao-youbao-feibao-1",
        preset=BK,
        hand="119m19p19s112345z5m",
        win="5z",
        flown=(1, 0, 0, 0),
        pattern="九幺 有宝自摸",
        value=4,
        deltas=each(4),
    ),
    row(
        "bk-qixing-jiuyao-wubao",
        preset=BK,
        hand="19m19p19s11234567z",
        win="1z",
        pattern="七星九幺 无宝自摸",
        value=8,
        deltas=each(8),
    ),
    row(
        "bk-qixing-jiuyao-youbao",
        preset=BK,
        hand="19m19p19s1123456z5m",
        win="6z",
        pattern="七星九幺 有宝自摸",
        value=4,
        deltas=each(4),
    ),
    row(
        "bk-tianhu",
        preset=BK,
        hand=EX8,
        win=None,
        how=TIANHU,
        pattern="天胡",
        value=16,
        deltas=each(16),
        mods=(),
    ),
    row(
        "bk-dihu",
        preset=BK,
        hand=EX8,
        win="9s",
        how=DIHU,
        pattern="地胡",
        value=16,
        deltas=each(16),
        mods=(),
    ),
    # baike 飞宝: × 2^f for the winner only, no payer doubling.
    row(
        "bk-feibao-1",
        preset=BK,
        hand="111m222p333s44455z",
        win="5z",
        flown=(1, 0, 0, 0),
        pattern="碰碰胡 无宝自摸",
        value=32,
        deltas=each(32),
        mods=(("飞宝", 2),),
    ),
    row(
        "bk-feibao-2-payer-flew-too",
        preset=BK,
        hand="111m222p333s44455z",
        win="5z",
        flown=(2, 1, 0, 0),
        pattern="碰碰胡 无宝自摸",
        value=64,
        deltas=each(64),
        mods=(("飞宝", 4),),
    ),
    # baike has no 杠开 / 单吊: the 暗杠 bonus (2 each) still counts.
    row(
        "bk-no-gangkai",
        preset=BK,
        hand="123m789m789s11z",
        melds="(2222p)",
        win="1z",
        how=KONG,
        pattern="平胡 无宝自摸",
        value=4,
        deltas=each(6),
        mods=(),
    ),
    row(
        "bk-no-dandiao",
        preset=BK,
        hand="9s9s",
        melds=FOUR_MELDS,
        win="9s",
        pattern="平胡 无宝自摸",
        value=4,
        deltas=each(4),
        mods=(),
    ),
    # baike bonus + stake 2: V = 8; seat 2's 自摸杠 2 × 2 from each.
    row(
        "bk-bonus-and-stake",
        preset=BK,
        hand=PINGHU,
        win="2z",
        bonuses=(Bonus(2, AN),),
        stake=2,
        pattern="平胡 无宝自摸",
        value=8,
        deltas=(20, -12, 4, -12),
    ),
]


def win_input(r: Row) -> WinInput:
    return WinInput(
        concealed=tuple(parse_tiles(r.hand)),
        bao=parse_tile(r.bao),
        winning_tile=parse_tile(r.win) if r.win is not None else None,
        melds=tuple(parse_melds(r.melds)),
        how=r.how,
        kong_chain=r.kong_chain,
        robbed_seat=r.robbed,
        winner=0,
        flown=r.flown,
        bonuses=r.bonuses,
    )


def check_physical(r: Row) -> None:
    """The row itself is a possible hand: 14 tiles (a kong as 3), ≤ 4 of a kind, ≤ 3 of the
    indicator's kind, and the winning tile is in the hand."""
    concealed = parse_tiles(r.hand)
    melds = parse_melds(r.melds)
    assert len(concealed) + 3 * len(melds) == 14
    tiles = concealed + [t for m in melds for t in m.tiles]
    assert all(tiles.count(t) <= 4 for t in set(tiles))
    bao = parse_tile(r.bao)
    suit_base = bao - bao % 9 if bao < 27 else None
    if suit_base is not None:
        indicator = suit_base + (bao - suit_base - 1) % 9
    elif bao <= 30:
        indicator = 27 + (bao - 27 - 1) % 4
    else:
        indicator = {31: 32, 32: 33, 33: 31}[bao]  # 中→发→白→中: 宝 白 ← 发, 发 ← 中, 中 ← 白
    assert tiles.count(indicator) <= 3
    if r.win is not None:
        assert parse_tile(r.win) in concealed


@pytest.mark.parametrize("r", TABLE)
def test_scoring_table(r: Row) -> None:
    check_physical(r)
    result = score_win(win_input(r), RuleSet(r.preset, stake=r.stake))
    assert result.winning is r.winning, result.reason
    assert sum(result.deltas) == 0
    assert result.deltas == r.deltas
    if not r.winning:
        assert result.value == 0
        assert result.payments == ()
        assert result.reason
        if r.reason is not None:
            assert r.reason in result.reason
        return
    if isinstance(r.pattern, tuple):
        assert result.pattern in r.pattern
    else:
        assert result.pattern == r.pattern
    assert result.value == r.value
    if r.mods is not None:
        assert tuple((m.name, m.factor) for m in result.modifiers) == r.mods
    # the payments add up to the deltas
    totals = [0, 0, 0, 0]
    for p in result.payments:
        totals[p.payer] -= p.amount
        totals[p.payee] += p.amount
    assert tuple(totals) == result.deltas


def test_table_is_large_and_ids_unique() -> None:
    ids = [getattr(p, "id", None) for p in TABLE]
    assert len(ids) >= 60
    assert len(set(ids)) == len(ids)


# --- inputs the scorer must refuse ------------------------------------------------------------


def _inp(hand: str, win: str | None, bao: str = "5m", melds: str = "", **kw: object) -> WinInput:
    return WinInput(
        concealed=tuple(parse_tiles(hand)),
        bao=parse_tile(bao),
        winning_tile=parse_tile(win) if win else None,
        melds=tuple(parse_melds(melds)),
        **kw,  # type: ignore[arg-type]
    )


def test_dihu_on_a_bao_is_refused() -> None:
    with pytest.raises(ScoringInputError):
        score_win(_inp("123m456p777s111z9s5m", "5m", how=DIHU), RuleSet())


def test_tianhu_needs_a_complete_hand() -> None:
    r = score_win(_inp("123m456p789s12345z", None, how=TIANHU), RuleSet())
    assert not r.winning
    assert r.deltas == (0, 0, 0, 0)


def test_baike_has_no_qianggang() -> None:
    inp = _inp("12m456p789s777z22z3m", "3m", how=ROB, robbed_seat=2)
    with pytest.raises(ScoringInputError):
        score_win(inp, RuleSet(Preset.BAIKE))
    # the same hand is a valid 抢杠 under shangrao
    assert score_win(inp, RuleSet(Preset.SHANGRAO)).value == 12


@pytest.mark.parametrize(
    ("hand", "melds", "bao"),
    [
        pytest.param("11111m2345678m99m", "", "5p", id="five-copies"),
        pytest.param("1m2345678m999m", "[1111m]", "5p", id="five-copies-with-meld"),
        pytest.param("4444m123p456p789p1z", "", "5m", id="four-of-the-indicator"),
        pytest.param("123m456p789s1122z", "", "5m", id="13-tiles"),
        pytest.param("123m456p789s111222z", "", "5m", id="15-tiles"),
        pytest.param("456m789p123s11z", "(111m)", "5m", id="diebaogang-wrong-kind"),
    ],
)
def test_impossible_hands_raise(hand: str, melds: str, bao: str) -> None:
    tiles = parse_tiles(hand)
    inp = WinInput(
        concealed=tuple(tiles),
        bao=parse_tile(bao),
        winning_tile=tiles[-1],
        melds=tuple(parse_melds(melds)),
    )
    with pytest.raises(HandError):
        score_win(inp, RuleSet())
    assert issubclass(HandError, ValueError)


def test_draw_settles_bonuses_only() -> None:
    r: ScoreResult = score_draw([Bonus(1, MING)], RuleSet())
    assert not r.winning
    assert r.deltas == (-1, 3, -1, -1)
    r = score_draw([Bonus(1, MING), Bonus(3, AN), Bonus(2, JIE)], RuleSet(stake=2))
    # seat 0: −2 −4 −20; seat 1: +6 −4 −20; seat 2: −2 −4 +60; seat 3: −2 +12 −20
    assert r.deltas == (-26, -18, 54, -10)
    assert sum(r.deltas) == 0
