"""``/web on | off | rotate | link`` and the 🌐 buttons, end to end: the real ShangraoBot on an
SQLite file, serving the league's pages itself (``WEB_PORT=0``: a free port), against the
loopback fake Discord (which refuses a link button Discord would refuse); the links to the
league, a session and a replay are fetched over HTTP, the player's and the review's addresses
checked to be the web layer's. A hand played
at a bot table: its final standings, ``/replay`` and the player's own ``/review`` link to the
session, the hand (at the step and view shown) and the review."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.replay import last_played
from shangrao_bot.settings import WebPlan
from shangrao_bot.store.web_sites import open_site, site_of
from shangrao_bot.ui.replay_views import forget_cached
from shangrao_bot.web.addresses import review_key_matches
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_model import FakeMessage
from tests.e2e.test_bot_commands import bot_settings
from tests.e2e.test_ratings_seasons import counted, mention
from tests.e2e.test_tables import FAST, PACING, open_table, seat_ais_and_start, seeds, until
from tests.e2e.test_tables_features import play_hand

WAIT = 60.0

LINK_STYLE = 5


@pytest.fixture
async def serving_bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    """The bot, serving the league's pages on a free port of this machine."""
    settings = dataclasses.replace(bot_settings(fake_discord, tmp_path), web=WebPlan(port=0))
    yield await start_bot(ShangraoBot(settings))


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    """The bot, knowing no address for the pages (neither ``WEB_PORT`` nor ``WEB_PUBLIC_URL``)."""
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path)))


def links(message: FakeMessage) -> list[str]:
    """The URLs of the message's link buttons, each checked to be a 🌐 button."""
    found = []
    for button in message.buttons():
        if button.get("style") == LINK_STYLE:
            assert button["emoji"]["name"] == "🌐" and button["label"] and "custom_id" not in button
            found.append(button["url"])
    return found


def the_link(message: FakeMessage) -> str:
    found = links(message)
    assert len(found) == 1, found
    return found[0]


async def status(url: str) -> int:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status


@pytest.mark.slow
async def test_web_commands_switch_the_pages_and_the_buttons_follow(
    fake_discord: FakeDiscord, serving_bot: ShangraoBot
) -> None:
    fake, bot = fake_discord, serving_bot
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    guild = fake.guild.id
    base = bot.web_link_base()
    assert base is not None and base.startswith("http://127.0.0.1:")

    # before the pages are on: no button anywhere; /web link says who can switch them on
    assert links(await (await fake.slash(alice, "leaderboard")).response()) == []
    assert links(await (await fake.slash(alice, "profile")).response()) == []
    off = await (await fake.slash(bob, "web link")).response()  # Bob reads simplified Chinese
    assert off.ephemeral and "牌社网页未开启" in off.text() and links(off) == []

    # switching them on is for administrators
    refused = await (await fake.slash(dave, "web on")).response()
    assert refused.ephemeral and "Only server administrators" in refused.text()
    assert await site_of(bot.db, guild) is None

    on = await (await fake.slash(alice, "web on")).response()
    assert on.ephemeral and "The league's web pages are on" in on.text()
    site = await site_of(bot.db, guild)
    assert site is not None
    first = the_link(on)
    assert first == f"{base}/s/{site.token}/" and f"<{first}>" in on.text()
    assert await status(first) == 200
    again = await (await fake.slash(alice, "web on")).response()
    assert "already on" in again.text() and the_link(again) == first
    shared = await (await fake.slash(bob, "web link")).response()
    assert shared.ephemeral and the_link(shared) == first and "牌社" in shared.text()

    # the buttons: the leaderboard with the same filters, the player's page
    board = await (
        await fake.slash(alice, "leaderboard", metric="average", guests=True, min_hands=2)
    ).response()
    assert not board.ephemeral
    league = the_link(board)
    assert urlsplit(league).path == f"/s/{site.token}/"
    assert sorted(urlsplit(league).query.split("&")) == ["guests=1", "metric=average", "min=2"]
    assert await status(league) == 200
    rated = the_link(await (await fake.slash(alice, "leaderboard", metric="rating")).response())
    assert urlsplit(rated).query == "metric=rating" and await status(rated) == 200
    profile = await (await fake.slash(carol, "profile")).response()
    player = await bot.db.fetchone(
        "SELECT id FROM players WHERE guild_id = ? AND user_id = ?", (guild, carol.id)
    )
    assert player is not None
    assert the_link(profile) == f"{base}/s/{site.token}/player/{player['id']}"

    # a physical session: /session show and the settlement carry the session's page, also
    # once a Paid press has edited the settlement
    players = " ".join(mention(u) for u in (alice, bob, carol, dave))
    await (await fake.slash(alice, "session start", players=players)).response()
    win = await (await fake.slash(alice, "score quick", winner="1", pattern="宝吊头")).response()
    await counted(fake, alice, win)
    shown = await (await fake.slash(alice, "session show")).response()
    session_link = the_link(shown)
    assert session_link.startswith(f"{base}/s/{site.token}/session/")
    assert await status(session_link) == 200
    ended = await (await fake.slash(alice, "session end")).response()
    assert the_link(ended) == session_link
    paid = next(c for c in ended.custom_ids if c.startswith("sk:paid:"))
    await (await fake.click(alice, ended, paid)).response()
    assert the_link(ended) == session_link and paid not in ended.custom_ids

    # a new address: every old link leads nowhere, the new one and the buttons follow
    rotated = await (await fake.slash(alice, "web rotate")).response()
    assert rotated.ephemeral and "new address" in rotated.text()
    second = the_link(rotated)
    assert second != first
    assert await status(first) == 404 and await status(league) == 404
    assert await status(second) == 200
    board = await (await fake.slash(alice, "leaderboard")).response()
    assert the_link(board) == second

    refused = await (await fake.slash(dave, "web rotate")).response()
    assert refused.ephemeral and "Only server administrators" in refused.text()
    refused = await (await fake.slash(dave, "web off")).response()
    assert refused.ephemeral and await status(second) == 200

    # off: the address leads nowhere and the buttons are gone
    closed = await (await fake.slash(alice, "web off")).response()
    assert closed.ephemeral and "are off" in closed.text() and links(closed) == []
    assert await status(second) == 404
    assert links(await (await fake.slash(alice, "leaderboard")).response()) == []
    assert links(await (await fake.slash(alice, "profile")).response()) == []
    off = await (await fake.slash(alice, "web link")).response()
    assert "are off" in off.text() and "/web on" in off.text() and links(off) == []
    again = await (await fake.slash(alice, "web off")).response()
    assert "already off" in again.text()


