"""Benchmark of the game engine and its AI players (its measured targets).

Three simulated sessions, each through :func:`shangrao_bot.entrypoints.simulate.simulate` (the
same code as ``shangrao-bot simulate``: invariant checks after every action included, one
process, one core):

1. one ``normal`` AI (seat 0) against three ``easy`` AIs, 2,000 hands. Reference: the fair
   share of the won hands, 25 %. Targets: the ``normal`` seat wins at least 60 % of the hands
   that are won, and ends with the best total.
2. four ``normal`` AIs, 2,000 hands: win and 流局 rates and the pattern distribution (reported).
3. speed, from run 2: hands per second (target ≥ 30, ratio printed against it) and the AI
   decision time p50 / p99 (targets under 1 ms and 10 ms), plus the engine alone: the same
   hands replayed from their action lists without AI players or invariant checks.

Seeds are fixed, so every figure but the timings is reproducible. The last line printed is
``engine normal_share=<x> hands_per_sec=<x> decision_us_p50=<x> decision_us_p99=<x>``.
"""

from __future__ import annotations

import random
import sys
import time

from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for
from shangrao_bot.entrypoints.simulate import SimulationReport, simulate
from shangrao_bot.rules.ruleset import RuleSet

HANDS = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
SEED = "bench-engine-1"


def show(title: str, report: SimulationReport) -> None:
    j = report.to_json()
    won = sum(report.wins_by_seat)  # winners: a robbed kong can have several
    print(f"== {title}: {report.hands} hands, AI {','.join(report.ai)}")
    print(
        f"   hands won {report.hands - report.draws} "
        f"({(report.hands - report.draws) / report.hands:.1%}), 流局 {report.draws} "
        f"({j['draw_rate']:.1%}); winners by seat {report.wins_by_seat}"
    )
    print(
        f"   totals {report.totals}; zero-sum {report.zero_sum}; 飞宝 {report.bao_flown}; "
        f"legal wins not taken by seat {report.declined_wins}"
    )
    print(f"   invariant violations {report.invariant_violations}")
    shares = ", ".join(f"{p} {n / max(won, 1):.1%}" for p, n in report.patterns.most_common())
    print(f"   patterns (share of wins): {shares}")
    print(
        f"   {j['hands_per_sec']} hands/s; decision p50 {j['decision_us_p50']} µs, "
        f"p99 {j['decision_us_p99']} µs over {j['decisions']} decisions"
    )


def engine_only(hands: int) -> float:
    """Hands per second of the bare engine: replay recorded action lists (no AI, no checks)."""
    recorded = []
    session = Session(RuleSet(), hands, seeded_source(SEED))

    ais = [make_ai("normal", random.Random(s)) for s in range(4)]
    while not session.over:
        st = session.start_hand()
        while not st.over:
            seat = st.to_act()[0]
            st.apply(ais[seat].choose(view_for(st, seat)))
        recorded.append((st.seed, st.dealer, list(st.actions)))
        session.finish_hand()
    start = time.perf_counter()
    for seed, dealer, actions in recorded:
        HandState.replay(RuleSet(), seed, dealer, actions)
    return hands / (time.perf_counter() - start)


def main() -> None:
    mixed = simulate(HANDS, SEED, ["normal", "easy", "easy", "easy"])
    show("normal vs three easy", mixed)
    won = sum(mixed.wins_by_seat)
    share = mixed.wins_by_seat[0] / won if won else 0.0
    best = mixed.totals[0] == max(mixed.totals)
    print(
        f"   normal seat: {share:.1%} of the wins (reference fair share 25.0%: "
        f"ratio {share / 0.25:.2f}; target ≥ 60%: {'met' if share >= 0.6 else 'MISSED'}); "
        f"best total: {'yes' if best else 'NO'}"
    )
    four = simulate(HANDS, SEED, ["normal"] * 4)
    show("four normal", four)
    j = four.to_json()
    hps = j["hands_per_sec"]
    print(f"   speed: {hps} hands/s against the target 30 (ratio {hps / 30:.2f})")
    print(
        f"   decisions: p50 {j['decision_us_p50']} µs (target < 1000: ratio "
        f"{1000 / max(j['decision_us_p50'], 0.1):.1f}x under), p99 {j['decision_us_p99']} µs "
        f"(target < 10000: {10000 / max(j['decision_us_p99'], 0.1):.1f}x under)"
    )
    bare = engine_only(min(HANDS, 500))
    print(f"   engine alone (replaying recorded hands, no AI, no checks): {bare:.0f} hands/s")
    print(
        f"engine normal_share={share:.3f} hands_per_sec={hps} "
        f"decision_us_p50={j['decision_us_p50']} decision_us_p99={j['decision_us_p99']}"
    )


if __name__ == "__main__":
    main()
