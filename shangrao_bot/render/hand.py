"""A player's private hand (sent to them alone): their tiles large, for deciding the next move.

Designed for the width Discord shows it at: the hand is a message attachment, shown about
550 px wide, so it is drawn 1100 px wide (2×) and no label is under 11 px on screen.

From the top: a strip with the seat (wind, 庄, whose turn, 飞宝 count, live tiles) and the 宝
with its 跌宝 indicator, so the image is enough on its own. Then the tiles, as large as the
row allows (some 35 px wide on screen for a hand of fourteen): the concealed tiles sorted with
the 宝 at the left (where players keep them), the drawn tile set apart under a 摸 tag, the
melds; at the right end, framed and labelled with who let it go, the tile the player may claim
now (a discard in a claim window, or a 补杠 tile that may be robbed). Optionally, the waits:
grouped by what they pay (each tile that completes the hand, with its value per payer and its
pattern; tiles that complete the shape but are no win under the preset last), which stays
short even for a hand that waits on every tile. About 1100 × 260 (550 × 130 on screen), some
360 px taller with a few groups of waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from shangrao_bot.catalog.fields import term
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import (
    ATTACHMENT_DISPLAY,
    Box,
    encode_png,
    min_text,
    pill,
    pill_size,
    recording,
    shorten,
    text,
    text_width,
)
from shangrao_bot.render.fixed_palette import table_palette
from shangrao_bot.render.fonts import Face
from shangrao_bot.render.labels import DEFAULT_LANG, Labels, gloss, labels_for
from shangrao_bot.render.melds import meld_looks
from shangrao_bot.render.tiles import Look, geometry, sprite

WIDTH = 1100
DISPLAY_WIDTH = ATTACHMENT_DISPLAY
MIN_TEXT = min_text(WIDTH, DISPLAY_WIDTH)  # 22
MARGIN = 16
HEADER_H = 64
HEADER_TILE = 36
TILE_MAX = 72
TILE_MIN = 40
LABEL_LINE = 28  # a line of the labels above the row (摸, who discarded)
DRAWN_GAP = 26
MELD_GAP = 14
CLAIM_PAD = 12
CLAIM_GAP = 28
WAIT_TILE = 48
WAIT_GAP = 12


@dataclass(frozen=True)
class Wait:
    """A tile the hand waits on: ``value`` per payer if drawn now, or None when the tile
    completes the shape but the preset does not allow the win (e.g. 有宝平胡)."""

    tile: int
    value: int | None
    pattern: str | None = None


@dataclass(frozen=True)
class HandPiece:
    look: Look
    x: int
    y: int
    zone: str  # "bao", "indicator", "concealed", "drawn", "meld", "claim", "wait"


@dataclass(frozen=True)
class Claimable:
    """The tile the viewer may take now, who let it go, and why (a discard, or a 补杠)."""

    tile: int
    seat: int
    robbing: bool


@dataclass
class HandLayout:
    size: tuple[int, int]
    pieces: list[HandPiece]
    row_top: int  # the labels above the tiles start here
    row_bottom: int  # the tiles' bottoms
    claim_box: Box | None
    waits_top: int  # the waits section starts here (== height without waits)
    groups: list[tuple[Box, tuple[int | None, str | None], list[HandPiece]]]


def _bao_first(tiles: Sequence[int], bao: int) -> list[int]:
    return sorted(tiles, key=lambda t: (t != bao, t))


def claimable(view: PlayerView) -> Claimable | None:
    """The discard the viewer may claim in a claim window, or the 补杠 tile they may rob —
    another seat's tile, still on offer (None otherwise)."""
    pub = view.public
    if pub.phase is Phase.CLAIM and pub.last_discard is not None:
        seat, tile = pub.last_discard
        if seat != view.seat:
            return Claimable(tile, seat, robbing=False)
    if pub.phase is Phase.ROB and pub.added_kong is not None:
        seat, tile = pub.added_kong
        if seat != view.seat:
            return Claimable(tile, seat, robbing=True)
    return None


def _claim_lines(view: PlayerView, claim: Claimable, lb: Labels) -> list[str]:
    wind = lb.winds[view.public.seats[claim.seat].wind]
    who = lb.house.format(wind=wind)
    lines = lb.claim_rob if claim.robbing else lb.claim_discard
    return [line.format(who=who) for line in lines]


