"""The operator's page of the real bot against the loopback fake Discord (``METRICS_PORT=0``:
an ephemeral port): /healthz is 200 once the gateway is connected and 503 with the reason when
it is not, when the database does not answer or when the event loop is held; /metrics moves
as the bot works — a hand played, database queries, a 429 by its scope, a 5xx tried again,
the process's tasks, memory and open files. And ``python bot.py``, the real entry point in a
process of its own, serves them too, and refuses a port another process holds."""

from __future__ import annotations

import asyncio
import re
import signal
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.ui.discord_retry import deliver
from shangrao_bot.ui.request_budget import Urgency, urgency
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.test_bot_commands import bot_settings
from tests.e2e.test_tables import (
    FAST,
    PACING,
    move_ids,
    open_table,
    pick,
    result_posted,
    seat_ais_and_start,
    seeds,
    until,
)
from tests.e2e.test_tables_sigkill import start_bot_py
from tests.e2e.test_tables_sigkill import until as until_output

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def metered_bot(fake: FakeDiscord, tmp_path: Path, database_url: str | None = None) -> ShangraoBot:
    settings = replace(bot_settings(fake, tmp_path, database_url), metrics_port=0)
    return ShangraoBot(settings, service_config=FAST, seeds=seeds, pacing=PACING)


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(metered_bot(fake_discord, tmp_path))


async def page(bot: ShangraoBot, path: str) -> tuple[int, str]:
    server = bot.operator.server
    assert server is not None and server.url is not None
    async with aiohttp.ClientSession() as session, session.get(server.url + path) as answer:
        return answer.status, await answer.text()


