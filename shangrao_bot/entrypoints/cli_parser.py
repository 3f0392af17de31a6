"""The command line's argument parser (:func:`build_parser`): the top-level options and every
subcommand's. The subcommands with a module of their own add their options there
(``add_score_parser`` …); the small ones (``verify``, ``simulate``, ``play``, ``run``,
``migrate``) are declared here. ``backup`` and ``restore``: ``add_backup_parsers``.

The parser never exits with argparse's usage message: its errors raise
:class:`~shangrao_bot.cli_errors.CliError`, which the CLI reports as its one line with exit
status 2. This module stays light to import: the parser is built for every command.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn

from shangrao_bot.catalog import LANGS
from shangrao_bot.cli_errors import CliError
from shangrao_bot.entrypoints.analyze_cli import add_analyze_parser
from shangrao_bot.entrypoints.arena_cli import add_arena_parser
from shangrao_bot.entrypoints.backup_cli import add_backup_parsers
from shangrao_bot.entrypoints.replay_cli import add_replay_parser
from shangrao_bot.entrypoints.review_cli import add_review_parser
from shangrao_bot.entrypoints.score_cli import add_score_parser
from shangrao_bot.entrypoints.web_cli import add_web_parser
from shangrao_bot.render.cli import add_render_parser


class CliParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are the CLI's one-line errors."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message}; try '{self.prog} --help'")


def _positive(option: str) -> Callable[[str], int]:
    def convert(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise CliError(f"{option} '{text}' is not a whole number") from None
        if n < 1:
            raise CliError(f"{option} {n} is too small: use 1 or more")
        return n

    return convert


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole command line: the top-level options (``--lang``) and every
    subcommand's, in the order ``--help`` lists them."""
    parser = CliParser(
        prog="shangrao-bot",
        description="Shangrao mahjong (上饶麻将): Discord bot, scorer and hand analyser.",
    )
    parser.add_argument(
        "--lang",
        dest="ui_lang",
        choices=LANGS,
        default="en",
        help="the language refusals are written in (e.g. `shangrao-bot --lang zh-CN score …`); "
        "English by default",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=CliParser)

    add_score_parser(sub)
    add_analyze_parser(sub)

    verify = sub.add_parser(
        "verify",
        help="check a hand's fairness: recompute its wall from the revealed seed",
        description="Recompute the wall order and dice of a hand from the seed the table revealed "
        "at its end, and check it against the sha256 hash published at its start. Exit 0 when "
        "the hash matches, 1 when it does not.",
    )
    verify.add_argument("--seed", required=True, help="the revealed seed (64 hex digits)")
    verify.add_argument("--hash", required=True, help="the published sha256 (64 hex digits)")
    verify.add_argument("--json", action="store_true", help="print one JSON object")

    simulate = sub.add_parser(
        "simulate",
        help="AI players play N hands; report outcomes, invariant checks and speed",
        description="Four AI players play a session of N hands. Every action is followed by "
        "the engine's invariant checks; the report counts violations (expected: 0).",
    )
    simulate.add_argument("--hands", type=_positive("--hands"), default=100, help="default 100")
    simulate.add_argument("--seed", help="any text; the same seed replays the same session")
    simulate.add_argument(
        "--ai",
        default="normal",
        help="easy, normal or hard: one level for all seats or four, e.g. hard,normal,easy,easy",
    )
    simulate.add_argument("--preset", default="shangrao", help="shangrao (default) or baike")
    simulate.add_argument("--stake", type=_positive("--stake"), default=1)
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    play = sub.add_parser(
        "play",
        help="play in the terminal (seat 0) against three AI players",
        description="You are seat 0 against three AI players. Your hand is shown in mpsz and "
        "in Chinese, the 宝 in 【】. Commands: d 5m or 5m alone (discard; 五万 too), . (discard "
        "the drawn tile), chi 345m, pong, kong 7z, hu, pass, hint, help, quit. Works over a "
        "pipe.",
    )
    play.add_argument(
        "--ai", default="normal", help="the opponents' level: easy, normal (default) or hard"
    )
    play.add_argument("--preset", default="shangrao", help="shangrao (default) or baike")
    play.add_argument("--hands", type=_positive("--hands"), default=4, help="default 4")
    play.add_argument("--seed", help="any text; the same seed deals the same session")
    play.add_argument("--stake", type=_positive("--stake"), default=1)
    add_render_parser(sub)
    add_replay_parser(sub)
    add_review_parser(sub)
    add_arena_parser(sub)
    sub.add_parser(
        "run",
        help="run the Discord bot (same as python bot.py)",
        description="Run the Discord bot, the same as python bot.py, with the settings of the "
        "environment and .env (DISCORD_TOKEN, DATABASE_URL …). With METRICS_PORT set it also "
        "serves /healthz and /metrics on METRICS_HOST (127.0.0.1 by default). Exit status 2 "
        "when a setting cannot be used (the reason on one line).",
    )
    sub.add_parser(
        "migrate",
        help="bring DATABASE_URL's database to this bot's schema version",
        description="Apply the schema migrations to the database DATABASE_URL names (an "
        "SQLite file, created if missing, or a PostgreSQL database), as the bot does at "
        "start-up, and print the version reached and the one before. Exit status 0 when done, "
        "2 when the database cannot be used (the reason on one line).",
    )
    add_backup_parsers(sub)
    add_web_parser(sub)
    return parser
