"""Every legal interpretation of a complete hand (rule book §3, §6).

The scorer needs more than "complete or not": which sets and pair, what each acting 宝 stood
for, whether the hand is clean. This module enumerates them (the slow, exact path; the fast
yes/no checks are in :mod:`.shapes`). Every 宝 in the concealed hand is a wildcard position that
chooses a kind — its own kind included, so the clean reading is one of the interpretations.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from itertools import combinations_with_replacement, pairwise

from shangrao_bot.rules.shapes import YAOJIU_KINDS, Shape, wildcards_needed
from shangrao_bot.rules.tiles import HONOR_START, Meld, MeldKind, format_tiles, suit_of


class GroupType(Enum):
    SEQUENCE = "sequence"
    TRIPLET = "triplet"
    KONG = "kong"
    PAIR = "pair"
    LOOSE = "loose"  # the tiles of a 十三浪 / 九幺 hand, which have no sets


@dataclass(frozen=True)
class Group:
    """One set, pair or loose run; ``tiles[i]`` is what position i stands for."""

    type: GroupType
    tiles: tuple[int, ...]
    bao: tuple[bool, ...]  # position holds a 宝 tile (acting, or standing for itself)
    meld: Meld | None = None

    def sort_key(self) -> tuple[str, tuple[int, ...], tuple[bool, ...]]:
        return (self.type.value, self.tiles, self.bao)

    def is_triplet_like(self) -> bool:
        return self.type in (GroupType.TRIPLET, GroupType.KONG)

    def to_str(self, bao_kind: int | None = None) -> str:
        """``[123m]`` for melds, ``(1111z)`` concealed kongs, ``4p5m*6p`` style otherwise.

        An acting 宝 is written as the kind it stood for followed by ``*``.
        """
        if self.meld is not None:
            return self.meld.to_str()
        acting = [is_bao and t != bao_kind for t, is_bao in zip(self.tiles, self.bao, strict=True)]
        if not any(acting):
            return (
                format_tiles(self.tiles)
                if self.type is not GroupType.LOOSE
                else " ".join(format_tiles([t]) for t in self.tiles)
            )
        parts = []
        for t, is_bao in zip(self.tiles, self.bao, strict=True):
            text = format_tiles([t])
            parts.append(text + "*" if is_bao and t != bao_kind else text)
        return " ".join(parts) if self.type is GroupType.LOOSE else "".join(parts)


_ORDER = {Shape.STANDARD: 0, Shape.SEVEN_PAIRS: 1, Shape.THIRTEEN_LAN: 2, Shape.YAOJIU: 3}


@dataclass(frozen=True)
class Interpretation:
    """One reading of a complete hand: its shape, groups, and what every 宝 stood for."""

    shape: Shape
    groups: tuple[Group, ...]
    bao_kind: int | None

    @cached_property
    def acting(self) -> tuple[int, ...]:
        """Kinds the acting 宝 stood for (a 宝 standing for itself is not acting)."""
        return tuple(
            t
            for g in self.groups
            for t, is_bao in zip(g.tiles, g.bao, strict=True)
            if is_bao and t != self.bao_kind
        )

    @property
    def clean(self) -> bool:
        """无宝: every 宝 stands for itself (§3)."""
        return not self.acting

    @property
    def kinds(self) -> list[int]:
        """Every tile as interpreted (melds included, a kong as four)."""
        return [t for g in self.groups for t in g.tiles]

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.type not in (GroupType.PAIR, GroupType.LOOSE))

    def to_str(self) -> str:
        return " ".join(g.to_str(self.bao_kind) for g in self.groups)


def meld_group(meld: Meld) -> Group:
    gtype = {
        MeldKind.CHI: GroupType.SEQUENCE,
        MeldKind.PONG: GroupType.TRIPLET,
    }.get(meld.kind, GroupType.KONG)
    return Group(gtype, meld.tiles, (False,) * len(meld.tiles), meld)


def _wild_only_groups(b: int, pair_needed: bool) -> Iterator[tuple[Group, ...]]:
    """Ways for ``b`` leftover 宝 to form the missing pair and sets on their own."""
    if pair_needed:
        if b < 2 or (b - 2) % 3:
            return
        for x in range(34):
            pair = Group(GroupType.PAIR, (x, x), (True, True))
            for rest in _wild_only_groups(b - 2, False):
                yield (pair, *rest)
        return
    if b == 0:
        yield ()
        return
    if b % 3:
        return
    for x in range(34):
        trip = Group(GroupType.TRIPLET, (x, x, x), (True, True, True))
        for rest in _wild_only_groups(b - 3, False):
            yield (trip, *rest)
    for start in range(HONOR_START):
        if start % 9 <= 6:
            seq = Group(GroupType.SEQUENCE, (start, start + 1, start + 2), (True, True, True))
            for rest in _wild_only_groups(b - 3, False):
                yield (seq, *rest)


def _standard(n: list[int], b: int, pair_needed: bool) -> Iterator[tuple[Group, ...]]:
    if wildcards_needed(n, pair_needed) > b:
        return
    k = next((i for i in range(34) if n[i]), -1)
    if k < 0:
        yield from _wild_only_groups(b, pair_needed)
        return
    # the lowest natural tile k must sit in some group; positions below k can only be 宝
    for used in range(1, min(3, n[k]) + 1):
        wild = 3 - used
        if wild <= b:
            n[k] -= used
            g = Group(GroupType.TRIPLET, (k, k, k), (False,) * used + (True,) * wild)
            for rest in _standard(n, b - wild, pair_needed):
                yield (g, *rest)
            n[k] += used
    if pair_needed:
        for used in range(1, min(2, n[k]) + 1):
            wild = 2 - used
            if wild <= b:
                n[k] -= used
                g = Group(GroupType.PAIR, (k, k), (False,) * used + (True,) * wild)
                for rest in _standard(n, b - wild, False):
                    yield (g, *rest)
                n[k] += used
    if k >= HONOR_START:
        return
    rank = k % 9
    for start in (k - 2, k - 1, k):
        if start < 0 or suit_of(start) != suit_of(k) or start % 9 > 6 or start % 9 > rank:
            continue
        positions = (start, start + 1, start + 2)
        yield from _sequences(n, b, pair_needed, k, positions)


def _sequences(
    n: list[int], b: int, pair_needed: bool, k: int, positions: tuple[int, int, int]
) -> Iterator[tuple[Group, ...]]:
    """Sequences through k: k natural, lower positions 宝, higher ones natural or 宝."""
    choices: list[tuple[bool, ...]] = [()]
    for pos in positions:
        if pos < k:
            choices = [(*c, True) for c in choices]
        elif pos == k:
            choices = [(*c, False) for c in choices]
        else:
            nxt = [(*c, True) for c in choices]
            if n[pos]:
                nxt += [(*c, False) for c in choices]
            choices = nxt
    for flags in choices:
        wild = sum(flags)
        if wild > b:
            continue
        for pos, is_wild in zip(positions, flags, strict=True):
            if not is_wild:
                n[pos] -= 1
        g = Group(GroupType.SEQUENCE, positions, flags)
        for rest in _standard(n, b - wild, pair_needed):
            yield (g, *rest)
        for pos, is_wild in zip(positions, flags, strict=True):
            if not is_wild:
                n[pos] += 1


_WILD_PAIRS = tuple(Group(GroupType.PAIR, (k, k), (True, True)) for k in range(34))


def _seven_pairs(n: list[int], b: int) -> Iterator[tuple[Group, ...]]:
    """Each odd kind takes one 宝; the spare 宝 pair up as any kinds (making quads or new pairs)."""
    odd = [k for k in range(34) if n[k] & 1]
    spare = b - len(odd)
    if spare < 0 or spare & 1:
        return
    base: list[Group] = []
    for k in range(34):
        for _ in range(n[k] >> 1):
            base.append(Group(GroupType.PAIR, (k, k), (False, False)))
        if n[k] & 1:
            base.append(Group(GroupType.PAIR, (k, k), (False, True)))
    fixed = tuple(base)
    for extra in combinations_with_replacement(range(34), spare // 2):
        yield fixed + tuple(_WILD_PAIRS[k] for k in extra)


def _lan_valid(kinds: Sequence[int]) -> bool:
    if len(set(kinds)) != len(kinds):
        return False
    for suit in range(3):
        ranks = sorted(k % 9 for k in kinds if suit_of(k) == suit)
        if any(b - a < 3 for a, b in pairwise(ranks)):
            return False
    return True


def _thirteen_lan(naturals: list[int], b: int) -> Iterator[tuple[int, ...]]:
    if not _lan_valid(naturals):
        return
    free = [k for k in range(34) if k not in naturals]

    def extend(start: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(chosen) == b:
            yield chosen
            return
        for i in range(start, len(free)):
            cand = (*chosen, free[i])
            if _lan_valid(naturals + list(cand)):
                yield from extend(i + 1, cand)

    yield from extend(0, ())


def interpretations(
    concealed: Sequence[int], melds: Sequence[Meld], bao: int | None
) -> list[Interpretation]:
    """Every legal interpretation of a complete 14-tile hand (empty if it is not complete).

    ``concealed`` is the concealed tile list (宝 included); melds count as sets and never hold
    an acting 宝.
    """
    n = [0] * 34
    b = 0
    naturals: list[int] = []
    for t in concealed:
        if t == bao:
            b += 1
        else:
            n[t] += 1
            naturals.append(t)
    meld_groups = tuple(meld_group(m) for m in melds)
    found: dict[tuple[Shape, tuple[Group, ...]], Interpretation] = {}

    def add(shape: Shape, groups: tuple[Group, ...]) -> None:
        canon = tuple(sorted(groups, key=Group.sort_key))
        found.setdefault((shape, canon), Interpretation(shape, meld_groups + canon, bao))

    for groups in _standard(n, b, True):
        add(Shape.STANDARD, groups)
    if not melds:
        for groups in _seven_pairs(n, b):
            add(Shape.SEVEN_PAIRS, groups)
        for fill in _thirteen_lan(naturals, b):
            add(Shape.THIRTEEN_LAN, (_loose(naturals, fill),))
    if all(t in YAOJIU_KINDS for m in melds for t in m.tiles) and all(
        t in YAOJIU_KINDS for t in naturals
    ):
        for fill in combinations_with_replacement(YAOJIU_KINDS, b):
            add(Shape.YAOJIU, (_loose(naturals, fill),))
    return sorted(found.values(), key=lambda i: (_ORDER[i.shape], [g.sort_key() for g in i.groups]))


def _loose(naturals: list[int], fill: Sequence[int]) -> Group:
    """A LOOSE group of every concealed tile, sorted, 宝 positions after a kind's naturals."""
    marked = sorted([(t, False) for t in naturals] + [(t, True) for t in fill])
    return Group(
        GroupType.LOOSE, tuple(t for t, _ in marked), tuple(is_bao for _, is_bao in marked)
    )
