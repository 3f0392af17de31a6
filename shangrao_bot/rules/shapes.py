"""Fast shape checks with 0-4 宝: complete shapes, waits and shanten (rule book §3, §6).

This is the unchecked hot path for AI players and hints: inputs are a 34-count list of the
concealed tiles (宝 included at their own kind), the 宝 kind (``None`` = no wildcards), the number
of melds and whether every meld is terminals/honours. Sizes are the caller's business; the
validating entry points live in :mod:`.hand`.

A 宝 may stand for any kind, with no copy cap (§3), and a 宝 standing for itself is just a
wildcard that chose its own kind, so every 宝 is counted as a wildcard here.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

from shangrao_bot.rules.tables import (
    HONOR_ALT,
    HONOR_LAN,
    HONOR_NEED,
    HONOR_VEC,
    HONOR_VEC_CAPPED,
    HONOR_WAIT0,
    NV,
    STANDARD_NEED,
    SUIT_ALT,
    SUIT_LAN,
    SUIT_NEED,
    SUIT_VEC,
    SUIT_VEC_CAPPED,
    SUIT_WAIT0,
    VEC_COMB,
    W7,
    W9,
)

YAOJIU_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


class Shape(Enum):
    """The four complete shapes of §6 (names as the CLI prints them)."""

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_LAN = "thirteen_lan"
    YAOJIU = "yaojiu"


def _nested(depth: int, scale: int, prefix: int = 0) -> Any:
    """Nested lists: ``_nested(4, 1)[a][b][c][d] == ((a * 5 + b) * 5 + c) * 5 + d``.

    Reading a key digit by digit through nested lists is about three times faster in CPython
    than Horner's rule, whose intermediate values are fresh int objects.
    """
    if depth == 0:
        return prefix * scale
    return [_nested(depth - 1, scale, prefix * 5 + d) for d in range(5)]


_HI5 = _nested(5, 5**4)  # ranks 1-5 of a suit, scaled to their place in the 9-digit key
_LO4 = _nested(4, 1)  # ranks 6-9
_ZHI4 = _nested(4, 5**3)  # 东南西北
_ZLO3 = _nested(3, 1)  # 白发中


def natural_keys(c: Sequence[int], bao: int | None) -> tuple[int, int, int, int, int]:
    """Base-5 keys of the natural (non-宝) tiles per suit, and the number of 宝.

    Every 宝 is removed from its suit's key and counted instead: it is a wildcard.
    """
    km: int = _HI5[c[0]][c[1]][c[2]][c[3]][c[4]] + _LO4[c[5]][c[6]][c[7]][c[8]]
    kp: int = _HI5[c[9]][c[10]][c[11]][c[12]][c[13]] + _LO4[c[14]][c[15]][c[16]][c[17]]
    ks: int = _HI5[c[18]][c[19]][c[20]][c[21]][c[22]] + _LO4[c[23]][c[24]][c[25]][c[26]]
    kz: int = _ZHI4[c[27]][c[28]][c[29]][c[30]] + _ZLO3[c[31]][c[32]][c[33]]
    if bao is None:
        return km, kp, ks, kz, 0
    b = c[bao]
    if b:
        if bao < 9:
            km -= b * W9[bao]
        elif bao < 18:
            kp -= b * W9[bao - 9]
        elif bao < 27:
            ks -= b * W9[bao - 18]
        else:
            kz -= b * W7[bao - 27]
    return km, kp, ks, kz, b


# --- completeness -----------------------------------------------------------------------------


def _standard_ok(km: int, kp: int, ks: int, kz: int, b: int) -> bool:
    tm = SUIT_NEED[km]
    tp = SUIT_NEED[kp]
    ts = SUIT_NEED[ks]
    tz = HONOR_NEED[kz]
    return (tm & 15) + (tp & 15) + (ts & 15) + (tz & 15) + min(
        tm >> 4, tp >> 4, ts >> 4, tz >> 4
    ) <= b + 1


def wildcards_needed(c: Sequence[int], pair: bool = True) -> int:
    """Fewest wildcards that turn the tiles ``c`` (all natural) into sets, plus a pair if
    ``pair`` — the slow paths' pruning and the 宝吊头 test share this."""
    km, kp, ks, kz, _ = natural_keys(c, None)
    tm = SUIT_NEED[km]
    tp = SUIT_NEED[kp]
    ts = SUIT_NEED[ks]
    tz = HONOR_NEED[kz]
    sets = (tm & 15) + (tp & 15) + (ts & 15) + (tz & 15)
    return sets + min(tm >> 4, tp >> 4, ts >> 4, tz >> 4) - 1 if pair else sets


