"""Messages that show a session's state only move forward, end to end on the loopback fake
Discord (an SQLite file, then a PostgreSQL database):

- the live scoreboard never ends behind the ledger: 100 hands, half typed with ``/score quick``
  and half tapped on the scorepad (Record under the scoreboard), each confirmed by another
  seated player the instant its preview exists — so the preview's refresh of the scoreboard and
  the Confirm's refresh run side by side — and after every hand, once the bot is quiet, the
  scoreboard's totals are the ledger's (``session_balances``);
- two Confirm pressed at once on a preview that needs both end at "counted", without buttons;
- two Paid pressed at once on a settlement leave no tick missing, also when the first answer
  is held past the second press's patience (it acknowledges, then edits afterwards).

On the loopback the older refresh nearly always lands long before the newer one; on the wire
an edit with a picture can take longer than the next one, and Discord takes several edits of a
channel at once (its bucket's headers say how many; here, as many as the bot likes). So the
first edit of the message is slow here (:func:`slow_next`): answered only after another edit
of it was answered meanwhile (the older edit lands last), or once the bot waits to edit the
message (it does not send the newer edit behind an older one still in flight), or after a
while."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.store.ledger import get_session, session_balances
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_limits import BucketLimit
from tests.e2e.fake_model import FakeMessage, FakeUser
from tests.e2e.test_bot_commands import bot_settings

pytestmark = pytest.mark.slow

# Every hand is the same race (the fake holds its first board edit: :func:`slow_next`), which
# fails on the first hand where an older snapshot could land last; 100 hands go through every
# recorder, confirmer, winner and pattern of the rotation twice.
HANDS = 100
PATTERNS = ("平胡自摸", "清碰碰胡", "七对")
# the bot's own tasks: a command's, a button's, an event's, a lease kept during an edit
BOT_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: ", "lease-renewal")
ROW = re.compile(r"座(\d) \*\*[^*]+\*\* ([+-]\d+)")
BOARD_EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
ANSWER = ("POST", "/interactions/{interaction_id}/{interaction_token}/callback")


@pytest.fixture
async def bot(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    """The bot on an SQLite file, then on a PostgreSQL database (``ledger_url``)."""
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path, ledger_url)))


async def quiet() -> None:
    """Until none of the bot's tasks runs (every press answered, every refresh done)."""
    me = asyncio.current_task()
    end = time.monotonic() + 10
    while busy := [
        t
        for t in asyncio.all_tasks()
        if t is not me and not t.done() and t.get_name().startswith(BOT_TASKS)
    ]:
        assert time.monotonic() < end, f"the bot never went quiet: {busy}"
        await asyncio.sleep(0.002)


def shown_totals(board: FakeMessage) -> dict[int, int]:
    """Seat (0-3) → total, as the scoreboard shows them."""
    return {int(seat) - 1: int(total) for seat, total in ROW.findall(board.text())}


def button(message: FakeMessage, pattern: str) -> str:
    found = [c for c in message.custom_ids if re.fullmatch(pattern, c)]
    assert found, f"no {pattern!r} among {message.custom_ids}"
    return found[0]


def slow_next(
    fake: FakeDiscord,
    bot: ShangraoBot,
    route: tuple[str, str],
    message_id: int,
    slow: list[float],
    most: float = 1.0,
    *,
    whole: bool = False,
    arrived: asyncio.Event | None = None,
) -> None:
    """The next ``route`` request (an edit of ``message_id``) is answered once another request
    of the route was answered meanwhile, or the bot waits to edit the message, or after
    ``most`` seconds (``whole``: only then); how long it was held is appended to ``slow``.
    ``arrived`` is set when the request arrives."""

    async def hold() -> None:
        if arrived is not None:
            arrived.set()
        seen, start = len(fake.traffic.records), time.monotonic()
        while time.monotonic() - start < most and not whole:
            if any((r.method, r.template) == route for r in fake.traffic.records[seen:]):
                break
            if bot.scorebook.edits.waiting(message_id):
                break
            await asyncio.sleep(0.001)
        else:
            await asyncio.sleep(most - (time.monotonic() - start))
        slow.append(time.monotonic() - start)

    fake.before_next(*route, hold)


async def confirm_at_once(fake: FakeDiscord, who: FakeUser, preview: FakeMessage) -> None:
    """Confirm the moment the preview exists: no waiting for its scoreboard refresh."""
    await fake.click(who, preview, button(preview, r"sk:confirm:\d+"))


def edits_at_once(fake: FakeDiscord) -> None:
    """Discord's headers allow as many requests of a route at once as the bot likes."""
    fake.rate_limits, fake.global_limit = True, 1_000_000
    for route in fake.buckets:
        fake.buckets[route] = BucketLimit(1_000_000, 1.0)


