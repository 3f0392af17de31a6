"""Entry point: `python bot.py` reads settings (.env), sets up logging and runs the bot."""

from __future__ import annotations

import sys

from shangrao_bot.entrypoints.bot_runner import run_bot
from shangrao_bot.settings import SettingsError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"shangrao-bot: {exc}", file=sys.stderr)
        return 2
    return run_bot(settings)


if __name__ == "__main__":
    raise SystemExit(main())
