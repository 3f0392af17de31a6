"""Start the Discord bot, or explain clearly why it cannot start."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import discord

from shangrao_bot.cli_errors import PROG, one_line
from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.gc_tuning import (
    FULL_COLLECT_EVERY_S,
    RELEASE_EVERY_S,
    collect_everything,
    freeze_startup_objects,
    release_free_memory,
    tune_for_serving,
)
from shangrao_bot.log import configure_logging
from shangrao_bot.settings import Settings, SettingsError
from shangrao_bot.store.errors import StoreError
from shangrao_bot.thread_switching import switch_threads_often

# Send Messages (1 << 11) | Embed Links (1 << 14) | Attach Files (1 << 15)
# | Read Message History (1 << 16) | Use External Emojis (1 << 18)
# | Create Public Threads (1 << 35) | Send Messages in Threads (1 << 38)
INVITE_PERMISSIONS = 309238024192

INVITE_URL = (
    "https://discord.com/oauth2/authorize?client_id=<APPLICATION_ID>"
    f"&scope=bot+applications.commands&permissions={INVITE_PERMISSIONS}"
)

NO_TOKEN_HELP = f"""\
shangrao-bot: DISCORD_TOKEN is not set, so the bot cannot connect to Discord.

To get a token:
  1. Open the Discord Developer Portal (https://discord.com/developers/applications)
     and click New Application.
  2. Open the Bot page, click Reset Token and copy the token.
  3. Put it in .env in the project directory (see .env.example):
       DISCORD_TOKEN=<your token>
  The bot needs no privileged gateway intents: leave them all switched off.

To invite the bot to a server, open this URL with your Application ID
(General Information page) in place of <APPLICATION_ID>:
  {INVITE_URL}
  (permissions: Send Messages, Send Messages in Threads, Create Public Threads,
   Embed Links, Attach Files, Read Message History, Use External Emojis)

Without a token, the command line works offline (installed in .venv/bin/):
  shangrao-bot score --hand TILES --win TILE --bao KIND …   score one hand
  shangrao-bot analyze --bao KIND …                        analyze hands read from stdin
  shangrao-bot play                                        play against three AI players
  shangrao-bot simulate --hands N --json                   AI players play N hands
  shangrao-bot verify --seed S --hash H                    check a hand's fairness
  shangrao-bot render --out DIR                            write sample images
"""

TOKEN_REJECTED_HELP = """\
shangrao-bot: Discord rejected DISCORD_TOKEN (the login failed).
The token is wrong or was reset. In the Discord Developer Portal open your application,
Bot page, click Reset Token, and put the new token in .env as DISCORD_TOKEN=<your token>.
"""


async def freeze_when_ready(bot: ShangraoBot) -> None:
    """Once the bot is up (set up, tables resumed, guilds received), keep what it has built
    out of later garbage collections (:mod:`shangrao_bot.gc_tuning`)."""
    await bot.wait_until_ready()
    frozen = freeze_startup_objects()
    logging.getLogger(__name__).info(
        "%d objects of the running bot frozen for the collector", frozen
    )


async def collect_garbage_periodically(every: float = FULL_COLLECT_EVERY_S) -> None:
    """Every ``every`` seconds, a full collection (:mod:`.gc_tuning`), on the event loop: the
    collector holds every thread while it runs anyway, wherever it is called from."""
    log = logging.getLogger(__name__)
    while True:
        await asyncio.sleep(every)
        found, took = collect_everything()
        log.debug("full collection: %d unreachable objects, %.1f ms", found, took * 1000)


async def release_memory_periodically(every: float = RELEASE_EVERY_S) -> None:
    """Every ``every`` seconds, hand the C allocator's free pages back to the system
    (:mod:`shangrao_bot.gc_tuning`), on a thread: the event loop goes on meanwhile."""
    while True:
        await asyncio.sleep(every)
        await asyncio.to_thread(release_free_memory)


async def _serve(bot: ShangraoBot, token: str) -> None:
    """Run until Discord ends the session or SIGTERM/SIGINT asks to stop; then stop
    gracefully (:meth:`ShangraoBot.shutdown`: running commands finish or are cancelled
    quietly, exit status 0)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # not on every platform
            loop.add_signal_handler(sig, stop.set)
    await bot.open_operator_site()  # first: a METRICS_PORT in use stops here
    try:
        await bot.open_database()  # before logging in: a bad DATABASE_URL stops here
    except BaseException:
        await bot.league.stop()
        await bot.operator.stop()
        raise
    tune_for_serving()
    switch_threads_often()  # the page thread, the drivers' threads: the loop waits less
    async with bot:
        running = asyncio.create_task(bot.start(token))
        stopping = asyncio.create_task(stop.wait())
        freezing = asyncio.create_task(freeze_when_ready(bot))
        releasing = asyncio.create_task(release_memory_periodically())
        collecting = asyncio.create_task(collect_garbage_periodically())
        try:
            done, _ = await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if running in done:
                stopping.cancel()
                running.result()  # re-raises a login failure
                return
            logging.getLogger(__name__).info("signal received: shutting down")
            await bot.shutdown()
            await running
        finally:
            freezing.cancel()
            releasing.cancel()
            collecting.cancel()


def run_bot(settings: Settings) -> int:
    """Run the bot until it is stopped; returns the process exit code."""
    token = settings.discord_token
    if not token:
        print(NO_TOKEN_HELP, end="", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, token)
    bot = ShangraoBot(settings)
    try:
        asyncio.run(_serve(bot, token))
    except discord.LoginFailure:
        print(TOKEN_REJECTED_HELP, end="", file=sys.stderr)
        return 2
    except SettingsError as exc:  # METRICS_PORT taken, METRICS_HOST not this machine's
        print(f"{PROG}: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except StoreError as exc:  # DATABASE_URL unusable, or a database newer than the bot
        print(f"shangrao-bot: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # DNS or connection failure before the gateway session starts
        print(f"shangrao-bot: could not reach Discord: {exc}", file=sys.stderr)
        return 1
    return 0