@pytest.mark.heavy
async def test_the_scoreboard_ends_at_the_ledger_after_every_instant_confirm(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    players = [fake.user(n) for n in ("alice", "bob", "carol", "dave")]
    bot.scorebook = ScoreBook(bot.db, dedupe_seconds=0)  # the same hand again is a new hand
    edits_at_once(fake)
    roster = " ".join(f"<@{p.id}>" for p in players)
    board = await (await fake.slash(players[0], "session start", players=roster)).response()
    info = await get_session(bot.db, fake.guild.id, 1)
    started, slow = time.monotonic(), list[float]()
    for n in range(HANDS):
        slow_next(fake, bot, BOARD_EDIT, board.id, slow)
        recorder, confirmer = players[n % 4], players[(n + 1) % 4]
        winner = (n * 3 + n // 4) % 4
        if n % 2 == 0:  # typed
            rec = await fake.slash(
                recorder, "score quick", winner=str(winner + 1), pattern=PATTERNS[n % 3]
            )
            preview = await rec.response()
        else:  # tapped: Record, same as the last hand, the winner, Preview
            pad = await (await fake.click(recorder, board, button(board, r"sk:pad:\d+"))).response()
            for tap in (r"skp:\d+:same:", rf"skp:\d+:win:{winner}", r"skp:\d+:send:"):
                sent = await fake.click(recorder, pad, button(pad, tap))
                await sent.response()
            (preview,) = await sent.wait_followups(1)
        await confirm_at_once(fake, confirmer, preview)
        await quiet()
        ledger = await session_balances(bot.db, fake.guild.id, info.id)
        expected = {seat: ledger[p.id] for seat, p in enumerate(info.seats)}
        assert shown_totals(board) == expected, f"hand {n + 1}: the board is behind the ledger"
        assert f"{n + 1} hands counted" in board.text() or n == 0
    took = time.monotonic() - started
    print(
        f"{HANDS} hands on {bot.db.kind}: {took:.1f} s ({1000 * took / HANDS:.0f} ms a hand);"
        f" the first board edit held {1000 * sum(slow) / len(slow):.1f} ms on average,"
        f" {sum(s >= 1.0 for s in slow)} times a whole second"
    )


async def test_two_paid_at_once_leave_no_tick_missing(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    bot.scorebook = ScoreBook(bot.db, dedupe_seconds=0)  # the same hand again is a new hand
    edits_at_once(fake)
    roster = " ".join(f"<@{p.id}>" for p in (alice, bob, carol, dave))
    slow: list[float] = []
    for round_, channel in enumerate(("general", "mahjong")):
        where = fake.channel(channel)
        await (
            await fake.slash(alice, "session start", in_channel=where, players=roster)
        ).response()
        for winner in (4, 4, 2):  # Dave is owed by everyone, Bob a little back
            rec = await fake.slash(
                alice, "score quick", in_channel=where, winner=str(winner), pattern="平胡自摸"
            )
            await confirm_at_once(fake, bob if winner != 2 else carol, await rec.response())
        end = await (await fake.slash(alice, "session end", in_channel=where)).response()
        paid = [c for c in end.custom_ids if c.startswith("sk:paid:")]
        assert len(paid) >= 2
        await quiet()
        # Dave (the payee) marks a transfer paid, and while his answer is on its way (slow:
        # until the next press waits for it, or, the second round, past that press's
        # patience, which then acknowledges and edits afterwards) Alice, an administrator,
        # marks another one
        arrived = asyncio.Event()
        slow_next(fake, bot, ANSWER, end.id, slow, 2.0, whole=round_ == 1, arrived=arrived)
        first = asyncio.create_task(fake.click(dave, end, paid[0]))
        await arrived.wait()
        await fake.click(alice, end, paid[1])
        await first
        await quiet()
        assert end.text().count("✅") == 2, end.text()
        assert len([c for c in end.custom_ids if c.startswith("sk:paid:")]) == len(paid) - 2
    assert slow[1] >= 2.0


async def test_two_confirms_at_once_end_at_counted(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    await (await fake.slash(alice, "rules set", confirmations=2)).response()
    roster = " ".join(f"<@{p.id}>" for p in (alice, bob, carol, dave))
    await (await fake.slash(alice, "session start", players=roster)).response()
    preview = await (
        await fake.slash(alice, "score quick", winner="4", pattern="平胡自摸")
    ).response()
    confirm = button(preview, r"sk:confirm:\d+")
    # Bob's confirmation (one of two) is answered slowly; Carol's, which counts the hand,
    # comes while Bob's answer is on its way
    arrived, slow = asyncio.Event(), list[float]()
    slow_next(fake, bot, ANSWER, preview.id, slow, 2.0, arrived=arrived)
    first = asyncio.create_task(fake.click(bob, preview, confirm))
    await arrived.wait()
    await fake.click(carol, preview, confirm)
    await first
    await quiet()
    assert "Confirmed: it counts." in preview.text() and preview.custom_ids == []
