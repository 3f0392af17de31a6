"""The table under the hand on a player's private panel (:mod:`.panel`): one band per seat.

A player who plays from her DMs must see the discards without switching to the table's
thread, on a phone that shows the picture some 300 px wide. So the section is the board's
public part, packed: for every seat, East (the dealer) first as on the board, a band with a
title line — the wind, 你 on her own band, 庄, 轮到, 飞宝×n, and for another seat a tile back
with the count of its concealed tiles (never the tiles: the section is drawn from the public
view alone) — then its discards, claimed ones dimmed, a flown 宝 tagged 飞, the table's newest
discard ringed as on the board.

Tiles are :data:`TILE` px wide (13-14 px on a phone), discards and melds alike, twenty to a
row across the whole width (the board gives a side column to the wind and fits fifteen). A
seat's melds sit at the right end of its first row while its discards flow from the left and
wrap under them, so melds cost a band no row of its own. Her own melds are left out: they are
in her hand row just above. Each band is as tall as its own discards need (one row, two late
in a hand), so the section stays short: 1100 × 131 a band with one row, 79 more a row.

A band's picture depends only on its :class:`BandLook` (everything it draws), which the panel
uses as a cache key: from one move to the next only the seat that moved and the seat whose turn
comes change their bands.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from shangrao_bot.engine.views import PublicView
from shangrao_bot.render import palette as pal
from shangrao_bot.render.board import discard_looks
from shangrao_bot.render.canvas import (
    ATTACHMENT_DISPLAY,
    Box,
    fit_size,
    min_text,
    pill,
    pill_size,
    text,
    text_width,
)
from shangrao_bot.render.hand import header_tags
from shangrao_bot.render.labels import Labels, labels_for
from shangrao_bot.render.melds import meld_looks
from shangrao_bot.render.tiles import BACK, Look, geometry, sprite

WIDTH = 1100
MIN_TEXT = min_text(WIDTH, ATTACHMENT_DISPLAY)  # 22
TITLE_TEXT = MIN_TEXT + 2  # the title line's pills and count, as the hand's header has them
MARGIN = 12
BAND_PAD = 8  # left and right, inside a band
BAND_TOP = 6
BAND_BOTTOM = 6
BAND_GAP = 6
TITLE_H = 36
TITLE_GAP = 2  # the tiles' sprites carry their own margin above the face
TILE = 49  # discards and melds: the widest at which twenty fit a row
TILE_GAP = 1
MELD_GAP = 12
HIDDEN_TILE = 22  # the back beside another seat's count of concealed tiles
TILES_X = MARGIN + BAND_PAD
TILES_W = WIDTH - 2 * TILES_X


@dataclass(frozen=True)
class BandLook:
    """Everything one seat's band draws, and nothing else: equal looks draw equal pixels."""

    lang: str
    wind: int
    hers: bool  # the viewer's own seat
    dealer: bool
    to_act: bool
    bao_flown: int
    hidden: int | None  # another seat's count of concealed tiles (None on her own band)
    melds: tuple[tuple[Look, ...], ...]  # another seat's melds, left to right
    discards: tuple[Look, ...]


@dataclass(frozen=True)
class BandPiece:
    """One tile of a band, its sprite's top-left corner relative to the band's top-left."""

    look: Look
    x: int
    y: int
    zone: str  # "discard", "meld", "hidden" (the back beside the count)


@dataclass(frozen=True)
class BandLayout:
    look: BandLook
    height: int
    rows: int
    pieces: tuple[BandPiece, ...]


def band_look(view: PublicView, seat: int, viewer: int, lang: str) -> BandLook:
    """What ``seat``'s band shows to ``viewer``: public facts only (the count of another
    seat's concealed tiles, never the tiles)."""
    trad = lang == "zh-TW"
    sv = view.seats[seat]
    hers = seat == viewer
    discards = tuple(discard_looks(view, seat, TILE, trad))
    melds: tuple[tuple[Look, ...], ...] = ()
    if not hers:
        melds = tuple(
            tuple(lk._replace(trad=trad) for lk in meld_looks(record, seat, TILE, view.bao))
            for record in sv.melds
        )
    return BandLook(
        lang=lang,
        wind=sv.wind,
        hers=hers,
        dealer=sv.dealer,
        to_act=sv.to_act,
        bao_flown=sv.bao_flown,
        hidden=None if hers else sv.concealed_count,
        melds=melds,
        discards=discards,
    )


def _width(look: Look) -> int:
    return geometry(look.width, look.sideways).size[0]


def _row_step() -> int:
    """Rows of discards overlap by the sprite's transparent margin above the face, never by
    a solid pixel (as on the board)."""
    g = geometry(TILE)
    return g.size[1] - g.pad + 1