async def figures(bot: ShangraoBot) -> Samples:
    status, text = await page(bot, "/metrics")
    assert status == 200
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def healthz_becomes(bot: ShangraoBot, status: int, timeout: float = 20.0) -> str:
    """Ask /healthz until it answers ``status`` (the page's own answer, never a guess)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        got, body = await page(bot, "/healthz")
        if got == status:
            return body
        assert loop.time() < end, f"/healthz stayed {got}: {body}"
        await asyncio.sleep(0.05)


async def test_healthy_once_connected_and_the_process_figures_are_there(
    bot: ShangraoBot,
) -> None:
    assert await page(bot, "/healthz") == (200, "ok\n")
    assert (await page(bot, "/nothing-here"))[0] == 404
    samples = await figures(bot)
    assert value(samples, "shangrao_asyncio_tasks") >= 1
    assert value(samples, "shangrao_threads") >= 1
    assert value(samples, "process_resident_memory_bytes") > 0
    assert value(samples, "process_open_fds") > 0
    assert value(samples, "shangrao_tables_open", status="playing") == 0
    assert value(samples, "shangrao_discord_budget_rate") == 45


async def test_database_queries_are_timed(fake_discord: FakeDiscord, bot: ShangraoBot) -> None:
    read = {"backend": "sqlite", "operation": "read"}
    before = value(await figures(bot), "shangrao_db_query_seconds_count", **read)
    assert before > 0  # the start-up's reads
    rec = await fake_discord.slash(fake_discord.user("alice"), "leaderboard")
    await rec.response()
    after = value(await figures(bot), "shangrao_db_query_seconds_count", **read)
    assert after > before


async def test_a_429_is_counted_by_its_scope_and_a_5xx_tried_again_by_its_status(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    channel = bot.get_partial_messageable(fake.channel("mahjong").id)
    fake.fail_next("POST", "/channels/{channel_id}/messages", status=429)
    await channel.send("waits out its 429")  # discord.py waits the retry_after and sends again
    fake.fail_next("POST", "/channels/{channel_id}/messages", status=503)
    with urgency(Urgency.URGENT):  # as a turn's message: tried again after a 503
        await deliver(lambda: channel.send("a turn"), what="a test's message", first_pause=0.01)
    samples = await figures(bot)
    assert value(samples, "shangrao_discord_rate_limited_total", scope="user") == 1
    assert value(samples, "shangrao_discord_rate_limited_total", scope="global") == 0
    assert value(samples, "shangrao_discord_server_errors_total", status="503") == 1
    assert value(samples, "shangrao_discord_requests_total", urgency="urgent") >= 2
    assert value(samples, "shangrao_discord_requests_total", urgency="normal") >= 2


@pytest.mark.slow
async def test_a_hand_played_is_counted_with_its_turns(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    table_id, thread, lobby = await open_table(fake, bot, alice)
    assert value(await figures(bot), "shangrao_tables_open", status="lobby") == 1
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice) and move_ids(fake.dm_messages(alice)[-1]))
    playing = await figures(bot)
    assert value(playing, "shangrao_tables_open", status="playing") == 1
    assert value(playing, "shangrao_hands_finished_total") == 0
    loop = asyncio.get_running_loop()
    end = loop.time() + 90
    while not result_posted(fake, thread):
        assert loop.time() < end, "the hand did not end"
        dm = fake.dm_messages(alice)[-1]
        ids = move_ids(dm)
        if not ids:
            await asyncio.sleep(0.01)
            continue
        edits = dm.edits
        await (await fake.click(alice, dm, pick(ids))).response()

        def answered(shown: FakeMessage = dm, edits: int = edits) -> bool:
            """The panel clicked was edited, or a new one followed it."""
            return shown.edits != edits or fake.dm_messages(alice)[-1] is not shown

        await fake.wait_for(answered)
    await until(lambda: bot.service.tables() == [])  # one hand: the table closes after it
    samples = await figures(bot)
    assert value(samples, "shangrao_hands_finished_total") == 1
    assert value(samples, "shangrao_turn_latency_seconds_count") >= 1  # alice's prompts
    assert value(samples, "shangrao_tables_open", status="playing") == 0
    write = {"backend": "sqlite", "operation": "write"}
    assert value(samples, "shangrao_db_query_seconds_count", **write) >= 2  # saves, the ledger


@pytest.mark.slow
async def test_unhealthy_while_the_gateway_is_down_and_healthy_again_after(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    await fake_discord.drop_gateway(3.0, hold=True)  # reconnections wait for the outage's end
    body = await healthz_becomes(bot, 503)
    assert "gateway: not connected (shards 0)" in body.splitlines()
    assert await healthz_becomes(bot, 200) == "ok\n"


async def test_unhealthy_when_the_database_does_not_answer(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    bot = await start_bot(metered_bot(fake_discord, tmp_path, ledger_url))
    assert await page(bot, "/healthz") == (200, "ok\n")
    await bot.db.close()
    status, body = await page(bot, "/healthz")
    assert status == 503
    assert [line for line in body.splitlines() if line.startswith("database: ")], body


@pytest.mark.slow
async def test_unhealthy_after_the_event_loop_was_held(bot: ShangraoBot) -> None:
    assert await page(bot, "/healthz") == (200, "ok\n")
    time.sleep(1.2)  # the whole bot held: its probe wakes over a second late
    status, body = await page(bot, "/healthz")
    assert status == 503
    found = re.search(r"^event loop: lag ([0-9.]+) s in the last 10 s \(limit 1 s\)$", body, re.M)
    assert found is not None and float(found[1]) >= 1.1, body
    over = value(await figures(bot), "shangrao_event_loop_lag_seconds_bucket", le="1.0")
    count = value(await figures(bot), "shangrao_event_loop_lag_seconds_count")
    assert count > over  # a lag over a second observed


SERVED = re.compile(r"health and metrics served on (http://127\.0\.0\.1:[0-9]+) ")


@pytest.mark.slow
async def test_the_bot_process_serves_its_page_and_refuses_a_taken_port(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """``python bot.py`` (the real entry point, another process) with ``METRICS_PORT=0``:
    /healthz 200 once connected, /metrics; a second process given that port stops at start-up
    with one line and exit status 2; SIGTERM still ends the first cleanly."""
    fake = fake_discord
    env = fake.subprocess_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'bot.db'}",
        DEV_GUILD_ID=str(fake.guild.id),
        LOG_LEVEL="INFO",
        PYTHONUNBUFFERED="1",
        METRICS_PORT="0",
    )
    bot = await start_bot_py(env, tmp_path / "bot.log")
    try:
        await until_output(lambda: SERVED.search(bot.output()), "the page served", bot)
        found = SERVED.search(bot.output())
        assert found is not None
        url = found[1]
        await until_output(lambda: fake.connected, "connected", bot, 60)
        async with aiohttp.ClientSession() as session:
            while True:  # connected as the fake sees it; ready a moment later
                async with session.get(url + "/healthz") as answer:
                    if answer.status == 200:
                        assert await answer.text() == "ok\n"
                        break
                assert bot.proc.returncode is None, bot.output()[-3000:]
                await asyncio.sleep(0.05)
            async with session.get(url + "/metrics") as answer:
                text = await answer.text()
        names = {family.name for family in text_string_to_metric_families(text)}
        assert {"shangrao_tables_open", "shangrao_db_query_seconds"} <= names
        assert {"process_resident_memory_bytes", "shangrao_asyncio_tasks"} <= names

        port = url.rsplit(":", 1)[1]
        second_dir = tmp_path / "second"
        second_dir.mkdir()
        second_env = {**env, "METRICS_PORT": port, "DATABASE_URL": "sqlite:///second.db"}
        second = await start_bot_py(second_env, second_dir / "bot.log")
        try:
            assert await asyncio.wait_for(second.proc.wait(), 60) == 2
            said = second.output()
        finally:
            await second.reap()
        assert said == (
            f"shangrao-bot: METRICS_PORT='{port}' is invalid: expected a port no other "
            f"program listens on (127.0.0.1:{port} is taken)\n"
        )
        assert not (second_dir / "second.db").exists()

        bot.proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(bot.proc.wait(), 60) == 0, bot.output()[-3000:]
        assert fake.token not in bot.output()
    finally:
        await bot.reap()
