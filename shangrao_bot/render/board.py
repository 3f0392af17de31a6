"""The public board: what every player at the table may see, as one PNG.

It takes a :class:`~shangrao_bot.engine.views.PublicView` and nothing else, so it cannot show a
concealed tile: hands are tile backs while the hand is on (the view holds only counts) and face
up once it is over (the view then reveals them).

Designed for the width Discord shows it at: the board is a message attachment, shown about
550 px wide, so it is drawn 1100 px wide (2×, sharp on phones) and every size below is chosen
at that scale: no label under 11 px on screen, discards 28 px wide on screen.

Layout: stacked bands, one per seat, East (the dealer) first, so the board reads top to bottom
in turn order. A 2×2 grid was the other choice; at 550 px it halves the width a seat gets and
shrinks every tile to some 19 px on screen, while a full-width band gives a seat's discards
fifteen tiles a row and keeps melds as large as discards, and the image stays portrait, as a
phone wants it. Each band has a narrow column with the wind and the seat's tags (庄, whose turn
or who won, 飞宝 count), then two parts stacked: the hand (backs, or face up at the end) and
the melds on one row, the discards in rows of fifteen below. A board grows by a row of
discards per band when a seat discards its sixteenth tile (once a hand, rarely twice). Rarely —
four kongs, or a revealed hand with many melds — the hand row does not fit at full size: it
shrinks to fit its own part, and nothing ever spills into the discards. The header holds the
跌宝 indicator beside the 宝 it makes, the state of play with the rules, and the live tiles;
the footer the fairness hash (and the seed once the hand is over). The image is 1100 × 1060
(550 × 530 on screen) with one row of discards, 1100 × 1450 with two.

:func:`layout_board` is separate from painting so tests can find every tile on the image and
the part of the board it belongs to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from math import ceil

from PIL import Image, ImageDraw

from shangrao_bot.catalog.fields import term
from shangrao_bot.engine.hand_records import SEATS, Phase
from shangrao_bot.engine.views import PublicView, SeatView
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
from shangrao_bot.render.fixed_palette import table_palette
from shangrao_bot.render.fonts import Face
from shangrao_bot.render.labels import DEFAULT_LANG, Labels, labels_for
from shangrao_bot.render.melds import meld_looks
from shangrao_bot.render.tiles import BACK, Look, geometry, sprite

WIDTH = 1100
DISPLAY_WIDTH = ATTACHMENT_DISPLAY
MIN_TEXT = min_text(WIDTH, DISPLAY_WIDTH)  # 22
MARGIN = 12
HEADER_H = 132
FOOTER_LINE = 32
BAND_GAP = 8
BAND_PAD = 9
SIDE_W = 112  # the wind column
BADGE_H = 60
SIDE_GAP = 10
DISCARD_TILE = 56  # the discards: what players read most
MELD_TILE = DISCARD_TILE  # melds and hands revealed at the end: as large as the discards
BACK_TILE = 34  # concealed hands while the hand is on: only their count matters
HEADER_TILE = 50
DISCARDS_PER_ROW = 15
TILE_GAP = 1
MELD_GAP = 12
ROW_GAP = 6
TILES_X = MARGIN + BAND_PAD + SIDE_W + SIDE_GAP
TILES_W = WIDTH - MARGIN - BAND_PAD - TILES_X


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
    #: the part of the board each tile belongs to: ("row", seat) holds the hand and melds,
    #: ("discards", seat) the discards, ("header", None) the indicator and the 宝
    parts: dict[tuple[str, int | None], tuple[int, int, int, int]] = field(default_factory=dict)
    tiles: list[Placed] = field(default_factory=list)
    footer_y: int = 0


def seat_order(view: PublicView) -> list[int]:
    """Seats by wind, East (the dealer) first."""
    return [(view.dealer + i) % SEATS for i in range(SEATS)]


def _bao_first(tiles: tuple[int, ...], bao: int) -> list[int]:
    """Players keep their 宝 at the left of the hand; the rest sorted."""
    return sorted(tiles, key=lambda t: (t != bao, t))


def _row_step() -> int:
    """Rows of discards overlap by the transparent badge margin, never by a solid pixel: the
    next row's face starts below this row's tile (only its shadow may be covered)."""
    g = geometry(DISCARD_TILE)
    return g.size[1] - g.pad + 1


def _discard_rows(view: PublicView) -> int:
    most = max(len(s.discards) for s in view.seats)
    return max(1, ceil(most / DISCARDS_PER_ROW))


def _width(look: Look) -> int:
    return geometry(look.width, look.sideways).size[0]


Shown = Mapping[int, tuple[int, ...]]  # seat -> concealed tiles drawn face up (replays)


def _row_looks(
    view: PublicView, sv: SeatView, trad: bool, shown: Shown | None = None
) -> list[list[tuple[Look, str]]]:
    """The hand row of a seat at full size, as groups (the hand, then each meld)."""
    bao = view.bao
    face_up = view.revealed[sv.seat] if view.revealed is not None else None
    if face_up is None and shown is not None:
        face_up = shown.get(sv.seat)
    if face_up is not None:
        tiles = _bao_first(face_up, bao)
        hand = [(Look(t, MELD_TILE, bao=t == bao, trad=trad), "hand") for t in tiles]
    else:
        hand = [(Look(BACK, BACK_TILE), "hand")] * sv.concealed_count
    groups = [hand] if hand else []
    for record in sv.melds:
        looks = meld_looks(record, sv.seat, MELD_TILE, bao)
        groups.append([(lk._replace(trad=trad), "meld") for lk in looks])
    return groups


def _groups_width(groups: list[list[tuple[Look, str]]]) -> int:
    tiles = sum(_width(lk) + TILE_GAP for g in groups for lk, _ in g)
    return tiles + MELD_GAP * max(0, len(groups) - 1)


def _fit_row(groups: list[list[tuple[Look, str]]]) -> list[list[tuple[Look, str]]]:
    """The groups at full size, or every face-up tile narrower until the row fits its part."""
    width = MELD_TILE
    fitted = groups
    while _groups_width(fitted) > TILES_W and width > 12:
        width -= 2
        fitted = [
            [(lk._replace(width=min(lk.width, width)), zone) for lk, zone in g] for g in groups
        ]
    return fitted


def _layout_seat(
    view: PublicView,
    sv: SeatView,
    top: int,
    rows: int,
    trad: bool,
    layout: BoardLayout,
    shown: Shown | None = None,
) -> None:
    row_h = geometry(MELD_TILE).size[1]
    row_top = top + BAND_PAD
    bottom = row_top + row_h
    layout.parts[("row", sv.seat)] = (TILES_X, row_top, TILES_X + TILES_W, bottom)
    x = TILES_X
    for group in _fit_row(_row_looks(view, sv, trad, shown)):
        for lk, zone in group:
            w, h = geometry(lk.width, lk.sideways).size
            layout.tiles.append(Placed(lk, x, bottom - h, zone, sv.seat))
            x += w + TILE_GAP
        x += MELD_GAP
    g = geometry(DISCARD_TILE)
    d_top = bottom + ROW_GAP
    step = _row_step()
    layout.parts[("discards", sv.seat)] = (
        TILES_X,
        d_top,
        TILES_X + TILES_W,
        d_top + step * (rows - 1) + g.size[1],
    )
    for i, look in enumerate(discard_looks(view, sv.seat, DISCARD_TILE, trad)):
        r, c = divmod(i, DISCARDS_PER_ROW)
        xd = TILES_X + c * (g.size[0] + TILE_GAP)
        layout.tiles.append(Placed(look, xd, d_top + r * step, "discard", sv.seat))


def discard_looks(view: PublicView, seat: int, width: int, trad: bool) -> list[Look]:
    """A seat's discards as drawn ``width`` px wide: claimed ones dimmed, a flown 宝 tagged, the
    table's newest discard ringed (the board's and the panel's table alike)."""
    discards = view.seats[seat].discards
    return [
        Look(
            d.tile,
            width,
            bao=d.tile == view.bao,
            dim=d.claimed_by is not None,
            flown=d.flown,
            last=view.latest_discarder == seat and i == len(discards) - 1,
            trad=trad,
        )
        for i, d in enumerate(discards)
    ]


