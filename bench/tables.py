"""Benchmarks of virtual tables against the loopback fake Discord (tests/e2e/fake_discord.py):
the load of many tables at once, and the pace one player feels.

**Load.** ``N`` tables at once (20 by default), each of three normal AIs and one scripted human,
playing hand after hand. The bot runs in a process of its own (``--serve-bot``, started by
this script; ``tests/e2e/sitecustom`` points its unmodified discord.py at the fake), so its
figures are its own: this process holds the fake and the scripted humans.

Each human is a driver coroutine: it opens a table of many hands, seats three normal AIs,
starts, then presses a move button whenever its DM panel offers one (win, else pass, else
discard the newest tile) and Ready after each hand. AIs move after ``AI_DELAY`` — the same at
every table count, so a table plays at a fixed pace and the hands per minute grow with the
tables as long as the bot keeps up. Measured over a window of ``--seconds`` (120 by default)
that opens ``--warmup`` seconds (30 by default, about one hand) after every table has started:
the tables start within seconds of each other and deal, draw and prompt in step at first, a
burst that no steady load of that many tables has (its update p99 is printed on a line of its
own). Inside the window:

* ``ack_ms``: every interaction's acknowledgement (the fake's ``acked_at - dispatched_at``);
* ``loop_lag_ms``: the bot's event loop lag (a probe in the bot process sleeping 10 ms, its
  overshoot);
* ``update_ms``: a move's click to the player's DM panel showing it — the first edit or send
  the fake sees after which the newest panel no longer offers the moves of the clicked moment;
* ``hands_per_min``: hands finished (result posted) in the window, per minute.

Targets on a 2-core machine: every interaction acknowledged, ack p99 < 500 ms, loop lag p99 <
100 ms, update p99 < 250 ms at 40 tables and < 500 ms at 80; hands per minute at 80 tables at
least 3x that at 20. The last line of this part is ``tables n=<n> ack_ms_p99=<x>
loop_lag_ms_p99=<x> update_ms_p99=<x> hands_per_min=<x> window_s=<x>``. ``--profile FILE``
runs the bot under cProfile and writes its statistics to FILE (read them with ``python -m
pstats``).

**Pace.** One table at production pace (``ServiceConfig()``'s defaults: AI delay 0.8 s, a
3 s minimum claim hold — which a table with one human does not need —, 5 s between hands; and
the Discord presenter's own pacing): one scripted human and three normal AIs play
``--hands`` hands (2 by default; the human presses Ready between them). Measured: the seconds
from each of the human's discards (the click) to their next turn prompt (their DM panel offering
discards again), the three AIs' turns and any claim window in between included — what a player
waits for. Samples whose hand ends first are dropped. Target: p50 < 4 s. The last line of this
part is ``pace turn_wait_s_p50=<x> turn_wait_s_p90=<x> samples=<n>``.

**Web load.** ``--web-load RATE`` (with ``--tables N``) runs the load part twice in one go:
once as above, once with the bot also serving the league's web pages from its own process
(``WEB_PORT``) while ``RATE`` pages a second are loaded from it (``bench/web_load.py``: the
league's page with each metric, the player and session pages it links, each load on its own,
so they overlap). Target: the update p99 with the web load within 20 % of the one without. Its
last line is ``web_load tables=<n> pages_per_s=<r> update_ms_p99_without=<x>
update_ms_p99_with=<x> change_pct=<x> (target <= 20) page_ms_p50=<x> page_ms_p99=<x>
pages=<n>``.

**Discord's limits.** ``--discord-limits [--tables N] [--humans H]``: the fake with Discord's
rate limits on, the tables at the default timings over several servers, and the requests the
bot spends per human turn by route, its 429s and the turn waits (:mod:`discord_limits`, which
describes it; its last line is ``discord tables=<n> humans_per_table=<h> ...``).

Run: ``python bench/tables.py`` (both parts), ``--tables N`` (the load part only, N tables;
a bare number works too), ``--pace [--hands H]`` (the pace part only, about a minute per hand).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import logging
import os
import re
import signal
import sys
import tempfile
import time
from array import array
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table_drivers import LOAD_TIMINGS, PANEL, PanelReader, pick, seeds
from table_drivers import percentile as p
from web_load import load_pages

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.entrypoints.bot_runner import (
    collect_garbage_periodically,
    freeze_when_ready,
    release_memory_periodically,
)
from shangrao_bot.gc_tuning import tune_for_serving
from shangrao_bot.service import ServiceConfig
from shangrao_bot.settings import Settings, WebPlan
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.web_sites import open_site
from shangrao_bot.thread_switching import switch_threads_often
from tests.e2e.conftest import start_client
from tests.e2e.fake_discord import (
    DriverError,
    FakeDiscord,
    FakeUser,
    InteractionNotAcknowledged,
    WaitTimeout,
    running_fake,
)

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TABLES = 20
AI_DELAY = LOAD_TIMINGS["ai_delay"]
TABLE_HANDS = 64  # the most a table may have: no table ends during the window
WINDOW_S = 120.0  # several hands per table (one takes some 30-40 s at this pace)
WARMUP_S = 30.0  # about one hand: by then the tables no longer move in step
ACK_MS, LAG_MS = 500.0, 100.0
UPDATE_MS = {40: 250.0, 80: 500.0}
READY_TIMEOUT = 120.0
PACE_TARGET_S = 4.0
PACE_HAND_TIMEOUT = 600.0
PANEL_WAIT_S = 10.0


def load_config(n: int) -> ServiceConfig:
    return ServiceConfig(**LOAD_TIMINGS, max_tables_per_guild=max(20, n))


# --- the bot's process -------------------------------------------------------------------------


async def serve_bot() -> None:
    """The bot of the load part, in this process (``--serve-bot``): settings from the
    environment the parent set; on SIGTERM it writes its loop-lag samples (unix time, ms) and
    its picture counts to ``BENCH_LAGS`` and closes."""
    n = int(os.environ["BENCH_TABLES"])
    web_file = os.environ.get("BENCH_WEB")
    settings = Settings(
        discord_token=os.environ["DISCORD_TOKEN"],
        database_url=f"sqlite:///{os.environ['BENCH_DB']}",
        dev_guild_id=int(os.environ["BENCH_GUILD"]),
        # --web-load: the league's pages on a free port, no client budget in the way
        web=WebPlan(port=0, requests_per_minute=10**6) if web_file else WebPlan(),
    )
    bot = ShangraoBot(settings, service_config=load_config(n), seeds=seeds)
    bot._connection.guild_ready_timeout = 0.05  # as the tests' start_client does
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    # (unix time, ms) pairs in a flat array of doubles: 16 bytes a probe, not a tuple's ~100
    # (at 100 probes a second a list of tuples grew the bot's own memory by 0.6 MB a minute)
    lags = array("d")

    async def probe() -> None:
        while not stop.is_set():
            start = loop.time()
            await asyncio.sleep(0.010)
            lags.extend((time.time(), max(0.0, (loop.time() - start - 0.010) * 1000)))

    tune_for_serving()  # as the bot's own process does (bot_runner)
    switch_threads_often()  # as the bot's own process does (bot_runner)
    runner = asyncio.create_task(bot.start(settings.discord_token))
    freezing = asyncio.create_task(freeze_when_ready(bot))
    releasing = asyncio.create_task(release_memory_periodically())  # as bot_runner does
    collecting = asyncio.create_task(collect_garbage_periodically())  # likewise
    prober = asyncio.create_task(probe())
    if web_file:
        while bot.league.server is None and not stop.is_set():
            await asyncio.sleep(0.1)
        Path(web_file).write_text(bot.league.link_base)
    await stop.wait()
    await prober
    presenter = bot.table_presenter
    pictures = presenter.hand_pictures
    stats = {
        "hands_drawn": pictures.drawn,
        "hands_reused": pictures.reused,
        "boards_drawn": presenter.boards_drawn,
    }
    pairs = list(zip(lags[::2], lags[1::2], strict=True))
    Path(os.environ["BENCH_LAGS"]).write_text(json.dumps({"lags": pairs, "stats": stats}))
    freezing.cancel()
    releasing.cancel()
    collecting.cancel()
    await bot.close()
    with contextlib.suppress(Exception, asyncio.CancelledError):
        await asyncio.wait_for(runner, 10)


def serve_bot_main() -> None:
    logging.basicConfig(level=logging.ERROR)
    profile = os.environ.get("BENCH_PROFILE")
    if not profile:
        asyncio.run(serve_bot())
        return
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        asyncio.run(serve_bot())
    finally:
        profiler.disable()
        profiler.dump_stats(profile)


# --- the scripted humans -----------------------------------------------------------------------


@dataclass
class Window:
    """The measured window (loop time of this process) and what falls in it."""

    start: float = float("inf")
    end: float = float("inf")
    updates: list[float] = field(default_factory=list)  # ms
    warmup: list[float] = field(default_factory=list)  # ms, before the window
    hands: int = 0
    failures: list[str] = field(default_factory=list)

    def open(self, now: float) -> bool:
        return self.start <= now < self.end


def panel_seq(ids: list[str]) -> str | None:
    for c in ids:
        m = PANEL.match(c)
        if m is not None:
            return f"{m['hand']}:{m['seq']}"
    return None


async def open_table(
    fake: FakeDiscord, user: FakeUser, hands: int, failures: list[str]
) -> tuple[int, Any] | None:
    """``user`` opens a table of ``hands`` hands, seats three normal AIs and starts it: the
    table's id and thread (None when the start was refused)."""
    rec = await fake.slash(user, "table create", in_channel=fake.channel("mahjong"), hands=hands)
    reply = await rec.response(30)
    table_id = int(re.search(r"#(\d+)", reply.text()).group(1))  # type: ignore[union-attr]
    thread = next(th for th in fake.guild.threads if th.name.endswith(f"#{table_id}"))
    await fake.wait_for(lambda: bool(fake.channel_messages(thread)), 30)
    lobby = fake.channel_messages(thread)[0]
    for _ in range(3):
        await (await fake.click(user, lobby, f"mj:{table_id}:ai-normal")).response(30)
    started = await (await fake.click(user, lobby, f"mj:{table_id}:start")).response(30)
    if "The game starts" not in started.text():
        failures.append(f"table {table_id}: start refused: {started.text()[:120]!r}")
        return None
    return table_id, thread


