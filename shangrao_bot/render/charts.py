"""Charts drawn with Pillow alone: a session's running totals and a leaderboard.

No plotting library: two simple charts do not justify a heavy dependency, and drawing them
here keeps the fonts and colours of the other images. Both are drawn at 2× and scaled down,
which gives smooth lines. Players are never named (names may hold any script): seats and ranks
are labelled and coloured, and the embed beside the image maps them to names (the seat colours
match Discord's 🟥 🟦 🟩 🟧 squares).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from PIL import Image, ImageDraw

from shangrao_bot.render import labels as L
from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import encode_png, signed, text, text_width
from shangrao_bot.render.fonts import Face

S = 2  # drawn at 2x, then scaled down for smooth lines


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
    small = img.resize((img.width // S, img.height // S), Image.Resampling.LANCZOS)
    return encode_png(small)


# --- running totals ----------------------------------------------------------------------------

TOTALS_SIZE = (1000, 560)


def running_totals(deltas: Sequence[Sequence[int]], seats: int = 4) -> list[list[int]]:
    """Per seat, the total after each hand, starting from 0 before the first."""
    out = [[0] for _ in range(seats)]
    for hand in deltas:
        for s in range(seats):
            out[s].append(out[s][-1] + hand[s])
    return out


def render_running_totals(
    deltas: Sequence[Sequence[int]], seats: int = 4, labels: Sequence[str] | None = None
) -> bytes:
    """A line per seat of the session's running total by hand, from each hand's deltas
    (e.g. ``[r.deltas for r in session.records]``) as PNG bytes. ``seats=1`` with one-number
    deltas draws one player's trend (``/stats``); ``labels`` replace the legend's 座0-座3."""
    w, h = TOTALS_SIZE[0] * S, TOTALS_SIZE[1] * S
    img = Image.new("RGB", (w, h), pal.PAPER)
    draw = ImageDraw.Draw(img)
    text(draw, (28 * S, 22 * S), L.TOTALS_TITLE, 28 * S, pal.INK)
    tw = text_width(L.TOTALS_TITLE, 28 * S)
    text(draw, (28 * S + tw + 12 * S, 33 * S), L.TOTALS_EN, 16 * S, pal.INK_MUTED, Face.REGULAR)
    left, top, right, bottom = 86 * S, 80 * S, w - 150 * S, h - 70 * S
    series = running_totals(deltas, seats)
    names = list(labels) if labels is not None else [f"{L.SEAT_ZH}{s}" for s in range(seats)]
    n = len(deltas)
    values = [v for line in series for v in line]
    ticks = nice_ticks(min(0, *values), max(0, *values))
    y_lo, y_hi = ticks[0], ticks[-1]

    def px(i: int) -> float:
        return left + (right - left) * (i / max(1, n))

    def py(v: float) -> float:
        return bottom - (bottom - top) * ((v - y_lo) / (y_hi - y_lo))

    for t in ticks:
        y = py(t)
        colour = pal.INK_MUTED if t == 0 else pal.PAPER_LINE
        draw.line((left, y, right, y), fill=colour, width=(2 if t == 0 else 1) * S)
        text(draw, (left - 10 * S, y), _fmt(t), 14 * S, pal.INK_MUTED, Face.REGULAR, "rm")
    for t in nice_ticks(0, max(1, n), 8):
        if t > n or t != int(t):
            continue
        x = px(int(t))
        draw.line((x, bottom, x, bottom + 6 * S), fill=pal.INK_MUTED, width=S)
        text(draw, (x, bottom + 10 * S), str(int(t)), 14 * S, pal.INK_MUTED, Face.REGULAR, "ma")
    draw.line((left, top, left, bottom), fill=pal.INK_MUTED, width=2 * S)
    draw.line((left, bottom, right, bottom), fill=pal.INK_MUTED, width=2 * S)
    text(draw, ((left + right) / 2, h - 26 * S), L.HAND_AXIS, 15 * S, pal.INK, anchor="mm")
    axis = Image.new("RGBA", (int(text_width(L.POINTS_AXIS, 15 * S)) + 8, 24 * S), (0, 0, 0, 0))
    text(ImageDraw.Draw(axis), (4, 0), L.POINTS_AXIS, 15 * S, pal.INK)
    axis = axis.rotate(90, expand=True)
    img.paste(axis, (14 * S, int((top + bottom) / 2 - axis.height / 2)), axis)
    if n == 0:
        text(
            draw,
            ((left + right) / 2, (top + bottom) / 2),
            L.NO_DATA,
            20 * S,
            pal.INK_MUTED,
            anchor="mm",
        )
    dot = 4 * S if n <= 40 else 0
    for s, line in enumerate(series):
        colour = pal.SEAT_COLOURS[s]
        points = [(px(i), py(v)) for i, v in enumerate(line)]
        if n:
            draw.line(points, fill=colour, width=4 * S, joint="curve")
        for x, y in points if dot else ():
            draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=colour)
    # legend: seat, colour, final total; ordered by final total
    order = sorted(range(len(series)), key=lambda s: -series[s][-1])
    for i, s in enumerate(order):
        y = top + 10 * S + i * 44 * S
        x = right + 24 * S
        draw.rounded_rectangle(
            (x, y, x + 18 * S, y + 18 * S), radius=4 * S, fill=pal.SEAT_COLOURS[s]
        )
        text(draw, (x + 26 * S, y + 9 * S), names[s], 16 * S, pal.INK, anchor="lm")
        total = series[s][-1]
        colour = pal.GAIN if total > 0 else pal.LOSS if total < 0 else pal.INK_MUTED
        text(draw, (x + 26 * S, y + 30 * S), signed(total), 18 * S, colour, anchor="lm")
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


BOARD_WIDTH = 1000
ROW_H = 52
MAX_ROWS = 15


def _metric(row: BoardRowLike, metric: str) -> float:
    return float(getattr(row, metric))


def _metric_text(v: float, metric: str) -> str:
    if metric == "win_rate":
        return f"{v:.0%}"
    if metric == "average":
        return f"+{v:.1f}" if v > 0 else f"−{-v:.1f}" if v < 0 else "0"
    return signed(int(v))


def render_leaderboard(rows: Sequence[BoardRowLike], metric: str = "total") -> bytes:
    """Ranks (never names) with a bar per player for ``metric`` (total, average, win_rate,
    biggest) and their record; at most 15 rows, in the order given."""
    if metric not in L.METRICS:
        raise ValueError(f"metric '{metric}' is not one of {', '.join(L.METRICS)}")
    shown = list(rows)[:MAX_ROWS]
    w = BOARD_WIDTH * S
    h = (110 + max(1, len(shown)) * ROW_H + 60) * S
    img = Image.new("RGB", (w, h), pal.PAPER)
    draw = ImageDraw.Draw(img)
    text(draw, (28 * S, 22 * S), L.BOARD_TITLE, 28 * S, pal.INK)
    x = 28 * S + text_width(L.BOARD_TITLE, 28 * S) + 12 * S
    sub = f"{L.BOARD_EN} {L.DOT} {L.METRICS[metric]} {L.METRICS_EN[metric]}"
    text(draw, (x, 33 * S), sub, 16 * S, pal.INK_MUTED, Face.REGULAR)
    top = 90 * S
    bar_l, bar_r = 110 * S, 600 * S
    if not shown:
        text(draw, (w / 2, top + 30 * S), L.NO_DATA, 20 * S, pal.INK_MUTED, anchor="mm")
        return _finish(img)
    values = [_metric(r, metric) for r in shown]
    ticks = nice_ticks(min(0.0, *values), max(0.0, *values), 5)
    lo, hi = ticks[0], ticks[-1]

    def bx(v: float) -> float:
        return bar_l + (bar_r - bar_l) * ((v - lo) / (hi - lo))

    zero = bx(0)
    bottom = top + len(shown) * ROW_H * S
    for i in range(0, len(shown), 2):
        y = top + i * ROW_H * S
        draw.rectangle((20 * S, y, w - 20 * S, y + ROW_H * S), fill=(244, 239, 226))
    for t in ticks:
        x = bx(t)
        draw.line((x, top, x, bottom), fill=pal.PAPER_LINE, width=S)
        label = f"{t:.0%}" if metric == "win_rate" else _fmt(t)
        text(draw, (x, bottom + 8 * S), label, 13 * S, pal.INK_MUTED, Face.REGULAR, "ma")
    axis = f"{L.METRICS[metric]} {L.METRICS_EN[metric]}"
    text(draw, ((bar_l + bar_r) / 2, bottom + 32 * S), axis, 14 * S, pal.INK, anchor="ma")
    medals = (pal.GOLD, (180, 184, 192), (205, 127, 50))
    for i, (row, v) in enumerate(zip(shown, values, strict=True)):
        y = top + i * ROW_H * S
        mid = y + ROW_H * S / 2
        badge = medals[i] if i < 3 else pal.PAPER_LINE
        draw.ellipse((30 * S, mid - 17 * S, 64 * S, mid + 17 * S), fill=badge)
        text(draw, (47 * S, mid), str(i + 1), 18 * S, pal.INK, anchor="mm")
        colour = pal.GAIN if v > 0 else pal.LOSS if v < 0 else pal.INK_MUTED
        if metric == "win_rate":
            colour = pal.BLUE
        x0, x1 = sorted((zero, bx(v)))
        draw.rounded_rectangle(
            (x0, mid - 12 * S, max(x1, x0 + 2 * S), mid + 12 * S), radius=4 * S, fill=colour
        )
        label = _metric_text(v, metric)
        if v >= 0:
            text(draw, (max(x1, zero) + 8 * S, mid), label, 17 * S, pal.INK, anchor="lm")
        else:
            text(draw, (x0 - 8 * S, mid), label, 17 * S, pal.INK, anchor="rm")
        stats = (
            f"{row.hands}{L.HANDS_UNIT} {L.DOT} {row.wins}{L.WINS_UNIT} {L.DOT} "
            f"{row.win_rate:.0%} {L.DOT} {L.BIGGEST} {signed(row.biggest)} {L.DOT} "
            f"{L.FLOWN} {row.fei_bao}"
        )
        text(draw, (660 * S, mid), stats, 15 * S, pal.INK_MUTED, anchor="lm")
    draw.line((zero, top, zero, bottom), fill=pal.INK_MUTED, width=2 * S)
    return _finish(img)