def _band_height(rows: int) -> int:
    g = geometry(DISCARD_TILE)
    return (
        BAND_PAD
        + geometry(MELD_TILE).size[1]
        + ROW_GAP
        + _row_step() * (rows - 1)
        + g.size[1]
        + BAND_PAD
    )


def _header_columns(lb: Labels) -> tuple[int, int, int]:
    """x of the indicator column, of the 宝 column, and the width of each column."""
    tile_w = geometry(HEADER_TILE).size[0]
    col = max(
        tile_w,
        round(text_width(lb.indicator, MIN_TEXT)),
        round(text_width(lb.bao_caption, MIN_TEXT)),
    )
    x_ind = MARGIN + 16
    x_bao = x_ind + col + round(text_width("→", 30)) + 20
    return x_ind, x_bao, col


def layout_board(
    view: PublicView, *, lang: str = DEFAULT_LANG, shown: Shown | None = None
) -> BoardLayout:
    """Where every tile of the board goes (its parts and bands too), in ``lang``'s labels.
    ``shown``: concealed hands to draw face up although the hand is on — for replays of a
    finished hand only, whose end revealed them; a live board never passes it."""
    lb = labels_for(lang)
    trad = lang == "zh-TW"
    rows = _discard_rows(view)
    band_h = _band_height(rows)
    footer_h = FOOTER_LINE * (2 if view.seed else 1) + 12
    height = MARGIN + HEADER_H + BAND_GAP + SEATS * (band_h + BAND_GAP) + footer_h
    layout = BoardLayout((WIDTH, height))
    hg = geometry(HEADER_TILE)
    ty = MARGIN + HEADER_H - 12 - hg.size[1]
    x_ind, x_bao, col = _header_columns(lb)
    header_tiles = (x_ind, ty, x_bao + col, ty + hg.size[1])
    layout.parts[("header", None)] = header_tiles
    dx = (col - hg.size[0]) // 2
    layout.tiles.append(Placed(Look(view.indicator, HEADER_TILE), x_ind + dx, ty, "indicator"))
    bao_look = Look(view.bao, HEADER_TILE, bao=True, trad=trad)
    layout.tiles.append(Placed(bao_look, x_bao + dx, ty, "bao"))
    y = MARGIN + HEADER_H + BAND_GAP
    for seat in seat_order(view):
        layout.bands[seat] = (MARGIN, y, WIDTH - MARGIN, y + band_h)
        _layout_seat(view, view.seats[seat], y, rows, trad, layout, shown)
        y += band_h + BAND_GAP
    layout.footer_y = y
    return layout


