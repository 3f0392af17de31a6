"""Scoring a hand from its pattern and flags, without its tiles (``/score quick``).

At a physical table people often know "碰碰胡, 单吊, one 宝 flown" and do not want to type
fourteen tiles. This prices such a description with the same tables as :func:`score_win`
(rule book §7 and §8) and returns the same :class:`ScoreResult`, payments included; only the
interpretation is missing (nobody typed the tiles). A property test holds the two scorers equal
on every hand the tile scorer accepts.

What can be checked without tiles is checked: a modifier the preset does not have, 九幺 on the
standalone 九幺 pattern, flags on the flat 天胡/地胡, a 宝 flown before 天胡/地胡, the robbed
seat of a 抢杠, a 有宝 row that is a win only with a 宝 flown, and the 宝 count as far as the
flags and the pattern tell it (rule book §10: a 宝吊宝 holds two 宝, an 有宝 pattern one).

A 天胡 or 地胡 given with an ordinary pattern (``how`` TIANHU/DIHU) pays that pattern as a
self-drawn win when it is worth more than the flat value, else the flat value (§7).
"""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.rules.baike_preset import (
    BAIKE_FLAT,
    BAIKE_PATTERNS,
    NOT_A_WIN_BASE2,
    STATUS_NAMES,
)
from shangrao_bot.rules.errors import ScoringInputError
from shangrao_bot.rules.payments import bonus_payments, deltas_of, win_payments
from shangrao_bot.rules.readings import feibao
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import (
    SEATS,
    Bonus,
    BonusKind,
    Modifier,
    ScoreResult,
    WinHow,
)
from shangrao_bot.rules.shangrao_preset import (
    LUXURY,
    SHANGRAO_FLAT,
    SHANGRAO_PATTERNS,
    ordinary_how,
    shangrao_modifiers,
)
from shangrao_bot.rules.win_checks import (
    check_bao_tally,
    check_bonuses,
    check_flown,
    check_none_flown,
    check_robbing_allowed,
    check_winner,
)

FLAT = ("天胡", "地胡")
# shangrao patterns that hold a sequence (their all-triplet forms are named 碰碰胡…)
_WITH_SEQUENCE = ("平胡自摸", "宝吊头", "宝吊宝", "宝吊无宝", "抢杠")
ROB_PATTERN = "抢杠"  # an 有宝平胡 robbing a 补杠 (§4, ``rob_with_bao``)


def _shangrao_names() -> dict[str, int]:
    """Pattern name as players say it → factor (豪华 variants spelled out, 有宝 rows named)."""
    out: dict[str, int] = {}
    for key, factor in SHANGRAO_PATTERNS.items():
        name = key.replace("/有宝", " 有宝")
        out[name] = factor
        if key in ("七对", "清七对"):
            for n, prefix in enumerate(LUXURY[1:], start=1):
                out[prefix + key] = factor * 2**n
    return out


def _baike_names() -> dict[str, int]:
    """``"<row> <status>"`` → value; -2 marks a row that wins only with a 宝 flown."""
    out: dict[str, int] = {}
    for row, cells in BAIKE_PATTERNS.items():
        for status, cell in zip(STATUS_NAMES, cells, strict=True):
            if cell is not None:
                out[f"{row} {status}"] = cell
    return out


SHANGRAO_QUICK = _shangrao_names()
BAIKE_QUICK = _baike_names()


def quick_patterns(preset: Preset) -> list[str]:
    """Every pattern name ``score_quick`` accepts under ``preset``, the flat ones last."""
    table = SHANGRAO_QUICK if preset is Preset.SHANGRAO else BAIKE_QUICK
    return [*table, *FLAT]


@dataclass(frozen=True)
class QuickInput:
    """A won hand described by its pattern and flags.

    ``pattern`` is one of :func:`quick_patterns`. ``how``: 自摸 (SELF), 杠开 (KONG, with
    ``kong_chain``), 抢杠 (ROB, with ``robbed_seat``); the flat patterns imply 天胡/地胡, and
    TIANHU/DIHU with another pattern price a 天胡/地胡 by its tiles' pattern when that is more.
    ``dandiao`` and ``yaojiu`` are the 单吊 and 九幺 modifiers (rule book §7). ``bonuses`` are
    every kong/宝 bonus of the hand, the winner's own kongs included (there are no melds here).
    """

    pattern: str
    winner: int = 0
    how: WinHow = WinHow.SELF
    kong_chain: int = 1
    robbed_seat: int | None = None
    dandiao: bool = False
    yaojiu: bool = False
    flown: tuple[int, ...] = (0, 0, 0, 0)
    bonuses: tuple[Bonus, ...] = ()


