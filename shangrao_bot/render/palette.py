"""Colours shared by every image, named by what they mean so the art stays consistent.

Seat colours match Discord's coloured-square emoji (🟥 🟦 🟩 🟧): images never draw player names,
so an embed can put the same square beside each name to tie a chart line to a player.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# table
FELT: RGB = (22, 92, 66)
FELT_DARK: RGB = (15, 70, 50)
FELT_LINE: RGB = (40, 120, 88)
PANEL: RGB = (28, 104, 76)
PANEL_TURN: RGB = (44, 124, 90)
TEXT_ON_FELT: RGB = (240, 236, 222)
MUTED_ON_FELT: RGB = (170, 205, 185)

# cards and charts (light background)
PAPER: RGB = (250, 247, 238)
PAPER_LINE: RGB = (222, 214, 196)
INK: RGB = (40, 36, 32)
INK_MUTED: RGB = (120, 112, 100)
GAIN: RGB = (28, 135, 70)
LOSS: RGB = (196, 52, 44)

# tiles
IVORY: RGB = (250, 246, 232)
IVORY_SHADE: RGB = (230, 222, 198)
IVORY_EDGE: RGB = (196, 186, 160)
TILE_BODY: RGB = (236, 228, 206)
BACK_GREEN: RGB = (24, 128, 92)
BACK_GREEN_DARK: RGB = (14, 92, 64)
BACK_GREEN_LIGHT: RGB = (72, 170, 128)
RED: RGB = (196, 34, 40)
GREEN: RGB = (24, 120, 64)
BLUE: RGB = (30, 70, 150)
BLACK: RGB = (28, 28, 36)

# the 宝 marker: gold, a colour no tile face uses, so it reads at a glance and tests can find it
GOLD: RGB = (240, 184, 36)
GOLD_LIGHT: RGB = (255, 222, 110)
GOLD_DARK: RGB = (160, 108, 10)
BAO_INK: RGB = (150, 20, 24)
ACTING_TINT: RGB = (255, 226, 150)

# highlights
LAST_DISCARD: RGB = (255, 120, 40)
TURN_GLOW: RGB = (255, 214, 90)
FLOWN: RGB = (200, 30, 60)

SEAT_COLOURS: tuple[RGB, RGB, RGB, RGB] = (
    (221, 46, 68),  # 🟥
    (60, 140, 220),  # 🟦
    (96, 168, 72),  # 🟩
    (244, 144, 12),  # 🟧
)
