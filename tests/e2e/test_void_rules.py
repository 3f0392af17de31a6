"""Who may erase a hand that counts, end to end with the real bot and the loopback fake
Discord: a scorer or an administrator alone; its recorder only with the confirmation of another
seated member (a request with Confirm/Cancel, like a preview), so a recorder cannot erase alone
what someone else confirmed. The audit trail keeps who voided it, why, and who agreed."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage
from tests.e2e.test_bot_commands import bot_settings
from tests.e2e.test_scorekeeping import WIN, mention, start_session

# every test here takes seconds (the slow marker: pytest -m 'not slow' leaves them out)
pytestmark = pytest.mark.slow


@pytest.fixture
async def bot(
    ledger_url: str, fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    """The bot on an SQLite file, then on a PostgreSQL database (``ledger_url``)."""
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path, ledger_url)))


async def status(bot: ShangraoBot, hand_id: int) -> str:
    row = await bot.db.fetchone("SELECT status FROM hands WHERE id = ?", (hand_id,))
    assert row is not None
    return str(row[0])


def button(message: FakeMessage, prefix: str) -> str:
    return next(c for c in message.custom_ids if c.startswith(prefix))


async def test_a_recorder_needs_another_member_to_erase_a_confirmed_hand(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    erin = fake.add_user("erin")
    fake.guild.add_member(erin)
    await start_session(fake, dave, f"{mention(dave)} {mention(bob)} {mention(carol)} Wu")

    # Dave records, Bob confirms: it counts
    preview = await (await fake.slash(dave, "score tiles", **WIN)).response()
    await (await fake.click(bob, preview, button(preview, "sk:confirm:"))).response()
    assert await status(bot, 1) == "confirmed"

    # Dave's /score void asks; the hand still counts until another member agrees
    asked = await (await fake.slash(dave, "score void", hand=1, reason="wrong bao")).response()
    assert not asked.ephemeral
    assert "**Dave** asks to void hand #1 (id 1): wrong bao" in asked.text()
    assert await status(bot, 1) == "confirmed"
    for who, expected in ((dave, "You asked for this"), (erin, "Only the players seated")):
        refused = await (await fake.click(who, asked, button(asked, "sk:vreq:ok:"))).response()
        assert refused.ephemeral and expected in refused.text(), refused.text()
    assert await status(bot, 1) == "confirmed"
    # Bob withdraws it (anyone seated may): it still counts; the old buttons are gone
    await (await fake.click(bob, asked, button(asked, "sk:vreq:no:"))).response()
    assert "withdrawn by Bob: it still counts" in asked.text() and not asked.custom_ids
    assert await status(bot, 1) == "confirmed"

    # asked again with /score undo; Carol agrees: undone, and the audit says so
    asked = await (await fake.slash(dave, "score undo", reason="wrong bao")).response()
    assert "**Dave** asks to undo hand #1" in asked.text()
    await (await fake.click(carol, asked, button(asked, "sk:vreq:ok:"))).response()
    assert "Hand #1 (id 1) is undone: wrong bao ✓ Carol" in asked.text()
    assert await status(bot, 1) == "voided"
    await fake.wait_for(lambda: "❌" in preview.text(), timeout=5)  # its preview says so
    audit = await bot.db.fetchall(
        "SELECT actor, action, after FROM audit WHERE entity = 'hand' AND entity_id = 1 ORDER BY id"
    )
    assert [(r["actor"], r["action"]) for r in audit][-1] == (dave.id, "void")
    assert json.loads(audit[-1]["after"])["reason"] == "undo: wrong bao ✓ Carol"

    # an administrator voids a counted hand alone; a recorder voids an unconfirmed one alone
    preview = await (await fake.slash(dave, "score draw", bonuses="Wu:暗杠")).response()
    await (await fake.click(carol, preview, button(preview, "sk:confirm:"))).response()
    done = await (await fake.slash(alice, "score void", hand=2, reason="test")).response()
    assert "Hand id 2 is voided: test" in done.text() and await status(bot, 2) == "voided"
    await (await fake.slash(dave, "score draw", bonuses="Wu:明杠")).response()
    done = await (await fake.slash(dave, "score undo", reason="typo")).response()
    assert "is undone: typo" in done.text() and await status(bot, 3) == "voided"


async def test_a_recorder_seated_alone_with_guests_still_undoes_alone(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    dave = fake.user("dave")
    await start_session(fake, dave, f"{mention(dave)} Wu, Li, Zhao")
    preview = await (await fake.slash(dave, "score tiles", **WIN)).response()
    await (await fake.click(dave, preview, button(preview, "sk:confirm:"))).response()
    assert await status(bot, 1) == "confirmed"
    done = await (await fake.slash(dave, "score undo", reason="oops")).response()
    assert "is undone: oops" in done.text() and await status(bot, 1) == "voided"