def bao_in_pattern(pattern: str) -> int:
    """How many 宝 a winning hand of ``pattern`` holds at least: two in a 宝吊宝 (the lone 宝
    and the drawn one), one in any other 宝吊 or 宝调 and in every 有宝 pattern, none in a
    clean one (a 宝 there stands for itself, if there is one)."""
    if "宝吊宝" in pattern:
        return 2
    plain = pattern.lstrip("豪华双三")
    acting = (
        "宝吊" in pattern
        or "有宝" in pattern
        or pattern.endswith("宝调")
        or plain in ("碰碰胡", "七对", ROB_PATTERN)
    )
    return 1 if acting else 0


def _check(inp: QuickInput, rules: RuleSet, table: dict[str, int]) -> bool:
    """Refuse what does not fit; True when 四个宝 for the winner goes without saying (their
    flown 宝 and those the pattern holds make four) and was not named."""
    if inp.pattern not in table and inp.pattern not in FLAT:
        raise ScoringInputError("quick.bad_pattern", token=inp.pattern, preset=rules.preset.value)
    check_winner(inp.winner)
    check_flown(inp.flown, str(inp.flown))
    check_bonuses(inp.bonuses)
    add_sigebao = check_bao_tally(
        inp.flown,
        inp.bonuses,
        winner=inp.winner,
        winner_bao=bao_in_pattern(inp.pattern),
        exact=False,
    )
    if inp.pattern in FLAT:
        if inp.how not in (WinHow.SELF, WinHow.TIANHU, WinHow.DIHU) or inp.dandiao or inp.yaojiu:
            raise ScoringInputError("quick.flat", token=inp.pattern, pattern=inp.pattern)
        check_none_flown(inp.flown)
        if inp.pattern == "地胡" and not rules.di_hu:
            raise ScoringInputError("win.dihu_off", token="dihu")
        return add_sigebao
    if inp.how in (WinHow.TIANHU, WinHow.DIHU):
        _check_dealt(inp, rules)
    if inp.pattern == ROB_PATTERN:
        if inp.how is not WinHow.ROB:
            raise ScoringInputError("quick.rob_pattern", token=inp.pattern)
        if not rules.rob_with_bao:
            raise ScoringInputError("quick.rob_with_bao_off", token="rob")
        if inp.dandiao:
            raise ScoringInputError("quick.rob_dandiao", token="单吊")
    if rules.preset is Preset.BAIKE:
        # a 杠开 win is still a win there, only without doubling (§8): nothing to refuse
        if inp.dandiao:
            raise ScoringInputError("quick.baike_dandiao", token="单吊")
        if inp.yaojiu:
            raise ScoringInputError("quick.baike_yaojiu", token="九幺")
    if inp.how is WinHow.ROB:
        check_robbing_allowed(rules)
        if inp.robbed_seat is None or inp.robbed_seat == inp.winner:
            raise ScoringInputError("quick.rob_no_player", token="robbed")
        if not 0 <= inp.robbed_seat < SEATS:
            raise ScoringInputError(
                "quick.bad_robbed_seat", token=str(inp.robbed_seat), seat=inp.robbed_seat
            )
        if "宝吊宝" in inp.pattern:
            raise ScoringInputError("quick.rob_bao", token="rob")
    if inp.how is WinHow.KONG and not 1 <= inp.kong_chain <= 4:
        raise ScoringInputError("quick.bad_kong_chain", token=str(inp.kong_chain), n=inp.kong_chain)
    if inp.yaojiu and ("十三浪" in inp.pattern or inp.pattern.startswith(("九幺", "七星九幺"))):
        raise ScoringInputError("quick.yaojiu_pattern", token="九幺")
    if inp.yaojiu and inp.pattern in _WITH_SEQUENCE:
        raise ScoringInputError("quick.yaojiu_sequence", token="九幺", pattern=inp.pattern)
    meldless = inp.pattern.lstrip("豪华双三").startswith(("七对", "清七对")) or any(
        name in inp.pattern for name in ("十三浪", "十三烂")
    )
    if meldless and (inp.dandiao or inp.how is WinHow.KONG):
        raise ScoringInputError("quick.meldless", token=inp.pattern, pattern=inp.pattern)
    return add_sigebao


