"""What both presets ask of a won hand and of one reading of it (rule book §5, §6, §7).

A hand can often be read several ways (:class:`~.interpret.Interpretation`); each preset prices
every reading (:mod:`.shangrao_preset`, :mod:`.baike_preset`) and the scorer keeps the best.
Both presets need the same facts — is the hand in the 宝吊头 state, is the pair the lone 宝
and the winning tile, are all sets triplets, how many quads, all 幺九, all seven honours — and
answer in the same form, a :class:`Valuation`, with the same rule for 天胡 and 地胡
(:func:`flat_or_ordinary`). The AI players and the hand analysis ask :func:`baodiao_counts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.errors import Phrase
from shangrao_bot.rules.interpret import GroupType, Interpretation
from shangrao_bot.rules.score_model import Modifier, WinHow
from shangrao_bot.rules.shapes import YAOJIU_KINDS, wildcards_needed
from shangrao_bot.rules.tiles import HONORS, counts_of


@dataclass(frozen=True)
class Valuation:
    """One reading priced by a preset: its pattern, factor, modifiers and value per payer — or
    no pattern and the ``reason`` it is not a win."""

    pattern: str | None
    factor: int
    modifiers: tuple[Modifier, ...]
    value: int
    reason: Phrase | None = None


def flat_or_ordinary(how: WinHow, ordinary: Valuation, flat: int) -> Valuation:
    """天胡/地胡: the flat value, or what the tiles pay as an ordinary self-drawn win when that
    is more (rule book §7: a 天胡 never pays less than the hand itself is worth)."""
    if how not in (WinHow.TIANHU, WinHow.DIHU):
        return ordinary
    if ordinary.pattern is not None and ordinary.value > flat:
        return ordinary
    return Valuation("天胡" if how is WinHow.TIANHU else "地胡", flat, (), flat)


def feibao(flown: int) -> Modifier:
    """飞宝: each 宝 the winner flew (discarded) doubles the win, under both presets (§7, §8)."""
    return Modifier("飞宝", 2**flown, Phrase("win.note.flown", n=flown))


# --- the 宝吊 states of the tiles before the winning tile --------------------------------------


def in_baodiao_state(before: Sequence[int], bao: int) -> bool:
    """宝吊头 state (§5): the concealed tiles before the winning tile are complete sets plus one
    lone 宝 (other 宝 may act as wildcards inside those sets)."""
    return len(before) % 3 == 1 and baodiao_counts(counts_of(before), bao)


def baodiao_counts(c: Sequence[int], bao: int) -> bool:
    """:func:`in_baodiao_state` of a hand given as counts per kind (13-equivalent: the tiles
    before a winning tile), as the AI players and the hand analysis hold it."""
    b = c[bao]
    if not b:
        return False
    rest = list(c)
    rest[bao] = 0
    return wildcards_needed(rest, pair=False) <= b - 1


def in_six_pairs_baodiao(before: Sequence[int], bao: int) -> bool:
    """Six pairs plus a lone 宝 (the 七对 form of 宝调 under ``baike``), no melds."""
    c = counts_of(before)
    b = c[bao]
    if b == 0 or len(before) != 13:
        return False
    c[bao] = 0
    odd = sum(x & 1 for x in c)
    return odd <= b - 1


# --- facts of one reading ----------------------------------------------------------------------


def pair_reading(interp: Interpretation, win: int, bao: int) -> bool:
    """The pair is the lone 宝 plus the winning tile."""
    for g in interp.groups:
        if g.type is not GroupType.PAIR:
            continue
        if win == bao:
            if all(g.bao):
                return True
        elif g.tiles[0] == win and sorted(g.bao) == [False, True]:
            return True
    return False


def all_triplets(interp: Interpretation) -> bool:
    return all(g.is_triplet_like() for g in interp.sets)


def quads(interp: Interpretation) -> int:
    c = counts_of(interp.kinds)
    return sum(x // 4 for x in c)


def all_yaojiu(interp: Interpretation) -> bool:
    return all(t in YAOJIU_KINDS for t in interp.kinds)


def seven_stars(interp: Interpretation) -> bool:
    return set(interp.kinds) >= HONORS
