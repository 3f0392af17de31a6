"""A player's private hand (sent ephemerally): their tiles large, for deciding the next move.

Concealed tiles sorted with the 宝 at the left (where players keep them), the drawn tile set
apart, then the melds; a strip on top repeats the seat wind and the 宝 with its indicator, so
the image is enough on its own. Optionally, the waits: each tile that would complete the hand
with what it is worth per payer (or that it completes the shape but is not a win).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from shangrao_bot.engine.views import PlayerView
from shangrao_bot.render import labels as L
from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import encode_png, pill, text, text_width
from shangrao_bot.render.fonts import Face
from shangrao_bot.render.melds import meld_looks
from shangrao_bot.render.tiles import Look, geometry, sprite

TILE = 60
SMALL = 30
WAIT_TILE = 40
MARGIN = 16
HEADER_H = 52
MIN_WIDTH = 940
DRAWN_GAP = 24
MELD_GAP = 14
WAIT_CELL = 84


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
    zone: str  # "bao", "indicator", "concealed", "drawn", "meld", "wait"


def _bao_first(tiles: Sequence[int], bao: int) -> list[int]:
    return sorted(tiles, key=lambda t: (t != bao, t))


def layout_hand(
    view: PlayerView, waits: Sequence[Wait] | None = None
) -> tuple[tuple[int, int], list[HandPiece]]:
    """Image size and every tile's place (tests use it to find the tiles)."""
    pub = view.public
    bao = pub.bao
    g = geometry(TILE)
    row_bottom = MARGIN + HEADER_H + g.size[1]
    pieces: list[HandPiece] = []
    x = MARGIN

    def put(look: Look, zone: str) -> None:
        nonlocal x
        w, h = sprite(look).size
        pieces.append(HandPiece(look, x, row_bottom - h, zone))
        x += w + 1

    for t in _bao_first(view.concealed, bao):
        put(Look(t, TILE, bao=t == bao), "concealed")
    if view.drawn is not None:
        x += DRAWN_GAP
        put(Look(view.drawn, TILE, bao=view.drawn == bao), "drawn")
    for record in pub.seats[view.seat].melds:
        x += MELD_GAP
        for look in meld_looks(record, view.seat, TILE, bao):
            put(look, "meld")
    width = max(MIN_WIDTH, x + MARGIN)
    height = row_bottom + 28
    if waits is not None and not waits:
        height += 56
    elif waits is not None:
        wg = geometry(WAIT_TILE)
        wy = height + 8
        per_row = max(1, (width - 2 * MARGIN - 110) // WAIT_CELL)
        rows = max(1, -(-len(waits) // per_row))
        for i, w in enumerate(waits):
            r, c = divmod(i, per_row)
            wx = MARGIN + 110 + c * WAIT_CELL + (WAIT_CELL - wg.size[0]) // 2
            look = Look(w.tile, WAIT_TILE, bao=w.tile == bao)
            pieces.append(HandPiece(look, wx, wy + r * (wg.size[1] + 44), "wait"))
        height = wy + rows * (wg.size[1] + 44) + 8
    spots = _header_spots(width)
    pieces.append(HandPiece(Look(pub.indicator, SMALL), spots["indicator"], MARGIN, "indicator"))
    pieces.append(HandPiece(Look(bao, SMALL, bao=True), spots["bao"], MARGIN, "bao"))
    return (width, height), pieces


def _header_spots(width: int) -> dict[str, int]:
    """x of each item of the header's right side: 跌宝 [indicator] → 宝 [bao]."""
    tile_w = geometry(SMALL).size[0]
    bao = width - MARGIN - tile_w
    bao_label = bao - 8
    arrow = bao_label - round(text_width(L.BAO, 22)) - 8 - round(text_width(L.ARROW, 22))
    indicator = arrow - 10 - tile_w
    return {
        "bao": bao,
        "bao_label": bao_label,
        "arrow": arrow,
        "indicator": indicator,
        "indicator_label": indicator - 8,
    }


def _paint_header(draw: ImageDraw.ImageDraw, view: PlayerView, width: int) -> None:
    pub = view.public
    sv = pub.seats[view.seat]
    y = MARGIN
    draw.rounded_rectangle((MARGIN, y, MARGIN + 40, y + 40), radius=8, fill=pal.FELT_DARK)
    text(draw, (MARGIN + 20, y + 21), L.WINDS[sv.wind], 28, pal.TEXT_ON_FELT, anchor="mm")
    x: float = MARGIN + 52
    if sv.dealer:
        x += pill(draw, (x, y + 9), L.DEALER, 14, pal.IVORY, pal.RED) + 8
    if sv.to_act:
        x += pill(draw, (x, y + 9), L.TURN, 14, pal.INK, pal.TURN_GLOW) + 8
    if sv.bao_flown:
        x += (
            pill(draw, (x, y + 9), f"{L.FLOWN}{L.TIMES}{sv.bao_flown}", 14, pal.IVORY, pal.FLOWN)
            + 8
        )
    text(draw, (x + 6, y + 28), f"{L.LIVE} {pub.live}", 18, pal.MUTED_ON_FELT, anchor="ls")
    spots = _header_spots(width)
    base = y + 30
    text(draw, (spots["indicator_label"], base), L.INDICATOR, 18, pal.MUTED_ON_FELT, anchor="rs")
    text(draw, (spots["arrow"], base), L.ARROW, 22, pal.GOLD, anchor="ls")
    text(draw, (spots["bao_label"], base), L.BAO, 22, pal.GOLD, anchor="rs")


def _paint_waits(
    draw: ImageDraw.ImageDraw, pieces: list[HandPiece], waits: Sequence[Wait], top: int
) -> None:
    spots = [p for p in pieces if p.zone == "wait"]
    if not spots:
        line = f"{L.WAITS} {L.WAITS_EN}: {L.DASH}"
        text(draw, (MARGIN, top + 28), line, 20, pal.TEXT_ON_FELT, anchor="lm")
        return
    text(draw, (MARGIN, spots[0].y + 4), f"{L.WAITS} {L.WAITS_EN}", 20, pal.TEXT_ON_FELT)
    text(draw, (MARGIN, spots[0].y + 34), L.PER_PAYER, 15, pal.MUTED_ON_FELT)
    text(draw, (MARGIN, spots[0].y + 54), L.PER_PAYER_EN, 13, pal.MUTED_ON_FELT, Face.REGULAR)
    g = geometry(WAIT_TILE)
    for p, w in zip(spots, waits, strict=True):
        cx = p.x + g.size[0] / 2
        by = p.y + g.size[1] + 4
        if w.value is None:
            text(draw, (cx, by), L.NOT_A_WIN, 14, pal.MUTED_ON_FELT, anchor="ma")
        else:
            text(draw, (cx, by - 2), str(w.value), 18, pal.GOLD_LIGHT, anchor="ma")
        if w.pattern:
            text(draw, (cx, by + 21), w.pattern, 12, pal.MUTED_ON_FELT, Face.REGULAR, anchor="ma")


def paint_hand(view: PlayerView, waits: Sequence[Wait] | None = None) -> Image.Image:
    (width, height), pieces = layout_hand(view, waits)
    img = Image.new("RGB", (width, height), pal.FELT)
    draw = ImageDraw.Draw(img)
    _paint_header(draw, view, width)
    drawn = [p for p in pieces if p.zone == "drawn"]
    if drawn:
        p = drawn[0]
        w = sprite(p.look).size[0]
        text(
            draw,
            (p.x + w / 2, p.y + sprite(p.look).size[1] + 4),
            L.DRAWN,
            16,
            pal.MUTED_ON_FELT,
            anchor="ma",
        )
    if waits is not None:
        line_y = MARGIN + HEADER_H + geometry(TILE).size[1] + 28
        draw.line((MARGIN, line_y, width - MARGIN, line_y), fill=pal.FELT_LINE, width=2)
        _paint_waits(draw, pieces, waits, line_y)
    for p in pieces:
        s = sprite(p.look)
        img.paste(s, (p.x, p.y), s)
    return img


def render_hand(view: PlayerView, waits: Sequence[Wait] | None = None) -> bytes:
    """``view``'s own hand as PNG bytes; ``waits`` adds the waits overlay (None: no overlay,
    an empty list: "no waits")."""
    return encode_png(paint_hand(view, waits))
