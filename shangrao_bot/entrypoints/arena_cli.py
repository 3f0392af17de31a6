"""The ``shangrao-bot arena`` subcommand: its options (:func:`add_arena_parser`) and its run
(:func:`cmd_arena`), wired into the CLI as ``render`` is.

This module stays light to import, since the CLI builds every subcommand's parser for every
command: the arena itself is imported when the command runs. Bad input follows the CLI's
conventions: a bad number is the parser's error, a bad level or preset a ``ValueError``, both
reported by the CLI as one line with exit status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

DEFAULT_DEALS = 100


def _positive(text: str) -> int:
    """A count of 1 or more. Its errors go through the parser (``argument --hands: …``), which
    the CLI turns into its one-line error, so nothing here depends on the CLI's internals."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is too small: use 1 or more")
    return n


def add_arena_parser(sub: Any) -> None:
    """Add the ``arena`` subcommand to ``sub`` (the CLI's ``add_subparsers()`` object)."""
    arena = sub.add_parser(
        "arena",
        help="measure one AI level against another on duplicate deals",
        description="Each of N deals (one seeded wall, the same dealer) is played four times: "
        "the --ai player in seat 0, 1, 2 and 3 in turn, the --vs player in the other seats. "
        "Reports the --ai player's points per hand (its mean net payment; 0 means as strong "
        "as --vs) with a 95% confidence interval over the deals, its win rate, the average "
        "value of its wins, its 飞宝 per hand and its decision times. The same seed replays "
        "the same run.",
    )
    arena.add_argument("--ai", required=True, help="the candidate's AI level, e.g. normal")
    arena.add_argument("--vs", required=True, help="the baseline's AI level, e.g. easy")
    arena.add_argument(
        "--hands",
        type=_positive,
        default=DEFAULT_DEALS,
        metavar="N",
        help=f"deals, each played four times (default {DEFAULT_DEALS})",
    )
    arena.add_argument("--seed", help="any text; the same seed replays the same deals")
    arena.add_argument("--preset", default="shangrao", help="shangrao (default) or baike")
    arena.add_argument(
        "--jobs",
        type=_positive,
        default=1,
        help="processes to play the deals in (default 1; the report does not depend on it)",
    )
    arena.add_argument("--json", action="store_true", help="print one JSON object")


def cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    """Run the arena; exit status 0, or 1 if a hand's payments did not sum to zero."""
    from shangrao_bot.entrypoints.arena import check_level, run_arena
    from shangrao_bot.rules.ruleset import RuleSet

    candidate = check_level(args.ai, "--ai")
    baseline = check_level(args.vs, "--vs")
    rules = RuleSet.from_name(args.preset)
    report = run_arena(candidate, baseline, args.hands, args.seed, rules, args.jobs)
    if args.json:
        out.write(json.dumps(report.to_json(), ensure_ascii=False) + "\n")
    else:
        out.write(report.to_text() + "\n")
    return 0 if report.zero_sum else 1
