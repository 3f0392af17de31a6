"""``shangrao-bot backup`` and ``shangrao-bot restore``: a checked backup of the bot's database
taken while the bot runs, and one put back (:mod:`shangrao_bot.store.backups`).

Both read ``DATABASE_URL`` as the other commands do, unless ``--database`` names another
database. A refusal (no checked backup, a full disk, a bot running on the database, data that
would be replaced without ``--replace`` …) is one error line in the language ``--lang`` asks
for, exit status 2; nothing is left half-written.

Light to import: the store loads when a command runs.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any, TextIO

from shangrao_bot.cli_errors import CliError, said

DATABASE_HELP = (
    "the database: sqlite:///path/to/file.db or postgresql://…; default: DATABASE_URL, as the "
    "bot reads it"
)


def add_backup_parsers(sub: Any) -> None:
    """The ``backup`` and ``restore`` subcommands."""
    backup = sub.add_parser(
        "backup",
        help="take a checked backup of the bot's database, even while the bot runs",
        description="Copy the bot's database while it runs (SQLite: the online backup inside "
        "one read snapshot, a bounded number of pages per step; PostgreSQL: pg_dump -Fc), "
        "check the copy (SQLite's integrity check, or the dump restored into a scratch "
        "database; the schema version and every table's rows equal the database's at the "
        "copy's moment) and put it at FILE with its manifest, FILE.manifest.json (its sha256, "
        "size, schema version and rows), which makes it a checked backup. Nothing "
        "half-written is ever left at FILE. Exit status 0 when done, 2 with the reason on "
        "one line when refused.",
    )
    backup.add_argument("--database", metavar="URL", help=DATABASE_HELP)
    backup.add_argument(
        "--out", required=True, metavar="FILE", help="where the backup goes (its folder is made)"
    )
    restore = sub.add_parser(
        "restore",
        help="put a checked backup back as the bot's database (the bot stopped)",
        description="Restore a checked backup (one shangrao-bot backup wrote: its manifest "
        "beside it, its sha256 matching) into the database. Refused: any other file, a file "
        "cut short or altered, a database a bot runs on, a database that holds data (unless "
        "--replace). The backup goes to a temporary file (SQLite) or a fresh database "
        "(PostgreSQL), is checked, and only then takes the database's place: never "
        "half-restored. An older schema version is migrated by the bot at start-up. Exit "
        "status 0 when done, 2 with the reason on one line when refused.",
    )
    restore.add_argument("file", metavar="FILE", help="the checked backup")
    restore.add_argument("--database", metavar="URL", help=DATABASE_HELP)
    restore.add_argument(
        "--replace",
        action="store_true",
        help="replace the data the database holds (without it, a database with data is refused)",
    )


def _database(args: argparse.Namespace) -> str:
    """What the store is given: the ``postgresql://`` URL, or the SQLite file's path."""
    from shangrao_bot.settings import load_settings
    from shangrao_bot.store.database.interface import is_postgres_url, path_from_url

    url = args.database or load_settings().database_url
    return url if is_postgres_url(url) else path_from_url(url)


def cmd_backup(args: argparse.Namespace, out: TextIO) -> int:
    from shangrao_bot.errors import Refusal
    from shangrao_bot.store.backups.taking import take_backup

    try:
        taken = asyncio.run(take_backup(_database(args), Path(args.out)))
    except Refusal as exc:
        raise CliError(said(exc, args.ui_lang)) from None
    m = taken.manifest
    print(
        f"checked backup of {m.source} (schema version {m.schema_version}; "
        f"{len(m.tables)} tables, {m.hands} hands) written to {taken.file} "
        f"({m.size / 1e6:.1f} MB) in {m.seconds:.1f} s; manifest {taken.manifest_file}",
        file=out,
    )
    return 0


def cmd_restore(args: argparse.Namespace, out: TextIO) -> int:
    from shangrao_bot.errors import Refusal
    from shangrao_bot.store.backups.restoring import restore_backup

    try:
        done = asyncio.run(restore_backup(Path(args.file), _database(args), replace=args.replace))
    except Refusal as exc:
        raise CliError(said(exc, args.ui_lang)) from None
    m = done.manifest
    replaced = f"; {done.replaced_rows} rows replaced" if done.replaced_rows else ""
    print(
        f"restored {args.file} (taken {m.taken_at}, schema version {m.schema_version}; "
        f"{m.hands} hands) into {done.target}{replaced}",
        file=out,
    )
    return 0
