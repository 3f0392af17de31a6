"""The private panel's picture: her hand over the whole table, and never another seat's tile.

The picture is drawn from a PlayerView, whose only concealed tiles are the viewer's; these tests
check the picture itself (every tile on it is her own or public, read back from the pixels, and
the bytes do not move when other seats' hands do), its layout (seats East first, her band
marked, melds at the right of a first row, discards wrapping under them), its key (everything
it draws and nothing else) and that the parts it keeps add up to the picture drawn at once.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO

import pytest
from PIL import Image

from shangrao_bot.engine.hand_records import SEATS, Discard, MeldRecord, Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, PublicView, SeatView, view_for
from shangrao_bot.render import panel_key, render_panel, waits_for
from shangrao_bot.render.fixed_palette import table_palette
from shangrao_bot.render.hand import claimable
from shangrao_bot.render.panel import (
    PanelTile,
    clear_kept_parts,
    drawn_at_once,
    layout_panel,
    paint_panel,
)
from shangrao_bot.render.table_section import TILE, TILES_W, TILES_X, layout_band
from shangrao_bot.render.tiles import BACK, geometry
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import MeldKind, parse_melds, parse_tile
from tests.engine.builders import make_state
from tests.render.pixels import decode, identify
from tests.render.played import played
from tests.render.scenes import SOUTH_WAITS, north_turn_view, rob_state, south_view, turn_view


def _played_views(seed: int, every: int) -> list[PlayerView]:
    return [
        view_for(st, seat) for st in played(seed, every, with_end=False) for seat in range(SEATS)
    ]


def _scenes() -> list[PlayerView]:
    return [south_view(), north_turn_view(), turn_view(), view_for(rob_state(), 3)]


# --- hidden information --------------------------------------------------------------------------


def _public_faces(view: PlayerView) -> Counter[int]:
    """The faces the panel may draw besides her own tiles: the indicator and the 宝 kind
    (header), every discard, every meld's faces, and the tile she may claim (drawn again
    beside her hand)."""
    pub = view.public
    faces: Counter[int] = Counter([pub.indicator, pub.bao])
    for sv in pub.seats:
        faces.update(d.tile for d in sv.discards)
        for record in sv.melds:
            tiles = record.meld.tiles
            if record.meld.kind is MeldKind.KONG_CONCEALED:
                faces.update(tiles[1:3])
            elif record.meld.kind is MeldKind.KONG_INDICATOR:
                faces.update(tiles[1:2])
            else:
                faces.update(tiles)
    claim = claimable(view)
    if claim is not None:
        faces[claim.tile] += 1
    return faces


def check_only_hers_and_public(view: PlayerView) -> None:
    waits = waits_for(view)
    tiles = layout_panel(view, waits).tiles()
    own = Counter([*view.concealed, *([view.drawn] if view.drawn is not None else [])])
    hand_faces = Counter(t.look.kind for t in tiles if t.zone in ("concealed", "drawn"))
    assert hand_faces == own
    shown = Counter(
        t.look.kind
        for t in tiles
        if t.zone not in ("concealed", "drawn", "wait") and t.look.kind != BACK
    )
    assert not shown - _public_faces(view), (view.seat, shown - _public_faces(view))
    # backs: a concealed kong's outer tiles, and one beside each other seat's count
    hidden = [t for t in tiles if t.zone == "hidden"]
    assert sorted(t.seat for t in hidden if t.seat is not None) == sorted(
        s for s in range(SEATS) if s != view.seat
    )
    assert all(t.look.kind == BACK for t in hidden)
    assert all(t.zone in ("meld", "hidden") for t in tiles if t.look.kind == BACK)


def test_the_panel_shows_her_own_tiles_and_public_ones_only() -> None:
    for view in [*_scenes(), *_played_views(3, every=7), *_played_views(4, every=9)]:
        check_only_hers_and_public(view)


def test_the_panel_does_not_change_with_the_other_seats_hands() -> None:
    """Four deals that give the dealer the same fourteen tiles and the others different
    hands: her panel is the same bytes."""
    hands = {0: "1m2m3m5p5p6s7s8s1z1z2z3z4z9p"}
    states = [make_state(hands, 0, filler_seed=n) for n in range(4)]
    assert len({tuple(st.concealed(1)) for st in states}) == 4
    pictures = {render_panel(view_for(st, 0), lang=lang) for st in states for lang in ("en",)}
    assert len(pictures) == 1


@pytest.mark.parametrize("lang", ["zh-CN", "zh-TW"])
def test_every_tile_reads_back_from_the_pixels(lang: str) -> None:
    for view in (south_view(), north_turn_view()):
        img = decode(render_panel(view, lang=lang))
        bao = view.public.bao
        for t in layout_panel(view, lang=lang).tiles():
            assert identify(img, t.look, (t.x, t.y), bao)[0][1] == t.look.kind, t


# --- layout ----------------------------------------------------------------------------------


def _face(t: PanelTile) -> tuple[int, int, int, int]:
    g = geometry(t.look.width, t.look.sideways)
    return t.x, t.y + g.top, t.x + g.face_w, t.y + g.top + g.face_h


def _overlap(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_seats_east_first_her_band_marked_without_her_melds() -> None:
    view = south_view()  # South (seat 1) with a chi; North a pong; East dealer
    layout = layout_panel(view)
    assert list(layout.bands) == [0, 1, 2, 3]
    tops = [top for top, _ in layout.bands.values()]
    assert tops == sorted(tops) and tops[0] >= layout.hand.size[1]
    for seat, (_, band) in layout.bands.items():
        look = band.look
        sv = view.public.seats[seat]
        assert look.hers == (seat == 1)
        assert look.hidden == (None if seat == 1 else sv.concealed_count)
        assert len(look.melds) == (0 if seat == 1 else len(sv.melds))
        assert [d.kind for d in look.discards] == [d.tile for d in sv.discards]
    # her chi is in her hand row only
    tiles = layout.tiles()
    assert any(t.zone == "meld" and t.seat is None for t in tiles)
    assert not any(t.zone == "meld" and t.seat == 1 for t in tiles)


def _crowded() -> PlayerView:
    """South's view with West given 31 discards and two melds (a pong and a kong)."""
    view = south_view()
    pub = view.public
    west = pub.seats[2]
    melds = parse_melds("[777s] [4444p]")
    records = (MeldRecord(melds[0], from_seat=1, claimed=parse_tile("7s")), MeldRecord(melds[1]))
    discards = tuple(Discard(t % 34) for t in range(31))
    west = dataclasses.replace(west, discards=discards, melds=records, concealed_count=6)
    seats = tuple(west if s.seat == 2 else s for s in pub.seats)
    return dataclasses.replace(view, public=dataclasses.replace(pub, seats=seats))


