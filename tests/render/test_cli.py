"""``shangrao-bot render --out DIR`` writes a sample of every image."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest
from PIL import Image

from shangrao_bot.render.cli import add_render_parser, run_render


@pytest.mark.slow
def test_render_writes_every_sample(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    add_render_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(
        ["render", "--out", str(tmp_path / "out"), "--seed", "t", "--lang", "zh-TW"]
    )
    out = io.StringIO()
    assert run_render(args, out) == 0
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted(
        [
            "board.png",
            "board_over.png",
            "hand.png",
            "hand_turn.png",
            "panel.png",
            "result.png",
            "result_draw.png",
            "totals.png",
            "leaderboard.png",
            "tiles.png",
        ]
    )
    for name in names:
        with Image.open(tmp_path / "out" / name) as img:
            assert img.format == "PNG" and img.width >= 600
    assert out.getvalue().count("KB") == len(names)
