"""Benchmark of the image renderer against its targets.

Views come from AI-played hands with fixed seeds: every 8th action of six hands plus their
ends, so boards range from the deal to a full table with every hand revealed. Each image is
rendered once to warm the sprite cache (the bot's steady state: sprites are drawn once per
process), then timed ``REPEAT`` times; p50 is the median over all renders. The images are drawn
at the size Discord shows them at, twice over (a board 1100 px wide, a card 800 px).

The private panel (her hand over the whole table) is drawn as the bot draws it: every seat's
panel, with its waits, after every action of ``PANEL_HANDS`` hands, in order, so the parts a
picture worker keeps from one move to the next (her hand, the bands of the seats that did not
move) are reused as they would be; and drawn from nothing (no part kept; the sprites drawn), at
the same views as the hands.

Targets (one core of this 2-core machine): board ≤ 40 ms, private hand ≤ 15 ms, private panel
≤ 40 ms (the board's: it shows as much), result card ≤ 30 ms, running-totals chart and
leaderboard ≤ 80 ms, board and panel PNG ≤ 400 KB (the largest is reported); each figure is
printed with its ratio to the target. The last line printed is ``render board_ms=<p50>
hand_ms=<p50> board_kb=<size> panel_ms=<p50> panel_kb=<size>`` (the panel's at every move).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from shangrao_bot.engine.hand_records import SEATS
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, PublicView, public_view, view_for
from shangrao_bot.render import (
    render_board,
    render_hand,
    render_leaderboard,
    render_panel,
    render_result,
    render_running_totals,
    waits_for,
)
from shangrao_bot.render.hand import Wait
from shangrao_bot.render.panel import clear_kept_parts
from shangrao_bot.render.samples import leaderboard_rows
from shangrao_bot.render.tiles import sprite
from shangrao_bot.rules.ruleset import RuleSet

REPEAT = int(sys.argv[1]) if len(sys.argv) > 1 else 5
HANDS = 6
PANEL_HANDS = 4
BOARD_MS, HAND_MS, BOARD_KB = 40.0, 15.0, 400.0
PANEL_MS, PANEL_KB = BOARD_MS, BOARD_KB
CARD_MS, CHART_MS = 30.0, 80.0


def collect() -> tuple[list[PublicView], list[PlayerView], list[HandState]]:
    boards: list[PublicView] = []
    hands: list[PlayerView] = []
    finished: list[HandState] = []
    for n in range(HANDS):
        state = HandState(RuleSet(), seed=bytes([n + 1]) * 32, dealer=n % SEATS)
        ais = [make_ai("normal", random.Random(n * 10 + s)) for s in range(SEATS)]
        step = 0
        while not state.over:
            seat = state.to_act()[0]
            state.apply(ais[seat].choose(view_for(state, seat)))
            step += 1
            if step % 8 == 0 and not state.over:
                boards.append(public_view(state))
                hands.append(view_for(state, state.to_act()[0]))
        boards.append(public_view(state))
        finished.append(state)
    return boards, hands, finished


def every_move(hands: int) -> list[tuple[PlayerView, list[Wait] | None]]:
    """Every seat's view and waits after every action of ``hands`` AI-played hands, in order:
    the panels a table of four humans would be shown."""
    out: list[tuple[PlayerView, list[Wait] | None]] = []
    for n in range(hands):
        state = HandState(RuleSet(), seed=bytes([n + 101]) * 32, dealer=n % SEATS)
        ais = [make_ai("normal", random.Random(n * 10 + 1000 + s)) for s in range(SEATS)]
        while not state.over:
            seat = state.to_act()[0]
            state.apply(ais[seat].choose(view_for(state, seat)))
            if not state.over:
                views = [view_for(state, s) for s in range(SEATS)]
                out += [(v, waits_for(v)) for v in views]
    return out


def drawn_from_nothing(view: PlayerView) -> bytes:
    clear_kept_parts()
    return render_panel(view)


def timed(fn: Callable[[], bytes]) -> tuple[list[float], int]:
    fn()  # warm: sprites for this view
    times = []
    size = 0
    for _ in range(REPEAT):
        start = time.perf_counter()
        size = len(fn())
        times.append((time.perf_counter() - start) * 1000)
    return times, size


def main() -> None:
    start = time.perf_counter()
    boards, hands, finished = collect()
    print(f"== {len(boards)} boards and {len(hands)} hands from {HANDS} AI-played hands")
    cold = time.perf_counter()
    sprite.cache_clear()
    render_board(boards[len(boards) // 2])
    print(
        f"   first board of a process (sprites drawn): {(time.perf_counter() - cold) * 1000:.0f} ms"
    )
    board_times: list[float] = []
    board_sizes: list[int] = []
    for view in boards:
        times, size = timed(partial(render_board, view))
        board_times += times
        board_sizes.append(size)
    hand_times: list[float] = []
    waits_times: list[float] = []
    for pv in hands:
        times, _ = timed(partial(render_hand, pv))
        hand_times += times
        w = waits_for(pv)
        if w is not None:
            times, _ = timed(partial(render_hand, pv, w))
            waits_times += times
    panel_cold: list[float] = []
    for pv in hands:
        times, _ = timed(partial(drawn_from_nothing, pv))
        panel_cold += times
    moves = every_move(PANEL_HANDS)
    clear_kept_parts()
    panel_times: list[float] = []
    panel_sizes: list[int] = []
    for pv, w in moves:
        start_panel = time.perf_counter()
        png = render_panel(pv, w)
        panel_times.append((time.perf_counter() - start_panel) * 1000)
        panel_sizes.append(len(png))
    card_times: list[float] = []
    for st in finished:
        assert st.result is not None
        times, _ = timed(partial(render_result, st.result, dealer=st.dealer, bao=st.bao))
        card_times += times
    deltas = [st.result.deltas for st in finished if st.result is not None] * 4
    chart_times, _ = timed(partial(render_running_totals, deltas))
    board_ms = statistics.median(board_times)
    hand_ms = statistics.median(hand_times)
    board_kb = max(board_sizes) / 1024
    p90 = statistics.quantiles(board_times, n=10)[-1]
    print(
        f"   board: p50 {board_ms:.1f} ms, p90 {p90:.1f} ms over {len(board_times)} renders "
        f"(target ≤ {BOARD_MS:.0f} ms: ratio {board_ms / BOARD_MS:.2f})"
    )
    print(
        f"   board PNG: p50 {statistics.median(board_sizes) / 1024:.0f} KB, largest "
        f"{board_kb:.0f} KB (target ≤ {BOARD_KB:.0f} KB: ratio {board_kb / BOARD_KB:.2f})"
    )
    print(
        f"   hand: p50 {hand_ms:.1f} ms over {len(hand_times)} renders "
        f"(target ≤ {HAND_MS:.0f} ms: ratio {hand_ms / HAND_MS:.2f})"
    )
    if waits_times:
        print(f"   hand with waits overlay: p50 {statistics.median(waits_times):.1f} ms")
    panel_ms = statistics.median(panel_times)
    panel_kb = max(panel_sizes) / 1024
    panel_p90 = statistics.quantiles(panel_times, n=10)[-1]
    print(
        f"   panel at every move (each seat's, its waits, parts kept): p50 {panel_ms:.1f} ms, "
        f"p90 {panel_p90:.1f} ms over {len(panel_times)} renders "
        f"(target ≤ {PANEL_MS:.0f} ms: ratio {panel_ms / PANEL_MS:.2f})"
    )
    cold_ms = statistics.median(panel_cold)
    print(
        f"   panel drawn from nothing (no part kept): p50 {cold_ms:.1f} ms over "
        f"{len(panel_cold)} renders (target ≤ {PANEL_MS:.0f} ms: ratio {cold_ms / PANEL_MS:.2f})"
    )
    print(
        f"   panel PNG: p50 {statistics.median(panel_sizes) / 1024:.0f} KB, largest "
        f"{panel_kb:.0f} KB (target ≤ {PANEL_KB:.0f} KB: ratio {panel_kb / PANEL_KB:.2f})"
    )
    card_ms = statistics.median(card_times)
    print(
        f"   result card: p50 {card_ms:.1f} ms "
        f"(target ≤ {CARD_MS:.0f} ms: ratio {card_ms / CARD_MS:.2f})"
    )
    chart_ms = statistics.median(chart_times)
    print(
        f"   running-totals chart ({len(deltas)} hands): p50 {chart_ms:.1f} ms "
        f"(target ≤ {CHART_MS:.0f} ms: ratio {chart_ms / CHART_MS:.2f})"
    )
    board_rows = leaderboard_rows("bench", sessions=4)
    rows_times, _ = timed(partial(render_leaderboard, board_rows[:15]))
    rows_ms = statistics.median(rows_times)
    print(
        f"   leaderboard (15 rows): p50 {rows_ms:.1f} ms "
        f"(target ≤ {CHART_MS:.0f} ms: ratio {rows_ms / CHART_MS:.2f})"
    )
    print(f"   total bench time {time.perf_counter() - start:.1f} s")
    print(
        f"render board_ms={board_ms:.1f} hand_ms={hand_ms:.1f} board_kb={board_kb:.0f} "
        f"panel_ms={panel_ms:.1f} panel_kb={panel_kb:.0f}"
    )


if __name__ == "__main__":
    main()
