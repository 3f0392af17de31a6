"""What a won hand is worth under the ``baike`` preset (rule book §8): the flat point table.

Each row of :data:`BAIKE_PATTERNS` names a pattern and its points for the three ways a hand can
hold its 宝 (:data:`STATUS_NAMES`: 无宝自摸, 宝调, 有宝自摸); a cell may say "not a win", or "not
a win (base 2)" — a win worth 2 × 2^f once the winner flew f ≥ 1 宝. A reading takes the best
row it fits; 天胡 and 地胡 pay :data:`BAIKE_FLAT` unless the tiles pay more. The pattern scorer
(:mod:`.quick`) prices the same table without tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.errors import Phrase
from shangrao_bot.rules.interpret import GroupType, Interpretation
from shangrao_bot.rules.readings import (
    Valuation,
    all_triplets,
    all_yaojiu,
    feibao,
    flat_or_ordinary,
    in_baodiao_state,
    in_six_pairs_baodiao,
    pair_reading,
    seven_stars,
)
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import Modifier, WinInput
from shangrao_bot.rules.shapes import Shape
from shangrao_bot.rules.tiles import suit_of

# The rule book's §8 rows, named as there: (无宝自摸, 宝调, 有宝自摸); None = not a win; -2 = "not a
# win (base 2)", which becomes 2 × 2^f once the winner flew f >= 1 宝
_NW = None
NOT_A_WIN_BASE2 = -2
_NW2 = NOT_A_WIN_BASE2
BAIKE_FLAT = 16  # 天胡, 地胡
BAIKE_PATTERNS: dict[str, tuple[int | None, int | None, int | None]] = {
    "平胡": (4, 4, _NW2),
    "平胡 清一色": (16, 16, 8),
    "七对": (16, 12, _NW),
    "七对 清一色": (32, 24, _NW),
    "七对 九幺": (32, 24, _NW),
    "七对 九幺 字一色": (64, 48, _NW),
    "碰碰胡": (16, 12, 8),
    "碰碰胡 清一色": (32, 24, 8),
    "碰碰胡 九幺": (32, 24, 8),
    "碰碰胡 九幺 字一色": (64, 48, 16),
    "十三烂": (4, _NW, _NW2),
    "七星十三烂": (8, _NW, 4),
    "九幺": (4, _NW, _NW2),
    "七星九幺": (8, _NW, 4),
}
#: The columns of :data:`BAIKE_PATTERNS`, as a pattern's name ends ("平胡 宝调").
STATUS_NAMES = ("无宝自摸", "宝调", "有宝自摸")


def baike_rows(interp: Interpretation) -> list[str]:
    """Every row of :data:`BAIKE_PATTERNS` one reading fits."""
    kinds = interp.kinds
    suits = {suit_of(t) for t in kinds}
    one_suit = len(suits) == 1 and 3 not in suits
    all_honors = suits == {3}
    yaojiu = all_yaojiu(interp)
    if interp.shape is Shape.THIRTEEN_LAN:
        return ["七星十三烂" if seven_stars(interp) else "十三烂"]
    if interp.shape is Shape.YAOJIU:
        return ["七星九幺" if seven_stars(interp) else "九幺"]
    if interp.shape is Shape.SEVEN_PAIRS:
        rows = ["七对"]
        if one_suit or all_honors:
            rows.append("七对 清一色")
        if yaojiu:
            rows.append("七对 九幺")
        if all_honors:
            rows.append("七对 九幺 字一色")
        return rows
    rows = ["平胡"]
    if one_suit:
        rows.append("平胡 清一色")
    if all_triplets(interp):
        rows.append("碰碰胡")
        if one_suit or all_honors:
            rows.append("碰碰胡 清一色")
        if yaojiu:
            rows.append("碰碰胡 九幺")
        if all_honors:
            rows.append("碰碰胡 九幺 字一色")
    return rows


def baike_status(
    interp: Interpretation, inp: WinInput, rules: RuleSet, before: Sequence[int]
) -> int:
    """The column of a reading: 0 = 无宝, 1 = 宝调, 2 = 有宝. ``before``: the concealed tiles
    before the winning tile."""
    if interp.clean:
        return 0
    win = inp.winning_tile
    if win is None or interp.shape not in (Shape.STANDARD, Shape.SEVEN_PAIRS):
        return 2
    if not pair_reading(interp, win, inp.bao):
        return 2
    acting = interp.acting
    if not rules.baike_loose_baodiao and not (len(acting) == 1 or win == inp.bao):
        return 2
    if interp.shape is Shape.STANDARD:
        ok = in_baodiao_state(before, inp.bao)
    else:
        ok = in_six_pairs_baodiao(before, inp.bao)
    if ok and not rules.baike_loose_baodiao and win == inp.bao:
        ok = all(
            t == inp.bao
            for g in interp.groups
            if g.type is not GroupType.PAIR
            for t, b in zip(g.tiles, g.bao, strict=True)
            if b
        )
    return 1 if ok else 2


def evaluate_baike(
    interp: Interpretation, inp: WinInput, rules: RuleSet, before: Sequence[int]
) -> Valuation:
    """One reading of a won hand priced under ``baike``: its best row, or why not a win."""
    return flat_or_ordinary(inp.how, _baike_ordinary(interp, inp, rules, before), BAIKE_FLAT)


def _baike_ordinary(
    interp: Interpretation, inp: WinInput, rules: RuleSet, before: Sequence[int]
) -> Valuation:
    status = baike_status(interp, inp, rules, before)
    f = inp.flown[inp.winner]
    best: Valuation | None = None
    why: Phrase | None = None
    for row in baike_rows(interp):
        cell = BAIKE_PATTERNS[row][status]
        name = f"{row} {STATUS_NAMES[status]}"
        if cell is None:
            why = Phrase("win.baike_no_win", pattern=name)
            continue
        mods: tuple[Modifier, ...] = ()
        if cell == NOT_A_WIN_BASE2:
            if f == 0:
                why = Phrase("win.baike_needs_feibao", pattern=name)
                continue
            cell = 2
        if f:
            mods = (feibao(f),)
        value = cell * 2**f
        if best is None or value > best.value:
            best = Valuation(name, cell, mods, value)
    return best if best is not None else Valuation(None, 0, (), 0, why)
