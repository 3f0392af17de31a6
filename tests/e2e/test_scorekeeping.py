"""Scorekeeping for physical tables end to end: the real ShangraoBot on each database (an
SQLite file, then a PostgreSQL database) against the loopback fake Discord — a session from
start to settlement, previews and their buttons, autocomplete, undo/void, the book's readers,
players, permissions, and bad input answered with an ephemeral error while nothing is written."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import parse_roster
from shangrao_bot.ui.score_views import bot_book
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_model import FakeMessage, FakeUser
from tests.e2e.test_bot_commands import bot_settings

WIN = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}  # 宝吊头 ×3


@pytest.fixture
async def bot(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    """The bot on an SQLite file, then on a PostgreSQL database (``ledger_url``)."""
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path, ledger_url)))


def mention(user: FakeUser) -> str:
    return f"<@{user.id}>"


async def counts(bot: ShangraoBot) -> tuple[int, ...]:
    out = []
    for table in ("hands", "hand_seats", "payments", "confirmations", "sessions", "transfers"):
        row = await bot.db.fetchone(f"SELECT COUNT(*) FROM {table}")
        assert row is not None
        out.append(int(row[0]))
    return tuple(out)


async def start_session(fake: FakeDiscord, who: FakeUser, players: str) -> FakeMessage:
    rec = await fake.slash(who, "session start", players=players)
    return await rec.response()


def board_message(fake: FakeDiscord) -> FakeMessage:
    return next(m for m in fake.channel_messages(fake.default_channel) if " started: " in m.content)


@pytest.mark.slow
async def test_a_session_from_start_to_settlement(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    erin = fake.add_user("erin")
    fake.guild.add_member(erin)
    started = await start_session(
        fake, dave, f"{mention(dave)} {mention(bob)}, Lao Wang, {mention(carol)}"
    )
    assert not started.ephemeral
    assert "1. Dave, 2. Bob, 3. Lao Wang, 4. Carol" in started.text()
    assert "Session #1 · live scoreboard" in started.text()

    # winner autocomplete lists the seated players; pattern autocomplete the preset's patterns
    choices = await fake.autocomplete(dave, "score quick", focused="winner", winner="lao")
    assert [c["name"] for c in choices] == ["3. Lao Wang"]
    patterns = await fake.autocomplete(dave, "score quick", focused="pattern", pattern="宝吊")
    assert "宝吊头" in [c["value"] for c in patterns] and len(patterns) <= 25

    # Dave records his own 宝吊头 from the tiles: a public preview with the result card
    rec = await fake.slash(dave, "score tiles", **WIN)
    preview = await rec.response()
    assert not preview.ephemeral and preview.attachments[0].filename == "score.png"
    text = preview.text()
    assert "Hand #1 · session #1" in text and "Winner: **Dave**" in text
    assert "Bob → Dave: **3** (win)" in text and "Waiting for 1 confirmation" in text
    confirm = next(c for c in preview.custom_ids if c.startswith("sk:confirm:"))
    # he cannot confirm his own hand; Erin is not seated; Bob's confirmation counts it
    for who, expected in ((dave, "another seated player"), (erin, "Only the players seated")):
        refused = await (await fake.click(who, preview, confirm)).response()
        assert refused.ephemeral and expected in refused.text()
    assert await counts(bot) == (1, 4, 3, 0, 1, 0)
    await (await fake.click(bob, preview, confirm)).response()
    assert "Confirmed: it counts." in preview.text() and preview.custom_ids == []
    await fake.wait_for(lambda: "**Dave** +9" in board_message(fake).text(), timeout=5)
    board = board_message(fake)
    assert "1. 座1 **Dave** +9" in board.text() and "1 hand counted" in board.text()
    assert board.attachments and board.attachments[0].filename == "totals.png"

    # a 流局 with a bonus and a quick hand, confirmed by Carol (zh-TW) and cancelled
    rec = await fake.slash(bob, "score draw", bonuses="Lao Wang:暗杠")
    draw = await rec.response()
    assert "Lao Wang **+6**" in draw.text()
    await (
        await fake.click(carol, draw, next(c for c in draw.custom_ids if "confirm" in c))
    ).response()
    rec = await fake.slash(carol, "score quick", winner="4", pattern="清碰碰胡", dandiao=True)
    quick = await rec.response()
    assert "Carol **+60**" in quick.text()
    cancel = next(c for c in quick.custom_ids if c.startswith("sk:cancel:"))
    await (await fake.click(dave, quick, cancel)).response()
    assert "Voided: cancelled by Dave" in quick.text()

    # undo: only its recorder (Bob) or an admin; with a reason. Carol confirmed Bob's hand:
    # his undo waits for another seated member to agree
    rec = await fake.slash(carol, "score undo", reason="oops")
    assert "是別人記錄的" in (await rec.response()).text()  # Carol reads zh-TW
    rec = await fake.slash(bob, "score undo", reason="no kong after all")
    asked = await rec.response()
    assert "**Bob** asks to undo hand #2 (id 2): no kong after all" in asked.text()
    agree = next(c for c in asked.custom_ids if c.startswith("sk:vreq:ok:"))
    await (await fake.click(carol, asked, agree)).response()
    assert "is undone: no kong after all ✓ Carol" in asked.text() and not asked.custom_ids
    await fake.wait_for(lambda: "1 hand counted" in board_message(fake).text(), timeout=5)

    # the end: standings, chart, fewest transfers with a Paid button per transfer
    rec = await fake.slash(erin, "session end")
    assert "not seated" in (await rec.response()).text()
    rec = await fake.slash(bob, "session end")
    end = await rec.response()
    assert "final standings" in end.text() and "Settlement: who pays whom" in end.text()
    paid_ids = [c for c in end.custom_ids if c.startswith("sk:paid:")]
    assert len(paid_ids) == 3  # Bob, Lao Wang and Carol each pay Dave 3
    refused = await (await fake.click(carol, end, paid_ids[0])).response()
    assert refused.ephemeral and "只有收款人 Dave" in refused.text()
    await (await fake.click(dave, end, paid_ids[0])).response()
    assert len([c for c in end.custom_ids if c.startswith("sk:paid:")]) == 2
    assert "✅" in end.text()
    await fake.wait_for(lambda: "final standings" in board_message(fake).text(), timeout=5)

    # reading the book
    rec = await fake.slash(alice, "leaderboard", period="week", metric="win_rate", min_hands=1)
    lb = await rec.response()
    assert "by win rate" in lb.text() and "1. Dave — 100%" in lb.text()
    assert lb.attachments[0].filename == "leaderboard.png"
    assert "Lao Wang" not in lb.text()  # guests only when asked
    rec = await fake.slash(alice, "leaderboard", guests=True)
    assert "Lao Wang" in (await rec.response()).text()
    rec = await fake.slash(bob, "stats", player=mention(dave))
    stats = await rec.response()
    assert "Dave" in stats.text() and "宝吊头 × 1" in stats.text()
    assert stats.attachments[0].filename == "trend.png"
    rec = await fake.slash(alice, "history", session=1)
    hist = await rec.response()
    assert hist.ephemeral and "❌" in hist.text() and "✅" in hist.text()
    rec = await fake.slash(alice, "export", format="csv", session=1)
    exported = await rec.response()
    data = fake.attachment_bytes(exported, 0).decode()
    rows = list(csv.DictReader(io.StringIO(data)))
    assert {r["hand_id"] for r in rows} == {"1", "2", "3"} and len(rows) == 12
    rec = await fake.slash(alice, "export", format="json")
    exported = await rec.response()
    assert "3 rows exported" in exported.text()
    payload = json.loads(fake.attachment_bytes(exported, 0))
    (book,) = payload["sessions"]
    assert [h["status"] for h in book["hands"]] == ["confirmed", "voided", "voided"]
    assert [t["amount"] for t in book["transfers"]] == [3, 3, 3]


async def test_a_double_submit_records_once(fake_discord: FakeDiscord, bot: ShangraoBot) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    await start_session(fake, alice, " ".join(mention(u) for u in (alice, bob, carol, dave)))
    first = await (await fake.slash(alice, "score tiles", **WIN)).response()
    second = await (await fake.slash(alice, "score tiles", **WIN)).response()
    assert not first.ephemeral and second.ephemeral and "just recorded" in second.text()
    assert (await counts(bot))[0] == 1


async def test_scorer_role_confirms_alone_and_links_guests(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob, dave = fake.user("alice"), fake.user("bob"), fake.user("dave")
    role = fake.guild.add_role("Scorer")
    fake.guild.member(dave).roles.append(role)
    rec = await fake.slash(alice, "rules set", scorer_role=role, confirm_minutes=5, confirmations=2)
    assert "5 min for 2 confirmations" in (await rec.response()).text()
    await start_session(fake, alice, f"{mention(alice)} {mention(bob)} Wang Li")
    preview = await (
        await fake.slash(dave, "score quick", winner="Wang", pattern="平胡自摸")
    ).response()
    assert "Wang **+6**" in preview.text()
    confirm = next(c for c in preview.custom_ids if "confirm" in c)
    await (await fake.click(dave, preview, confirm)).response()  # the scorer: counts at once
    assert "Confirmed" in preview.text()
    # linking a guest to a member: scorers and admins only
    rec = await fake.slash(bob, "player link", guest="Wang", member=bob)
    assert "只有记分员" in (await rec.response()).text()  # Bob reads zh-CN
    guests = await fake.autocomplete(dave, "player link", focused="guest", guest="wa")
    assert [c["name"] for c in guests] == ["Wang (guest)"]
    rec = await fake.slash(dave, "player rename", player=guests[0]["value"], name="Lao Wang")
    assert "Wang is now called Lao Wang" in (await rec.response()).text()
    rec = await fake.slash(
        dave, "player link", guest="Wang", member=fake.guild.member(fake.user("carol"))
    )
    assert "history now belongs to Carol" in (await rec.response()).text()
    stats = await (await fake.slash(bob, "stats", player="Carol")).response()
    # the merged guest's win is Carol's (public: in the server's language, whoever asks)
    assert "1 hand · 1 win" in stats.text()


async def test_previews_expire_and_their_prompt_says_so(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    await (await fake.slash(alice, "rules set", confirm_minutes=1)).response()
    await start_session(fake, alice, f"{mention(alice)} {mention(bob)} C D")
    preview = await (await fake.slash(alice, "score tiles", **WIN)).response()
    book = bot_book(bot)
    real = book.now
    book.now = lambda: real() + timedelta(minutes=2)
    sessions = bot.get_cog("Sessions")
    assert sessions is not None
    assert await sessions.sweep() == 1  # type: ignore[attr-defined]
    await fake.wait_for(lambda: "expired" in preview.text(), timeout=5)
    assert preview.custom_ids == []
    assert (await bot.db.fetchone("SELECT status FROM hands"))[0] == "voided"  # type: ignore[index]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "options", "expected"),
    [
        ("score tiles", {"hand": "123m0m", "win": "9s", "bao": "5m"}, "'0m' is not a tile"),
        ("score tiles", {**WIN, "winner": "Zhang San"}, "'Zhang San' (in winner) is not a player"),
        ("score tiles", {**WIN, "flown": "Bob:9"}, "at most 4 宝"),
        ("score quick", {"winner": "1", "pattern": "大四喜"}, "'大四喜' is not a pattern"),
        ("score quick", {"winner": "7", "pattern": "平胡自摸"}, "'7' in winner is not a seat"),
        ("score draw", {"bonuses": "2:huge"}, "'2:huge' in bonuses should be WHO:KIND"),
        ("score void", {"hand": 999, "reason": "x"}, "hand #999 does not exist in this server"),
        ("session start", {"players": "A B C"}, "you named 3"),
    ],
)
async def test_bad_input_is_an_ephemeral_error_and_writes_nothing(
    fake_discord: FakeDiscord,
    bot: ShangraoBot,
    command: str,
    options: dict[str, object],
    expected: str,
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    if command != "session start":
        await start_session(fake, alice, f"{mention(alice)} {mention(bob)} C D")
    before = await counts(bot)
    message = await (await fake.slash(alice, command, **options)).response()
    assert message.ephemeral and expected in message.text(), message.text()
    assert await counts(bot) == before


async def test_refusals_in_chinese_and_another_guilds_hand(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    await start_session(fake, alice, f"{mention(alice)} {mention(bob)} C D")
    rec = await fake.slash(bob, "score tiles", **{**WIN, "winner": "Zhang San"})
    assert "不是本场玩家" in (await rec.response()).text()
    # a hand of another guild (same bot, same database) cannot be voided from here
    book = bot_book(bot)
    elsewhere = Actor(alice.id, "alice")
    await book.start(424242, 1, elsewhere, parse_roster(f"{mention(alice)} X Y Z"), {})
    foreign = await book.preview_tiles(424242, 1, elsewhere, **WIN)
    assert foreign.hand is not None
    before = await counts(bot)
    rec = await fake.slash(alice, "score void", hand=foreign.hand.id, reason="mine now")
    message = await rec.response()
    assert message.ephemeral and "does not exist in this server" in message.text()
    assert await counts(bot) == before


@pytest.mark.slow
async def test_a_preview_posted_before_a_restart_still_works(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    dave, bob = fake.user("dave"), fake.user("bob")
    settings = bot_settings(fake, tmp_path, ledger_url)
    first = await start_bot(ShangraoBot(settings))
    await start_session(fake, dave, f"{mention(dave)} {mention(bob)} C D")
    preview = await (await fake.slash(dave, "score tiles", **WIN)).response()
    confirm = next(c for c in preview.custom_ids if c.startswith("sk:confirm:"))
    await first.close()
    await fake.wait_for(lambda: not fake.connected, timeout=5)
    second = await start_bot(ShangraoBot(settings))
    await (await fake.click(bob, preview, confirm)).response()
    assert "Confirmed: it counts." in preview.text()
    await fake.wait_for(lambda: "**Dave** +9" in board_message(fake).text(), timeout=5)
    row = await second.db.fetchone("SELECT status FROM hands")
    assert row is not None and row[0] == "confirmed"


async def test_the_calculator_works_in_a_dm(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    bob = fake.user("bob")
    # global commands
    settings = replace(bot_settings(fake, tmp_path, ledger_url), dev_guild_id=None)
    await start_bot(ShangraoBot(settings))
    await fake.wait_for(lambda: "score" in fake.command_names(), timeout=10)
    rec = await fake.slash(bob, "score tiles", in_channel=fake.dm(bob), **WIN)
    reply = await rec.response()
    assert "宝吊头" in reply.text() and "计算器模式" in reply.text()  # Bob reads zh-CN
    assert reply.attachments[0].filename == "score.png"
    # the subcommands that need a session answer with the guild-only message, no crash
    rec = await fake.slash(bob, "score draw", in_channel=fake.dm(bob))
    assert (await rec.response()).ephemeral


async def test_a_late_confirm_says_expired_and_closes_the_prompt(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    dave, erin = fake.user("dave"), fake.add_user("erin")
    fake.guild.add_member(erin)
    await (await fake.slash(fake.user("alice"), "rules set", confirm_minutes=1)).response()
    await start_session(fake, dave, f"{mention(dave)} {mention(erin)} C D")
    preview = await (await fake.slash(dave, "score tiles", **WIN)).response()
    confirm = next(c for c in preview.custom_ids if "confirm" in c)
    book = bot_book(bot)
    real = book.now
    book.now = lambda: real() + timedelta(minutes=2)
    refused = await (await fake.click(erin, preview, confirm)).response()
    assert refused.ephemeral and "expired" in refused.text()
    await fake.wait_for(lambda: preview.custom_ids == [], timeout=5)
    assert "Voided: expired" in preview.text()
