"""The waits overlay never asks about a tile that cannot exist."""

from __future__ import annotations

from shangrao_bot.engine.advice import discard_options
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for
from shangrao_bot.render import render_hand, waits_for
from shangrao_bot.rules.tiles import parse_tile
from tests.engine.builders import cmd, make_state, pass_all

BAO = parse_tile("5m")  # the indicator is 4m


def all_bao_accounted_for() -> HandState:
    """Seat 1 sits in 宝吊头 (four sets and a lone 宝: it waits on every tile) while the other
    three seats have each flown a 宝: all four 宝 are accounted for, and no 宝 can be drawn."""
    state = make_state(
        {
            0: "5m1p1p9p9p2s2s8s3z3z6z6z7z1s",
            1: "123m456p789s111z5m",
            2: "5m2p3p7p8p3s4s6s7s2z4z5z7z",
            3: "5m2m4m6m8m2p3p4s5s6s2z4z5z",
        },
        dealer=0,
        draws="9m1s3s",
        indicator="4m",
    )
    for seat, move in ((0, "d 5m"), (1, "d 9m"), (2, "d 5m"), (3, "d 5m")):
        cmd(state, seat, move)
        pass_all(state)
    return state


def test_all_four_bao_accounted_for_is_no_wait_on_the_bao() -> None:
    state = all_bao_accounted_for()
    view = view_for(state, 1)
    assert [s.bao_flown for s in view.public.seats] == [1, 0, 1, 1]
    assert view.concealed.count(BAO) == 1 and view.public.bao == BAO
    waits = waits_for(view)
    assert waits is not None and len(waits) == 33  # every kind but the 宝's
    assert BAO not in {w.tile for w in waits}
    assert all(w.value is not None for w in waits)  # each a win the scorer values
    assert render_hand(view, waits).startswith(b"\x89PNG")


def test_a_discard_that_would_leave_an_impossible_wait_is_advised_without_it() -> None:
    """On seat 1's next turn (14 tiles), the hint's waits after each discard skip the 宝 too."""
    state = all_bao_accounted_for()
    cmd(state, 0, "d 1s")
    pass_all(state)
    view = view_for(state, 1)
    options = discard_options(view)
    assert options
    for option in options:
        assert BAO not in {w.tile for w in option.waits}