def _odd_naturals(km: int, kp: int, ks: int, kz: int) -> int:
    """Kinds held an odd number of times among the natural tiles (七对 singles)."""
    return (SUIT_ALT[km] + SUIT_ALT[kp] + SUIT_ALT[ks] + HONOR_ALT[kz]) >> 6 & 63


def _lan_ok(km: int, kp: int, ks: int, kz: int, b: int) -> bool:
    lm = SUIT_LAN[km]
    lp = SUIT_LAN[kp]
    ls = SUIT_LAN[ks]
    lz = HONOR_LAN[kz]
    if not (lm & lp & ls & 4) or not lz & 8:
        return False
    return (lm & 3) + (lp & 3) + (ls & 3) + 7 - (lz & 7) >= b


def _yaojiu_ok(km: int, kp: int, ks: int) -> bool:
    """Every natural suited tile is a 1 or a 9 (honours always are)."""
    return km // 5 % 78125 == 0 and kp // 5 % 78125 == 0 and ks // 5 % 78125 == 0


def is_complete(
    c: Sequence[int], bao: int | None = None, melds: int = 0, melds_yaojiu: bool = True
) -> bool:
    """Whether the 14-tile hand (concealed counts ``c`` plus ``melds`` sets) is complete.

    The standard-shape test is written out (lookups and arithmetic, no calls): this is the
    hottest function of the AI players.
    """
    km, kp, ks, kz, b = natural_keys(c, bao)
    tm = SUIT_NEED[km]
    tp = SUIT_NEED[kp]
    ts = SUIT_NEED[ks]
    tz = HONOR_NEED[kz]
    d = tm >> 4
    if tp >> 4 < d:
        d = tp >> 4
    if ts >> 4 < d:
        d = ts >> 4
    if tz >> 4 < d:
        d = tz >> 4
    if (tm & 15) + (tp & 15) + (ts & 15) + (tz & 15) + d <= b + 1:
        return True
    if melds == 0 and (_odd_naturals(km, kp, ks, kz) <= b or _lan_ok(km, kp, ks, kz, b)):
        return True
    return melds_yaojiu and _yaojiu_ok(km, kp, ks)


def complete_shapes(
    c: Sequence[int], bao: int | None = None, melds: int = 0, melds_yaojiu: bool = True
) -> list[Shape]:
    """Every shape of §6 the 14-tile hand completes, 宝 free to act."""
    km, kp, ks, kz, b = natural_keys(c, bao)
    out = []
    if _standard_ok(km, kp, ks, kz, b):
        out.append(Shape.STANDARD)
    if melds == 0:
        if _odd_naturals(km, kp, ks, kz) <= b:
            out.append(Shape.SEVEN_PAIRS)
        if _lan_ok(km, kp, ks, kz, b):
            out.append(Shape.THIRTEEN_LAN)
    if melds_yaojiu and _yaojiu_ok(km, kp, ks):
        out.append(Shape.YAOJIU)
    return out


# --- waits -------------------------------------------------------------------------------------


_RANKS_OF_MASK = tuple(tuple(r for r in range(9) if m >> r & 1) for m in range(512))


def _mask_tiles(mask: int) -> list[int]:
    """34-bit mask (bit = tile kind) to a sorted tile list."""
    out: list[int] = []
    base = 0
    while mask:
        part = mask & 511
        if part:
            out.extend(base + r for r in _RANKS_OF_MASK[part])
        mask >>= 9
        base += 9
    return out


