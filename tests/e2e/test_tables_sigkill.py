"""A real crash: ``python bot.py`` — the real entry point, settings from the
environment — is killed with SIGKILL in the middle of a hand, a fresh ``python bot.py`` starts on
the same SQLite file, and the table goes on from the exact state it was saved in.

What the test can see from outside, and checks:

* the database: the table's saved snapshot and its event log, read with ``sqlite3`` while the
  table waits for the human, are the same after the new process resumed it (the restart
  neither loses nor invents anything);
* the human's private hand: the DM panel the new process sends (text, hand image, move
  buttons) equals the one the killed process sent;
* a button posted by the killed process (My hand on the old table message) still opens the
  panel, the human's discard is accepted and logged, and ``/table end`` closes the table.

The pace comes from the ``TABLE_*_SECONDS`` variables (fast AI, short claim hold), so a hand takes
seconds; the walls are random (production seeds), so the test plays whatever is dealt. The
in-process crash test (``test_tables_restart.py``) checks what only a shared process can see,
such as ``service.snapshot`` equality.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import signal
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import pytest

from tests.e2e.fake_discord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.e2e.fake_model import InteractionRecord
from tests.e2e.test_tables import check_public, move_ids

ROOT = Path(__file__).resolve().parents[2]
FAST_ENV = {
    "TABLE_AI_DELAY_SECONDS": "0.05",
    "TABLE_MIN_CLAIM_SECONDS": "0.05",
    "TABLE_READY_SECONDS": "0.5",
    "TABLE_MIN_BETWEEN_HANDS_SECONDS": "0.1",
    "TABLE_RESUME_GRACE_SECONDS": "30",
    "TABLE_BOARD_EDIT_SECONDS": "0.05",
    "TABLE_PANEL_QUIET_SECONDS": "0.05",
}
MID_HAND = 4  # public actions (discards, claims) before the crash


@dataclass
class BotProcess:
    """``python bot.py`` with its output in a file (a pipe nobody reads could fill and block
    the bot)."""

    proc: asyncio.subprocess.Process
    log_path: Path
    log_file: IO[bytes]

    def output(self) -> str:
        self.log_file.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    async def reap(self) -> None:
        """Kill the process if it still runs, and wait for it (no zombie, no open file)."""
        try:
            if self.proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    self.proc.kill()
                await asyncio.wait_for(self.proc.wait(), 30)
        finally:
            self.log_file.close()


async def start_bot_py(env: dict[str, str], log_path: Path) -> BotProcess:
    log_file = log_path.open("wb")
    try:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            str(ROOT / "bot.py"),
            env=env,
            cwd=log_path.parent,  # no .env of the developer's checkout is read
            stdout=log_file,
            stderr=asyncio.subprocess.STDOUT,
        )
    except BaseException:
        log_file.close()
        raise
    return BotProcess(proc, log_path, log_file)


async def until(
    pred: Callable[[], object], what: str, bot: BotProcess, timeout: float = 20
) -> None:
    """Wait for ``pred``; on a timeout, fail with the bot's output (why it did not happen)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not pred():
        if bot.proc.returncode is not None:
            raise AssertionError(
                f"the bot exited ({bot.proc.returncode}) before {what}:\n" + bot.output()[-3000:]
            )
        if loop.time() > end:
            raise AssertionError(f"{what}: not within {timeout} s\n" + bot.output()[-3000:])
        await asyncio.sleep(0.01)


