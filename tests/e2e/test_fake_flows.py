"""The fake Discord with the real discord.py client: handshake, sync and the driver's flows."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import DriverError, FakeDiscord
from tests.e2e.minibot import PNG_1X1, MiniBot


@pytest.fixture
async def bot(fake_discord: FakeDiscord, start_bot: StartBot) -> MiniBot:
    return await start_bot(MiniBot(guild_id=fake_discord.guild.id))


async def test_handshake_and_guild_sync(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    assert bot.user is not None and bot.user.id == fake_discord.bot_user.id
    assert bot.application_id == fake_discord.application_id
    guild = bot.get_guild(fake_discord.guild.id)
    assert guild is not None and guild.member_count == 5
    assert {c.name for c in guild.text_channels} == {"general", "mahjong"}
    assert [t.name for t in guild.threads] == ["table-1"]
    names = fake_discord.command_names(fake_discord.guild)
    assert {"ping", "game", "admin-only", "lang", "Inspect"} <= set(names)
    assert fake_discord.commands() == []  # nothing global
    assert {c.name for c in bot.synced} == set(names)
    lang = next(c for c in fake_discord.commands(fake_discord.guild) if c["name"] == "lang")
    assert lang["name_localizations"] == {"zh-CN": "语言", "zh-TW": "語言"}


async def test_global_sync_and_members_intent(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    intents = discord.Intents.default()
    intents.members = True
    bot = await start_bot(MiniBot(guild_id=None, intents=intents))
    assert "ping" in fake_discord.command_names()
    guild = bot.get_guild(fake_discord.guild.id)
    assert guild is not None and {m.name for m in guild.members} >= {
        "alice",
        "bob",
        "carol",
        "dave",
    }
    rec = await fake_discord.slash(
        fake_discord.user("dave"), "ping", in_channel=fake_discord.dm(fake_discord.user("dave"))
    )
    assert rec.message is not None and rec.message.channel.is_dm


async def test_slash_button_and_update(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    rec = await fake_discord.slash(alice, "ping")
    msg = await rec.response()
    assert msg.content == "pong" and not msg.ephemeral
    assert msg.custom_ids == [
        "mini:hit",
        "mini:off",
        "mini:form",
        "mini:later",
        "mini:pick",
        "mini:who",
    ]
    assert fake_discord.channel_messages(fake_discord.channel("general")) == [msg]
    click = await fake_discord.click(bob, msg, "mini:hit")
    assert click.ack_type == 7 and msg.content == "hit by bob"
    later = await fake_discord.click(alice, msg, "mini:later")
    assert later.ack_type == 6
    assert (await later.response()).content == "updated later"


async def test_driver_refuses_what_a_client_cannot_send(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    msg = await (await fake_discord.slash(alice, "ping")).response()
    with pytest.raises(DriverError, match="disabled"):
        await fake_discord.click(alice, msg, "mini:off")
    with pytest.raises(DriverError, match="no such component"):
        await fake_discord.click(alice, msg, "mini:nope")
    with pytest.raises(DriverError, match="offers"):
        await fake_discord.select(alice, msg, "mini:pick", ["four"])
    with pytest.raises(DriverError, match=r"takes 1\.\.2 values"):
        await fake_discord.select(alice, msg, "mini:pick", ["one", "two", "three"])
    with pytest.raises(DriverError, match="no command"):
        await fake_discord.slash(alice, "nope")
    with pytest.raises(DriverError, match="no option"):
        await fake_discord.slash(alice, "echo", text="a", volume=3)
    with pytest.raises(DriverError, match="required option"):
        await fake_discord.slash(alice, "echo")
    with pytest.raises(DriverError, match="is a group"):
        await fake_discord.slash(alice, "game admin")
    with pytest.raises(DriverError, match="must be <= 4"):
        await fake_discord.slash(alice, "game start", players=5)
    with pytest.raises(DriverError, match="choices"):
        await fake_discord.slash(alice, "game start", players=3, stake="huge")
    with pytest.raises(DriverError, match="no command 'admin-only'"):
        await fake_discord.slash(bob, "admin-only")
    outsider = fake_discord.add_user("zoe")
    with pytest.raises(DriverError, match="not a member"):
        await fake_discord.slash(outsider, "ping")
    picked = await fake_discord.select(alice, msg, "mini:pick", ["two", "one"])
    eph = await picked.response()
    assert eph.ephemeral and eph.content == "picked two,one"
    assert fake_discord.ephemeral_messages(alice) == [eph]
    with pytest.raises(DriverError, match="ephemeral"):
        await fake_discord.click(bob, eph, "anything")


async def test_subcommand_group_options_and_admin(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    rec = await fake_discord.slash(bob, "game start", players=3, stake="high", rival=alice)
    assert (await rec.response()).content == "start 3 high vs alice"
    rec = await fake_discord.slash(alice, "game admin reset", where=fake_discord.channel("mahjong"))
    assert (await rec.response()).content == "reset mahjong"
    rec = await fake_discord.slash(alice, "admin-only")
    assert rec.ephemeral and rec.message is not None and rec.message.content == "ok admin"


async def test_locales_and_localized_names(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    bob, carol, dave = (fake_discord.user(n) for n in ("bob", "carol", "dave"))
    assert (
        await (await fake_discord.slash(bob, "语言")).response()
    ).content == "你好 [zh-CN/en-US]"
    assert (
        await (await fake_discord.slash(carol, "lang")).response()
    ).content == "你好 [zh-TW/en-US]"
    assert (
        await (await fake_discord.slash(dave, "lang")).response()
    ).content == "hello [en-US/en-US]"


async def test_modal_round_trip(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    alice = fake_discord.user("alice")
    msg = await (await fake_discord.slash(alice, "ping")).response()
    opened = await fake_discord.click(alice, msg, "mini:form")
    assert (
        opened.ack_type == 9 and opened.modal is not None and opened.modal["title"] == "Your name"
    )
    with pytest.raises(DriverError, match="required"):
        await fake_discord.submit_modal(alice, opened, {"mini:note": "x"})
    with pytest.raises(DriverError, match="length"):
        await fake_discord.submit_modal(alice, opened, {"mini:name": "n" * 21})
    submitted = await fake_discord.submit_modal(alice, opened, {"mini:name": "Alice"})
    assert (await submitted.response()).content == "hello Alice (-)"
    with pytest.raises(DriverError, match="already submitted"):
        await fake_discord.submit_modal(alice, opened, {"mini:name": "Again"})


async def test_defer_then_followups(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    alice = fake_discord.user("alice")
    rec = await fake_discord.slash(alice, "later")
    assert rec.ack_type == 5
    first = await rec.response()
    assert first.content == "deferred done" and not first.loading and first is rec.message
    followups = await rec.wait_followups(2)
    assert followups[1].ephemeral and followups[1].content == "second"
    assert [m.content for m in rec.messages] == ["deferred done", "second"]
    rec = await fake_discord.slash(alice, "later", ephemeral=True)
    assert (await rec.response()).ephemeral


async def test_edits_followups_and_attachment_replacement(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    alice = fake_discord.user("alice")
    rec = await fake_discord.slash(alice, "edits")
    await rec.wait_until(lambda r: len(r.followups) == 2 and r.followups[1].deleted)
    original = rec.message
    assert original is not None and original.content == "v2"
    assert [a.filename for a in original.attachments] == ["two.txt"]
    assert fake_discord.attachment_bytes(original) == b"two"
    assert rec.followups[0].content == "f2" and rec.followups[0].ephemeral
    await fake_discord.wait_for(
        lambda: (
            (
                "GET",
                f"/api/v10/webhooks/{fake_discord.application_id}/{rec.token}/messages/@original",
            )
            in fake_discord.requests
        )
    )


async def test_dms_files_and_closed_dms(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    bob = fake_discord.user("bob")
    rec = await fake_discord.slash(bob, "dm")
    assert (await rec.response()).content == "sent"
    [dm] = fake_discord.dm_messages(bob)
    assert dm.content == "your hand" and dm.attachments[0].filename == "hand.png"
    assert fake_discord.attachment_bytes(dm, 0) == PNG_1X1
    assert (dm.attachments[0].width, dm.attachments[0].height) == (1, 1)
    async with aiohttp.ClientSession() as session, session.get(dm.attachments[0].url) as resp:
        assert resp.status == 200 and await resp.read() == PNG_1X1
    bob.dms_open = False
    rec = await fake_discord.slash(bob, "dm")
    assert (await rec.response()).content == "dms closed 50007"
    assert [r.code for r in fake_discord.rejections] == [50007]
    assert fake_discord.violations == [] and fake_discord.invalid_requests == 1


async def test_threads(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    alice = fake_discord.user("alice")
    mahjong = fake_discord.channel("mahjong")
    rec = await fake_discord.slash(alice, "thread", in_channel=mahjong)
    await rec.wait_followups(1)
    private = fake_discord.channel("table-3")
    assert (
        private.type == 12 and private.parent is mahjong and alice.id in private.thread_member_ids
    )
    assert [m.content for m in fake_discord.channel_messages(private)] == ["welcome"]
    rec = await fake_discord.slash(alice, "thread", in_channel=mahjong, from_message=True)
    await rec.wait_followups(1)
    public = fake_discord.channel("table-2")
    starter = fake_discord.channel_messages(mahjong)[-1]
    assert starter.content == "table 2" and starter.thread is public and public.id == starter.id
    guild = bot.get_guild(fake_discord.guild.id)
    assert guild is not None
    await fake_discord.wait_for(lambda: guild.get_thread(public.id) is not None)
    # slash commands work inside threads too
    rec = await fake_discord.slash(alice, "ping", in_channel=public)
    assert (await rec.response()).channel is public


async def test_attachment_option_is_served_by_url(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    rec = await fake_discord.slash(fake_discord.user("carol"), "upload", file=("hand.png", PNG_1X1))
    assert (await rec.response()).content == f"hand.png {len(PNG_1X1)} b'\\x89PNG'"


async def test_channel_messages_history_and_embed_attachment(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    general = fake_discord.channel("general")
    rec = await fake_discord.slash(fake_discord.user("alice"), "channel")
    [report] = await rec.wait_followups(1)
    assert report.content == "hello again|['hello again']"
    [posted] = fake_discord.channel_messages(general)
    assert posted.edits == 1 and posted.attachments[0].filename == "tiles.png"
    assert posted.embeds[0]["image"]["url"] == posted.attachments[0].url


async def test_autocomplete_and_context_menu(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    choices = await fake_discord.autocomplete(alice, "find", focused="tile", tile="1")
    assert [c["value"] for c in choices] == ["1m", "1p", "1s"]
    rec = await fake_discord.user_command(alice, "Inspect", bob)
    assert (await rec.response()).content == "inspect bob"
    assert rec.message is not None and rec.message.ephemeral
    with pytest.raises(DriverError, match="ephemeral"):
        await fake_discord.message_command(bob, "Quote", rec.message)
    pong = await (await fake_discord.slash(alice, "ping")).response()
    quoted = await fake_discord.message_command(bob, "Quote", pong)
    assert (await quoted.response()).content == "> pong"


async def test_user_select(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    alice, bob, carol = (fake_discord.user(n) for n in ("alice", "bob", "carol"))
    msg = await (await fake_discord.slash(alice, "ping")).response()
    rec = await fake_discord.select(alice, msg, "mini:who", [carol, bob])
    assert (await rec.response()).content == "chose bob,carol"


async def test_user_message_reaches_the_bot(fake_discord: FakeDiscord, start_bot: StartBot) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    bot = await start_bot(MiniBot(guild_id=fake_discord.guild.id, intents=intents))
    seen: list[str] = []

    async def on_message(message: discord.Message) -> None:
        seen.append(message.content)

    bot.add_listener(on_message)
    fake_discord.user_message(fake_discord.user("bob"), fake_discord.channel("general"), "胡了!")
    await fake_discord.wait_for(lambda: bool(seen), timeout=2)
    assert seen == ["胡了!"]


async def test_reconnect_resumes_and_keeps_intents(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    bot = await start_bot(MiniBot(guild_id=fake_discord.guild.id, intents=intents))
    seen: list[str] = []

    async def on_message(message: discord.Message) -> None:
        seen.append(message.content)

    bot.add_listener(on_message)
    await fake_discord.reconnect_gateway()
    assert fake_discord.identify_count == 1 and fake_discord.resume_count == 1
    fake_discord.user_message(
        fake_discord.user("carol"), fake_discord.channel("mahjong"), "after resume"
    )
    await fake_discord.wait_for(lambda: seen == ["after resume"], timeout=2)
    rec = await fake_discord.slash(fake_discord.user("carol"), "ping")
    assert (await rec.response()).content == "pong"


async def test_patch_discord_restores_discord_py() -> None:
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    before = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    fake = FakeDiscord(world=False, openapi_spec=False)
    await fake.start()
    try:
        with fake.patch_discord():
            assert (
                fake.api_base == Route.BASE
                and str(DiscordWebSocket.DEFAULT_GATEWAY) == fake.gateway_url
            )
    finally:
        await fake.stop()
    assert before == (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    assert before[0] == "https://discord.com/api/v10"


async def test_world_can_grow_while_connected(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    guild = fake_discord.guild
    erin = fake_discord.add_user("erin", locale="zh-CN")
    guild.add_member(erin)
    lounge = guild.add_text_channel("lounge")
    referee = guild.add_role("Referee")
    cached = bot.get_guild(guild.id)
    assert cached is not None
    await fake_discord.wait_for(
        lambda: (
            cached.get_channel(lounge.id) is not None and cached.get_role(referee.id) is not None
        )
    )
    rec = await fake_discord.slash(erin, "lang", in_channel=lounge)
    assert (await rec.response()).content == "你好 [zh-CN/en-US]"
    other = fake_discord.add_guild("Second Club", owner=erin, locale="zh-CN")
    other.add_member(erin, admin=True)
    await fake_discord.wait_for(lambda: bot.get_guild(other.id) is not None)
