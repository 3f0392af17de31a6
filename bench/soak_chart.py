"""The soak benchmark's chart (``DIR/soak.png``, drawn with Pillow): one panel per measure over
the soak's minutes, the warm-up shaded, the restarts marked, and on the RSS panel the slope
judged over the stretches without a restart (``bench/soak_verdict.py``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Protocol

from PIL import Image, ImageDraw, ImageFont
from soak_probe import Sample

WIDTH = 800
LEFT, RIGHT, TOP = 64, 16, 44
PANEL_H, TITLE_H, BOTTOM = 96, 26, 64
INK, GRID, SHADE = (40, 40, 40), (222, 222, 222), (228, 228, 228)
TERM, KILL = (230, 140, 0), (200, 30, 30)
# (title, the sample's field, colour); p50 drawn under p99 on the update panel
PANELS = (
    ("bot process RSS (MB)", "rss_mb", (31, 119, 180)),
    ("picture workers' RSS, summed (MB)", "workers_rss_mb", (23, 160, 170)),
    ("update p99 (ms; grey: p50) - click to DM panel", "update_p99_ms", (214, 39, 40)),
    ("hands finished per minute", "hands", (44, 160, 44)),
    ("asyncio tasks (reported by the bot's process)", "tasks", (148, 103, 189)),
    ("open files (/proc/PID/fd)", "files", (140, 86, 75)),
    ("threads", "threads", (127, 127, 127)),
    ("SQLite database + WAL (MB)", "db_mb", (188, 189, 34)),
    ("load average, 1 min (the machine)", "load1", (90, 90, 90)),
)


class RestartMark(Protocol):
    signal: str
    at_s: float


@dataclass
class Fit:
    """A stretch without a restart: its minutes, hands and samples (for the slope's line)."""

    first_minute: int
    last_minute: int
    first_hands: int
    last_hands: int
    samples: list[Sample]


def nice_ticks(low: float, high: float, count: int = 4, whole: bool = False) -> list[float]:
    """Round tick values covering ``low``..``high`` (whole numbers only when ``whole``)."""
    span = high - low or abs(high) or 1.0
    raw = span / count
    step = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * step >= raw:
            step *= factor
            break
    if whole:
        step = max(1, math.ceil(step))
    first = math.floor(low / step) * step
    ticks, value = [], first
    while value <= high + step * 0.5:
        ticks.append(round(value, 10))
        value += step
    return ticks


def label(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e5 else f"{value:.3g}"


class Canvas:
    """The picture and its x axis (minutes)."""

    def __init__(self, minutes: int) -> None:
        self.minutes = max(1, minutes)
        height = TOP + len(PANELS) * (PANEL_H + TITLE_H) + BOTTOM
        self.image = Image.new("RGB", (WIDTH, height), "white")
        self.draw = ImageDraw.Draw(self.image)
        self.font = ImageFont.load_default(size=13)
        self.small = ImageFont.load_default(size=11)

    def x(self, minute: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * minute / self.minutes

    def panel_top(self, index: int) -> int:
        return TOP + index * (PANEL_H + TITLE_H) + TITLE_H


def draw_panel(
    canvas: Canvas,
    index: int,
    title: str,
    series: Sequence[tuple[Sequence[tuple[float, float]], tuple[int, int, int]]],
    warmup: int,
    restarts: Sequence[RestartMark],
) -> tuple[float, float, float]:
    """One panel: its frame, shaded warm-up, restart lines, y grid and the series (each a
    list of (minute, value)); returns its y mapping (top, low, high)."""
    d, top = canvas.draw, canvas.panel_top(index)
    bottom = top + PANEL_H
    values = [v for points, _ in series for _, v in points if math.isfinite(v)]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high - low < 1e-9:  # a flat line: in the middle of the panel
        pad = max(1.0, abs(low) * 0.05)
        low, high = low - pad, high + pad
    high += (high - low) * 0.08  # headroom: the highest points clear of the frame
    ticks = nice_ticks(low, high, whole=all(float(v).is_integer() for v in values))
    low, high = min(ticks[0], low), max(ticks[-1], high)

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * PANEL_H

    d.text((LEFT, top - TITLE_H + 6), title, fill=INK, font=canvas.font)
    d.rectangle((canvas.x(0), top, canvas.x(warmup), bottom), fill=SHADE)
    for tick in ticks:
        if low <= tick <= high:
            d.line((LEFT, y(tick), WIDTH - RIGHT, y(tick)), fill=GRID)
            d.text((LEFT - 6, y(tick)), label(tick), fill=INK, font=canvas.small, anchor="rm")
    for r in restarts:
        x = canvas.x(r.at_s / 60)
        d.line((x, top, x, bottom), fill=KILL if r.signal == "sigkill" else TERM, width=2)
    for points, colour in series:
        line: list[tuple[float, float]] = []
        for minute, value in points:
            if not math.isfinite(value):
                if len(line) > 1:
                    d.line(line, fill=colour, width=2)
                line = []
                continue
            line.append((canvas.x(minute), y(value)))
            px, py = line[-1]
            d.ellipse((px - 2, py - 2, px + 2, py + 2), fill=colour)
        if len(line) > 1:
            d.line(line, fill=colour, width=2)
    d.rectangle((LEFT, top, WIDTH - RIGHT, bottom), outline=INK)
    return top, low, high


def draw(
    path: Path,
    samples: list[Sample],
    warmup: int,
    restarts: Sequence[RestartMark],
    fits: list[Fit],
    slope_kb: float,
) -> None:
    """The chart of a soak's samples to ``path`` (PNG)."""
    minutes = max((s.minute for s in samples), default=1)
    canvas = Canvas(minutes)
    d = canvas.draw
    d.text(
        (LEFT, 8),
        "soak: the bot's process minute by minute (shaded: warm-up; "
        "orange line: SIGTERM restart, red: SIGKILL)",
        fill=INK,
        font=canvas.font,
    )
    for index, (title, key, colour) in enumerate(PANELS):
        series = [([(s.minute, float(getattr(s, key))) for s in samples], colour)]
        if key == "update_p99_ms":
            series.insert(0, ([(s.minute, s.update_p50_ms) for s in samples], (170, 170, 170)))
        if key in ("tasks", "files", "threads", "workers_rss_mb", "rss_mb"):
            series = [([(m, v if v >= 0 else math.nan) for m, v in pts], c) for pts, c in series]
        top, low, high = draw_panel(canvas, index, title, series, warmup, restarts)
        if key == "rss_mb" and math.isfinite(slope_kb):
            draw_fits(canvas, fits, slope_kb, top, low, high)
    axis_y = canvas.panel_top(len(PANELS) - 1) + PANEL_H
    step = 1 if minutes <= 12 else 5
    for minute in range(0, minutes + 1, step):
        x = canvas.x(minute)
        d.line((x, axis_y, x, axis_y + 4), fill=INK)
        d.text((x, axis_y + 6), str(minute), fill=INK, font=canvas.small, anchor="mt")
    mark_phases(canvas, warmup, restarts)
    d.text(
        (WIDTH / 2, axis_y + 40),
        "minutes since every table started (a sample at each minute's end)",
        fill=INK,
        font=canvas.font,
        anchor="mt",
    )
    canvas.image.save(path)


def mark_phases(canvas: Canvas, warmup: int, restarts: Sequence[RestartMark]) -> None:
    """Name the warm-up and each restart's line, in a row under the x axis's numbers."""
    d = canvas.draw
    row = canvas.panel_top(len(PANELS) - 1) + PANEL_H + 22
    d.text((canvas.x(warmup / 2), row), "warm-up", fill=INK, font=canvas.small, anchor="mt")
    for r in restarts:
        colour = KILL if r.signal == "sigkill" else TERM
        x = canvas.x(r.at_s / 60)
        d.line((x, row - 4, x, row), fill=colour, width=2)
        d.text((x, row), r.signal.upper(), fill=colour, font=canvas.small, anchor="mt")


def draw_fits(
    canvas: Canvas, fits: list[Fit], slope_kb: float, top: float, low: float, high: float
) -> None:
    """The RSS slope judged (dashed, through each stretch's medians)."""
    d, slope = canvas.draw, slope_kb / 1024

    def y(value: float) -> float:
        return top + PANEL_H - (value - low) / (high - low) * PANEL_H

    for fit in fits:
        hands = median(s.hands_total for s in fit.samples)
        rss = median(s.rss_mb for s in fit.samples)
        x0, x1 = canvas.x(fit.first_minute), canvas.x(fit.last_minute)
        y0 = y(rss + slope * (fit.first_hands - hands))
        y1 = y(rss + slope * (fit.last_hands - hands))
        dashes = 12
        for i in range(0, dashes, 2):
            a, b = i / dashes, (i + 1) / dashes
            d.line(
                (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                fill=INK,
                width=2,
            )
    d.text(  # in the title band, clear of the data
        (WIDTH - RIGHT, top - 10),
        f"dashed: {slope_kb:.1f} KB per hand (median slope after each process's warm-up)",
        fill=INK,
        font=canvas.small,
        anchor="rb",
    )
