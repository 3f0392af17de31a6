"""The public board: what every player at the table may see, as one PNG.

It takes a :class:`~shangrao_bot.engine.views.PublicView` and nothing else, so it cannot show a
concealed tile: hands are tile backs while the hand is on (the view holds only counts) and face
up once it is over (the view then reveals them). One band per seat, East first, so a phone
reads it top to bottom at Discord's preview width: the wind (dealer tag, turn glow, 飞宝
count), the hand and melds, the discards in order. The header shows the 跌宝 indicator beside
the 宝 it makes, the live tiles and the state of play; the footer the fairness hash.

:func:`layout_board` is separate from painting so tests can find every tile on the image.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil

from PIL import Image, ImageDraw

from shangrao_bot.engine.state import SEATS, Phase
from shangrao_bot.engine.views import PublicView, SeatView
from shangrao_bot.render import labels as L
from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import encode_png, pill, text
from shangrao_bot.render.fonts import Face
from shangrao_bot.render.melds import meld_looks
from shangrao_bot.render.tiles import BACK, Geometry, Look, geometry, sprite

WIDTH = 1152
MARGIN = 12
HEADER_H = 96
BAND_GAP = 6
WIND_COL = 84
HAND_TILE = 30  # the hands revealed at the end
MELD_TILE = 36
BACK_TILE = 24  # concealed hands while the hand is on: only their count matters
DISCARD_TILE = 44  # the largest tiles: the discards are what players read most
HEADER_TILE = 48
DISCARDS_PER_ROW = 12
TILE_GAP = 1
HAND_X = MARGIN + WIND_COL + 8
DISCARD_X = WIDTH - MARGIN - 8 - DISCARDS_PER_ROW * (geometry(DISCARD_TILE).size[0] + TILE_GAP)
HAND_W = DISCARD_X - 12 - HAND_X
MELD_GAP = 8


@dataclass(frozen=True)
class Placed:
    """One tile on the image: its look, its sprite's top-left corner, where it belongs."""

    look: Look
    x: int
    y: int
    zone: str  # "indicator", "bao", "hand", "meld", "discard"
    seat: int | None = None


@dataclass
class BoardLayout:
    size: tuple[int, int]
    bands: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)  # seat -> box
    tiles: list[Placed] = field(default_factory=list)
    footer_y: int = 0


def _discard_rows(view: PublicView) -> int:
    most = max(len(s.discards) for s in view.seats)
    return max(2, ceil(most / DISCARDS_PER_ROW))


def _row(looks: list[Look], x: int, bottom: int, zone: str, seat: int, out: list[Placed]) -> int:
    """Place looks left to right with their bottoms on ``bottom``; returns the next x."""
    for lk in looks:
        w, h = sprite(lk).size
        out.append(Placed(lk, x, bottom - h, zone, seat))
        x += w + TILE_GAP
    return x


def _looks_width(looks: list[Look]) -> int:
    return sum(sprite(lk).size[0] + TILE_GAP for lk in looks)


def _layout_seat(view: PublicView, sv: SeatView, top: int, out: list[Placed]) -> None:
    line1 = top + 8 + geometry(HAND_TILE if view.revealed else BACK_TILE).size[1]
    line2 = line1 + 6 + geometry(MELD_TILE).size[1]
    if view.revealed is not None:
        revealed = _bao_first(view.revealed[sv.seat], view.bao)
        hand = [Look(t, HAND_TILE, bao=t == view.bao) for t in revealed]
    else:
        hand = [Look(BACK, BACK_TILE)] * sv.concealed_count
    x1 = _row(hand, HAND_X, line1, "hand", sv.seat, out) + MELD_GAP
    x2 = HAND_X
    for record in sv.melds:
        looks = meld_looks(record, sv.seat, MELD_TILE, view.bao)
        w = _looks_width(looks)
        if x2 + w <= HAND_X + HAND_W:
            x2 = _row(looks, x2, line2, "meld", sv.seat, out) + MELD_GAP
        else:
            x1 = _row(looks, x1, line1, "meld", sv.seat, out) + MELD_GAP
    g = geometry(DISCARD_TILE)
    step_y = _row_step(g)
    for i, d in enumerate(sv.discards):
        is_last = view.latest_discarder == sv.seat and i == len(sv.discards) - 1
        look = Look(
            d.tile,
            DISCARD_TILE,
            bao=d.tile == view.bao,
            dim=d.claimed_by is not None,
            flown=d.flown,
            last=is_last,
        )
        r, c = divmod(i, DISCARDS_PER_ROW)
        x = DISCARD_X + c * (g.size[0] + TILE_GAP)
        out.append(Placed(look, x, top + 6 + r * step_y, "discard", sv.seat))


