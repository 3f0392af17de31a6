"""Line charts for the pages, drawn on the server as SVG: a player's rating over the hands, a
session's running totals. This module computes the geometry only (every coordinate, path and
tick as plain data); the template ``_line_chart.html`` writes the elements, so every label and
link goes through the templates' escaping like any other value.

A chart's points may carry a link (the hand behind a rating point) and a title (what a
pointer hovering it, or a screen reader, is told). A long series keeps every point in its
line but links at most :data:`MAX_LINKED` of them, the latest, so that a page of a player with
thousands of hands stays small.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.render.charts import nice_ticks

WIDTH, HEIGHT = 640, 280
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 12, 12, 28
MAX_LINKED = 120  # at a phone's 360 px, more points than this are under a finger's width
SERIES_CLASSES = 4  # s0 … s3 in the style sheet


@dataclass(frozen=True)
class Point:
    """A point in data units: ``x`` (a hand's number), ``y``; ``href`` and ``title`` optional."""

    x: float
    y: float
    href: str | None = None
    title: str = ""


@dataclass(frozen=True)
class DrawnPoint:
    cx: float
    cy: float
    href: str | None
    title: str


@dataclass(frozen=True)
class DrawnSeries:
    name: str
    css: str  # "s0" … "s3"
    path: str  # the polyline's "d"
    points: tuple[DrawnPoint, ...]  # the marked (linked or titled) points
    last_label: str  # the last value, written at the line's end in the legend


@dataclass(frozen=True)
class Tick:
    at: float  # the pixel position
    label: str


@dataclass(frozen=True)
class LineChart:
    """What ``_line_chart.html`` draws."""

    width: int
    height: int
    title: str
    series: tuple[DrawnSeries, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    zero_y: float | None  # the pixel row of y = 0 when it is inside the chart
    plot: tuple[float, float, float, float]  # left, top, right, bottom


def _fmt(value: float) -> str:
    return str(round(value)) if abs(value - round(value)) < 1e-9 else f"{value:.1f}"


def line_chart(
    title: str,
    series: Sequence[tuple[str, Sequence[Point]]],
    *,
    width: int = WIDTH,
    height: int = HEIGHT,
    max_linked: int = MAX_LINKED,
) -> LineChart:
    """The chart of ``series`` ((name, points), each in x order)."""
    points = [p for _, pts in series for p in pts]
    left, top = float(PAD_LEFT), float(PAD_TOP)
    right, bottom = float(width - PAD_RIGHT), float(height - PAD_BOTTOM)
    if not points:
        return LineChart(width, height, title, (), (), (), None, (left, top, right, bottom))
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    x_lo, x_hi = min(xs), max(xs)
    if x_hi <= x_lo:
        x_hi = x_lo + 1
    y_ticks_values = nice_ticks(min(ys), max(ys), 5)
    y_lo, y_hi = y_ticks_values[0], y_ticks_values[-1]
    if y_hi <= y_lo:
        y_hi = y_lo + 1

    def px(x: float) -> float:
        return round(left + (x - x_lo) / (x_hi - x_lo) * (right - left), 1)

    def py(y: float) -> float:
        return round(bottom - (y - y_lo) / (y_hi - y_lo) * (bottom - top), 1)

    drawn = []
    for i, (name, pts) in enumerate(series):
        path = " ".join(f"{'M' if j == 0 else 'L'}{px(p.x)},{py(p.y)}" for j, p in enumerate(pts))
        marked = [p for p in pts if p.href is not None or p.title]
        marked = marked[len(marked) - max_linked :] if max_linked > 0 else []
        drawn.append(
            DrawnSeries(
                name,
                f"s{i % SERIES_CLASSES}",
                path,
                tuple(DrawnPoint(px(p.x), py(p.y), p.href, p.title) for p in marked),
                _fmt(pts[-1].y) if pts else "",
            )
        )
    x_ticks_values = [v for v in nice_ticks(x_lo, x_hi, 6) if x_lo <= v <= x_hi]
    if all(math.isclose(v, round(v)) for v in xs):
        x_ticks_values = [v for v in x_ticks_values if math.isclose(v, round(v))]
    zero = py(0) if y_lo < 0 < y_hi else None
    return LineChart(
        width,
        height,
        title,
        tuple(drawn),
        tuple(Tick(py(v), _fmt(v)) for v in y_ticks_values),
        tuple(Tick(px(v), _fmt(v)) for v in x_ticks_values),
        zero,
        (left, top, right, bottom),
    )