class Human(PanelReader):
    """A scripted human at one table: moves through its DM panel, Ready after each hand."""

    def __init__(self, fake: FakeDiscord, user: FakeUser, window: Window) -> None:
        super().__init__(fake, user)
        self.window = window
        self.clicks = 0

    async def start(self) -> bool:
        opened = await open_table(self.fake, self.user, TABLE_HANDS, self.window.failures)
        if opened is None:
            return False
        self.table_id, self.thread = opened
        return True

    async def play(self, stop: asyncio.Event) -> None:
        fake, loop = self.fake, asyncio.get_running_loop()
        while not stop.is_set():
            results = self.result_messages()
            if len(results) > self.results:
                self.results = len(results)
                if self.window.open(loop.time()):
                    self.window.hands += 1
                await self.ready(results[-1])
                continue
            ids = self.moves()
            if not ids:
                with contextlib.suppress(WaitTimeout):
                    await fake.wait_for(
                        lambda: self.changed() or stop.is_set(), READY_TIMEOUT, poll=False
                    )
                continue
            await self.move(ids)

    async def ready(self, result: Any) -> None:
        ready = [c for c in result.custom_ids if c.endswith(":ready")]
        if not ready:  # the last hand of the table
            return
        with contextlib.suppress(DriverError, WaitTimeout, InteractionNotAcknowledged):
            await (await self.fake.click(self.user, result, ready[0])).response(30)

    async def move(self, ids: list[str]) -> None:
        fake, loop = self.fake, asyncio.get_running_loop()
        dm = fake.last_dm(self.user)
        offered = set(ids)
        choice = pick(ids)
        t0 = loop.time()
        try:
            rec = await fake.click(self.user, dm, choice)
        except DriverError:  # the panel changed under the click
            return
        except InteractionNotAcknowledged as exc:
            self.window.failures.append(f"table {self.table_id}: {exc}")
            return
        self.clicks += 1

        def shown() -> bool:  # the newest panel no longer offers the clicked moment's moves
            return set(self.moves()) != offered or bool(rec.followups)

        try:
            await fake.wait_for(shown, 30, poll=False)
        except WaitTimeout:
            self.window.failures.append(f"table {self.table_id}: a move was not shown in 30 s")
            return
        if rec.followups:  # refused (outdated): no sample
            return
        if t0 < self.window.start:
            self.window.warmup.append((loop.time() - t0) * 1000)
        if self.window.open(t0):
            self.window.updates.append((loop.time() - t0) * 1000)
            if os.environ.get("BENCH_DEBUG"):
                print(f"{(loop.time() - t0) * 1000:8.1f} {choice}", file=sys.stderr)


