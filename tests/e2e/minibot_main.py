"""Entry point running :class:`~tests.e2e.minibot.MiniBot` as a separate process (for the
sitecustomize test): ``python -m tests.e2e.minibot_main`` with ``DISCORD_TOKEN`` and
``MINIBOT_GUILD_ID`` set, and ``FakeDiscord.subprocess_env()`` pointing it at the fake."""

from __future__ import annotations

import os

from tests.e2e.minibot import MiniBot


def main() -> None:
    bot = MiniBot(guild_id=int(os.environ["MINIBOT_GUILD_ID"]))
    bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
