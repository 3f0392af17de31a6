"""Charts drawn with Pillow alone: a session's running totals and a leaderboard.

No plotting library: two simple charts do not justify a heavy dependency, and drawing them
here keeps the fonts and colours of the other images. Both are an embed's image, shown about
400 px wide, so they are 800 px wide (2×) with no label under 11 px on screen; they are drawn
at twice that again and scaled down, which gives smooth lines. Players are never named (names
may hold any script): seats (by number, 1-4) and ranks are labelled and coloured, and the embed
beside the image maps them to names (the seat colours match Discord's 🟥 🟦 🟩 🟧 squares).

Running totals: the legend (colour, seat, final total, best first) in a row above the plot, so
the lines get the whole width; about 800 × 560 (400 × 280 on screen). Leaderboard: one row per
rank, a bar for the metric and a column each for hands, wins, win rate, the biggest hand (a
dash for a player who never won a hand: their "biggest" would be their smallest loss) and 宝
flown; 800 × 940 for fifteen rows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from PIL import Image, ImageDraw

from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import (
    EMBED_DISPLAY,
    encode_png,
    min_text,
    shorten,
    signed,
    text,
    text_width,
)
from shangrao_bot.render.fonts import Face
from shangrao_bot.render.labels import DEFAULT_LANG, labels_for

S = 2  # drawn at 2x, then scaled down for smooth lines
WIDTH = 800  # the final width (400 px on screen)
DISPLAY_WIDTH = EMBED_DISPLAY
MIN_TEXT = min_text(WIDTH, DISPLAY_WIDTH)  # 22, in final pixels
DASH = "—"


def nice_ticks(lo: float, hi: float, count: int = 6) -> list[float]:
    """Round tick values (1, 2, 5 × 10^k steps) covering ``lo``..``hi``."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(1, count - 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks = []
    v = start
    while v <= hi + step * 0.5:
        ticks.append(round(v, 10))
        v += step
    if ticks[-1] < hi:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def _fmt(v: float) -> str:
    if abs(v - round(v)) < 1e-9:
        return signed(round(v)) if v else "0"
    return f"{v:.2f}"


def _finish(img: Image.Image) -> bytes:
    """Scale the 2× drawing down by averaging each 2 × 2 block (supersampling: as smooth as a
    Lanczos filter here, and five times faster)."""
    return encode_png(img.reduce(S))


# --- running totals ----------------------------------------------------------------------------

TOTALS_SIZE = (WIDTH, 560)


def running_totals(deltas: Sequence[Sequence[int]], seats: int = 4) -> list[list[int]]:
    """Per seat, the total after each hand, starting from 0 before the first."""
    out = [[0] for _ in range(seats)]
    for hand in deltas:
        for s in range(seats):
            out[s].append(out[s][-1] + hand[s])
    return out


