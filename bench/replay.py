"""Benchmark of replays: opening a finished 100-step hand and showing a step, against targets and
against the live table's board as the reference, in one run on a real database file.

The database is made as the bot makes it: a virtual ledger session naming its table, the
table's event log as the table service writes it (every engine event of ``HANDS`` hands played
by four ``normal`` AIs, each followed by its ``hand_recorded``), and each hand recorded in the
ledger. The replayed hand is the first of them with at least ``STEPS`` steps (the log of the
other hands is in the way, as at a long table).

* **open** (target ≤ 1000 ms): what ``/replay`` does before it posts — find the hand through
  the ledger, read the table's log, rebuild the hand by playing the engine again, and draw its
  first step (PNG) — with nothing cached; best of ``REPEATS``.
* **step** (target ≤ 200 ms): what a button press does after its deferral — the replay cached,
  one step's frame drawn (PNG), every step of the hand from the table's view and from one
  seat's; p50 and p90.
* **reference**: the live board of the same steps (:func:`render_board` of the public view,
  what a table posts after every move): ``step / board`` is the cost of the replay's caption and
  face-up hands.
* the animation of the whole hand (GIF), its time and size (Discord's limit: 10 MB).

The last line printed is ``replay open_ms=<x> step_ms_p50=<x> step_ms_p90=<x> steps=<n>
board_ms_p50=<x> ratio_to_board=<x> gif_s=<x> gif_mb=<x>``.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from shangrao_bot.engine.events import Event
from shangrao_bot.engine.hand_records import SEATS
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.persist import rules_to_dict
from shangrao_bot.engine.replay import TABLE, rebuild_hand
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for
from shangrao_bot.render.board import render_board
from shangrao_bot.render.replay import ReplayFrame, render_animation, render_frame
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.service.deferred_effects import event_json
from shangrao_bot.service.recording import BOT_ACTOR, hand_in
from shangrao_bot.service.replay import LoadedReplay, load_replay
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.store.ledger import guest_player, open_session, record_hand

GUILD, CHANNEL = 1, 2
STEPS = 100
HANDS = 16  # a long table: the replayed hand's log sits among the others'
REPEATS = 5
OPEN_MS, STEP_MS = 1000.0, 200.0


Played = tuple[HandState, list[Event]]


def play(seed: int) -> Played:
    """An AI-played hand and its engine events, as the table logs them."""
    state = HandState(RuleSet(), seed=seed.to_bytes(32, "big"), dealer=seed % SEATS)
    ais = [make_ai("normal", random.Random(seed * 10 + s)) for s in range(SEATS)]
    events = list(state.start_events)
    while not state.over:
        seat = state.to_act()[0]
        events += state.apply(ais[seat].choose(view_for(state, seat)))
    return state, events


def long_hands() -> list[Played]:
    """``HANDS`` hands, the first of ``STEPS`` steps or more (an exhausted wall, usually)."""
    seed = 0
    while True:
        seed += 1
        state, events = play(seed)
        if len(rebuild_hand(state.rules, state.seed, state.dealer, events)) >= STEPS:
            break
    return [(state, events)] + [play(1000 + n) for n in range(HANDS - 1)]


async def fill(db: Database, hands: list[Played]) -> int:
    """The table, its log and its ledger hands; the replayed hand's ledger id."""
    players = [await guest_player(db, GUILD, f"AI {s + 1}") for s in range(SEATS)]
    table = await games.create_table(db, GUILD, CHANNEL)
    rules = {**rules_to_dict(RuleSet()), "hands": len(hands), "table": table.id}
    session = await open_session(
        db, GUILD, CHANNEL, "virtual", rules, 1, BOT_ACTOR, [p.id for p in players]
    )
    first = 0
    for n, (state, events) in enumerate(hands, start=1):
        recorded = await record_hand(
            db, GUILD, session.id, hand_in(state, n), BOT_ACTOR, confirmed=True
        )
        log = [event_json(e, n) for e in events]
        log.append(
            {"type": "table", "what": "hand_recorded", "hand": n, "ledger_hand": recorded.id}
        )
        await games.append_events(db, table.id, log, None)
        first = first or recorded.id
    return first


def frame(loaded: LoadedReplay, index: int, seat: int | None) -> ReplayFrame:
    replay = loaded.replay
    step = replay.step(index)
    shown = replay.shown_hands(index, TABLE if seat is None else seat)
    return ReplayFrame(step.public, shown, loaded.source.hand_id, index, len(replay), seat)


async def main() -> None:
    start = time.perf_counter()
    hands = long_hands()
    with tempfile.TemporaryDirectory() as folder:
        db = await open_ledger(f"sqlite:///{Path(folder) / 'bench.db'}")
        try:
            hand_id = await fill(db, hands)
            render_board(view_for(hands[0][0], 0).public)  # sprites drawn once per process
            open_times: list[float] = []
            loaded: LoadedReplay | None = None
            for _ in range(REPEATS):
                t0 = time.perf_counter()
                loaded = await load_replay(db, GUILD, hand_id)
                render_frame(frame(loaded, 0, None))
                open_times.append((time.perf_counter() - t0) * 1000)
        finally:
            await db.close()
    assert loaded is not None
    steps = len(loaded.replay)
    print(f"== hand #{hand_id}: {steps} steps, among {HANDS} hands of one table's log")
    step_times: list[float] = []
    board_times: list[float] = []
    for index in range(steps):
        for seat in (None, index % SEATS):
            t0 = time.perf_counter()
            render_frame(frame(loaded, index, seat))
            step_times.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        render_board(loaded.replay.step(index).public)
        board_times.append((time.perf_counter() - t0) * 1000)
    open_ms = min(open_times)
    step_p50 = statistics.median(step_times)
    step_p90 = statistics.quantiles(step_times, n=10)[-1]
    board_p50 = statistics.median(board_times)
    print(
        f"   open (ledger, log, rebuild, first frame): best {open_ms:.0f} ms of {REPEATS} "
        f"(target ≤ {OPEN_MS:.0f} ms: ratio {open_ms / OPEN_MS:.2f})"
    )
    print(
        f"   step frame: p50 {step_p50:.1f} ms, p90 {step_p90:.1f} ms over {len(step_times)} "
        f"(target ≤ {STEP_MS:.0f} ms: ratio {step_p90 / STEP_MS:.2f})"
    )
    print(
        f"   reference, the live board of the same steps: p50 {board_p50:.1f} ms "
        f"(step / board: ratio {step_p50 / board_p50:.2f})"
    )
    t0 = time.perf_counter()
    gif = render_animation([frame(loaded, i, None) for i in range(steps)])
    gif_s = time.perf_counter() - t0
    gif_mb = len(gif) / 1_000_000
    print(f"   animation: {gif_s:.1f} s, {gif_mb:.2f} MB (limit 10 MB: ratio {gif_mb / 10.49:.2f})")
    print(f"   total bench time {time.perf_counter() - start:.1f} s")
    print(
        f"replay open_ms={open_ms:.0f} step_ms_p50={step_p50:.1f} step_ms_p90={step_p90:.1f} "
        f"steps={steps} board_ms_p50={board_p50:.1f} ratio_to_board={step_p50 / board_p50:.2f} "
        f"gif_s={gif_s:.1f} gif_mb={gif_mb:.2f}"
    )


if __name__ == "__main__":
    asyncio.run(main())
