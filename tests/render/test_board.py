"""The public board: it shows every public tile and never a concealed one, each in its part.

The board only ever receives a PublicView, which holds no concealed tile while the hand is on;
these tests check the picture itself. Each tile on it is read back by comparing its pixels
with every sprite (``pixels.identify``), so the layout cannot claim one thing and draw another;
and every tile stays inside its seat's part of the board (the hand row or the discards), never
over another part, whatever the scene (a fully concealed 14-tile win, four kongs, 30 discards).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pytest

from shangrao_bot.engine.hand_records import SEATS, Discard, MeldRecord, Phase
from shangrao_bot.engine.views import PublicView, public_view
from shangrao_bot.render.board import WIDTH, Placed, layout_board, paint_board, render_board
from shangrao_bot.render.tiles import BACK, geometry
from shangrao_bot.rules.tiles import MeldKind, parse_melds, parse_tiles
from tests.render.pixels import decode, gold_share, identify
from tests.render.played import played
from tests.render.scenes import (
    LANGS,
    claim_board,
    exhausted_state,
    rob_state,
    seven_pairs_state,
    thirteen_lan_state,
)


def _played_views(seed: int, every: int = 6) -> Iterator[PublicView]:
    """Public views of an AI-played hand, every few actions, the end included."""
    return (public_view(state) for state in played(seed, every))


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


def crowded_views() -> list[PublicView]:
    """Made-up ends of hands that push the layout: a seat with four kongs (one concealed, one
    exposed with the claimed tile sideways), one with three kongs and five tiles, a fully
    concealed fourteen, and 31 discards for a seat (three rows)."""
    base = public_view(exhausted_state())
    assert base.revealed is not None
    kongs = parse_melds("[1111m] (9999p) [7777s] [2222z]")
    records = (
        MeldRecord(kongs[0], from_seat=(base.dealer + 2) % SEATS, claimed=0),
        MeldRecord(kongs[1]),
        MeldRecord(kongs[2], from_seat=(base.dealer + 3) % SEATS, claimed=24),
        MeldRecord(kongs[3], from_seat=(base.dealer + 1) % SEATS, claimed=28),
    )
    three = parse_melds("[3333m] [5555s] (6666z)")
    seats = list(base.seats)
    revealed = list(base.revealed)
    seats[0] = replace(seats[0], melds=records, concealed_count=2)
    revealed[0] = tuple(parse_tiles("5p5p"))
    seats[1] = replace(seats[1], melds=tuple(MeldRecord(m) for m in three), concealed_count=5)
    revealed[1] = tuple(parse_tiles("1p2p3p8s8s"))
    seats[2] = replace(seats[2], melds=(), concealed_count=14)
    revealed[2] = tuple(parse_tiles("1m4m7m2p5p8p3s6s9s1z2z3z4z7z"))
    many = tuple(Discard(t % 34, claimed_by=1 if t % 7 == 0 else None) for t in range(31))
    seats[3] = replace(seats[3], discards=many)
    crowded = replace(base, seats=tuple(seats), revealed=tuple(revealed))
    on = replace(public_view(exhausted_state()), phase=Phase.TURN, revealed=None, seed=None)
    busy = replace(
        on, seats=tuple(replace(sv, melds=records, concealed_count=1) for sv in on.seats)
    )
    return [crowded, busy]


def scenes() -> list[PublicView]:
    """Every board scene the layout tests walk through."""
    views = [claim_board(), public_view(exhausted_state()), public_view(rob_state())]
    views += [public_view(thirteen_lan_state()), public_view(seven_pairs_state())]
    views += crowded_views()
    for seed in (1, 2, 3):
        views += list(_played_views(seed, every=9))
    return views


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


def _box(p: Placed) -> tuple[int, int, int, int]:
    """The solid face and body of a placed tile (no shadow, no badge margin)."""
    g = geometry(p.look.width, p.look.sideways)
    return p.x, p.y + g.top, p.x + g.face_w, p.y + g.top + g.face_h + g.depth


def _inside(inner: tuple[int, ...], outer: tuple[int, ...]) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def _overlap(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _part_of(zone: str, seat: int | None) -> tuple[str, int | None]:
    if zone in ("hand", "meld"):
        return "row", seat
    if zone == "discard":
        return "discards", seat
    return "header", None


def check_parts(view: PublicView, lang: str = "zh-CN") -> None:
    """Every tile inside its own part of the board, over no other part and no other tile."""
    layout = layout_board(view, lang=lang)
    w, h = layout.size
    parts = layout.parts
    for (a, box_a), (b, box_b) in itertools.combinations(parts.items(), 2):
        assert not _overlap(box_a, box_b), (a, b)
    for seat, band in layout.bands.items():
        assert _inside(parts[("row", seat)], band) and _inside(parts[("discards", seat)], band)
        assert _inside(band, (0, 0, w, h))
    boxes = [(_box(p), p) for p in layout.tiles]
    for box, p in boxes:
        own = _part_of(p.zone, p.seat)
        assert _inside(box, parts[own]), (p, parts[own])
        for key, part in parts.items():
            if key != own:
                assert not _overlap(box, part), (p, key)
    for i, (a, pa) in enumerate(boxes):
        for b, pb in boxes[i + 1 :]:
            assert not _overlap(a, b), (pa, pb)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_concealed_tile_in_any_layout_of_a_played_hand(seed: int) -> None:
    views = list(_played_views(seed))
    assert views[-1].phase is Phase.OVER
    for view in views:
        _check_layout(view)


@pytest.mark.parametrize("lang", LANGS)
def test_every_tile_stays_in_its_part_of_the_board(lang: str) -> None:
    """Regression: a fully concealed 14-tile win (十三浪, 七对) once ran into the discards."""
    for view in scenes():
        check_parts(view, lang)


def test_fourteen_concealed_tiles_fit_at_full_size() -> None:
    view = public_view(thirteen_lan_state())
    assert view.result is not None and view.result.wins[0].score.pattern == "十三浪"
    assert view.revealed is not None
    south = next(s for s, tiles in enumerate(view.revealed) if len(tiles) == 14)
    layout = layout_board(view)
    assert len([p for p in layout.tiles if p.zone == "hand" and p.seat == south]) == 14
    widths = {p.look.width for p in layout.tiles if p.zone in ("hand", "meld", "discard")}
    assert widths == {56}  # melds and revealed hands as large as the discards


def test_a_crowded_row_shrinks_but_stays_in_its_part() -> None:
    crowded = crowded_views()[0]
    layout = layout_board(crowded)
    kongs = [p for p in layout.tiles if p.seat == 0 and p.zone == "meld"]
    assert len(kongs) == 16 and max(p.look.width for p in kongs) < 56
    discards = [p for p in layout.tiles if p.seat == 3 and p.zone == "discard"]
    assert len(discards) == 31 and len({p.y for p in discards}) == 3  # three rows


def _read_back(view: PublicView, png: bool = False, lang: str = "zh-CN") -> None:
    """Read every tile of the painted board back from its pixels."""
    layout = layout_board(view, lang=lang)
    img = decode(render_board(view, lang=lang)) if png else paint_board(view, layout, lang=lang)
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


def test_tiles_read_back_in_traditional_script() -> None:
    _read_back(claim_board(), lang="zh-TW")


@pytest.mark.slow
def test_tiles_read_back_from_the_png_of_a_played_hand() -> None:
    views = list(_played_views(4, every=25))
    _read_back(views[len(views) // 2], png=True)


@pytest.mark.slow
def test_tiles_read_back_when_the_hand_is_over() -> None:
    _read_back(public_view(exhausted_state()))
    _read_back(public_view(thirteen_lan_state()), lang="en")


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
    assert img.width == WIDTH == 1100
    assert 1000 <= img.height <= 1200  # one row of discards: 550 × 500-600 on screen
    assert len(png) < 400 * 1024
    late = decode(render_board(public_view(exhausted_state())))
    assert late.width == WIDTH and late.height <= 1.45 * WIDTH  # not absurdly tall


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


def test_traditional_script_on_the_bao_tiles_only_in_zh_tw() -> None:
    for lang in LANGS:
        layout = layout_board(claim_board(), lang=lang)
        marked = [p for p in layout.tiles if p.look.bao or p.look.flown]
        assert marked and all(p.look.trad == (lang == "zh-TW") for p in marked)


def test_board_is_pure() -> None:
    view = claim_board()
    assert render_board(view) == render_board(view)
    assert render_board(view, lang="en") != render_board(view)
