"""Ratings and seasons end to end: the real ShangraoBot on each database (an SQLite file, then a
PostgreSQL database) against the loopback fake Discord — hands recorded with /score, the rating
leaderboard (its minimum of rated hands and the option lowering it), the rating in /stats, the
/profile card, /season start and /season end (scorers and administrators only; the summary card
posted in the channel), /leaderboard season: with its autocomplete and period:season."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_model import FakeMessage, FakeUser
from tests.e2e.test_bot_commands import bot_settings

WIN = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}  # 宝吊头 ×3


@pytest.fixture
async def bot(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path, ledger_url)))


def mention(user: FakeUser) -> str:
    return f"<@{user.id}>"


async def counted(fake: FakeDiscord, who: FakeUser, preview: FakeMessage) -> None:
    """``who`` (an administrator) confirms the preview: the hand counts at once."""
    confirm = next(c for c in preview.custom_ids if c.startswith("sk:confirm:"))
    await (await fake.click(who, preview, confirm)).response()
    assert "Confirmed" in preview.text()


def field(message: FakeMessage, name: str) -> str:
    return next(f["value"] for f in message.embeds[0]["fields"] if f["name"] == name)


@pytest.mark.slow
async def test_ratings_and_a_season_from_start_to_summary(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))

    # seasons are for scorers and administrators; names are checked
    refused = await (await fake.slash(dave, "season start", name="Spring")).response()
    assert refused.ephemeral and "Only members with the scorer role" in refused.text()
    started = await (await fake.slash(alice, "season start", name="  Spring  ")).response()
    assert not started.ephemeral and "Season **Spring** has started" in started.text()
    again = await (await fake.slash(alice, "season start", name="Summer")).response()
    assert again.ephemeral and "“Spring” is still open" in again.text()
    too_long = await (await fake.slash(alice, "season start", name="x" * 60)).response()
    assert too_long.ephemeral and "1 to 50 characters" in too_long.text()

    # three hands: Alice's 宝吊头 twice, Bob's 平胡自摸 (Alice, an administrator, confirms)
    players = " ".join(mention(u) for u in (alice, bob, carol, dave))
    await (await fake.slash(alice, "session start", players=players)).response()
    await counted(fake, alice, await (await fake.slash(alice, "score tiles", **WIN)).response())
    again_bao = await (
        await fake.slash(alice, "score quick", winner="1", pattern="宝吊头")
    ).response()
    await counted(fake, alice, again_bao)
    quick = await (
        await fake.slash(alice, "score quick", winner="2", pattern="平胡自摸")
    ).response()
    await counted(fake, alice, quick)

    # by rating: nobody has the default 10 rated hands yet; min_hands lowers it
    board = await (await fake.slash(alice, "leaderboard", metric="rating")).response()
    assert "Leaderboard · all time · by rating" in board.text()
    assert "Nobody has 10 rated hands yet" in board.text()
    board = await (await fake.slash(alice, "leaderboard", metric="rating", min_hands=1)).response()
    text = board.text()
    assert "1. Alice — **" in text and "3 rated hands" in text and "2. Bob" in text
    assert "At least 1 rated hand" in text and "μ − 3σ" in text
    # the season's board (the open season: period:season) ranks the same hands
    season_board = await (
        await fake.slash(alice, "leaderboard", period="season", metric="rating", min_hands=1)
    ).response()
    assert "season Spring (open)" in season_board.text() and "1. Alice" in season_board.text()
    totals = await (await fake.slash(alice, "leaderboard", period="season")).response()
    assert "season Spring (open) · by total" in totals.text() and "1. Alice — +" in totals.text()

    # /stats shows the rating and its trend; /profile the card
    stats = await (await fake.slash(alice, "stats")).response()
    assert "Rating **" in stats.text() and "3 rated hands" in stats.text()
    assert "Rating trend (last 3)" in stats.text()
    profile = await (await fake.slash(dave, "profile", player=mention(alice))).response()
    assert not profile.ephemeral
    assert profile.embeds[0]["title"] == "Profile · Alice"
    assert "rank 1 of 4" in field(profile, "Rating")
    assert "3 hands · 2 wins (67%)" in field(profile, "Record")
    assert "宝吊头 × 2" in field(profile, "Favourite patterns")
    assert field(profile, "Biggest hand").startswith("+")
    assert "0 宝 flown" in field(profile, "宝 flown")
    assert "Rating trend" in [f["name"] for f in profile.embeds[0]["fields"]]
    zh = await (await fake.slash(bob, "profile")).response()  # public: the server's language
    assert zh.embeds[0]["title"] == "Profile · Bob"

    # the end: a summary card in the channel
    refused = await (await fake.slash(bob, "season end")).response()
    assert refused.ephemeral and "只有记分员" in refused.text()
    ended = await (await fake.slash(alice, "season end")).response()
    assert not ended.ephemeral
    card = ended.embeds[0]
    assert card["title"] == "Season Spring is over" and "3 counted hands" in card["description"]
    assert field(ended, "🏆 Champion").startswith("**Alice** +")
    assert field(ended, "💥 Biggest hand").startswith("**Alice** +")
    assert field(ended, "🀄 Most 宝吊头") == "**Alice** × 2"
    assert field(ended, "📈 Most improved rating").startswith("**Alice** 0.0 → ")
    none_open = await (await fake.slash(alice, "season end")).response()
    assert none_open.ephemeral and "No season is open" in none_open.text()
    no_current = await (await fake.slash(alice, "leaderboard", period="season")).response()
    assert no_current.ephemeral and "pick a past season" in no_current.text()

    # a hand after the season counts all time, not in the season
    after = await (
        await fake.slash(alice, "score quick", winner="3", pattern="平胡自摸")
    ).response()
    await counted(fake, alice, after)
    choices = await fake.autocomplete(alice, "leaderboard", focused="season", season="spr")
    assert [c["name"] for c in choices] == ["Spring"]
    past = await (
        await fake.slash(alice, "leaderboard", season=choices[0]["value"], metric="win_rate")
    ).response()
    assert "season Spring · by win rate" in past.text() and "3 hands · 2 wins" in past.text()
    by_name = await (
        await fake.slash(alice, "leaderboard", season="spring", metric="rating", min_hands=1)
    ).response()
    assert "3 rated hands" in by_name.text() and "(rating as it stood at its end)" in by_name.text()
    everything = await (
        await fake.slash(alice, "leaderboard", metric="rating", min_hands=1)
    ).response()
    assert "4 rated hands" in everything.text()
    unknown = await (await fake.slash(alice, "leaderboard", season="Winter")).response()
    assert unknown.ephemeral and "no season called “Winter”" in unknown.text()
    both = await (await fake.slash(alice, "leaderboard", season="Spring", period="week")).response()
    assert both.ephemeral and "either `period` or `season`" in both.text()
