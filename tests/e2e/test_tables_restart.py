"""Resume after a crash, simulated in process: the bot dies mid-hand without
running any shutdown code, a new bot starts on the same database, the table is back at the exact
state, and buttons posted before the crash still work — or say the prompt is outdated once the
game moved on.

The crash: every task the first bot started is cancelled, ``close()`` is never called (no drain,
no timer shutdown, the database left open). A real SIGKILL of a ``python bot.py`` process is
``test_tables_sigkill.py`` (its pace set by the ``TABLE_*_SECONDS`` variables); this test stays
because sharing the process lets it check what the other cannot: ``service.snapshot`` equality
across the restart, deterministic walls (``seeds``), the restored DM preferences and
languages, and an
outdated panel refused after the restart."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.store.prefs import set_dm_panels
from tests.e2e.conftest import start_client
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.test_tables import (
    check_public,
    make_bot,
    move_ids,
    open_table,
    pick,
    seat_ais_and_start,
    until,
)


async def crash(tasks: set[asyncio.Task[object]]) -> None:
    """Cancel ``tasks`` (the dead process's), without any close()."""
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(BaseException):
            await task


@pytest.mark.slow
async def test_a_crash_mid_hand_resumes_the_exact_state(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    db = tmp_path / "bot.db"
    ours = asyncio.current_task()
    before_start = asyncio.all_tasks()
    first: ShangraoBot = await start_client(fake, make_bot(fake, db))
    table_id, thread, lobby = await open_table(fake, first, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice) and move_ids(fake.dm_messages(alice)[-1]))
    await first.presenter_queue.drain()
    old_table_msg = next(m for m in fake.channel_messages(thread) if m.attachments)
    saved = first.service.snapshot(table_id)
    await set_dm_panels(first.db, 4242, on=False)
    first.table_presenter.remember_lang(4343, "zh-TW")  # saved in the background
    await until(lambda: not first.table_presenter.saving)
    await crash({t for t in asyncio.all_tasks() - before_start if t is not ours})  # type: ignore[misc]
    for shard in first.shards.values():  # a dead process's heartbeat threads die with it
        with contextlib.suppress(Exception):
            shard._parent.ws._keep_alive.stop()  # type: ignore[union-attr]
    await first.http.close()  # its sockets are gone with it
    if first._sqlite_hold is not None:  # and so is its hold on the database file
        first._sqlite_hold.close()
    await until(lambda: not fake.connected, 5)

    second: ShangraoBot = await start_client(fake, make_bot(fake, db))
    try:
        assert second.service.snapshot(table_id) == saved  # the exact state
        assert second.table_presenter.dm_off == {4242}  # preferences come back too
        # and the languages seen: alice's from her clicks, another user's saved just before
        assert dict(second.table_presenter.langs.items()) == {alice.id: "en", 4343: "zh-TW"}
        await until(lambda: any("bot restarted" in m.text() for m in fake.channel_messages(thread)))
        # the old table message's My hand (sent by the dead process) still opens the panel
        hand_id = next(c for c in old_table_msg.custom_ids if c.endswith(":hand"))
        rec = await fake.click(alice, old_table_msg, hand_id)
        panel = await rec.response()
        assert panel.ephemeral and move_ids(panel)
        stale = move_ids(panel)
        # the restored DM acts on the table
        await until(lambda: move_ids(fake.dm_messages(alice)[-1]))
        dm = fake.dm_messages(alice)[-1]
        seq = second.service.get(table_id).sequence
        chosen = pick(move_ids(dm))
        rec = await fake.click(alice, dm, chosen)
        await rec.response()
        assert "outdated" not in rec.text()
        await until(lambda: second.service.get(table_id).sequence != seq)
        # the panel opened before that move: outdated, nothing happens — unless the bot has
        # already refreshed it (it edits a player's live panels after each move), when the
        # stale moves are simply gone from it
        other = next((c for c in stale if c != chosen), None)
        if other is not None and other not in panel.custom_ids:
            assert not set(stale) & set(panel.custom_ids) - {chosen}
        elif other is not None:
            rec = await fake.click(alice, panel, other)
            # the refusal is a follow-up (the panel itself may be edited as the hand goes on)
            refusal = (await rec.wait_followups(1))[-1]
            assert "This prompt is outdated" in refusal.text()
        check_public(fake, thread, [alice])
        rec = await fake.slash(alice, "table end", in_channel=thread)
        await rec.response()
    finally:
        await second.close()
        # the dead process's database threads would keep this test process alive: a real
        # SIGKILL takes them down with it
        await first.db.close()
