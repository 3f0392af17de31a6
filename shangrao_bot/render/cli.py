"""``shangrao-bot render --out DIR``: write a sample of every image from seeded games.

``docs/images.md`` shows these samples (``docs/images/``); the command is also a quick way to
look at the art after changing it. This module stays light to import: the CLI builds its parser
(and so imports :func:`add_render_parser`) for every command.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from shangrao_bot.cli_errors import error_line

DEFAULT_SEED = "shangrao"


def add_render_parser(sub: Any) -> None:
    """Add the ``render`` subcommand to ``sub`` (the CLI's ``add_subparsers()`` object)."""
    render = sub.add_parser(
        "render",
        help="write sample images (board, hand, panel, result cards, charts) from seeded games",
        description="Write one PNG of each image the bot draws, from games the AI plays with a "
        "seeded shuffle: the same seed always gives the same images.",
    )
    render.add_argument(
        "--out", required=True, metavar="DIR", help="directory to write the PNG files to"
    )
    render.add_argument("--seed", default=DEFAULT_SEED, help=f"any text (default {DEFAULT_SEED!r})")
    render.add_argument(
        "--lang",
        default="zh-CN",
        choices=("en", "zh-CN", "zh-TW"),
        help="language of the labels (default zh-CN)",
    )


def run_render(args: argparse.Namespace, out: TextIO) -> int:
    """Write the samples; prints one line per file (path and size). Returns the exit status."""
    from shangrao_bot.render.samples import sample_images  # Pillow and the engine: only here

    folder = Path(args.out)
    images = sample_images(args.seed, args.lang)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, png in images.items():
            (folder / name).write_bytes(png)
            print(f"{folder / name}  {len(png) / 1024:.0f} KB", file=out)
    except BrokenPipeError:
        raise  # the reader of the listing went away (`| head`): the command line ends quietly
    except OSError as exc:
        print(error_line(f"cannot write to {folder}: {exc.strerror}"), file=sys.stderr)
        return 2
    return 0
