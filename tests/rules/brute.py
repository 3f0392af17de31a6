"""Slow, obviously-correct reference implementations for the shape tests (rule book §3, §6).

Nothing here imports the fast core (``shapes``, ``interpret``, ``tables``, ``tablegen``): every
answer comes from a plain exhaustive search over the tiles, so the tests compare two independent
implementations.

Conventions (as in the fast core): tile kinds are ints 0-33 (0-8 = 1m-9m, 9-17 = 1p-9p,
18-26 = 1s-9s, 27-33 = 1z-7z). ``concealed`` is the list of concealed tiles with every 宝 at its
own kind; each tile of the ``bao`` kind is a wildcard that may stand for any kind, with no copy
cap. ``melds`` is the number of melds (each counts as one set), ``melds_yaojiu`` whether every
meld is made of terminals/honours.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import pairwise

NUM_KINDS = 34
HONOR_START = 27
YAOJIU = frozenset([0, 8, 9, 17, 18, 26, *range(27, 34)])

STANDARD = "standard"
SEVEN_PAIRS = "seven_pairs"
THIRTEEN_LAN = "thirteen_lan"
YAOJIU_SHAPE = "yaojiu"


def suit_of(kind: int) -> int:
    """0 = m, 1 = p, 2 = s, 3 = honours."""
    return kind // 9 if kind < HONOR_START else 3


def _groups_through(kind: int) -> Iterator[tuple[str, tuple[int, ...]]]:
    """Every set or pair (as a tuple of kinds) that contains ``kind``."""
    yield "pair", (kind, kind)
    yield "set", (kind, kind, kind)
    if kind < HONOR_START:
        for start in (kind - 2, kind - 1, kind):
            if start >= 0 and suit_of(start) == suit_of(kind) and start % 9 <= 6:
                yield "set", (start, start + 1, start + 2)


def _natural_choices(
    counts: Sequence[int], group: tuple[int, ...], anchor: int
) -> Iterator[tuple[list[int], int]]:
    """Ways to fill ``group`` with naturals from ``counts`` and wildcards.

    One position holding ``anchor`` is always natural; every other position is either a natural
    tile (when one is left) or a wildcard. Yields (counts after removing the naturals, number of
    wildcards used).
    """
    rest = list(group)
    rest.remove(anchor)
    c = list(counts)
    c[anchor] -= 1

    def go(i: int, cur: list[int], wild: int) -> Iterator[tuple[list[int], int]]:
        if i == len(rest):
            yield list(cur), wild
            return
        k = rest[i]
        if cur[k] > 0:
            cur[k] -= 1
            yield from go(i + 1, cur, wild)
            cur[k] += 1
        yield from go(i + 1, cur, wild + 1)

    yield from go(0, c, 0)


@lru_cache(maxsize=1 << 20)
def decompose(counts: tuple[int, ...], wild: int, sets: int, pairs: int) -> bool:
    """Can the naturals ``counts`` plus ``wild`` wildcards be split EXACTLY into ``sets`` sets
    (sequence or triplet) and ``pairs`` pairs, using every tile?"""
    k = next((i for i, n in enumerate(counts) if n), None)
    if k is None:  # only wildcards left: they form the remaining groups on their own
        return wild == 3 * sets + 2 * pairs
    # the lowest natural tile must be in some group
    for role, group in _groups_through(k):
        if role == "pair" and pairs == 0:
            continue
        if role == "set" and sets == 0:
            continue
        for rest, used in _natural_choices(counts, group, k):
            if used > wild:
                continue
            if decompose(
                tuple(rest),
                wild - used,
                sets - (role == "set"),
                pairs - (role == "pair"),
            ):
                return True
    return False


def lan_valid(kinds: Sequence[int]) -> bool:
    """十三浪 rule for a collection of kinds: all distinct; per suit ranks pairwise >= 3 apart."""
    if len(set(kinds)) != len(kinds):
        return False
    for suit in range(3):
        ranks = sorted(k % 9 for k in kinds if suit_of(k) == suit)
        if any(b - a < 3 for a, b in pairwise(ranks)):
            return False
    return True


def _lan_extendable(chosen: list[int], more: int, start: int) -> bool:
    """Can ``more`` further distinct kinds (>= start) be added keeping ``chosen`` valid?"""
    if more == 0:
        return True
    for k in range(start, NUM_KINDS):
        if k in chosen:
            continue
        cand = [*chosen, k]
        if lan_valid(cand) and _lan_extendable(cand, more - 1, k + 1):
            return True
    return False


def split(concealed: Sequence[int], bao: int | None) -> tuple[list[int], int]:
    """34-counts of the natural tiles, and the number of 宝 (wildcards)."""
    counts = [0] * NUM_KINDS
    wild = 0
    for t in concealed:
        if t == bao:
            wild += 1
        else:
            counts[t] += 1
    return counts, wild


def ref_complete_shapes(
    concealed: Sequence[int], bao: int | None, melds: int = 0, melds_yaojiu: bool = True
) -> set[str]:
    """Every shape the 14-tile hand (``concealed`` plus ``melds`` sets) completes."""
    assert len(concealed) + 3 * melds == 14, "a complete hand has 14 tiles"
    counts, wild = split(concealed, bao)
    key = tuple(counts)
    naturals = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
    out: set[str] = set()
    if decompose(key, wild, 4 - melds, 1):
        out.add(STANDARD)
    if melds == 0:
        if decompose(key, wild, 0, 7):
            out.add(SEVEN_PAIRS)
        if lan_valid(naturals) and _lan_extendable(naturals, wild, 0):
            out.add(THIRTEEN_LAN)
    if melds_yaojiu and all(k in YAOJIU for k in naturals):
        out.add(YAOJIU_SHAPE)
    return out


def ref_is_complete(
    concealed: Sequence[int], bao: int | None, melds: int = 0, melds_yaojiu: bool = True
) -> bool:
    return bool(ref_complete_shapes(concealed, bao, melds, melds_yaojiu))


def ref_waits(
    concealed: Sequence[int], bao: int | None, melds: int = 0, melds_yaojiu: bool = True
) -> list[int]:
    """Kinds whose draw completes the 13-tile hand.

    A kind is tried only while the concealed hand holds fewer than four of it (there is no fifth
    copy to draw); the 宝 kind is tried as one more wildcard.
    """
    out = []
    for k in range(NUM_KINDS):
        if concealed.count(k) >= 4:
            continue
        if ref_is_complete([*concealed, k], bao, melds, melds_yaojiu):
            out.append(k)
    return out


# --- shanten: the most tiles of the hand that fit some complete target ---------------------------


@lru_cache(maxsize=1 << 20)
def fit_standard_search(counts: tuple[int, ...], sets: int, pairs: int) -> int:
    """Most natural tiles that can be placed into ``sets`` sets and ``pairs`` pairs.

    Groups may be partial (the missing positions are filled later by draws or 宝); tiles that do
    not fit are simply left out.
    """
    k = next((i for i, n in enumerate(counts) if n), None)
    if k is None:
        return 0
    c = list(counts)
    c[k] -= 1
    best = fit_standard_search(tuple(c), sets, pairs)  # this copy of k fits nowhere
    for role, group in _groups_through(k):
        if role == "pair" and pairs == 0:
            continue
        if role == "set" and sets == 0:
            continue
        for rest, wild in _natural_choices(counts, group, k):
            placed = len(group) - wild
            val = placed + fit_standard_search(
                tuple(rest), sets - (role == "set"), pairs - (role == "pair")
            )
            best = max(best, val)
    return best


def fit_standard_targets(counts: Sequence[int], sets: int, pairs: int, cap: int | None) -> int:
    """Most natural tiles held in common with some target of ``sets`` sets and ``pairs`` pairs,
    the target holding at most ``cap`` tiles of any kind (``None``: no cap).

    Walks the kinds in order choosing, at each kind, how many triplets, pairs and sequences the
    target has there (a sequence also occupies the next two kinds); the tiles held in common at
    a kind are min(held, target's tiles of that kind). Exhaustive over all targets.
    """
    neg = -(10**9)

    @cache
    def go(k: int, s_left: int, p_left: int, seq1: int, seq2: int) -> int:
        # seq1 / seq2: target sequences started one / two kinds back (they cover kind k)
        if k == NUM_KINDS:
            return 0 if s_left == 0 and p_left == 0 and seq1 == 0 and seq2 == 0 else neg
        can_start = k < HONOR_START and k % 9 <= 6
        if not (k < HONOR_START and k % 9 >= 1) and seq1:  # a sequence cannot cross suits
            return neg
        if not (k < HONOR_START and k % 9 >= 2) and seq2:
            return neg
        best = neg
        for t in range(s_left + 1):  # triplets of kind k
            for p in range(min(p_left, 4) + 1):  # pairs of kind k
                for q in range(s_left - t + 1 if can_start else 1):  # sequences starting at k
                    slots = 3 * t + 2 * p + q + seq1 + seq2
                    if cap is not None and slots > cap:
                        continue
                    rest = go(k + 1, s_left - t - q, p_left - p, q, seq1)
                    if rest > neg:
                        best = max(best, min(counts[k], slots) + rest)
        return best

    return go(0, sets, pairs, 0, 0)


def _fit_pairs(counts: Sequence[int]) -> int:
    """Most naturals that fit in seven pairs (a kind may give two pairs: a quad)."""
    # dp[p] = most naturals fitted using p pairs so far
    neg = -(10**9)
    dp = [0] + [neg] * 7
    for k in range(NUM_KINDS):
        new = [neg] * 8
        for p in range(8):
            if dp[p] == neg:
                continue
            for t in range(3):  # pairs of this kind in the target
                if p + t <= 7:
                    new[p + t] = max(new[p + t], dp[p] + min(counts[k], 2 * t))
        dp = new
    return dp[7]


def _lan_sets() -> dict[int, list[frozenset[int]]]:
    """Per size 0-3: every valid set of ranks (0-8) of one suit for 十三浪."""
    out: dict[int, list[frozenset[int]]] = {0: [], 1: [], 2: [], 3: []}
    for mask in range(512):
        ranks = [r for r in range(9) if mask >> r & 1]
        if len(ranks) <= 3 and all(b - a >= 3 for a, b in pairwise(ranks)):
            out[len(ranks)].append(frozenset(ranks))
    return out


_LAN_SETS = _lan_sets()


def _fit_lan(counts: Sequence[int]) -> int:
    """Most naturals that fit in some 14-kind 十三浪 target."""
    per_suit = []
    for suit in range(3):
        present = {r for r in range(9) if counts[9 * suit + r]}
        per_suit.append([max(len(present & s) for s in _LAN_SETS[size]) for size in range(4)])
    honors = sum(1 for k in range(HONOR_START, NUM_KINDS) if counts[k])
    best = 0
    for a in range(4):
        for b in range(4):
            for c in range(4):
                h = 14 - a - b - c
                if 0 <= h <= 7:
                    fit = per_suit[0][a] + per_suit[1][b] + per_suit[2][c] + min(h, honors)
                    best = max(best, fit)
    return best


def ref_shanten_by_shape(
    concealed: Sequence[int], bao: int | None, melds: int = 0, melds_yaojiu: bool = True
) -> dict[str, int]:
    """Shanten per shape of a 13- or 14-tile hand (melds counted as 3): 0 = one tile from
    complete, -1 = complete.

    Counted as the tiles of the hand that fit no place in the best complete target of that
    shape, minus one (every 宝 fits anywhere). Without a 宝 kind a target holds at most four of a
    kind; with one, a missing tile may also be drawn as a 宝, so targets are not capped.
    """
    n = len(concealed)
    assert n + 3 * melds in (13, 14)
    counts, wild = split(concealed, bao)
    top = 13 - 3 * melds  # tiles that must fit for "one tile from complete"
    # without a 宝 kind the target can hold only four of a kind; with one, a drawn 宝 may stand
    # for any missing tile, a fifth copy included (the waits rule of §3)
    cap = 4 if bao is None else None
    out = {STANDARD: top - (fit_standard_targets(counts, 4 - melds, 1, cap) + wild)}
    if melds == 0:
        out[SEVEN_PAIRS] = top - (_fit_pairs(counts) + wild)
        out[THIRTEEN_LAN] = top - (_fit_lan(counts) + wild)
    if melds_yaojiu:
        out[YAOJIU_SHAPE] = top - (sum(counts[k] for k in YAOJIU) + wild)
    return out


def ref_shanten(
    concealed: Sequence[int], bao: int | None, melds: int = 0, melds_yaojiu: bool = True
) -> int:
    """Shanten of a waiting-size hand (13 tiles counting melds as 3).

    0 exactly when some drawable tile completes the hand (:func:`ref_waits` non-empty);
    otherwise the number of tiles fitting no complete target (at least 1).
    """
    assert len(concealed) + 3 * melds == 13
    if ref_waits(concealed, bao, melds, melds_yaojiu):
        return 0
    return max(1, min(ref_shanten_by_shape(concealed, bao, melds, melds_yaojiu).values()))


# --- one suit (or the honours) on its own: fewest wildcards -------------------------------------


@lru_cache(maxsize=1 << 22)
def _fewest(counts: tuple[int, ...], honors: bool, pair: bool) -> int:
    """Fewest wildcards that make every tile of one group into sets (+ exactly one pair)."""
    k = next((i for i, n in enumerate(counts) if n), None)
    if k is None:
        return 2 if pair else 0
    best = 10**9
    c = list(counts)
    # triplet of k: 1-3 naturals, wildcards for the rest
    for used in range(1, min(3, c[k]) + 1):
        c[k] -= used
        best = min(best, 3 - used + _fewest(tuple(c), honors, pair))
        c[k] += used
    if pair:
        for used in range(1, min(2, c[k]) + 1):
            c[k] -= used
            best = min(best, 2 - used + _fewest(tuple(c), honors, False))
            c[k] += used
    if not honors:
        for start in (k - 2, k - 1, k):
            if start < 0 or start > 6:
                continue
            positions = [start, start + 1, start + 2]
            positions.remove(k)
            # each other position natural (if present) or wildcard
            for mask in range(4):
                cur = list(c)
                cur[k] -= 1
                wild = 0
                ok = True
                for bit, pos in enumerate(positions):
                    if mask >> bit & 1:
                        if cur[pos] == 0:
                            ok = False
                            break
                        cur[pos] -= 1
                    else:
                        wild += 1
                if ok:
                    best = min(best, wild + _fewest(tuple(cur), honors, pair))
    return best


def ref_group_need(counts: Sequence[int]) -> tuple[int, int]:
    """(fewest wildcards for sets only, fewest for sets + one pair) of one suit (9 counts) or of
    the honours (7 counts)."""
    assert len(counts) in (7, 9)
    honors = len(counts) == 7
    key = tuple(counts)
    return _fewest(key, honors, False), _fewest(key, honors, True)


def group_key(counts: Sequence[int]) -> int:
    """Base-5 key, first count most significant."""
    key = 0
    for n in counts:
        key = key * 5 + n
    return key


def key_counts(key: int, digits: int) -> list[int]:
    """Inverse of :func:`group_key`."""
    out = []
    for _ in range(digits):
        out.append(key % 5)
        key //= 5
    return out[::-1]


# --- every interpretation, in a canonical form ----------------------------------------------------

Group = tuple[str, tuple[int, ...], tuple[bool, ...]]  # type, kinds, which positions are 宝

_WILD_SETS: list[tuple[str, tuple[int, ...]]] = [("triplet", (k, k, k)) for k in range(NUM_KINDS)]
_WILD_SETS += [("sequence", (s, s + 1, s + 2)) for s in range(HONOR_START) if s % 9 <= 6]


def _wild_only(sets: int, pairs: int, min_index: int = 0) -> Iterator[tuple[Group, ...]]:
    """Every multiset of ``sets`` sets and ``pairs`` pairs made of wildcards only."""
    if pairs:
        for k in range(NUM_KINDS):
            for rest in _wild_only(sets, pairs - 1):
                yield (("pair", (k, k), (True, True)), *rest)
        return
    if not sets:
        yield ()
        return
    for i in range(min_index, len(_WILD_SETS)):
        kind, tiles = _WILD_SETS[i]
        for rest in _wild_only(sets - 1, 0, i):
            yield ((kind, tiles, (True, True, True)), *rest)


def _positional_choices(
    counts: Sequence[int], group: tuple[int, ...], anchor: int
) -> Iterator[tuple[list[int], tuple[bool, ...]]]:
    """Like :func:`_natural_choices`, but yields the flags (True = wildcard) per position; the
    first position holding ``anchor`` is the natural one."""
    first = group.index(anchor)

    def go(
        i: int, cur: list[int], flags: tuple[bool, ...]
    ) -> Iterator[tuple[list[int], tuple[bool, ...]]]:
        if i == len(group):
            yield list(cur), flags
            return
        k = group[i]
        if i == first:
            yield from go(i + 1, cur, (*flags, False))
            return
        if cur[k] > 0:
            cur[k] -= 1
            yield from go(i + 1, cur, (*flags, False))
            cur[k] += 1
        yield from go(i + 1, cur, (*flags, True))

    c = list(counts)
    c[anchor] -= 1
    yield from go(0, c, ())


@lru_cache(maxsize=1 << 16)
def groupings(
    counts: tuple[int, ...], wild: int, sets: int, pairs: int
) -> frozenset[tuple[Group, ...]]:
    """Every way (as a sorted tuple of groups) to split the naturals ``counts`` plus ``wild``
    wildcards exactly into ``sets`` sets and ``pairs`` pairs.

    Pairs and triplets list their natural positions first (the order of equal kinds carries no
    meaning); a sequence keeps its flags by position.
    """
    k = next((i for i, n in enumerate(counts) if n), None)
    out: set[tuple[Group, ...]] = set()
    if k is None:
        if wild == 3 * sets + 2 * pairs:
            out.update(tuple(sorted(g)) for g in _wild_only(sets, pairs))
        return frozenset(out)
    for role, group in _groups_through(k):
        if role == "pair" and pairs == 0:
            continue
        if role == "set" and sets == 0:
            continue
        name = "pair" if role == "pair" else ("triplet" if group[0] == group[1] else "sequence")
        for rest, flags in _positional_choices(counts, group, k):
            used = sum(flags)
            if used > wild:
                continue
            if name != "sequence":
                flags = tuple(sorted(flags))
            for tail in groupings(
                tuple(rest), wild - used, sets - (role == "set"), pairs - (role == "pair")
            ):
                out.add(tuple(sorted([(name, group, flags), *tail])))
    return frozenset(out)


def pairs_summary(groups: Sequence[Group]) -> tuple[tuple[int, int, int], ...]:
    """A 七对 reading as (kind, pairs of it, 宝 among them) per kind: how the 宝 are spread over
    the pairs of one kind carries no meaning."""
    per: dict[int, list[int]] = {}
    for _, tiles, flags in groups:
        entry = per.setdefault(tiles[0], [0, 0])
        entry[0] += 1
        entry[1] += sum(flags)
    return tuple((k, p, w) for k, (p, w) in sorted(per.items()))


def ref_interpretations(
    concealed: Sequence[int], bao: int | None, melds: int = 0, melds_yaojiu: bool = True
) -> set[tuple[str, tuple[object, ...]]]:
    """Every reading of a 14-tile hand, canonical: (shape, detail).

    standard: the sorted concealed groups; seven_pairs: :func:`pairs_summary`; thirteen_lan and
    yaojiu: the sorted kinds the 宝 stand for.
    """
    counts, wild = split(concealed, bao)
    key = tuple(counts)
    naturals = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
    out: set[tuple[str, tuple[object, ...]]] = set()
    for g in groupings(key, wild, 4 - melds, 1):
        out.add((STANDARD, g))
    if melds == 0:
        for g in groupings(key, wild, 0, 7):
            out.add((SEVEN_PAIRS, pairs_summary(g)))
        if lan_valid(naturals):

            def extend(chosen: list[int], start: int) -> Iterator[tuple[int, ...]]:
                if len(chosen) == len(naturals) + wild:
                    yield tuple(sorted(chosen[len(naturals) :]))
                    return
                for k in range(start, NUM_KINDS):
                    if k not in chosen and lan_valid([*chosen, k]):
                        yield from extend([*chosen, k], k + 1)

            for fill in extend(list(naturals), 0):
                out.add((THIRTEEN_LAN, fill))
    if melds_yaojiu and all(k in YAOJIU for k in naturals):
        yj = sorted(YAOJIU)

        def multisets(n: int, start: int) -> Iterator[tuple[int, ...]]:
            if n == 0:
                yield ()
                return
            for i in range(start, len(yj)):
                for rest in multisets(n - 1, i):
                    yield (yj[i], *rest)

        for fill in multisets(wild, 0):
            out.add((YAOJIU_SHAPE, fill))
    return out
