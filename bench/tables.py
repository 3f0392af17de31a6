"""Load benchmark of virtual tables (issue 7, "Load"): ``N`` tables at once (20 by default),
each of three normal AIs and one scripted human, one bot process against the loopback fake
Discord (tests/e2e/fake_discord.py), one hand per table.

Each human is a driver coroutine: it watches its DM panel and presses a move button whenever
one is offered (win, else pass, else discard the newest tile) — its table's lobby buttons and
slash commands too. Measured: every interaction's acknowledgement time (the fake's
``acked_at - dispatched_at``) and the event loop's lag (a probe sleeping 10 ms, its overshoot).
AIs move after ``AI_DELAY`` (shorter than production's human pace, so the run stays short while
20 tables keep the loop busy with renders, DMs and board edits).

Targets: every interaction acknowledged, ack p99 < 500 ms; loop lag p99 < 100 ms. The last line
printed is ``tables n=<n> ack_ms_p99=<x> loop_lag_ms_p99=<x>``.

Run: ``python bench/tables.py [n_tables]`` (about a minute for 20).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service import ServiceConfig
from shangrao_bot.settings import Settings
from tests.e2e.conftest import start_client
from tests.e2e.fake_discord import (
    DriverError,
    FakeDiscord,
    FakeUser,
    InteractionNotAcknowledged,
    running_fake,
)

N = int(sys.argv[1]) if len(sys.argv) > 1 else 20
AI_DELAY = 0.05
ACK_MS, LAG_MS = 500.0, 100.0
HAND_TIMEOUT = 90.0
MOVE = re.compile(r"mj:\d+:\d+:\d+:(d|a):")

CONFIG = ServiceConfig(
    ai_delay=AI_DELAY,
    min_claim_seconds=0.1,
    min_between_hands=0.05,
    ready_seconds=30.0,
    max_tables_per_guild=max(20, N),
)


def seeds(table_id: int, hand_no: int) -> bytes:
    return hashlib.sha256(f"bench-tables/{table_id}/{hand_no}".encode()).digest()


def p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def pick(ids: list[str]) -> str:
    for wanted in (":a:win", ":a:pass"):
        for c in ids:
            if wanted in c:
                return c
    discards = [c for c in ids if ":d:" in c]
    return discards[-1] if discards else ids[0]


async def probe(lags: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(0.010)
        lags.append(max(0.0, (loop.time() - start - 0.010) * 1000))


def stall_report(bot: ShangraoBot, table_id: int, user: FakeUser, fake: FakeDiscord) -> str:
    """Where a table that did not finish stands (for the failure line): phase, hold, who must
    act, deadlines, and the moves on the human's newest panel."""
    t = bot.service._tables.get(table_id)  # a diagnostic: the service's own record
    if t is None or t.hand is None:
        return "no hand"
    hand, hold = t.hand, t.hold
    dms = fake.dm_messages(user)
    moves = [c for c in dms[-1].custom_ids if MOVE.match(c)] if dms else []
    held = (
        f"hold(until={hold.until:.1f}, deadline={hold.deadline:.1f}, answers={hold.answers})"
        if hold is not None
        else "no hold"
    )
    return (
        f"phase={hand.phase.value} to_act={hand.to_act()} {held} deadline={t.deadline} "
        f"ai_due={t.ai_due} autopilot={t.autopilot} now={bot.service._clock.now():.1f} "
        f"panel moves={moves[:6]}"
    )


