"""Hints' data: shanten per discard, effective tiles with unseen counts, waits, dead waits."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.advice import after_claim, discard_options, hand_shanten, ready_waits
from shangrao_bot.engine.hand_records import Discard, Phase
from shangrao_bot.engine.ranking import rank_view
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import unseen_counts, view_for
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.shapes import shanten, waits
from shangrao_bot.rules.tiles import counts_of
from tests.engine.builders import make_state, tile, tiles


def test_a_dealt_hand_ranks_every_discard_by_the_ranking() -> None:
    # the dealer's 14 tiles: 123m 456p 789s 11z 23s 5z; 宝 is 发 (6z)
    state = make_state({0: "123m456p789s11z23s5z"})
    view = view_for(state, 0)
    options = discard_options(view)
    assert {o.tile for o in options} == set(tiles("123m456p789s11z23s5z"))
    assert [o.tile for o in options] == [d.tile for d in rank_view(view)]
    best = options[0]
    assert best.tile == tile("5z")  # the lone 白 goes: 123m 456p 789s 11z 23s is ready
    assert best.shanten == 0
    assert {w.tile for w in best.waits} >= {tile("1s"), tile("4s")}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_ready_discards_have_the_waits_as_effective_tiles(seed: int) -> None:
    """Cross-check against the wait finder (a different code path): for a discard that leaves
    the hand ready, the effective tiles are exactly its waits that can still be drawn; a
    discard at the shape's own distance has effective tiles that lower it."""
    rng = random.Random(seed)
    state = HandState(RuleSet(), seed=rng.randbytes(32), dealer=0)
    view = view_for(state, 0)
    bao = view.public.bao
    for option in discard_options(view):
        c13 = counts_of([*view.concealed, *([view.drawn] if view.drawn is not None else [])])
        c13[option.tile] -= 1
        shape = shanten(c13, bao)
        assert option.shanten >= shape  # a real win is never nearer than a complete shape
        seen = list(c13)
        seen[option.tile] += 1
        left = unseen_counts(view, seen)
        for kind, unseen in option.effective:
            assert unseen == left[kind] > 0
            if option.shanten == shape:
                c13[kind] += 1
                assert shanten(c13, bao) < option.shanten
                c13[kind] -= 1
        if option.shanten == 0:
            found = waits(c13, bao)
            assert {w.tile for w in option.waits} == set(found)
            assert {k for k, _ in option.effective} == {
                w for w in found if left[w] > 0 and c13[w] < 4
            }


def test_a_wait_with_no_copy_left_is_dead() -> None:
    # seat 1 waits on 9p alone (单吊); the other three 9p lie face up in seat 0's discards
    state = make_state({0: "999p1234567m11z5z9s", 1: "123m456m789m111s9p"})
    view = view_for(state, 1)
    pub = view.public
    shown = replace(pub.seats[0], discards=tuple(Discard(tile("9p")) for _ in range(3)))
    view = replace(view, public=replace(pub, seats=(shown, *pub.seats[1:])))
    found = ready_waits(view)
    assert found is not None
    by_tile = {w.tile: w for w in found}
    assert by_tile[tile("9p")].unseen == 0
    assert by_tile[tile("9p")].dead
    assert hand_shanten(view) == 0


def test_a_chi_or_pong_is_measured_with_the_discard_that_follows() -> None:
    state = make_state({0: "19m19p19s1234567z5m", 1: "45m11z234p678s99s3z"})
    view = view_for(state, 1)
    before = hand_shanten(view)
    after = after_claim(view, ActionKind.CHI, tile("3m"), tiles("345m"))
    assert after <= before
    assert state.phase is Phase.TURN