def _standard_wait_mask(km: int, kp: int, ks: int, kz: int, b: int) -> int:
    """34-bit mask of natural kinds whose addition completes the standard shape."""
    if b == 0:
        t = (SUIT_NEED[km], SUIT_NEED[kp], SUIT_NEED[ks], HONOR_NEED[kz])
        # groups whose tiles are not already sets: the drawn tile must fix them all
        g = h = -1
        for i in (0, 1, 2, 3):
            if t[i] & 15:
                if g < 0:
                    g = i
                elif h < 0:
                    h = i
                else:
                    return 0  # three groups to fix with one tile
        if g < 0:
            return 0
        if h < 0:
            w = HONOR_WAIT0[kz] if g == 3 else SUIT_WAIT0[(km, kp, ks)[g]]
            return (w >> 9) << (9 * g)
        mask = 0
        # the tile completes g's sets while h already holds a complete pair, or vice versa
        if (t[h] & 15) + (t[h] >> 4) == 1:
            w = HONOR_WAIT0[kz] if g == 3 else SUIT_WAIT0[(km, kp, ks)[g]]
            mask |= (w & 511) << (9 * g)
        if (t[g] & 15) + (t[g] >> 4) == 1:
            w = HONOR_WAIT0[kz] if h == 3 else SUIT_WAIT0[(km, kp, ks)[h]]
            mask |= (w & 511) << (9 * h)
        return mask
    keys = (km, kp, ks, kz)
    t = (SUIT_NEED[km], SUIT_NEED[kp], SUIT_NEED[ks], HONOR_NEED[kz])
    total = (t[0] & 15) + (t[1] & 15) + (t[2] & 15) + (t[3] & 15)
    mask = 0
    for g in (0, 1, 2, 3):
        # the tile joins group g: the others keep their needs, g's are read after the addition;
        # complete when sum(s) + min(d) <= b, with table bytes holding s | (d + 1) << 4
        lim = b + 1 - total + (t[g] & 15)
        if lim < 0:
            continue
        od1 = min(t[h] >> 4 for h in (0, 1, 2, 3) if h != g)
        key = keys[g]
        table = HONOR_NEED if g == 3 else SUIT_NEED
        for r, wgt in enumerate(W7 if g == 3 else W9):
            if key // wgt % 5 == 4:
                continue
            v = table[key + wgt]
            dv = v >> 4
            if dv > od1:
                dv = od1
            if (v & 15) + dv <= lim:
                mask |= 1 << (9 * g + r)
    return mask


def waits(
    c: Sequence[int], bao: int | None = None, melds: int = 0, melds_yaojiu: bool = True
) -> list[int]:
    """Every tile kind whose draw completes the 13-tile hand in some shape, sorted.

    Drawing a 宝 counts: the 宝 kind is a wait whenever some kind completes the hand (the drawn 宝
    stands for it). A kind the concealed hand already holds four of is not a wait (there is no
    fifth copy to draw) — the 宝 kind included.
    """
    km, kp, ks, kz, b = natural_keys(c, bao)
    mask = _standard_wait_mask(km, kp, ks, kz, b)
    if melds == 0:
        odd = _odd_naturals(km, kp, ks, kz)
        if odd - 1 <= b:
            # an odd kind drawn pairs up (odd - 1 singles left); an even one adds a single
            any_even = odd + 1 <= b
            for k in range(34):
                ck = c[k]
                if ck < 4 and k != bao and (ck & 1 or any_even):
                    mask |= 1 << k
        if (SUIT_LAN[km] & SUIT_LAN[kp] & SUIT_LAN[ks] & 4) and HONOR_LAN[kz] & 8:
            mask |= _lan_wait_mask((km, kp, ks, kz), b)
    if melds_yaojiu and _yaojiu_ok(km, kp, ks):
        for k in YAOJIU_KINDS:
            if c[k] < 4:
                mask |= 1 << k
    if bao is not None:
        mask &= ~(1 << bao)
        if c[bao] < 4 and (mask or is_complete(_with_extra_bao(c, bao), bao, melds, melds_yaojiu)):
            mask |= 1 << bao
    return _mask_tiles(mask)


def _with_extra_bao(c: Sequence[int], bao: int) -> list[int]:
    cc = list(c)
    cc[bao] += 1
    return cc


