"""The fake Discord's sharding, with the real discord.py client.

Discord routes a guild's events to the sessions of shard ``(guild_id >> 22) % shard_count``
and events without a guild (DMs) to shard 0; it refuses a bad ``shard`` in IDENTIFY (4010) and
an unsharded or under-sharded session of a bot that needs more shards (4011); and it lets each
rate-limit bucket (``shard_id % max_concurrency``) IDENTIFY once per 5 seconds. A bot run in
several shard processes depends on all of that, so the fake must get it right before it can
tell such a bot's mistakes apart from its own.

discord.py's own pacing ignores ``max_concurrency``: ``AutoShardedClient`` IDENTIFYs its first
shard at once and sleeps 5 s before each further one (``Client.before_identify_hook``). That is
never too fast, but slow; :class:`ProbeBot` by default replaces it with pacing per bucket, as a
bot with a larger ``max_concurrency`` would, so that these tests stay fast.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import discord
import pytest
from discord import app_commands

from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import (
    IDENTIFY_WINDOW,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    SessionRecord,
)


class ProbeBot(discord.AutoShardedClient):
    """An ``AutoShardedClient`` with one global command, ``/where``, that answers with the
    client's label and the guild it knows the interaction's guild as (from its shard's cache):
    which client, and so which shard, got an interaction is visible in the answer."""

    def __init__(
        self,
        label: str,
        *,
        shard_count: int | None = None,
        shard_ids: list[int] | None = None,
        sync: bool = True,
        bucket_pacing: bool = True,
    ) -> None:
        if shard_ids is None:
            super().__init__(intents=discord.Intents.default(), shard_count=shard_count)
        else:
            super().__init__(
                intents=discord.Intents.default(), shard_count=shard_count, shard_ids=shard_ids
            )
        self.label = label
        self.sync = sync
        self.bucket_pacing = bucket_pacing
        self.tree = app_commands.CommandTree(self)
        #: ids of the interactions this client got
        self.interaction_ids: list[int] = []
        self.max_concurrency = 1
        self._bucket_identified: dict[int, float] = {}

        @self.tree.command(name="where", description="Which client answers")
        async def where(interaction: discord.Interaction) -> None:
            self.interaction_ids.append(interaction.id)
            place = interaction.guild.name if interaction.guild is not None else "DM"
            await interaction.response.send_message(f"{self.label} in {place}")

    async def setup_hook(self) -> None:
        self.max_concurrency = (await self.fetch_session_start_limits()).max_concurrency
        if self.sync:
            await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """One IDENTIFY per rate-limit bucket every 5 s, as Discord allows (``bucket_pacing``),
        or discord.py's own 5 s before every IDENTIFY but the first."""
        if not self.bucket_pacing:
            await super().before_identify_hook(shard_id, initial=initial)
            return
        loop = asyncio.get_running_loop()
        bucket = (shard_id or 0) % self.max_concurrency
        last = self._bucket_identified.get(bucket)
        if last is not None:
            await asyncio.sleep(max(0.0, last + IDENTIFY_WINDOW - loop.time()))
        self._bucket_identified[bucket] = loop.time()


def add_guild_on_each_shard(fake: FakeDiscord) -> list[tuple[FakeGuild, FakeChannel]]:
    """One guild per shard of the fake (alice and bob members, a "tables" channel), in shard
    order; the default world's guild is on whichever shard its id falls."""
    alice, bob = fake.user("alice"), fake.user("bob")
    made = []
    for shard in range(fake.shards):
        guild = fake.add_guild(f"Club on shard {shard}", owner=alice, shard=shard)
        guild.add_member(alice, admin=True)
        guild.add_member(bob)
        made.append((guild, guild.add_text_channel("tables")))
    return made


def guilds_of_shard(fake: FakeDiscord, shard: int) -> set[int]:
    return {g.id for g in fake.guilds if fake.shard_of(g) == shard}


def ready_guilds(session: SessionRecord) -> set[int]:
    [ready] = session.received("READY")
    return {int(g["id"]) for g in ready.data["guilds"]}


def test_guild_ids_fall_on_the_chosen_shard(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    for count in (1, 2, 3, 16):
        ids = [fake.guild_id_on_shard(shard, count) for shard in range(count) for _ in range(3)]
        assert [(i >> 22) % count for i in ids] == [s for s in range(count) for _ in range(3)]
        assert ids == sorted(set(ids))  # fresh, increasing snowflakes
    with pytest.raises(ValueError):
        fake.guild_id_on_shard(2, 2)


@pytest.mark.fake_discord(shards=2, max_concurrency=2)
async def test_an_auto_sharded_bot_gets_each_guild_on_its_shard(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    fake = fake_discord
    (guild0, _), (guild1, tables1) = add_guild_on_each_shard(fake)
    bot = await start_bot(ProbeBot("auto", shard_count=2))

    sessions = fake.live_sessions()
    assert [s.shard for s in sessions] == [(0, 2), (1, 2)]
    for session in sessions:
        expected = guilds_of_shard(fake, session.shard_id)
        assert ready_guilds(session) == expected
        assert session.guild_ids("GUILD_CREATE") == expected
    assert guild0.id in guilds_of_shard(fake, 0) and guild1.id in guilds_of_shard(fake, 1)
    assert {g.id for g in bot.guilds} == {g.id for g in fake.guilds}
    found = bot.get_guild(guild1.id)
    assert found is not None and found.shard_id == 1

    # a guild event after READY: only shard 1's session, and the client still handles it
    got = asyncio.ensure_future(bot.wait_for("message"))  # its content needs an intent
    posted = fake.user_message(fake.user("alice"), tables1, "hi")
    from_shard = fake.received_by("MESSAGE_CREATE", lambda e: e.data["id"] == str(posted.id))
    assert [s.shard_id for s in from_shard] == [1]
    assert (await asyncio.wait_for(got, 5)).id == posted.id

    # a guild that arrives later is announced on its shard only
    late = fake.add_guild("Late club", owner=fake.user("alice"), shard=0)
    await fake.wait_for(lambda: bot.get_guild(late.id) is not None)
    announced = fake.received_by("GUILD_CREATE", lambda e: e.guild_id == late.id)
    assert announced == [sessions[0]] and late.id not in sessions[1].guild_ids()


@pytest.mark.fake_discord(shards=2, max_concurrency=2)
async def test_shard_processes_each_get_their_own_interactions(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """Two clients as two shard processes would run: a guild's interactions reach only the
    client of its shard, which knows the guild; a DM's reach only shard 0."""
    fake = fake_discord
    (guild0, tables0), (guild1, tables1) = add_guild_on_each_shard(fake)
    bob = fake.user("bob")
    first = await start_bot(ProbeBot("first", shard_count=2, shard_ids=[0]))
    second = await start_bot(ProbeBot("second", shard_count=2, shard_ids=[1], sync=False))
    assert fake.connected_shards == {0, 1}

    rec = await fake.slash(bob, "where", in_channel=tables1)
    assert (await rec.response()).text() == f"second in {guild1.name}"
    assert [s.shard for s in fake.delivered_to(rec)] == [(1, 2)]
    assert rec.id in second.interaction_ids and rec.id not in first.interaction_ids

    rec = await fake.slash(bob, "where", in_channel=tables0)
    assert (await rec.response()).text() == f"first in {guild0.name}"
    assert [s.shard for s in fake.delivered_to(rec)] == [(0, 2)]

    rec = await fake.slash(bob, "where", in_channel=fake.dm(bob))
    assert (await rec.response()).text() == "first in DM"
    assert [s.shard for s in fake.delivered_to(rec)] == [(0, 2)]
    assert rec.id not in second.interaction_ids
    assert len(first.interaction_ids) == 2 and len(second.interaction_ids) == 1


@pytest.mark.fake_discord(shards=2, max_concurrency=2)
async def test_the_session_start_limit_is_reported(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """``AutoShardedClient`` without a shard count takes Discord's recommendation; each
    session start uses one of the day's."""
    bot = await start_bot(ProbeBot("auto"))
    assert bot.shard_count == 2 and fake_discord.connected_shards == {0, 1}
    limits = await bot.fetch_session_start_limits()
    assert (limits.total, limits.remaining, limits.max_concurrency) == (1000, 998, 2)
    assert 0 < limits.reset_after <= 24 * 60 * 60 * 1000


@pytest.mark.fake_discord(shards=2, max_concurrency=4)
async def test_more_shards_than_recommended_are_routed_by_their_own_count(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """Discord routes by each session's own ``shard_count``: a bot may run more shards than
    GET /gateway/bot recommends (fewer would be 4011)."""
    fake = fake_discord
    alice = fake.user("alice")
    made = [fake.add_guild(f"Club {k}", owner=alice, shard=k, shard_count=4) for k in range(4)]
    bot = await start_bot(ProbeBot("four", shard_count=4))
    sessions = fake.live_sessions()
    assert [s.shard for s in sessions] == [(k, 4) for k in range(4)]
    for k, session in enumerate(sessions):
        assert made[k].id in ready_guilds(session)
        assert ready_guilds(session) == {g.id for g in fake.guilds if fake.shard_of(g, 4) == k}
    assert {g.id for g in bot.guilds} == {g.id for g in fake.guilds}


@pytest.mark.fake_discord(shards=2)
@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: discord.Client(intents=discord.Intents.default()), 4011),
        (lambda: ProbeBot("one shard", shard_count=1, sync=False), 4011),
        (
            lambda: discord.Client(intents=discord.Intents.default(), shard_id=2, shard_count=2),
            4010,
        ),
    ],
    ids=["no-shard", "too-few-shards", "shard-id-out-of-range"],
)
async def test_a_bad_shard_is_refused_with_discords_close_code(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    make: Callable[[], discord.Client],
    code: int,
) -> None:
    with pytest.raises(discord.ConnectionClosed) as refused:
        await start_bot(make())
    assert refused.value.code == code
    assert [r.code for r in fake_discord.rejections] == [code]
    assert fake_discord.gateway_sessions == [] and not fake_discord.violations


@pytest.mark.fake_discord(shards=2)
async def test_shard_processes_identifying_at_once_in_one_bucket_are_flagged(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """With ``max_concurrency`` 1 both shards share bucket 0: two processes that each start
    at once (each is its own first IDENTIFY) are too fast, however each paces itself."""
    await start_bot(ProbeBot("first", shard_count=2, shard_ids=[0]))
    await start_bot(ProbeBot("second", shard_count=2, shard_ids=[1], sync=False))
    [violation] = fake_discord.take_violations()
    assert "IDENTIFY of shard 1" in violation.detail and "bucket 0" in violation.detail


@pytest.mark.slow
@pytest.mark.fake_discord(shards=2)
async def test_discord_py_s_own_identify_pacing_is_not_flagged(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """The one slow test here: discord.py sleeps 5 s before its second shard's IDENTIFY."""
    await start_bot(ProbeBot("auto", shard_count=2, bucket_pacing=False), ready_timeout=15)
    first, second = fake_discord.gateway_sessions
    assert second.identified_at - first.identified_at >= IDENTIFY_WINDOW
    assert fake_discord.connected_shards == {0, 1} and not fake_discord.violations


@pytest.mark.fake_discord(shards=2, max_concurrency=2, identify_pacing=False)
async def test_a_shard_running_twice_is_flagged(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(ProbeBot("all", shard_count=2))
    await start_bot(discord.Client(intents=discord.Intents.default(), shard_id=1, shard_count=2))
    assert [s.shard for s in fake_discord.live_sessions(1)] == [(1, 2), (1, 2)]
    [violation] = fake_discord.take_violations()
    assert "shard [1, 2] identified while session" in violation.detail


async def test_one_shard_gets_everything_as_before(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """The default fake has one shard: an unsharded client gets every guild and DM, and
    ``AutoShardedClient`` runs the one shard GET /gateway/bot recommends."""
    fake = fake_discord
    fake.add_guild("Second club", owner=fake.user("alice")).add_member(fake.user("bob"))
    plain = await start_bot(discord.Client(intents=discord.Intents.default()))
    [session] = fake.gateway_sessions
    assert session.shard is None
    assert ready_guilds(session) == {g.id for g in fake.guilds} == {g.id for g in plain.guilds}
    posted = fake.user_message(fake.user("bob"), fake.dm(fake.user("bob")), "hello")
    assert fake.received_by("MESSAGE_CREATE", lambda e: e.data["id"] == str(posted.id)) == [session]
    await plain.close()
    await fake.wait_for(lambda: not fake.connected)

    auto = await start_bot(ProbeBot("auto"))
    assert auto.shard_count == 1
    assert [s.shard for s in fake.live_sessions()] == [(0, 1)]
    assert ready_guilds(fake.live_sessions()[0]) == {g.id for g in fake.guilds}
    rec = await fake.slash(fake.user("bob"), "where", in_channel=fake.dm(fake.user("bob")))
    assert (await rec.response()).text() == "auto in DM"
