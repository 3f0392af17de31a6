"""``/replay`` through the loopback fake Discord: a hand played to its end at a bot table (alice
and three AIs), then replayed — the first step's board, the step buttons, the seat selector,
Animate (a GIF within the upload limit) — and a button pressed again after a restart. Refusals:
a hand still being played, a hand recorded with ``/score``, an unknown id, another server's
hand; each in the presser's language."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.engine.replay import TABLE
from shangrao_bot.render.replay import ReplayFrame, render_frame
from shangrao_bot.service.replay import UnknownHand, last_played, load_replay
from shangrao_bot.store.ledger import guest_player, open_session, record_hand
from shangrao_bot.store.ledger.hands import Hand, HandIn
from shangrao_bot.ui.replay_views import forget_cached
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.test_tables import make_bot, open_table, seat_ais_and_start, until
from tests.e2e.test_tables_features import play_hand

WAIT = 60.0


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path, pictures_in_threads: None
) -> AsyncIterator[ShangraoBot]:
    forget_cached()
    yield await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))


def ids(message: FakeMessage) -> list[str]:
    return [c for c in message.custom_ids if c.startswith(("rp:", "rps:"))]


def control(message: FakeMessage, suffix: str) -> str:
    return next(c for c in message.custom_ids if c.endswith(suffix))


def select_id(message: FakeMessage) -> str:
    return next(c for c in message.custom_ids if c.startswith("rps:"))


async def physical_hand(bot: ShangraoBot, fake: FakeDiscord, scorer: FakeUser) -> Hand:
    """A 流局 recorded by ``scorer`` at a physical table of four guests (confirmed): a hand with
    no moves."""
    assert fake.guild is not None
    guild = fake.guild.id
    players = [await guest_player(bot.db, guild, f"P{i}") for i in range(4)]
    session = await open_session(
        bot.db, guild, fake.channel("mahjong").id, "physical", {}, 1, scorer.id,
        [p.id for p in players],
    )  # fmt: skip
    return await record_hand(
        bot.db,
        guild,
        session.id,
        HandIn(outcome="draw", payments=(), deltas=(0, 0, 0, 0)),
        scorer.id,
        confirmed=True,
    )


async def played_hand(fake: FakeDiscord, bot: ShangraoBot, alice: FakeUser) -> int:
    """A one-hand table of alice and three AIs, played to its end; the ledger hand's id."""
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await play_hand(fake, bot, alice, thread)
    await bot.presenter_queue.drain()
    assert fake.guild is not None
    await until(lambda: bot.service.table_of(fake.guild.id, alice.id) is None, 30)
    hand = await last_played(bot.db, fake.guild.id, alice.id)
    assert hand is not None
    return hand


