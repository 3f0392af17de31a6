"""What a won hand is worth under the ``shangrao`` preset (rule book §7): the multiplier system.

A reading's pattern gives a factor (:data:`SHANGRAO_PATTERNS`: 平胡自摸 2, 碰碰胡 4, 宝吊头 3 …),
each 名目 multiplies it (杠开 2^n, 单吊 2, 九幺 2, 飞宝 2^f, 抢杠 6), and 天胡/地胡 pay a flat
:data:`SHANGRAO_FLAT` unless the tiles pay more. A reading with a sequence in which a 宝 acts as
a wildcard (有宝平胡) is not a win: the reason is :data:`YOUBAO_PINGHU`. The pattern scorer
(:mod:`.quick`) prices the same tables without tiles.
"""

from __future__ import annotations

from shangrao_bot.errors import Phrase
from shangrao_bot.rules.interpret import Interpretation
from shangrao_bot.rules.readings import (
    Valuation,
    all_triplets,
    all_yaojiu,
    feibao,
    flat_or_ordinary,
    pair_reading,
    quads,
    seven_stars,
)
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import Modifier, WinHow, WinInput
from shangrao_bot.rules.shapes import Shape

# The rule book's §7 pattern table as data: factor per pattern. Where the table prices the
# same pattern differently for 有宝 and clean hands, the 有宝 row is keyed "name/有宝"; the name
# shown to players is the part before the slash (the interpretation says clean or 有宝).
SHANGRAO_PATTERNS: dict[str, int] = {
    "平胡自摸": 2,
    "清碰碰胡": 10,
    "碰碰胡": 4,
    "宝吊头": 3,
    "宝吊宝": 6,
    "宝吊无宝": 6,
    "碰碰胡宝吊头": 8,
    "碰碰胡宝吊无宝": 16,
    "碰碰胡宝吊宝": 16,
    "七对": 4,  # × 2^n for n quads (豪华)
    "清七对": 10,  # × 2^n
    "十三浪/有宝": 2,
    "十三浪": 4,
    "九幺/有宝": 2,
    "九幺": 4,
    "七星十三浪/有宝": 4,
    "七星十三浪": 8,
    "七星九幺/有宝": 4,
    "七星九幺": 8,
    # an 有宝平胡 that robs a 补杠 (the rule book §4, switch ``rob_with_bao``): the 基本分 1
    "抢杠": 1,
}
# 天胡, 地胡: a flat value replacing pattern and modifiers, unless the same tiles pay more as an
# ordinary self-drawn win with its modifiers (rule book §7)
SHANGRAO_FLAT = 10
SHANGRAO_MODIFIERS: dict[str, int] = {"单吊": 2, "九幺": 2, "抢杠": 6}  # 杠开 2^n, 飞宝 2^f
LUXURY = ("", "豪华", "双豪华", "三豪华")  # 14 tiles hold at most three quads

#: Why an 有宝平胡 is not a win (the engine's hand analysis says it of a wait too).
YOUBAO_PINGHU = Phrase("win.youbao_pinghu")


def shangrao_pattern(
    interp: Interpretation, win: int | None, bao: int, baodiao: bool
) -> tuple[str, int] | None:
    """(name shown, factor) of one interpretation under ``shangrao``; None for 有宝平胡.
    ``baodiao``: the tiles before the winning tile are in the 宝吊头 state."""
    if interp.shape is Shape.SEVEN_PAIRS:
        n = quads(interp)
        pairs = "清七对" if interp.clean else "七对"
        return LUXURY[n] + pairs, SHANGRAO_PATTERNS[pairs] * 2**n
    if interp.shape in (Shape.THIRTEEN_LAN, Shape.YAOJIU):
        name = ("七星" if seven_stars(interp) else "") + (
            "十三浪" if interp.shape is Shape.THIRTEEN_LAN else "九幺"
        )
        return name, SHANGRAO_PATTERNS[name if interp.clean else f"{name}/有宝"]
    pong = "碰碰胡" if all_triplets(interp) else ""
    key: str | None = None
    if baodiao and win is not None:
        if win == bao and pair_reading(interp, win, bao):
            key = pong + "宝吊宝"
        elif interp.clean:
            key = pong + "宝吊无宝"
        elif pair_reading(interp, win, bao):
            key = pong + "宝吊头"
    if key is None:
        if interp.clean:
            key = "清碰碰胡" if pong else "平胡自摸"
        elif pong:
            key = "碰碰胡"
        else:
            return None
    return key, SHANGRAO_PATTERNS[key]


def evaluate_shangrao(
    interp: Interpretation, inp: WinInput, baodiao: bool, rules: RuleSet
) -> Valuation:
    """One reading of a won hand priced under ``shangrao``: pattern × modifiers, or why not."""
    found = shangrao_pattern(interp, inp.winning_tile, inp.bao, baodiao)
    if found is None and inp.how is WinHow.ROB and rules.rob_with_bao:
        found = "抢杠", SHANGRAO_PATTERNS["抢杠"]
    if found is None:
        return flat_or_ordinary(inp.how, Valuation(None, 0, (), 0, YOUBAO_PINGHU), SHANGRAO_FLAT)
    pattern, factor = found
    mods = shangrao_modifiers(
        ordinary_how(inp.how),
        inp.kong_chain,
        dandiao=len(inp.concealed) == 2,
        yaojiu=interp.shape in (Shape.STANDARD, Shape.SEVEN_PAIRS) and all_yaojiu(interp),
        flown=inp.flown[inp.winner],
    )
    value = factor
    for m in mods:
        value *= m.factor
    return flat_or_ordinary(inp.how, Valuation(pattern, factor, mods, value), SHANGRAO_FLAT)


def ordinary_how(how: WinHow) -> WinHow:
    """How a win counts for its modifiers: 天胡 and 地胡 as an ordinary self-drawn win."""
    return WinHow.SELF if how in (WinHow.TIANHU, WinHow.DIHU) else how


def shangrao_modifiers(
    how: WinHow, kong_chain: int, *, dandiao: bool, yaojiu: bool, flown: int
) -> tuple[Modifier, ...]:
    """The 名目 of a ``shangrao`` win (§7), in the order players say them; ``flown`` = 宝 the
    winner discarded. Shared by the tile scorer and the pattern scorer (:mod:`.quick`)."""
    mods: list[Modifier] = []
    if how is WinHow.KONG:
        mods.append(Modifier("杠开", 2**kong_chain, Phrase("win.note.chain", n=kong_chain)))
    if dandiao:
        mods.append(Modifier("单吊", SHANGRAO_MODIFIERS["单吊"]))
    if yaojiu:
        mods.append(Modifier("九幺", SHANGRAO_MODIFIERS["九幺"]))
    if flown:
        mods.append(feibao(flown))
    if how is WinHow.ROB:
        mods.append(Modifier("抢杠", SHANGRAO_MODIFIERS["抢杠"]))
    return tuple(mods)
