"""The fake Discord's limits and faults: the traffic record, rate limits (global, per route,
old-message edits) with Discord's headers as the real discord.py client reads them, faults,
latency, gateway outages, and more guilds. Windows and limits are shortened per fake so
that each test takes a second or two (the outage test: its outage plus discord.py's
backoff)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp
import discord
import pytest

from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import BucketLimit, FakeDiscord, Faults
from tests.e2e.minibot import MiniBot

CREATE = "POST /channels/{channel_id}/messages"
RATE_HEADERS = (
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
    "X-RateLimit-Reset-After",
    "X-RateLimit-Bucket",
)


async def raw(
    fake: FakeDiscord,
    session: aiohttp.ClientSession,
    method: str,
    path: str,
    body: Any = None,
) -> tuple[int, dict[str, str], Any]:
    """One request past discord.py (no pacing, no retries): status, headers, body."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with session.request(method, fake.api_base + path, json=body, headers=headers) as resp:
        data: Any = (
            await resp.json() if resp.content_type == "application/json" else await resp.text()
        )
        return resp.status, dict(resp.headers), data


def plain_client() -> discord.Client:
    return discord.Client(intents=discord.Intents.default())


async def test_traffic_recorded_and_limits_off_by_default(fake_discord: FakeDiscord) -> None:
    channel = fake_discord.channel("general")
    path = f"/channels/{channel.id}/messages"
    async with aiohttp.ClientSession() as session:
        answers = await asyncio.gather(
            *(raw(fake_discord, session, "POST", path, {"content": f"m{i}"}) for i in range(12))
        )
        assert [status for status, _, _ in answers] == [200] * 12
        assert not any(h in headers for _, headers, _ in answers for h in RATE_HEADERS)
        # an old message may still be edited (limits off), but the edit is counted
        message_id = answers[0][2]["id"]
        fake_discord.advance_clock(3601)
        status, _, _ = await raw(
            fake_discord, session, "PATCH", f"{path}/{message_id}", {"content": "late"}
        )
        assert status == 200 and fake_discord.old_message_edits == 1
    traffic = fake_discord.traffic
    assert len(traffic.records) == 13 and traffic.limited() == []
    first = traffic.records[0]
    assert (first.method, first.template, first.major, first.exempt, first.status) == (
        "POST",
        "/channels/{channel_id}/messages",
        str(channel.id),
        False,
        200,
    )
    assert traffic.by_route() == {
        CREATE: 12,
        "PATCH /channels/{channel_id}/messages/{message_id}": 1,
    }
    assert sum(traffic.per_second()) == 13 and traffic.exempt_records() == []
    assert traffic.counted(until=first.at) == []
    traffic.clear()
    assert traffic.records == []


