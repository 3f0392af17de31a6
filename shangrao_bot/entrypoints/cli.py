"""Command line: ``shangrao-bot score | analyze | verify | simulate | arena | play | render |
replay | review | run | migrate`` over the rules core, the engine, the renderer and the ledger
database; ``backup`` and ``restore`` too, and ``web`` (the league's pages, :mod:`.web_cli`).

Conventions shared by every subcommand:

* Bad input never produces a traceback: it ends with exit status 2 and one line on stderr,
  ``shangrao-bot: error: …``, that names the offending token (argparse's own usage errors
  included). Echoed input has its control characters escaped (``\\x1b``) and long tokens cut.
* ``analyze`` reads a batch: a bad line answers with an error object for that line, the batch
  goes on, and the exit status is 2 when any line was bad. With ``--discards`` (何切) it prints
  text, each hand's discards ranked by the hand analysis, and a bad line as ``line N: error: …``.
* Output cut short by its reader (``shangrao-bot … | head``) ends quietly with exit status 141
  (128 + SIGPIPE, what a shell reports for a command stopped by a closed pipe).
* Ctrl-C ends with exit status 130 and no traceback.

This module is the entry point (:func:`main`): it parses the command line
(:mod:`.cli_parser`), runs the subcommand and applies those conventions. ``score`` and
``analyze`` live in :mod:`.score_cli` and :mod:`.analyze_cli`, as ``replay``, ``review`` and
``arena`` in theirs; ``verify``, ``simulate`` and ``migrate`` are small enough to stay here.
``backup`` and ``restore`` live in :mod:`.backup_cli`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from shangrao_bot.cli_errors import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    CliError,
    error_line,
    said,
)
from shangrao_bot.engine.wall import Wall, WallError, parse_seed, shuffle_wall
from shangrao_bot.entrypoints.analyze_cli import cmd_analyze
from shangrao_bot.entrypoints.arena_cli import cmd_arena
from shangrao_bot.entrypoints.backup_cli import cmd_backup, cmd_restore
from shangrao_bot.entrypoints.cli_parser import build_parser
from shangrao_bot.entrypoints.replay_cli import cmd_replay
from shangrao_bot.entrypoints.review_cli import cmd_review
from shangrao_bot.entrypoints.score_cli import cmd_score
from shangrao_bot.entrypoints.web_cli import cmd_web
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import bao_from_indicator, format_tiles

# The parser class under the name it had here (tests add subcommands' parsers with it).


def cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    seed = parse_seed(args.seed)
    published = args.hash.strip().lower()
    if len(published) != 64 or any(ch not in "0123456789abcdef" for ch in published):
        raise CliError(f"'{args.hash}' is not a sha256 hash: it should be 64 hex digits")
    setup = shuffle_wall(seed)
    matches = setup.commitment == published
    wall = Wall(setup)
    indicator = wall.indicator
    dice = setup.dice
    if args.json:
        record = {
            "matches": matches,
            "computed_hash": setup.commitment,
            "wall": format_tiles(setup.order),
            "dealer_rolls": [
                [list(roll) if roll else None for roll in r] for r in dice.dealer_rounds
            ],
            "first_dealer": dice.first_dealer,
            "break_dice": list(dice.break_dice),
            "indicator_dice": list(dice.indicator_dice),
            "indicator": format_tiles([indicator]),
            "bao": format_tiles([bao_from_indicator(indicator)]),
        }
        print(json.dumps(record), file=out)
    else:
        verdict = "matches" if matches else "DOES NOT match"
        print(f"sha256(seed) = {setup.commitment}: {verdict} the published hash", file=out)
        for n, r in enumerate(dice.dealer_rounds, 1):
            rolls = "  ".join(
                f"seat {seat}: " + (f"{roll[0]}+{roll[1]}" if roll else "-")
                for seat, roll in enumerate(r)
            )
            print(f"dealer dice, round {n}: {rolls}", file=out)
        print(f"first dealer: seat {dice.first_dealer}", file=out)
        print(f"break dice: {dice.break_dice[0]}+{dice.break_dice[1]}", file=out)
        ind_dice = f"{dice.indicator_dice[0]}+{dice.indicator_dice[1]}"
        print(
            f"跌宝 dice: {ind_dice} → indicator {format_tiles([indicator])}, "
            f"宝 {format_tiles([bao_from_indicator(indicator)])}",
            file=out,
        )
        print(f"wall (head first): {format_tiles(setup.order)}", file=out)
    return 0 if matches else 1


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from shangrao_bot.entrypoints.simulate import parse_levels, simulate

    rules = RuleSet.from_name(args.preset, stake=args.stake)
    report = simulate(args.hands, args.seed, parse_levels(args.ai), rules)
    if args.json:
        out.write(json.dumps(report.to_json(), ensure_ascii=False) + "\n")
    else:
        out.write(report.to_text() + "\n")
    return 0 if report.invariant_violations == 0 and report.zero_sum else 1


def cmd_migrate(out: TextIO) -> int:
    """Apply the migrations to ``DATABASE_URL``'s database, as the bot does at start-up."""
    from shangrao_bot.settings import load_settings
    from shangrao_bot.store.errors import StoreError

    url = load_settings().database_url
    try:
        shown_target, before, after = asyncio.run(_migrate(url))
    except StoreError as exc:  # unusable, unreachable, or newer than this bot
        raise CliError(str(exc)) from None
    was = "" if before is None else f" (was {before})"
    print(f"database {shown_target} at schema version {after}{was}", file=out)
    return 0