def test_melds_close_a_first_row_and_discards_wrap_under_them() -> None:
    view = _crowded()
    layout = layout_panel(view)
    top, band = layout.bands[2]
    tiles = [t for t in layout.tiles() if t.seat == 2]
    melds = [t for t in tiles if t.zone == "meld"]
    discards = [t for t in tiles if t.zone == "discard"]
    assert len(melds) == 7 and len(discards) == 31
    right = max(t.x + geometry(t.look.width, t.look.sideways).size[0] for t in melds)
    assert right == TILES_X + TILES_W
    first_row = [t for t in discards if t.y == discards[0].y]
    assert max(t.x for t in first_row) < min(t.x for t in melds)
    bottom = first_row[0].y + geometry(TILE).size[1]
    assert all(t.y + geometry(t.look.width, t.look.sideways).size[1] == bottom for t in melds)
    rows = sorted({t.y for t in discards})
    assert band.rows == len(rows) == 2
    second = [t for t in discards if t.y == rows[1]]
    assert len(first_row) + len(second) == 31 and second[0].x == TILES_X
    faces = [_face(t) for t in tiles if t.zone != "hidden"]
    for i, a in enumerate(faces):
        assert all(not _overlap(a, b) for b in faces[i + 1 :])
    box = (TILES_X, top, TILES_X + TILES_W, top + band.height)
    assert all(
        box[0] <= f[0] and f[2] <= box[2] and box[1] <= f[1] and f[3] <= box[3] for f in faces
    )


def test_a_band_without_melds_holds_twenty_discards_a_row() -> None:
    view = _crowded()
    pub = view.public
    bare = tuple(dataclasses.replace(s, melds=()) if s.seat == 2 else s for s in pub.seats)
    look = layout_panel(
        dataclasses.replace(view, public=dataclasses.replace(pub, seats=bare))
    ).bands[2][1]
    ys = Counter(p.y for p in look.pieces if p.zone == "discard")
    assert sorted(ys.values(), reverse=True) == [20, 11]
    assert layout_band(look.look) is look  # kept: a band's look repeats move after move


def test_size_and_mode() -> None:
    for view, waits in (
        (south_view(), None),
        (north_turn_view(), None),
        (south_view(), SOUTH_WAITS),
    ):
        img = Image.open(BytesIO(render_panel(view, waits)))
        assert img.mode == "P" and img.width == 1100
        assert img.size == layout_panel(view, waits).size
    assert 760 <= layout_panel(north_turn_view()).size[1] <= 900
    crowded = layout_panel(_crowded()).size[1]
    assert crowded > layout_panel(south_view()).size[1] + 70  # a second row in one band
    late = max((v for v in _played_views(5, every=11)), key=lambda v: layout_panel(v).size[1])
    png = render_panel(late, waits_for(late))
    assert len(png) < 400 * 1024


# --- the key ---------------------------------------------------------------------------------


def _with_seat(view: PlayerView, seat: int, **changes: object) -> PlayerView:
    pub = view.public
    seats = tuple(dataclasses.replace(s, **changes) if s.seat == seat else s for s in pub.seats)  # type: ignore[arg-type]
    return dataclasses.replace(view, public=dataclasses.replace(pub, seats=seats))


