"""``shangrao-bot arena``: how much stronger one AI level is than another, on duplicate deals.

Mahjong is noisy: who gets the good tiles decides most hands, so comparing two AIs by their
totals over separate games needs a great many hands. The arena removes the tiles' luck the way
duplicate bridge does. Each *deal* (one seeded wall with its dice, hence the same dealer and the
same seat winds) is played four times: the candidate AI sits in seat 0, then 1, 2 and 3, and the
baseline AI takes the other three seats. Over a deal the candidate has held every seat's tiles
once, so a deal that hands one seat a ready-made win favours nobody.

The statistic. Every play is zero-sum, and a table of four equal players expects 0 in every
seat, so the candidate's own net payment already is its edge over the baseline: a result of
``+x`` per hand means each baseline seat lost ``x/3`` on average. ``points_per_hand`` is the
mean of the candidate seat's net payment over all plays; the baseline seats' average is
reported beside it (``-points_per_hand / 3``). Its difference with the candidate's, ``4/3`` of
the points, would measure the same thing on another scale and adds nothing.

The samples are the deals, not the plays. The four plays of a deal share a wall: one that
gives a seat a quick win makes the candidate win once and pay three times, so its four results
offset each other, and counting them as four independent samples would misstate the
uncertainty. The deals are independent, so the samples are the per-deal values ``x_i`` = the
mean of the candidate's four results on deal ``i``, and the 95 % confidence interval is
``mean(x) ± 1.96 · sd(x) / √n`` over the ``n`` deals (``sd`` the sample standard deviation).

Everything but the decision times is reproducible from ``--seed``: deal ``n``'s wall seed is
derived from the run's seed and ``n``, and every AI's random source from the deal's wall seed,
the rotation and the seat, so a run gives the same report however many processes play it.
The AI levels are whatever :data:`~shangrao_bot.engine.levels.ARENA_LEVELS` lists and
:func:`~shangrao_bot.engine.levels.make_ai` builds.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import secrets
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from shangrao_bot.engine.ai import Player
from shangrao_bot.engine.hand_records import SEATS
from shangrao_bot.engine.levels import ARENA_LEVELS, make_ai
from shangrao_bot.engine.session import seeded_source
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for
from shangrao_bot.rules.ruleset import RuleSet

Z95 = 1.96  # the normal quantile of a two-sided 95 % interval
PlayerFactory = Callable[[str, random.Random], Player]
PlayObserver = Callable[[int, HandState], None]


def check_level(level: str, option: str = "AI level") -> str:
    """``level`` normalised, or ``ValueError`` naming the levels :func:`make_ai` offers."""
    name = level.strip().lower()
    if name not in ARENA_LEVELS:
        raise ValueError(f"{option} '{level}' is not an AI level: use {', '.join(ARENA_LEVELS)}")
    return name


@dataclass(frozen=True)
class Interval:
    """A mean and its 95 % confidence interval; ``low``/``high`` are None below two samples
    (a standard deviation needs two)."""

    mean: float
    low: float | None
    high: float | None


def mean_ci95(samples: Sequence[float]) -> Interval:
    """``mean ± 1.96 · sd / √n`` with the sample standard deviation (``n - 1``): the normal
    approximation, fine for the hundreds of deals an arena plays."""
    if not samples:
        raise ValueError("no samples: a confidence interval needs at least one")
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return Interval(mean, None, None)
    half = Z95 * statistics.stdev(samples) / math.sqrt(len(samples))
    return Interval(mean, mean - half, mean + half)


@dataclass(frozen=True)
class DealResult:
    """The four plays of one deal, indexed by rotation: in rotation ``r`` the candidate sits in
    seat ``r``. Plain data, so that worker processes can send it back."""

    number: int  # 1-based
    seed: str  # the wall seed, hex
    dealer: int
    deltas: tuple[tuple[int, ...], ...]  # every seat's net payment, per rotation
    candidate_won: tuple[bool, ...]
    baseline_wins: tuple[int, ...]  # baseline seats among the winners, per rotation
    bao_flown: tuple[int, ...]  # 宝 the candidate flew, per rotation
    decisions_ns: tuple[int, ...]  # the candidate's ``choose`` calls

    @property
    def candidate_results(self) -> tuple[int, ...]:
        return tuple(d[r] for r, d in enumerate(self.deltas))

    @property
    def value(self) -> float:
        """This deal's sample: the candidate's mean result over its four seats."""
        return statistics.fmean(self.candidate_results)


def deal_seed(seed: str, number: int) -> bytes:
    """The wall seed of deal ``number`` of the run ``seed``."""
    return seeded_source(f"arena/{seed}")(number)


def ai_rng(wall_seed: bytes, rotation: int, seat: int) -> random.Random:
    """A player's random source: fixed by the deal, the rotation and the seat."""
    return random.Random(f"{wall_seed.hex()}/rotation/{rotation}/seat/{seat}")


