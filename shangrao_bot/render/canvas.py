"""Drawing helpers every image shares: text with the shipped fonts, pills, PNG encoding, and a
record of every text drawn (for the tests that hold labels readable and inside their boxes).

PNG settings are chosen for speed and size: the bot sends a new image on every move. An RGB
PNG spends most of its time in per-row filtering of three bytes a pixel; the images are flat
colours and a few dozen sprites, so a 256-colour palette (fast octree, no dithering) looks the
same, encodes several times faster and is a third of the size.

Readable at Discord's size: Discord shows an attached image about 550 px wide and an embed
image about 400 px wide, whatever the image's own width. A label drawn ``size`` px high on an
image ``width`` px wide is ``size × display / width`` px high on screen; :func:`min_text` is the
smallest drawn size that stays at :data:`MIN_SCREEN_PX` on screen, and every image module keeps
its labels at or above it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from io import BytesIO
from math import ceil

from PIL import Image, ImageDraw

from shangrao_bot.render.fonts import Face, font
from shangrao_bot.render.palette import RGB

PNG_COMPRESS_LEVEL = 3
ATTACHMENT_DISPLAY = 550  # px: how wide Discord shows an attached image
EMBED_DISPLAY = 400  # px: how wide Discord shows an embed's image
MIN_SCREEN_PX = 11  # the smallest text size, on screen, that a phone still reads

Box = tuple[float, float, float, float]


def min_text(width: int, display: int) -> int:
    """The smallest font size (drawn px) on an image ``width`` px wide that Discord shows
    ``display`` px wide, for text of at least :data:`MIN_SCREEN_PX` on screen."""
    return ceil(MIN_SCREEN_PX * width / display)


def encode_png(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes of an RGB image, as a 256-colour palette image (no metadata: reproducible):
    onto ``palette`` (a "P" image) when given, else a palette chosen for this image."""
    if palette is None:
        palette = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    else:
        palette = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = BytesIO()
    palette.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


# --- the record of drawn text ------------------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    """One text (``kind`` "text") or one pill's body ("pill") as drawn: its box on the canvas,
    the canvas size, and the area the caller meant it to stay inside."""

    kind: str
    text: str
    size: int
    box: Box
    canvas: tuple[int, int]
    within: Box


_LOG: ContextVar[list[Drawn] | None] = ContextVar("shangrao_render_drawn", default=None)


@contextmanager
def record_text() -> Iterator[list[Drawn]]:
    """Collect every text and pill drawn inside the block (tests; off otherwise)."""
    log: list[Drawn] = []
    token = _LOG.set(log)
    try:
        yield log
    finally:
        _LOG.reset(token)


def recording() -> bool:
    """Whether a :func:`record_text` block is open (a picture painted from cached parts
    would leave their texts out of the record, so painters draw afresh then)."""
    return _LOG.get() is not None


def _record(
    draw: ImageDraw.ImageDraw, kind: str, s: str, size: int, box: Box, within: Box | None
) -> None:
    log = _LOG.get()
    if log is None:
        return
    w, h = draw.im.size
    log.append(Drawn(kind, s, size, box, (w, h), within or (0, 0, w, h)))


# --- text --------------------------------------------------------------------------------------


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: RGB,
    face: Face = Face.BOLD,
    anchor: str = "la",
    within: Box | None = None,
) -> float:
    """Draw ``s``; returns its advance width so callers can lay out a line piece by piece.
    ``within``: the box the text belongs in (the whole canvas if None), for the tests."""
    f = font(face, size)
    draw.text(xy, s, font=f, fill=fill, anchor=anchor)
    if _LOG.get() is not None:
        _record(draw, "text", s, size, draw.textbbox(xy, s, font=f, anchor=anchor), within)
    return f.getlength(s)


def text_width(s: str, size: int, face: Face = Face.BOLD) -> float:
    return font(face, size).getlength(s)


def fit_size(s: str, max_w: float, size: int, smallest: int, face: Face = Face.BOLD) -> int:
    """The largest size from ``size`` down to ``smallest`` at which ``s`` is at most ``max_w``
    wide (``smallest`` if none is)."""
    for n in range(size, smallest - 1, -1):
        if text_width(s, n, face) <= max_w:
            return n
    return smallest


def shorten(s: str, max_w: float, size: int, face: Face = Face.BOLD) -> str:
    """``s``, cut with an ellipsis if it is wider than ``max_w`` at ``size``."""
    if text_width(s, size, face) <= max_w:
        return s
    while s and text_width(s + "…", size, face) > max_w:
        s = s[:-1]
    return s.rstrip() + "…"


def pill_size(s: str, size: int, face: Face = Face.BOLD) -> tuple[float, float]:
    """Width and height of :func:`pill` of ``s``."""
    return text_width(s, size, face) + size * 0.9, size * 1.45


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fg: RGB,
    bg: RGB,
    face: Face = Face.BOLD,
    within: Box | None = None,
) -> float:
    """A rounded tag with text, left-top at ``xy``; returns its width."""
    x, y = xy
    w, h = pill_size(s, size, face)
    body = (x, y, x + w, y + h)
    draw.rounded_rectangle(body, radius=h / 2, fill=bg)
    _record(draw, "pill", s, size, body, within)
    text(draw, (x + w / 2, y + h / 2), s, size, fg, face, "mm", within=body)
    return w


def signed(n: int) -> str:
    """``+12`` / ``−8`` / ``0`` with a true minus sign (reads better than a hyphen)."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"−{-n}"
    return "0"
