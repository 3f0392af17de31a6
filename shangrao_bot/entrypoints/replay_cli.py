"""The ``shangrao-bot replay`` subcommand: a finished virtual hand of the bot's database as PNG
frames (one per step) and an animated GIF, wired into the CLI as ``arena`` is.

The hand is a ledger hand id of any server (the operator reads the whole database; ``/replay``
in Discord only a server's own). The same refusals as ``/replay`` — an unknown id, a hand
recorded with ``/score`` at a physical table, a hand still being played — end the command with
one line and exit status 2, as every bad input of the CLI does (the database is opened by
:mod:`.cli_ledger`).

This module stays light to import (the CLI builds every subcommand's parser for every command):
the store, the engine and the renderer are imported when the command runs.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any, TextIO

from shangrao_bot.cli_errors import CliError
from shangrao_bot.entrypoints.cli_ledger import add_hand_options, with_ledger

SEATS = ("table", "1", "2", "3", "4")


def add_replay_parser(sub: Any) -> None:
    """Add the ``replay`` subcommand to ``sub`` (the CLI's ``add_subparsers()`` object)."""
    replay = sub.add_parser(
        "replay",
        help="write a finished bot-table hand as PNG frames and an animated GIF",
        description="Rebuild a finished hand played at a bot table from the database's event "
        "log (the engine plays it again) and write one PNG per step, "
        "hand-ID-step-NNN.png, and the whole hand as hand-ID.gif (within Discord's 10 MB "
        "upload limit) into --out. Hands recorded with /score at a physical table have no "
        "moves and are refused, as are hands still being played. Exit status 0 when written; "
        "exit status 2 on bad input or a hand that cannot be replayed (the reason on one line).",
    )
    add_hand_options(replay)
    replay.add_argument("--out", required=True, metavar="DIR", help="folder (created if missing)")
    replay.add_argument(
        "--seat",
        choices=SEATS,
        default="table",
        help="whose view: table (every hand face up, the default) or seat 1-4 (that hand only)",
    )
    replay.add_argument("--lang", choices=("en", "zh-CN", "zh-TW"), default="en")
    replay.add_argument(
        "--no-frames", action="store_true", help="write the animation only, no PNG per step"
    )


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Write the frames and the animation; the files written, one summary line."""
    seat = None if args.seat == "table" else int(args.seat) - 1
    folder = Path(args.out)
    if folder.exists() and not folder.is_dir():
        raise CliError(f"--out '{args.out}' is a file, not a folder")
    loaded = asyncio.run(_load(args.database, args.hand))
    from shangrao_bot.render.replay import ReplayFrame, render_animation, render_frame

    replay = loaded.replay
    frames = [
        ReplayFrame(
            step.public,
            replay.shown_hands(step.index, -1 if seat is None else seat),
            args.hand,
            step.index,
            len(replay),
            seat,
        )
        for step in replay.steps
    ]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"--out '{args.out}' cannot be created ({exc.strerror})") from None
    width = max(3, len(str(len(frames))))
    if not args.no_frames:
        for frame in frames:
            name = f"hand-{args.hand}-step-{frame.step + 1:0{width}d}.png"
            (folder / name).write_bytes(render_frame(frame, lang=args.lang))
    gif = render_animation(frames, lang=args.lang)
    (folder / f"hand-{args.hand}.gif").write_bytes(gif)
    written = "" if args.no_frames else f"{len(frames)} PNG frames and "
    out.write(
        f"hand {args.hand} (table #{loaded.source.table_id}, hand {loaded.hand_no}): "
        f"{len(frames)} steps; wrote {written}hand-{args.hand}.gif "
        f"({len(gif) / 1_000_000:.1f} MB) to {folder}\n"
    )
    return 0


async def _load(url: str, hand_id: int) -> Any:
    from shangrao_bot.service.replay import load_replay

    return await with_ledger(url, lambda db: load_replay(db, None, hand_id))
