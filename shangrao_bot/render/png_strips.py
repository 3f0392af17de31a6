"""A PNG put together from horizontal strips compressed once each: for a picture drawn at
every move whose parts mostly repeat from one move to the next.

Encoding took half of a panel picture's time (:mod:`.panel`), and most of what it encoded was
the same as the move before: her hand between her own moves, three of the four seats' bands.
A PNG's pixels are one zlib stream over the rows, each row a filter byte (0: none, as for every
palette picture) and the row's palette indices. Deflate data compressed by separate
compressors, each ended with a sync flush (byte-aligned, not final), may be joined into one
stream and ended with an empty final block; the stream's Adler-32 is combined from the strips'
own. So a strip is compressed once, when its part is drawn, and a picture is its strips joined:
a valid PNG whose bytes depend only on the strips (equal parts, equal bytes), a little larger
than one compressed at once (no match reaches across a strip's edge).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from shangrao_bot.render.canvas import PNG_COMPRESS_LEVEL

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x5e"  # deflate, 32 KB window, "fast" levels (a valid check)
_END_OF_STREAM = b"\x03\x00"  # an empty final block (fixed codes)
_ADLER_MOD = 65521


@dataclass(frozen=True)
class Strip:
    """Rows of a palette picture as deflate data of their own, ready to be joined."""

    width: int
    height: int
    deflated: bytes
    adler: int  # Adler-32 of the rows' raw bytes (filter bytes included)
    raw_size: int


def strip_of(indexed: Image.Image) -> Strip:
    """The rows of a palette ("P") image, each led by filter byte 0, compressed on their own."""
    if indexed.mode != "P":
        raise ValueError(f"not a palette image: {indexed.mode}")
    width, height = indexed.size
    # the image one column wider, shifted right: each row's first byte is index 0, the filter
    led = Image.new("P", (width + 1, height), 0)
    led.paste(indexed, (1, 0))
    raw = led.tobytes()
    compressor = zlib.compressobj(PNG_COMPRESS_LEVEL, zlib.DEFLATED, -15)
    deflated = compressor.compress(raw) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return Strip(width, height, deflated, zlib.adler32(raw), len(raw))


def adler_combine(first: int, second: int, second_size: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's and the second's length."""
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % _ADLER_MOD
    b = (b1 + b2 + second_size * (a1 - 1)) % _ADLER_MOD
    return (b << 16) | a


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_of(strips: Sequence[Strip], palette_rgb: bytes) -> bytes:
    """The PNG of ``strips`` stacked top to bottom (all one width), in the palette whose RGB
    triples are ``palette_rgb``."""
    if not strips:
        raise ValueError("no strips")
    width = strips[0].width
    if any(s.width != width for s in strips):
        raise ValueError("strips of different widths")
    adler = 1  # the Adler-32 of nothing
    for s in strips:
        adler = adler_combine(adler, s.adler, s.raw_size)
    height = sum(s.height for s in strips)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette indices
    stream = b"".join(
        (_ZLIB_HEADER, *(s.deflated for s in strips), _END_OF_STREAM, struct.pack(">I", adler))
    )
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette_rgb),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )
