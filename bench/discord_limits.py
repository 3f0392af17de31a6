"""Virtual tables against the fake Discord with Discord's rate limits on: how many requests the
bot spends per human turn, whether it ever meets a 429, and what a player waits.

The fake (tests/e2e/fake_discord.py) answers as Discord does: 50 global-counted requests per
second per token (interaction callbacks and interaction webhooks exempt), per-route buckets
(message creates and edits 5 per 5 s per channel, interaction webhooks 5 per 2 s per token),
with Discord's headers and 429 bodies. The bot runs in a process of its own at the default
table timings (``ServiceConfig()``: AI delay 0.8 s, claim hold 3 s where two humans could
claim, the default pacing of boards and panels), spread over as many servers as it takes (20
tables each, a server's maximum). Each table has ``--humans`` scripted humans (1 by default;
the rest normal AIs), every one of them playing from their DM panel: they press a move as soon
as it is offered (win, else pass, else discard the newest tile) and Ready after each hand.

Measured over a window of ``--seconds`` (120 by default) that opens ``--warmup`` seconds (30)
after every table has started, from the fake's own record of every request:

* ``global_per_turn`` / ``exempt_per_turn``: global-counted / exempt requests in the window per
  human turn (a human's discard: her move and the others' moves until her next), with the
  routes they went to;
* ``global_per_s_p99``: the 99th percentile of the global-counted requests in each second;
* ``limited``: 429 answers over the whole run (the target is none);
* ``turn_wait_s``: a human's discard click to her next turn prompt (the others' moves and any
  claim window in between included), p50 and p90;
* ``board_stale_s``: how far behind the thread's board was when a human's turn prompt reached
  her DM panel — the seconds from the first move the board does not show to the prompt, 0
  when it shows every move — p50 and p90, with the share of turns whose board was complete.
  The board's moment is read off the table message at the very change that brought the
  prompt (its My hand button carries the hand and sequence it was drawn from); the moment of
  each move is when the bot's presenter was told of it (recorded in the bot's process).

The processor time of the harness (this process: the fake and every scripted human) and of the
bot's process over the window are printed too: on a small machine the harness takes its share.

The last line: ``discord tables=<n> humans_per_table=<h> global_per_turn=<x>
exempt_per_turn=<x> global_per_s_p99=<x> limited=<n> turn_wait_s_p50=<x> p90=<x>
board_stale_s_p50=<x> p90=<x> board_complete=<share>``.
Run: ``python bench/tables.py --discord-limits [--tables N] [--humans H]`` (or this file).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import math
import os
import re
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table_drivers import PANEL, PanelReader, percentile, pick, seeds

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.entrypoints.bot_runner import freeze_when_ready
from shangrao_bot.gc_tuning import tune_for_serving
from shangrao_bot.service import ServiceConfig
from shangrao_bot.settings import Settings
from shangrao_bot.thread_switching import switch_threads_often
from tests.e2e.board_watch import TurnBoard, TurnBoards
from tests.e2e.fake_discord import (
    DriverError,
    FakeDiscord,
    FakeUser,
    InteractionNotAcknowledged,
    WaitTimeout,
    running_fake,
)

ROOT = Path(__file__).resolve().parents[1]
PER_GUILD = 20  # a server's most tables (ServiceConfig.max_tables_per_guild)
TABLE_HANDS = 64
WAIT_S = 120.0
TURN_P50_S, TURN_P90_S = 4.0, 6.0
GLOBAL_PER_TURN = 1.5


# --- the bot's process -------------------------------------------------------------------------


async def serve_bot() -> None:
    """The bot, in this process (``--serve-bot``), at the default timings; on SIGTERM it writes
    what its request budget saw to ``BENCH_OUT`` and closes."""
    settings = Settings(
        discord_token=os.environ["DISCORD_TOKEN"],
        database_url=f"sqlite:///{os.environ['BENCH_DB']}",
    )
    bot = ShangraoBot(settings, service_config=ServiceConfig(), seeds=seeds)
    bot._connection.guild_ready_timeout = 0.05
    moves: dict[int, list[tuple[int, int, float]]] = {}  # table → (hand, sequence, unix time)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    tune_for_serving()
    switch_threads_often()  # as the bot's own process does (bot_runner)
    runner = asyncio.create_task(bot.start(settings.discord_token))
    freezing = asyncio.create_task(freeze_when_ready(bot))
    await record_moves(bot, moves)
    await stop.wait()
    budget = getattr(bot, "budget", None)  # (none in a bot from before the budget)
    boards = getattr(getattr(bot, "table_presenter", None), "boards", None)
    out = {
        "waited": getattr(budget, "waited", None),
        "peak": getattr(budget, "peak", None),
        "boards_postponed": getattr(boards, "postponed", None),
        "moves": {str(k): v for k, v in moves.items()},
    }
    Path(os.environ["BENCH_OUT"]).write_text(json.dumps(out))
    freezing.cancel()
    await bot.close()
    with contextlib.suppress(Exception, asyncio.CancelledError):
        await asyncio.wait_for(runner, 10)


async def record_moves(bot: ShangraoBot, moves: dict[int, list[tuple[int, int, float]]]) -> None:
    """Note when the bot's presenter is told of each new public sequence of a table (the move's
    moment, as far as anything shown can know it)."""
    while getattr(bot, "table_presenter", None) is None:
        await asyncio.sleep(0.05)
    presenter = bot.table_presenter
    told = presenter.table_changed

    async def table_changed(table: Any, events: Any) -> None:
        seen = moves.setdefault(table.id, [])
        sequence = table.sequence
        if sequence is not None and (not seen or seen[-1][:2] != (table.hand_no, sequence)):
            seen.append((table.hand_no, sequence, time.time()))
        await told(table, events)

    presenter.table_changed = table_changed  # type: ignore[method-assign]


def serve_bot_main() -> None:
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(serve_bot())


def cpu_seconds(pid: int) -> float:
    """User and system processor seconds of process ``pid`` so far (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- the scripted humans -----------------------------------------------------------------------


@dataclass
class Run:
    start: float = float("inf")
    end: float = float("inf")
    turns: int = 0  # human discards in the window
    waits: list[float] = field(default_factory=list)  # s, discard to next turn prompt
    failures: list[str] = field(default_factory=list)
    # each turn prompt in the window: (table, hand, sequence, unix time, the board's hand and
    # sequence at that moment, or None when the hand has no table message yet)
    prompts: list[tuple[int, int, int, float, tuple[int, int] | None]] = field(default_factory=list)

    def open(self, now: float) -> bool:
        return self.start <= now < self.end


def turn_of(ids: list[str]) -> tuple[int, int] | None:
    """(hand, sequence) of a panel offering discards (a turn prompt), else None."""
    for c in ids:
        m = PANEL.match(c)
        if m is not None and m["op"] == "d":
            return int(m["hand"]), int(m["seq"])
    return None


class Player(PanelReader):
    """A scripted human at one table, playing from their DM panel."""

    offered = PANEL

    def __init__(self, fake: FakeDiscord, user: FakeUser, run: Run) -> None:
        super().__init__(fake, user)
        self.run = run
        self.readied = 0
        self.pending: tuple[float, tuple[int, int]] | None = None  # (clicked at, its turn)

    def changed(self) -> bool:
        return bool(self.moves()) or len(self.result_messages()) > self.readied

    async def play(self, stop: asyncio.Event) -> None:
        fake, loop = self.fake, asyncio.get_running_loop()
        while not stop.is_set():
            results = self.result_messages()
            if len(results) > self.readied:
                self.readied = len(results)
                self.pending = None
                await self.ready(results[-1])
                continue
            ids = self.moves()
            turn = turn_of(ids)
            if self.pending is not None and turn is not None and turn != self.pending[1]:
                if self.run.open(self.pending[0]):
                    self.run.waits.append(loop.time() - self.pending[0])
                self.pending = None
            if not ids:
                with contextlib.suppress(WaitTimeout):
                    await fake.wait_for(lambda: self.changed() or stop.is_set(), WAIT_S, poll=False)
                continue
            await self.move(ids, turn)

    async def ready(self, result: Any) -> None:
        ready = [c for c in result.custom_ids if c.endswith(":ready")]
        if ready:
            with contextlib.suppress(DriverError, WaitTimeout, InteractionNotAcknowledged):
                await (await self.fake.click(self.user, result, ready[0])).response(30)

    async def move(self, ids: list[str], turn: tuple[int, int] | None) -> None:
        fake, loop = self.fake, asyncio.get_running_loop()
        dm = fake.last_dm(self.user)
        choice = pick(ids)
        clicked = loop.time()
        try:
            await fake.click(self.user, dm, choice)
        except DriverError:  # the panel changed under the click
            return
        except InteractionNotAcknowledged as exc:
            self.run.failures.append(str(exc))
            return
        if ":d:" in choice and turn is not None:
            self.pending = (clicked, turn)
            if self.run.open(clicked):
                self.run.turns += 1
        offered = set(ids)
        with contextlib.suppress(WaitTimeout):  # a refused click leaves the panel as it was
            await fake.wait_for(lambda: set(self.moves()) != offered, WAIT_S, poll=False)


def staleness(turns: list[TurnBoard], moves: dict[str, list[list[float]]]) -> list[float]:
    """Each turn's board staleness: seconds from the first move the board did not show to the
    prompt (0 when it showed every move); turns whose missed moves the bot did not record are
    left out."""
    stale: list[float] = []
    for turn in turns:
        if turn.complete:
            stale.append(0.0)
            continue
        shown = turn.board[1] if turn.board is not None and turn.board[0] == turn.hand else -1
        told = moves.get(str(turn.table), [])
        missed = [float(w) for h, s, w in told if int(h) == turn.hand and int(s) > shown]
        if missed:
            stale.append(max(0.0, turn.at - min(missed)))
    return stale


async def open_table(
    fake: FakeDiscord, users: list[FakeUser], channel: Any, failures: list[str]
) -> Any | None:
    """``users[0]`` opens a table of many hands in ``channel``; the others join; normal AIs
    take the seats left; it starts. Its thread (None when the start was refused)."""
    host = users[0]
    rec = await fake.slash(host, "table create", in_channel=channel, hands=TABLE_HANDS)
    reply = await rec.response(60)
    found = re.search(r"#(\d+)", reply.text())
    if found is None:
        failures.append(f"table not created: {reply.text()[:120]!r}")
        return None
    table_id = int(found.group(1))
    guild = channel.guild
    thread = next(th for th in guild.threads if th.name.endswith(f"#{table_id}"))
    await fake.wait_for(lambda: bool(fake.channel_messages(thread)), 60)
    lobby = fake.channel_messages(thread)[0]
    for user in users[1:]:
        await (await fake.click(user, lobby, f"mj:{table_id}:join")).response(60)
    for _ in range(4 - len(users)):
        await (await fake.click(host, lobby, f"mj:{table_id}:ai-normal")).response(60)
    started = await (await fake.click(host, lobby, f"mj:{table_id}:start")).response(60)
    if "The game starts" not in started.text():
        failures.append(f"table {table_id}: start refused: {started.text()[:120]!r}")
        return None
    return thread


@dataclass
class Traffic:
    counted: int
    exempt: int
    routes: Counter[str]
    per_second: list[int]
    limited: int
    limited_by: Counter[tuple[str, str]]


def traffic_of(fake: FakeDiscord, start: float, end: float) -> Traffic:
    traffic = fake.traffic
    counted = traffic.counted(start, end)
    exempt = traffic.exempt_records(start, end)
    routes: Counter[str] = Counter()
    for r in counted:
        routes[f"{r.method} {r.template}"] += 1
    for r in exempt:
        routes[f"{r.method} {r.template} (exempt)"] += 1
    limited = traffic.limited()
    by: Counter[tuple[str, str]] = Counter((r.route, r.scope or "?") for r in limited)
    return Traffic(
        len(counted), len(exempt), routes, traffic.per_second(start, end), len(limited), by
    )


async def measure(n: int, humans: int, seconds: float, warmup: float) -> None:
    async with running_fake(rate_limits=True) as fake:
        owner = fake.add_user("owner")
        guilds = [fake.guild]
        for g in range(1, math.ceil(n / PER_GUILD)):
            guilds.append(fake.add_guild(f"server {g}", owner=owner))
        channels = []
        for g in guilds:
            try:
                channels.append(fake.channel("mahjong", g))
            except KeyError:
                channels.append(g.add_text_channel("mahjong"))
        seats: list[tuple[Any, list[FakeUser]]] = []
        for i in range(n):
            guild = guilds[i // PER_GUILD]
            users = []
            for h in range(humans):
                user = fake.add_user(f"p{i:03d}{h}")
                guild.add_member(user)
                users.append(user)
            seats.append((channels[i // PER_GUILD], users))
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "out.json"
            env = fake.subprocess_env(BENCH_DB=str(Path(tmp) / "bench.db"), BENCH_OUT=str(out))
            proc = await asyncio.create_subprocess_exec(
                sys.executable, str(Path(__file__).resolve()), "--serve-bot", env=env, cwd=ROOT
            )
            run = Run()
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            try:
                await fake.wait_for(lambda: fake.connected and "table" in fake.command_names(), 120)
                t0 = time.perf_counter()
                threads = await asyncio.gather(
                    *(open_table(fake, users, ch, run.failures) for ch, users in seats)
                )
                setup_s = time.perf_counter() - t0
                players = []
                for (_, users), thread in zip(seats, threads, strict=True):
                    if thread is None:
                        continue
                    for user in users:
                        player = Player(fake, user, run)
                        player.thread = thread
                        players.append(player)
                tasks = [asyncio.create_task(p.play(stop)) for p in players]
                boards = TurnBoards(
                    fake, [(p.user, p.thread) for p in players], lambda: run.open(loop.time())
                )
                tasks.append(asyncio.create_task(boards.watch(stop)))
                run.start = loop.time() + warmup
                await asyncio.sleep(warmup)
                run.end = run.start + seconds
                fake_start = fake.now()
                cpu_bot0, cpu_me0 = cpu_seconds(proc.pid), time.process_time()
                await asyncio.sleep(seconds)
                cpu_bot, cpu_me = cpu_seconds(proc.pid) - cpu_bot0, time.process_time() - cpu_me0
                fake_end = fake.now()
                stop.set()
                fake._notify()
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
            finally:
                with contextlib.suppress(ProcessLookupError):
                    proc.terminate()
                try:
                    await asyncio.wait_for(proc.wait(), 60)
                except TimeoutError:
                    proc.kill()
            budget = json.loads(out.read_text()) if out.exists() else {}
        seen = traffic_of(fake, fake_start, fake_end)
    turns = max(1, run.turns)
    per_turn, exempt_per_turn = seen.counted / turns, seen.exempt / turns
    p99 = percentile([float(x) for x in seen.per_second], 0.99)
    w50, w90 = percentile(run.waits, 0.5), percentile(run.waits, 0.9)
    stale = staleness(boards.turns, budget.get("moves", {}))
    s50, s90 = percentile(stale, 0.5), percentile(stale, 0.9)
    complete = sum(1 for x in stale if x == 0) / max(1, len(stale))
    print(
        f"discord limits: {n} tables x ({humans} scripted human(s) + {4 - humans} normal AIs) "
        f"over {len(guilds)} server(s), default timings, setup {setup_s:.1f} s, warm-up "
        f"{warmup:.0f} s, window {seconds:.0f} s; bot in its own process"
    )
    print(
        f"processor over the window: bot {cpu_bot / seconds:.0%} of a core, harness (fake and "
        f"{sum(len(u) for _, u in seats)} scripted humans) {cpu_me / seconds:.0%}; "
        f"{os.cpu_count()} cores"
    )
    print(
        f"human turns in the window: {run.turns}; requests global-counted {seen.counted}, "
        f"exempt {seen.exempt}; global per second p50="
        f"{percentile([float(x) for x in seen.per_second], 0.5):.0f} p99={p99:.0f} "
        f"max={max(seen.per_second, default=0)}"
    )
    print("requests per human turn, by route:")
    for route, count in sorted(seen.routes.items(), key=lambda kv: -kv[1]):
        print(f"  {count / turns:6.3f}  {route}")
    print(
        f"bot's budget: waited {budget.get('waited')}, peak in one second {budget.get('peak')}, "
        f"boards postponed {budget.get('boards_postponed')}"
    )
    for (route, scope), count in sorted(seen.limited_by.items(), key=lambda kv: -kv[1]):
        print(f"  429 ({scope}): {count} x {route}")
    print(
        f"board at a human's turn prompt ({len(stale)} of {len(boards.turns)} prompts measured): "
        f"complete {complete:.0%}, behind by p50 {s50:.2f} s, p90 {s90:.2f} s, "
        f"max {max(stale, default=0):.2f} s"
    )
    print(f"fake violations: {len(fake.violations)}; driver failures: {len(run.failures)}")
    for line in run.failures[:10]:
        print(f"  {line}")
    print(
        f"discord tables={n} humans_per_table={humans} global_per_turn={per_turn:.2f} "
        f"exempt_per_turn={exempt_per_turn:.2f} global_per_s_p99={p99:.0f} "
        f"limited={seen.limited} turn_wait_s_p50={w50:.2f} p90={w90:.2f} "
        f"board_stale_s_p50={s50:.2f} p90={s90:.2f} board_complete={complete:.2f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables at once (20 per server)")
    parser.add_argument("--humans", type=int, default=1, choices=(1, 2, 3, 4))
    parser.add_argument("--seconds", type=float, default=120.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds before the window")
    parser.add_argument("--serve-bot", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_bot:
        serve_bot_main()
        return
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(measure(args.tables, args.humans, args.seconds, args.warmup))


if __name__ == "__main__":
    main()