def _lan_wait_mask(keys: tuple[int, int, int, int], b: int) -> int:
    """Kinds that keep the naturals a valid 十三浪 with room for the ``b`` 宝 (all suits valid)."""
    free = [SUIT_LAN[keys[g]] & 3 for g in range(3)]
    present_z = HONOR_LAN[keys[3]] & 7
    total_free = free[0] + free[1] + free[2] + 7 - present_z
    mask = 0
    for g in range(3):
        key = keys[g]
        for r in range(9):
            wgt = W9[r]
            if key // wgt % 5:
                continue
            v = SUIT_LAN[key + wgt]
            if v & 4 and total_free - free[g] + (v & 3) >= b:
                mask |= 1 << (9 * g + r)
    if total_free - 1 >= b:
        kz = keys[3]
        for r in range(7):
            if not kz // W7[r] % 5:
                mask |= 1 << (27 + r)
    return mask


# --- shanten ----------------------------------------------------------------------------------


def shanten_by_shape(
    c: Sequence[int], bao: int | None = None, melds: int = 0, melds_yaojiu: bool = True
) -> dict[Shape, int]:
    """Shanten per shape (0 = one tile from complete, -1 = complete); absent shapes are omitted.

    Counted as tiles of the hand that fit no place in the shape: each must be swapped, and one
    more draw completes it. A 宝 always fits. With a 宝 kind in play any missing tile can be
    drawn (a drawn 宝 stands for it, even for a fifth copy); without one (``bao=None``) the shape
    holds at most four of a kind, as in wildcard-free mahjong.
    """
    km, kp, ks, kz, b = natural_keys(c, bao)
    return shanten_by_shape_keys((km, kp, ks, kz), b, melds, melds_yaojiu, bao is None)


def shanten(
    c: Sequence[int], bao: int | None = None, melds: int = 0, melds_yaojiu: bool = True
) -> int:
    """Shanten over all shapes (the minimum of :func:`shanten_by_shape`).

    The AI's hot loop: :func:`natural_keys` (without 宝), :func:`_standard_shanten` and
    :func:`_other_shanten` are written out here because their calls cost about a sixth of its
    time, which is what separates ~21x from under the 20x target (``make bench``). The
    property tests hold it equal to :func:`shanten_by_shape`, which calls them.
    """
    if bao is None:  # natural_keys written out for the wildcard-free case
        km: int = _HI5[c[0]][c[1]][c[2]][c[3]][c[4]] + _LO4[c[5]][c[6]][c[7]][c[8]]
        kp: int = _HI5[c[9]][c[10]][c[11]][c[12]][c[13]] + _LO4[c[14]][c[15]][c[16]][c[17]]
        ks: int = _HI5[c[18]][c[19]][c[20]][c[21]][c[22]] + _LO4[c[23]][c[24]][c[25]][c[26]]
        kz: int = _ZHI4[c[27]][c[28]][c[29]][c[30]] + _ZLO3[c[31]][c[32]][c[33]]
        b = 0
    else:
        km, kp, ks, kz, b = natural_keys(c, bao)
    groups = 4 - melds
    sv, hv = (SUIT_VEC_CAPPED, HONOR_VEC_CAPPED) if bao is None else (SUIT_VEC, HONOR_VEC)
    v = VEC_COMB[VEC_COMB[VEC_COMB[sv[km] * NV + sv[kp]] * NV + sv[ks]] * NV + hv[kz]]
    best = STANDARD_NEED[groups][v] - b - 1
    if best < 0:
        return best
    x = SUIT_ALT[km] + SUIT_ALT[kp] + SUIT_ALT[ks] + HONOR_ALT[kz]
    if melds_yaojiu:
        yaojiu = 3 * groups + 1 - b - (x >> 24)
        if yaojiu < best:
            best = yaojiu
    if melds == 0:
        pairs = x & 63
        if pairs > 7:
            pairs = 7
        singles = x >> 6 & 63
        if singles > 7 - pairs:
            singles = 7 - pairs
        seven_pairs = 13 - b - 2 * pairs - singles
        if seven_pairs < best:
            best = seven_pairs
        lan = 13 - b - (x >> 12 & 63) + ((x >> 18 & 63) == 3)
        if lan < best:
            best = lan
    return best


