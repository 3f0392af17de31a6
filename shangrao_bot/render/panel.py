"""A player's private panel as one picture: her hand on top, the whole table below it.

A player at a virtual table may play from her DMs alone: the panel's picture shows what she
would otherwise read on the board in the table's thread. On top, her hand exactly as
:func:`~.hand.render_hand` draws it (the header with her wind, 庄 / 轮到 / 飞宝 and the live
tiles, 跌宝 → 宝; her tiles, the drawn one apart, her melds, a tile she may claim beside them);
below, :mod:`.table_section`: every seat's band, East first, with its discards, melds, 飞宝 and
the count of its concealed tiles. It is drawn from a :class:`PlayerView` alone, whose only
concealed tiles are hers, so it cannot show another seat's tiles.

The waits, when given, come right under her hand, before the table: they are about her hand
(each tile that completes it and what it pays), a player looks for them there, and the table
section then keeps the same place relative to the waits whatever they hold.

Drawn 1100 px wide like the hand and the board, for a phone that shows it some 300 px wide:
labels at least :data:`~.hand.MIN_TEXT`, the table's tiles 49 px (13-14 px on that phone).
About 1100 × 820 with one row of discards a seat (550 × 410 on a desktop, 330 × 250 on a
phone), 79 px taller for each seat with a second row, and taller by the waits when shown.

The bot draws one at nearly every move for each human seat, so :func:`render_panel` keeps
the picture's parts drawn, mapped onto the fixed palette (:func:`table_palette`) and
compressed (:mod:`.png_strips`), and joins them: her hand, by its :func:`~.hand.hand_key`,
while it does not change (the other players' moves), in three strips so that only the rows of
the count of live tiles are drawn and compressed again at a draw; each seat's band, by its
:class:`~.table_section.BandLook` (a move changes one or two). Without dithering a pixel maps
to the same palette index whatever surrounds it, so the kept parts give exactly the bytes of
the whole picture drawn at once and cut at the same rows (:func:`drawn_at_once`, which the
tests compare).
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from math import ceil, floor
from typing import TypeVar

from PIL import Image, ImageDraw

from shangrao_bot.engine.views import PlayerView
from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.render import palette as pal
from shangrao_bot.render.board import seat_order
from shangrao_bot.render.canvas import recording
from shangrao_bot.render.fixed_palette import table_palette
from shangrao_bot.render.fonts import Face, font
from shangrao_bot.render.hand import (
    HEADER_H,
    HEADER_TEXT,
    MARGIN,
    HandLayout,
    Wait,
    draw_live,
    hand_key,
    layout_hand,
    live_anchor,
    paint_hand,
)
from shangrao_bot.render.labels import DEFAULT_LANG, labels_for
from shangrao_bot.render.png_strips import Strip, png_of, strip_of
from shangrao_bot.render.table_section import (
    BAND_GAP,
    BandLayout,
    BandLook,
    band_look,
    layout_band,
    paint_band,
)
from shangrao_bot.render.tiles import Look

WIDTH = 1100
BOTTOM = 8  # felt under the last band
#: the hand's rows where the header's count of live tiles goes, redrawn at every draw (the
#: rest of a hand is kept while it does not change)
LIVE_ROWS = (MARGIN + HEADER_H // 2 - 20, MARGIN + HEADER_H // 2 + 20)
HANDS_KEPT = 64  # hands, per process: a few kilobytes each once compressed
BANDS_KEPT = 256  # bands: a move changes one or two, each seen two ways (hers, the others')

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


@dataclass(frozen=True)
class PanelTile:
    """One tile on the panel: its look, its sprite's top-left corner, where it belongs
    (a zone of :class:`~.hand.HandPiece` for the hand, ``"discard"``, ``"meld"`` or
    ``"hidden"`` for a band, with the band's seat)."""

    look: Look
    x: int
    y: int
    zone: str
    seat: int | None = None


@dataclass(frozen=True)
class PanelLayout:
    size: tuple[int, int]
    hand: HandLayout
    #: seat -> (top of its band, the band), East first
    bands: dict[int, tuple[int, BandLayout]]

    def tiles(self) -> list[PanelTile]:
        """Every tile drawn, in panel coordinates: the hand's, then each band's."""
        out = [PanelTile(p.look, p.x, p.y, p.zone) for p in self.hand.pieces]
        for seat, (top, band) in self.bands.items():
            out += [PanelTile(p.look, p.x, top + p.y, p.zone, seat) for p in band.pieces]
        return out


def layout_panel(
    view: PlayerView, waits: Sequence[Wait] | None = None, *, lang: str = DEFAULT_LANG
) -> PanelLayout:
    """The picture's size and every tile's place (tests find the tiles with it)."""
    hand = layout_hand(view, waits, lang=lang)
    bands, height = _stack_bands(view, lang, hand.size[1])
    return PanelLayout((WIDTH, height), hand, bands)


def _stack_bands(
    view: PlayerView, lang: str, top: int
) -> tuple[dict[int, tuple[int, BandLayout]], int]:
    """Each seat's band, East first, from ``top`` down; and the picture's height."""
    pub = view.public
    y = top
    bands: dict[int, tuple[int, BandLayout]] = {}
    for seat in seat_order(pub):
        band = layout_band(band_look(pub, seat, view.seat, lang))
        bands[seat] = (y, band)
        y += band.height + BAND_GAP
    return bands, y - BAND_GAP + BOTTOM


def paint_panel(
    view: PlayerView,
    waits: Sequence[Wait] | None = None,
    *,
    lang: str = DEFAULT_LANG,
    live: bool = True,
) -> Image.Image:
    """The whole picture in RGB, every part drawn afresh on one canvas (what
    :func:`render_panel` puts together from kept parts)."""
    layout = layout_panel(view, waits, lang=lang)
    img = Image.new("RGB", layout.size, pal.FELT)
    img.paste(paint_hand(view, waits, lang=lang, live=live), (0, 0))
    for top, band in layout.bands.values():
        paint_band(img, band, top)
    return img


def render_panel(
    view: PlayerView,
    waits: Sequence[Wait] | None = None,
    *,
    lang: str = DEFAULT_LANG,
    live: bool = True,
) -> bytes:
    """``view``'s private panel as PNG bytes, labelled in ``lang``: her hand (with ``waits``
    under it when given: None for no waits section, an empty list for "not waiting"), then
    every seat's band. ``live=False`` leaves the count of live tiles out of the header, as
    :func:`~.hand.render_hand` does (the table below changes at every move anyway, so the
    panel normally shows it)."""
    if recording():  # the tests' record of texts wants every text drawn, on one canvas
        return drawn_at_once(view, waits, lang=lang, live=live)
    hand = _kept(
        _HANDS, hand_key(view, waits, lang=lang, live=False), partial(_hand_part, view, waits, lang)
    )
    counted = hand.live_rows
    if live:
        counted = _with_live_count(hand.live_image, view, lang)
    strips = [hand.above, counted, hand.below]
    bands, height = _stack_bands(view, lang, hand.height)
    for i, (_, band) in enumerate(bands.values()):
        if i:
            strips.append(_felt_strip(BAND_GAP))
        strips.append(_kept(_BANDS, band.look, partial(_band_strip, band)))
    strips.append(_felt_strip(BOTTOM))
    assert sum(s.height for s in strips) == height
    return png_of(strips, _palette_rgb())


def drawn_at_once(
    view: PlayerView,
    waits: Sequence[Wait] | None = None,
    *,
    lang: str = DEFAULT_LANG,
    live: bool = True,
) -> bytes:
    """The bytes :func:`render_panel` gives, from the picture drawn on one canvas
    (:func:`paint_panel`) and cut into the same strips: slower, nothing kept; what the kept
    parts must add up to."""
    layout = layout_panel(view, waits, lang=lang)
    whole = _indexed(paint_panel(view, waits, lang=lang, live=live))
    cuts = [0, *LIVE_ROWS, layout.hand.size[1]]
    for top, band in layout.bands.values():
        cuts += [top, top + band.height]
    cuts.append(layout.size[1])
    rows = sorted(set(cuts))
    strips = [strip_of(whole.crop((0, a, WIDTH, b))) for a, b in itertools.pairwise(rows)]
    return png_of(strips, _palette_rgb())


def panel_key(
    view: PlayerView,
    waits: Sequence[Wait] | None = None,
    *,
    lang: str = DEFAULT_LANG,
    live: bool = True,
) -> tuple[object, ...]:
    """Everything :func:`render_panel` draws from its arguments, and nothing else: two calls
    with equal keys draw the same bytes (a cache of pictures is keyed by it). Its parts are
    the keys the picture's own parts are kept by; whatever the picture starts to show must be
    added to them."""
    pub = view.public
    return (
        hand_key(view, waits, lang=lang, live=False),
        pub.live if live else None,
        tuple(band_look(pub, seat, view.seat, lang) for seat in seat_order(pub)),
    )


# --- the kept parts ----------------------------------------------------------------------------


_KEEPING = threading.Lock()  # the kept parts are shared by the threads of a process


def _kept(parts: RecentlyUsed[K, V], key: K, make: Callable[[], V]) -> V:
    """The part kept under ``key``, else made (outside the lock: two threads that miss the
    same key at once both make it, and the same value is kept)."""
    with _KEEPING:
        found = parts.get(key)
    if found is not None:
        return found
    value = make()
    with _KEEPING:
        parts.put(key, value)
    return value


@dataclass(frozen=True)
class _HandPart:
    """Her hand as drawn without the count of live tiles, in three strips: the rows where
    the count goes (also as an image, to draw it on) apart from those above and below."""

    height: int
    above: Strip
    live_image: Image.Image
    live_rows: Strip
    below: Strip


_HANDS: RecentlyUsed[tuple[object, ...], _HandPart] = RecentlyUsed(HANDS_KEPT)
_BANDS: RecentlyUsed[BandLook, Strip] = RecentlyUsed(BANDS_KEPT)


def clear_kept_parts() -> None:
    """Forget the kept hands and bands (the benchmark times a picture drawn from nothing)."""
    with _KEEPING:
        _HANDS.clear()
        _BANDS.clear()
    _live_patch.cache_clear()


def _indexed(img: Image.Image) -> Image.Image:
    return img.quantize(palette=table_palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=1)
def _palette_rgb() -> bytes:
    rgb = table_palette().getpalette()
    assert rgb is not None
    return bytes(rgb)


def _hand_part(view: PlayerView, waits: Sequence[Wait] | None, lang: str) -> _HandPart:
    indexed = _indexed(paint_hand(view, waits, lang=lang, live=False))
    top, bottom = LIVE_ROWS
    live_image = indexed.crop((0, top, WIDTH, bottom))
    return _HandPart(
        height=indexed.height,
        above=strip_of(indexed.crop((0, 0, WIDTH, top))),
        live_image=live_image,
        live_rows=strip_of(live_image),
        below=strip_of(indexed.crop((0, bottom, WIDTH, indexed.height))),
    )


def _with_live_count(rows: Image.Image, view: PlayerView, lang: str) -> Strip:
    """The header's rows of the live count with the count drawn in."""
    sv = view.public.seats[view.seat]
    anchor = live_anchor(labels_for(lang), sv.wind, sv.dealer, sv.to_act, sv.bao_flown)
    patch, (x, y) = _live_patch(lang, anchor, view.public.live)
    counted = rows.copy()
    counted.paste(patch, (x, y - LIVE_ROWS[0]))
    return strip_of(counted)


def _band_strip(band: BandLayout) -> Strip:
    img = Image.new("RGB", (WIDTH, band.height), pal.FELT)
    paint_band(img, band, 0)
    return strip_of(_indexed(img))


@lru_cache(maxsize=8)
def _felt_strip(height: int) -> Strip:
    return strip_of(_indexed(Image.new("RGB", (WIDTH, height), pal.FELT)))


@lru_cache(maxsize=64)
def _live_patch(
    lang: str, anchor: tuple[float, float], live: int
) -> tuple[Image.Image, tuple[int, int]]:
    """The header's count of live tiles on a patch of felt just large enough, and where the
    patch goes: the kept hand is drawn without it, and the count changes at every draw.
    Offsets are whole pixels, so the text lands on exactly the pixels the whole header gives
    it."""
    lb = labels_for(lang)
    x, y = anchor
    left, top, right, bottom = font(Face.BOLD, HEADER_TEXT).getbbox(
        f"{lb.live} {live}", anchor="lm"
    )
    x0, y0 = floor(x + left) - 2, floor(y + top) - 2
    x1, y1 = ceil(x + right) + 2, ceil(y + bottom) + 2
    assert LIVE_ROWS[0] <= y0 and y1 <= LIVE_ROWS[1], "the count is in the rows kept for it"
    patch = Image.new("RGB", (x1 - x0, y1 - y0), pal.FELT)
    draw_live(ImageDraw.Draw(patch), (x - x0, y - y0), lb, live)
    return _indexed(patch), (x0, y0)
