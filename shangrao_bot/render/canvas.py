"""Drawing helpers every image shares: text with the shipped fonts, panels, PNG encoding.

PNG settings are chosen for speed and size: the bot sends a new image on every move. An RGB
PNG spends most of its time in per-row filtering of three bytes a pixel; the images are flat
colours and a few dozen sprites, so a 256-colour palette (fast octree, no dithering) looks the
same, encodes several times faster and is a third of the size.
"""

from __future__ import annotations

from io import BytesIO

from PIL import Image, ImageDraw

from shangrao_bot.render.fonts import Face, font
from shangrao_bot.render.palette import RGB

PNG_COMPRESS_LEVEL = 3


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes of an RGB image, as a 256-colour palette image (no metadata: reproducible)."""
    palette = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = BytesIO()
    palette.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: RGB,
    face: Face = Face.BOLD,
    anchor: str = "la",
) -> float:
    """Draw ``s``; returns its advance width so callers can lay out a line piece by piece."""
    f = font(face, size)
    draw.text(xy, s, font=f, fill=fill, anchor=anchor)
    return f.getlength(s)


def text_width(s: str, size: int, face: Face = Face.BOLD) -> float:
    return font(face, size).getlength(s)


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fg: RGB,
    bg: RGB,
    face: Face = Face.BOLD,
) -> float:
    """A rounded tag with text, left-top at ``xy``; returns its width."""
    x, y = xy
    pad = size * 0.45
    w = text_width(s, size, face) + 2 * pad
    h = size * 1.45
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h / 2, fill=bg)
    draw.text((x + w / 2, y + h / 2), s, font=font(face, size), fill=fg, anchor="mm")
    return w


def signed(n: int) -> str:
    """``+12`` / ``−8`` / ``0`` with a true minus sign (reads better than a hyphen)."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"−{-n}"
    return "0"