def play_deal(
    number: int,
    seed: str,
    candidate: str,
    baseline: str,
    rules: RuleSet,
    factory: PlayerFactory | None = None,
    observe: PlayObserver | None = None,
) -> DealResult:
    """Play deal ``number`` four times, the candidate in seat 0, 1, 2, 3 in turn. ``factory``
    builds the players (None: :func:`make_ai`); ``observe`` is shown each finished hand with
    its rotation (tests check the duplicate property with both)."""
    build = factory or make_ai
    wall = deal_seed(seed, number)
    dealer: int | None = None
    deltas: list[tuple[int, ...]] = []
    won: list[bool] = []
    baseline_wins: list[int] = []
    flown: list[int] = []
    decisions: list[int] = []
    clock = time.perf_counter_ns
    for rotation in range(SEATS):
        players = [
            build(candidate if s == rotation else baseline, ai_rng(wall, rotation, s))
            for s in range(SEATS)
        ]
        # the first play's dice choose the dealer; the others are told it, so all four agree
        state = HandState(rules, wall, dealer)
        dealer = state.dealer
        while not state.over:
            seat = state.to_act()[0]
            view = view_for(state, seat)
            if seat == rotation:
                t0 = clock()
                action = players[seat].choose(view)
                decisions.append(clock() - t0)
            else:
                action = players[seat].choose(view)
            state.apply(action)
        result = state.result
        assert result is not None
        winners = {w.seat for w in result.wins}
        deltas.append(tuple(result.deltas))
        won.append(rotation in winners)
        baseline_wins.append(len(winners - {rotation}))
        flown.append(state.bao_flown[rotation])
        if observe is not None:
            observe(rotation, state)
    assert dealer is not None
    return DealResult(
        number,
        wall.hex(),
        dealer,
        tuple(deltas),
        tuple(won),
        tuple(baseline_wins),
        tuple(flown),
        tuple(decisions),
    )


def _play_deals(
    job: tuple[Sequence[int], str, str, str, RuleSet, PlayerFactory | None],
) -> list[DealResult]:
    """One worker's share of the deals (a module-level function: it is sent to a process)."""
    numbers, seed, candidate, baseline, rules, factory = job
    return [play_deal(n, seed, candidate, baseline, rules, factory) for n in numbers]