def _label_h(lb: Labels) -> int:
    """Room above the tiles: the 摸 tag, the lines over a claimable tile."""
    lines = max(len(lb.claim_discard), len(lb.claim_rob))
    return max(round(pill_size(lb.drawn, MIN_TEXT)[1]) + 6, lines * LABEL_LINE + 6)


def _row_width(
    view: PlayerView, width: int, claim_w: int, trad: bool
) -> tuple[int, list[tuple[Look, str, int]]]:
    """The row at tile ``width``: (its total width, each look with its zone and gap before)."""
    pub = view.public
    bao = pub.bao
    items: list[tuple[Look, str, int]] = []
    for t in _bao_first(view.concealed, bao):
        items.append((Look(t, width, bao=t == bao, trad=trad), "concealed", 1))
    if view.drawn is not None:
        drawn = Look(view.drawn, width, bao=view.drawn == bao, trad=trad)
        items.append((drawn, "drawn", DRAWN_GAP))
    for record in pub.seats[view.seat].melds:
        for i, look in enumerate(meld_looks(record, view.seat, width, bao)):
            items.append((look._replace(trad=trad), "meld", MELD_GAP if i == 0 else 1))
    total = sum(geometry(lk.width, lk.sideways).size[0] + gap for lk, _, gap in items)
    if claim_w:
        total += CLAIM_GAP + claim_w
    return total, items


def _claim_width(lines: list[str], width: int) -> int:
    if not lines:
        return 0
    tile_w = geometry(width).size[0]
    return round(max(tile_w, *(text_width(s, MIN_TEXT) for s in lines))) + 2 * CLAIM_PAD


def _wait_groups(waits: Sequence[Wait]) -> list[tuple[tuple[int | None, str | None], list[int]]]:
    """Waits grouped by (value, pattern), the best first, the tiles that are no win last."""
    groups: dict[tuple[int | None, str | None], list[int]] = {}
    for w in waits:
        groups.setdefault((w.value, w.pattern if w.value is not None else None), []).append(w.tile)
    return sorted(groups.items(), key=lambda kv: (kv[0][0] is None, -(kv[0][0] or 0)))


def _group_lines(key: tuple[int | None, str | None], lb: Labels) -> list[str]:
    """The caption of a group of waits, below its value: the pattern (and in English its
    gloss), or "not a win"."""
    value, pattern = key
    if value is None:
        return [lb.not_a_win]
    if not pattern:
        return []
    lines = [term(pattern, lb.lang)]
    if lb.lang == "en" and gloss(pattern):
        lines.append(gloss(pattern))
    return lines


CAPTION_W = 250  # the captions of the groups of waits (wider text is cut)
VALUE_W = 64  # the value of a group of waits, left of its caption
CAPTION_LINE = MIN_TEXT + 12


