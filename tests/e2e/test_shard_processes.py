"""The bot split into two shard processes over one PostgreSQL database, end to end: two real
``python bot.py`` processes (shards 0 and 1 of 2) against a fake Discord with two shards and a
throwaway PostgreSQL server.

* A table in a guild of shard 1 is played through DM clicks, which Discord delivers to shard 0:
  process 0 acknowledges each and hands it to process 1, which runs the table.
* ``/score`` and ``/leaderboard`` work in a guild of each shard, each answered by its own
  process, over the one database.
* Process 1 is killed with SIGKILL mid-hand: while it is down a DM click is answered by
  process 0 with "being restored"; a new process 1 resumes the table at the exact state (the
  database unchanged, the DM panel the same) and the hand goes on through handed-over clicks.
* The slash commands are synced once, by the leader, though two processes started.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from tests.databases import fresh_database
from tests.e2e.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from tests.e2e.fake_model import InteractionRecord
from tests.e2e.test_tables import move_ids
from tests.e2e.test_tables_sigkill import (
    FAST_ENV,
    BotProcess,
    panel,
    play_to_mid_hand,
    start_bot_py,
    turn_prompt,
    until,
)
from tests.pg_cluster import Cluster

WIN = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}  # 宝吊头 ×3


async def saved(url: str, table_id: int) -> tuple[dict[str, Any], list[tuple[int, Any]]]:
    """The table's snapshot and event log as PostgreSQL holds them now.

    Both are read in one snapshot transaction: the bot may save a move between two
    separate reads, which would pair an older snapshot with a newer log.
    """
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction(isolation="repeatable_read", readonly=True):
            row = await conn.fetchrow(
                "SELECT snapshot, snapshot_seq, status FROM game_tables WHERE id = $1", table_id
            )
            events = await conn.fetch(
                "SELECT seq, event FROM game_events WHERE table_id = $1 ORDER BY seq", table_id
            )
    finally:
        await conn.close()
    assert row is not None and row["status"] == "open", row
    assert row["snapshot_seq"] == (events[-1]["seq"] if events else 0)
    return json.loads(row["snapshot"]), [(e["seq"], json.loads(e["event"])) for e in events]


def club(fake: FakeDiscord, name: str, shard: int, members: list[FakeUser]) -> FakeGuild:
    guild = fake.add_guild(name, owner=members[0], shard=shard)
    guild.add_member(members[0], admin=True)
    for user in members[1:]:
        guild.add_member(user)
    guild.add_text_channel("mahjong")
    return guild


def commands_synced(fake: FakeDiscord) -> int:
    return sum(1 for method, path in fake.requests if method == "PUT" and "/commands" in path)


async def score_a_hand(fake: FakeDiscord, guild: FakeGuild, players: list[FakeUser]) -> None:
    """A session, one 宝吊头 recorded from its tiles and confirmed, in ``guild``."""
    channel = fake.channel("mahjong", guild)
    names = " ".join(f"<@{u.id}>" for u in players)
    started = await (
        await fake.slash(players[0], "session start", in_channel=channel, players=names)
    ).response()
    assert "Session #" in started.text(), started.text()
    preview = await (
        await fake.slash(players[0], "score tiles", in_channel=channel, **WIN)
    ).response()
    confirm = next(c for c in preview.custom_ids if c.startswith("sk:confirm:"))
    await (await fake.click(players[1], preview, confirm)).response()
    assert "Confirmed: it counts." in preview.text()


# Discord's 5 s between logins, shortened: the processes' paced logins are not what this is about
# (the fake still fails the test for a login sooner than its window)
@pytest.mark.slow
@pytest.mark.fake_discord(shards=2, world=False, identify_window=1.0)
async def test_two_shard_processes_share_one_postgresql(
    fake_discord: FakeDiscord, pg_cluster: Cluster, tmp_path: Path
) -> None:
    fake = fake_discord
    people = [fake.add_user(n) for n in ("alice", "bob", "carol", "dave")]
    alice = people[0]
    home = club(fake, "Shard zero club", 0, people)
    away = club(fake, "Shard one club", 1, people)
    assert fake.shard_of(home) == 0 and fake.shard_of(away) == 1

    async with fresh_database(pg_cluster) as url:
        env = {"DATABASE_URL": url, "SHARD_COUNT": "2", "LOG_LEVEL": "INFO"}
        env.update(FAST_ENV, PYTHONUNBUFFERED="1")
        zero = await start_bot_py(fake.subprocess_env(SHARD_IDS="0", **env), tmp_path / "0.log")
        one = await start_bot_py(fake.subprocess_env(SHARD_IDS="1", **env), tmp_path / "1.log")
        again: BotProcess | None = None
        try:
            for bot in (zero, one):
                await until(lambda: "logged in as" in bot.output(), "both ready", bot, 60)  # noqa: B023
            assert fake.connected_shards == {0, 1}
            assert commands_synced(fake) == 1  # the leader synced; the other read them back

            # a table in the guild of shard 1: alice and three AI players
            rec = await fake.slash(
                alice, "table create", in_channel=fake.channel("mahjong", away), hands=3
            )
            reply = await rec.response()
            assert {s.shard_id for s in fake.delivered_to(rec)} == {1}
            match = re.search(r"#(\d+)", reply.text())
            assert match, reply.text()
            table_id = int(match.group(1))
            thread: FakeChannel = next(
                th for th in away.threads if th.name.endswith(f"#{table_id}")
            )
            await until(lambda: fake.channel_messages(thread), "the lobby is posted", one)
            lobby = fake.channel_messages(thread)[0]
            for _ in range(3):
                await (await fake.click(alice, lobby, f"mj:{table_id}:ai-normal")).response()
            rec = await fake.click(alice, lobby, f"mj:{table_id}:start")
            assert "The game starts" in (await rec.response()).text()

            # her moves, made in DMs, reach shard 0 only (which acknowledges them with a
            # deferred update) and are played by process 1
            clicks: list[InteractionRecord] = []
            dm_before = await play_to_mid_hand(fake, alice, one, clicks.append)
            # (the deal decides how many prompts come before the middle of the hand: maybe
            # none; the discard after the restart below is handed over in any case)
            assert all(rec.ack_type == 6 for rec in clicks)
            assert all({s.shard_id for s in fake.delivered_to(rec)} == {0} for rec in clicks)
            assert not clicks or "handed to shard 1" in zero.output()
            hand_before = panel(dm_before)
            snapshot, events = await saved(url, table_id)

            # /score and /leaderboard in a guild of each shard, each by its own process
            await score_a_hand(fake, home, people)
            await score_a_hand(fake, away, people)
            for guild in (home, away):
                rec = await fake.slash(
                    alice, "leaderboard", in_channel=fake.channel("mahjong", guild)
                )
                board = await rec.response()
                assert {s.shard_id for s in fake.delivered_to(rec)} == {fake.shard_of(guild)}
                assert board.attachments[0].filename == "leaderboard.png"
                assert "Alice" in board.text() and "+9" in board.text(), board.text()

            # process 1 dies mid-hand: nothing of the table is lost or invented
            one.proc.kill()
            assert await asyncio.wait_for(one.proc.wait(), 10) == -signal.SIGKILL
            await until(lambda: fake.connected_shards == {0}, "shard 1 gone", zero, 10)
            assert await saved(url, table_id) == (snapshot, events)
            # a click meanwhile: process 0 says the table is being restored
            chosen = [c for c in move_ids(dm_before) if ":d:" in c][-1]
            rec = await fake.click(alice, dm_before, chosen)
            await rec.response()
            await until(
                lambda: any("being restored" in m.text() for m in rec.followups), "told", zero
            )
            assert await saved(url, table_id) == (snapshot, events)

            again = await start_bot_py(
                fake.subprocess_env(SHARD_IDS="1", **env), tmp_path / "1b.log"
            )
            bot = again
            await until(lambda: "resumed 1 virtual tables" in bot.output(), "resumed", bot, 60)
            await until(
                lambda: turn_prompt(fake, alice) not in (None, dm_before),
                "a new DM panel",
                bot,
            )
            dm_after = turn_prompt(fake, alice)
            assert dm_after is not None and panel(dm_after) == hand_before
            assert await saved(url, table_id) == (snapshot, events)
            assert commands_synced(fake) == 1  # unchanged: not synced again

            # the hand goes on: her discard, clicked in DMs, reaches the new process 1
            chosen = [c for c in move_ids(dm_after) if ":d:" in c][-1]
            tile = int(chosen.rsplit(":", 1)[1])
            rec = await fake.click(alice, dm_after, chosen)
            await rec.response()
            assert {s.shard_id for s in fake.delivered_to(rec)} == {0}

            async def logged() -> int:
                return len((await saved(url, table_id))[1])

            for _ in range(500):
                if await logged() > len(events):
                    break
                await asyncio.sleep(0.02)
            new = [e for _, e in (await saved(url, table_id))[1][len(events) :]]
            moves = [e for e in new if e["type"] == "engine"]
            assert moves and moves[0]["kind"] == "discarded" and moves[0]["tiles"] == [tile]
            assert "handed to shard 1" in zero.output()

            # the new process resumes its tables before it logs in (its login may wait for
            # the shards' identify pacing): the slash command needs shard 1 connected
            await until(lambda: fake.connected_shards == {0, 1}, "shard 1 back", bot, 30)
            rec = await fake.slash(alice, "table end", in_channel=thread)
            assert "is ended" in (await rec.response()).text()
            for proc in (zero, again):
                proc.proc.send_signal(signal.SIGTERM)
                assert await asyncio.wait_for(proc.proc.wait(), 30) == 0, proc.output()[-2000:]
        finally:
            for proc in (zero, one, again):
                if proc is not None:
                    await proc.reap()