@dataclass
class WebLoad:
    """``--web-load``: the pages asked for a second, and what their answers took."""

    rate: float
    latencies: list[float] = field(default_factory=list)  # ms
    statuses: Counter[int] = field(default_factory=Counter)


async def switch_pages_on(db_path: Path, guild: int) -> str:
    """The server's pages switched on in the bench's database before the bot opens it; their
    token."""
    db = await open_database(db_path)
    try:
        return (await open_site(db, guild, 0)).token
    finally:
        await db.close()


async def load(
    n: int,
    seconds: float,
    profile: str | None,
    warmup: float = WARMUP_S,
    web: WebLoad | None = None,
) -> float:
    """The load part: ``n`` tables at once, the bot in a process of its own (serving the
    league's pages under ``web``'s load when given). Returns the update p99."""
    async with running_fake() as fake:
        users = []
        for i in range(n):
            user = fake.add_user(f"player{i:02d}")
            fake.guild.add_member(user)
            users.append(user)
        with tempfile.TemporaryDirectory() as tmp:
            extra = {
                "BENCH_TABLES": str(n),
                "BENCH_DB": str(Path(tmp) / "bench.db"),
                "BENCH_GUILD": str(fake.guild.id),
                "BENCH_LAGS": str(Path(tmp) / "lags.json"),
            }
            if profile:
                extra["BENCH_PROFILE"] = str(Path(profile).resolve())
            token = ""
            if web is not None:
                extra["BENCH_WEB"] = str(Path(tmp) / "web.txt")
                token = await switch_pages_on(Path(extra["BENCH_DB"]), fake.guild.id)
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                str(Path(__file__).resolve()),
                "--serve-bot",
                env=fake.subprocess_env(**extra),
                cwd=ROOT,
            )
            window = Window()
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            try:
                await fake.wait_for(
                    lambda: fake.connected and "table" in fake.command_names(fake.guild), 60
                )
                humans = [Human(fake, u, window) for u in users]
                t_setup = time.perf_counter()
                started = await asyncio.gather(*(h.start() for h in humans))
                setup_s = time.perf_counter() - t_setup
                playing = [h for h, ok in zip(humans, started, strict=True) if ok]
                players = [asyncio.create_task(h.play(stop)) for h in playing]
                window.start = loop.time() + warmup
                pages: asyncio.Task[None] | None = None
                if web is not None:
                    base = Path(extra["BENCH_WEB"]).read_text()
                    pages = asyncio.create_task(
                        load_pages(base, token, web.rate, stop, web.latencies, web.statuses)
                    )
                await asyncio.sleep(warmup)
                if web is not None:
                    web.latencies.clear()  # the window's pages only
                    web.statuses.clear()
                window.end = window.start + seconds
                unix_start = time.time()
                await asyncio.sleep(seconds)
                unix_end = time.time()
                stop.set()
                if pages is not None:
                    await pages
                fake._notify()  # wake the waiting drivers
                for task in players:
                    task.cancel()
                await asyncio.gather(*players, return_exceptions=True)
            finally:
                with contextlib.suppress(ProcessLookupError):
                    proc.terminate()
                await asyncio.wait_for(proc.wait(), 60)
            lag_file = Path(extra["BENCH_LAGS"])
            written = json.loads(lag_file.read_text()) if lag_file.exists() else {}
            samples, stats = written.get("lags", []), written.get("stats", {})
        lags = [ms for at, ms in samples if unix_start <= at < unix_end]
        records = [r for r in fake.interactions if window.start <= r.dispatched_at < window.end]
        acked = [r for r in records if r.acked_at is not None]
        acks = [(r.acked_at - r.dispatched_at) * 1000 for r in acked]  # type: ignore[operator]
        ack99, lag99, upd99 = p(acks, 0.99), p(lags, 0.99), p(window.updates, 0.99)
        per_min = window.hands * 60.0 / seconds
        print(
            f"tables: {n} tables x (3 normal AIs + 1 scripted human), ai_delay={AI_DELAY}s, "
            f"setup {setup_s:.1f} s, warm-up {warmup:.0f} s, window {seconds:.0f} s; "
            "bot in its own process"
        )
        print(
            f"warm-up update ms (the tables' first moves, in step; {len(window.warmup)} moves): "
            f"p50={p(window.warmup, 0.5):.1f} p99={p(window.warmup, 0.99):.1f}"
        )
        print(
            f"interactions in the window: {len(records)}, acknowledged {len(acked)}, "
            f"unacknowledged {len(records) - len(acked)}"
        )
        print(
            f"ack ms: p50={p(acks, 0.5):.1f} p90={p(acks, 0.9):.1f} p99={ack99:.1f} "
            f"max={max(acks, default=float('nan')):.1f}"
        )
        print(
            f"update ms (click to panel, {len(window.updates)} moves): "
            f"p50={p(window.updates, 0.5):.1f} p90={p(window.updates, 0.9):.1f} "
            f"p99={upd99:.1f} max={max(window.updates, default=float('nan')):.1f}"
        )
        print(
            f"loop lag ms ({len(lags)} probes): p50={p(lags, 0.5):.1f} p90={p(lags, 0.9):.1f} "
            f"p99={lag99:.1f} max={max(lags, default=float('nan')):.1f}"
        )
        print(f"hands finished in the window: {window.hands} ({per_min:.1f} per minute)")
        print(
            f"pictures over the whole run: hand pictures drawn {stats.get('hands_drawn')}, "
            f"reused {stats.get('hands_reused')}; boards drawn {stats.get('boards_drawn')}"
        )
        print(f"fake violations: {len(fake.violations)}; driver failures: {len(window.failures)}")
        for line in window.failures[:10]:
            print(f"  {line}")
        update_target = next((ms for tables, ms in sorted(UPDATE_MS.items()) if n <= tables), None)
        ok = (
            len(acked) == len(records)
            and ack99 < ACK_MS
            and lag99 < LAG_MS
            and (update_target is None or upd99 < update_target)
            and not window.failures
        )
        print(f"targets: {'met' if ok else 'NOT met'}")
        if web is not None:
            print(
                f"web pages in the window: {sum(web.statuses.values())} "
                f"({dict(sorted(web.statuses.items()))}); ms p50={p(web.latencies, 0.5):.1f} "
                f"p99={p(web.latencies, 0.99):.1f}"
            )
        print(
            f"tables n={n} ack_ms_p99={ack99:.1f} loop_lag_ms_p99={lag99:.1f} "
            f"update_ms_p99={upd99:.1f} hands_per_min={per_min:.1f} window_s={seconds:.0f}"
            + (f" web_pages_per_s={web.rate:g}" if web is not None else "")
        )
        return upd99