def _check_dealt(inp: QuickInput, rules: RuleSet) -> None:
    """天胡/地胡 priced by the pattern of their tiles: won on the dealt tiles (no melds, no 宝
    flown yet); 天胡 has no drawn tile for a 宝吊 pattern, and 地胡 is never won on a 宝."""
    name = "天胡" if inp.how is WinHow.TIANHU else "地胡"
    if inp.how is WinHow.DIHU and not rules.di_hu:
        raise ScoringInputError("win.dihu_off", token="dihu")
    check_none_flown(inp.flown)
    if inp.dandiao:
        raise ScoringInputError("quick.dealt_dandiao", token="单吊", dealt=name)
    if "宝吊" in inp.pattern and (inp.how is WinHow.TIANHU or "宝吊宝" in inp.pattern):
        raise ScoringInputError(
            "quick.dealt_baodiao", token=inp.pattern, dealt=name, pattern=inp.pattern
        )


def _shangrao_value(inp: QuickInput, factor: int) -> tuple[int, tuple[Modifier, ...]]:
    mods = shangrao_modifiers(
        ordinary_how(inp.how),
        inp.kong_chain,
        dandiao=inp.dandiao,
        yaojiu=inp.yaojiu,
        flown=inp.flown[inp.winner],
    )
    value = factor
    for m in mods:
        value *= m.factor
    return value, mods


def _baike_value(inp: QuickInput, cell: int) -> tuple[int, int, tuple[Modifier, ...]]:
    f = inp.flown[inp.winner]
    if cell == NOT_A_WIN_BASE2:
        if f == 0:
            raise ScoringInputError(
                "win.baike_needs_feibao", token=inp.pattern, pattern=inp.pattern
            )
        cell = 2
    mods = (feibao(f),) if f else ()
    return cell, cell * 2**f, mods


def score_quick(inp: QuickInput, rules: RuleSet | None = None) -> ScoreResult:
    """Price a hand from its pattern and flags (see :class:`QuickInput`); raises
    :class:`ScoringInputError` naming what does not fit."""
    rules = rules or RuleSet()
    shangrao = rules.preset is Preset.SHANGRAO
    table = SHANGRAO_QUICK if shangrao else BAIKE_QUICK
    bonuses = inp.bonuses
    if _check(inp, rules, table):
        bonuses = (*bonuses, Bonus(inp.winner, BonusKind.SIGEBAO))
    mods: tuple[Modifier, ...] = ()
    flat_value = SHANGRAO_FLAT if shangrao else BAIKE_FLAT
    pattern = inp.pattern.removesuffix(" 有宝") if shangrao else inp.pattern
    dealt = {WinHow.TIANHU: "天胡", WinHow.DIHU: "地胡"}.get(inp.how)
    if inp.pattern in FLAT:
        factor = value = flat_value
    elif shangrao:
        factor = table[inp.pattern]
        value, mods = _shangrao_value(inp, factor)
    elif dealt is not None and table[inp.pattern] == NOT_A_WIN_BASE2:
        factor = value = 0  # not a win as an ordinary one: the flat value below
    else:
        factor, value, mods = _baike_value(inp, table[inp.pattern])
    if dealt is not None and inp.pattern not in FLAT and value <= flat_value:
        pattern, factor, value, mods = dealt, flat_value, flat_value, ()
    value *= rules.stake
    pay_how = {"天胡": WinHow.TIANHU, "地胡": WinHow.DIHU}.get(inp.pattern, inp.how)
    win_pay = win_payments(value, inp.winner, pay_how, inp.robbed_seat, inp.flown, rules.preset)
    payments = (*win_pay, *bonus_payments(bonuses, rules.stake))
    return ScoreResult(
        winning=True,
        reason=None,
        pattern=pattern,
        pattern_factor=factor,
        modifiers=mods,
        value=value,
        interpretation=None,
        payments=payments,
        deltas=deltas_of(payments),
        preset=rules.preset,
    )
