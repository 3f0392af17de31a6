"""The 何切 picture: a hand, its 宝, and its discards ranked by the hand analysis.

Drawn for ``/analyze`` and ``/puzzle``: the hand as tiles (melds beside it), the indicator and
the 宝, optionally the tiles in sight (a puzzle's discards and other players' melds), then one
row per candidate discard, best first: the discard, its shanten or "ready", its effective tiles
with the copies still unseen (when ready: the waits with what a self-drawn win on each pays,
and the 宝吊头 / 偷机 notes). A puzzle's question leaves the ranking out (``rows`` empty).

Like every image of the package it is drawn for the width Discord shows an attachment (550 px)
at twice that, with no label under :func:`~.canvas.min_text` of it, and it takes plain data only
(frozen analysis results, tile kinds), so it can be drawn in a picture worker process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from shangrao_bot import catalog
from shangrao_bot.engine.analysis import DiscardAnalysis, WaitValue
from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import (
    ATTACHMENT_DISPLAY,
    encode_png,
    min_text,
    pill,
    pill_size,
    shorten,
    text,
    text_width,
)
from shangrao_bot.render.fonts import Face
from shangrao_bot.render.labels import DEFAULT_LANG, labels_for
from shangrao_bot.render.tiles import BACK, Look, geometry, sprite
from shangrao_bot.rules.tiles import Meld, MeldKind, indicator_from_bao, sort_tiles

WIDTH = 1100
MIN_TEXT = min_text(WIDTH, ATTACHMENT_DISPLAY)  # 22
MARGIN = 16
HEADER_H = 64
HEADER_TILE = 36
HAND_TILE_MAX = 68
MELD_GAP = 16
SEEN_TILE = 34
ROW_TILE = 50
SMALL_TILE = 34
CELL_GAP = 8
MAX_ROWS = 8  # candidates drawn; the text lists them all
MAX_SEEN = 60  # tiles in sight drawn (a late puzzle's discards fit in two lines)

#: The picture's own words: the catalogs' ``pic.analysis.*`` texts; every character is in the
#: shipped font subset (:func:`.charset.ui_charset`).
_PREFIX = "pic.analysis."


def label(key: str, lang: str, **args: object) -> str:
    return catalog.text(_PREFIX + key, lang, args)


def label_strings() -> list[str]:
    """Every fixed character of the picture's words (the font subset must hold them)."""
    out: list[str] = []
    for key, texts in catalog.BY_KEY.items():
        if key.startswith(_PREFIX):
            out.extend(v.replace("{n}", "").replace("{k}", "") for v in texts.values())
    return out


@dataclass(frozen=True)
class AnalysisPicture:
    """What the picture shows: plain data, picklable.

    ``tiles``: the concealed tiles (14 on a turn, 13 between turns); ``melds``: the player's
    own; ``bao``: the 宝 kind; ``seen``: the tiles in sight drawn under the hand (empty: no
    such line); ``rows``: the candidates best first (a 13-tile hand: its one row; empty: the
    ranking is not shown, a puzzle's question); ``puzzle``: the puzzle's number for the title.
    """

    tiles: tuple[int, ...]
    bao: int
    melds: tuple[Meld, ...] = ()
    seen: tuple[int, ...] = ()
    rows: tuple[DiscardAnalysis, ...] = ()
    puzzle: int | None = None


# --- layout helpers -------------------------------------------------------------------------------


def _look(kind: int, width: int, bao: int, lang: str, **kw: bool) -> Look:
    return Look(kind, width, bao=kind == bao, trad=lang == "zh-TW", **kw)


def _meld_looks(meld: Meld, width: int, bao: int, lang: str) -> list[Look]:
    """A meld as it lies: a concealed kong's outer tiles face down, a 跌宝杠's middle one only."""
    tiles = list(meld.tiles)
    if meld.kind is MeldKind.KONG_CONCEALED:
        inner = [_look(t, width, bao, lang) for t in tiles[1:3]]
        return [Look(BACK, width), *inner, Look(BACK, width)]
    if meld.kind is MeldKind.KONG_INDICATOR:
        return [Look(BACK, width), _look(tiles[1], width, bao, lang), Look(BACK, width)]
    return [_look(t, width, bao, lang) for t in tiles]


def _hand_tile_width(pic: AnalysisPicture) -> int:
    """The largest tile width (up to :data:`HAND_TILE_MAX`) at which the hand and its melds
    fit on one line."""
    count = len(pic.tiles) + sum(len(_meld_looks(m, 10, pic.bao, "en")) for m in pic.melds)
    gaps = MELD_GAP * len(pic.melds) + 2 * count
    for w in range(HAND_TILE_MAX, 20, -1):
        if count * geometry(w).size[0] + gaps <= WIDTH - 2 * MARGIN:
            return w
    return 20


