"""``python -m shangrao_bot`` / ``shangrao-bot``: the command line (see :mod:`.entrypoints.cli`)."""

from __future__ import annotations

from shangrao_bot.entrypoints.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