def _bao_first(tiles: tuple[int, ...], bao: int) -> list[int]:
    """Players keep their 宝 at the left of the hand; the rest sorted."""
    return sorted(tiles, key=lambda t: (t != bao, t))


def seat_order(view: PublicView) -> list[int]:
    """Seats by wind, East (the dealer) first."""
    return [(view.dealer + i) % SEATS for i in range(SEATS)]


def _row_step(g: Geometry) -> int:
    """Rows of discards overlap by the transparent badge margin, never by a solid pixel: the
    next row's sprite starts one pixel below this row's tile (its shadow may be covered)."""
    return g.size[1] - g.pad + 1


def layout_board(view: PublicView) -> BoardLayout:
    rows = _discard_rows(view)
    g = geometry(DISCARD_TILE)
    band_h = 6 + _row_step(g) * (rows - 1) + g.size[1] + 6
    footer_h = 50 if view.seed else 30
    height = MARGIN + HEADER_H + SEATS * (band_h + BAND_GAP) + footer_h
    layout = BoardLayout((WIDTH, height))
    hg = geometry(HEADER_TILE)
    ty = MARGIN + (HEADER_H - hg.size[1]) // 2 + 2
    layout.tiles.append(Placed(Look(view.indicator, HEADER_TILE), MARGIN + 84, ty, "indicator"))
    layout.tiles.append(Placed(Look(view.bao, HEADER_TILE, bao=True), MARGIN + 246, ty, "bao"))
    y = MARGIN + HEADER_H
    for seat in seat_order(view):
        layout.bands[seat] = (MARGIN, y, WIDTH - MARGIN, y + band_h)
        _layout_seat(view, view.seats[seat], y, layout.tiles)
        y += band_h + BAND_GAP
    layout.footer_y = y
    return layout


# --- painting ----------------------------------------------------------------------------------


def _status(view: PublicView) -> tuple[str, str]:
    """The header's two lines: the state of play, then the rules in force."""
    winds = {s.seat: L.WINDS[s.wind] for s in view.seats}
    if view.phase is Phase.OVER and view.result is not None:
        if view.result.wins:
            who = " ".join(winds[w.seat] for w in view.result.wins)
            w0 = view.result.wins[0]
            how, pattern = L.HOW[w0.how], w0.score.pattern or ""
            line = f"{who} {L.WINNER} {L.DOT} {'' if how in pattern else how} {pattern}"
        else:
            line = f"{L.OUTCOMES[view.result.outcome]}  {L.EXHAUSTED_EN.split(':')[0]}"
    elif view.phase is Phase.CLAIM:
        line = f"{winds[view.current]} {L.ARROW} {L.CLAIM_WINDOW}"
    elif view.phase is Phase.ROB:
        line = f"{winds[view.current]} {L.ARROW} {L.ROB_WINDOW}"
    else:
        line = f"{L.TURN} {winds[view.current]}"
    preset = view.rules.preset.value
    sub = f"{L.PRESETS.get(preset, preset)} {preset} {L.DOT} {L.STAKE} {view.rules.stake}"
    sub += f" {L.DOT} move {view.sequence}"
    return line, sub