@pytest.mark.slow
async def test_replay_a_played_hand_step_by_step_and_across_a_restart(
    fake_discord: FakeDiscord, bot: ShangraoBot, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    hand = await played_hand(fake, bot, alice)
    loaded = await load_replay(bot.db, fake.guild.id, hand)
    steps = len(loaded.replay)
    assert steps > 10

    # /replay without a hand: alice's last one, at its first step, the table's view
    rec = await fake.slash(alice, "replay", in_channel=fake.channel("mahjong"))
    message = await rec.response(timeout=WAIT)
    assert not message.ephemeral
    assert f"Replay of hand #{hand}" in message.text()
    assert f"Step 1 of {steps}" in message.text() and "every hand face up" in message.text()
    assert [a.filename for a in message.attachments] == ["replay.png"]
    first = ReplayFrame(
        loaded.replay.steps[0].public, loaded.replay.shown_hands(0, TABLE), hand, 0, steps
    )
    assert fake.attachment_bytes(message) == render_frame(first, lang="en")
    assert control(message, ":first") == f"rp:{hand}:0:t:first"
    assert message.button_labels()[:5] == ["⏮", "◀", f"1/{steps}", "▶", "⏭"]

    # ▶ twice, then ◀: step 2; anyone in the server may press (the hand is over)
    for user, op in ((alice, ":next"), (bob, ":next"), (alice, ":prev")):
        before = message.edits
        rec = await fake.click(user, message, control(message, op))
        await fake.wait_for(lambda before=before: message.edits > before, timeout=WAIT)
        assert rec.ack_type == 6  # acknowledged by a deferral, then edited
    assert f"Step 2 of {steps}" in message.text()
    assert control(message, ":first") == f"rp:{hand}:1:t:first"

    # a seat's view: that seat's hand only, face up
    before = message.edits
    await fake.select(bob, message, select_id(message), ["2"])
    await fake.wait_for(lambda: message.edits > before, timeout=WAIT)
    assert "seat 3" in message.text() and f"Step 2 of {steps}" in message.text()
    frame = ReplayFrame(
        loaded.replay.steps[1].public, loaded.replay.shown_hands(1, 2), hand, 1, steps, 2
    )
    assert fake.attachment_bytes(message) == render_frame(frame, lang="en")

    # ⏭: the end, every hand revealed anyway
    before = message.edits
    await fake.click(alice, message, control(message, ":last"))
    await fake.wait_for(lambda: message.edits > before, timeout=WAIT)
    assert f"Step {steps} of {steps}" in message.text()
    assert control(message, ":last") == f"rp:{hand}:{steps - 1}:2:last"

    # Animate: a GIF of every step, in a new message, within the upload limit
    rec = await fake.click(alice, message, control(message, ":anim"))
    animation = await rec.response(timeout=WAIT)
    assert [a.filename for a in animation.attachments] == ["replay.gif"]
    gif = fake.attachment_bytes(animation)
    assert len(gif) <= fake.upload_limit
    with Image.open(io.BytesIO(gif)) as img:
        assert img.format == "GIF" and img.n_frames == steps
    rec = await fake.click(bob, message, control(message, ":anim"))  # the same, kept
    assert fake.attachment_bytes(await rec.response(timeout=WAIT)) == gif

    # a restart: the buttons of the message posted before it still work
    await bot.close()
    forget_cached()
    second = await start_bot(make_bot(fake, tmp_path / "bot.db"))
    assert second is not bot
    before = message.edits
    await fake.click(bob, message, control(message, ":first"))
    await fake.wait_for(lambda: message.edits > before, timeout=WAIT)
    assert f"Step 1 of {steps}" in message.text()

    # an explicit id, asked by a Chinese member: the public message follows the server
    rec = await fake.slash(bob, "replay", in_channel=fake.channel("mahjong"), hand=hand)
    again = await rec.response(timeout=WAIT)
    assert f"Replay of hand #{hand}" in again.text()


async def test_a_hand_still_being_played_cannot_be_replayed(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    table_id, _thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice))
    rec = await fake.slash(alice, "replay", in_channel=fake.channel("mahjong"))
    reply = await rec.response()
    assert reply.ephemeral
    assert f"Your hand at table #{table_id} is still being played" in reply.text()
    assert not reply.attachments
    # nothing in the ledger yet: no id can reach the hand either
    rec = await fake.slash(alice, "replay", in_channel=fake.channel("mahjong"), hand=1)
    reply = await rec.response()
    assert reply.ephemeral and "There is no hand #1 in this server" in reply.text()
    rec = await fake.slash(alice, "table end", in_channel=fake.channel("mahjong"))
    await rec.response()


async def test_physical_unknown_and_other_server_hands_are_refused(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    guild = fake.guild.id
    recorded = await physical_hand(bot, fake, alice)
    rec = await fake.slash(alice, "replay", in_channel=fake.channel("mahjong"), hand=recorded.id)
    reply = await rec.response()
    assert reply.ephemeral
    assert f"Hand #{recorded.id} was recorded with" in reply.text() and "physical" in reply.text()
    rec = await fake.slash(alice, "replay", in_channel=fake.channel("mahjong"), hand=999)
    reply = await rec.response()
    assert reply.ephemeral and "There is no hand #999 in this server" in reply.text()
    # alice has played no virtual hand
    rec = await fake.slash(alice, "replay", in_channel=fake.channel("mahjong"))
    reply = await rec.response()
    assert reply.ephemeral and "You have not finished a hand at a bot table" in reply.text()
    # another server's hand is not found from this one (store level: same refusal)
    with pytest.raises(UnknownHand):
        await load_replay(bot.db, guild + 1, recorded.id)


async def test_refusals_speak_the_members_language(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    bob, carol = fake.user("bob"), fake.user("carol")  # zh-CN and zh-TW
    rec = await fake.slash(bob, "replay", in_channel=fake.channel("mahjong"), hand=5)
    reply = await rec.response()
    assert reply.ephemeral and "本服务器没有第 5 手" in reply.text()
    assert re.search(r"/history", reply.text())
    rec = await fake.slash(carol, "replay", in_channel=fake.channel("mahjong"))
    reply = await rec.response()
    assert reply.ephemeral and "你在本伺服器還沒有在機器人牌桌上打完過一手" in reply.text()
