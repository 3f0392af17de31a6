"""A club event's podium: the three best totals on the steps of a podium, gold in the middle,
silver left, bronze right, drawn with Pillow like the other charts (:mod:`.charts`).

As on every chart, players are not named in the picture (their names may hold any script, and
the shipped fonts hold only the images' own words): each step carries its rank and its total,
and the standings beside the picture name the players. A shared rank shows on each step that
holds it. About 800 × 520 (400 × 260 on screen).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from shangrao_bot.render import palette as pal
from shangrao_bot.render.canvas import encode_png, min_text, signed, text
from shangrao_bot.render.charts import DISPLAY_WIDTH, WIDTH, S
from shangrao_bot.render.labels import DEFAULT_LANG, labels_for

HEIGHT = 520
STEP_COLOURS = {1: pal.GOLD, 2: (196, 200, 206), 3: (205, 140, 82)}
STEP_HEIGHTS = {0: 0.62, 1: 0.86, 2: 0.44}  # left, middle, right: of the space under the title
ORDER = (1, 0, 2)  # the second best on the left, the best in the middle, the third on the right
MIN_TEXT = min_text(WIDTH, DISPLAY_WIDTH)


def render_podium(top: Sequence[tuple[int, int]], *, lang: str = DEFAULT_LANG) -> bytes:
    """The podium of ``top``: up to three (rank, total) pairs, best first."""
    lb = labels_for(lang)
    w, h = WIDTH * S, HEIGHT * S
    img = Image.new("RGB", (w, h), pal.PAPER)
    draw = ImageDraw.Draw(img)
    text(draw, (w / 2, 28 * S), lb.podium_title, 34 * S, pal.INK, anchor="mt")
    if not top:
        text(draw, (w / 2, h / 2), lb.no_data, (MIN_TEXT + 4) * S, pal.INK_MUTED, anchor="mm")
        return encode_png(img.reduce(S))
    floor = h - 24 * S
    space = floor - 150 * S  # under the title and the totals above the highest step
    step_w = (w - 2 * 40 * S) / 3
    for place, index in enumerate(ORDER):
        if index >= len(top):
            continue
        rank, total = top[index]
        left = 40 * S + place * step_w
        top_y = floor - space * STEP_HEIGHTS[place]
        colour = STEP_COLOURS.get(rank, pal.PAPER_LINE)
        draw.rectangle((left + 6 * S, top_y, left + step_w - 6 * S, floor), fill=colour)
        draw.rectangle(
            (left + 6 * S, top_y, left + step_w - 6 * S, floor), outline=pal.INK_MUTED, width=2 * S
        )
        centre = left + step_w / 2
        text(draw, (centre, top_y + 18 * S), str(rank), 64 * S, pal.INK, anchor="mt")
        text(draw, (centre, top_y - 12 * S), signed(total), 40 * S, pal.INK, anchor="mb")
    draw.line((24 * S, floor, w - 24 * S, floor), fill=pal.INK_MUTED, width=3 * S)
    return encode_png(img.reduce(S))