@pytest.mark.slow
async def test_without_an_address_the_commands_say_what_the_operator_must_set(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, dave = fake.user("alice"), fake.user("dave")
    assert bot.web_link_base() is None
    # the pages are on in the book (a `shangrao-bot web` elsewhere may serve them), yet the bot
    # knows no address to give: no command gives one, no button appears
    await open_site(bot.db, fake.guild.id, alice.id)
    for user, command in ((alice, "web on"), (alice, "web rotate"), (dave, "web link")):
        refused = await (await fake.slash(user, command)).response()
        assert refused.ephemeral and links(refused) == []
        assert "`WEB_PORT`" in refused.text() and "`WEB_PUBLIC_URL`" in refused.text()
    assert links(await (await fake.slash(alice, "leaderboard")).response()) == []
    refused = await (await fake.slash(dave, "web on")).response()
    assert "Only server administrators" in refused.text()
    closed = await (await fake.slash(alice, "web off")).response()
    assert "are off" in closed.text() and await site_of(bot.db, fake.guild.id) is None


@pytest.fixture
async def table_bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path, pictures_in_threads: None
) -> AsyncIterator[ShangraoBot]:
    """The bot serving its pages, with the bot tables' short timings and fixed walls."""
    forget_cached()
    settings = dataclasses.replace(bot_settings(fake_discord, tmp_path), web=WebPlan(port=0))
    bot = ShangraoBot(settings, service_config=FAST, seeds=seeds, pacing=PACING)
    yield await start_bot(bot)


@pytest.mark.slow
async def test_a_bot_tables_hand_links_to_its_session_replay_and_review(
    fake_discord: FakeDiscord, table_bot: ShangraoBot
) -> None:
    fake, bot = fake_discord, table_bot
    alice = fake.user("alice")
    await (await fake.slash(alice, "web on")).response()
    site = await site_of(bot.db, fake.guild.id)
    assert site is not None
    root = f"{bot.web_link_base()}/s/{site.token}/"

    table_id, thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await play_hand(fake, bot, alice, thread)

    def standings() -> FakeMessage | None:
        return next(
            (m for m in fake.channel_messages(thread) if "final standings" in m.text()), None
        )

    await until(lambda: standings() is not None, WAIT)
    final = standings()
    assert final is not None
    session_link = the_link(final)
    assert session_link.startswith(root + "session/")
    hand = await last_played(bot.db, fake.guild.id, alice.id)
    assert hand is not None
    row = await bot.db.fetchone("SELECT session_id FROM hands WHERE id = ?", (hand,))
    assert row is not None and session_link == f"{root}session/{row['session_id']}"

    # /replay: the hand's page, following the step and the view shown
    replay = await (await fake.slash(alice, "replay", in_channel=fake.channel("mahjong"))).response(
        timeout=WAIT
    )
    assert the_link(replay) == f"{root}hand/{hand}"
    step = next(c for c in replay.custom_ids if c.endswith(":next"))
    before = replay.edits
    await fake.click(alice, replay, step)
    await fake.wait_for(lambda: replay.edits > before, timeout=WAIT)
    assert the_link(replay) == f"{root}hand/{hand}?step=1"
    before = replay.edits
    select = next(c for c in replay.custom_ids if c.startswith("rps:"))
    await fake.select(alice, replay, select, ["2"])
    await fake.wait_for(lambda: replay.edits > before, timeout=WAIT)
    assert the_link(replay) == f"{root}hand/{hand}?step=1&view=2"
    assert await status(the_link(replay)) == 200 and await status(session_link) == 200

    # /review: the player's own review, privately, under a key for that hand and seat
    review = await (
        await fake.slash(alice, "review hand", in_channel=fake.channel("mahjong"))
    ).response(timeout=WAIT)
    assert review.ephemeral
    link = the_link(review)
    assert link.startswith(f"{root}review/{hand}/")
    seat, key = link.rsplit("/", 2)[1:]
    assert review_key_matches(site, hand, int(seat), key)
