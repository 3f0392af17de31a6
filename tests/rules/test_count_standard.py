"""Counting every wildcard-free standard-shape hand from the per-suit tables.

A 14-tile hand (a count vector over 34 kinds, each count 0-4) is standard-complete exactly when
one of its four groups (万, 筒, 条, honours) is "pair-complete" (its tiles are sets plus one pair)
and the other three are "sets-complete". Classifying every group vector with the shipped tables
and convolving the four groups to 14 tiles must give the known total, 11,498,658.
"""

from __future__ import annotations

import random

from shangrao_bot.rules.shapes import Shape, complete_shapes
from shangrao_bot.rules.tables import HONOR_NEED, SUIT_NEED
from tests.rules.brute import group_key, key_counts, ref_group_need

EXPECTED_STANDARD_HANDS = 11_498_658
MAX_TILES = 14


def totals(digits: int) -> list[int]:
    """Tile total of every base-5 key of ``digits`` digits (index = key)."""
    out = [0]
    for _ in range(digits):
        out = [t + c for t in out for c in range(5)]
    return out


def tally(table: bytes, digits: int) -> tuple[list[int], list[int]]:
    """Per tile total: how many group vectors are sets-complete, how many pair-complete."""
    sets_complete = [0] * (MAX_TILES + 1)
    pair_complete = [0] * (MAX_TILES + 1)
    for key, n in enumerate(totals(digits)):
        if n > MAX_TILES:
            continue
        v = table[key]
        need_sets = v & 15
        need_pair = (v & 15) + (v >> 4) - 1
        if need_sets == 0:
            sets_complete[n] += 1
        if need_pair == 0:
            pair_complete[n] += 1
    return sets_complete, pair_complete


def convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (MAX_TILES + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if i + j <= MAX_TILES:
                    out[i + j] += x * y
    return out


def test_number_of_standard_hands() -> None:
    suit_sets, suit_pair = tally(SUIT_NEED, 9)
    honor_sets, honor_pair = tally(HONOR_NEED, 7)

    # sanity of the per-group classification
    assert suit_sets[0] == 1 and suit_pair[0] == 0  # the empty suit holds no pair
    assert suit_sets[3] == 9 + 7  # a triplet or a sequence
    assert suit_pair[2] == 9
    assert honor_sets[3] == 7 and honor_pair[2] == 7
    assert all(suit_sets[n] == 0 for n in range(MAX_TILES + 1) if n % 3)
    assert all(suit_pair[n] == 0 for n in range(MAX_TILES + 1) if n % 3 != 2)

    # exactly one group holds the pair
    three_suits_sets = convolve(convolve(suit_sets, suit_sets), suit_sets)
    pair_in_honors = convolve(three_suits_sets, honor_pair)
    two_suits_sets = convolve(suit_sets, suit_sets)
    pair_in_a_suit = convolve(convolve(two_suits_sets, suit_pair), honor_sets)
    total = pair_in_honors[MAX_TILES] + 3 * pair_in_a_suit[MAX_TILES]
    assert total == EXPECTED_STANDARD_HANDS


def test_table_entries_against_brute() -> None:
    """A few suit and honour classifications against the brute-force search."""
    rng = random.Random(7)
    suit_keys = [group_key(c) for c in ([0] * 9, [1] * 9, [4] * 9, [3, 1, 1, 1, 1, 1, 1, 1, 3])]
    suit_keys += [rng.randrange(5**9) for _ in range(200)]
    for key in suit_keys:
        counts = key_counts(key, 9)
        s, p = ref_group_need(counts)
        v = SUIT_NEED[key]
        assert (v & 15, (v & 15) + (v >> 4) - 1) == (min(s, 15), min(p, s + 2, 17)), counts
    for key in [rng.randrange(5**7) for _ in range(200)]:
        counts = key_counts(key, 7)
        s, p = ref_group_need(counts)
        v = HONOR_NEED[key]
        assert (v & 15, (v & 15) + (v >> 4) - 1) == (min(s, 15), min(p, s + 2, 17)), counts


def test_nine_gates_every_wait() -> None:
    """1112345678999m + any 万 is complete: the classic per-suit stress case."""
    for extra in range(9):
        c = [0] * 34
        for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
            c[r] = n
        c[extra] += 1
        assert Shape.STANDARD in complete_shapes(c, None)
