"""Builds the fixed palette of the pictures drawn at every move (run once, shipped as data).

:func:`~.fixed_palette.table_palette` maps every hand and board picture onto one
palette. The palette is chosen from sample scenes of what those pictures are made of: hands and a
board from seeded games (:mod:`.samples`), in Chinese and English, painted, stacked on one sheet and
quantized (fast octree, 256 colours, no dithering), so every colour they use is in it.

The shipped file ``assets/table_palette.bin`` holds that palette's RGB triples in palette order
(the bytes of ``getpalette()``, three a colour). Choosing it at run time took a second or more
in every picture worker; reading it takes a few milliseconds. Regenerate it with
``python -m shangrao_bot.render.fixed_palette_build`` (``make palette``) after a change to what the
pictures draw — tile art, colours, labels, fonts — or to the Pillow that draws them: the tests
check the shipped file against a fresh build, and that pictures encoded onto either are the same
bytes. (Until it is regenerated, a colour missing from the shipped palette maps to its nearest.)

Deterministic: the scenes are seeded and no picture encoded here uses the shipped palette, so a
stale file never feeds into the build.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from shangrao_bot.render.board import layout_board, paint_board
from shangrao_bot.render.fixed_palette import DATA_NAME
from shangrao_bot.render.hand import paint_hand
from shangrao_bot.render.samples import claim_board, turn_hand, waiting_hand

SEED = "palette"
LANGS = ("zh-CN", "en")
DATA_FILE = Path(__file__).with_name("assets") / DATA_NAME


def sample_scenes() -> list[Image.Image]:
    """The scenes the palette is chosen from: per language, a waiting hand with its waits, a
    hand on its turn and a board in a claim window."""
    view, waits = waiting_hand(SEED)
    turn = turn_hand(SEED)
    board = claim_board(SEED)
    scenes: list[Image.Image] = []
    for lang in LANGS:
        scenes.append(paint_hand(view, waits, lang=lang))
        scenes.append(paint_hand(turn, lang=lang))
        scenes.append(paint_board(board, layout_board(board, lang=lang), lang=lang))
    return scenes


def build_palette() -> Image.Image:
    """The palette, freshly chosen: a "P" image (the quantized sheet of scenes)."""
    scenes = sample_scenes()
    sheet = Image.new("RGB", (max(s.width for s in scenes), sum(s.height for s in scenes)))
    y = 0
    for scene in scenes:
        sheet.paste(scene, (0, y))
        y += scene.height
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def serialize(palette: Image.Image) -> bytes:
    """The file's bytes: the palette's RGB triples, as many as it has (at most 256)."""
    rgb = palette.getpalette("RGB")
    assert palette.mode == "P" and rgb, "not a palette image"
    return bytes(rgb)


def main() -> None:
    """``python -m shangrao_bot.render.fixed_palette_build`` regenerates the shipped palette
    file."""
    blob = serialize(build_palette())
    DATA_FILE.write_bytes(blob)
    print(f"wrote {DATA_FILE} ({len(blob) // 3} colours, {len(blob)} bytes)")


if __name__ == "__main__":
    main()