async def with_and_without_web(n: int, seconds: float, warmup: float, rate: float) -> None:
    """``--web-load``: the load part without the pages, then with them under ``rate`` page
    loads a second, and the change of the update p99."""
    without = await load(n, seconds, None, warmup)
    web = WebLoad(rate)
    with_web = await load(n, seconds, None, warmup, web)
    change = 100 * (with_web / without - 1)
    print(
        f"web_load tables={n} pages_per_s={rate:g} update_ms_p99_without={without:.1f} "
        f"update_ms_p99_with={with_web:.1f} change_pct={change:+.1f} (target <= 20) "
        f"page_ms_p50={p(web.latencies, 0.5):.1f} page_ms_p99={p(web.latencies, 0.99):.1f} "
        f"pages={len(web.latencies)}"
    )


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
    parser.add_argument(
        "--seconds", type=float, default=WINDOW_S, help="the load part's measured window"
    )
    parser.add_argument(
        "--warmup", type=float, default=WARMUP_S, help="the load part's seconds before the window"
    )
    parser.add_argument("--profile", help="the load part: write the bot's cProfile stats here")
    parser.add_argument("--pace", action="store_true", help="run the pace part")
    parser.add_argument("--hands", type=int, default=2, help="hands of the pace part")
    parser.add_argument(
        "--discord-limits",
        action="store_true",
        help="with Discord's rate limits on: requests per human turn, 429s, turn waits "
        "(bench/discord_limits.py; --tables, --humans, --seconds, --warmup apply)",
    )
    parser.add_argument("--humans", type=int, default=1, help="--discord-limits: humans a table")
    parser.add_argument(
        "--web-load",
        type=float,
        metavar="RATE",
        help="the load part twice: without, then with the bot serving RATE web pages a second",
    )
    parser.add_argument("--serve-bot", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.discord_limits:
        import discord_limits

        limits = [f"--humans={args.humans}", f"--seconds={args.seconds}"]
        limits += [f"--warmup={args.warmup}", f"--tables={args.tables or args.n or 20}"]
        discord_limits.main(limits)
        return
    if args.serve_bot:
        serve_bot_main()
        return
    tables = args.tables if args.tables is not None else args.n
    run_load = tables is not None or not args.pace
    run_pace = args.pace or tables is None
    logging.basicConfig(level=logging.ERROR)
    if run_load:
        n = tables if tables is not None else DEFAULT_TABLES
        if args.web_load:
            asyncio.run(with_and_without_web(n, args.seconds, args.warmup, args.web_load))
        else:
            asyncio.run(load(n, args.seconds, args.profile, args.warmup))
    if run_pace:
        asyncio.run(pace(args.hands))


if __name__ == "__main__":
    main()
