"""``shangrao-bot simulate``: AI players play a session; report outcomes, invariants and speed.

Every action is followed by the engine's invariant check
(:func:`~shangrao_bot.engine.invariants.check_hand`) and every hand by the session's, so a
simulation is also a test: the report counts violations.
Decision times are measured around each AI ``choose`` call only.
"""

from __future__ import annotations

import random
import secrets
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.ai import Player
from shangrao_bot.engine.hand_records import SEATS
from shangrao_bot.engine.invariants import check_hand
from shangrao_bot.engine.levels import AI_LEVELS, make_ai
from shangrao_bot.engine.session import Session, seeded_source
from shangrao_bot.engine.views import view_for
from shangrao_bot.rules.ruleset import RuleSet


def parse_levels(text: str) -> list[str]:
    """``normal`` (all four seats) or four comma-separated levels, seat 0 first."""
    levels = [x.strip().lower() for x in text.split(",") if x.strip()]
    if len(levels) == 1:
        levels *= SEATS
    if len(levels) != SEATS:
        raise ValueError(
            f"--ai '{text}': give one level for every seat or four levels, "
            "e.g. normal,easy,easy,easy"
        )
    for lv in levels:
        if lv not in AI_LEVELS:
            raise ValueError(
                f"--ai '{text}': '{lv}' is not an AI level: use {' or '.join(AI_LEVELS)}"
            )
    return levels


@dataclass
class SimulationReport:
    hands: int
    seed: str
    preset: str
    ai: list[str]
    draws: int = 0
    patterns: Counter[str] = field(default_factory=Counter)
    wins_by_seat: list[int] = field(default_factory=lambda: [0] * SEATS)
    totals: list[int] = field(default_factory=lambda: [0] * SEATS)
    invariant_violations: int = 0
    violations_sample: list[str] = field(default_factory=list)
    zero_sum: bool = True
    bao_flown: int = 0  # 飞宝 over all seats and hands
    # legal wins not taken, per seat: 偷机 for normal AIs, random choice for easy ones
    declined_wins: list[int] = field(default_factory=lambda: [0] * SEATS)
    seconds: float = 0.0
    decisions_ns: list[int] = field(default_factory=list)

    def percentile_us(self, q: float) -> float:
        if not self.decisions_ns:
            return 0.0
        ordered = sorted(self.decisions_ns)
        i = min(len(ordered) - 1, int(q * len(ordered)))
        return round(ordered[i] / 1000, 1)

    def to_json(self) -> dict[str, Any]:
        won = sum(self.wins_by_seat)
        return {
            "hands": self.hands,
            "seed": self.seed,
            "preset": self.preset,
            "ai": self.ai,
            "draws": self.draws,
            "draw_rate": round(self.draws / self.hands, 4) if self.hands else 0.0,
            "patterns": dict(self.patterns.most_common()),
            "wins_by_seat": self.wins_by_seat,
            "win_share_by_seat": [round(w / won, 4) if won else 0.0 for w in self.wins_by_seat],
            "totals": self.totals,
            "invariant_violations": self.invariant_violations,
            "violations_sample": self.violations_sample,
            "zero_sum": self.zero_sum,
            "bao_flown": self.bao_flown,
            "declined_wins": self.declined_wins,
            "hands_per_sec": round(self.hands / self.seconds, 1) if self.seconds else 0.0,
            "decisions": len(self.decisions_ns),
            "decision_us_p50": self.percentile_us(0.5),
            "decision_us_p99": self.percentile_us(0.99),
        }

    def to_text(self) -> str:
        j = self.to_json()
        lines = [
            f"{self.hands} hands, preset {self.preset}, AI {', '.join(self.ai)}, seed {self.seed}",
            f"流局 (draws): {self.draws} ({j['draw_rate']:.1%})",
            "wins by seat: " + ", ".join(f"seat {s}: {w}" for s, w in enumerate(self.wins_by_seat)),
            "totals: " + ", ".join(f"seat {s}: {t:+d}" for s, t in enumerate(self.totals)),
            "patterns: " + ", ".join(f"{p} {n}" for p, n in self.patterns.most_common()),
            f"飞宝: {self.bao_flown}; legal wins not taken, by seat: {self.declined_wins}",
            f"invariant violations: {self.invariant_violations}; zero-sum: {self.zero_sum}",
            f"{j['hands_per_sec']} hands/s; AI decision p50 {j['decision_us_p50']} µs, "
            f"p99 {j['decision_us_p99']} µs over {j['decisions']} decisions",
        ]
        return "\n".join(lines)


def simulate(
    hands: int,
    seed: str | None = None,
    levels: Sequence[str] = ("normal",) * SEATS,
    rules: RuleSet | None = None,
) -> SimulationReport:
    """Play ``hands`` hands of one session with the given AI seats; check every invariant."""
    rules = rules or RuleSet()
    seed = seed if seed is not None else secrets.token_hex(8)
    report = SimulationReport(hands, seed, rules.preset.value, list(levels))
    players: list[Player] = [
        make_ai(level, random.Random(f"{seed}/ai/{s}")) for s, level in enumerate(levels)
    ]
    session = Session(rules, hands, seeded_source(seed))
    decisions = report.decisions_ns
    clock = time.perf_counter_ns
    start = time.perf_counter()
    while not session.over:
        state = session.start_hand()
        while not state.over:
            seat = state.to_act()[0]
            view = view_for(state, seat)
            t0 = clock()
            action = players[seat].choose(view)
            decisions.append(clock() - t0)
            if action.kind is not ActionKind.WIN and any(
                a.kind is ActionKind.WIN for a in view.legal
            ):
                report.declined_wins[seat] += 1
            state.apply(action)
            problems = check_hand(state)
            if problems:
                report.invariant_violations += len(problems)
                report.violations_sample.extend(problems[: 5 - len(report.violations_sample)])
        result = state.result
        assert result is not None
        report.bao_flown += sum(state.bao_flown)
        if sum(result.deltas) != 0:
            report.zero_sum = False
        if not result.wins:
            report.draws += 1
        for w in result.wins:
            report.wins_by_seat[w.seat] += 1
            report.patterns[w.score.pattern or "?"] += 1
        session.finish_hand()
        problems = session.check()
        report.invariant_violations += len(problems)
    report.seconds = time.perf_counter() - start
    report.totals = list(session.totals)
    report.zero_sum = report.zero_sum and sum(report.totals) == 0
    return report
