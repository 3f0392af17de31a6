"""The figures the bot records for the operator's Prometheus, one set per bot.

Every metric object is created in the registry of the bot that owns it (:class:`BotMetrics`,
built by ``ShangraoBot`` with a ``CollectorRegistry`` of its own, never prometheus_client's
global default): two bots in one process (the tests run several) each count their own, and
nothing is registered twice. The layers below the bot record into the objects they are handed
(the database's query times, the request budget's and the request gate's counts, the panels'
turn latency, the tables' finished hands); what already exists as state (the tables open, the
picture workers' queue, the budget's use, the process's tasks) is read when Prometheus
scrapes, by collectors, and costs nothing in between. Recording is a counter's increment or a
histogram's observation, on objects bound to their labels beforehand.

A part built without a bot's metrics (the command line, most tests) records into
:data:`UNMEASURED`: the same objects in no registry, which nothing reads.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from dataclasses import dataclass

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

PREFIX = "shangrao"

#: Seconds: a query of the store's (an index read, a save) takes about a millisecond; a write
#: waiting for a lock held elsewhere up to the busy timeout (1.5 s).
QUERY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: Seconds from a turn's start to the player's prompt shown: a board edit first (2 s at most),
#: a picture, Discord's answer.
TURN_BUCKETS = (0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 30.0)
#: Seconds the event loop answered late (a healthy loop: a few milliseconds).
LAG_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

URGENCIES = ("deferrable", "normal", "urgent")  # the request budget's, by name
OPERATIONS = ("read", "write")


@dataclass(frozen=True)
class QueryMetrics:
    """One database backend's figures, bound to its label: each operation's time and errors."""

    seconds: dict[str, Histogram]  # operation → its histogram
    errors: dict[str, Counter]  # operation → its error count


class BotMetrics:
    """The metric objects the bot's parts record into, all in ``registry`` (None: in none)."""

    def __init__(self, registry: CollectorRegistry | None) -> None:
        self.registry = registry
        r = registry
        self.hands_finished = Counter(
            f"{PREFIX}_hands_finished",
            "Hands of virtual tables finished and recorded in the ledger by this process.",
            registry=r,
        )
        self.turn_latency = Histogram(
            f"{PREFIX}_turn_latency_seconds",
            "From the start of the change that gives a player her turn (or a claim window) to "
            "Discord's answer to the request showing her prompt on her panel.",
            buckets=TURN_BUCKETS,
            registry=r,
        )
        self.loop_lag = Histogram(
            f"{PREFIX}_event_loop_lag_seconds",
            "How late the event loop woke a probe sleeping a short interval.",
            buckets=LAG_BUCKETS,
            registry=r,
        )
        self.discord_requests = Counter(
            f"{PREFIX}_discord_requests",
            "Requests that took a slot in the request budget (Discord's global limit), by urgency.",
            ["urgency"],
            registry=r,
        )
        self.discord_requests_held = Counter(
            f"{PREFIX}_discord_requests_held",
            "Requests the request budget held back until a slot was free, by urgency.",
            ["urgency"],
            registry=r,
        )
        self.discord_rate_limited = Counter(
            f"{PREFIX}_discord_rate_limited",
            "Discord's 429 answers, by X-RateLimit-Scope (global, shared, user; unknown when "
            "absent).",
            ["scope"],
            registry=r,
        )
        self.discord_server_errors = Counter(
            f"{PREFIX}_discord_server_errors",
            "Discord's 5xx answers, by status (discord.py tries a 500, 502 or 504 again; the "
            "bot tries a turn's, a claim prompt's or a result's message again after any).",
            ["status"],
            registry=r,
        )
        self.db_query_seconds = Histogram(
            f"{PREFIX}_db_query_seconds",
            "Database calls: a read (one query) or a write (one transaction function), from the "
            "call to its result, by backend and operation.",
            ["backend", "operation"],
            buckets=QUERY_BUCKETS,
            registry=r,
        )
        self.db_query_errors = Counter(
            f"{PREFIX}_db_query_errors",
            "Database calls that failed: storage unavailable, or an error that is not a "
            "refusal, by backend and operation.",
            ["backend", "operation"],
            registry=r,
        )
        self._queries: dict[str, QueryMetrics] = {}

    def queries(self, backend: str) -> QueryMetrics:
        """The database figures of ``backend`` (``sqlite``, ``postgresql``), bound once."""
        found = self._queries.get(backend)
        if found is None:
            found = self._queries[backend] = QueryMetrics(
                {op: self.db_query_seconds.labels(backend, op) for op in OPERATIONS},
                {op: self.db_query_errors.labels(backend, op) for op in OPERATIONS},
            )
        return found


UNMEASURED = BotMetrics(None)
"""Where a part built without a bot's metrics records: objects in no registry."""


class RuntimeCollector(Collector):
    """The asyncio tasks of the bot's event loop and the process's threads, read at each
    scrape (on the loop's thread: the scrape is served by the loop)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def collect(self) -> Iterator[GaugeMetricFamily]:
        tasks = 0 if self.loop.is_closed() else len(asyncio.all_tasks(self.loop))
        yield GaugeMetricFamily(
            f"{PREFIX}_asyncio_tasks", "Asyncio tasks of the bot's event loop not done.", tasks
        )
        yield GaugeMetricFamily(
            f"{PREFIX}_threads", "Threads of the bot's process.", threading.active_count()
        )
