"""Refusals of the backups (``shangrao-bot backup`` and ``restore``, and the bot's scheduled
backups): said to the operator on the command line, or in the log.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # taking a backup
    "backup.no_database": "there is no database at {path}: nothing to back up",
    "backup.source_unreadable": "{path} cannot be read as an SQLite database ({error})",
    "backup.out_is_folder": "{path} is a folder: give the backup's file name with --out",
    "backup.newer_schema": (
        "the database is at schema version {version}, newer than this bot ({latest}): back it "
        "up with the bot that runs on it"
    ),
    "backup.no_space": (
        "no room for the backup in {folder} ({error}): nothing was written; free some space "
        "or choose another place"
    ),
    "backup.write_failed": "the backup could not be written at {path} ({error}): nothing was kept",
    "backup.check_failed": "{path} failed its check ({why}): nothing was kept",
    "backup.why.integrity": "SQLite's integrity check: {detail}",
    "backup.why.version": "schema version {copy} in the copy, {source} in the database",
    "backup.why.rows": "table {table}: {copy} rows in the copy, {source} in the database",
    # restoring one
    "backup.missing": "there is no backup file at {path}",
    "backup.not_checked": (
        "{path} is not a checked backup (no valid manifest {manifest} beside it): restore "
        "reads only the backups shangrao-bot backup writes"
    ),
    "backup.altered": (
        "{path} is not the file its manifest describes ({size} bytes, the manifest says "
        "{expected}, or its sha256 differs): it was cut short or altered; nothing was restored"
    ),
    "backup.newer_backup": (
        "{path} holds schema version {version}, newer than this bot ({latest}): upgrade the "
        "bot first"
    ),
    "backup.wrong_kind": (
        "{path} is a backup of a {kind} database, and the database to restore into is a "
        "{target} one"
    ),
    "backup.bot_running": (
        "a bot is running on {path} (it holds {path}.lock): stop it before restoring"
    ),
    "backup.target_has_data": (
        "{target} holds data ({rows} {rows:row|rows}): add --replace to replace it with the "
        "backup's"
    ),
    "backup.target_unreadable": (
        "{target} cannot be read as a database ({error}): add --replace to replace it"
    ),
    # PostgreSQL
    "backup.pg_tools_missing": (
        "PostgreSQL's pg_dump and pg_restore of version {major} or newer were not found: "
        "install the postgresql-client-{major} package (Debian), or put their folder on PATH"
    ),
    "backup.pg_tool_failed": "{tool} failed (exit status {status}): {error}",
    "backup.pg_no_database": "the PostgreSQL URL {url} names no database",
    "backup.pg_failed": "PostgreSQL at {url} refused: {error}",
    "backup.pg_in_use": (
        "{count} {count:connection uses|connections use} the database {url} besides this one: "
        "stop the bot's processes before restoring"
    ),
}