def layout_hand(
    view: PlayerView, waits: Sequence[Wait] | None = None, *, lang: str = DEFAULT_LANG
) -> HandLayout:
    """Image size and every tile's place (tests use it to find the tiles)."""
    lb = labels_for(lang)
    trad = lang == "zh-TW"
    pub = view.public
    bao = pub.bao
    claim = claimable(view)
    lines = _claim_lines(view, claim, lb) if claim else []
    room = WIDTH - 2 * MARGIN
    width = TILE_MAX
    while True:
        claim_w = _claim_width(lines, width)
        total, items = _row_width(view, width, claim_w, trad)
        if total <= room or width <= TILE_MIN:
            break
        width -= 2
    g = geometry(width)
    row_top = MARGIN + HEADER_H + 10
    row_bottom = row_top + _label_h(lb) + g.size[1]
    pieces: list[HandPiece] = []
    x = MARGIN
    for i, (look, zone, gap) in enumerate(items):
        x += gap if i else 0
        w, h = geometry(look.width, look.sideways).size
        pieces.append(HandPiece(look, x, row_bottom - h, zone))
        x += w
    claim_box: Box | None = None
    if claim is not None:
        bx1 = WIDTH - MARGIN
        bx0 = bx1 - claim_w
        claim_box = (bx0, row_top - 4, bx1, row_bottom + 8)
        look = Look(claim.tile, width, bao=claim.tile == bao, last=True, trad=trad)
        tx = round((bx0 + bx1) / 2 - g.size[0] / 2)
        pieces.append(HandPiece(look, tx, row_bottom - g.size[1], "claim"))
    waits_top = row_bottom + 22
    height = waits_top
    groups: list[tuple[Box, tuple[int | None, str | None], list[HandPiece]]] = []
    if waits is not None:
        y = waits_top + 14 + 40  # the line, then the title
        wg = geometry(WAIT_TILE)
        step = wg.size[0] + 2
        tiles_x = MARGIN + CAPTION_W + 16
        per_row = max(1, (WIDTH - MARGIN - tiles_x) // step)
        if not waits:
            y += 10
        for key, tiles in _wait_groups(waits):
            rows = -(-len(tiles) // per_row)
            caption_h = 4 + CAPTION_LINE * max(1, len(_group_lines(key, lb)))
            tiles_h = rows * (wg.size[1] + 4)
            gh = max(caption_h, tiles_h) + 6
            placed = []
            for i, t in enumerate(tiles):
                r, c = divmod(i, per_row)
                look = Look(t, WAIT_TILE, bao=t == bao, trad=trad)
                placed.append(HandPiece(look, tiles_x + c * step, y + r * (wg.size[1] + 4), "wait"))
            pieces += placed
            groups.append(((MARGIN, y, WIDTH - MARGIN, y + gh), key, placed))
            y += gh + WAIT_GAP
        height = y + 8
    spots = _header_spots(lb)
    hg = geometry(HEADER_TILE)
    hy = MARGIN + (HEADER_H - hg.size[1]) // 2
    indicator = Look(pub.indicator, HEADER_TILE)
    pieces.append(HandPiece(indicator, round(spots["indicator"]), hy, "indicator"))
    bao_look = Look(bao, HEADER_TILE, bao=True, trad=trad)
    pieces.append(HandPiece(bao_look, round(spots["bao"]), hy, "bao"))
    return HandLayout((WIDTH, height), pieces, row_top, row_bottom, claim_box, waits_top, groups)


def _header_spots(lb: Labels) -> dict[str, float]:
    """x of each item of the header's right side: 跌宝 [indicator] → 宝 [bao]."""
    tile_w = geometry(HEADER_TILE).size[0]
    bao = WIDTH - MARGIN - tile_w
    bao_label = bao - 8
    arrow = bao_label - text_width(lb.bao, 26) - 10 - text_width("→", 26)
    indicator = arrow - 12 - tile_w
    return {
        "bao": round(bao),
        "bao_label": bao_label,
        "arrow": arrow,
        "indicator": round(indicator),
        "indicator_label": indicator - 10,
    }


def _paint_header(img: Image.Image, view: PlayerView, lb: Labels, *, live: bool = True) -> None:
    """The header, pasted from :func:`_header_strip` (drawn afresh while texts are recorded,
    so the record holds them)."""
    pub = view.public
    sv = pub.seats[view.seat]
    look = (sv.wind, sv.dealer, sv.to_act, sv.bao_flown, pub.live if live else None)
    if recording():
        _draw_header(ImageDraw.Draw(img), lb, *look)
    else:
        img.paste(_header_strip(lb.lang, *look), (0, 0))


@lru_cache(maxsize=256)
def _header_strip(
    lang: str, wind: int, dealer: bool, to_act: bool, bao_flown: int, live: int | None
) -> Image.Image:
    """The top of a hand picture (margin and header on the felt), drawn once per look: a
    seat's header changes only with its turn, and its text was a sixth of a picture's time."""
    img = Image.new("RGB", (WIDTH, MARGIN + HEADER_H), pal.FELT)
    _draw_header(ImageDraw.Draw(img), labels_for(lang), wind, dealer, to_act, bao_flown, live)
    return img


def _draw_header(
    draw: ImageDraw.ImageDraw,
    lb: Labels,
    seat_wind: int,
    dealer: bool,
    to_act: bool,
    bao_flown: int,
    live: int | None,
) -> None:
    """The seat's wind badge, its dealer / turn / 宝-flown pills, the live tiles (None: not
    shown) and the labels of the indicator and 宝 tiles (the tiles themselves are pieces)."""
    y = MARGIN
    wind = lb.winds[seat_wind]
    wsize = _wind_size(lb)
    badge = (MARGIN, y + 4, MARGIN + _badge_width(lb, seat_wind), y + HEADER_H - 4)
    draw.rounded_rectangle(badge, radius=10, fill=pal.FELT_DARK)
    centre = ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2)
    text(draw, centre, wind, wsize, pal.TEXT_ON_FELT, anchor="mm", within=badge)
    x: float = badge[2] + 12
    size = HEADER_TEXT
    py = y + (HEADER_H - pill_size("x", size)[1]) / 2
    for label, fg, bg in header_tags(lb, dealer, to_act, bao_flown):
        x += pill(draw, (x, py), label, size, fg, bg) + 8
    mid = y + HEADER_H / 2
    if live is not None:
        draw_live(draw, (x + 6, mid), lb, live)
    spots = _header_spots(lb)
    text(draw, (spots["indicator_label"], mid), lb.indicator, size, pal.MUTED_ON_FELT, anchor="rm")
    text(draw, (spots["arrow"], mid), "→", 26, pal.GOLD, anchor="lm")
    text(draw, (spots["bao_label"], mid), lb.bao, 26, pal.GOLD, anchor="rm")


HEADER_TEXT = MIN_TEXT + 2  # the header's pills and its count of live tiles


def _wind_size(lb: Labels) -> int:
    return 34 if lb.lang != "en" else 28


def _badge_width(lb: Labels, seat_wind: int) -> float:
    return max(HEADER_H - 8, text_width(lb.winds[seat_wind], _wind_size(lb)) + 24)


def header_tags(
    lb: Labels, dealer: bool, to_act: bool, bao_flown: int
) -> list[tuple[str, pal.RGB, pal.RGB]]:
    """The header's pills after the wind badge: (label, text colour, fill)."""
    tags = []
    if dealer:
        tags.append((lb.dealer, pal.IVORY, pal.RED))
    if to_act:
        tags.append((lb.turn, pal.INK, pal.TURN_GLOW))
    if bao_flown:
        tags.append((lb.flown.format(n=bao_flown), pal.IVORY, pal.FLOWN))
    return tags


def live_anchor(
    lb: Labels, seat_wind: int, dealer: bool, to_act: bool, bao_flown: int
) -> tuple[float, float]:
    """Where the header's count of live tiles starts (its left middle, anchor "lm"): after the
    wind badge and the pills. The panel picture draws the count apart from a cached hand, so
    both must agree on the spot."""
    x = MARGIN + _badge_width(lb, seat_wind) + 12
    for label, _, _ in header_tags(lb, dealer, to_act, bao_flown):
        x += pill_size(label, HEADER_TEXT)[0] + 8
    return x + 6, MARGIN + HEADER_H / 2


def draw_live(draw: ImageDraw.ImageDraw, xy: tuple[float, float], lb: Labels, live: int) -> None:
    """The header's count of live tiles, its left middle at ``xy``."""
    text(draw, xy, f"{lb.live} {live}", HEADER_TEXT, pal.MUTED_ON_FELT, anchor="lm")


def _paint_row_labels(
    draw: ImageDraw.ImageDraw, view: PlayerView, layout: HandLayout, lb: Labels
) -> None:
    for p in layout.pieces:
        if p.zone != "drawn":
            continue
        g = geometry(p.look.width)
        w, h = pill_size(lb.drawn, MIN_TEXT)
        cx = p.x + g.face_w / 2
        top = p.y + g.top - h - 6
        pill(draw, (cx - w / 2, top), lb.drawn, MIN_TEXT, pal.INK, pal.TURN_GLOW)
        # a glow under the drawn tile, so it reads as apart from the hand
        draw.rounded_rectangle(
            (p.x - 5, p.y + g.top - 4, p.x + g.face_w + 5, p.y + g.size[1] + 2),
            radius=8,
            outline=pal.TURN_GLOW,
            width=3,
        )
    claim = claimable(view)
    if claim is None or layout.claim_box is None:
        return
    box = layout.claim_box
    draw.rounded_rectangle(box, radius=12, fill=pal.FELT_DARK, outline=pal.LAST_DISCARD, width=4)
    inner: Box = (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4)
    for i, line in enumerate(_claim_lines(view, claim, lb)):
        ly = box[1] + 8 + i * LABEL_LINE
        cx = (box[0] + box[2]) / 2
        text(draw, (cx, ly), line, MIN_TEXT, pal.TEXT_ON_FELT, anchor="ma", within=inner)


def _paint_waits(
    draw: ImageDraw.ImageDraw, layout: HandLayout, waits: Sequence[Wait], lb: Labels
) -> None:
    top = layout.waits_top
    draw.line((MARGIN, top, WIDTH - MARGIN, top), fill=pal.FELT_LINE, width=2)
    ty = top + 14
    text(draw, (MARGIN, ty), lb.waits, 28, pal.TEXT_ON_FELT)
    if not waits:
        x = MARGIN + text_width(lb.waits, 28) + 20
        text(draw, (x, ty + 4), lb.no_waits, MIN_TEXT + 2, pal.MUTED_ON_FELT)
        return
    text(draw, (WIDTH - MARGIN, ty + 4), lb.per_payer, MIN_TEXT, pal.MUTED_ON_FELT, anchor="ra")
    for box, key, _ in layout.groups:
        value, _pattern = key
        x = MARGIN
        cell: Box = (box[0], box[1], box[0] + CAPTION_W, box[3])
        if value is not None:
            text(draw, (x, box[1] + 2), str(value), 36, pal.GOLD_LIGHT, within=cell)
            x += VALUE_W
        for i, line in enumerate(_group_lines(key, lb)):
            face = Face.REGULAR if i else Face.BOLD
            colour = pal.MUTED_ON_FELT if i or value is None else pal.TEXT_ON_FELT
            size = MIN_TEXT if i else MIN_TEXT + 2
            line = shorten(line, MARGIN + CAPTION_W - x, size, face)
            y = box[1] + 10 + i * CAPTION_LINE
            text(draw, (x, y), line, size, colour, face, within=cell)


def paint_hand(
    view: PlayerView,
    waits: Sequence[Wait] | None = None,
    *,
    lang: str = DEFAULT_LANG,
    live: bool = True,
) -> Image.Image:
    lb = labels_for(lang)
    layout = layout_hand(view, waits, lang=lang)
    img = Image.new("RGB", layout.size, pal.FELT)
    _paint_header(img, view, lb, live=live)
    draw = ImageDraw.Draw(img)
    _paint_row_labels(draw, view, layout, lb)
    if waits is not None:
        _paint_waits(draw, layout, waits, lb)
    for p in layout.pieces:
        s = sprite(p.look)
        img.paste(s, (p.x, p.y), s)
    return img


def render_hand(
    view: PlayerView,
    waits: Sequence[Wait] | None = None,
    *,
    lang: str = DEFAULT_LANG,
    live: bool = True,
) -> bytes:
    """``view``'s own hand as PNG bytes, labelled in ``lang``; ``waits`` adds the waits
    (None: no waits section, an empty list: "not waiting"). ``live=False`` leaves the count
    of live tiles out of the header: it changes with every draw at the table, so a picture
    that shows it must be drawn again at every other player's move (the bot's panels say it
    in their text instead, and redraw the picture only when the hand itself changes)."""
    return encode_png(paint_hand(view, waits, lang=lang, live=live), table_palette())


def hand_key(
    view: PlayerView,
    waits: Sequence[Wait] | None = None,
    *,
    lang: str = DEFAULT_LANG,
    live: bool = True,
) -> tuple[object, ...]:
    """Everything :func:`render_hand` draws from its arguments, and nothing else: two calls
    with equal keys draw the same picture (a cache of pictures is keyed by it). Kept beside
    the painting code: whatever the picture starts to show must be added here."""
    pub = view.public
    sv = pub.seats[view.seat]
    claim = claimable(view)
    claimer = None if claim is None else pub.seats[claim.seat].wind
    return (
        lang,
        pub.live if live else None,
        sv.wind,
        sv.dealer,
        sv.to_act,
        sv.bao_flown,
        pub.bao,
        pub.indicator,
        view.seat,
        view.concealed,
        view.drawn,
        sv.melds,
        claim,
        claimer,
        None if waits is None else tuple(waits),
    )