def _with_public(view: PlayerView, **changes: object) -> PlayerView:
    return dataclasses.replace(view, public=dataclasses.replace(view.public, **changes))  # type: ignore[arg-type]


def _discard_changed(view: PlayerView, seat: int, i: int, **changes: object) -> PlayerView:
    sv: SeatView = view.public.seats[seat]
    discards = list(sv.discards)
    discards[i] = dataclasses.replace(discards[i], **changes)  # type: ignore[arg-type]
    return _with_seat(view, seat, discards=tuple(discards))


def test_the_key_changes_with_everything_drawn_and_nothing_else() -> None:
    view = north_turn_view()  # North on turn: East flew a 宝, South has a chi, West's 2m last
    pub: PublicView = view.public
    chi = pub.seats[1].melds
    drawn_changes = {
        "language": (view, None, "en", True),
        "live tiles": (_with_public(view, live=pub.live - 1), None, "zh-CN", True),
        "waits": (view, list(SOUTH_WAITS), "zh-CN", True),
        "her tiles": (
            dataclasses.replace(view, concealed=(view.concealed[1], *view.concealed[1:])),
            None,
            "zh-CN",
            True,
        ),
        "her drawn tile": (dataclasses.replace(view, drawn=parse_tile("9s")), None, "zh-CN", True),
        "the 宝": (_with_public(view, bao=parse_tile("5m")), None, "zh-CN", True),
        "a discard": (_with_seat(view, 2, discards=pub.seats[2].discards[:1]), None, "zh-CN", True),
        "a claimed discard": (_discard_changed(view, 2, 0, claimed_by=3), None, "zh-CN", True),
        "a flown discard": (_discard_changed(view, 0, 1, flown=False), None, "zh-CN", True),
        "the newest discard": (_with_public(view, latest_discarder=1), None, "zh-CN", True),
        "a count of tiles": (_with_seat(view, 2, concealed_count=10), None, "zh-CN", True),
        "a seat's melds": (_with_seat(view, 2, melds=chi), None, "zh-CN", True),
        "whose turn": (_with_seat(view, 3, to_act=False), None, "zh-CN", True),
        "飞宝 count": (_with_seat(view, 0, bao_flown=2), None, "zh-CN", True),
        "the dealer": (_with_seat(view, 0, dealer=False), None, "zh-CN", True),
    }
    key = panel_key(view, lang="zh-CN")
    png = render_panel(view)
    for what, (v, waits, lang, live) in drawn_changes.items():
        assert panel_key(v, waits, lang=lang, live=live) != key, what
        assert render_panel(v, waits, lang=lang, live=live) != png, what
    not_drawn = {
        "the move count": _with_public(view, sequence=pub.sequence + 5),
        "the legal moves": dataclasses.replace(view, legal=()),
        "the fairness hash": _with_public(view, commitment="0" * 64),
        "the rules": _with_public(view, rules=RuleSet(stake=5)),
        "a kong replacement": dataclasses.replace(view, replacement=True),
    }
    for what, v in not_drawn.items():
        assert panel_key(v) == key, what
        clear_kept_parts()
        assert render_panel(v) == png, what
    # without the live tiles, a draw elsewhere leaves the key and the picture as they were
    fewer = _with_public(view, live=3)
    assert panel_key(fewer, live=False) == panel_key(view, live=False)
    assert render_panel(fewer, live=False) == render_panel(view, live=False)


# --- the kept parts ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh-CN", "en", "zh-TW"])
def test_the_kept_parts_add_up_to_the_picture_drawn_at_once(lang: str) -> None:
    """Each seat's panel at every few moves, as the bot draws them (the parts of earlier
    pictures kept): the bytes of the picture drawn on one canvas and cut at the same rows,
    and its pixels."""
    clear_kept_parts()
    for i, view in enumerate([*_scenes(), *_played_views(6, every=5)]):
        waits = waits_for(view)
        live = i % 3 != 0
        png = render_panel(view, waits, lang=lang, live=live)
        assert png == drawn_at_once(view, waits, lang=lang, live=live), i
        if i % 7 == 0:
            want = paint_panel(view, waits, lang=lang, live=live)
            mapped = want.quantize(palette=table_palette(), dither=Image.Dither.NONE)
            assert decode(png).tobytes() == mapped.convert("RGB").tobytes(), i


def test_same_bytes_from_several_threads() -> None:
    views = [v for v in _played_views(7, every=13)][:12]
    want = [render_panel(v) for v in views]
    clear_kept_parts()
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(render_panel, views * 3))
    assert got == want * 3


def test_a_hand_over_still_shows_counts_only() -> None:
    """Once the hand is over the public view reveals every hand: the panel still does not."""
    state = HandState(RuleSet(), seed=(8).to_bytes(32, "big"), dealer=0)
    ais = [make_ai("normal", random.Random(80 + s)) for s in range(SEATS)]
    while not state.over:
        seat = state.to_act()[0]
        state.apply(ais[seat].choose(view_for(state, seat)))
    view = view_for(state, 1)
    assert view.public.phase is Phase.OVER and view.public.revealed is not None
    check_only_hers_and_public(view)
