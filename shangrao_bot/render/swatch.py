"""One fixed 256-colour palette for the pictures drawn at every move (hands and boards).

:func:`~.canvas.encode_png` turns each picture into a palette image. Choosing a palette for
every picture (an octree over its pixels) took half of a hand picture's time; mapping onto a
palette chosen once is four times faster and looks the same, because these pictures are made of
the same few things: the felt, the tile sprites, the pills and the labels' anti-aliased edges.
The palette is chosen from sample scenes of exactly those (hands and a board, in Chinese and
English), so every colour they use is in it; a colour not in it maps to its nearest.
Deterministic: the scenes are seeded, so a picture's bytes depend only on what it shows.
"""

from __future__ import annotations

import functools

from PIL import Image

SEED = "palette"


@functools.cache
def table_palette() -> Image.Image:
    """The palette (a "P" image whose palette it is), chosen on first use (two threads that
    both ask first build the same palette: the scenes are seeded)."""
    from shangrao_bot.render.board import layout_board, paint_board
    from shangrao_bot.render.hand import paint_hand
    from shangrao_bot.render.samples import claim_board, turn_hand, waiting_hand

    scenes: list[Image.Image] = []
    for lang in ("zh-CN", "en"):
        view, waits = waiting_hand(SEED)
        scenes.append(paint_hand(view, waits, lang=lang))
        scenes.append(paint_hand(turn_hand(SEED), lang=lang))
        board = claim_board(SEED)
        scenes.append(paint_board(board, layout_board(board, lang=lang), lang=lang))
    sheet = Image.new("RGB", (max(s.width for s in scenes), sum(s.height for s in scenes)))
    y = 0
    for scene in scenes:
        sheet.paste(scene, (0, y))
        y += scene.height
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
