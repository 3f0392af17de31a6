"""Benchmarks of virtual tables, one bot process against the loopback fake Discord
(tests/e2e/fake_discord.py): the load of many tables at once, and the pace one player feels.

**Load.** ``N`` tables at once (20 by default), each of three normal AIs and one scripted human,
one hand per table.

Each human is a driver coroutine: it watches its DM panel and presses a move button whenever
one is offered (win, else pass, else discard the newest tile) — its table's lobby buttons and
slash commands too. Measured: every interaction's acknowledgement time (the fake's
``acked_at - dispatched_at``) and the event loop's lag (a probe sleeping 10 ms, its overshoot).
AIs move after ``AI_DELAY`` (shorter than production's human pace, so the run stays short while
20 tables keep the loop busy with renders, DMs and board edits).

Targets: every interaction acknowledged, ack p99 < 500 ms; loop lag p99 < 100 ms. The last line
of this part is ``tables n=<n> ack_ms_p99=<x> loop_lag_ms_p99=<x>``.

**Pace.** One table at production pace (``ServiceConfig()``'s defaults: AI delay 0.8 s, a
3 s minimum claim hold — which a table with one human does not need —, 5 s between hands; and
the Discord presenter's own pacing): one scripted human and three normal AIs play
``--hands`` hands (2 by default; the human presses Ready between them). Measured: the seconds
from each of the human's discards (the click) to their next turn prompt (their DM panel offering
discards again), the three AIs' turns and any claim window in between included — what a player
waits for. Samples whose hand ends first are dropped. Target: p50 < 4 s. The last line of this
part is ``pace turn_wait_s_p50=<x> turn_wait_s_p90=<x> samples=<n>``.

Run: ``python bench/tables.py`` (both parts), ``--tables N`` (the load part only, N tables;
a bare number works too), ``--pace [--hands H]`` (the pace part only, about a minute per hand).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import logging
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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
    WaitTimeout,
    running_fake,
)

DEFAULT_TABLES = 20
AI_DELAY = 0.05
ACK_MS, LAG_MS = 500.0, 100.0
HAND_TIMEOUT = 90.0
MOVE = re.compile(r"mj:\d+:\d+:\d+:(d|a):")
PANEL = re.compile(r"mj:\d+:(?P<hand>\d+):(?P<seq>\d+):(?P<op>d|a):")
PACE_TARGET_S = 4.0
PACE_HAND_TIMEOUT = 600.0
PANEL_WAIT_S = 10.0


def load_config(n: int) -> ServiceConfig:
    return ServiceConfig(
        ai_delay=AI_DELAY,
        min_claim_seconds=0.1,
        min_between_hands=0.05,
        ready_seconds=30.0,
        max_tables_per_guild=max(20, n),
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


async def open_table(
    fake: FakeDiscord, user: FakeUser, hands: int, failures: list[str]
) -> tuple[int, Any] | None:
    """``user`` opens a table of ``hands`` hands, seats three normal AIs and starts it: the
    table's id and thread (None when the start was refused)."""
    rec = await fake.slash(user, "table create", in_channel=fake.channel("mahjong"), hands=hands)
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
        return None
    return table_id, thread


async def human(fake: FakeDiscord, user: FakeUser, failures: list[str], bot: ShangraoBot) -> int:
    """Open a table, seat three normal AIs, start, play the hand through the DM panel."""
    opened = await open_table(fake, user, 1, failures)
    if opened is None:
        return 0
    table_id, thread = opened
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
            clicks += 1
            await rec.response()
        except WaitTimeout:
            if not dm.deleted:
                failures.append(f"table {table_id}: a move was not answered")
            continue  # the panel was re-sent while the move was played: the new one is current
        except DriverError:  # the panel changed under the click (a claim window closed)
            continue
        except InteractionNotAcknowledged as exc:
            failures.append(f"table {table_id}: {exc}")
            continue
        until = loop.time() + 2
        while dm.edits == before and loop.time() < until and not over():
            await asyncio.sleep(0.02)
    return clicks


async def load(n: int) -> None:
    """The load part: ``n`` tables at once, one hand each."""
    async with running_fake() as fake:
        users = []
        for i in range(n):
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
                fake, ShangraoBot(settings, service_config=load_config(n), seeds=seeds)
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
            f"tables: {n} tables x (3 normal AIs + 1 scripted human), 1 hand each, "
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
        print(f"tables n={n} ack_ms_p99={ack99:.1f} loop_lag_ms_p99={lag99:.1f}")


# --- pace --------------------------------------------------------------------------------------


def panel_moves(fake: FakeDiscord, user: FakeUser) -> list[str]:
    """The move buttons of the user's newest DM panel (none while it is not their move)."""
    dms = fake.dm_messages(user)
    return [c for c in dms[-1].custom_ids if PANEL.match(c)] if dms else []


def turn_key(ids: list[str]) -> tuple[int, int] | None:
    """(hand, sequence) of a panel that offers discards — a turn prompt — else None."""
    for c in ids:
        m = PANEL.match(c)
        if m is not None and m["op"] == "d":
            return int(m["hand"]), int(m["seq"])
    return None


def results(fake: FakeDiscord, thread: Any) -> list[Any]:
    return [
        m
        for m in fake.channel_messages(thread)
        if any(a.filename == "result.png" for a in m.attachments)
    ]


