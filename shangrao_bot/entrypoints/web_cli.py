"""``shangrao-bot web``: the league's pages in a process of their own, over the bot's database
(several such processes behind a reverse proxy on PostgreSQL, like the shard processes).

It reads ``DATABASE_URL``, ``WEB_HOST``, ``WEB_PORT`` (default :data:`DEFAULT_PORT`),
``WEB_PUBLIC_URL`` and ``WEB_REQUESTS_PER_MINUTE`` as the bot does; ``--database``, ``--host``
and ``--port`` override them. Beside the pages it answers ``/healthz`` (the database answers,
the event loop is not held up) for a process manager. It runs until SIGTERM or Ctrl-C.

Light to import: the server loads when the command runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import signal
from typing import Any, TextIO

DEFAULT_PORT = 8080


def add_web_parser(sub: Any) -> None:
    """The ``web`` subcommand."""
    web = sub.add_parser(
        "web",
        help="serve the league's read-only web pages from the bot's database",
        description="Serve every server's league pages (switched on in Discord with /web on; "
        "each server's under its own secret address, which /web link gives) and /healthz, "
        "until SIGTERM or Ctrl-C. Settings as the bot reads them: DATABASE_URL, WEB_HOST "
        f"(127.0.0.1), WEB_PORT ({DEFAULT_PORT} here), WEB_PUBLIC_URL (the address links "
        "carry behind a reverse proxy), WEB_REQUESTS_PER_MINUTE (per client address).",
    )
    web.add_argument(
        "--database",
        metavar="URL",
        help="sqlite:///path/to/file.db or postgresql://…; default: DATABASE_URL",
    )
    web.add_argument("--host", help="the address to listen on; default: WEB_HOST or 127.0.0.1")
    web.add_argument(
        "--port", type=int, help=f"the port to listen on; default: WEB_PORT or {DEFAULT_PORT}"
    )


def cmd_web(args: argparse.Namespace, out: TextIO) -> int:
    from shangrao_bot.cli_errors import CliError
    from shangrao_bot.settings import SettingsError, load_settings

    try:
        settings = load_settings()
    except SettingsError as exc:
        raise CliError(str(exc)) from None
    plan = settings.web
    port = args.port if args.port is not None else plan.port
    plan = dataclasses.replace(
        plan,
        host=args.host or plan.host,
        port=DEFAULT_PORT if port is None else port,
    )
    if not 0 <= (plan.port or 0) <= 65535:
        raise CliError(f"--port {plan.port}: a port number from 0 to 65535")
    url = args.database or settings.database_url
    try:
        return asyncio.run(_serve(url, plan, out))
    except SettingsError as exc:
        raise CliError(str(exc)) from None


async def _serve(url: str, plan: Any, out: TextIO) -> int:
    from shangrao_bot.cli_errors import CliError
    from shangrao_bot.loop_lag import LoopLagProbe
    from shangrao_bot.metrics import BotMetrics
    from shangrao_bot.store.database.interface import is_postgres_url, path_from_url
    from shangrao_bot.store.database.opening import open_database
    from shangrao_bot.store.errors import StoreError
    from shangrao_bot.thread_switching import switch_threads_often
    from shangrao_bot.web.health import health_routes
    from shangrao_bot.web.health_checks import database_check, loop_lag_check
    from shangrao_bot.web.league_site import LeagueSite

    try:
        db = await open_database(url if is_postgres_url(url) else path_from_url(url))
    except StoreError as exc:
        raise CliError(f"the database cannot be opened: {exc}") from None
    from prometheus_client import CollectorRegistry

    lag = LoopLagProbe(BotMetrics(CollectorRegistry()).loop_lag)
    checks = [database_check(lambda: db), loop_lag_check(lag)]
    site = LeagueSite(plan, lambda: db, [health_routes(checks)])
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    switch_threads_often()  # the page thread renders beside the loop (as in the bot)
    try:
        await site.start()
        lag.start()
        print(f"the league's pages: {site.link_base} (each server's address: /web link)", file=out)
        out.flush()
        await stop.wait()
    finally:
        await lag.stop()
        await site.stop()
        await db.close()
    return 0
