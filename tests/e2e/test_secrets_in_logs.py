"""No secret reaches the log, even at DEBUG, and the published fairness hash is the one
``shangrao-bot verify`` checks: the real ShangraoBot with the bot's own logging set-up
(:func:`shangrao_bot.log.configure_logging` at DEBUG) plays a virtual table to its end and
keeps score of a physical one against the loopback fake Discord; everything the log handler
wrote is then searched for interaction tokens, the bot token, the seed, snapshots and concealed
tiles."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.entrypoints.cli import main as cli_main
from shangrao_bot.log import configure_logging
from shangrao_bot.redact import RedactFilter, redact_text
from shangrao_bot.rules.tiles import format_tiles
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeUser
from tests.e2e.test_scorekeeping import WIN, mention
from tests.e2e.test_tables import (
    make_bot,
    move_ids,
    open_table,
    pick,
    result_posted,
    seat_ais_and_start,
    until,
)

HASH = re.compile(r"Fairness hash `([0-9a-f]+)…?`")


@pytest.fixture
def debug_log() -> Iterator[io.StringIO]:
    """The bot's log handler at DEBUG, writing into a string (restored afterwards)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    stream = io.StringIO()
    try:
        yield stream
    finally:
        root.handlers = handlers
        root.setLevel(level)


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path, debug_log: io.StringIO
) -> AsyncIterator[ShangraoBot]:
    configure_logging("DEBUG", fake_discord.token, stream=debug_log)
    yield await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))


async def play_out(fake: FakeDiscord, alice: FakeUser, thread) -> None:  # type: ignore[no-untyped-def]
    """Alice plays her DM buttons (win when offered, else pass or discard) until the result."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 90
    while not result_posted(fake, thread):
        assert loop.time() < end, "the hand did not end"
        panels = fake.dm_messages(alice)
        ids = move_ids(panels[-1]) if panels else []
        if not ids:
            await asyncio.sleep(0.01)
            continue
        before = panels[-1].edits
        await (await fake.click(alice, panels[-1], pick(ids))).response()
        with_edit = loop.time() + 2
        while panels[-1].edits == before and fake.dm_messages(alice)[-1:] == panels[-1:]:
            if loop.time() > with_edit:
                break
            await asyncio.sleep(0.01)


def verify(seed: str, published: str) -> dict[str, object]:
    out = io.StringIO()
    assert cli_main(["verify", "--seed", seed, "--hash", published, "--json"], stdout=out) == 0
    return dict(json.loads(out.getvalue()))


@pytest.mark.slow
async def test_the_posted_hash_verifies_the_hand_and_no_secret_is_logged(
    fake_discord: FakeDiscord, bot: ShangraoBot, debug_log: io.StringIO
) -> None:
    fake = fake_discord
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: any(HASH.search(m.text()) for m in fake.channel_messages(thread)))
    state = bot.service._table(table_id).hand
    assert state is not None
    hidden = [format_tiles(state.concealed(seat)) for seat in range(1, 4)]  # the AIs' hands
    await play_out(fake, alice, thread)
    await bot.presenter_queue.drain()

    # the hand-start message publishes the whole hash, and verify accepts it with the seed
    started = next(m for m in fake.channel_messages(thread) if HASH.search(m.text()))
    published = HASH.search(started.text()).group(1)  # type: ignore[union-attr]
    assert len(published) == 64
    result = next(m for m in fake.channel_messages(thread) if "result.png" in str(m.attachments))
    seed = re.search(r"`([0-9a-f]{64})`", result.text()).group(1)  # type: ignore[union-attr]
    record = verify(seed, published)
    assert record["matches"] is True and record["computed_hash"] == published

    # a physical table's scorekeeping, with previews, buttons and an error
    await (
        await fake.slash(
            dave, "session start", players=f"{mention(dave)} {mention(bob)} {mention(carol)} Wu"
        )
    ).response()
    preview = await (await fake.slash(dave, "score tiles", **WIN)).response()
    confirm = next(c for c in preview.custom_ids if c.startswith("sk:confirm:"))
    await (await fake.click(bob, preview, confirm)).response()
    await (await fake.slash(dave, "score tiles", hand="1m", bao="5m")).response()
    await bot.presenter_queue.drain()

    logged = debug_log.getvalue()
    assert "discord.http" in logged and "WebSocket Event" in logged  # DEBUG really was on
    assert fake.token not in logged
    tokens = [r.token for r in fake.interactions]
    assert len(tokens) > 10 and not [tok for tok in tokens if tok in logged]
    assert seed not in logged and published not in logged
    assert "/interactions/" in logged and "/interactions/%s" not in logged
    snapshot = await bot.db.fetchone("SELECT snapshot FROM game_tables WHERE id = ?", (table_id,))
    assert snapshot is not None and snapshot[0]
    assert snapshot[0][:60] not in logged and '"seed"' not in logged and "'seed'" not in logged
    for tiles in hidden:
        assert tiles not in logged
    for message in fake.dm_messages(alice):  # her panels hold her concealed tiles
        for line in message.content.splitlines():
            if len(line) > 30:
                assert line not in logged


def test_the_filter_masks_urls_payloads_and_tracebacks() -> None:
    record = logging.LogRecord(
        "discord.http",
        logging.DEBUG,
        __file__,
        1,
        "%s %s with %s has returned %s",
        (
            "POST",
            "https://discord.test/api/v10/interactions/123/aW50ZXJhY3Rpb24.tok-en_1/callback",
            '{"type": 4, "data": {"content": "your tiles 123m"}}',
            204,
        ),
        None,
    )
    RedactFilter("bot.secret").filter(record)
    text = record.getMessage()
    assert text == (
        "POST https://discord.test/api/v10/interactions/123/[token]/callback with "
        "[payload: 51 chars] has returned 204"
    )
    assert redact_text("/webhooks/99/abc.def/messages/@original") == (
        "/webhooks/99/[token]/messages/@original"
    )
    assert redact_text("seed " + "ab" * 32 + ", Bot bot.secret", "bot.secret") == (
        "seed [hex], Bot [token]"
    )
    try:
        raise RuntimeError("snapshot " + "0f" * 40)
    except RuntimeError:
        failed = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed", None, sys.exc_info())
    RedactFilter().filter(failed)
    assert failed.exc_text is not None and "RuntimeError: snapshot [hex]" in failed.exc_text