def _paint_header(draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    y = MARGIN
    draw.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + HEADER_H - 8), radius=12, fill=pal.FELT_DARK
    )
    mid = y + (HEADER_H - 8) / 2
    text(draw, (MARGIN + 12, mid - 4), L.INDICATOR, 22, pal.TEXT_ON_FELT, anchor="ls")
    text(draw, (MARGIN + 12, mid + 16), L.INDICATOR_EN, 13, pal.MUTED_ON_FELT, Face.REGULAR, "ls")
    text(draw, (MARGIN + 150, mid + 4), L.ARROW, 30, pal.GOLD, anchor="lm")
    text(draw, (MARGIN + 190, mid - 4), L.BAO, 26, pal.GOLD, anchor="ls")
    text(draw, (MARGIN + 190, mid + 16), L.BAO_EN, 13, pal.MUTED_ON_FELT, Face.REGULAR, "ls")
    line, sub = _status(view)
    text(draw, (MARGIN + 330, mid - 6), line, 26, pal.TEXT_ON_FELT, anchor="ls")
    text(draw, (MARGIN + 330, mid + 20), sub, 15, pal.MUTED_ON_FELT, Face.REGULAR, "ls")
    right = WIDTH - MARGIN - 16
    text(draw, (right, mid + 12), str(view.live), 44, pal.TEXT_ON_FELT, anchor="rs")
    text(draw, (right - 100, mid - 8), L.LIVE, 18, pal.TEXT_ON_FELT, anchor="rs")
    text(draw, (right - 100, mid + 12), L.LIVE_EN, 13, pal.MUTED_ON_FELT, Face.REGULAR, "rs")


def _paint_band(
    draw: ImageDraw.ImageDraw, view: PublicView, sv: SeatView, box: tuple[int, int, int, int]
) -> None:
    x0, y0, _x1, y1 = box
    winner = view.result is not None and any(w.seat == sv.seat for w in view.result.wins)
    fill = pal.PANEL_TURN if sv.to_act else pal.PANEL
    outline = pal.GOLD if winner else (pal.TURN_GLOW if sv.to_act else None)
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=outline, width=3 if outline else 0)
    # the wind square, with the dealer tag and the turn marker
    sx, sy = x0 + 10, y0 + 10
    draw.rounded_rectangle((sx, sy, sx + 64, sy + 64), radius=10, fill=pal.FELT_DARK)
    text(draw, (sx + 32, sy + 33), L.WINDS[sv.wind], 44, pal.TEXT_ON_FELT, anchor="mm")
    if sv.dealer:
        draw.ellipse((sx + 48, sy - 6, sx + 72, sy + 18), fill=pal.RED)
        text(draw, (sx + 60, sy + 6), L.DEALER, 15, pal.IVORY, anchor="mm")
    ty = sy + 72
    if winner:
        pill(draw, (sx, ty), L.WIN, 15, pal.INK, pal.GOLD)
        ty += 26
    elif sv.to_act:
        pill(draw, (sx, ty), L.TURN, 13, pal.INK, pal.TURN_GLOW)
        ty += 26
    if sv.bao_flown:
        pill(draw, (sx, ty), f"{L.FLOWN}{L.TIMES}{sv.bao_flown}", 13, pal.IVORY, pal.FLOWN)
    # a faint line between hand and discards
    draw.line((DISCARD_X - 6, y0 + 10, DISCARD_X - 6, y1 - 10), fill=pal.FELT_LINE, width=2)


def _paint_footer(draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> None:
    text(
        draw,
        (MARGIN + 4, y + 4),
        f"{L.HASH} {view.commitment}",
        13,
        pal.MUTED_ON_FELT,
        Face.REGULAR,
    )
    if view.seed:
        text(
            draw,
            (MARGIN + 4, y + 24),
            f"{L.SEED}   {view.seed}",
            13,
            pal.MUTED_ON_FELT,
            Face.REGULAR,
        )


def paint_board(view: PublicView, layout: BoardLayout) -> Image.Image:
    img = Image.new("RGB", layout.size, pal.FELT)
    draw = ImageDraw.Draw(img)
    _paint_header(draw, view)
    for seat, box in layout.bands.items():
        _paint_band(draw, view, view.seats[seat], box)
    _paint_footer(draw, view, layout.footer_y)
    for p in layout.tiles:
        s = sprite(p.look)
        img.paste(s, (p.x, p.y), s)
    return img


def render_board(view: PublicView) -> bytes:
    """The public board as PNG bytes (pure: the same view always gives the same bytes)."""
    return encode_png(paint_board(view, layout_board(view)))
