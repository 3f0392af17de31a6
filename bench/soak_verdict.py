"""The soak benchmark's judgement (``bench/soak.py`` describes the targets and why they are
judged so): read a finished soak's files back, print every target with its figures and the
summary line, and draw the chart (``bench/soak_chart.py``)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean, median
from typing import Any

from soak_chart import Fit, draw
from soak_probe import Sample, read_samples
from table_drivers import percentile

BLOCK = 10  # measured minutes compared at each end (a third of a shorter soak)
BURST_S = 30.0  # after a restart's bot is back, its resumed tables still move in step
RSS_GROWTH_PCT = 2.0
UPDATE_GROWTH = 0.20
TASKS_ALLOWANCE, FILES_ALLOWANCE, FILES_SHARE, THREADS_ALLOWANCE = 10, 10, 0.10, 2


@dataclass
class RestartFacts:
    """A restart of the bot (seconds counted from the moment every table had started)."""

    signal: str  # "sigterm" or "sigkill"
    at_s: float
    stopped_s: float = math.nan  # the signal to the process's end
    back_s: float = math.nan  # the signal to the new process being ready
    back_at_s: float = math.nan
    resumed: int = 0  # tables that moved again after the bot was back
    resumed_s: float = math.nan  # the bot back to the last of them moving
    failed: str = ""  # why the bot did not come back

    def minute(self) -> int:
        return int(self.at_s // 60) + 1

    def gap_minutes(self) -> set[int]:
        """The minutes that overlap the restart: the signal to :data:`BURST_S` after the bot
        is back."""
        end = self.back_at_s if math.isfinite(self.back_at_s) else self.at_s + 120
        return set(range(self.minute(), int((end + BURST_S) // 60) + 2))

    def describe(self, players: int) -> str:
        if self.failed:
            return f"{self.signal.upper()} at minute {self.at_s / 60:.1f}: {self.failed}"
        return (
            f"{self.signal.upper()} at minute {self.at_s / 60:.1f}: the process ended in "
            f"{self.stopped_s:.1f} s, the bot was ready again {self.back_s:.1f} s after the "
            f"signal, {self.resumed}/{players} tables moved again within "
            f"{self.resumed_s:.1f} s of that"
        )


@dataclass
class SoakRun:
    """A finished soak's files, read back."""

    out: Path
    facts: dict[str, Any]
    samples: list[Sample]
    updates: dict[int, list[float]]
    restarts: list[RestartFacts] = field(default_factory=list)

    @classmethod
    def load(cls, out: Path) -> SoakRun:
        facts = json.loads((out / "soak.json").read_text())
        updates = json.loads((out / "soak-updates.json").read_text())
        return cls(
            out,
            facts,
            read_samples(out / "soak.csv"),
            {int(m): v for m, v in updates.items()},
            [RestartFacts(**r) for r in facts["restarts"]],
        )

    @property
    def warmup(self) -> int:
        return int(self.facts["warmup"])

    @property
    def minutes(self) -> int:
        return int(self.facts["minutes"])

    def block(self) -> int:
        return min(BLOCK, max(1, self.minutes // 3))

    def first_block(self) -> range:
        return range(self.warmup + 1, self.warmup + self.block() + 1)

    def last_block(self) -> range:
        end = self.warmup + self.minutes
        return range(end - self.block() + 1, end + 1)

    def at(self, minute: int) -> Sample | None:
        return next((s for s in self.samples if s.minute == minute), None)

    def within(self, minutes: range) -> list[Sample]:
        return [s for s in self.samples if s.minute in minutes]

    def gap_minutes(self) -> set[int]:
        return set().union(*(r.gap_minutes() for r in self.restarts))


def pair_slopes(points: list[tuple[float, float]]) -> list[float]:
    """The slope between every two points of different x."""
    return [
        (y2 - y1) / (x2 - x1)
        for i, (x1, y1) in enumerate(points)
        for x2, y2 in points[i + 1 :]
        if x2 != x1
    ]


def median_slope(groups: list[list[tuple[float, float]]]) -> float:
    """One slope for several groups of points, each group with its own level: the median of
    the slopes between every two points of the same group (Theil and Sen's estimator). A
    steady growth raises every pair's slope; a one-off step (a cache filled, the allocator
    taking a new arena) only the pairs across it, so it barely moves the median, where a
    least squares fit would spread it over every hand. NaN without a pair."""
    slopes = [slope for points in groups for slope in pair_slopes(points)]
    return median(slopes) if slopes else math.nan


def settled_stretches(run: SoakRun) -> list[list[Sample]]:
    """The measured samples of each process once it had run ``--warmup`` minutes, by
    process, in order."""
    stretches: list[list[Sample]] = []
    for s in run.samples:
        if s.phase != "measured" or s.process_age_s < run.warmup * 60 or math.isnan(s.rss_mb):
            continue
        if stretches and stretches[-1][0].pid == s.pid:
            stretches[-1].append(s)
        else:
            stretches.append([s])
    return stretches


def mean_of(samples: list[Sample], key: str) -> float:
    values = [getattr(s, key) for s in samples]
    return fmean(values) if values else math.nan


def judge_rss(run: SoakRun) -> tuple[dict[str, float], list[Fit], list[str]]:
    first, last = run.within(run.first_block()), run.within(run.last_block())
    rss_first, rss_last = mean_of(first, "rss_mb"), mean_of(last, "rss_mb")
    stretches = settled_stretches(run)
    slope = median_slope([[(s.hands_total, s.rss_mb) for s in st] for st in stretches])
    between = mean_of(last, "hands_total") - mean_of(first, "hands_total")
    growth = 100 * slope * between / rss_first
    lines, fits = [], []
    for st in stretches:
        own = median_slope([[(s.hands_total, s.rss_mb) for s in st]])
        per_min = median_slope([[(s.minute, s.rss_mb) for s in st]])
        hands = st[-1].hands_total - st[0].hands_total
        lines.append(
            f"  process {st[0].pid}, minutes {st[0].minute}-{st[-1].minute} "
            f"({len(st)} samples): {st[0].rss_mb:.1f} -> {st[-1].rss_mb:.1f} MB over {hands} "
            f"hands = {_kb_per_hand(st[-1].rss_mb - st[0].rss_mb, hands)} KB per hand; "
            f"median slope {own * 1024:.1f} KB per hand, {per_min:.2f} MB per minute"
        )
        fits.append(Fit(st[0].minute, st[-1].minute, st[0].hands_total, st[-1].hands_total, st))
    figures = {
        "first": rss_first,
        "last": rss_last,
        "slope_kb": slope * 1024,
        "between": between,
        "growth": growth,
    }
    return figures, fits, lines


def _kb_per_hand(mb: float, hands: int) -> str:
    return f"{mb * 1024 / hands:.1f}" if hands else "n/a"


def pooled_updates(run: SoakRun, minutes: range) -> list[float]:
    left_out = run.gap_minutes()
    return [ms for m in minutes if m not in left_out for ms in run.updates.get(m, [])]


def judge_back(run: SoakRun, key: str, allowance: float) -> tuple[int, int, list[int], bool]:
    """The warm-up's last sample, the soak's last, every block's last, and whether each block's
    last is within ``allowance`` of the warm-up's."""
    warm = run.at(run.warmup)
    ends = list(range(run.warmup + run.block(), run.warmup + run.minutes + 1, run.block()))
    if run.warmup + run.minutes not in ends:
        ends.append(run.warmup + run.minutes)
    values = [int(getattr(s, key)) for m in ends if (s := run.at(m)) is not None]
    base = int(getattr(warm, key)) if warm is not None else -1
    ok = base >= 0 and bool(values) and all(0 <= v <= base + allowance for v in values)
    return base, values[-1] if values else -1, values, ok


def status(ok: bool | None) -> str:
    return "n/a (too few samples)" if ok is None else "met" if ok else "NOT met"


def print_run(run: SoakRun) -> int:
    """The run's circumstances: the restarts, the hands, the drivers' incidents. Returns the
    hands finished in the measured time."""
    facts, n, gaps = run.facts, int(run.facts["tables"]), sorted(run.gap_minutes())
    hands = sum(s.hands for s in run.samples if s.phase == "measured")
    low, high = facts.get("hands_per_table", (4, 8))
    print(
        f"soak: {n} tables (3 normal AIs and 1 scripted human each, {low}-{high} hands a table), "
        f"warm-up {run.warmup} min, measured {run.minutes} min, blocks of {run.block()} min; "
        f"bot code {facts['code']}"
    )
    for i, r in enumerate(run.restarts, 1):
        print(f"restart {i}: {r.describe(n)}")
    print(
        f"hands: {hands} in the measured time ({hands / run.minutes:.1f} per minute), "
        f"{sum(s.hands for s in run.samples)} in all; tables opened {facts['tables_opened']}, "
        f"finished {facts['tables_finished']}, ended after a stall {facts['tables_abandoned']}"
    )
    kinds: dict[str, int] = {}
    in_gaps = 0
    for minute, counts in facts["incidents"].items():
        for kind, count in counts.items():
            kinds[kind] = kinds.get(kind, 0) + count
            in_gaps += count if int(minute) in gaps else 0
    print(
        f"drivers: incidents {sum(kinds.values())} ({in_gaps} in the restarts' minutes "
        f"{gaps}): " + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none")
    )
    print(
        f"drivers: crashes {len(facts['crashes'])}; fake violations {facts['fake_violations']} "
        f"(interactions not acknowledged while the bot was down among them); unplanned bot "
        f"exits {len(facts['unplanned_exits'])}"
    )
    for line in facts["crashes"][:10]:
        print(f"  crash: {line}")
    return hands


def report(out: Path) -> None:
    """Print the judgement of the soak in ``out`` and draw its chart."""
    run = SoakRun.load(out)
    n, block, gaps = int(run.facts["tables"]), run.block(), sorted(run.gap_minutes())
    hands = print_run(run)

    rss, fits, stretch_lines = judge_rss(run)
    rss_ok = None if math.isnan(rss["growth"]) else rss["growth"] < RSS_GROWTH_PCT
    print(
        f"RSS: mean of the first {block} min {rss['first']:.1f} MB, of the last {block} min "
        f"{rss['last']:.1f} MB (a restart between them: not a process compared with itself)"
    )
    print(f"RSS in the stretches without a restart, each process after its first {run.warmup} min:")
    for line in stretch_lines:
        print(line)
    print(
        f"RSS growth: {rss['slope_kb']:.1f} KB per hand (the median slope over the stretches) "
        f"x {rss['between']:.0f} hands between the blocks' middles = "
        f"{rss['growth']:.2f} % of {rss['first']:.1f} MB: target < {RSS_GROWTH_PCT:g} %: "
        f"{status(rss_ok)}"
    )

    first_upd = pooled_updates(run, run.first_block())
    last_upd = pooled_updates(run, run.last_block())
    p_first, p_last = percentile(first_upd, 0.99), percentile(last_upd, 0.99)
    change = p_last / p_first - 1
    upd_ok = None if math.isnan(change) else change <= UPDATE_GROWTH
    print(
        f"update p99 (minutes {gaps} left out): first {block} min {p_first:.1f} ms "
        f"({len(first_upd)} moves), last {block} min {p_last:.1f} ms ({len(last_upd)} moves): "
        f"{change * 100:+.1f} %: target within {UPDATE_GROWTH * 100:.0f} %: {status(upd_ok)}"
    )
    loads = [[s.load1 for s in run.within(b)] for b in (run.first_block(), run.last_block())]
    print(
        "the machine's load average (1 min) meanwhile: "
        + "; ".join(
            f"{name} {block} min mean {fmean(v):.2f}, max {max(v):.2f}"
            for name, v in zip(("first", "last"), loads, strict=True)
            if v
        )
    )

    warm = run.at(run.warmup)
    files_allowance = max(FILES_ALLOWANCE, round(FILES_SHARE * warm.files) if warm else 0)
    allowances = {
        "tasks": (max(n, TASKS_ALLOWANCE), f"one per table, at least {TASKS_ALLOWANCE}"),
        "files": (files_allowance, f"{FILES_ALLOWANCE}, or {FILES_SHARE:.0%} when more"),
        "threads": (THREADS_ALLOWANCE, "thread pools"),
    }
    judged: dict[str, tuple[int, int]] = {}
    back_ok = True
    for key, (allowance, why) in allowances.items():
        base, last, ends, ok = judge_back(run, key, allowance)
        judged[key] = (base, last)
        back_ok = back_ok and ok
        print(
            f"{key}: the warm-up's last sample {base}; each {block}-min block's last {ends}: "
            f"at most {base + allowance} ({why}): {status(ok)}"
        )
    resumed_ok = all(r.resumed == n for r in run.restarts)
    print(f"every table moved again after each restart: {'yes' if resumed_ok else 'NO'}")
    draw(out / "soak.png", run.samples, run.warmup, run.restarts, fits, rss["slope_kb"])
    verdicts = [rss_ok, upd_ok, back_ok, resumed_ok and not run.facts["crashes"]]
    overall = "NOT met" if False in verdicts else "not all judged" if None in verdicts else "met"
    print(f"targets: {overall}; files: {out / 'soak.csv'}, {out / 'soak.png'}")
    print(
        f"soak tables={n} minutes={run.minutes} rss_first10_mb={rss['first']:.1f} "
        f"rss_last10_mb={rss['last']:.1f} rss_growth_pct={rss['growth']:.2f} (target < 2) "
        f"update_p99_first10_ms={p_first:.1f} update_p99_last10_ms={p_last:.1f} "
        f"(target within 20%) tasks_warm={judged['tasks'][0]} tasks_last={judged['tasks'][1]} "
        f"files_warm={judged['files'][0]} files_last={judged['files'][1]} "
        f"threads_warm={judged['threads'][0]} threads_last={judged['threads'][1]} "
        f"hands={hands} restarts={len(run.restarts)} rss_kb_per_hand={rss['slope_kb']:.1f}"
    )
