"""``/puzzle`` through the loopback fake Discord: a puzzle posted with its picture and one
button per discard, answers from several players (changeable, told privately in each one's
language), the reveal by its poster (others refused), the reveal at the deadline with a restart
in between (the buttons still work), the same seed posing the same puzzle, the leaderboard, and
the daily puzzle posted once a day."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

import pytest

from cogs.puzzle import Puzzles, utc_now
from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.engine.puzzle import pick_puzzle
from shangrao_bot.rules.tile_names import tile_label
from shangrao_bot.rules.tiles import tile_str
from shangrao_bot.settings import Settings
from shangrao_bot.store.processes.coordination import SoloCoordination
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.language_check import message_texts, offending
from tests.e2e.test_tables import FAST, PACING, make_bot, seeds

SEED = "a"
ANSWER = pick_puzzle(SEED)
assert ANSWER is not None
RIGHT = tile_str(ANSWER.answer)
WRONG = next(tile_str(k) for k in ANSWER.choices if k != ANSWER.answer)
WAIT = 30.0  # pictures and AI games on a busy machine


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    tmp_path: Path,
    pictures_in_threads: None,
) -> AsyncIterator[ShangraoBot]:
    yield await started(start_bot, make_bot(fake_discord, tmp_path / "bot.db"))


async def started(start_bot: StartBot, bot: ShangraoBot) -> ShangraoBot:
    """The bot, started, its puzzle task looking at deadlines every 50 ms."""
    await start_bot(bot)
    cog(bot).set_tick(0.05)
    return bot


def cog(bot: ShangraoBot) -> Puzzles:
    """The bot's puzzle cog (discord.py loads its own copy of the module: not this test's
    ``Puzzles`` class, hence no isinstance)."""
    found = bot.get_cog("Puzzles")
    assert found is not None and type(found).__name__ == "Puzzles"
    return found  # type: ignore[return-value]


def later(minutes: float) -> datetime:
    return utc_now() + timedelta(minutes=minutes)


NOON = datetime.combine(utc_now().date(), time(12), UTC)


def at_noon(minutes: float = 0) -> Callable[[], datetime]:
    """A clock standing ``minutes`` after noon today (UTC): the date cannot change under a
    test run just before midnight."""
    return lambda: NOON + timedelta(minutes=minutes)


async def post(fake: FakeDiscord, user: FakeUser, seed: str = SEED) -> tuple[int, FakeMessage]:
    message = await (await fake.slash(user, "puzzle new", seed=seed)).response(timeout=WAIT)
    ids = message.custom_ids
    assert ids and ids[-1].endswith(":reveal")
    found = re.fullmatch(r"pz:(\d+):reveal", ids[-1])
    assert found is not None
    return int(found[1]), message


async def answer(fake: FakeDiscord, user: FakeUser, message: FakeMessage, tile: str) -> str:
    puzzle_id = message.custom_ids[-1].split(":")[1]
    reply = await (await fake.click(user, message, f"pz:{puzzle_id}:{tile}")).response()
    assert reply.ephemeral
    return reply.text()


async def test_post_answer_and_reveal_by_the_poster(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    puzzle_id, message = await post(fake, alice)
    assert not message.ephemeral
    assert [a.filename for a in message.attachments] == ["puzzle.png"]
    assert f"何切 puzzle #{puzzle_id}" in message.text() and f"Seed `{SEED}`" in message.text()
    assert message.custom_ids == [f"pz:{puzzle_id}:{tile_str(k)}" for k in ANSWER.choices] + [
        f"pz:{puzzle_id}:reveal"
    ]
    assert message.button_labels()[0] == tile_label(ANSWER.choices[0], "en")
    text = await answer(fake, bob, message, RIGHT)
    assert text.startswith("你的答案：打 **" + tile_label(ANSWER.answer, "zh-CN"))
    assert (await answer(fake, carol, message, WRONG)).startswith("你的答案")
    assert (await answer(fake, dave, message, WRONG)).startswith("Your answer: discard")
    await answer(fake, dave, message, RIGHT)  # changed his mind
    # only the poster (or an administrator) reveals early
    refused = await (await fake.click(bob, message, f"pz:{puzzle_id}:reveal")).response()
    assert refused.ephemeral and "只有出题的人" in refused.text()
    assert message.custom_ids  # still open
    rec = await fake.click(alice, message, f"pz:{puzzle_id}:reveal")
    await fake.wait_for(lambda: not message.custom_ids, timeout=WAIT)
    assert rec.ack_type == 6
    shown = message.text()
    assert f"Answer: discard **{tile_label(ANSWER.answer, 'en')}**. 2 of 3 answered it." in shown
    assert "Why: " in shown and "**1.** discard" in shown
    assert f"<@{bob.id}> <@{dave.id}>" in shown and f"<@{carol.id}>" in shown
    assert [a.filename for a in message.attachments] == ["puzzle.png"]
    # the leaderboard of the server
    board = await (await fake.slash(alice, "puzzle leaderboard")).response()
    lines = [line for line in board.text().splitlines() if line.startswith("**")]
    assert lines == [
        f"**1.** <@{bob.id}> — 1 of 1 correct",
        f"**2.** <@{dave.id}> — 1 of 1 correct",
        f"**3.** <@{carol.id}> — 0 of 1 correct",
    ]
    zh = await (await fake.slash(bob, "puzzle leaderboard")).response()
    assert "何切题：答对次数" in zh.text()


async def test_the_same_seed_poses_the_same_puzzle(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    first_id, first = await post(fake, alice)
    second_id, second = await post(fake, alice)
    assert first_id != second_id
    assert first.button_labels() == second.button_labels()
    strip = re.compile(r"#\d+|<t:\d+:R>")
    assert strip.sub("#", first.text()) == strip.sub("#", second.text())


@pytest.mark.slow
async def test_the_deadline_reveals_with_a_restart_in_between(
    fake_discord: FakeDiscord, bot: ShangraoBot, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    await (await fake.slash(alice, "rules set", puzzle_minutes=3)).response()
    _, message = await post(fake, alice)
    assert "<t:" in message.text()
    await answer(fake, bob, message, RIGHT)
    await bot.close()
    bot = await started(start_bot, make_bot(fake, tmp_path / "bot.db"))
    cog(bot).clock = lambda: later(2)  # not yet
    assert (await answer(fake, carol, message, RIGHT)).startswith("你的答案")
    assert message.custom_ids
    cog(bot).clock = lambda: later(4)
    await fake.wait_for(lambda: not message.custom_ids, timeout=WAIT)
    assert "2 of 2 answered it" in message.text()


@pytest.mark.slow
async def test_the_daily_puzzle_is_posted_once_a_day(
    fake_discord: FakeDiscord, bot: ShangraoBot, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    mahjong = fake.channel("mahjong")
    cog(bot).clock = at_noon()
    refused = await (await fake.slash(alice, "rules set", daily_puzzle=True)).response()
    assert refused.ephemeral and "puzzle_channel" in refused.text()
    not_admin = await (
        await fake.slash(bob, "rules set", daily_puzzle=True, puzzle_channel=mahjong)
    ).response()
    assert not_admin.ephemeral
    done = await (
        await fake.slash(alice, "rules set", daily_puzzle=True, puzzle_channel=mahjong)
    ).response()
    assert f"Daily 何切 puzzle: **on**, in <#{mahjong.id}>" in done.text()

    def dailies() -> list[FakeMessage]:
        return [m for m in fake.channel_messages(mahjong) if "Daily 何切 puzzle" in m.text()]

    await fake.wait_for(lambda: len(dailies()) == 1, timeout=WAIT)
    today = NOON.date().isoformat()
    assert today in dailies()[0].text() and f"daily:{fake.guild.id}:{today}" in dailies()[0].text()
    await bot.close()
    bot = await started(start_bot, make_bot(fake, tmp_path / "bot.db"))
    cog(bot).clock = at_noon(1)
    await cog(bot).tick()
    await cog(bot).tick()
    assert len(dailies()) == 1  # not twice on one day, restart or not
    first_choice = dailies()[0].custom_ids[0].split(":")[2]
    assert (await answer(fake, bob, dailies()[0], first_choice)).startswith("你的答案")
    cog(bot).clock = at_noon(24 * 60)
    # the next day's puzzle, and yesterday's revealed at its deadline
    await fake.wait_for(lambda: len(dailies()) == 2 and not dailies()[0].custom_ids, WAIT)
    assert dailies()[1].custom_ids
    shown = await (await fake.slash(alice, "rules show")).response()
    assert "Daily 何切 puzzle: **on**" in shown.text()


def bot_on(fake: FakeDiscord, url: str) -> ShangraoBot:
    settings = Settings(discord_token=fake.token, database_url=url, dev_guild_id=fake.guild.id)
    return ShangraoBot(settings, service_config=FAST, seeds=seeds, pacing=PACING)


@pytest.mark.slow
async def test_puzzles_on_both_databases_across_a_restart(
    ledger_url: str,
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    pictures_in_threads: None,
) -> None:
    """On SQLite and on PostgreSQL (where only the leader process runs the puzzle task): the
    daily puzzle and a posed one, answers before and after a restart, both revealed at their
    deadline, the daily one posted once, the leaderboard."""
    fake = fake_discord
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    mahjong = fake.channel("mahjong")
    bot = await started(start_bot, bot_on(fake, ledger_url))
    cog(bot).clock = at_noon()
    await (
        await fake.slash(
            alice, "rules set", daily_puzzle=True, puzzle_channel=mahjong, puzzle_minutes=3
        )
    ).response()

    def dailies() -> list[FakeMessage]:
        return [m for m in fake.channel_messages(mahjong) if "Daily 何切 puzzle" in m.text()]

    await fake.wait_for(lambda: len(dailies()) == 1, timeout=WAIT)
    daily = dailies()[0]
    _, posed_message = await post(fake, alice)
    await answer(fake, bob, posed_message, RIGHT)
    await answer(fake, bob, daily, daily.custom_ids[0].split(":")[2])
    await bot.close()
    bot = await started(start_bot, bot_on(fake, ledger_url))
    cog(bot).clock = at_noon(1)
    await answer(fake, carol, posed_message, WRONG)
    cog(bot).clock = at_noon(4)
    await fake.wait_for(lambda: not posed_message.custom_ids and not daily.custom_ids, WAIT)
    assert "1 of 2 answered it" in posed_message.text()
    await cog(bot).tick()
    assert len(dailies()) == 1
    board = await (await fake.slash(alice, "puzzle leaderboard")).response()
    assert f"<@{bob.id}>" in board.text() and f"<@{carol.id}> — 0 of 1 correct" in board.text()


@pytest.mark.slow
async def test_a_process_that_is_not_the_leader_leaves_the_task_alone(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    """Of several shard processes only the leader reveals and posts: the others' ticks do
    nothing (here the one process is made a follower for a while)."""
    fake = fake_discord
    alice = fake.user("alice")
    _, message = await post(fake, alice)

    class Follower(SoloCoordination):
        is_leader = False

    bot.coordination = Follower()
    cog(bot).clock = lambda: later(60)
    for _ in range(5):
        cog(bot).set_tick(0.01)
        await asyncio.sleep(0.05)
    assert message.custom_ids  # nobody revealed it
    bot.coordination = SoloCoordination()
    cog(bot).set_tick(0.05)
    await fake.wait_for(lambda: not message.custom_ids, timeout=WAIT)


async def test_a_puzzle_speaks_the_servers_language(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, dave = fake.user("alice"), fake.user("dave")
    await (await fake.slash(alice, "rules set", language="zh-TW")).response()
    puzzle_id, message = await post(fake, alice)
    assert f"何切題 #{puzzle_id}" in message.text() and "揭曉" in message.button_labels()
    assert offending(message_texts(message), [SEED]) == []
    # a private answer follows the member's own language
    assert (await answer(fake, dave, message, RIGHT)).startswith("Your answer")
    await fake.click(alice, message, f"pz:{puzzle_id}:reveal")
    await fake.wait_for(lambda: not message.custom_ids, timeout=WAIT)
    assert "答案：打" in message.text() and offending(message_texts(message), [SEED]) == []
