"""Scoring a won hand and the bonus points of any hand (rule book §5, §7, §8, §9).

The scorer evaluates every legal interpretation of the final hand and keeps the one whose
per-payer value is highest (§6). The result says why: pattern, each modifier, every payment with
its reason, net deltas per seat that sum to zero — or, when the tiles are complete but the preset
does not allow the win, a reason a player understands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from shangrao_bot.rules.errors import ImpossibleHandError, ScoringInputError
from shangrao_bot.rules.hand import analyze_complete
from shangrao_bot.rules.interpret import GroupType, Interpretation
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.shapes import YAOJIU_KINDS, Shape, shanten, wildcards_needed
from shangrao_bot.rules.tiles import (
    HONORS,
    Meld,
    MeldKind,
    counts_of,
    indicator_from_bao,
    suit_of,
    tile_str,
)

SEATS = 4


class WinHow(Enum):
    SELF = "self"  # 自摸
    KONG = "kong"  # 杠开: won on a kong replacement tile
    ROB = "rob"  # 抢杠
    TIANHU = "tianhu"  # 天胡
    DIHU = "dihu"  # 地胡


class BonusKind(Enum):
    MINGGANG = "minggang"  # 碰杠 (明杠, 补杠): 1 from each other player
    ANGANG = "angang"  # 自摸杠 (暗杠, 跌宝杠): 2
    JIEBAO = "jiebao"  # 接宝: 10
    SIGEBAO = "sigebao"  # 四个宝: 10


BONUS_POINTS = {
    BonusKind.MINGGANG: 1,
    BonusKind.ANGANG: 2,
    BonusKind.JIEBAO: 10,
    BonusKind.SIGEBAO: 10,
}


class Reason(Enum):
    WIN = "win"
    MINGGANG = "minggang"
    ANGANG = "angang"
    JIEBAO = "jiebao"
    SIGEBAO = "sigebao"


@dataclass(frozen=True)
class Bonus:
    seat: int
    kind: BonusKind


@dataclass(frozen=True)
class WinInput:
    """Everything the scorer needs about one winner's hand.

    ``concealed`` holds every concealed tile including the winning tile. ``flown[j]`` = 宝 that
    seat j discarded this hand. ``bonuses`` are the other bonus events (kongs of other seats,
    接宝, 四个宝); the winner's own kongs are read from ``melds``.
    """

    concealed: tuple[int, ...]
    bao: int
    winning_tile: int | None = None
    melds: tuple[Meld, ...] = ()
    how: WinHow = WinHow.SELF
    kong_chain: int = 1
    robbed_seat: int | None = None
    winner: int = 0
    flown: tuple[int, ...] = (0, 0, 0, 0)
    bonuses: tuple[Bonus, ...] = ()


@dataclass(frozen=True)
class Modifier:
    name: str  # 名目 as in the rule book §7 (杠开, 单吊, 九幺, 飞宝, 抢杠)
    factor: int
    note: str = ""


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: Reason


@dataclass(frozen=True)
class ScoreResult:
    """A scored hand. ``value`` = what one payer owes for the win before their own 飞宝 doubling
    (stake applied); ``deltas`` include bonuses and sum to zero."""

    winning: bool
    reason: str | None
    pattern: str | None
    pattern_factor: int
    modifiers: tuple[Modifier, ...]
    value: int
    interpretation: Interpretation | None
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    preset: Preset = Preset.SHANGRAO


# --- helpers over interpretations --------------------------------------------------------------


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


def _pair_reading(interp: Interpretation, win: int, bao: int) -> bool:
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


def _all_triplets(interp: Interpretation) -> bool:
    return all(g.is_triplet_like() for g in interp.sets)


def _quads(interp: Interpretation) -> int:
    c = counts_of(interp.kinds)
    return sum(x // 4 for x in c)


def _all_yaojiu(interp: Interpretation) -> bool:
    return all(t in YAOJIU_KINDS for t in interp.kinds)


def _seven_stars(interp: Interpretation) -> bool:
    return set(interp.kinds) >= HONORS


# --- shangrao preset ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Evaluated:
    pattern: str | None
    factor: int
    modifiers: tuple[Modifier, ...]
    value: int
    reason: str | None = None


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

YOUBAO_PINGHU = (
    "有宝平胡 is not a win under the shangrao preset: a 宝 acts as a wildcard in a hand with a "
    "sequence. Discard into 宝吊头 (four sets and a lone 宝) or complete the hand clean."
)


def _shangrao_pattern(
    interp: Interpretation, win: int | None, bao: int, baodiao: bool
) -> tuple[str, int] | None:
    """(name shown, factor) of one interpretation under ``shangrao``; None for 有宝平胡."""
    if interp.shape is Shape.SEVEN_PAIRS:
        n = _quads(interp)
        pairs = "清七对" if interp.clean else "七对"
        return LUXURY[n] + pairs, SHANGRAO_PATTERNS[pairs] * 2**n
    if interp.shape in (Shape.THIRTEEN_LAN, Shape.YAOJIU):
        name = ("七星" if _seven_stars(interp) else "") + (
            "十三浪" if interp.shape is Shape.THIRTEEN_LAN else "九幺"
        )
        return name, SHANGRAO_PATTERNS[name if interp.clean else f"{name}/有宝"]
    pong = "碰碰胡" if _all_triplets(interp) else ""
    key: str | None = None
    if baodiao and win is not None:
        if win == bao and _pair_reading(interp, win, bao):
            key = pong + "宝吊宝"
        elif interp.clean:
            key = pong + "宝吊无宝"
        elif _pair_reading(interp, win, bao):
            key = pong + "宝吊头"
    if key is None:
        if interp.clean:
            key = "清碰碰胡" if pong else "平胡自摸"
        elif pong:
            key = "碰碰胡"
        else:
            return None
    return key, SHANGRAO_PATTERNS[key]


def _flat_or_ordinary(how: WinHow, ordinary: _Evaluated, flat: int) -> _Evaluated:
    """天胡/地胡: the flat value, or what the tiles pay as an ordinary self-drawn win when that
    is more (rule book §7: a 天胡 never pays less than the hand itself is worth)."""
    if how not in (WinHow.TIANHU, WinHow.DIHU):
        return ordinary
    if ordinary.pattern is not None and ordinary.value > flat:
        return ordinary
    return _Evaluated("天胡" if how is WinHow.TIANHU else "地胡", flat, (), flat)


def _evaluate_shangrao(
    interp: Interpretation, inp: WinInput, baodiao: bool, rules: RuleSet
) -> _Evaluated:
    found = _shangrao_pattern(interp, inp.winning_tile, inp.bao, baodiao)
    if found is None and inp.how is WinHow.ROB and rules.rob_with_bao:
        found = "抢杠", SHANGRAO_PATTERNS["抢杠"]
    if found is None:
        return _flat_or_ordinary(inp.how, _Evaluated(None, 0, (), 0, YOUBAO_PINGHU), SHANGRAO_FLAT)
    pattern, factor = found
    mods = shangrao_modifiers(
        ordinary_how(inp.how),
        inp.kong_chain,
        dandiao=len(inp.concealed) == 2,
        yaojiu=interp.shape in (Shape.STANDARD, Shape.SEVEN_PAIRS) and _all_yaojiu(interp),
        flown=inp.flown[inp.winner],
    )
    value = factor
    for m in mods:
        value *= m.factor
    return _flat_or_ordinary(inp.how, _Evaluated(pattern, factor, mods, value), SHANGRAO_FLAT)


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
        mods.append(Modifier("杠开", 2**kong_chain, f"chain of {kong_chain}"))
    if dandiao:
        mods.append(Modifier("单吊", SHANGRAO_MODIFIERS["单吊"]))
    if yaojiu:
        mods.append(Modifier("九幺", SHANGRAO_MODIFIERS["九幺"]))
    if flown:
        mods.append(Modifier("飞宝", 2**flown, f"{flown} 宝 flown"))
    if how is WinHow.ROB:
        mods.append(Modifier("抢杠", SHANGRAO_MODIFIERS["抢杠"]))
    return tuple(mods)


def win_payments(
    value: int,
    winner: int,
    how: WinHow,
    robbed_seat: int | None,
    flown: Sequence[int],
    preset: Preset,
) -> list[Payment]:
    """Who pays the winner what (§9): every other player ``value`` doubled per 宝 they
    flew (``shangrao``, not for the flat 天胡/地胡) — or, for 抢杠, the robbed player alone."""
    payers = [robbed_seat] if how is WinHow.ROB else [s for s in range(SEATS) if s != winner]
    out = []
    for j in payers:
        assert j is not None
        out.append(Payment(j, winner, value * payer_doubling(preset, how, flown[j]), Reason.WIN))
    return out


def payer_doubling(preset: Preset, how: WinHow, flown_of_payer: int) -> int:
    """What one payer's share of a win is multiplied by: under ``shangrao`` each 宝 the payer
    flew (discarded) doubles it, ``2**flown_of_payer``, except for the flat 天胡 and 地胡;
    ``baike`` has no per-payer doubling (a winner's own 飞宝 is already in the value)."""
    if preset is Preset.SHANGRAO and how not in (WinHow.TIANHU, WinHow.DIHU):
        return 1 << flown_of_payer
    return 1


# --- baike preset ------------------------------------------------------------------------------

# The rule book's §8 rows, named as there: (无宝自摸, 宝调, 有宝自摸); None = not a win; -2 = "not a
# win (base 2)", which becomes 2 × 2^f once the winner flew f >= 1 宝
_NW = None
_NW2 = -2
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


def _baike_rows(interp: Interpretation) -> list[str]:
    kinds = interp.kinds
    suits = {suit_of(t) for t in kinds}
    one_suit = len(suits) == 1 and 3 not in suits
    all_honors = suits == {3}
    yaojiu = _all_yaojiu(interp)
    if interp.shape is Shape.THIRTEEN_LAN:
        return ["七星十三烂" if _seven_stars(interp) else "十三烂"]
    if interp.shape is Shape.YAOJIU:
        return ["七星九幺" if _seven_stars(interp) else "九幺"]
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
    if _all_triplets(interp):
        rows.append("碰碰胡")
        if one_suit or all_honors:
            rows.append("碰碰胡 清一色")
        if yaojiu:
            rows.append("碰碰胡 九幺")
        if all_honors:
            rows.append("碰碰胡 九幺 字一色")
    return rows


def _baike_status(
    interp: Interpretation, inp: WinInput, rules: RuleSet, before: Sequence[int]
) -> int:
    """0 = 无宝, 1 = 宝调, 2 = 有宝."""
    if interp.clean:
        return 0
    win = inp.winning_tile
    if win is None or interp.shape not in (Shape.STANDARD, Shape.SEVEN_PAIRS):
        return 2
    if not _pair_reading(interp, win, inp.bao):
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


_STATUS_NAME = ("无宝自摸", "宝调", "有宝自摸")


def _evaluate_baike(
    interp: Interpretation, inp: WinInput, rules: RuleSet, before: Sequence[int]
) -> _Evaluated:
    return _flat_or_ordinary(inp.how, _baike_ordinary(interp, inp, rules, before), BAIKE_FLAT)


def _baike_ordinary(
    interp: Interpretation, inp: WinInput, rules: RuleSet, before: Sequence[int]
) -> _Evaluated:
    status = _baike_status(interp, inp, rules, before)
    f = inp.flown[inp.winner]
    best: _Evaluated | None = None
    why = None
    for row in _baike_rows(interp):
        cell = BAIKE_PATTERNS[row][status]
        name = f"{row} {_STATUS_NAME[status]}"
        if cell is None:
            why = f"{name} is not a win under the baike preset"
            continue
        mods: tuple[Modifier, ...] = ()
        if cell == _NW2:
            if f == 0:
                why = (
                    f"{name} is not a win under the baike preset unless the winner flew a 宝 "
                    "(飞宝): then it is worth 2 × 2^f"
                )
                continue
            cell = 2
        if f:
            mods = (Modifier("飞宝", 2**f, f"{f} 宝 flown"),)
        value = cell * 2**f
        if best is None or value > best.value:
            best = _Evaluated(name, cell, mods, value)
    return best if best is not None else _Evaluated(None, 0, (), 0, why)


# --- the scorer --------------------------------------------------------------------------------


def _check_input(inp: WinInput, rules: RuleSet) -> bool:
    """Refuse what no table can produce; True when the winner's own 宝 add up to four and
    四个宝 was not named (the scorer adds it)."""
    if len(inp.flown) != SEATS or any(f < 0 or f > 4 for f in inp.flown):
        raise ScoringInputError(
            "flown 宝 per seat must be four numbers from 0 to 4", str(inp.flown)
        )
    if not 0 <= inp.winner < SEATS:
        raise ScoringInputError(f"winner seat {inp.winner} is not a seat: use 0-3", str(inp.winner))
    check_bonuses([*inp.bonuses, *kong_bonuses(inp.winner, inp.melds)])
    held = inp.concealed.count(inp.bao) + sum(m.tiles.count(inp.bao) for m in inp.melds)
    add_sigebao = check_bao_tally(inp.flown, inp.bonuses, winner=inp.winner, winner_bao=held)
    if inp.how in (WinHow.TIANHU, WinHow.DIHU) and any(inp.flown):
        raise ScoringInputError(
            "no 宝 can have been flown before 天胡 or 地胡: nobody has discarded one yet",
            str(inp.flown),
        )
    if inp.how is WinHow.TIANHU:
        if inp.melds:
            raise ScoringInputError(
                "天胡 is won on the 14 dealt tiles: there can be no melds", "tianhu"
            )
    elif inp.winning_tile is None:
        raise ScoringInputError(
            "the winning tile is missing: name it (e.g. --win 5p), except for 天胡", "win"
        )
    # 天胡 needs no winning tile, but a named one must be in the hand
    if inp.winning_tile is not None and inp.winning_tile not in inp.concealed:
        raise ScoringInputError(
            f"the winning tile {tile_str(inp.winning_tile)} is not in the hand: the hand "
            "must include the winning tile",
            tile_str(inp.winning_tile),
        )
    if inp.how is WinHow.KONG:
        check_kong_chain(inp.melds, inp.kong_chain)
    if inp.how is WinHow.ROB:
        check_robbing_allowed(rules)
        if inp.robbed_seat is None or inp.robbed_seat == inp.winner or not 0 <= inp.robbed_seat < 4:
            raise ScoringInputError(
                "抢杠 needs the robbed seat (another seat, 1-3 when the winner is seat 0)", "robbed"
            )
        if inp.winning_tile == inp.bao:
            raise ScoringInputError("a 宝 cannot be robbed: a 补杠 is made of natural tiles", "rob")
        assert inp.winning_tile is not None
        robbed = tile_str(inp.winning_tile)
        if inp.winning_tile == indicator_from_bao(inp.bao):
            raise ScoringInputError(
                f"{robbed} cannot be robbed: one {robbed} is the face-up indicator, so nobody "
                "can add a fourth to a pong of it",
                robbed,
            )
        held_robbed = inp.concealed.count(inp.winning_tile) + sum(
            m.tiles.count(inp.winning_tile) for m in inp.melds
        )
        if held_robbed > 1:
            raise ScoringInputError(
                f"{held_robbed} {robbed} in the robber's hand: the robbed player's pong and added "
                f"tile are the other {robbed}, so the robber holds only the one robbed",
                robbed,
            )
    if inp.how is WinHow.DIHU:
        if not rules.di_hu:
            raise ScoringInputError("地胡 is switched off at this table", "dihu")
        if inp.winning_tile == inp.bao:
            raise ScoringInputError("地胡 cannot be won on a discarded 宝 (it is dead)", "dihu")
        if inp.melds:
            raise ScoringInputError(
                "地胡 is won on the 13 dealt tiles: there can be no melds", "dihu"
            )
    for m in inp.melds:
        if m.kind is MeldKind.KONG_INDICATOR and not rules.indicator_kong:
            raise ScoringInputError(
                f"'{m.to_str()}': 跌宝杠 is switched off at this table", m.to_str()
            )
    for b in inp.bonuses:
        if b.seat == inp.winner and b.kind in (BonusKind.MINGGANG, BonusKind.ANGANG):
            raise ScoringInputError(
                "the winner's own kongs are counted from the melds: list them there, "
                "not as bonuses",
                b.kind.value,
            )
    return add_sigebao


def check_kong_chain(melds: Sequence[Meld], kong_chain: int) -> None:
    """A 杠开 chain counts the winner's four-tile kongs: a 跌宝杠 draws no replacement, so it
    neither gives 杠开 nor counts in the chain (the rule book §4, §5)."""
    four = sum(1 for m in melds if m.kind.draws_replacement)
    if four == 0:
        raise ImpossibleHandError(
            "no_kong_for_gangkai",
            "杠开 needs a four-tile kong among the winner's melds: the replacement tile follows "
            "a kong, and a 跌宝杠 draws none",
            "kong",
        )
    if not 1 <= kong_chain <= four:
        raise ImpossibleHandError(
            "kong_chain",
            f"kong chain {kong_chain}: it counts the winner's four-tile kongs in the chain (a "
            f"跌宝杠 draws no replacement), so from 1 to the {four} among the melds",
            str(kong_chain),
        )


def check_bao_tally(
    flown: Sequence[int],
    bonuses: Sequence[Bonus],
    *,
    winner: int | None = None,
    winner_bao: int = 0,
    exact: bool = True,
) -> bool:
    """Refuse a 宝 count no hand can have (rule book §10): more than four 宝 in all, a
    四个宝 while another player holds or flew a 宝, a 接宝 where the receiver cannot have drawn
    three while another player discarded the fourth, both together.

    ``flown[j]``: 宝 seat j discarded; ``winner_bao``: 宝 in the winner's hand and melds (a 宝
    standing for itself in a chi, a concealed kong of 宝 as four) — with ``exact`` False only a
    lower bound (the pattern scorer knows no tiles); other seats' hands are not known. Returns
    True when the winner's own 宝 (held and flown) add up to four while 四个宝 was not named for
    them: that is 四个宝 all the same, to be added once."""
    total = sum(flown) + winner_bao
    if total > 4:
        message = (
            f"{sum(flown)} 宝 flown and {winner_bao} held by the winner make {total}, but there "
            "are only four 宝 tiles"
            if winner_bao
            else f"{sum(flown)} 宝 flown, but there are only four 宝 tiles"
        )
        raise ImpossibleHandError("too_many_bao", message, str(list(flown)))
    own = winner_bao + flown[winner] if winner is not None else 0
    named = {b.seat for b in bonuses if b.kind is BonusKind.SIGEBAO}
    implied = winner is not None and own == 4
    jiebao = [b.seat for b in bonuses if b.kind is BonusKind.JIEBAO]
    if jiebao and (named or implied):
        raise ImpossibleHandError(
            "jiebao_and_sigebao",
            "接宝 and 四个宝 cannot both happen: the fourth 宝 is either discarded or drawn",
            "jiebao",
        )
    for s in named | ({winner} if implied and winner is not None else set()):
        if any(flown[j] for j in range(SEATS) if j != s):
            raise ImpossibleHandError(
                "sigebao_elsewhere",
                "四个宝 means one player drew all four 宝, but another player flew a 宝",
                "sigebao",
            )
        if s != winner and winner_bao:
            raise ImpossibleHandError(
                "sigebao_elsewhere",
                f"四个宝 for another player, but the winner holds {winner_bao} 宝",
                "sigebao",
            )
        if s == winner and exact and own != 4:
            raise ImpossibleHandError(
                "sigebao_short",
                f"四个宝 for the winner, but the winner's 宝 (held, in melds and flown) add up "
                f"to {own}, not four",
                "sigebao",
            )
    for r in jiebao:
        others_flown = sum(flown[j] for j in range(SEATS) if j != r)
        if others_flown == 0:
            raise ImpossibleHandError(
                "jiebao_no_fourth",
                "接宝 needs the fourth 宝 discarded by another player, but no other player "
                "flew a 宝",
                "jiebao",
            )
        others = others_flown + (winner_bao if winner is not None and winner != r else 0)
        if others > 1:
            raise ImpossibleHandError(
                "jiebao_too_many",
                f"接宝: the receiver drew three 宝 and another player discarded the fourth, so "
                f"the other players flew or hold one 宝 in all, not {others}",
                "jiebao",
            )
        if r == winner and (own != 3 if exact else own > 3):
            raise ImpossibleHandError(
                "jiebao_not_three",
                f"接宝 for the winner needs three 宝 drawn by the winner, but the winner's 宝 "
                f"(held, in melds and flown) add up to {own}",
                "jiebao",
            )
    return implied and winner not in named


def check_robbing_allowed(rules: RuleSet) -> None:
    """抢杠 exists only under ``shangrao`` with the ``qiang_gang`` switch on (§4, §8)."""
    if not rules.robbing_allowed:
        raise ScoringInputError(
            "抢杠 is not allowed: the baike preset has no robbing a kong"
            if rules.preset is Preset.BAIKE
            else "抢杠 is switched off at this table",
            "rob",
        )


def check_bonuses(bonuses: Sequence[Bonus]) -> None:
    """Refuse bonus events no hand can have: a seat outside 0-3, more than four kongs for one
    player, more than one 接宝 or 四个宝, or both (the fourth 宝 is discarded or drawn, not
    both)."""
    for b in bonuses:
        if not 0 <= b.seat < SEATS:
            raise ScoringInputError(f"bonus seat {b.seat} is not a seat: use 0-3", str(b.seat))
    kinds = [b.kind for b in bonuses]
    if kinds.count(BonusKind.SIGEBAO) > 1:
        raise ScoringInputError("四个宝 can go to one player only: there are four 宝", "sigebao")
    if kinds.count(BonusKind.JIEBAO) > 1:
        raise ScoringInputError("接宝 happens once at most: there is one fourth 宝", "jiebao")
    if BonusKind.JIEBAO in kinds and BonusKind.SIGEBAO in kinds:
        raise ImpossibleHandError(
            "jiebao_and_sigebao",
            "接宝 and 四个宝 cannot both happen: the fourth 宝 is either discarded or drawn",
            "jiebao",
        )
    for seat in range(SEATS):
        kongs = sum(
            1
            for b in bonuses
            if b.seat == seat and b.kind in (BonusKind.MINGGANG, BonusKind.ANGANG)
        )
        if kongs > 4:
            raise ScoringInputError(
                f"{kongs} kongs for seat {seat}: a player makes at most four", str(seat)
            )


def kong_bonuses(seat: int, melds: Sequence[Meld]) -> list[Bonus]:
    """Bonus events of a player's declared kongs (robbed kongs never reach the melds): 碰杠 for
    a 明杠, a 补杠 or a 跌宝杠 claimed on a discard, 自摸杠 for the others (§4, §9)."""
    out = []
    for m in melds:
        if m.kind in (MeldKind.KONG_EXPOSED, MeldKind.KONG_INDICATOR_EXPOSED):
            out.append(Bonus(seat, BonusKind.MINGGANG))
        elif m.kind in (MeldKind.KONG_CONCEALED, MeldKind.KONG_INDICATOR):
            out.append(Bonus(seat, BonusKind.ANGANG))
    return out


def bonus_payments(bonuses: Sequence[Bonus], stake: int = 1) -> list[Payment]:
    """Each bonus is paid by every other player to its receiver, never doubled (§9)."""
    out = []
    for b in bonuses:
        amount = BONUS_POINTS[b.kind] * stake
        for payer in range(SEATS):
            if payer != b.seat:
                out.append(Payment(payer, b.seat, amount, Reason(b.kind.value)))
    return out


def deltas_of(payments: Sequence[Payment]) -> tuple[int, ...]:
    d = [0] * SEATS
    for p in payments:
        d[p.payer] -= p.amount
        d[p.payee] += p.amount
    return tuple(d)


def _preference(ev: _Evaluated, interp: Interpretation, inp: WinInput) -> tuple[int, int, int]:
    """Order of readings: the highest value first (§6); on a tie, 宝吊宝 when the winning tile
    is a 宝 (§5 names that draw so), then the reading with the fewest acting 宝 (the one a
    player checks most easily: 555m rather than 宝 standing for 123m)."""
    named_bao_draw = int(inp.winning_tile == inp.bao and "宝吊宝" in (ev.pattern or ""))
    return ev.value, named_bao_draw, -len(interp.acting)


def score_win(inp: WinInput, rules: RuleSet | None = None) -> ScoreResult:
    """Score one winner's hand, bonuses included. Raises on impossible input; a complete hand
    the preset does not allow comes back with ``winning=False`` and the reason."""
    rules = rules or RuleSet()
    analysis = analyze_complete(inp.concealed, inp.melds, inp.bao)  # validates the tiles first
    add_sigebao = _check_input(inp, rules)
    bonuses = list(inp.bonuses) + kong_bonuses(inp.winner, inp.melds)
    if add_sigebao:
        bonuses.append(Bonus(inp.winner, BonusKind.SIGEBAO))
    bonus_pay = bonus_payments(bonuses, rules.stake)
    if not analysis.is_complete:
        c = counts_of(inp.concealed)
        sh = shanten(
            c, inp.bao, len(inp.melds), all(t in YAOJIU_KINDS for m in inp.melds for t in m.tiles)
        )
        return _not_winning(
            "these tiles are not a complete hand: no arrangement as four sets and a pair, seven "
            f"pairs, 十三浪 or 九幺 fits (they are {sh + 1} tile(s) away)",
            rules,
        )
    before = list(inp.concealed)
    if inp.winning_tile is not None:
        before.remove(inp.winning_tile)
    baodiao = in_baodiao_state(before, inp.bao) if inp.winning_tile is not None else False
    best: tuple[_Evaluated, Interpretation] | None = None
    why: str | None = None
    for interp in analysis.interpretations:
        if rules.preset is Preset.SHANGRAO:
            ev = _evaluate_shangrao(interp, inp, baodiao, rules)
        else:
            ev = _evaluate_baike(interp, inp, rules, before)
        if ev.pattern is None:
            why = why or ev.reason
            continue
        if best is None or _preference(ev, interp, inp) > _preference(*best, inp):
            best = (ev, interp)
    if best is None:
        return _not_winning(why or "not a win", rules)
    ev, interp = best
    value = ev.value * rules.stake
    win_pay = win_payments(value, inp.winner, inp.how, inp.robbed_seat, inp.flown, rules.preset)
    payments = tuple(win_pay + bonus_pay)
    return ScoreResult(
        winning=True,
        reason=None,
        pattern=ev.pattern,
        pattern_factor=ev.factor,
        modifiers=ev.modifiers,
        value=value,
        interpretation=interp,
        payments=payments,
        deltas=deltas_of(payments),
        preset=rules.preset,
    )


def _not_winning(reason: str, rules: RuleSet) -> ScoreResult:
    """Not a win: the claim is refused and the hand goes on, so nothing is paid yet."""
    return ScoreResult(
        winning=False,
        reason=reason,
        pattern=None,
        pattern_factor=0,
        modifiers=(),
        value=0,
        interpretation=None,
        payments=(),
        deltas=(0,) * SEATS,
        preset=rules.preset,
    )


def score_draw(
    bonuses: Sequence[Bonus], rules: RuleSet | None = None, flown: Sequence[int] | None = None
) -> ScoreResult:
    """流局: no winner; only bonus points are settled (§9). ``flown`` (宝 discarded per seat),
    when known, is checked against the 四个宝 and 接宝 bonuses (rule book §10)."""
    rules = rules or RuleSet()
    check_bonuses(bonuses)
    if flown is not None:
        if len(flown) != SEATS or any(f < 0 or f > 4 for f in flown):
            raise ScoringInputError(
                "flown 宝 per seat must be four numbers from 0 to 4", str(list(flown))
            )
        check_bao_tally(flown, bonuses)
    pay = bonus_payments(bonuses, rules.stake)
    return ScoreResult(
        winning=False,
        reason="流局 (exhaustive draw): only bonus points are settled",
        pattern=None,
        pattern_factor=0,
        modifiers=(),
        value=0,
        interpretation=None,
        payments=tuple(pay),
        deltas=deltas_of(pay),
        preset=rules.preset,
    )
