"""Differential test of the wildcard-free standard / 七对 checks against the PyPI ``mahjong``
package (``mahjong.agari.Agari.is_agari``), on 120,000 seeded hands.

Differences of definition, filtered out on both sides:
- the library's 七对 needs seven DISTINCT pairs, ours lets a quad count as two pairs (§6), so
  our seven pairs count only when every kind is held 0 or 2 times;
- the library accepts 13 orphans (国士无双), which for us is the 九幺 shape: excluded.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from mahjong.agari import Agari

from shangrao_bot.rules.shapes import Shape, complete_shapes

YAOJIU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SEQ_STARTS = [s for s in range(27) if s % 9 <= 6]
WALL = [k for k in range(34) for _ in range(4)]
SEED = 20240611
ROUNDS = 20_000  # hands per generator; six generators


def kokushi(c: list[int]) -> bool:
    """13 orphans: every terminal/honour kind present, one of them twice, nothing else."""
    return all(c[k] for k in YAOJIU) and sum(c[k] for k in YAOJIU) == 14


def ours(c: list[int]) -> bool:
    shapes = complete_shapes(c, None, 0, True)
    return Shape.STANDARD in shapes or (Shape.SEVEN_PAIRS in shapes and all(n in (0, 2) for n in c))


def theirs(c: list[int]) -> bool:
    return Agari.is_agari(c) and not kokushi(c)


# --- generators (all physically possible: at most four of a kind) ---------------------------------


def random_hand(rng: random.Random) -> list[int]:
    c = [0] * 34
    for t in rng.sample(WALL, 14):
        c[t] += 1
    return c


def standard_hand(rng: random.Random) -> list[int]:
    """Four sets and a pair by construction."""
    c = [0] * 34
    for _ in range(4):
        options: list[tuple[int, ...]] = [(k, k, k) for k in range(34) if c[k] <= 1]
        options += [(s, s + 1, s + 2) for s in SEQ_STARTS if all(c[s + i] < 4 for i in range(3))]
        # sequences more often: they make the interesting overlapping shapes
        if rng.random() < 0.6:
            options = [o for o in options if o[0] != o[1]] or options
        for t in rng.choice(options):
            c[t] += 1
    k = rng.choice([k for k in range(34) if c[k] <= 2])
    c[k] += 2
    return c


def one_suit_standard_hand(rng: random.Random) -> list[int]:
    """Standard hands crowded into one suit (chinitsu-like): the hard decompositions."""
    suit = rng.randrange(3) * 9
    while True:
        c = [0] * 34
        ok = True
        for _ in range(4):
            opts: list[tuple[int, ...]] = [(suit + r,) * 3 for r in range(9) if c[suit + r] <= 1]
            opts += [
                (suit + r, suit + r + 1, suit + r + 2)
                for r in range(7)
                if all(c[suit + r + i] < 4 for i in range(3))
            ]
            if not opts:
                ok = False
                break
            for t in rng.choice(opts):
                c[t] += 1
        pair = [suit + r for r in range(9) if c[suit + r] <= 2]
        if ok and pair:
            c[rng.choice(pair)] += 2
            return c


def pairs_hand(rng: random.Random) -> list[int]:
    """Seven pairs (distinct kinds mostly; sometimes a quad)."""
    c = [0] * 34
    for _ in range(7):
        k = rng.choice([k for k in range(34) if c[k] <= 2])
        c[k] += 2
    return c


def perturbed(gen: Callable[[random.Random], list[int]]) -> Callable[[random.Random], list[int]]:
    """A hand from ``gen`` with one tile swapped for another kind (near misses)."""

    def make(rng: random.Random) -> list[int]:
        c = gen(rng)
        out = rng.choice([k for k in range(34) if c[k]])
        c[out] -= 1
        c[rng.choice([k for k in range(34) if c[k] < 4 and k != out])] += 1
        return c

    return make


GENERATORS: list[Callable[[random.Random], list[int]]] = [
    random_hand,
    standard_hand,
    one_suit_standard_hand,
    pairs_hand,
    perturbed(standard_hand),
    perturbed(one_suit_standard_hand),
]


@pytest.mark.slow
def test_against_mahjong_package() -> None:
    rng = random.Random(SEED)
    mismatches: list[tuple[list[int], bool, bool]] = []
    agari = 0
    total = 0
    for _ in range(ROUNDS):
        for gen in GENERATORS:
            c = gen(rng)
            assert sum(c) == 14 and max(c) <= 4
            a, b = ours(c), theirs(c)
            total += 1
            agari += b
            if a != b:
                mismatches.append((c, a, b))
    assert total >= 100_000
    assert agari > total // 4  # the constructed hands really are complete
    assert not mismatches, [
        (" ".join(f"{k}x{n}" for k, n in enumerate(c) if n), a, b) for c, a, b in mismatches[:10]
    ]


def test_kokushi_is_yaojiu_for_us() -> None:
    c = [0] * 34
    for k in YAOJIU:
        c[k] = 1
    c[0] += 1
    assert Agari.is_agari(c)
    shapes = complete_shapes(c, None, 0, True)
    assert Shape.YAOJIU in shapes and Shape.STANDARD not in shapes