class Pacer:
    """The scripted human of the pace part: plays through its DM panel (win, else pass, else
    discard the newest tile) and times each discard to the next turn prompt."""

    def __init__(self, fake: FakeDiscord, user: FakeUser, thread: Any) -> None:
        self.fake, self.user, self.thread = fake, user, thread
        self.waits: list[float] = []
        self.passes = 0  # claim windows answered

    def hand_over(self, hand: int) -> bool:
        return len(results(self.fake, self.thread)) >= hand

    async def play_hand(self, hand: int) -> bool:
        """Play hand ``hand`` to its result; False when it did not end in time. A discard whose
        hand ends before the human's next turn gives no sample."""
        fake, user = self.fake, self.user
        loop = asyncio.get_running_loop()
        end = loop.time() + PACE_HAND_TIMEOUT
        pending: tuple[float, tuple[int, int]] | None = None  # (clicked at, the turn it ended)

        def offered() -> bool:
            return bool(panel_moves(fake, user)) or self.hand_over(hand)

        while not self.hand_over(hand):
            if loop.time() > end:
                return False
            ids = panel_moves(fake, user)
            key = turn_key(ids)
            if pending is not None and key is not None and key != pending[1]:
                self.waits.append(loop.time() - pending[0])
                pending = None
            if not ids:
                await fake.wait_for(offered, PACE_HAND_TIMEOUT)
                continue
            choice = pick(ids)
            clicked_at = loop.time()
            try:
                rec = await fake.click(user, fake.dm_messages(user)[-1], choice)
                await rec.response()
            except DriverError:  # the panel changed under the click (a window closed)
                continue
            if ":d:" in choice and key is not None:
                pending = (clicked_at, key)
            elif ":a:pass" in choice:
                self.passes += 1

            def moved(shown: list[str] = ids) -> bool:
                return panel_moves(fake, user) != shown or self.hand_over(hand)

            with contextlib.suppress(WaitTimeout):  # a refused click leaves the panel as it was
                await fake.wait_for(moved, PANEL_WAIT_S)
        return True


async def pacer(
    fake: FakeDiscord, user: FakeUser, hands: int, failures: list[str]
) -> tuple[list[float], int]:
    """Play ``hands`` hands at one table, pressing Ready between them. Returns the waits from
    each discard to the next turn prompt, and the claim windows the human answered."""
    opened = await open_table(fake, user, hands, failures)
    if opened is None:
        return [], 0
    table_id, thread = opened
    human = Pacer(fake, user, thread)
    for hand in range(1, hands + 1):
        if not await human.play_hand(hand):
            failures.append(f"table {table_id}: hand {hand} did not end")
            break
        if hand < hands:
            result = results(fake, thread)[-1]
            ready = next(c for c in result.custom_ids if c.endswith(f":{hand}:ready"))
            await (await fake.click(user, result, ready)).response()
    return human.waits, human.passes


async def pace(hands: int) -> None:
    """The pace part: one table at the default timings."""
    config = ServiceConfig()
    async with running_fake() as fake:
        user = fake.add_user("pacer")
        fake.guild.add_member(user)
        with tempfile.TemporaryDirectory() as tmp:
            settings = Settings(
                discord_token=fake.token,
                database_url=f"sqlite:///{Path(tmp) / 'pace.db'}",
                dev_guild_id=fake.guild.id,
            )
            bot = await start_client(
                fake, ShangraoBot(settings, service_config=config, seeds=seeds)
            )
            failures: list[str] = []
            t0 = time.perf_counter()
            try:
                waits, passes = await pacer(fake, user, hands, failures)
            finally:
                wall = time.perf_counter() - t0
                await bot.close()
        p50, p90 = p(waits, 0.5), p(waits, 0.9)
        print(
            f"pace: 1 table x (3 normal AIs + 1 scripted human), {hands} hands at the default "
            f"timings (ai_delay={config.ai_delay}s, min_claim_seconds="
            f"{config.min_claim_seconds}s), wall {wall:.1f} s"
        )
        print(
            f"turn wait s (discard click to next turn prompt): p50={p50:.2f} p90={p90:.2f} "
            f"min={min(waits, default=float('nan')):.2f} "
            f"max={max(waits, default=float('nan')):.2f}; claim windows passed: {passes}"
        )
        print(f"fake violations: {len(fake.violations)}; driver failures: {len(failures)}")
        for line in failures[:10]:
            print(f"  {line}")
        ok = bool(waits) and p50 < PACE_TARGET_S and not failures
        print(f"target p50 < {PACE_TARGET_S:g} s: {'met' if ok else 'NOT met'}")
        print(f"pace turn_wait_s_p50={p50:.2f} turn_wait_s_p90={p90:.2f} samples={len(waits)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, help="tables of the load part (as --tables)")
    parser.add_argument("--tables", type=int, help="run the load part with this many tables")
    parser.add_argument("--pace", action="store_true", help="run the pace part")
    parser.add_argument("--hands", type=int, default=2, help="hands of the pace part")
    args = parser.parse_args()
    tables = args.tables if args.tables is not None else args.n
    run_load = tables is not None or not args.pace
    run_pace = args.pace or tables is None
    logging.basicConfig(level=logging.ERROR)
    if run_load:
        asyncio.run(load(tables if tables is not None else DEFAULT_TABLES))
    if run_pace:
        asyncio.run(pace(args.hands))


if __name__ == "__main__":
    main()