def _legend(
    draw: ImageDraw.ImageDraw,
    names: list[str],
    series: list[list[int]],
    top: float,
) -> float:
    """The legend, best final total first, flowed in rows from ``top``; returns its bottom."""
    size = (MIN_TEXT + 2) * S
    x0, x1 = 28 * S, (WIDTH - 24) * S
    row_h = 40 * S
    order = sorted(range(len(series)), key=lambda s: -series[s][-1])
    x, y = float(x0), top
    for s in order:
        total = series[s][-1]
        name = shorten(names[s], (WIDTH // 2) * S, size)
        w = 30 * S + text_width(name, size) + 10 * S + text_width(signed(total), size)
        if x > x0 and x + w > x1:
            x, y = float(x0), y + row_h
        mid = y + row_h / 2
        draw.rounded_rectangle(
            (x, mid - 10 * S, x + 20 * S, mid + 10 * S), radius=4 * S, fill=pal.SEAT_COLOURS[s]
        )
        tx = x + 30 * S
        if name:
            tx += text(draw, (tx, mid), name, size, pal.INK, anchor="lm") + 10 * S
        colour = pal.GAIN if total > 0 else pal.LOSS if total < 0 else pal.INK_MUTED
        tx += text(draw, (tx, mid), signed(total), size, colour, anchor="lm")
        x = tx + 30 * S
    return y + row_h


def render_running_totals(
    deltas: Sequence[Sequence[int]],
    seats: int = 4,
    labels: Sequence[str] | None = None,
    *,
    lang: str = DEFAULT_LANG,
) -> bytes:
    """A line per seat of the session's running total by hand, from each hand's deltas
    (e.g. ``[r.deltas for r in session.records]``) as PNG bytes. ``seats=1`` with one-number
    deltas draws one player's trend (``/stats``); ``labels`` replace the legend's seat numbers
    (座1-座4 / Seat 1-4)."""
    lb = labels_for(lang)
    w, h = TOTALS_SIZE[0] * S, TOTALS_SIZE[1] * S
    img = Image.new("RGB", (w, h), pal.PAPER)
    draw = ImageDraw.Draw(img)
    text(draw, (28 * S, 18 * S), lb.totals_title, 30 * S, pal.INK)
    series = running_totals(deltas, seats)
    names = list(labels) if labels is not None else [lb.seat_no(s) for s in range(seats)]
    legend_bottom = _legend(draw, names, series, 62 * S)
    n = len(deltas)
    values = [v for line in series for v in line]
    ticks = nice_ticks(min(0, *values), max(0, *values), 5)
    y_lo, y_hi = ticks[0], ticks[-1]
    tick_size = MIN_TEXT * S
    label_w = max(text_width(_fmt(t), tick_size, Face.REGULAR) for t in ticks)
    left = 28 * S + label_w + 12 * S
    right = w - 30 * S
    top = legend_bottom + 40 * S
    bottom = h - 74 * S
    # the unit of the values, over their axis
    text(draw, (left, top - 12 * S), lb.points_axis, tick_size, pal.INK_MUTED, anchor="ld")

    def px(i: int) -> float:
        return left + (right - left) * (i / max(1, n))

    def py(v: float) -> float:
        return bottom - (bottom - top) * ((v - y_lo) / (y_hi - y_lo))

    for t in ticks:
        y = py(t)
        colour = pal.INK_MUTED if t == 0 else pal.PAPER_LINE
        draw.line((left, y, right, y), fill=colour, width=(2 if t == 0 else 1) * S)
        text(draw, (left - 12 * S, y), _fmt(t), tick_size, pal.INK_MUTED, Face.REGULAR, "rm")
    for t in nice_ticks(0, max(1, n), 6):
        if t > n or t != int(t):
            continue
        x = px(int(t))
        draw.line((x, bottom, x, bottom + 6 * S), fill=pal.INK_MUTED, width=S)
        text(draw, (x, bottom + 10 * S), str(int(t)), tick_size, pal.INK_MUTED, Face.REGULAR, "ma")
    draw.line((left, top, left, bottom), fill=pal.INK_MUTED, width=2 * S)
    draw.line((left, bottom, right, bottom), fill=pal.INK_MUTED, width=2 * S)
    text(draw, ((left + right) / 2, h - 12 * S), lb.hand_axis, tick_size, pal.INK, anchor="md")
    if n == 0:
        mid = ((left + right) / 2, (top + bottom) / 2)
        text(draw, mid, lb.no_data, (MIN_TEXT + 4) * S, pal.INK_MUTED, anchor="mm")
    dot = 5 * S if n <= 30 else 0
    for s, line in enumerate(series):
        colour = pal.SEAT_COLOURS[s]
        points = [(px(i), py(v)) for i, v in enumerate(line)]
        if n:
            draw.line(points, fill=colour, width=5 * S, joint="curve")
        for x, y in points if dot else ():
            draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=colour)
    return _finish(img)


# --- leaderboard -------------------------------------------------------------------------------


class BoardRowLike(Protocol):
    """What the leaderboard draws of a row (``store.stats.BoardRow`` fits)."""

    @property
    def total(self) -> int: ...
    @property
    def hands(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def biggest(self) -> int: ...
    @property
    def fei_bao(self) -> int: ...
    @property
    def average(self) -> float: ...
    @property
    def win_rate(self) -> float: ...


ROW_H = 50
MAX_ROWS = 15


def _metric(row: BoardRowLike, metric: str) -> float | None:
    """The row's value of ``metric``; None for the biggest hand of a player who never won."""
    if metric == "biggest" and row.wins == 0:
        return None
    return float(getattr(row, metric))


def _metric_text(v: float | None, metric: str) -> str:
    if v is None:
        return DASH
    if metric == "win_rate":
        return f"{v:.0%}"
    if metric == "average":
        return f"+{v:.1f}" if v > 0 else f"−{-v:.1f}" if v < 0 else "0"
    return signed(int(v))


def _columns(rows: Sequence[BoardRowLike], lang: str) -> list[tuple[str, list[str]]]:
    """The record columns: (header, a cell per row)."""
    lb = labels_for(lang)
    return [
        (lb.col_hands, [str(r.hands) for r in rows]),
        (lb.col_wins, [str(r.wins) for r in rows]),
        (lb.col_rate, [f"{r.win_rate:.0%}" for r in rows]),
        (lb.col_best, [signed(r.biggest) if r.wins else DASH for r in rows]),
        (lb.col_flown, [str(r.fei_bao) for r in rows]),
    ]


def render_leaderboard(
    rows: Sequence[BoardRowLike], metric: str = "total", *, lang: str = DEFAULT_LANG
) -> bytes:
    """Ranks (never names) with a bar per player for ``metric`` (total, average, win_rate,
    biggest) and their record; at most 15 rows, in the order given. A player who never won
    has no biggest hand: a dash, and no bar when that is the metric."""
    lb = labels_for(lang)
    if metric not in lb.metrics:
        raise ValueError(f"metric '{metric}' is not one of {', '.join(lb.metrics)}")
    shown = list(rows)[:MAX_ROWS]
    w = WIDTH * S
    size = MIN_TEXT * S
    top = 112 * S
    h = top + max(1, len(shown)) * ROW_H * S + 80 * S
    img = Image.new("RGB", (w, h), pal.PAPER)
    draw = ImageDraw.Draw(img)
    text(draw, (24 * S, 18 * S), lb.board_title, 30 * S, pal.INK)
    x = 24 * S + text_width(lb.board_title, 30 * S) + 16 * S
    text(draw, (x, 30 * S), lb.metrics[metric], (MIN_TEXT + 2) * S, pal.INK_MUTED, Face.REGULAR)
    if not shown:
        centre = (w / 2, top + 30 * S)
        text(draw, centre, lb.no_data, (MIN_TEXT + 2) * S, pal.INK_MUTED, anchor="mm")
        return _finish(img)
    # the record columns, right
    columns = _columns(shown, lang)
    col_w = [
        max(text_width(head, size), *(text_width(c, size) for c in cells)) + 16 * S
        for head, cells in columns
    ]
    col_x: list[float] = []
    x = w - 20 * S
    for cw in reversed(col_w):
        col_x.append(x)  # right edge of the column
        x -= cw
    col_x.reverse()
    record_left = x
    head_y = top - 14 * S
    for (head, _), cx in zip(columns, col_x, strict=True):
        text(draw, (cx - 8 * S, head_y), head, size, pal.INK_MUTED, anchor="rs")
    # the bars, between the ranks and the record
    values = [_metric(r, metric) for r in shown]
    known = [v for v in values if v is not None]
    lo, hi = min(0.0, *known, 0.0), max(0.0, *known, 0.0)
    if hi == lo:
        hi = lo + 1
    # the bars span the values (not the round ticks around them), the ticks inside that span
    ticks = [t for t in nice_ticks(lo, hi, 6) if lo <= t <= hi]
    label_w = max(text_width(_metric_text(v, metric), size) for v in values) + 10 * S
    bar_l = 84 * S + (label_w if lo < 0 else 0)
    bar_r = record_left - 16 * S - (label_w if hi > 0 else 0)

    def bx(v: float) -> float:
        return bar_l + (bar_r - bar_l) * ((v - lo) / (hi - lo))

    zero = bx(0)
    bottom = top + len(shown) * ROW_H * S
    for i in range(0, len(shown), 2):
        y = top + i * ROW_H * S
        draw.rectangle((16 * S, y, w - 16 * S, y + ROW_H * S), fill=(244, 239, 226))
    spans: list[tuple[float, float]] = []  # tick labels drawn, kept well apart (0 first)
    for t in sorted(ticks, key=abs):
        x = bx(t)
        draw.line((x, top, x, bottom), fill=pal.PAPER_LINE, width=S)
        label = f"{t:.0%}" if metric == "win_rate" else _fmt(t)
        half = text_width(label, size, Face.REGULAR) / 2 + 8 * S
        if all(x + half < a or x - half > b for a, b in spans):
            spans.append((x - half, x + half))
            text(draw, (x, bottom + 8 * S), label, size, pal.INK_MUTED, Face.REGULAR, "ma")
    axis = lb.metrics[metric]
    text(draw, ((bar_l + bar_r) / 2, h - 10 * S), axis, size, pal.INK, anchor="md")
    medals = (pal.GOLD, (180, 184, 192), (205, 127, 50))
    for i, v in enumerate(values):
        y = top + i * ROW_H * S
        mid = y + ROW_H * S / 2
        badge = medals[i] if i < 3 else pal.PAPER_LINE
        r = 19 * S
        draw.ellipse((44 * S - r, mid - r, 44 * S + r, mid + r), fill=badge)
        text(draw, (44 * S, mid), str(i + 1), size, pal.INK, anchor="mm")
        label = _metric_text(v, metric)
        if v is None:
            text(draw, (zero + 10 * S, mid), label, size, pal.INK_MUTED, anchor="lm")
        else:
            colour = pal.GAIN if v > 0 else pal.LOSS if v < 0 else pal.INK_MUTED
            if metric == "win_rate":
                colour = pal.BLUE
            x0, x1 = sorted((zero, bx(v)))
            draw.rounded_rectangle(
                (x0, mid - 12 * S, max(x1, x0 + 2 * S), mid + 12 * S), radius=4 * S, fill=colour
            )
            if v >= 0:
                text(draw, (max(x1, zero) + 8 * S, mid), label, size, pal.INK, anchor="lm")
            else:
                text(draw, (x0 - 8 * S, mid), label, size, pal.INK, anchor="rm")
        for (_, cells), cx in zip(columns, col_x, strict=True):
            text(draw, (cx - 8 * S, mid), cells[i], size, pal.INK_MUTED, anchor="rm")
    draw.line((zero, top, zero, bottom), fill=pal.INK_MUTED, width=2 * S)
    return _finish(img)
