"""The shipped palette of the pictures drawn at every move: byte-identical to a fresh build, and
pictures encoded onto it are the same bytes as onto the freshly built one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from shangrao_bot.render import fixed_palette_build
from shangrao_bot.render.board import layout_board, paint_board, render_board
from shangrao_bot.render.canvas import encode_png
from shangrao_bot.render.fixed_palette import palette_image, table_palette
from shangrao_bot.render.hand import paint_hand, render_hand
from shangrao_bot.render.samples import claim_board, waiting_hand

ROOT = Path(__file__).resolve().parents[2]
SEED = "shangrao"  # the samples' seed, not the palette's: pictures it was not chosen from


@pytest.fixture(scope="module")
def fresh() -> Image.Image:
    """The palette built now (about half a second)."""
    return fixed_palette_build.build_palette()


def test_shipped_file_equals_fresh_build(fresh: Image.Image) -> None:
    """``assets/table_palette.bin`` is what ``python -m shangrao_bot.render.fixed_palette_build``
    writes."""
    shipped = fixed_palette_build.DATA_FILE.read_bytes()
    assert fixed_palette_build.serialize(fresh) == shipped, (
        "regenerate with: make palette (python -m shangrao_bot.render.fixed_palette_build)"
    )
    assert len(shipped) == 256 * 3


def test_loaded_palette_is_the_fresh_one(fresh: Image.Image) -> None:
    loaded = table_palette()
    assert loaded.mode == "P"
    assert loaded.getpalette() == fresh.getpalette()
    assert loaded.palette is not None and fresh.palette is not None
    assert loaded.palette.mode == fresh.palette.mode
    assert loaded.palette.palette == fresh.palette.palette


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_pictures_are_the_same_bytes_on_either_palette(fresh: Image.Image, lang: str) -> None:
    """A hand and a board encode to the same PNG onto the shipped palette as onto a fresh
    build, and that is what render_hand and render_board send."""
    view, waits = waiting_hand(SEED)
    hand = paint_hand(view, waits, lang=lang)
    board = claim_board(SEED)
    table = paint_board(board, layout_board(board, lang=lang), lang=lang)
    for img, sent in (
        (hand, render_hand(view, waits, lang=lang)),
        (table, render_board(board, lang=lang)),
    ):
        shipped = encode_png(img, table_palette())
        assert shipped == encode_png(img, fresh)
        assert shipped == sent


@pytest.mark.parametrize("bad", [b"", b"\x00\x01", bytes(257 * 3)])
def test_a_malformed_file_is_refused(bad: bytes) -> None:
    with pytest.raises(ValueError, match="not a palette"):
        palette_image(bad)


def test_loading_the_palette_draws_nothing() -> None:
    """The palette is a file read: swatch loads no drawing code, sample games or CLI."""
    code = (
        "import sys; from shangrao_bot.render.fixed_palette import table_palette; table_palette(); "
        "print(' '.join(m for m in sys.modules if m.startswith('shangrao_bot')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert set(out.stdout.split()) == {
        "shangrao_bot",
        "shangrao_bot.render",
        "shangrao_bot.render.fixed_palette",
    }
