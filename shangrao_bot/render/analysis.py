"""The 何切 picture: a hand, its 宝, and its discards ranked by the hand analysis.

Drawn for ``/analyze`` and ``/puzzle``: the hand as tiles (melds beside it), the indicator and
the 宝, optionally the tiles in sight (a puzzle's discards and other players' melds), then one
row per candidate discard, best first: the discard, its shanten or "ready", its effective tiles
with the copies still unseen (when ready: the waits with what a self-drawn win on each pays,
and the 宝吊头 / 偷机 notes). A puzzle's question leaves the ranking out (``rows`` empty).
Rows looked ahead (:mod:`shangrao_bot.engine.ranking`) also show the chance of a win and the
points expected; a hand whose only complete shape is an 有宝平胡 says so.

A review picture marks a decision: the tile the player discarded (a red frame, "yours") and
the one the ranking prefers (a gold frame, "better") in the hand, the row of the tile played
("yours", red outline) among the rows, and a caption in place of the title.

Like every image of the package it is drawn for the width Discord shows an attachment (550 px)
at twice that, with no label under :func:`~.canvas.min_text` of it, and it takes plain data only
(frozen analysis results, tile kinds), so it can be drawn in a picture worker process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from PIL import Image, ImageDraw

from shangrao_bot import catalog
from shangrao_bot.engine.analysis import DiscardAnalysis, WaitValue
from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import (
    ATTACHMENT_DISPLAY,
    Box,
    encode_png,
    fit_size,
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
HAND_TOP = MARGIN + HEADER_H
HEADER_TILE = 36
HAND_TILE_MAX = 68
MELD_GAP = 16
SEEN_TILE = 34
ROW_TILE = 50
SMALL_TILE = 34
CELL_GAP = 8
MARK_PAD = 8  # room on each side of a marked hand tile for its frame
MARK_LINE = 4  # the frame's thickness
#: The marks of a review: the tile played (the alert colour of a loss) and the one preferred
#: (the gold of the best row).
CHOSEN_MARK = pal.LOSS
PREFERRED_MARK = pal.GOLD
HEADLINE = (MIN_TEXT + 4, MIN_TEXT)  # a row's headline: its size, down to the smallest
RANK_W = 18  # a row's rank number (one digit, 30 px)
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
            out.extend(
                v.replace("{n}", "").replace("{k}", "").replace("{p}", "").replace("{v}", "")
                for v in texts.values()
            )
    return out


@dataclass(frozen=True)
class AnalysisPicture:
    """What the picture shows: plain data, picklable.

    ``tiles``: the concealed tiles (14 on a turn, 13 between turns); ``melds``: the player's
    own; ``bao``: the 宝 kind; ``seen``: the tiles in sight drawn under the hand (empty: no
    such line); ``rows``: the candidates best first (a 13-tile hand: its one row; empty: the
    ranking is not shown, a puzzle's question); ``puzzle``: the puzzle's number for the title.

    A review: ``chosen``, the kind the player discarded, and ``preferred``, the kind the
    ranking prefers (kinds in ``tiles``; one copy of each is marked in the hand, one mark when
    they are the same kind), the row of ``chosen`` is marked too; ``caption`` replaces the
    title.
    """

    tiles: tuple[int, ...]
    bao: int
    melds: tuple[Meld, ...] = ()
    seen: tuple[int, ...] = ()
    rows: tuple[DiscardAnalysis, ...] = ()
    puzzle: int | None = None
    chosen: int | None = None
    preferred: int | None = None
    caption: str | None = None


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


def _hand_order(pic: AnalysisPicture) -> list[int]:
    """The concealed tiles as drawn: the 宝 first, then sorted."""
    tiles = sort_tiles(pic.tiles)
    return [t for t in tiles if t == pic.bao] + [t for t in tiles if t != pic.bao]


def _hand_marks(pic: AnalysisPicture) -> dict[int, str]:
    """The marked hand tiles: position in :func:`_hand_order` → ``"preferred"`` or
    ``"chosen"`` (the first copy of each kind; the tile played and preferred once, as
    preferred)."""
    order = _hand_order(pic)
    marks: dict[int, str] = {}
    for kind, mark in ((pic.preferred, "preferred"), (pic.chosen, "chosen")):
        if kind is not None and kind in order:
            i = order.index(kind)
            marks.setdefault(i, mark)
    return marks


def _mark_style(mark: str, lang: str) -> tuple[str, pal.RGB, pal.RGB]:
    """A mark's label, its colour (frame and pill) and its label's colour."""
    if mark == "preferred":
        return label("better", lang), PREFERRED_MARK, pal.INK
    return label("yours", lang), CHOSEN_MARK, pal.TEXT_ON_FELT


def _pill_h() -> int:
    return round(pill_size("0", MIN_TEXT)[1])


def _hand_tile_width(pic: AnalysisPicture) -> int:
    """The largest tile width (up to :data:`HAND_TILE_MAX`) at which the hand and its melds
    fit on one line (with room for the frames of marked tiles)."""
    count = len(pic.tiles) + sum(len(_meld_looks(m, 10, pic.bao, "en")) for m in pic.melds)
    gaps = MELD_GAP * len(pic.melds) + 2 * count + 2 * MARK_PAD * len(_hand_marks(pic))
    for w in range(HAND_TILE_MAX, 20, -1):
        if count * geometry(w).size[0] + gaps <= WIDTH - 2 * MARGIN:
            return w
    return 20


def _paste(img: Image.Image, look: Look, x: float, y: float) -> int:
    s = sprite(look)
    img.paste(s, (round(x), round(y)), s)
    return s.width


def _hand_height(pic: AnalysisPicture) -> int:
    """The hand's line: the tiles, under them the marks' labels (a review), then a gap."""
    marks = _pill_h() + 10 if _hand_marks(pic) else 0
    return geometry(_hand_tile_width(pic)).size[1] + marks + 20


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
    hand_h = _hand_height(pic)
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
    x -= 10
    x -= text(draw, (x, mid), lb.indicator, MIN_TEXT + 2, pal.MUTED_ON_FELT, anchor="rm")
    title = label("title", lang) if pic.puzzle is None else label("puzzle", lang, n=pic.puzzle)
    if len(pic.tiles) + 3 * len(pic.melds) == 13 and pic.puzzle is None:
        title = label("state", lang)
    if pic.caption is not None:
        title = pic.caption
    room = x - 24 - MARGIN
    size = fit_size(title, room, 34, MIN_TEXT + 4)
    text(draw, (MARGIN, mid), shorten(title, room, size), size, pal.TEXT_ON_FELT, anchor="lm")


class HandSlot(NamedTuple):
    """A tile of the hand's line as drawn: its look, its left edge (the line's top is
    :data:`HAND_TOP`) and its review mark (``"chosen"``, ``"preferred"`` or None)."""

    look: Look
    x: float
    mark: str | None = None


def hand_slots(pic: AnalysisPicture, lang: str) -> list[HandSlot]:
    """The hand's line left to right: the concealed tiles (the 宝 first, then sorted; a marked
    tile with room for its frame either side), then the melds."""
    width = _hand_tile_width(pic)
    marks = _hand_marks(pic)
    slots: list[HandSlot] = []
    x: float = MARGIN
    for i, t in enumerate(_hand_order(pic)):
        mark = marks.get(i)
        pad = MARK_PAD if mark is not None else 0
        slots.append(HandSlot(_look(t, width, pic.bao, lang), x + pad, mark))
        x += pad + geometry(width).size[0] + 2 + pad
    for meld in pic.melds:
        x += MELD_GAP
        for look in _meld_looks(meld, width, pic.bao, lang):
            slots.append(HandSlot(look, x))
            x += geometry(width).size[0] + 2
    return slots


def mark_frame(slot: HandSlot) -> Box:
    """The frame of a marked hand tile: around its face and thickness, in the room left either
    side of it."""
    g = geometry(slot.look.width)
    o = MARK_LINE + 4
    top = HAND_TOP + g.top
    return slot.x - o, top - o, slot.x + g.face_w + o, top + g.face_h + g.depth + o


def _paint_hand(
    draw: ImageDraw.ImageDraw, img: Image.Image, pic: AnalysisPicture, lang: str
) -> float:
    labels: list[tuple[float, str]] = []  # (centre, mark) of each marked tile
    for slot in hand_slots(pic, lang):
        if slot.mark is not None:
            _, colour, _ = _mark_style(slot.mark, lang)
            draw.rounded_rectangle(mark_frame(slot), radius=10, outline=colour, width=MARK_LINE)
            labels.append((slot.x + slot.look.width / 2, slot.mark))
        _paste(img, slot.look, slot.x, HAND_TOP)
    g = geometry(_hand_tile_width(pic))
    _paint_mark_labels(draw, labels, lang, HAND_TOP + g.size[1] + 6)
    return HAND_TOP + _hand_height(pic)


def _paint_mark_labels(
    draw: ImageDraw.ImageDraw, labels: Sequence[tuple[float, str]], lang: str, y: float
) -> None:
    """Each mark's pill centred under its tile, nudged apart when two tiles are neighbours and
    kept inside the picture."""
    marks = sorted(labels)  # left to right
    styles = [_mark_style(mark, lang) for _, mark in marks]
    widths = [pill_size(style[0], MIN_TEXT)[0] for style in styles]
    lefts = [centre - w / 2 for (centre, _), w in zip(marks, widths, strict=True)]
    for i in range(1, len(lefts)):  # neighbours: each gives way half
        overlap = lefts[i - 1] + widths[i - 1] + 8 - lefts[i]
        if overlap > 0:
            lefts[i - 1] -= overlap / 2
            lefts[i] += overlap / 2
    lo: float = MARGIN
    for i in range(len(lefts)):  # inside the picture: from the left edge, then from the right
        lefts[i] = max(lefts[i], lo)
        lo = lefts[i] + widths[i] + 8
    hi: float = WIDTH - MARGIN
    for i in reversed(range(len(lefts))):
        lefts[i] = min(lefts[i], hi - widths[i])
        hi = lefts[i] - 8
    for x, (s, colour, ink) in zip(lefts, styles, strict=True):
        pill(draw, (x, y), s, MIN_TEXT, ink, colour)


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


def _percent(p: float) -> str:
    """A chance as a whole percentage, never rounded to a certainty it is not."""
    n = round(100 * p)
    if n == 0 and p > 0:
        return "<1"
    if n == 100 and p < 1:
        return ">99"
    return str(n)


def _points(v: float) -> str:
    """Expected points with their sign, one decimal (``+1.2``, ``-0.4``, ``+0.0``)."""
    return f"{round(v, 1) + 0.0:+.1f}"


def _headline(row: DiscardAnalysis, lang: str) -> str:
    if row.win_chance is not None:
        return _truthful_headline(row, row.win_chance, lang)
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


def _truthful_headline(row: DiscardAnalysis, chance: float, lang: str) -> str:
    """A looked-ahead row: its distance to a real win (or "ready"), then the chance of a win and
    the points expected, then the notes (有宝平胡 only, 宝吊头, 偷机)."""
    odds = [
        label("chance", lang, p=_percent(chance)),
        label("points", lang, v=_points(row.expected or 0.0)),
    ]
    if row.shanten > 0:
        effective = label("effective", lang, n=row.effective_unseen, k=len(row.effective))
        parts = [label("shanten", lang, n=row.shanten), effective, *odds]
    else:
        parts = [label("ready", lang), *odds]
    if row.shape_shanten == 0 and row.shanten > 0:
        parts.append(label("youbao_only", lang))
    if row.baodiao:
        parts.append(label("baodiao", lang))
    if row.steal is not None:
        parts.append(label("steal", lang, gain=f"{row.steal.gain:+.1f}"))
    return " · ".join(parts)


def _row_pills(best: bool, yours: bool, lang: str) -> list[tuple[str, pal.RGB, pal.RGB]]:
    """A row's pills (label, ink, colour), top first: the tile played, the ranking's best."""
    pills = []
    if yours:
        pills.append((label("yours", lang), pal.TEXT_ON_FELT, CHOSEN_MARK))
    if best:
        pills.append((label("best", lang), pal.INK, pal.GOLD))
    return pills


def _left_column(pic: AnalysisPicture, lang: str) -> float:
    """The width between a row's rank and its tile: the "discard" word or the rows' pills."""
    words = [
        text_width(label("discard", lang), MIN_TEXT + 2),
        pill_size(label("best", lang), MIN_TEXT)[0],
    ]
    if pic.chosen is not None:
        words.append(pill_size(label("yours", lang), MIN_TEXT)[0])
    return max(words)


def _line_x(pic: AnalysisPicture, row: DiscardAnalysis, lang: str) -> float:
    """Where a row's headline and small tiles start: right of its rank, the "discard" word or
    the pills, and its tile."""
    x = MARGIN + 12
    if row.tile is None:
        return x
    return x + RANK_W + 10 + _left_column(pic, lang) + 8 + geometry(ROW_TILE).size[0] + 14


def _headline_size(pic: AnalysisPicture, lang: str) -> int:
    """One size for every row's headline: the largest at which all fit (down to the smallest
    readable; a longer one is then cut)."""
    sizes = [
        fit_size(_headline(row, lang), WIDTH - MARGIN - 12 - _line_x(pic, row, lang), *HEADLINE)
        for row in pic.rows[:MAX_ROWS]
    ]
    return min(sizes, default=HEADLINE[0])


def _paint_row(
    draw: ImageDraw.ImageDraw,
    img: Image.Image,
    pic: AnalysisPicture,
    row: DiscardAnalysis,
    rank: int,
    lang: str,
    top: float,
    size: int,
) -> float:
    """A candidate's box, its headline ``size`` px high."""
    h = _row_height()
    box = (MARGIN, top, WIDTH - MARGIN, top + h)
    best = rank == 1
    yours = row.tile is not None and row.tile == pic.chosen
    outline = pal.GOLD if best else CHOSEN_MARK if yours else None
    draw.rounded_rectangle(
        box,
        radius=12,
        fill=pal.PANEL_TURN if best else pal.PANEL,
        outline=outline,
        width=3,
    )
    x: float = MARGIN + 12
    g = geometry(ROW_TILE)
    if row.tile is not None:
        mid = top + 10 + g.size[1] / 2
        if not yours or best:  # a row played: its place among the rows is not its rank
            colour = pal.GOLD_LIGHT if best else pal.TEXT_ON_FELT
            text(draw, (x, mid), f"{rank}", 30, colour, anchor="lm")
        x += RANK_W + 10
        pills = _row_pills(best, yours, lang)
        if pills:  # the pills say what the row is, in the "discard" word's place
            _, ph = pill_size("0", MIN_TEXT)
            y = mid - (len(pills) * (ph + 4) - 4) / 2
            for s, ink, colour in pills:
                pill(draw, (x, y), s, MIN_TEXT, ink, colour, within=box)
                y += ph + 4
        else:
            discard = label("discard", lang)
            text(draw, (x, mid), discard, MIN_TEXT + 2, pal.MUTED_ON_FELT, anchor="lm")
        x += _left_column(pic, lang) + 8
        x += _paste(img, _look(row.tile, ROW_TILE, pic.bao, lang), x, top + 10) + 14
    line_x = x
    headline = shorten(_headline(row, lang), WIDTH - MARGIN - 12 - line_x, size)
    text(draw, (line_x, top + 14), headline, size, pal.TEXT_ON_FELT, within=box)
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
    y = _paint_hand(draw, img, pic, lang)
    y = _paint_seen(draw, img, pic, lang, y)
    headline = _headline_size(pic, lang)
    for rank, row in enumerate(pic.rows[:MAX_ROWS], start=1):
        y = _paint_row(draw, img, pic, row, rank, lang, y, headline)
    if len(pic.rows) > MAX_ROWS:
        more = label("rows_more", lang, n=len(pic.rows) - MAX_ROWS)
        text(draw, (MARGIN, y + 4), more, MIN_TEXT, pal.MUTED_ON_FELT, Face.REGULAR)
    return img


def render_analysis(pic: AnalysisPicture, *, lang: str = DEFAULT_LANG) -> bytes:
    """The picture as PNG bytes, labelled in ``lang``."""
    return encode_png(paint_analysis(pic, lang))
