"""One fixed 256-colour palette for the pictures drawn at every move (hands and boards).

:func:`~.canvas.encode_png` turns each picture into a palette image. Choosing a palette for
every picture (an octree over its pixels) took half of a hand picture's time; mapping onto a
palette chosen once is four times faster and looks the same, because these pictures are made of
the same few things: the felt, the tile sprites, the pills and the labels' anti-aliased edges.
The palette was chosen ahead of time from sample scenes of exactly those, so every colour they
use is in it; a colour not in it maps to its nearest. It ships as data
(``assets/table_palette.bin``, its RGB triples in palette order), which
:mod:`~.fixed_palette_build` builds and the tests check against a fresh build.
Deterministic: a picture's bytes depend only on what it shows.
"""

from __future__ import annotations

import functools
from importlib import resources

from PIL import Image

DATA_NAME = "table_palette.bin"


@functools.cache
def table_palette() -> Image.Image:
    """The palette (a "P" image whose palette it is), read from the package on first use."""
    return palette_image(
        (resources.files("shangrao_bot.render") / "assets" / DATA_NAME).read_bytes()
    )


def palette_image(rgb: bytes) -> Image.Image:
    """A "P" image whose palette is ``rgb`` (RGB triples, at most 256), ready for
    ``quantize(palette=...)``."""
    if not rgb or len(rgb) % 3 or len(rgb) > 256 * 3:
        raise ValueError(f"not a palette: {len(rgb)} bytes")
    img = Image.new("P", (1, 1))
    img.putpalette(rgb, "RGB")
    img.load()  # realize the palette now: the image is shared by every thread that encodes
    return img