def read_only(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def saved(db: Path, table_id: int) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """The table's snapshot and event log as the database holds them now. Read-only: the
    bot's file is in WAL mode, a reader sees every committed change, and a read-only
    connection never checkpoints, so the write-ahead log a killed bot leaves behind stays for
    the next bot to recover."""
    conn = read_only(db)
    try:
        row = conn.execute(
            "SELECT snapshot, snapshot_seq, status FROM game_tables WHERE id = ?", (table_id,)
        ).fetchone()
        events = conn.execute(
            "SELECT seq, event FROM game_events WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
    finally:
        conn.close()
    assert row is not None and row[2] == "open", row
    snapshot = json.loads(row[0])
    assert row[1] == (events[-1][0] if events else 0)  # the snapshot covers the whole log
    return snapshot, [(seq, json.loads(text)) for seq, text in events]


def table_status(db: Path, table_id: int) -> str:
    conn = read_only(db)
    try:
        row = conn.execute("SELECT status FROM game_tables WHERE id = ?", (table_id,)).fetchone()
    finally:
        conn.close()
    return str(row[0])


def turn_prompt(fake: FakeDiscord, user: FakeUser) -> FakeMessage | None:
    """The user's DM panel if it asks for a discard now."""
    dms = fake.dm_messages(user)
    if dms and any(":d:" in c for c in move_ids(dms[-1])):
        return dms[-1]
    return None


def seq_of(ids: list[str]) -> int:
    return int(ids[0].split(":")[3])


def panel(message: FakeMessage) -> tuple[str, bytes, list[str]]:
    """What a private panel shows: its text, its hand image and its move buttons."""
    assert [a.filename for a in message.attachments] == ["hand.png"]
    return message.text(), message.attachments[0].data, move_ids(message)


async def play_to_mid_hand(
    fake: FakeDiscord,
    alice: FakeUser,
    bot: BotProcess,
    clicked: Callable[[InteractionRecord], None] | None = None,
) -> FakeMessage:
    """Answer alice's prompts (pass claims, discard the last tile, never win) until she must
    discard with at least ``MID_HAND`` public actions made; returns that DM panel.
    ``clicked``: told of each click once it is answered."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 40
    while True:
        await until(
            lambda: fake.dm_messages(alice) and move_ids(fake.dm_messages(alice)[-1]),
            "alice is prompted",
            bot,
        )
        dm = fake.dm_messages(alice)[-1]
        ids = move_ids(dm)
        discards = [c for c in ids if ":d:" in c]
        if discards and seq_of(ids) >= MID_HAND:
            return dm
        assert loop.time() < end, "alice never reached the middle of a hand"
        chosen = next((c for c in ids if ":a:pass" in c), discards[-1] if discards else None)
        assert chosen is not None, ids
        edits = dm.edits
        rec = await fake.click(alice, dm, chosen)
        await rec.response()
        if clicked is not None:
            clicked(rec)
        await until(
            lambda: dm.edits != edits or fake.dm_messages(alice)[-1] is not dm,  # noqa: B023
            "alice's panel follows her move",
            bot,
        )


@pytest.mark.heavy
@pytest.mark.slow
async def test_sigkill_of_bot_py_mid_hand_resumes_the_exact_state(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    db = tmp_path / "tables.db"
    env = fake.subprocess_env(
        DATABASE_URL=f"sqlite:///{db}",
        DEV_GUILD_ID=str(fake.guild.id),
        LOG_LEVEL="INFO",
        PYTHONUNBUFFERED="1",
        **FAST_ENV,
    )
    first = await start_bot_py(env, tmp_path / "first.log")
    second: BotProcess | None = None
    try:
        await until(
            lambda: fake.connected and "logged in as" in first.output(), "first bot ready", first
        )
        assert "AI delay 0.05s, claim hold 0.05s" in first.output()  # the variables took
        # a table in #mahjong: alice and three AIs
        rec = await fake.slash(alice, "table create", in_channel=fake.channel("mahjong"), hands=3)
        reply = await rec.response()
        match = re.search(r"#(\d+)", reply.text())
        assert reply.ephemeral and match, reply.text()
        table_id = int(match.group(1))
        thread: FakeChannel = next(
            th for th in fake.guild.threads if th.name.endswith(f"#{table_id}")
        )
        await until(lambda: fake.channel_messages(thread), "the lobby is posted", first)
        lobby = fake.channel_messages(thread)[0]
        for _ in range(3):
            rec = await fake.click(alice, lobby, f"mj:{table_id}:ai-normal")
            assert "AI player sits down" in (await rec.response()).text()
        rec = await fake.click(alice, lobby, f"mj:{table_id}:start")
        assert "The game starts" in (await rec.response()).text()

        # the middle of a hand: alice must discard; the table waits for her (nothing is due)
        dm_before = await play_to_mid_hand(fake, alice, first)
        hand_before = panel(dm_before)
        hand_no = int(hand_before[2][0].split(":")[2])
        old_table_msg = next(
            m
            for m in fake.channel_messages(thread)
            if any(
                c.endswith(":hand") and c.startswith(f"mj:{table_id}:{hand_no}:")
                for c in m.custom_ids
            )
        )
        snapshot, events = saved(db, table_id)
        hand = snapshot["session"]["current"]
        assert hand is not None and hand["phase"] == "turn", hand
        assert len(hand["actions"]) >= MID_HAND

        # SIGKILL: no shutdown code runs, the database is left as the last commit made it
        first.proc.kill()
        assert await asyncio.wait_for(first.proc.wait(), 10) == -signal.SIGKILL
        await until(lambda: not fake.connected, "the fake sees the bot gone", first, 10)
        assert saved(db, table_id) == (snapshot, events)
        wal = db.with_name(db.name + "-wal")
        assert wal.exists()  # left by the killed process: the next one must recover it

        second = await start_bot_py(env, tmp_path / "second.log")
        bot = second
        await until(
            lambda: fake.connected and "logged in as" in bot.output(), "second bot ready", bot
        )
        assert "resumed 1 virtual tables" in bot.output()
        await until(
            lambda: any("bot restarted" in m.text() for m in fake.channel_messages(thread)),
            "the restart is announced",
            bot,
        )
        # alice is prompted again by the new process: the very same hand, moves and deadline
        await until(
            lambda: turn_prompt(fake, alice) not in (None, dm_before),  # FakeMessage: by identity
            "a new DM panel",
            bot,
        )
        dm_after = turn_prompt(fake, alice)
        assert dm_after is not None
        assert panel(dm_after) == hand_before
        # resuming changed nothing in the database
        assert saved(db, table_id) == (snapshot, events)

        # My hand on the table message the killed process posted still opens her panel
        hand_id = next(c for c in old_table_msg.custom_ids if c.endswith(":hand"))
        rec = await fake.click(alice, old_table_msg, hand_id)
        opened = await rec.response()
        assert opened.ephemeral and opened.visible_to is alice
        assert panel(opened)[1:] == hand_before[1:]  # same hand image, same moves

        # the game goes on: her discard is accepted and logged, as the next event
        chosen = [c for c in move_ids(dm_after) if ":d:" in c][-1]
        tile = int(chosen.rsplit(":", 1)[1])
        rec = await fake.click(alice, dm_after, chosen)
        await rec.response()
        assert rec.ack_type == 6 and "outdated" not in rec.text()
        await until(lambda: len(saved(db, table_id)[1]) > len(events), "the discard is saved", bot)
        new = [e for _, e in saved(db, table_id)[1][len(events) :] if e["type"] == "engine"]
        seat = next(i for i, s in enumerate(snapshot["table"]["seats"]) if s["user_id"] == alice.id)
        assert (new[0]["kind"], new[0]["seat"], new[0]["tiles"]) == ("discarded", seat, [tile])

        check_public(fake, thread, [alice])
        rec = await fake.slash(alice, "table end", in_channel=thread)
        assert "is ended" in (await rec.response()).text()
        await until(lambda: table_status(db, table_id) == "closed", "the table is closed", bot)
        await until(
            lambda: any("was ended" in m.text() for m in fake.channel_messages(thread)),
            "the end is announced",
            bot,
        )
        # the new process stops cleanly on SIGTERM
        bot.proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(bot.proc.wait(), 30) == 0, bot.output()[-3000:]
        text = bot.output()
        assert "database closed" in text
        assert "Traceback" not in text and " ERROR " not in text, text[-3000:]
        assert "Traceback" not in first.output(), first.output()[-3000:]
    finally:
        await first.reap()
        if second is not None:
            await second.reap()