def play_deals(
    deals: int,
    seed: str,
    candidate: str,
    baseline: str,
    rules: RuleSet,
    jobs: int = 1,
    factory: PlayerFactory | None = None,
) -> list[DealResult]:
    """Deals 1 … ``deals``, in order, played by ``jobs`` processes (one: in this process).

    Deals are independent, so they are cut into chunks that the processes take as they come
    free; the chunks come back in order, so the result does not depend on ``jobs``. With
    several processes a ``factory`` must be picklable (a module-level function); the default,
    None, is :func:`make_ai` in each process."""
    if deals < 1:
        raise ValueError(f"an arena of {deals} deals is not possible: use 1 or more")
    numbers = list(range(1, deals + 1))
    if jobs <= 1 or deals == 1:
        return _play_deals((numbers, seed, candidate, baseline, rules, factory))
    size = max(1, deals // (jobs * 8))  # small chunks even out fast and slow deals
    chunks = [numbers[i : i + size] for i in range(0, deals, size)]
    work = [(chunk, seed, candidate, baseline, rules, factory) for chunk in chunks]
    with multiprocessing.Pool(min(jobs, len(chunks))) as pool:
        parts = pool.map(_play_deals, work, chunksize=1)
    return [d for part in parts for d in part]


def _percentile_ms(ordered: Sequence[int], q: float) -> float:
    if not ordered:
        return 0.0
    i = min(len(ordered) - 1, int(q * len(ordered)))
    return round(ordered[i] / 1e6, 3)


def _rounded(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


@dataclass(frozen=True)
class ArenaReport:
    """An arena's outcome. Points are in stake units (stake 1) per hand, from the candidate's
    side; every figure but ``decision_ms_*`` and ``seconds`` is reproducible from the seed."""

    candidate: str
    baseline: str
    preset: str
    seed: str
    deals: int
    plays: int
    points_per_hand: float  # the candidate's mean net payment per play
    ci95_low: float | None  # over the per-deal means; None with a single deal
    ci95_high: float | None
    baseline_points_per_hand: float  # a baseline seat's mean: -points_per_hand / 3
    win_rate: float  # share of plays the candidate won
    baseline_win_rate: float  # share of baseline seat-plays that won (three per play)
    avg_win_points: float | None  # the candidate's mean net payment on the plays it won
    bao_flown_per_hand: float  # 宝 the candidate discarded, per play
    zero_sum: bool  # every play's payments summed to zero
    decisions: int
    decision_ms_p50: float  # the candidate's ``choose`` only
    decision_ms_p99: float
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "candidate": self.candidate,
            "baseline": self.baseline,
            "preset": self.preset,
            "seed": self.seed,
            "deals": self.deals,
            "plays": self.plays,
            "points_per_hand": round(self.points_per_hand, 4),
            "ci95_low": _rounded(self.ci95_low, 4),
            "ci95_high": _rounded(self.ci95_high, 4),
            "baseline_points_per_hand": round(self.baseline_points_per_hand, 4),
            "win_rate": round(self.win_rate, 4),
            "baseline_win_rate": round(self.baseline_win_rate, 4),
            "avg_win_points": _rounded(self.avg_win_points, 3),
            "bao_flown_per_hand": round(self.bao_flown_per_hand, 4),
            "zero_sum": self.zero_sum,
            "decisions": self.decisions,
            "decision_ms_p50": self.decision_ms_p50,
            "decision_ms_p99": self.decision_ms_p99,
            "seconds": round(self.seconds, 2),
        }

    def to_text(self) -> str:
        if self.ci95_low is None or self.ci95_high is None:
            ci = "95% CI n/a (one deal)"
        else:
            ci = f"95% CI [{self.ci95_low:+.3f}, {self.ci95_high:+.3f}]"
        wins = "n/a" if self.avg_win_points is None else f"{self.avg_win_points:+.2f}"
        lines = [
            f"{self.candidate} vs {self.baseline}: {self.deals} deals × 4 seats = {self.plays} "
            f"hands, preset {self.preset}, seed {self.seed}",
            f"points per hand: {self.points_per_hand:+.3f} ({ci}); each {self.baseline} seat "
            f"{self.baseline_points_per_hand:+.3f}",
            f"win rate: {self.win_rate:.1%} (each {self.baseline} seat: "
            f"{self.baseline_win_rate:.1%}); average win {wins} points",
            f"飞宝 per hand: {self.bao_flown_per_hand:.3f}; zero-sum: {self.zero_sum}",
            f"{self.candidate} decisions: p50 {self.decision_ms_p50} ms, p99 "
            f"{self.decision_ms_p99} ms over {self.decisions}; {self.seconds:.1f} s",
        ]
        return "\n".join(lines)


def summarize(
    results: Sequence[DealResult],
    candidate: str,
    baseline: str,
    seed: str,
    rules: RuleSet,
    seconds: float = 0.0,
) -> ArenaReport:
    """Combine the deals' results (in deal order) into the report."""
    if not results:
        raise ValueError("no deals to report on")
    interval = mean_ci95([d.value for d in results])
    plays = SEATS * len(results)
    wins = [
        r for d in results for r, w in zip(d.candidate_results, d.candidate_won, strict=True) if w
    ]
    ordered = sorted(t for d in results for t in d.decisions_ns)
    return ArenaReport(
        candidate=candidate,
        baseline=baseline,
        preset=rules.preset.value,
        seed=seed,
        deals=len(results),
        plays=plays,
        points_per_hand=interval.mean,
        ci95_low=interval.low,
        ci95_high=interval.high,
        baseline_points_per_hand=-interval.mean / (SEATS - 1),
        win_rate=len(wins) / plays,
        baseline_win_rate=sum(sum(d.baseline_wins) for d in results) / ((SEATS - 1) * plays),
        avg_win_points=statistics.fmean(wins) if wins else None,
        bao_flown_per_hand=sum(sum(d.bao_flown) for d in results) / plays,
        zero_sum=all(sum(deltas) == 0 for d in results for deltas in d.deltas),
        decisions=len(ordered),
        decision_ms_p50=_percentile_ms(ordered, 0.5),
        decision_ms_p99=_percentile_ms(ordered, 0.99),
        seconds=seconds,
    )


def run_arena(
    candidate: str,
    baseline: str,
    deals: int,
    seed: str | None = None,
    rules: RuleSet | None = None,
    jobs: int = 1,
) -> ArenaReport:
    """Play ``deals`` duplicate deals of ``candidate`` against ``baseline`` and report.
    ``seed`` None: a fresh one, shown in the report so that the run can be replayed."""
    candidate = check_level(candidate, "--ai")
    baseline = check_level(baseline, "--vs")
    rules = rules or RuleSet()
    seed = seed if seed is not None else secrets.token_hex(8)
    start = time.perf_counter()
    results = play_deals(deals, seed, candidate, baseline, rules, jobs)
    return summarize(results, candidate, baseline, seed, rules, time.perf_counter() - start)
