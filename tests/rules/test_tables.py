"""The shipped lookup tables: byte-identical to a fresh build, and right by brute force."""

from __future__ import annotations

import random

import pytest

from shangrao_bot.rules import tablegen
from shangrao_bot.rules.tables import HONOR_NEED, SUIT_NEED
from tests.rules.brute import key_counts, ref_group_need


@pytest.mark.heavy
@pytest.mark.slow
def test_shipped_file_equals_fresh_build() -> None:
    """``data/tables.bin`` is what ``python -m shangrao_bot.rules.tablegen`` writes (~20 s)."""
    fresh = tablegen.serialize(tablegen.build_suit_tables())
    shipped = tablegen.DATA_FILE.read_bytes()
    assert fresh == shipped, "regenerate with: python -m shangrao_bot.rules.tablegen"


def test_shipped_file_loads_as_the_tables_in_use() -> None:
    tables = tablegen.deserialize(tablegen.DATA_FILE.read_bytes())
    assert tables["suit_need"] == SUIT_NEED
    assert tables["honor_need"] == HONOR_NEED
    assert len(SUIT_NEED) == 5**9
    assert len(HONOR_NEED) == 5**7


def decode(v: int) -> tuple[int, int]:
    """(need_sets, need_pair) of a need-table byte."""
    return v & 15, (v & 15) + (v >> 4) - 1


def expected(counts: list[int]) -> tuple[int, int]:
    """The brute-force fewest wildcards, saturated like the table (sets at 15)."""
    s, p = ref_group_need(counts)
    return min(s, 15), min(p, s + 2, 17)


@pytest.mark.slow
def test_suit_need_sample_against_brute() -> None:
    rng = random.Random(20240611)
    keys = rng.sample(range(5**9), 3000)
    bad = []
    for key in keys:
        counts = key_counts(key, 9)
        if decode(SUIT_NEED[key]) != expected(counts):
            bad.append((counts, decode(SUIT_NEED[key]), expected(counts)))
    assert not bad, bad[:10]


def test_suit_need_small_hands_against_brute() -> None:
    """Keys of at most 14 tiles (the ones real hands use) are where errors would hurt most."""
    rng = random.Random(11)
    done = 0
    bad = []
    while done < 1500:
        counts = [0] * 9
        for _ in range(rng.randint(0, 14)):
            r = rng.randrange(9)
            if counts[r] < 4:
                counts[r] += 1
        key = int("".join(map(str, counts)), 5)
        done += 1
        if decode(SUIT_NEED[key]) != expected(counts):
            bad.append((counts, decode(SUIT_NEED[key]), expected(counts)))
    assert not bad, bad[:10]


def test_honor_need_against_brute() -> None:
    rng = random.Random(5)
    keys = rng.sample(range(5**7), 1000)
    for key in keys:
        counts = key_counts(key, 7)
        assert decode(HONOR_NEED[key]) == expected(counts), counts


@pytest.mark.parametrize(
    ("counts", "need_sets", "need_pair"),
    [
        ([0] * 9, 0, 2),
        ([1, 0, 0, 0, 0, 0, 0, 0, 0], 2, 1),
        ([1, 1, 1, 0, 0, 0, 0, 0, 0], 0, 2),
        ([2, 0, 0, 0, 0, 0, 0, 0, 0], 1, 0),
        ([1, 0, 1, 0, 0, 0, 0, 0, 0], 1, 3),  # 1_3 → 123; with a pair, two more wildcards
        ([3, 1, 1, 1, 1, 1, 1, 1, 3], 2, 1),  # nine gates: one tile from complete
        ([4, 4, 4, 4, 4, 4, 4, 4, 4], 0, 2),
        ([4, 0, 0, 0, 0, 0, 0, 0, 0], 2, 1),
    ],
)
def test_need_known_entries(counts: list[int], need_sets: int, need_pair: int) -> None:
    key = int("".join(map(str, counts)), 5)
    assert decode(SUIT_NEED[key]) == (need_sets, need_pair)
    assert ref_group_need(counts) == (need_sets, need_pair)