def shanten_keys(
    km: int, kp: int, ks: int, kz: int, b: int, melds: int, melds_yaojiu: bool, capped: bool
) -> int:
    """:func:`shanten` from :func:`natural_keys` already computed (``capped``: no 宝 kind).

    For AI players that try every draw on one hand: adding a tile changes one key by a
    :data:`W9`/:data:`W7` weight (or ``b`` by one), so keys are updated, not recomputed. The body
    is :func:`shanten`'s after its keys, written out for the same reason; a property test holds
    the two equal.
    """
    groups = 4 - melds
    sv, hv = (SUIT_VEC_CAPPED, HONOR_VEC_CAPPED) if capped else (SUIT_VEC, HONOR_VEC)
    v = VEC_COMB[VEC_COMB[VEC_COMB[sv[km] * NV + sv[kp]] * NV + sv[ks]] * NV + hv[kz]]
    best: int = STANDARD_NEED[groups][v] - b - 1
    if best < 0:
        return best
    x = SUIT_ALT[km] + SUIT_ALT[kp] + SUIT_ALT[ks] + HONOR_ALT[kz]
    if melds_yaojiu:
        yaojiu = 3 * groups + 1 - b - (x >> 24)
        if yaojiu < best:
            best = yaojiu
    if melds == 0:
        pairs = x & 63
        if pairs > 7:
            pairs = 7
        singles = x >> 6 & 63
        if singles > 7 - pairs:
            singles = 7 - pairs
        seven_pairs = 13 - b - 2 * pairs - singles
        if seven_pairs < best:
            best = seven_pairs
        lan = 13 - b - (x >> 12 & 63) + ((x >> 18 & 63) == 3)
        if lan < best:
            best = lan
    return best


_OTHER_GROUPS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))


#: bits of :func:`lowering_draws`' shape masks, in :class:`Shape` order
SHAPE_BITS = {Shape.STANDARD: 1, Shape.SEVEN_PAIRS: 2, Shape.THIRTEEN_LAN: 4, Shape.YAOJIU: 8}


def lowering_draws(
    keys: Sequence[int],
    b: int,
    c: Sequence[int],
    bao: int | None,
    melds: int,
    melds_yaojiu: bool,
    below: int,
) -> list[tuple[int, int]]:
    """``(kind, shapes)`` for every kind whose draw brings the hand's shanten below ``below``,
    in kind order; ``shapes`` is a mask of :data:`SHAPE_BITS`, the shapes whose own shanten
    the draw brings below ``below``. With ``below`` the hand's shanten these are its effective
    tiles, and (a draw lowers each shape by one at most) the shapes that reach the new
    shanten. ``keys`` and ``b``: the hand's :func:`natural_keys`; ``c``: its counts (a kind
    held four times cannot be drawn).

    For the hand analysis, which asks this after every discard: a draw changes one group's key,
    so the other three groups' shanten vectors are combined once per group and each draw costs
    a few lookups. The per-shape tests are :func:`shanten`'s, written out for the reason it
    gives; a property test holds the result equal to trying :func:`shanten_by_shape` on every
    draw.
    """
    capped = bao is None
    sv, hv = (SUIT_VEC_CAPPED, HONOR_VEC_CAPPED) if capped else (SUIT_VEC, HONOR_VEC)
    vecs = (sv, sv, sv, hv)
    alts = (SUIT_ALT, SUIT_ALT, SUIT_ALT, HONOR_ALT)
    v = [vecs[g][keys[g]] for g in (0, 1, 2, 3)]
    a = [alts[g][keys[g]] for g in (0, 1, 2, 3)]
    x = a[0] + a[1] + a[2] + a[3]
    groups = 4 - melds
    need = STANDARD_NEED[groups]
    # each shape's shanten below ``below``, as a bound on what the tables give
    std_lim = below + b + 1  # standard: need - b - 1 < below
    pair_lim = 13 - b - below  # 七对: 2 pairs + singles > 13 - b - below; 十三浪 likewise
    yao_lim = 3 * groups + 1 - b - below  # 九幺: terminals and honours held > …
    seven = melds == 0
    out: list[tuple[int, int]] = []
    for g in (0, 1, 2, 3):
        o1, o2, o3 = _OTHER_GROUPS[g]
        part = VEC_COMB[VEC_COMB[v[o1] * NV + v[o2]] * NV + v[o3]] * NV
        xo = x - a[g]
        key = keys[g]
        vt = vecs[g]
        at = alts[g]
        base = 9 * g
        for r, wgt in enumerate(W7 if g == 3 else W9):
            kind = base + r
            if c[kind] >= 4 or kind == bao:
                continue
            k2 = key + wgt
            mask = 1 if need[VEC_COMB[part + vt[k2]]] < std_lim else 0
            xx = xo + at[k2]
            if melds_yaojiu and xx >> 24 > yao_lim:
                mask |= 8
            if seven:
                pairs = xx & 63
                if pairs > 7:
                    pairs = 7
                singles = xx >> 6 & 63
                if singles > 7 - pairs:
                    singles = 7 - pairs
                if 2 * pairs + singles > pair_lim:
                    mask |= 2
                if (xx >> 12 & 63) - ((xx >> 18 & 63) == 3) > pair_lim:
                    mask |= 4
            if mask:
                out.append((kind, mask))
    if bao is not None and c[bao] < 4:
        # a drawn 宝 fits every shape: each comes one tile closer
        found = shanten_by_shape_keys(keys, b + 1, melds, melds_yaojiu, capped)
        mask = sum(SHAPE_BITS[shape] for shape, n in found.items() if n < below)
        if mask:
            out.append((bao, mask))
            out.sort()
    return out


