"""Everything the bot shows its operator, put together: its metrics registry, the loop-lag
probe, the health checks and, when ``METRICS_PORT`` is set, the server of ``/healthz`` and
``/metrics`` (:class:`OperatorSite`, one per bot).

The pages, the server and the checks any process can run come from ``web/``; what reads the
bot's own parts (its discord.py client, the request budget, the picture workers) is here."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import discord
from prometheus_client import CollectorRegistry, ProcessCollector

from shangrao_bot.loop_lag import LoopLagProbe
from shangrao_bot.metrics import BotMetrics, RuntimeCollector
from shangrao_bot.operator.bot_figures import BudgetCollector, PicturesCollector, TablesCollector
from shangrao_bot.operator.gateway import gateway_check
from shangrao_bot.service.tables import TableService
from shangrao_bot.store.database.interface import Database
from shangrao_bot.ui.pictures import PICTURES
from shangrao_bot.ui.request_budget import RequestBudget
from shangrao_bot.web.app import build_app
from shangrao_bot.web.health import HealthCheck, health_routes
from shangrao_bot.web.health_checks import database_check, loop_lag_check, storage_check
from shangrao_bot.web.metrics_page import metrics_routes
from shangrao_bot.web.server import WebServer


class OperatorSite:
    """The bot's figures and health, and the page serving them.

    ``metrics`` is what the bot hands its parts to record into; ``checks`` the health checks
    ``/healthz`` runs (a check appended later counts from the next request on). The server
    runs from :meth:`start` to :meth:`stop`, the loop-lag probe from :meth:`probe_loop` (once
    the bot's start-up is done: its imports and syncs hold the loop once, not in play)."""

    def __init__(self, host: str, port: int | None) -> None:
        """``port`` None: no server (the figures are still kept); 0: any free port."""
        self.registry = CollectorRegistry()
        self.metrics = BotMetrics(self.registry)
        ProcessCollector(registry=self.registry)  # resident memory, open files, CPU (Linux)
        self.lag = LoopLagProbe(self.metrics.loop_lag)
        self.checks: list[HealthCheck] = [loop_lag_check(self.lag)]
        self.host = host
        self.port = port
        self.server: WebServer | None = None
        self._runtime: RuntimeCollector | None = None

    def watch(
        self,
        client: discord.Client,
        database: Callable[[], Database | None],
        service: Callable[[], TableService | None],
        budget: RequestBudget,
    ) -> None:
        """The bot's parts its health and figures read: the gateway and the database are
        checked before the loop; the tables, the budget and the pictures are read at each
        scrape."""
        self.checks[:0] = [
            gateway_check(client),
            database_check(database),
            storage_check(database),
        ]
        self.registry.register(TablesCollector(service))
        self.registry.register(BudgetCollector(budget))
        self.registry.register(PicturesCollector(PICTURES))

    async def start(self) -> None:
        """Serve the page (once; again nothing): a
        :class:`~shangrao_bot.settings.SettingsError` when its address cannot be used."""
        self._watch_runtime()
        if self.port is not None and self.server is None:
            app = build_app(health_routes(self.checks), metrics_routes(self.registry))
            server = WebServer(app, self.host, self.port)
            await server.start()
            self.server = server

    def probe_loop(self) -> None:
        """Start measuring the running loop's lag (again nothing)."""
        self._watch_runtime()
        self.lag.start()

    def _watch_runtime(self) -> None:
        if self._runtime is None:
            self._runtime = RuntimeCollector(asyncio.get_running_loop())
            self.registry.register(self._runtime)

    async def stop(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            await server.stop()
        await self.lag.stop()