# --- painting ----------------------------------------------------------------------------------


def _wind(lb: Labels, view: PublicView, seat: int) -> str:
    return lb.winds[view.seats[seat].wind]


def _status(view: PublicView, lb: Labels, lang: str) -> tuple[str, str]:
    """The header's two lines: the state of play, then the rules in force."""
    if view.phase is Phase.OVER and view.result is not None:
        if view.result.wins:
            who = lb.join.join(_wind(lb, view, w.seat) for w in view.result.wins)
            many = len(view.result.wins) > 1
            line = (lb.status_won_many if many else lb.status_won).format(who=who)
            w0 = view.result.wins[0]
            pattern = w0.score.pattern or ""
            if pattern and lb.how[w0.how] not in term(pattern, lang):
                line += f" · {lb.how[w0.how]}"
            if pattern:
                line += f" · {term(pattern, lang)}"
        else:
            line = lb.exhausted
    elif view.phase is Phase.CLAIM:
        line = lb.status_claim.format(who=_wind(lb, view, view.current))
    elif view.phase is Phase.ROB:
        line = lb.status_rob.format(who=_wind(lb, view, view.current))
    else:
        line = lb.status_turn.format(who=_wind(lb, view, view.current))
    preset = view.rules.preset.value
    sub = lb.rules_line.format(
        preset=lb.presets.get(preset, preset), stake=view.rules.stake, move=view.sequence
    )
    return line, sub


def _paint_header(draw: ImageDraw.ImageDraw, view: PublicView, lb: Labels, lang: str) -> None:
    box: Box = (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H)
    draw.rounded_rectangle(box, radius=14, fill=pal.FELT_DARK)
    x_ind, x_bao, col = _header_columns(lb)
    cap_y = MARGIN + 12
    text(draw, (x_ind + col / 2, cap_y), lb.indicator, MIN_TEXT, pal.MUTED_ON_FELT, anchor="ma")
    text(draw, (x_bao + col / 2, cap_y), lb.bao_caption, MIN_TEXT, pal.GOLD, anchor="ma")
    hg = geometry(HEADER_TILE)
    mid = MARGIN + HEADER_H - 12 - hg.size[1] / 2
    text(draw, ((x_ind + col + x_bao) / 2, mid), "→", 30, pal.GOLD, anchor="mm")
    # the live tiles, right
    right = WIDTH - MARGIN - 18
    live_w = max(text_width(lb.live, MIN_TEXT), text_width("00", 48))
    text(draw, (right, cap_y), lb.live, MIN_TEXT, pal.MUTED_ON_FELT, anchor="ra")
    text(draw, (right, MARGIN + HEADER_H - 16), str(view.live), 48, pal.TEXT_ON_FELT, anchor="rs")
    # the state of play, between
    line, sub = _status(view, lb, lang)
    left = x_bao + col + 28
    room = right - live_w - 24 - left
    area: Box = (left, MARGIN, left + room, MARGIN + HEADER_H)
    size = fit_size(line, room, 32, MIN_TEXT)
    line = shorten(line, room, size)
    text(draw, (left, MARGIN + 62), line, size, pal.TEXT_ON_FELT, anchor="ls", within=area)
    sub = shorten(sub, room, MIN_TEXT, Face.REGULAR)
    text(
        draw,
        (left, MARGIN + 104),
        sub,
        MIN_TEXT,
        pal.MUTED_ON_FELT,
        Face.REGULAR,
        "ls",
        within=area,
    )