async def human(fake: FakeDiscord, user: FakeUser, failures: list[str], bot: ShangraoBot) -> int:
    """Open a table, seat three normal AIs, start, play the hand through the DM panel."""
    rec = await fake.slash(user, "table create", in_channel=fake.channel("mahjong"), hands=1)
    reply = await rec.response()
    table_id = int(re.search(r"#(\d+)", reply.text()).group(1))  # type: ignore[union-attr]
    thread = next(th for th in fake.guild.threads if th.name.endswith(f"#{table_id}"))
    await fake.wait_for(lambda: bool(fake.channel_messages(thread)), 10)
    lobby = fake.channel_messages(thread)[0]
    for _ in range(3):
        await (await fake.click(user, lobby, f"mj:{table_id}:ai-normal")).response()
    started = await (await fake.click(user, lobby, f"mj:{table_id}:start")).response()
    if "The game starts" not in started.text():
        failures.append(f"table {table_id}: start refused: {started.text()[:120]!r}")
        return 0
    loop = asyncio.get_running_loop()
    end = loop.time() + HAND_TIMEOUT
    clicks = 0

    def over() -> bool:
        return any(
            a.filename == "result.png" for m in fake.channel_messages(thread) for a in m.attachments
        )

    while not over():
        if loop.time() > end:
            failures.append(
                f"table {table_id}: the hand did not end: {stall_report(bot, table_id, user, fake)}"
            )
            return clicks
        dms = fake.dm_messages(user)
        ids = [c for c in dms[-1].custom_ids if MOVE.match(c)] if dms else []
        if not ids:
            await asyncio.sleep(0.02)
            continue
        dm = dms[-1]
        before = dm.edits
        try:
            rec = await fake.click(user, dm, pick(ids))
            await rec.response()
            clicks += 1
        except DriverError:  # the panel changed under the click (a claim window closed)
            continue
        except InteractionNotAcknowledged as exc:
            failures.append(f"table {table_id}: {exc}")
            continue
        until = loop.time() + 2
        while dm.edits == before and loop.time() < until and not over():
            await asyncio.sleep(0.02)
    return clicks


async def main() -> None:
    logging.basicConfig(level=logging.ERROR)
    async with running_fake() as fake:
        users = []
        for i in range(N):
            user = fake.add_user(f"player{i:02d}")
            fake.guild.add_member(user)
            users.append(user)
        with tempfile.TemporaryDirectory() as tmp:
            settings = Settings(
                discord_token=fake.token,
                database_url=f"sqlite:///{Path(tmp) / 'bench.db'}",
                dev_guild_id=fake.guild.id,
            )
            bot = await start_client(
                fake, ShangraoBot(settings, service_config=CONFIG, seeds=seeds)
            )
            lags: list[float] = []
            stop = asyncio.Event()
            prober = asyncio.create_task(probe(lags, stop))
            failures: list[str] = []
            t0 = time.perf_counter()
            try:
                clicks = await asyncio.gather(*(human(fake, u, failures, bot) for u in users))
            finally:
                wall = time.perf_counter() - t0
                stop.set()
                await prober
                await bot.close()
        records = list(fake.interactions)
        acked = [r for r in records if r.acked_at is not None]
        acks = [(r.acked_at - r.dispatched_at) * 1000 for r in acked]  # type: ignore[operator]
        ack99, lag99 = p(acks, 0.99), p(lags, 0.99)
        print(
            f"tables: {N} tables x (3 normal AIs + 1 scripted human), 1 hand each, "
            f"ai_delay={AI_DELAY}s, wall {wall:.1f} s"
        )
        print(f"human clicks on moves: {sum(clicks)} (per table {min(clicks)}..{max(clicks)})")
        print(
            f"interactions: {len(records)}, acknowledged {len(acked)}, "
            f"unacknowledged {len(records) - len(acked)}"
        )
        print(
            f"ack ms: p50={p(acks, 0.5):.1f} p90={p(acks, 0.9):.1f} p99={ack99:.1f} "
            f"max={max(acks, default=float('nan')):.1f}  p99/target={ack99 / ACK_MS:.2f}"
        )
        print(
            f"loop lag ms ({len(lags)} probes): p50={p(lags, 0.5):.1f} p90={p(lags, 0.9):.1f} "
            f"p99={lag99:.1f} max={max(lags, default=float('nan')):.1f}  "
            f"p99/target={lag99 / LAG_MS:.2f}"
        )
        kinds: dict[str, list[float]] = {}
        for r in acked:
            cid = str(r.data.get("custom_id", ""))
            kind = "move" if MOVE.match(cid) else cid.split(":")[-1] if cid else "slash"
            kinds.setdefault(kind, []).append((r.acked_at - r.dispatched_at) * 1000)  # type: ignore[operator]
        for kind, values in sorted(kinds.items()):
            print(
                f"  ack ms [{kind}] n={len(values)} "
                f"p50={p(values, 0.5):.1f} p99={p(values, 0.99):.1f}"
            )
        print(f"fake violations: {len(fake.violations)}; driver failures: {len(failures)}")
        for line in failures[:10]:
            print(f"  {line}")
        ok = len(acked) == len(records) and ack99 < ACK_MS and lag99 < LAG_MS and not failures
        print(f"targets: {'met' if ok else 'NOT met'}")
        print(f"tables n={N} ack_ms_p99={ack99:.1f} loop_lag_ms_p99={lag99:.1f}")


if __name__ == "__main__":
    asyncio.run(main())
