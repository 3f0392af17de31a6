"""Fixtures for end-to-end tests against the loopback fake Discord.

``fake_discord``: a started :class:`~tests.e2e.fake_discord.FakeDiscord` with the default world
(constructor arguments from ``@pytest.mark.fake_discord(...)``), discord.py (this process)
pointed at it; at teardown the test fails if the fake recorded a
violation (unknown route, a body Discord would refuse, a double, late or missing
acknowledgement, ...). Tests that provoke violations on purpose take them with
``fake_discord.take_violations()``.

``ledger_url``: the bot's ``DATABASE_URL``, once per database (a new SQLite file, then a new
PostgreSQL database): a test whose bot takes it runs against both.

``start_bot``: ``bot = await start_bot(my_bot)`` logs the (real, unmodified) discord.py client
in with the fake's token, connects it to the fake gateway and returns once ``on_ready`` fired
(or raises what ``bot.start`` raised); closed again at teardown. ``guild_ready_timeout`` is
lowered to 0.05 s so ``on_ready`` does not wait discord.py's default 2 s after the last
GUILD_CREATE.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Protocol, TypeVar

import discord
import pytest

from tests.conftest import BACKENDS, one_database
from tests.e2e.fake_discord import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)


class StartBot(Protocol):
    """``await start_bot(bot, token=None, ready_timeout=10.0)`` -> the same bot, ready."""

    async def __call__(
        self, bot: ClientT, *, token: str | None = None, ready_timeout: float = 10.0
    ) -> ClientT: ...


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "fake_discord(**kwargs): keyword arguments for the FakeDiscord of the fake_discord fixture "
        "(e.g. ack_deadline=0.2, upload_limit=1024, openapi_spec=path, world=False, shards=2)",
    )


@pytest.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    marker = request.node.get_closest_marker("fake_discord")
    fake = FakeDiscord(**(marker.kwargs if marker else {}))
    await fake.start()
    try:
        with fake.patch_discord():
            yield fake
    finally:
        await fake.stop()
    if fake.violations:
        pytest.fail(
            f"the fake Discord recorded {len(fake.violations)} violation(s):\n"
            + fake.describe_violations(),
            pytrace=False,
        )


async def start_client(
    fake: FakeDiscord,
    bot: ClientT,
    *,
    token: str | None = None,
    ready_timeout: float = 10.0,
    tasks: list[tuple[discord.Client, asyncio.Task[None]]] | None = None,
) -> ClientT:
    """Start ``bot`` against ``fake`` (its token unless ``token``) and wait for on_ready.
    The bot's task is appended to ``tasks`` (for closing) before anything can fail."""
    state = bot._connection
    state.guild_ready_timeout = min(state.guild_ready_timeout, 0.05)
    task = asyncio.create_task(bot.start(fake.token if token is None else token))
    if tasks is not None:
        tasks.append((bot, task))
    loop = asyncio.get_running_loop()
    end = loop.time() + ready_timeout
    while not bot.is_ready():  # a few 5 ms polls: on_ready has no hook the fake could see
        if task.done():
            task.result()  # raises what start() raised (LoginFailure, ...)
            raise AssertionError("the bot stopped before it was ready")
        if loop.time() > end:
            raise AssertionError(f"the bot was not ready within {ready_timeout} s")
        await asyncio.sleep(0.005)
    return bot


async def stop_clients(tasks: list[tuple[discord.Client, asyncio.Task[None]]]) -> None:
    for bot, task in tasks:
        await bot.close()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(task, 5)


@pytest.fixture(params=BACKENDS)
async def ledger_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """The bot's ``DATABASE_URL``, once per backend: a new, empty database of the test's own
    (:func:`~tests.conftest.one_database`), which the bot migrates as it starts. Request it
    before ``start_bot``: the bot is then closed before its database is given back."""
    async with one_database(request, tmp_path, migrated=False) as target:
        yield target if isinstance(target, str) else f"sqlite:///{target}"


@pytest.fixture
async def start_bot(fake_discord: FakeDiscord) -> AsyncIterator[StartBot]:
    running: list[tuple[discord.Client, asyncio.Task[None]]] = []

    async def _start(
        bot: ClientT, *, token: str | None = None, ready_timeout: float = 10.0
    ) -> ClientT:
        return await start_client(
            fake_discord, bot, token=token, ready_timeout=ready_timeout, tasks=running
        )

    try:
        yield _start
    finally:
        await stop_clients(running)
