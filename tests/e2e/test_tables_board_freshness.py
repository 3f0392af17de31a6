"""The thread's board at every human's turn, end to end at the default timings, with Discord's
rate limits on in the fake: whether a player plays from her DM panel or not, when her turn
prompt reaches her the board in her table's thread already shows every move before it — read
at the very change that brought the prompt, not later."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service import ServiceConfig
from shangrao_bot.settings import Settings
from tests.e2e.board_watch import TurnBoards
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import DriverError, FakeDiscord, FakeUser, WaitTimeout
from tests.e2e.test_tables import move_ids, open_in_mahjong_and_start, pick, seeds

pytestmark = pytest.mark.slow

TURNS = 5  # each player's turns looked at
TABLES = 5
OPENING_GAP_S = 2.0


def production_bot(fake: FakeDiscord, db: Path) -> ShangraoBot:
    """The bot at the default table timings (AI delay 0.8 s, …) and the presenter's default
    pacing: what players meet."""
    settings = Settings(
        discord_token=fake.token, database_url=f"sqlite:///{db}", dev_guild_id=fake.guild.id
    )
    return ShangraoBot(settings, service_config=ServiceConfig(), seeds=seeds)


def new_moves(fake: FakeDiscord, user: FakeUser, seen: set[str]) -> bool:
    """``user``'s newest DM panel offers moves, and not just ``seen``."""
    dm = fake.last_dm(user)
    return dm is not None and bool(move_ids(dm)) and set(move_ids(dm)) != seen


async def play(fake: FakeDiscord, user: FakeUser, thread: object, boards: TurnBoards) -> None:
    """``user`` plays from her DM panel (a move as soon as one is offered, Ready after a hand)
    until :data:`TURNS` of her turns were seen."""
    offered: set[str] = set()
    readied = 0
    while len(boards.of(user)) < TURNS:
        ready = [
            c
            for m in fake.channel_messages(thread)  # type: ignore[arg-type]
            for c in m.custom_ids
            if c.endswith(":ready")
        ]
        if len(ready) > readied:
            readied = len(ready)
            results = [m for m in fake.channel_messages(thread) if ready[-1] in m.custom_ids]  # type: ignore[arg-type]
            with contextlib.suppress(DriverError):
                await (await fake.click(user, results[-1], ready[-1])).response(30)
            continue
        dm = fake.last_dm(user)
        ids = move_ids(dm) if dm is not None else []
        if not ids or set(ids) == offered:
            with contextlib.suppress(WaitTimeout):
                await fake.wait_for(lambda seen=offered: new_moves(fake, user, seen), 5, poll=False)
            continue
        offered = set(ids)
        assert dm is not None
        with contextlib.suppress(DriverError):  # the panel moved on under the click
            await fake.click(user, dm, pick(ids))


@pytest.mark.heavy
@pytest.mark.fake_discord(rate_limits=True)
async def test_at_every_turn_of_a_dm_player_the_board_shows_every_move_before_it(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    """Five tables at once, one human each playing from her DM panel and three normal AIs,
    at the default timings (the board's own interval is a second and more): at each of her
    first turns, the thread's board had been brought up to her turn's moment before the
    prompt came — and Discord never answered 429."""
    fake = fake_discord
    bot = await start_bot(production_bot(fake, tmp_path / "bot.db"))
    await bot.tile_emojis.wait_ready(60)  # the start's 68 emoji uploads are done with
    players = [fake.add_user(f"player{i}") for i in range(TABLES)]
    for player in players:
        fake.guild.add_member(player)
    since = fake.now()
    boards = TurnBoards(fake, [])
    stop = asyncio.Event()
    watching = asyncio.create_task(boards.watch(stop))
    playing = []
    try:
        # opened a little apart, as people do (five tables started in the same instant are a
        # burst that fills the request budget for a second or two: their first boards wait),
        # each playing while the next opens
        for player in players:
            _table, thread = await open_in_mahjong_and_start(fake, player, hands=2)
            boards.players.append((player, thread))
            playing.append(asyncio.create_task(play(fake, player, thread, boards)))
            await asyncio.sleep(OPENING_GAP_S)
        await asyncio.wait_for(asyncio.gather(*playing), 240)
    finally:
        stop.set()
        fake._notify()
        await watching
    for player in players:
        turns = boards.of(player)
        assert len(turns) >= TURNS
        behind = [t for t in turns if not t.complete]
        assert not behind, f"{player.username}: boards behind her turn: {behind}"
    assert fake.traffic.limited(since) == [], fake.traffic.by_route(fake.traffic.limited(since))
    assert not fake.violations, fake.describe_violations()
