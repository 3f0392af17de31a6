"""The shipped fonts, loaded once per size.

Images must look the same on every machine, so no system font is ever used: the subsets in
``assets/`` (Noto CJK, SIL OFL 1.1) are read from the package, and Pillow's basic layout engine
is forced (raqm, when installed, could shape text differently).
"""

from __future__ import annotations

from enum import Enum
from functools import cache, lru_cache
from importlib import resources
from io import BytesIO

from PIL import ImageFont


class Face(Enum):
    BOLD = "NotoSansCJKsc-Bold.subset.otf"  # labels
    REGULAR = "NotoSansCJKsc-Regular.subset.otf"  # small print
    TILE = "NotoSerifCJKtc-Black.subset.otf"  # tile faces: numerals, 萬, winds, 中 發


@cache
def font_bytes(face: Face) -> bytes:
    return (resources.files("shangrao_bot.render") / "assets" / face.value).read_bytes()


@lru_cache(maxsize=256)
def font(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """``face`` at ``size`` pixels (cached: loading a font costs more than drawing with it)."""
    return ImageFont.truetype(BytesIO(font_bytes(face)), size, layout_engine=ImageFont.Layout.BASIC)
