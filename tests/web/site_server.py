"""The league's pages over real HTTP for the tests: :func:`serving` listens on a free port of
127.0.0.1 with the application the bot and ``shangrao-bot web`` serve, over a given database."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from shangrao_bot.settings import WebPlan
from shangrao_bot.store.database.interface import Database
from shangrao_bot.web.server import WebServer
from shangrao_bot.web.site_app import build_site_app

GENEROUS = 100_000  # requests a minute: the tests that are not about the budget never meet it


@contextlib.asynccontextmanager
async def serving(
    db: Database, *, per_minute: int = GENEROUS, public_url: str | None = None
) -> AsyncIterator[str]:
    """The pages' base address (``http://127.0.0.1:PORT``) while they are served."""
    plan = WebPlan(port=0, requests_per_minute=per_minute, public_url=public_url)
    server = WebServer(
        build_site_app(lambda: db, plan), "127.0.0.1", 0, "the league's pages", "/s/"
    )
    await server.start()
    try:
        assert server.url is not None
        yield server.url
    finally:
        await server.stop()
