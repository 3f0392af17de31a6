"""The public board: it shows every public tile and never a concealed one (issue 5).

The board only ever receives a PublicView, which holds no concealed tile while the hand is on;
these tests check the picture itself. Each tile on it is read back by comparing its pixels
with every sprite (``pixels.identify``), so the layout cannot claim one thing and draw another.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from shangrao_bot.engine.ai import make_ai
from shangrao_bot.engine.state import SEATS, HandState, Phase
from shangrao_bot.engine.views import PublicView, public_view, view_for
from shangrao_bot.render.board import WIDTH, layout_board, paint_board, render_board
from shangrao_bot.render.tiles import BACK
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import MeldKind
from tests.render.pixels import decode, gold_share, identify
from tests.render.scenes import claim_board, exhausted_state


def _played_views(seed: int, every: int = 6) -> Iterator[PublicView]:
    """Public views of an AI-played hand, every few actions, the end included."""
    state = HandState(RuleSet(), seed=seed.to_bytes(32, "big"), dealer=seed % SEATS)
    ais = [make_ai("normal", random.Random(seed * 10 + s)) for s in range(SEATS)]
    n = 0
    while not state.over:
        seat = state.to_act()[0]
        state.apply(ais[seat].choose(view_for(state, seat)))
        n += 1
        if n % every == 0 or state.over:
            yield public_view(state)


def _public_faces(view: PublicView) -> Counter[int]:
    """Every tile face the rules let everyone see: indicator, 宝 kind, discards, melds (a
    concealed kong shows two faces, a 跌宝杠 one), and the hands once the hand is over."""
    faces: Counter[int] = Counter([view.indicator, view.bao])
    for sv in view.seats:
        faces.update(d.tile for d in sv.discards)
        for record in sv.melds:
            tiles = record.meld.tiles
            if record.meld.kind is MeldKind.KONG_CONCEALED:
                faces.update(tiles[:2])
            elif record.meld.kind is MeldKind.KONG_INDICATOR:
                faces.update(tiles[:1])
            else:
                faces.update(tiles)
    if view.revealed is not None:
        for hand in view.revealed:
            faces.update(hand)
    return faces


def _check_layout(view: PublicView) -> None:
    layout = layout_board(view)
    drawn = Counter(p.look.kind for p in layout.tiles if p.look.kind != BACK)
    assert drawn == _public_faces(view)
    for sv in view.seats:
        hand = [p for p in layout.tiles if p.zone == "hand" and p.seat == sv.seat]
        if view.revealed is None:
            assert all(p.look.kind == BACK for p in hand)
            assert len(hand) == sv.concealed_count
        else:
            assert sorted(p.look.kind for p in hand) == sorted(view.revealed[sv.seat])
    w, h = layout.size
    for p in layout.tiles:  # every tile inside the image
        assert 0 <= p.x < w and 0 <= p.y < h


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_concealed_tile_in_any_layout_of_a_played_hand(seed: int) -> None:
    views = list(_played_views(seed))
    assert views[-1].phase is Phase.OVER
    for view in views:
        _check_layout(view)


def _read_back(view: PublicView, png: bool = False) -> None:
    """Read every tile of the painted board back from its pixels."""
    layout = layout_board(view)
    img = decode(render_board(view)) if png else paint_board(view, layout)
    exact = 1.0 if not png else 20.0  # the PNG is a 256-colour palette
    for p in layout.tiles:
        ranked = identify(img, p.look, (p.x, p.y), view.bao)
        (best, kind), (second, _) = ranked[0], ranked[1]
        assert kind == p.look.kind, (p, ranked[:3])
        assert best < exact, (p, best)
        assert second > best + 10, (p, ranked[:3])
    if view.revealed is None:
        # the tiles face up on the picture are exactly the public ones
        faces = Counter(
            p.look.kind
            for p in layout.tiles
            if identify(img, p.look, (p.x, p.y), view.bao)[0][1] != BACK
        )
        assert faces == _public_faces(view)


def test_tiles_read_back_from_the_pixels_of_a_claim_window() -> None:
    _read_back(claim_board())


def test_tiles_read_back_from_the_png_of_a_played_hand() -> None:
    views = list(_played_views(4, every=25))
    _read_back(views[len(views) // 2], png=True)


def test_tiles_read_back_when_the_hand_is_over() -> None:
    _read_back(public_view(exhausted_state()))


def test_bao_badge_exactly_where_a_bao_is_shown() -> None:
    view = claim_board()
    layout = layout_board(view)
    img = paint_board(view, layout)
    shown = [p for p in layout.tiles if p.look.kind == view.bao]
    assert {p.zone for p in shown} >= {"bao", "discard"}  # the header and the 飞宝
    for p in layout.tiles:
        share = gold_share(img, p.look, (p.x, p.y))
        if p.look.kind == view.bao:
            assert share > 0.25, p
        else:
            assert share < 0.12, p


def test_board_size_and_mode() -> None:
    png = render_board(claim_board())
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    img = decode(png)
    assert img.width == WIDTH
    assert 700 <= img.height <= 900
    assert len(png) < 400 * 1024


def test_claim_window_marks_the_last_discard_and_nobody_to_act() -> None:
    view = claim_board()
    assert view.phase is Phase.CLAIM and view.last_discard is not None
    layout = layout_board(view)
    last = [p for p in layout.tiles if p.look.last]
    assert len(last) == 1
    seat, tile = view.last_discard
    assert last[0].seat == seat and last[0].look.kind == tile
    claimed = [p for p in layout.tiles if p.zone == "discard" and p.look.dim]
    assert len(claimed) == 2  # North's pong of 東, South's chi of 4m


def test_board_is_pure() -> None:
    view = claim_board()
    assert render_board(view) == render_board(view)