async def _migrate(url: str) -> tuple[str, int | None, int]:
    """Open (and so migrate and write-probe) the ledger at ``url``: what it is (no password),
    its version before, when it could be read, and after."""
    from shangrao_bot.store.database.startup import open_ledger

    before = await _version_before(url)
    db = await open_ledger(url)
    try:
        return db.path, before, await db.user_version()
    finally:
        await db.close()


async def _version_before(url: str) -> int | None:
    """The schema version of the ledger ``url`` names, read without changing anything: 0 for
    an SQLite file not yet made; None when it cannot be read (opening it then says why)."""
    import sqlite3
    from pathlib import Path

    import asyncpg

    from shangrao_bot.store.database.interface import is_postgres_url, path_from_url
    from shangrao_bot.store.database.postgres import connect, schema_version
    from shangrao_bot.store.errors import StoreError

    if is_postgres_url(url):
        try:
            server = await connect(url)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
            return None
        try:
            return await schema_version(server)
        except asyncpg.PostgresError:
            return None
        finally:
            await server.close()
    try:
        path = Path(path_from_url(url))
    except StoreError:
        return None
    if not path.exists():
        return 0
    try:
        file = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        row = file.execute("PRAGMA user_version").fetchone()
        return int(row[0]) if row else 0
    except sqlite3.Error:
        return None
    finally:
        file.close()


def _drop_stdout() -> None:
    """After a broken pipe: point stdout at the null device, so that the interpreter's own
    flush at exit does not fail (and complain) again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    out = stdout or sys.stdout
    try:
        status = _main(argv, stdin, out)
        out.flush()
        return status
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly
        if stdout is None:
            _drop_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def _main(argv: Sequence[str] | None, stdin: TextIO | None, out: TextIO) -> int:
    lang = "en"
    try:
        with contextlib.redirect_stdout(out):  # --help goes where the output goes
            args = build_parser().parse_args(argv)
        lang = args.ui_lang
        if args.command == "score":
            return cmd_score(args, out)
        if args.command == "analyze":
            return cmd_analyze(args, stdin or sys.stdin, out)
        if args.command == "verify":
            return cmd_verify(args, out)
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "arena":
            return cmd_arena(args, out)
        if args.command == "render":
            from shangrao_bot.render.cli import run_render

            return run_render(args, out)
        if args.command == "replay":
            return cmd_replay(args, out)
        if args.command == "review":
            return cmd_review(args, out)
        if args.command == "play":
            from shangrao_bot.play import run_play

            return run_play(args, stdin or sys.stdin, out)
        if args.command == "migrate":
            return cmd_migrate(out)
        if args.command == "backup":
            return cmd_backup(args, out)
        if args.command == "restore":
            return cmd_restore(args, out)
        if args.command == "web":
            return cmd_web(args, out)
        # imported here: discord.py takes a while to import and score/analyze do not need it
        from shangrao_bot.entrypoints.bot_runner import run_bot
        from shangrao_bot.settings import load_settings

        return run_bot(load_settings())
    except BrokenPipeError:
        raise
    except (CliError, RulesError, WallError, ValueError) as exc:
        print(error_line(said(exc, lang)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    except Exception as exc:  # a bug: still one line for the user, never a traceback
        print(
            error_line(
                f"internal error ({type(exc).__name__}: {exc}); please report it with the "
                "command you ran"
            ),
            file=sys.stderr,
        )
        return 1
