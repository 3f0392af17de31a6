"""A long soak of virtual tables against the loopback fake Discord: whether anything of the
bot grows as tables are created, played and discarded for half an hour, across a clean
restart and a crash.

**The load.** ``--tables N`` (40) scripted humans each play table after table, each table of 4
to 8 hands (``--hands``) with three normal AIs, at the pace of ``bench/tables.py``'s load part
(AI delay 0.5 s); as a table ends its player opens the next, so N tables play all the time and
the per-table state the bot creates is discarded all along (what a leak would keep). The bot
runs in a process of its own (``bench/soak_bot.py``: the real ``ShangraoBot``, unmodified
discord.py pointed at the fake by ``tests/e2e/sitecustom``, SQLite); this process holds the
fake and the drivers (``bench/soak_players.py``). The soak runs ``--warmup W`` (5) minutes,
from the moment every table has started, then ``--minutes M`` (30) measured minutes.

**The tables' length.** ``--hands LOW-HIGH`` (4-8). Short tables show a leak of what an
ended table leaves behind; what a table gathers with every hand it plays and lets go only at
its end shows with long ones (``--hands 64``: tables that do not end within the soak, as in
``bench/tables.py``). Compare the two to tell them apart.

**Restarts.** In the measured time the bot is stopped cleanly (SIGTERM) at about 40 % and
killed (SIGKILL) at about 70 %, each in the middle of a minute (measured minutes
``ceil(0.4 M)`` and ``ceil(0.7 M)``, so they scale with ``--minutes``), and started again at
once: its tables resume from the database. The drivers ride through the gap (clicks sent
again until answered, panels waited for); the run checks that every table moves again after
each restart (``resumed``).

**Samples.** Of the bot's process: resident memory (RSS: the mean of the minute's readings,
one every 5 s, since the bot hands its free memory back once a minute and a single reading
would catch it before or after), and at the end of every minute: open
files (``/proc/PID/fd``), threads (``/proc/PID/status``), asyncio tasks (the process reports
them itself every 5 s in ``bot-reports.jsonl``, with the coroutines most tasks run), the
SQLite database (file and ``-wal``), its picture workers (spawned child processes: how many,
their RSS summed); of the minute, from the drivers: the update p50 and p99 (a move's click to
its DM panel showing it, as ``bench/tables.py`` measures ``update_ms``), the hands finished,
the drivers' incidents; and the machine's load average and the harness's own RSS. They go to
``DIR/soak.csv`` (a row a minute; ``restart`` names the signal of a minute that holds one),
every update sample to ``DIR/soak-updates.json``, the run's facts to ``DIR/soak.json``, the
bot's output to ``DIR/bot.log``, and a chart of every measure over time to ``DIR/soak.png``
(restarts marked). ``--out DIR`` (a new temporary directory by default).

**The judgement** (``bench/soak_verdict.py``; blocks of ten measured minutes, shorter in a
soak under 30 minutes: a third of it):

* RSS grows less than 2 % between the first and the last ten minutes. A restarted process
  starts small again, so the means of the two blocks (printed: ``rss_first10_mb``,
  ``rss_last10_mb``) do not compare a process with itself once a restart falls between them.
  What is judged is the growth per hand within the stretches without a restart: each process
  once it has run ``W`` minutes (the first process from the warm-up's end, a restarted one
  ``W`` minutes after its start, as long as the start's own warm-up). The slope of RSS against
  the hands finished is the median of the slopes between every two samples of the same
  stretch (Theil and Sen's estimator: a steady growth raises every pair's slope, while a
  one-off step — seen in every process some 6 to 7 minutes after its start — raises only the
  pairs across it, where a least squares fit would spread it over every hand of a short
  stretch). That slope (``rss_kb_per_hand``) times the hands finished between the two blocks'
  middles, as a share of the first block's mean, is ``rss_growth_pct``: the growth the two
  blocks would show had nothing restarted. Each stretch's own figures are printed too.
* The update p99 of the last ten minutes within 20 % of the first ten's (every update sample
  of each block pooled), leaving out each minute that overlaps a restart: from the signal
  until 30 s after the bot is back (its resumed tables move in step at first, as at the start).
* Tasks, open files and threads are back: the last sample of every ten-minute block is at
  most the warm-up's last sample plus an allowance for what legitimately varies from one
  moment to the next: tasks one per table, at least 10 (a table's timers and pending updates
  come and go with its state), open files 10 (at least; 10 % when more: sockets to Discord
  open and close with the traffic), threads 2 (thread pools that start threads on demand).

It prints each target with its figures and ends with ``soak tables=<n> minutes=<m>
rss_first10_mb=<x> rss_last10_mb=<x> rss_growth_pct=<x> (target < 2) update_p99_first10_ms=<x>
update_p99_last10_ms=<x> (target within 20%) tasks_warm=<x> tasks_last=<x> files_warm=<x>
files_last=<x> threads_warm=<x> threads_last=<x> hands=<n> restarts=<n> rss_kb_per_hand=<x>``.

**Another checkout's bot.** ``--code DIR`` runs the bot of another checkout (its
``shangrao_bot`` first on the bot process's ``sys.path``, and its directory the process's
working directory) with this checkout's fake, drivers and ``soak_bot.py`` — to measure before
and after a change. ``--report DIR`` judges and draws a finished soak's files again.

Run: ``python bench/soak.py [--tables N] [--minutes M] [--warmup W] [--hands LOW-HIGH]
[--out DIR] [--code DIR]``
(35 minutes by default; ``--tables 4 --minutes 3 --warmup 1`` tries it out in five).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import math
import os
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from statistics import fmean

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from soak_players import SoakPlayer, Tally
from soak_probe import (
    Sample,
    append,
    file_mb,
    last_report,
    open_files,
    picture_workers,
    rss_mb,
    threads,
    write_header,
)
from soak_process import BotProcess
from soak_verdict import RestartFacts, report
from table_drivers import percentile

from tests.e2e.fake_discord import FakeDiscord, running_fake

ROOT = Path(__file__).resolve().parents[1]
RESTARTS = ((0.4, signal.SIGTERM), (0.7, signal.SIGKILL))  # share of the measured time
RESUME_S = 180.0  # every table should move again within this after the bot is back
START_S = 600.0  # every first table open within this
RSS_EVERY_S = 5.0  # between two readings of the bot's RSS


def restart_moments(warmup: int, minutes: int) -> list[float]:
    """Seconds after the tables started: the middle of measured minute ``ceil(share * M)``,
    each restart in a minute of its own."""
    moments, last = [], 0
    for share, _ in RESTARTS:
        minute = max(math.ceil(share * minutes), last + 1)
        moments.append((warmup + minute - 0.5) * 60)
        last = minute
    return moments


def trim_fake(fake: FakeDiscord, playing: set[int]) -> None:
    """Keep the harness from growing: the fake keeps every attachment ever uploaded (to serve
    its URL; a DM panel's or a board's picture is replaced at every edit), the pictures of
    every message (each hand's result, each table's boards and charts), a record of every
    request and every gateway event it sent (for tests to look at). The soak reads none of
    those bytes: only the threads being played now (``playing``: their channel ids) and the
    newest DMs keep their pictures. Left alone, the harness grows by some 25 MB a minute at 40
    tables, over a GB in a full soak, on a machine others share."""
    newest_dms = {m.id for ch in fake._dm_channels.values() for m in ch.messages[-3:]}
    shown: set[int] = set()
    for message in fake._messages.values():
        if message.deleted:
            message.attachments = []
            continue
        shown.update(a.id for a in message.attachments)
        if message.channel.id not in playing and message.id not in newest_dms:
            for attachment in message.attachments:
                attachment.data = b""
    for attachment_id in [a for a in fake._attachments if a not in shown]:
        del fake._attachments[attachment_id]
    fake.traffic.clear()
    fake.requests.clear()
    for session in fake.gateway_sessions:
        session.events.clear()


@dataclass
class Soak:
    """What a running soak holds."""

    fake: FakeDiscord
    bot: BotProcess
    tally: Tally
    out: Path
    warmup: int
    restarts: list[RestartFacts]
    rss_readings: dict[int, list[tuple[int, float]]] = field(default_factory=dict)

    async def watch_rss(self) -> None:
        """Read the bot's RSS every :data:`RSS_EVERY_S`, filed by minute with the process's
        id (a restart's minute holds two processes)."""
        loop = asyncio.get_running_loop()
        while True:
            minute = math.floor((loop.time() - self.tally.t0) / 60) + 1
            pid = self.bot.pid
            value = rss_mb(pid)
            if not math.isnan(value):
                self.rss_readings.setdefault(minute, []).append((pid, value))
            await asyncio.sleep(RSS_EVERY_S)

    def minute_rss(self, minute: int, pid: int) -> float:
        """The mean of the minute's readings of ``pid`` (its RSS now when there are none)."""
        values = [v for p, v in self.rss_readings.pop(minute, []) if p == pid]
        return fmean(values) if values else rss_mb(pid)

    def sample(self, minute: int) -> Sample:
        bot, tally = self.bot, self.tally
        pid, now = bot.pid, time.time()
        report = last_report(bot.reports, pid, now) or {}
        workers = picture_workers(pid)
        updates = tally.updates.get(minute, [])
        signals = [r.signal for r in self.restarts if r.minute() == minute]
        return Sample(
            minute=minute,
            phase="warmup" if minute <= self.warmup else "measured",
            unix_time=now,
            pid=pid,
            process_age_s=bot.age_s(),
            restart=";".join(signals),
            rss_mb=self.minute_rss(minute, pid),
            files=open_files(pid),
            threads=threads(pid),
            tasks=int(report.get("tasks", -1)),
            db_mb=file_mb(self.out / "soak.db"),
            update_p50_ms=percentile(updates, 0.5),
            update_p99_ms=percentile(updates, 0.99),
            updates=len(updates),
            hands=tally.hands.get(minute, 0),
            hands_total=sum(n for m, n in tally.hands.items() if m <= minute),
            workers=len(workers),
            workers_rss_mb=sum(rss_mb(w) for w in workers),
            harness_rss_mb=rss_mb(os.getpid()),
            incidents=sum(tally.incidents.get(minute, {}).values()),
            load1=os.getloadavg()[0],
            busiest_tasks=";".join(f"{name}:{n}" for name, n in report.get("busiest", [])),
        )

    async def restart(self, at: float, sig: signal.Signals) -> None:
        """At ``at`` (seconds after the tables started) stop the bot with ``sig``, start it
        again, and wait for every table to move again."""
        loop, tally, bot = asyncio.get_running_loop(), self.tally, self.bot
        await asyncio.sleep(max(0.0, tally.t0 + at - loop.time()))
        facts = RestartFacts(signal=sig.name.lower(), at_s=loop.time() - tally.t0)
        self.restarts.append(facts)
        facts.stopped_s = await bot.stop(sig)
        await bot.start()
        try:
            facts.back_s = facts.stopped_s + await bot.until_ready()
        except RuntimeError as exc:  # the soak goes on: its samples show what became of it
            facts.failed = str(exc)
            print(f"  {facts.describe(len(tally.progress))}", flush=True)
            return
        back = loop.time()
        facts.back_at_s = back - tally.t0
        players = len(tally.progress)
        while loop.time() - back < RESUME_S:
            facts.resumed = sum(t > back for t in tally.progress)
            if facts.resumed == players:
                facts.resumed_s = loop.time() - back
                break
            await asyncio.sleep(0.5)
        print(f"  {facts.describe(players)}", flush=True)


async def soak(
    n: int, minutes: int, warmup: int, out: Path, code: Path, hands: Sequence[int]
) -> None:
    async with running_fake() as fake:
        users = []
        for i in range(n):
            user = fake.add_user(f"player{i:02d}")
            fake.guild.add_member(user)
            users.append(user)
        bot = BotProcess(fake, code, out, n)
        await bot.start()
        await bot.until_ready()
        tally = Tally(n)
        run = Soak(fake, bot, tally, out, warmup, [])
        stop = asyncio.Event()
        players = [SoakPlayer(fake, u, i, tally, hands) for i, u in enumerate(users)]
        tasks = [asyncio.create_task(p.run(stop)) for p in players]
        keeper = asyncio.create_task(bot.keep_running())
        watcher: asyncio.Task[None] | None = None
        loop = asyncio.get_running_loop()
        began = loop.time()
        while tally.opened < n and loop.time() - began < START_S:
            await asyncio.sleep(0.2)
        tally.t0 = loop.time()
        print(
            f"soak: {tally.opened} of {n} tables started in {tally.t0 - began:.1f} s; "
            f"warm-up {warmup} min, then {minutes} measured min; files in {out}",
            flush=True,
        )
        csv_path = out / "soak.csv"
        write_header(csv_path)
        watcher = asyncio.create_task(run.watch_rss())
        restarts = [
            asyncio.create_task(run.restart(at, sig))
            for at, (_, sig) in zip(restart_moments(warmup, minutes), RESTARTS, strict=True)
        ]
        try:
            for minute in range(1, warmup + minutes + 1):
                await asyncio.sleep(max(0.0, tally.t0 + minute * 60 - loop.time()))
                trim_fake(fake, {p.thread.id for p in players if p.thread is not None})
                sample = run.sample(minute)
                append(csv_path, sample)
                print(
                    f"  minute {minute:3d} ({sample.phase}): rss {sample.rss_mb:.1f} MB, "
                    f"tasks {sample.tasks}, files {sample.files}, threads {sample.threads}, "
                    f"update p99 {sample.update_p99_ms:.0f} ms, hands {sample.hands}, "
                    f"load {sample.load1:.2f}" + (f", {sample.restart}" if sample.restart else ""),
                    flush=True,
                )
        finally:
            stop.set()
            fake._notify()  # wake the waiting drivers
            others = [*restarts, keeper, *([watcher] if watcher is not None else [])]
            for task in [*tasks, *others]:
                task.cancel()
            await asyncio.gather(*tasks, *others, return_exceptions=True)
            await bot.stop(signal.SIGTERM)
        facts = {
            "tables": n,
            "minutes": minutes,
            "warmup": warmup,
            "hands_per_table": [min(hands), max(hands)],
            "code": str(code),
            "restarts": [asdict(r) for r in run.restarts],
            "tables_opened": tally.opened,
            "tables_finished": tally.finished,
            "tables_abandoned": tally.abandoned,
            "crashes": tally.crashes,
            "unplanned_exits": bot.unplanned_exits,
            "fake_violations": len(fake.violations),
            "incidents": {str(m): dict(c) for m, c in sorted(tally.incidents.items())},
        }
        (out / "soak.json").write_text(json.dumps(facts, indent=1))
        updates = {str(m): [round(ms, 2) for ms in v] for m, v in sorted(tally.updates.items())}
        (out / "soak-updates.json").write_text(json.dumps(updates))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40, help="tables playing at once")
    parser.add_argument("--minutes", type=int, default=30, help="measured minutes (3 or more)")
    parser.add_argument("--warmup", type=int, default=5, help="minutes before the measured ones")
    parser.add_argument("--out", help="where the files go (a new temporary directory)")
    parser.add_argument("--code", help="the checkout whose bot to run (this one)")
    parser.add_argument(
        "--hands",
        default="4-8",
        metavar="LOW-HIGH",
        help="hands of a table, in turn from LOW to HIGH (4-8; 64: tables that never end)",
    )
    parser.add_argument("--report", metavar="DIR", help="judge and draw a finished soak again")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    if args.report:
        report(Path(args.report))
        return
    low, _, high = args.hands.partition("-")
    try:
        hands = range(int(low), int(high or low) + 1)
    except ValueError:
        parser.error(f"--hands {args.hands}: LOW-HIGH (4-8) or a number (64)")
    if args.minutes < 3 or args.warmup < 1 or args.tables < 1 or not hands or hands[0] < 1:
        parser.error("--minutes 3 or more, --warmup 1 or more, --tables 1 or more, --hands 1-64")
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="soak-"))
    out.mkdir(parents=True, exist_ok=True)
    for name in ("soak.db", "soak.db-wal", "soak.db-shm", "bot.log", "bot-reports.jsonl"):
        with contextlib.suppress(FileNotFoundError):
            (out / name).unlink()
    code = Path(args.code).resolve() if args.code else ROOT
    if not (code / "shangrao_bot" / "__init__.py").exists():
        parser.error(f"--code {code}: no shangrao_bot package there")
    asyncio.run(soak(args.tables, args.minutes, args.warmup, out, code, hands))
    report(out)


if __name__ == "__main__":
    main()
