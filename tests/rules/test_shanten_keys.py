"""``shanten_keys`` (the AI's keyed shanten) agrees with ``shanten`` on every hand, including
after one tile is added by updating a key — the way the AI tries all 34 draws."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from shangrao_bot.rules.shapes import (
    SHAPE_BITS,
    lowering_draws,
    natural_keys,
    shanten,
    shanten_by_shape,
    shanten_keys,
)
from shangrao_bot.rules.tables import W7, W9
from shangrao_bot.rules.tiles import counts_of
from tests.rules.test_shapes_properties import Hand, cfg, fmt, melds_yaojiu, random_hands

# every test here takes seconds (the slow marker: pytest -m 'not slow' leaves them out)
pytestmark = pytest.mark.slow


@cfg(400)
@given(random_hands(size=13), st.integers(0, 33))
def test_keyed_shanten_matches_after_adding_a_tile(hand: Hand, extra: int) -> None:
    concealed, melds, bao = hand
    c = counts_of(concealed)
    y = melds_yaojiu(melds)
    keys = list(natural_keys(c, bao))
    assert shanten_keys(*keys, len(melds), y, bao is None) == shanten(c, bao, len(melds), y), fmt(
        hand
    )
    assume(c[extra] + sum(m.tiles.count(extra) for m in melds) < 4)  # a fifth copy: no such tile
    c[extra] += 1
    if extra == bao:
        keys[4] += 1
    else:
        suit = extra // 9
        keys[suit] += W9[extra % 9] if suit < 3 else W7[extra - 27]
    assert shanten_keys(*keys, len(melds), y, bao is None) == shanten(c, bao, len(melds), y), fmt(
        hand
    )


@cfg(300)
@given(random_hands(size=13))
def test_lowering_draws_are_the_draws_that_lower_shanten(hand: Hand) -> None:
    concealed, melds, bao = hand
    c = counts_of(concealed)
    y = melds_yaojiu(melds)
    m = len(melds)
    keys = natural_keys(c, bao)
    s = shanten(c, bao, m, y)
    for below in (s, s + 1):
        brute = []
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                by_shape = shanten_by_shape(c, bao, m, y)
                mask = sum(SHAPE_BITS[shape] for shape, n in by_shape.items() if n < below)
                if mask:
                    brute.append((k, mask))
                c[k] -= 1
        assert lowering_draws(keys[:4], keys[4], c, bao, m, y, below) == brute, fmt(hand)