def _paint_band(
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    sv: SeatView,
    box: tuple[int, int, int, int],
    lb: Labels,
) -> None:
    x0, y0, _x1, _y1 = box
    winner = view.result is not None and any(w.seat == sv.seat for w in view.result.wins)
    fill = pal.PANEL_TURN if sv.to_act else pal.PANEL
    outline = pal.GOLD if winner else (pal.TURN_GLOW if sv.to_act else None)
    draw.rounded_rectangle(box, radius=12, fill=fill, outline=outline, width=4 if outline else 0)
    # the wind, then the seat's tags, in the column at the left
    cx0 = x0 + BAND_PAD
    column: Box = (cx0, y0 + BAND_PAD, cx0 + SIDE_W, box[3] - BAND_PAD)
    badge = (cx0, y0 + BAND_PAD, cx0 + SIDE_W, y0 + BAND_PAD + BADGE_H)
    draw.rounded_rectangle(badge, radius=12, fill=pal.FELT_DARK)
    wind = lb.winds[sv.wind]
    size = fit_size(wind, SIDE_W - 12, 46 if lb.lang != "en" else 32, MIN_TEXT)
    mid = ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2)
    text(draw, mid, wind, size, pal.TEXT_ON_FELT, anchor="mm", within=badge)
    tags = []
    if sv.dealer:
        tags.append((lb.dealer, pal.IVORY, pal.RED))
    if winner:
        tags.append((lb.won, pal.INK, pal.GOLD))
    elif sv.to_act:
        tags.append((lb.turn, pal.INK, pal.TURN_GLOW))
    if sv.bao_flown:
        tags.append((lb.flown.format(n=sv.bao_flown), pal.IVORY, pal.FLOWN))
    ty = badge[3] + 7
    for label, fg, bg in tags:
        tsize = fit_size(label, SIDE_W - MIN_TEXT, MIN_TEXT + 2, MIN_TEXT)
        w, h = pill_size(label, tsize)
        pill(draw, (cx0 + (SIDE_W - w) / 2, ty), label, tsize, fg, bg, within=column)
        ty += round(h) + 5


def _paint_footer(draw: ImageDraw.ImageDraw, view: PublicView, y: int, lb: Labels) -> None:
    lines = [f"{lb.hash}  {view.commitment}"]
    if view.seed:
        lines.append(f"{lb.seed}  {view.seed}")
    for i, line in enumerate(lines):
        line = shorten(line, WIDTH - 2 * MARGIN - 8, MIN_TEXT, Face.REGULAR)
        ly = y + 4 + i * FOOTER_LINE
        text(draw, (MARGIN + 4, ly), line, MIN_TEXT, pal.MUTED_ON_FELT, Face.REGULAR)


def paint_board(
    view: PublicView, layout: BoardLayout | None = None, *, lang: str = DEFAULT_LANG
) -> Image.Image:
    lb = labels_for(lang)
    layout = layout or layout_board(view, lang=lang)
    img = Image.new("RGB", layout.size, pal.FELT)
    draw = ImageDraw.Draw(img)
    _paint_header(draw, view, lb, lang)
    for seat, box in layout.bands.items():
        _paint_band(draw, view, view.seats[seat], box, lb)
    _paint_footer(draw, view, layout.footer_y, lb)
    for p in layout.tiles:
        s = sprite(p.look)
        img.paste(s, (p.x, p.y), s)
    return img


def render_board(view: PublicView, *, lang: str = DEFAULT_LANG) -> bytes:
    """The public board as PNG bytes, labelled in ``lang`` ("en", "zh-CN" or "zh-TW"); pure:
    the same view and language always give the same bytes."""
    img = paint_board(view, layout_board(view, lang=lang), lang=lang)
    return encode_png(img, table_palette())