def _paste(img: Image.Image, look: Look, x: float, y: float) -> int:
    s = sprite(look)
    img.paste(s, (round(x), round(y)), s)
    return s.width


def _row_height() -> int:
    """A candidate's box: the headline, then a line of small tiles (the discard's tile, left
    of both, is about as tall)."""
    return 14 + MIN_TEXT + 4 + 16 + geometry(SMALL_TILE).size[1] + 12


def _seen_lines(pic: AnalysisPicture) -> int:
    if not pic.seen:
        return 0
    per_line = (WIDTH - 2 * MARGIN - 120) // (geometry(SEEN_TILE).size[0] + 2)
    return -(-min(len(pic.seen), MAX_SEEN) // per_line)


def picture_size(pic: AnalysisPicture) -> tuple[int, int]:
    """The picture's width and height (the tests hold them inside Discord's limits)."""
    hand_h = geometry(_hand_tile_width(pic)).size[1] + 20
    seen_h = _seen_lines(pic) * (geometry(SEEN_TILE).size[1] + 4) + (12 if pic.seen else 0)
    rows = min(len(pic.rows), MAX_ROWS)
    rows_h = rows * (_row_height() + 10) + (MIN_TEXT + 16 if len(pic.rows) > MAX_ROWS else 0)
    return WIDTH, MARGIN + HEADER_H + hand_h + seen_h + rows_h + MARGIN


# --- painting -----------------------------------------------------------------------------------


def _paint_header(
    draw: ImageDraw.ImageDraw, img: Image.Image, pic: AnalysisPicture, lang: str
) -> None:
    lb = labels_for(lang)
    mid = MARGIN + HEADER_H / 2
    title = label("title", lang) if pic.puzzle is None else label("puzzle", lang, n=pic.puzzle)
    if len(pic.tiles) + 3 * len(pic.melds) == 13 and pic.puzzle is None:
        title = label("state", lang)
    text(draw, (MARGIN, mid), title, 34, pal.TEXT_ON_FELT, anchor="lm")
    tile_w = geometry(HEADER_TILE).size[0]
    tile_h = geometry(HEADER_TILE).size[1]
    x: float = WIDTH - MARGIN - tile_w
    _paste(img, _look(pic.bao, HEADER_TILE, pic.bao, lang), x, mid - tile_h / 2)
    x -= 10
    x -= text(draw, (x, mid), lb.bao, 28, pal.GOLD, anchor="rm")
    x -= 10
    arrow = text_width("→", 28)
    text(draw, (x - arrow, mid), "→", 28, pal.GOLD, anchor="lm")
    x -= arrow + 12 + tile_w
    _paste(img, _look(indicator_from_bao(pic.bao), HEADER_TILE, -1, lang), x, mid - tile_h / 2)
    text(draw, (x - 10, mid), lb.indicator, MIN_TEXT + 2, pal.MUTED_ON_FELT, anchor="rm")


def _paint_hand(img: Image.Image, pic: AnalysisPicture, lang: str, top: float) -> float:
    width = _hand_tile_width(pic)
    tiles = sort_tiles(pic.tiles)
    bao_first = [t for t in tiles if t == pic.bao] + [t for t in tiles if t != pic.bao]
    x: float = MARGIN
    for t in bao_first:
        x += _paste(img, _look(t, width, pic.bao, lang), x, top) + 2
    for meld in pic.melds:
        x += MELD_GAP
        for look in _meld_looks(meld, width, pic.bao, lang):
            x += _paste(img, look, x, top) + 2
    return top + geometry(width).size[1] + 20


def _paint_seen(
    draw: ImageDraw.ImageDraw, img: Image.Image, pic: AnalysisPicture, lang: str, top: float
) -> float:
    if not pic.seen:
        return top
    text(draw, (MARGIN, top + 8), label("seen", lang), MIN_TEXT, pal.MUTED_ON_FELT)
    g = geometry(SEEN_TILE)
    x0 = MARGIN + 120
    x, y = x0, top
    for t in pic.seen[:MAX_SEEN]:
        if x + g.size[0] > WIDTH - MARGIN:
            x, y = x0, y + g.size[1] + 4
        x += _paste(img, _look(t, SEEN_TILE, pic.bao, lang, flown=t == pic.bao), x, y) + 2
    return y + g.size[1] + 16


def _cells(
    draw: ImageDraw.ImageDraw,
    img: Image.Image,
    cells: Sequence[tuple[int, str, bool]],
    pic: AnalysisPicture,
    lang: str,
    x0: float,
    y: float,
) -> None:
    """Small tiles, each followed by its caption (unseen copies, or a wait's value); a dim
    cell is a wait that is no win or cannot be drawn."""
    g = geometry(SMALL_TILE)
    x = x0
    right = WIDTH - MARGIN
    for i, (kind, caption, dim) in enumerate(cells):
        w = g.size[0] + 4 + text_width(caption, MIN_TEXT) + CELL_GAP
        if x + w > right - 110 and i < len(cells) - 1:
            more = label("more", lang, n=len(cells) - i)
            text(draw, (x, y + g.size[1] / 2), more, MIN_TEXT, pal.MUTED_ON_FELT, anchor="lm")
            return
        x += _paste(img, _look(kind, SMALL_TILE, pic.bao, lang, dim=dim), x, y) + 4
        colour = pal.MUTED_ON_FELT if dim else pal.TEXT_ON_FELT
        x += text(draw, (x, y + g.size[1] / 2), caption, MIN_TEXT, colour, anchor="lm")
        x += CELL_GAP


def _wait_cell(w: WaitValue) -> tuple[int, str, bool]:
    if w.value is None:
        return w.tile, f"×{w.unseen}", True
    return w.tile, f"×{w.unseen} ({w.value})", w.dead


def _headline(row: DiscardAnalysis, lang: str) -> str:
    if row.shanten > 0:
        return (
            label("shanten", lang, n=row.shanten)
            + " · "
            + label("effective", lang, n=row.effective_unseen, k=len(row.effective))
        )
    parts = [label("ready", lang), label("expected", lang, v=row.weight)]
    if row.baodiao:
        parts.append(label("baodiao", lang))
    if row.steal is not None:
        parts.append(label("steal", lang, gain=f"{row.steal.gain:+.1f}"))
    return " · ".join(parts)


def _paint_row(
    draw: ImageDraw.ImageDraw,
    img: Image.Image,
    pic: AnalysisPicture,
    row: DiscardAnalysis,
    rank: int,
    lang: str,
    top: float,
) -> float:
    h = _row_height()
    box = (MARGIN, top, WIDTH - MARGIN, top + h)
    best = rank == 1
    draw.rounded_rectangle(
        box,
        radius=12,
        fill=pal.PANEL_TURN if best else pal.PANEL,
        outline=pal.GOLD if best else None,
        width=3,
    )
    x: float = MARGIN + 12
    g = geometry(ROW_TILE)
    if row.tile is not None:
        mid = top + 10 + g.size[1] / 2
        x += text(
            draw, (x, mid), f"{rank}", 30, pal.GOLD_LIGHT if best else pal.TEXT_ON_FELT, anchor="lm"
        )
        x += 10
        x += text(
            draw, (x, mid), label("discard", lang), MIN_TEXT + 2, pal.MUTED_ON_FELT, anchor="lm"
        )
        x += 6
        x += _paste(img, _look(row.tile, ROW_TILE, pic.bao, lang), x, top + 10) + 14
    line_x = x
    room = WIDTH - MARGIN - 12 - line_x - (100 if best else 0)
    headline = shorten(_headline(row, lang), room, MIN_TEXT + 4)
    text(draw, (line_x, top + 14), headline, MIN_TEXT + 4, pal.TEXT_ON_FELT, within=box)
    if best and row.tile is not None:
        w, _ = pill_size(label("best", lang), MIN_TEXT)
        pill(
            draw,
            (WIDTH - MARGIN - 12 - w, top + 12),
            label("best", lang),
            MIN_TEXT,
            pal.INK,
            pal.GOLD,
        )
    cells_y = top + 14 + MIN_TEXT + 20
    if row.shanten > 0:
        cells = [(k, f"×{n}", n == 0) for k, n in row.effective]
    elif row.waits:
        cells = [_wait_cell(w) for w in row.waits]
    else:
        text(draw, (line_x, cells_y + 6), label("no_wait", lang), MIN_TEXT, pal.MUTED_ON_FELT)
        return top + h + 10
    _cells(draw, img, cells, pic, lang, line_x, cells_y)
    return top + h + 10


def paint_analysis(pic: AnalysisPicture, lang: str = DEFAULT_LANG) -> Image.Image:
    labels_for(lang)  # a ValueError for a language the images do not speak
    size = picture_size(pic)
    img = Image.new("RGB", size, pal.FELT)
    draw = ImageDraw.Draw(img)
    _paint_header(draw, img, pic, lang)
    y = _paint_hand(img, pic, lang, MARGIN + HEADER_H)
    y = _paint_seen(draw, img, pic, lang, y)
    for rank, row in enumerate(pic.rows[:MAX_ROWS], start=1):
        y = _paint_row(draw, img, pic, row, rank, lang, y)
    if len(pic.rows) > MAX_ROWS:
        more = label("rows_more", lang, n=len(pic.rows) - MAX_ROWS)
        text(draw, (MARGIN, y + 4), more, MIN_TEXT, pal.MUTED_ON_FELT, Face.REGULAR)
    return img


def render_analysis(pic: AnalysisPicture, *, lang: str = DEFAULT_LANG) -> bytes:
    """The picture as PNG bytes, labelled in ``lang``."""
    return encode_png(paint_analysis(pic, lang))