def _rows_top() -> int:
    return BAND_TOP + TITLE_H + TITLE_GAP


@lru_cache(maxsize=256)
def layout_band(look: BandLook) -> BandLayout:
    """Where each tile of the band goes, and the band's height (kept: a band's look repeats
    from one move to the next)."""
    g = geometry(TILE)
    step = g.size[0] + TILE_GAP
    per_row = (TILES_W + TILE_GAP) // step
    tiles = [lk for m in look.melds for lk in m]
    melds_w = sum(map(_width, tiles)) + TILE_GAP * (len(tiles) - len(look.melds))
    melds_w += MELD_GAP * max(0, len(look.melds) - 1)
    first = per_row
    if look.melds:
        first = max(0, (TILES_W - melds_w - MELD_GAP + TILE_GAP) // step)
    top = _rows_top()
    pieces: list[BandPiece] = []
    rows = 1
    for i, d in enumerate(look.discards):
        if i < first:
            r, c = 0, i
        else:
            r, c = divmod(i - first, per_row)
            r += 1
        rows = max(rows, r + 1)
        pieces.append(BandPiece(d, TILES_X + c * step, top + r * _row_step(), "discard"))
    bottom = top + g.size[1]
    x = TILES_X + TILES_W - melds_w
    for meld in look.melds:
        for lk in meld:
            w, h = geometry(lk.width, lk.sideways).size
            pieces.append(BandPiece(lk, x, bottom - h, "meld"))
            x += w + TILE_GAP
        x += MELD_GAP - TILE_GAP
    if look.hidden is not None:
        count_x = TILES_X + TILES_W - text_width(_count_text(look.hidden), TITLE_TEXT)
        hg = geometry(HIDDEN_TILE)
        hx = round(count_x - 6 - hg.size[0])
        hy = BAND_TOP + (TITLE_H - hg.size[1]) // 2
        pieces.append(BandPiece(Look(BACK, HIDDEN_TILE), hx, hy, "hidden"))
    height = top + (rows - 1) * _row_step() + g.size[1] + BAND_BOTTOM
    return BandLayout(look, height, rows, tuple(pieces))


def _count_text(hidden: int) -> str:
    return f"×{hidden}"


def _tags(lb: Labels, look: BandLook) -> list[tuple[str, pal.RGB, pal.RGB]]:
    """The title line's pills after the wind: (label, text colour, fill): 你 on her own band,
    then the hand header's."""
    hers = [(lb.you, pal.INK, pal.IVORY)] if look.hers else []
    return hers + header_tags(lb, look.dealer, look.to_act, look.bao_flown)


def paint_band(img: Image.Image, layout: BandLayout, top: int) -> None:
    """Draw the band on ``img`` with its top at ``top`` (0 for a band's own picture)."""
    look = layout.look
    lb = labels_for(look.lang)
    draw = ImageDraw.Draw(img)
    box: Box = (MARGIN, top, WIDTH - MARGIN, top + layout.height - 1)
    fill = pal.PANEL_TURN if look.to_act else pal.PANEL
    outline = pal.TURN_GLOW if look.to_act else None
    draw.rounded_rectangle(box, radius=12, fill=fill, outline=outline, width=4 if outline else 0)
    title: Box = (TILES_X, top + BAND_TOP, TILES_X + TILES_W, top + BAND_TOP + TITLE_H)
    wind = lb.winds[look.wind]
    wsize = 28 if lb.lang != "en" else 24
    bw = max(TITLE_H + 14, text_width(wind, wsize) + 20)
    badge: Box = (title[0], title[1], title[0] + bw, title[3])
    draw.rounded_rectangle(badge, radius=8, fill=pal.FELT_DARK)
    centre = ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2)
    text(draw, centre, wind, wsize, pal.TEXT_ON_FELT, anchor="mm", within=badge)
    x = badge[2] + 8
    py = title[1] + (TITLE_H - pill_size("x", TITLE_TEXT)[1]) / 2
    for label, fg, bg in _tags(lb, look):
        size = fit_size(label, title[2] - x, TITLE_TEXT, MIN_TEXT)
        x += pill(draw, (x, py), label, size, fg, bg, within=title) + 6
    if look.hidden is not None:
        mid = (title[1] + title[3]) / 2
        text(
            draw,
            (title[2], mid),
            _count_text(look.hidden),
            TITLE_TEXT,
            pal.MUTED_ON_FELT,
            anchor="rm",
            within=title,
        )
    for p in layout.pieces:
        s = sprite(p.look)
        img.paste(s, (p.x, top + p.y), s)
