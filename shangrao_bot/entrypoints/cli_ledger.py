"""The bot's database for the command line's subcommands that read finished hands (``replay``,
``review``): their ``--database`` and ``--hand`` options, and opening the database as the bot
opens it (migrated to this version if older) — a SQLite file that does not exist is refused
rather than created empty, and a refusal (an unknown id, a physical hand, a hand still being
played …) ends the command with its English text on one line.

Light to import: the store loads when a command runs.
"""

from __future__ import annotations

import argparse
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from shangrao_bot.cli_errors import CliError

if TYPE_CHECKING:
    from shangrao_bot.store.database.interface import Database

T = TypeVar("T")


def hand_id(text: str) -> int:
    """A ledger hand id from the command line."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a hand id (a whole number)") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is not a hand id: ids start at 1")
    return n


def add_hand_options(parser: Any) -> None:
    """``--database URL`` and ``--hand ID``, both required."""
    parser.add_argument(
        "--database",
        required=True,
        metavar="URL",
        help="the bot's DATABASE_URL, e.g. sqlite:///data/shangrao.db or postgresql://…",
    )
    parser.add_argument(
        "--hand", required=True, type=hand_id, metavar="ID", help="the ledger hand id (/history)"
    )


async def with_ledger(url: str, work: Callable[[Database], Awaitable[T]]) -> T:
    """``work`` on the database ``url`` names; its refusals as one-line :class:`CliError`."""
    from shangrao_bot.errors import Refusal
    from shangrao_bot.store.database.interface import is_postgres_url, path_from_url
    from shangrao_bot.store.database.startup import open_ledger
    from shangrao_bot.store.errors import StoreError
    from shangrao_bot.ui.i18n import t

    try:
        if not is_postgres_url(url) and not Path(path_from_url(url)).exists():
            raise CliError(f"no database at '{url}': give the bot's DATABASE_URL")
        db = await open_ledger(url)
    except StoreError as exc:
        raise CliError(str(exc)) from None
    try:
        return await work(db)
    except Refusal as exc:
        raise CliError(t(exc.key, "en", **exc.args_).replace("`", "")) from None
    finally:
        await db.close()
