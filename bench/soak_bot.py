"""The bot of the soak benchmark (``bench/soak.py``), in a process of its own: the real
``ShangraoBot`` with its unmodified discord.py, pointed at the loopback fake Discord by
``tests/e2e/sitecustom`` (on ``PYTHONPATH``), at the load pace of the table benchmarks.

It imports the bot's package from ``SOAK_CODE`` (a checkout; this one when unset), so the same
soak can measure another checkout's bot: it uses only what every version of the bot has
(``ShangraoBot``, ``Settings``, ``ServiceConfig``, ``freeze_when_ready``, ``tune_for_serving``,
``ShangraoBot.shutdown``; ``bot_runner`` from ``entrypoints/``, or from the package's top level
in a checkout older than that package), and runs the bot's other chores of ``bot_runner``
where the checkout has them (``release_memory_periodically``: the allocator's free pages
handed back once a minute; ``collect_garbage_periodically``: a full collection every few
seconds), so that the process measured is the one production runs. Its
module-level imports are those of ``bot.py``, so its picture workers (spawned processes, which
import this module again) hold what production's hold.

Every ``SOAK_REPORT_S`` seconds it appends a JSON line to ``SOAK_REPORTS``: the time, its
process id, whether the bot is ready, where its package came from, its asyncio tasks and the
coroutines most of them run (what only the process itself can see). On SIGTERM it stops as the
bot's own process does (``shutdown``: running interactions finish, then ``close``).

The other variables: ``DISCORD_TOKEN`` and the fake's address (``FakeDiscord.subprocess_env``),
``SOAK_DB`` (the SQLite file), ``SOAK_GUILD`` (the server the commands are synced to),
``SOAK_TABLES`` (the tables played at once: the server's table limit is twice that, so a lobby
a restart left behind never blocks a new table).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, os.environ.get("SOAK_CODE") or str(Path(__file__).resolve().parents[1]))

import asyncio
import contextlib
import json
import logging
import signal
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from typing import IO, Any

from table_drivers import LOAD_TIMINGS, seeds

import shangrao_bot
from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.gc_tuning import tune_for_serving
from shangrao_bot.service import ServiceConfig
from shangrao_bot.settings import Settings

try:  # the bot's runner, among the entry points since they were grouped in one package
    from shangrao_bot.entrypoints import bot_runner
except ModuleNotFoundError as exc:
    if exc.name != "shangrao_bot.entrypoints":
        raise
    from shangrao_bot import bot_runner  # an older checkout (SOAK_CODE): at the top level

freeze_when_ready = bot_runner.freeze_when_ready

BUSIEST = 6  # coroutines named in each report, the most frequent first
STOP_WAIT_S = 30.0  # after shutdown, for discord.py's runner to return


def task_report(bot: ShangraoBot) -> dict[str, Any]:
    """One line of the reports file: what the process sees of itself now."""
    tasks = asyncio.all_tasks()
    names: Counter[str] = Counter()
    for task in tasks:
        coro = task.get_coro()
        names[getattr(coro, "__qualname__", type(coro).__name__)] += 1
    return {
        "t": time.time(),
        "pid": os.getpid(),
        "ready": bot.is_ready(),
        "code": str(Path(shangrao_bot.__file__).resolve().parents[1]),
        "tasks": len(tasks),
        "busiest": names.most_common(BUSIEST),
    }


async def report_every(bot: ShangraoBot, out: IO[str], period: float) -> None:
    while True:
        out.write(json.dumps(task_report(bot)) + "\n")
        out.flush()
        await asyncio.sleep(period)


def production_chores() -> list[Callable[[], Coroutine[Any, Any, None]]]:
    """The periodic chores ``bot_runner`` runs beside the bot that this checkout has (an
    older checkout may have none)."""
    names = ("release_memory_periodically", "collect_garbage_periodically")
    return [chore for name in names if (chore := getattr(bot_runner, name, None)) is not None]


async def serve() -> int:
    """Run the bot until SIGTERM; 1 when discord.py's runner ended by itself."""
    n = int(os.environ["SOAK_TABLES"])
    token = os.environ["DISCORD_TOKEN"]
    settings = Settings(
        discord_token=token,
        database_url=f"sqlite:///{os.environ['SOAK_DB']}",
        dev_guild_id=int(os.environ["SOAK_GUILD"]),
    )
    config = ServiceConfig(**LOAD_TIMINGS, max_tables_per_guild=max(20, 2 * n))
    bot = ShangraoBot(settings, service_config=config, seeds=seeds)
    bot._connection.guild_ready_timeout = 0.05  # as the tests' start_client does
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    tune_for_serving()  # as the bot's own process does (bot_runner)
    try:  # a checkout from before the page thread has no such module
        from shangrao_bot.thread_switching import switch_threads_often
    except ModuleNotFoundError:
        pass
    else:
        switch_threads_often()
    with open(os.environ["SOAK_REPORTS"], "a", encoding="utf-8") as out:
        runner = asyncio.create_task(bot.start(token))
        freezing = asyncio.create_task(freeze_when_ready(bot))
        reporting = asyncio.create_task(report_every(bot, out, float(os.environ["SOAK_REPORT_S"])))
        chores = [asyncio.create_task(chore()) for chore in production_chores()]
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({runner, stopping}, return_when=asyncio.FIRST_COMPLETED)
        ended_by_itself = runner.done()
        if ended_by_itself:
            logging.error("the bot's runner ended by itself: %r", runner.exception())
        reporting.cancel()
        freezing.cancel()
        for chore in chores:
            chore.cancel()
        stopping.cancel()
        await bot.shutdown()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(runner, STOP_WAIT_S)
    return 1 if ended_by_itself else 0


def main() -> None:
    logging.basicConfig(level=logging.WARNING)
    raise SystemExit(asyncio.run(serve()))


if __name__ == "__main__":
    main()
