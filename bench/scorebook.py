"""Benchmark of scorekeeping at a physical table, through the scorebook service on a
real SQLite file — what one ``/score`` command and one Confirm press cost the bot before it
answers Discord.

A session of four players records ``N`` hands (default 300). Measured (p50 and p99 over the
hands):

* ``preview_tiles``: parse a typed hand, score it with the rules core (in a worker thread, as
  the bot does) and record it pending — the work of ``/score tiles`` in a session;
* ``preview_quick``: the same from a pattern and flags (``/score quick``);
* ``confirm``: a seated player's confirmation that makes the hand count;
* ``scoreboard``: the live scoreboard's data for the session with all its hands;
* ``card``: the result card image of a typed hand (Pillow; the bot draws it in a worker thread
  before it answers, so a preview's answer costs ``preview`` + ``card``).

The reference, measured in the same run, is the ledger alone: :func:`record_hand` of the same
hand (what any scorekeeping must pay to store it); each figure is printed with its ratio to it.
The last line is exactly
``scorebook hands=<n> preview_ms=<p50> card_ms=<p50> confirm_ms=<p50> scoreboard_ms=<p50>
record_ms=<p50>`` (one line).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path

from shangrao_bot.render.result import render_score
from shangrao_bot.rules.tiles import parse_tile
from shangrao_bot.service.hand_recording import hand_in
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger import record_hand

HANDS = int(sys.argv[1]) if len(sys.argv) > 1 else 300
CARDS = 60  # result cards drawn (the first hands): enough for a stable median
ALICE, BOB = Actor(1, "Alice"), Actor(2, "Bob")
HANDS_TYPED = [  # (hand, win, bao): 宝吊头, a clean 七对, 十三浪, a 碰碰胡 with two 宝
    ("123m4p5m6p777s111z5m9s", "9s", "5m"),
    ("1122m3344p5566s77z", "7z", "9m"),
    ("147m258p369s1234z5z", "5z", "9m"),
    ("111m222p777s9s9s5m11z", "9s", "5m"),
]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def timed(work: Awaitable[object]) -> float:
    """Milliseconds until ``work`` (a coroutine, not started yet) is done."""
    start = time.perf_counter()
    await work
    return (time.perf_counter() - start) * 1000


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = await open_database(Path(tmp) / "bench.db")
        # identical hands back to back are not double submits here
        book = ScoreBook(db, dedupe_seconds=0)
        roster = [RosterEntry("", 1), RosterEntry("", 2), RosterEntry("Wang"), RosterEntry("Li")]
        info = await book.start(7, 7, ALICE, roster, {1: "Alice", 2: "Bob"})
        tiles_ms, quick_ms, confirm_ms, record_ms, board_ms = [], [], [], [], []
        card_ms: list[float] = []
        for i in range(HANDS):
            hand, win, bao = HANDS_TYPED[i % len(HANDS_TYPED)]
            start = time.perf_counter()
            preview = await book.preview_tiles(7, 7, ALICE, hand=hand, win=win, bao=bao)
            tiles_ms.append((time.perf_counter() - start) * 1000)
            if i < CARDS:
                start = time.perf_counter()
                render_score(
                    preview.result, bao=parse_tile(bao), winning_tile=parse_tile(win), first_seat=1
                )
                card_ms.append((time.perf_counter() - start) * 1000)
            assert preview.hand is not None
            confirm_ms.append(await timed(book.confirm(7, preview.hand.id, BOB)))
            quick = book.preview_quick(
                7, 7, ALICE, winner=str(1 + i % 4), pattern="碰碰胡", flown="2:1"
            )
            quick_ms.append(await timed(quick))
            record = hand_in(preview.result, 0, preview.how, (0, 0, 0, 0), 0, {})
            record_ms.append(await timed(record_hand(db, 7, info.id, record, 1, confirmed=True)))
            if i % 10 == 9:
                board_ms.append(await timed(book.scoreboard(info)))
        await db.close()
    ref = statistics.median(record_ms)
    figures = [
        ("preview_tiles", tiles_ms),
        ("preview_quick", quick_ms),
        ("confirm", confirm_ms),
        ("scoreboard", board_ms),
        ("card", card_ms),
        ("record_hand (reference)", record_ms),
    ]
    for name, values in figures:
        p50 = statistics.median(values)
        print(
            f"{name:<24} p50={p50:7.2f} ms  p99={pct(values, 0.99):7.2f} ms  "
            f"ratio to record_hand={p50 / ref:5.2f}"
        )
    print(
        f"scorebook hands={HANDS} preview_ms={statistics.median(tiles_ms):.2f}"
        f" card_ms={statistics.median(card_ms):.2f}"
        f" confirm_ms={statistics.median(confirm_ms):.2f}"
        f" scoreboard_ms={statistics.median(board_ms):.2f} record_ms={ref:.2f}"
    )


if __name__ == "__main__":
    asyncio.run(main())
