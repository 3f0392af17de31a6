"""The league's pages served from a process: the bot's own when ``WEB_PORT`` is set, or
``shangrao-bot web``'s. One :class:`LeagueSite` listens on ``WEB_HOST:WEB_PORT`` and knows the
address its links carry (``WEB_PUBLIC_URL``, else where it listens)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from aiohttp import web

from shangrao_bot.settings import WEB_HOST, WEB_PORT, WebPlan
from shangrao_bot.store.database.interface import Database
from shangrao_bot.web.server import WebServer
from shangrao_bot.web.site_app import build_site_app


class LeagueSite:
    """The servers' pages of one process, from :meth:`start` to :meth:`stop`."""

    def __init__(
        self,
        plan: WebPlan,
        database: Callable[[], Database | None],
        others: Iterable[Iterable[web.AbstractRouteDef]] = (),
    ) -> None:
        self.plan = plan
        self.database = database
        self.others = list(others)
        self.server: WebServer | None = None

    @property
    def link_base(self) -> str:
        """Where links to the pages point (the port listened on once started)."""
        port = self.server.port if self.server is not None else None
        return self.plan.link_base(port)

    async def start(self) -> None:
        """Listen (once); a :class:`~shangrao_bot.settings.SettingsError` naming ``WEB_HOST``
        or ``WEB_PORT`` when the address cannot be used."""
        if self.server is not None or self.plan.port is None:
            return
        app = build_site_app(
            self.database, self.plan, *self.others, link_base=self.plan.public_url or ""
        )
        server = WebServer(
            app,
            self.plan.host,
            self.plan.port,
            "the league's pages",
            "/s/<token>/" + (", /healthz" if self.others else ""),
            (WEB_HOST, WEB_PORT),
        )
        await server.start()
        self.server = server

    async def stop(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            await server.stop()
