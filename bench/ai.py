"""Benchmark of the AI levels' strength: duplicate-deal arenas
(:mod:`shangrao_bot.entrypoints.arena`, the same code as ``shangrao-bot arena``).

1. ``normal`` against ``easy``, 1,000 deals (each played four times, ``normal`` in every seat
   once). Target: ``normal`` gains points, i.e. the 95 % interval's lower end is above 0.
2. ``hard`` against ``normal``, the same way (same target).
3. ``hard`` against ``hard-v1`` (the first ``hard``, kept as an arena level), 2,000 deals:
   the ranking-driven successor must gain points with the 95 % interval above 0.

The deals are independent, so each arena is played by one process per core and the results
are put back in deal order: every figure but the timings is the same on any machine and with
any number of cores. Decision times are the candidate's ``choose`` calls only, measured in the
worker processes. The last line printed is ``ai hard_vs_previous_hard_pts=<x> ci95_low=<x>
hard_vs_normal_pts=<x> ci95_low=<x> normal_vs_easy_pts=<x> ci95_low=<x> decision_ms_p99=<x>``,
the decision time being ``hard``'s against ``normal``. A first argument sets the deals of the
first two arenas, a second those of the third.
"""

from __future__ import annotations

import os
import sys
import time

from shangrao_bot.entrypoints.arena import ArenaReport, run_arena
from shangrao_bot.rules.ruleset import RuleSet

DEALS = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
PREVIOUS_DEALS = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
SEED = "bench-ai-1"
DECISION_TARGET_MS = 100.0  # the analysis benchmark's p99 target: hard decides by the ranking


def cores() -> int:
    """Cores this process may run on (fewer than the machine's under a CPU affinity mask)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def arena(candidate: str, baseline: str, jobs: int, deals: int = DEALS) -> ArenaReport:
    start = time.perf_counter()
    report = run_arena(candidate, baseline, deals, SEED, RuleSet(), jobs)
    wall = time.perf_counter() - start
    assert report.ci95_low is not None and report.ci95_high is not None
    print(f"== {candidate} vs {baseline}: {report.deals} deals × 4 seats = {report.plays} hands")
    print(
        f"   points per hand {report.points_per_hand:+.3f}, 95% CI "
        f"[{report.ci95_low:+.3f}, {report.ci95_high:+.3f}] (target: lower end > 0: "
        f"{'met' if report.ci95_low > 0 else 'MISSED'}); each {baseline} seat "
        f"{report.baseline_points_per_hand:+.3f}"
    )
    avg = "n/a" if report.avg_win_points is None else f"{report.avg_win_points:+.2f}"
    print(
        f"   {candidate} wins {report.win_rate:.1%} of its hands (each {baseline} seat "
        f"{report.baseline_win_rate:.1%}), average win {avg} points; 飞宝 per hand "
        f"{report.bao_flown_per_hand:.3f}; zero-sum {report.zero_sum}"
    )
    p99 = report.decision_ms_p99
    print(
        f"   {candidate} decisions: p50 {report.decision_ms_p50} ms, p99 {p99} ms over "
        f"{report.decisions} (target p99 < {DECISION_TARGET_MS:g} ms: "
        f"{'met' if p99 < DECISION_TARGET_MS else 'MISSED'})"
    )
    print(
        f"   {wall:.1f} s on {jobs} processes ({report.plays / wall:.0f} hands/s, "
        f"{wall / report.deals * 1000:.0f} ms per deal of four hands)"
    )
    return report


def main() -> None:
    jobs = cores()
    normal = arena("normal", "easy", jobs)
    hard = arena("hard", "normal", jobs)
    previous = arena("hard", "hard-v1", jobs, PREVIOUS_DEALS)
    print(
        f"ai hard_vs_previous_hard_pts={previous.points_per_hand:.3f} "
        f"ci95_low={previous.ci95_low:.3f} "
        f"hard_vs_normal_pts={hard.points_per_hand:.3f} ci95_low={hard.ci95_low:.3f} "
        f"normal_vs_easy_pts={normal.points_per_hand:.3f} ci95_low={normal.ci95_low:.3f} "
        f"decision_ms_p99={hard.decision_ms_p99}"
    )


if __name__ == "__main__":
    main()
