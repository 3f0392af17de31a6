"""Tables on a bad day at Discord, through the loopback fake with its faults and limits on: a
hand played to its end while 15% of every REST request fails with a 5xx and the gateway drops
for a while; twenty tables starting at once under Discord's rate limits without a single 429;
a player's panel that never goes back while Discord answers concurrent requests out of order."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.errors import Refusal
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.fake_faults import Faults
from tests.e2e.test_tables import (
    make_bot,
    move_ids,
    open_in_mahjong_and_start,
    open_table,
    pick,
    result_posted,
    seat_ais_and_start,
    until,
)

pytestmark = pytest.mark.slow

#: the bot's own retry pauses, shortened: a test paces nobody
RETRY_PAUSE = 0.05


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    bot = await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))
    presenter = bot.table_presenter
    presenter.delivery.dms.retry_pause = RETRY_PAUSE
    presenter.results.retry_pause = RETRY_PAUSE
    presenter.boards.retry_pause = RETRY_PAUSE
    presenter.delivery.redeliver_pause = RETRY_PAUSE
    yield bot


def newest_panel(fake: FakeDiscord, user: FakeUser) -> FakeMessage | None:
    panels = [m for m in fake.dm_messages(user) if not m.deleted]
    return panels[-1] if panels else None


def offers(panel: FakeMessage | None, sequence: int) -> list[str]:
    """The moves ``panel`` offers for the table's moment ``sequence``."""
    ids = move_ids(panel) if panel is not None else []
    return [c for c in ids if c.split(":")[3] == str(sequence)]


def her_moment(bot: ShangraoBot, table_id: int, user: FakeUser) -> tuple[int, list[object]] | None:
    """The table's moment while it waits for ``user`` (its sequence and her moves), else
    None."""
    try:
        view = bot.service.private_view(table_id, user.id)
    except Refusal:
        return None
    if not view.legal or bot.service.get(table_id).sequence != view.public.sequence:
        return None
    return view.public.sequence, list(view.legal)


@pytest.mark.heavy
async def test_a_hand_plays_to_its_end_through_5xx_and_a_gateway_outage(
    fake_discord: FakeDiscord, bot: ShangraoBot, caplog: pytest.LogCaptureFixture
) -> None:
    """Every REST route but the interaction callbacks fails 15% of the time with 500, 502,
    503 or 504, and the gateway is gone for 3 s after alice's third move: each of her turns
    reaches her panel all the same (within the bot's retries, long before her turn's timer),
    the result and the final standings are posted, and every failure is a warning line, never
    a traceback."""
    fake = fake_discord
    alice = fake.user("alice")
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    caplog.set_level(logging.WARNING)
    fake.faults = Faults(rate=0.15, seed=30)
    loop = asyncio.get_running_loop()
    waits: list[float] = []  # from the table waiting for her to her panel offering its moves
    clicked: tuple[int, list[object]] | None = None
    # the panel as it was when she clicked: a pass of a claim and the draw after it share the
    # table's sequence, so only a panel changed since her click shows the new moment
    answered: tuple[int, int] | None = None
    clicks = 0
    end = loop.time() + 150
    while not result_posted(fake, thread):
        assert loop.time() < end, "the hand did not end"
        moment = her_moment(bot, table_id, alice)
        if moment is None or moment == clicked:
            await asyncio.sleep(0.01)
            continue
        waiting_since = loop.time()
        sequence = moment[0]

        def shown(
            moment: tuple[int, list[object]] = moment,
            sequence: int = sequence,
            answered: tuple[int, int] | None = answered,
        ) -> bool:
            panel = newest_panel(fake, alice)
            changed = panel is not None and (panel.id, panel.edits) != answered
            return (changed and bool(offers(panel, sequence))) or (
                her_moment(bot, table_id, alice) != moment
            )

        try:
            await until(shown, 40)
        except AssertionError:
            pytest.fail(f"her panel never offered the moves of moment {sequence}")
        if her_moment(bot, table_id, alice) != moment:
            continue  # the timer played for her meanwhile
        waits.append(loop.time() - waiting_since)
        panel = newest_panel(fake, alice)
        assert panel is not None
        answered = (panel.id, panel.edits)
        await fake.click(alice, panel, pick(offers(panel, sequence)))
        clicked = moment
        clicks += 1
        if clicks == 3:
            await fake.drop_gateway(3.0, hold=True)
            await until(lambda: fake.connected, 30)
    await until(
        lambda: any("final standings" in m.text() for m in fake.channel_messages(thread)), 60
    )
    assert clicks >= 3 and fake.gateway_outages == 1
    assert sum(1 for r in fake.traffic.records if 500 <= r.status < 600) >= 5  # faults happened
    # a panel is retried after 0.05 s, 0.1 s, ... and discord.py waits 1 s, 3 s ... on a 500,
    # 502 or 504 itself: the slowest turn stays within those retries, far below the 45 s timer
    assert max(waits) < 20.0, waits
    traced = [r for r in caplog.records if r.exc_info and r.name.startswith("shangrao_bot")]
    assert not traced, [r.getMessage() for r in traced]
    assert not fake.violations, fake.describe_violations()


@pytest.mark.fake_discord(rate_limits=True)
async def test_twenty_tables_starting_at_once_stay_under_discords_limits(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    """Twenty players open a table each at the same moment, seat three AIs and start: every
    request waits for its bucket and its slot in the budget, so Discord never answers 429 and
    no second holds more than the budget's rate — and every player gets her panel."""
    fake = fake_discord
    players = [fake.add_user(f"player{i:02}") for i in range(20)]
    for player in players:
        fake.guild.add_member(player)
    since = fake.now()

    opened = await asyncio.gather(*(open_in_mahjong_and_start(fake, p) for p in players))
    tables = [table_id for table_id, _thread in opened]
    assert len(set(tables)) == 20
    for player in players:
        await until(lambda p=player: offers_any(newest_panel(fake, p)), 90)
    await bot.presenter_queue.drain()
    assert fake.traffic.limited(since) == [], fake.traffic.by_route(fake.traffic.limited(since))
    per_second = fake.traffic.per_second(since)
    assert max(per_second) <= bot.budget.rate, per_second
    assert bot.budget.peak <= bot.budget.rate
    assert bot.request_gate.buckets.limited == 0
    assert not fake.violations, fake.describe_violations()


def offers_any(panel: FakeMessage | None) -> bool:
    return panel is not None and bool(move_ids(panel))