@pytest.mark.fake_discord(rate_limits=True)
async def test_discord_py_paces_itself_from_the_bucket_headers(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    fake_discord.buckets[CREATE] = BucketLimit(5, 0.5)  # Discord's 5 per 5 s, ten times faster
    client = await start_bot(plain_client())
    channel = client.get_channel(fake_discord.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    started = time.monotonic()
    await asyncio.gather(*(channel.send(f"m{i}") for i in range(12)))
    elapsed = time.monotonic() - started
    creates = [r for r in fake_discord.traffic.records if r.route == CREATE]
    assert [r.status for r in creates] == [200] * 12  # not one 429: discord.py waited
    assert fake_discord.traffic.limited() == [] and fake_discord.invalid_requests == 0
    assert 0.95 < elapsed < 3.0  # three windows: 5 + 5 + 2
    assert len(fake_discord.channel_messages(fake_discord.channel("general"))) == 12


@pytest.mark.fake_discord(rate_limits=True)
async def test_a_raw_burst_past_a_bucket_gets_discords_429(fake_discord: FakeDiscord) -> None:
    general, mahjong = fake_discord.channel("general"), fake_discord.channel("mahjong")
    async with aiohttp.ClientSession() as session:
        answers = [
            await raw(
                fake_discord, session, "POST", f"/channels/{general.id}/messages", {"content": "x"}
            )
            for _ in range(6)
        ]
        other = await raw(
            fake_discord, session, "POST", f"/channels/{mahjong.id}/messages", {"content": "y"}
        )
        read = await raw(fake_discord, session, "GET", f"/channels/{general.id}")
    for i, (status, headers, _) in enumerate(answers[:5]):
        assert status == 200
        assert headers["X-RateLimit-Limit"] == "5"
        assert headers["X-RateLimit-Remaining"] == str(4 - i)
        assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 5.0
        assert abs(float(headers["X-RateLimit-Reset"]) - time.time() - 5.0) < 1.0
    assert len({h["X-RateLimit-Bucket"] for _, h, _ in answers}) == 1
    status, headers, body = answers[5]
    assert status == 429
    assert headers["Via"] == "1.1 google" and headers["X-RateLimit-Scope"] == "user"
    assert headers["Retry-After"] == "5" and headers["X-RateLimit-Remaining"] == "0"
    assert "X-RateLimit-Global" not in headers and headers["Content-Type"] == "application/json"
    assert set(body) == {"message", "retry_after", "global", "code"}
    assert body["message"] == "You are being rate limited." and body["global"] is False
    assert body["code"] == 0 and 4.0 < body["retry_after"] <= 5.0
    assert other[0] == 200 and other[1]["X-RateLimit-Remaining"] == "4"  # per channel
    assert read[0] == 200 and read[1]["X-RateLimit-Limit"] == "10"  # the default bucket
    assert read[1]["X-RateLimit-Bucket"] != answers[0][1]["X-RateLimit-Bucket"]
    [limited] = fake_discord.traffic.limited()
    assert (limited.scope, limited.major, limited.code) == ("user", str(general.id), 0)
    assert fake_discord.invalid_requests == 1
    assert [r.detail.startswith("rate limited (user)") for r in fake_discord.rejections] == [True]


@pytest.mark.fake_discord(rate_limits=True)
async def test_the_global_limit_spares_interaction_routes(fake_discord: FakeDiscord) -> None:
    fake_discord.buckets["default"] = BucketLimit(1000, 1.0)  # only the global limit in play
    fake_discord.buckets["callback"] = BucketLimit(1000, 1.0)
    channel = fake_discord.channel("general")
    async with aiohttp.ClientSession() as session:
        counted = await asyncio.gather(
            *(raw(fake_discord, session, "GET", f"/channels/{channel.id}") for _ in range(60))
        )
        exempt = await asyncio.gather(
            *(
                raw(
                    fake_discord,
                    session,
                    "POST",
                    f"/interactions/{1000 + i}/token-{i}/callback",
                    {"type": 4, "data": {"content": "hi"}},
                )
                for i in range(60)
            )
        )
    limited = [(h, body) for status, h, body in counted if status == 429]
    assert 0 < len(limited) <= 10 and sum(status == 200 for status, _, _ in counted) >= 50
    headers, body = limited[0]
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert headers["Via"] == "1.1 google" and int(headers["Retry-After"]) >= 1
    assert body["global"] is True and body["message"] == "You are being rate limited."
    assert body["code"] == 0 and 0 < body["retry_after"] <= 1.0
    assert not any(status == 429 for status, _, _ in exempt)  # unknown interactions: 404
    traffic = fake_discord.traffic
    assert {r.scope for r in traffic.limited()} == {"global"}
    assert len(traffic.exempt_records()) == 60 and len(traffic.counted()) == 60
    assert sum(traffic.per_second()) == 60
    fake_discord.take_violations()  # the callbacks named interactions that do not exist


@pytest.mark.fake_discord(rate_limits=True)
async def test_discord_py_waits_out_a_global_429(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """discord.py pauses every request after a global 429 and retries once it is over. (It
    retries all that met the 429 at the same moment and gives up on a request after 5
    tries: a bot well past the limit gets HTTPException 429; so few requests here.)"""
    client = await start_bot(plain_client())
    fake_discord.global_limit = 5  # Discord's 50 a second, ten times lower
    fake_discord.advance_clock(1.0)  # the login's requests leave the global window
    fake_discord.traffic.clear()
    ids = [fake_discord.channel(n).id for n in ("general", "mahjong", "table-1")]
    started = time.monotonic()
    answers = await asyncio.gather(*(client.http.get_channel(ids[i % 3]) for i in range(10)))
    elapsed = time.monotonic() - started
    assert [a["id"] for a in answers] == [str(ids[i % 3]) for i in range(10)]
    limited = fake_discord.traffic.limited()
    assert limited and {r.scope for r in limited} == {"global"}
    accepted = [r for r in fake_discord.traffic.counted() if r.status == 200]
    assert len(accepted) == 10 and elapsed > 0.9  # 10 at 5 a second: past the first window
    for record in accepted:  # never more than 5 accepted in any second
        assert sum(record.at <= r.at < record.at + 1.0 for r in accepted) <= 5


@pytest.mark.fake_discord(rate_limits=True)
async def test_edits_of_hour_old_messages_meet_30046(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    fake_discord.old_edit_retry_after = 0.01
    fake_discord.buckets["PATCH /channels/{channel_id}/messages/{message_id}"] = BucketLimit(50, 1)
    client = await start_bot(plain_client())
    channel = client.get_channel(fake_discord.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    old, new = await channel.send("old"), await channel.send("new")
    fake_discord.advance_clock(3601)  # also ends every bucket window
    fresh = await channel.send("fresh")
    await fresh.edit(content="fresh, edited")
    assert fake_discord.old_message_edits == 0
    for n in range(3):  # three an hour per channel are allowed
        await old.edit(content=f"old {n}")
    with pytest.raises(discord.HTTPException) as refused:
        await new.edit(content="new 1")
    assert (refused.value.status, refused.value.code) == (429, 30046)
    assert "older than 1 hour" in refused.value.text
    # discord.py took the 429 for a rate limit and tried 5 times before giving up
    assert fake_discord.old_message_edits == 3 + 5
    assert [r.code for r in fake_discord.traffic.limited()] == [30046] * 5
    assert fake_discord.invalid_requests == 5


async def test_faults_answer_5xx_but_spare_the_login(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    fake_discord.faults = Faults(rate=1.0, statuses=(503,))
    await start_bot(plain_client())  # GET /users/@me and /gateway/bot are spared
    channel = fake_discord.channel("general")
    async with aiohttp.ClientSession() as session:
        status, _, body = await raw(fake_discord, session, "GET", f"/channels/{channel.id}")
        assert (status, body) == (503, {"message": "503: Service Unavailable", "code": 0})
        fake_discord.faults = Faults(rate=1.0, statuses=(502,), routes=(CREATE,))
        status, headers, page = await raw(
            fake_discord, session, "POST", f"/channels/{channel.id}/messages", {"content": "x"}
        )
        assert status == 502 and headers["Content-Type"].startswith("text/html")
        assert "<title>502 Bad Gateway</title>" in page and "cloudflare" in page
        status, _, _ = await raw(fake_discord, session, "GET", f"/channels/{channel.id}")
        assert status == 200  # not a named route
    assert fake_discord.channel_messages(channel) == []  # a failed request is not carried out
    assert [r.status for r in fake_discord.rejections] == [503, 502]
    assert not any(r.violation for r in fake_discord.rejections)
    draws = [Faults(rate=0.5, seed=7).draw() for _ in range(2)]
    one, two = Faults(rate=0.5, seed=7), Faults(rate=0.5, seed=7)
    assert [one.draw() for _ in range(20)] == [two.draw() for _ in range(20)]
    assert draws[0] == draws[1]


async def test_timeouts_drop_the_connection(fake_discord: FakeDiscord) -> None:
    channel = fake_discord.channel("general")
    path = f"/channels/{channel.id}/messages"
    fake_discord.faults = Faults(timeout_rate=1.0, timeout_s=0.05, routes=(CREATE,))
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.ServerDisconnectedError):
            await raw(fake_discord, session, "POST", path, {"content": "lost"})
        assert fake_discord.channel_messages(channel) == []
        fake_discord.faults = Faults(
            timeout_rate=1.0, timeout_s=0.05, routes=(CREATE,), timeout_done_rate=1.0
        )
        with pytest.raises(aiohttp.ServerDisconnectedError):
            await raw(fake_discord, session, "POST", path, {"content": "sent, answer lost"})
        assert [m.content for m in fake_discord.channel_messages(channel)] == ["sent, answer lost"]
    assert [r.status for r in fake_discord.traffic.records] == [0, 0]


async def test_latency_reorders_concurrent_requests(fake_discord: FakeDiscord) -> None:
    channel = fake_discord.channel("general")
    fake_discord.latency, fake_discord.latency_seed = (0.0, 0.1), 1
    sent = [f"m{i:02}" for i in range(20)]

    async def post_all() -> None:
        async with aiohttp.ClientSession() as session:
            path = f"/channels/{channel.id}/messages"
            await asyncio.gather(
                *(raw(fake_discord, session, "POST", path, {"content": c}) for c in sent)
            )

    posting = asyncio.create_task(post_all())
    await fake_discord.wait_for(
        lambda: len(fake_discord.channel_messages(channel)) == 20, poll=False
    )
    await posting
    arrived = [m.content for m in fake_discord.channel_messages(channel)]
    assert sorted(arrived) == sent and arrived != sent


async def test_a_bot_survives_a_gateway_outage(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(MiniBot(guild_id=fake_discord.guild.id))
    resumes = fake_discord.resume_count
    started = time.monotonic()
    await fake_discord.drop_gateway(2.0, hold=True)  # reconnections wait for the end
    assert not fake_discord.connected and fake_discord.gateway_outages == 1
    await fake_discord.wait_for(lambda: fake_discord.resume_count > resumes, timeout=10)
    assert fake_discord.connected and 1.9 < time.monotonic() - started < 5.0
    assert fake_discord.resume_count == resumes + 1  # the same session, resumed
    rec = await fake_discord.slash(fake_discord.user("alice"), "ping")
    assert (await rec.response()).content == "pong"


async def test_an_outage_refuses_the_gateway_and_discord_py_backs_off(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(MiniBot(guild_id=fake_discord.guild.id))
    resumes, identifies = fake_discord.resume_count, fake_discord.identify_count
    await fake_discord.drop_gateway(0.5)
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(fake_discord.gateway_url)
        assert refused.value.status == 503
    await fake_discord.wait_for(  # discord.py's backoff is random: 0-2 s, then 0-4 s, ...
        lambda: (
            fake_discord.connected
            and (fake_discord.resume_count > resumes or fake_discord.identify_count > identifies)
        ),
        timeout=30,
        poll=False,
    )
    assert fake_discord.resume_count == resumes + 1 and fake_discord.gateway_outages == 1
    rec = await fake_discord.slash(fake_discord.user("dave"), "ping")
    assert (await rec.response()).content == "pong"


async def test_more_guilds_each_with_a_channel_and_members(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    owner = fake_discord.user("alice")
    for n in range(3):
        guild = fake_discord.add_guild(f"club {n}", owner=owner)
        guild.add_member(owner, admin=True)
        for k in range(4):
            guild.add_member(fake_discord.add_user(f"player-{n}-{k}"))
        guild.add_text_channel("tables")
    client = await start_bot(plain_client())
    assert len(client.guilds) == 4
    for guild in fake_discord.guilds[1:]:
        seen = client.get_guild(guild.id)
        assert seen is not None and seen.member_count == 6  # 5 players and the bot
        assert [c.name for c in seen.text_channels] == ["tables"]
    late = fake_discord.add_guild("late club", owner=owner)  # GUILD_CREATE while connected
    await fake_discord.wait_for(lambda: client.get_guild(late.id) is not None)