def shanten_by_shape_keys(
    keys: Sequence[int], b: int, melds: int, melds_yaojiu: bool, capped: bool
) -> dict[Shape, int]:
    """:func:`shanten_by_shape` from :func:`natural_keys` already computed."""
    km, kp, ks, kz = keys[0], keys[1], keys[2], keys[3]
    groups = 4 - melds
    out = {Shape.STANDARD: _standard_shanten(km, kp, ks, kz, b, groups, capped)}
    pairs, lan, yaojiu = _other_shanten(km, kp, ks, kz, b, groups)
    if melds == 0:
        out[Shape.SEVEN_PAIRS] = pairs
        out[Shape.THIRTEEN_LAN] = lan
    if melds_yaojiu:
        out[Shape.YAOJIU] = yaojiu
    return out


def _standard_shanten(km: int, kp: int, ks: int, kz: int, b: int, groups: int, capped: bool) -> int:
    """``capped``: no 宝 can stand for a fifth copy, so the shape holds at most four a kind."""
    sv, hv = (SUIT_VEC_CAPPED, HONOR_VEC_CAPPED) if capped else (SUIT_VEC, HONOR_VEC)
    v = VEC_COMB[VEC_COMB[VEC_COMB[sv[km] * NV + sv[kp]] * NV + sv[ks]] * NV + hv[kz]]
    return STANDARD_NEED[groups][v] - b - 1


def _other_shanten(km: int, kp: int, ks: int, kz: int, b: int, groups: int) -> tuple[int, int, int]:
    """Shanten of 七对, 十三浪 and 九幺, from the four groups' packed ``alt`` facts added up in
    one integer (fields of 6 bits: pairs, odd counts, 十三浪 subset, capped flags, yaojiu)."""
    x = SUIT_ALT[km] + SUIT_ALT[kp] + SUIT_ALT[ks] + HONOR_ALT[kz]
    pairs = x & 63
    if pairs > 7:
        pairs = 7
    singles = x >> 6 & 63
    if singles > 7 - pairs:
        singles = 7 - pairs
    seven_pairs = 13 - b - 2 * pairs - singles
    # 十三浪: three suits whose best subsets all leave two slots cannot reach 14 places
    lan = 13 - b - (x >> 12 & 63) + ((x >> 18 & 63) == 3)
    yaojiu = 3 * groups + 1 - b - (x >> 24)  # every terminal/honour held fits
    return seven_pairs, lan, yaojiu
