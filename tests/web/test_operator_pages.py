"""The operator's pages over real HTTP on an ephemeral port: one plain 404 for every unknown
path, pages added beside the others, /healthz from its list of checks (the database's and the
loop lag's real probes included), /metrics parsed as Prometheus reads it, and the addresses
that cannot be listened on named as settings."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Protocol

import aiohttp
import pytest
from aiohttp import web
from prometheus_client import CollectorRegistry
from prometheus_client.parser import text_string_to_metric_families

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.loop_lag import LoopLagProbe
from shangrao_bot.metrics import BotMetrics, RuntimeCollector
from shangrao_bot.settings import SettingsError
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.kept_values import set_state
from shangrao_bot.web.app import build_app, plain
from shangrao_bot.web.health import HealthCheck, health_routes, run_checks
from shangrao_bot.web.health_checks import database_check, loop_lag_check, storage_check
from shangrao_bot.web.metrics_page import metrics_routes
from shangrao_bot.web.server import WebServer
from tests.storage_faults import PageLimit


async def passes() -> str | None:
    return None


async def fails() -> str | None:
    return "down\nfor good"


async def hangs() -> str | None:
    await asyncio.Event().wait()
    return None


async def raises() -> str | None:
    raise OSError("postgresql://bot:secret@db/ledger refused")


class Serve(Protocol):
    """``url = await serve(routes, ...)``: an application of those routes, listening."""

    async def __call__(self, *routes: Sequence[web.RouteDef]) -> str: ...


@pytest.fixture
async def serve() -> AsyncIterator[Serve]:
    servers: list[WebServer] = []

    async def _serve(*routes: Sequence[web.RouteDef]) -> str:
        server = WebServer(build_app(*routes), "127.0.0.1", 0)
        await server.start()
        servers.append(server)
        assert server.url is not None and server.port
        return server.url

    yield _serve
    for server in servers:
        await server.stop()


async def get(url: str, accept: str = "") -> tuple[int, str, str]:
    headers = {"Accept": accept} if accept else {}
    async with aiohttp.ClientSession() as session, session.get(url, headers=headers) as r:
        return r.status, r.headers.get("Content-Type", ""), await r.text()


async def test_every_unknown_path_gets_the_same_plain_404(serve: Serve) -> None:
    url = await serve(health_routes([]), metrics_routes(CollectorRegistry()))
    answers = {await get(url + path) for path in ("/", "/nope", "/healthz/", "/metrics/x", "/..")}
    assert answers == {(404, "text/plain; charset=utf-8", "not found\n")}


async def test_a_page_added_later_is_served_beside_the_others(serve: Serve) -> None:
    async def tables(request: web.Request) -> web.Response:
        return plain("2 tables\n")

    url = await serve(health_routes([]), [web.get("/tables", tables)])
    assert await get(url + "/tables") == (200, "text/plain; charset=utf-8", "2 tables\n")
    assert (await get(url + "/healthz"))[0] == 200
    assert (await get(url + "/metrics"))[0] == 404


async def test_healthz_is_ok_only_when_every_check_passes(serve: Serve) -> None:
    checks = [HealthCheck("gateway", passes), HealthCheck("database", passes)]
    url = await serve(health_routes(checks))
    assert await get(url + "/healthz") == (200, "text/plain; charset=utf-8", "ok\n")
    checks.append(HealthCheck("storage", fails))  # plugged in later: counts from now on
    checks.append(HealthCheck("disk", fails))
    status, _, body = await get(url + "/healthz")
    assert status == 503
    assert body == "storage: down for good\ndisk: down for good\n"  # one line each


async def test_a_check_that_hangs_or_raises_is_a_failure_saying_no_secret() -> None:
    report = await run_checks(
        [HealthCheck("a", passes), HealthCheck("b", hangs), HealthCheck("c", raises)],
        timeout=0.05,
    )
    assert report.status == 503
    assert report.text() == "b: no answer within 0.05 s\nc: failed (OSError)\n"


async def test_the_database_check_answers_while_open_and_fails_once_closed(
    db_target: str | Path,
) -> None:
    db = await open_database(db_target)
    check = database_check(lambda: db, timeout=2.0)  # a loaded machine answers late, not wrongly
    try:
        assert (await run_checks([check])).healthy
    finally:
        await db.close()
    report = await run_checks([check])
    assert not report.healthy
    assert report.text().startswith("database: ")
    assert (await run_checks([database_check(lambda: None)])).text() == "database: not open\n"


async def test_a_held_loop_fails_the_lag_check_and_is_observed() -> None:
    registry = CollectorRegistry()
    metrics = BotMetrics(registry)
    probe = LoopLagProbe(metrics.loop_lag, interval=0.01)
    probe.start()
    check = loop_lag_check(probe, limit=0.2)
    try:
        while registry.get_sample_value("shangrao_event_loop_lag_seconds_count") in (None, 0.0):
            await asyncio.sleep(0.01)  # the probe's first measure
        assert (await run_checks([check])).healthy
        time.sleep(0.3)  # the loop held: the probe wakes at least 0.29 s late
        await asyncio.sleep(0.05)
        report = await run_checks([check])
    finally:
        await probe.stop()
    assert probe.lag() >= 0.29
    assert report.text().startswith("event loop: lag 0.")
    assert "(limit 0.2 s)" in report.text()
    slow = registry.get_sample_value("shangrao_event_loop_lag_seconds_bucket", {"le": "0.25"})
    count = registry.get_sample_value("shangrao_event_loop_lag_seconds_count")
    assert slow is not None and count is not None and count - slow >= 1  # a lag over 0.25 s


async def test_metrics_are_served_as_prometheus_reads_them(serve: Serve) -> None:
    registry = CollectorRegistry()
    metrics = BotMetrics(registry)
    registry.register(RuntimeCollector(asyncio.get_running_loop()))
    url = await serve(metrics_routes(registry))
    metrics.hands_finished.inc(3)
    metrics.discord_rate_limited.labels("user").inc()
    status, content_type, text = await get(url + "/metrics")
    assert status == 200 and content_type.startswith("text/plain; version=0.0.4")
    samples = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }
    assert samples[("shangrao_hands_finished_total", ())] == 3
    assert samples[("shangrao_discord_rate_limited_total", (("scope", "user"),))] == 1
    assert samples[("shangrao_asyncio_tasks", ())] >= 1  # this test's own task at least
    assert samples[("shangrao_threads", ())] >= 1
    status, content_type, text = await get(url + "/metrics", "application/openmetrics-text")
    assert content_type.startswith("application/openmetrics-text") and text.endswith("# EOF\n")


async def test_a_port_in_use_names_metrics_port_and_a_foreign_host_metrics_host() -> None:
    first = WebServer(build_app(), "127.0.0.1", 0)
    await first.start()
    port = first.port
    try:
        assert port is not None
        with pytest.raises(SettingsError) as taken:
            await WebServer(build_app(), "127.0.0.1", port).start()
    finally:
        await first.stop()
    assert taken.value.variable == "METRICS_PORT"
    assert f"127.0.0.1:{port} is taken" in str(taken.value)
    with pytest.raises(SettingsError) as foreign:  # TEST-NET-1: no machine's own address
        await WebServer(build_app(), "192.0.2.1", 0).start()
    assert foreign.value.variable == "METRICS_HOST"
    assert "an address of this machine" in str(foreign.value)


async def test_a_full_disk_fails_the_storage_check_until_space_is_back(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "full.db")
    check = storage_check(lambda: db)
    limit = PageLimit(db)
    try:
        assert (await run_checks([check])).healthy
        await limit.start()
        with pytest.raises(StorageUnavailable):
            await set_state(db, "big", "x" * 200_000)  # needs pages the disk has not
        report = await run_checks([check])
        assert report.status == 503
        assert report.text().startswith("storage: disk_full since "), report.text()
        await limit.stop()
        await set_state(db, "big", "x" * 200_000)  # space is back: the next write clears it
        assert (await run_checks([check])).healthy
    finally:
        await db.close()
    assert (await run_checks([storage_check(lambda: None)])).healthy  # no database: its own check
