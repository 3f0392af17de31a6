"""A PNG joined from strips compressed on their own is a valid PNG of the strips stacked."""

from __future__ import annotations

import random
import zlib
from io import BytesIO

import pytest
from PIL import Image

from shangrao_bot.render.fixed_palette import table_palette
from shangrao_bot.render.png_strips import adler_combine, png_of, strip_of


def _palette() -> bytes:
    rgb = table_palette().getpalette()
    assert rgb is not None
    return bytes(rgb)


def _noise(width: int, height: int, seed: int) -> Image.Image:
    """A palette image of runs and noise (some of it compresses, some does not)."""
    rng = random.Random(seed)
    data = bytearray()
    while len(data) < width * height:
        data += bytes([rng.randrange(256)]) * rng.choice((1, 1, 3, 40))
    img = Image.frombytes("P", (width, height), bytes(data[: width * height]))
    img.putpalette(_palette())
    return img


@pytest.mark.parametrize("sizes", [(0, 1), (5, 0), (1000, 70000)])
def test_adler_combine_is_the_adler_of_the_two_joined(sizes: tuple[int, int]) -> None:
    rng = random.Random(sum(sizes))
    a = bytes(rng.randrange(256) for _ in range(sizes[0]))
    b = bytes(rng.randrange(256) for _ in range(sizes[1]))
    assert adler_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_strips_stack_into_the_picture() -> None:
    heights = [1, 37, 80, 3]
    parts = [_noise(301, h, seed) for seed, h in enumerate(heights)]
    png = png_of([strip_of(p) for p in parts], _palette())
    img = Image.open(BytesIO(png))
    img.load()
    assert img.format == "PNG" and img.mode == "P" and img.size == (301, sum(heights))
    assert img.getpalette() == parts[0].getpalette()
    whole = Image.new("P", img.size)
    y = 0
    for p in parts:
        whole.paste(p, (0, y))
        y += p.height
    assert img.tobytes() == whole.tobytes()
    rows = zlib.decompress(_idat(png))  # checks the stream's Adler-32 (a decoder may stop early)
    assert rows == b"".join(b"\0" + row for row in _rows(whole))
    assert png == png_of([strip_of(p) for p in parts], _palette())


def _idat(png: bytes) -> bytes:
    """The IDAT data of a PNG, each chunk's CRC checked."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data = 8, b""
    while at < len(png):
        size = int.from_bytes(png[at : at + 4], "big")
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + size]
        crc = int.from_bytes(png[at + 8 + size : at + 12 + size], "big")
        assert zlib.crc32(kind + body) == crc, kind
        if kind == b"IDAT":
            data += body
        at += 12 + size
    return data


def _rows(img: Image.Image) -> list[bytes]:
    raw = img.tobytes()
    return [raw[y * img.width : (y + 1) * img.width] for y in range(img.height)]


def test_strips_of_different_widths_or_none_are_refused() -> None:
    with pytest.raises(ValueError, match="widths"):
        png_of([strip_of(_noise(10, 2, 0)), strip_of(_noise(11, 2, 1))], _palette())
    with pytest.raises(ValueError, match="no strips"):
        png_of([], _palette())
    with pytest.raises(ValueError, match="not a palette"):
        strip_of(Image.new("RGB", (4, 4)))
