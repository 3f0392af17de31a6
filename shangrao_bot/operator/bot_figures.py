"""What the bot's metrics read from its state at each scrape, instead of counting it as it
changes: the tables open, the request budget's use, the picture workers' queue. Nothing is
recorded in between, so these cost the hot path nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from shangrao_bot.metrics import PREFIX
from shangrao_bot.service.model import TableStatus
from shangrao_bot.service.tables import TableService
from shangrao_bot.ui.pictures import Pictures
from shangrao_bot.ui.request_budget import RequestBudget

OPEN_STATUSES = tuple(s for s in TableStatus if s is not TableStatus.ENDED)


class TablesCollector(Collector):
    """``shangrao_tables_open{status}``: the virtual tables this process runs (none before
    the table service is up)."""

    def __init__(self, service: Callable[[], TableService | None]) -> None:
        self.service = service

    def collect(self) -> Iterator[GaugeMetricFamily]:
        service = self.service()
        counts = service.open_by_status() if service is not None else {}
        family = GaugeMetricFamily(
            f"{PREFIX}_tables_open",
            "Virtual tables this process runs, by status (lobby, playing, ready: between hands).",
            labels=["status"],
        )
        for status in OPEN_STATUSES:
            family.add_metric([status.value], counts.get(status, 0))
        yield family


class BudgetCollector(Collector):
    """The request budget now: its rate, the requests in its window, its recent use."""

    def __init__(self, budget: RequestBudget) -> None:
        self.budget = budget

    def collect(self) -> Iterator[GaugeMetricFamily]:
        budget = self.budget
        yield GaugeMetricFamily(
            f"{PREFIX}_discord_budget_rate",
            "Global-counted requests per second this process may send (its share of the "
            "token's limit).",
            budget.rate,
        )
        yield GaugeMetricFamily(
            f"{PREFIX}_discord_budget_in_window",
            "Requests in flight or answered in the budget's last second.",
            budget.in_window(),
        )
        yield GaugeMetricFamily(
            f"{PREFIX}_discord_budget_use_ratio",
            "The share of the budget's rate used over the last five seconds (0 idle, 1 full; "
            "the boards slow down as it grows).",
            budget.use(),
        )


class PicturesCollector(Collector):
    """The picture workers' queue and how busy they have been (nothing with threads)."""

    def __init__(self, pictures: Pictures) -> None:
        self.pictures = pictures

    def collect(self) -> Iterator[GaugeMetricFamily]:
        queue = self.pictures.queue()
        calls = GaugeMetricFamily(
            f"{PREFIX}_picture_calls",
            "Calls of the picture worker processes (pictures, AI decisions): waiting for a "
            "worker (ordinary, background: a board nobody waits for) or sent to one.",
            labels=["state"],
        )
        calls.add_metric(["waiting"], queue.waiting if queue else 0)
        calls.add_metric(["background"], queue.background if queue else 0)
        calls.add_metric(["running"], queue.running if queue else 0)
        yield calls
        yield GaugeMetricFamily(
            f"{PREFIX}_picture_workers",
            "Live picture worker processes.",
            queue.workers if queue else 0,
        )
        yield GaugeMetricFamily(
            f"{PREFIX}_picture_busy_ratio",
            "The share of the last five seconds the picture workers spent working.",
            self.pictures.load(),
        )
