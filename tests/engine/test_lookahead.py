"""The truthful ranking: real shanten held to the scorer, the lookahead's figures to their
definitions, and the ranking to the rule it documents.

* A discard the ranking calls ready (real shanten 0) leaves a hand with a wait the scorer
  accepts as a win, and a hand with such a wait is called ready: an 有宝平胡 is not.
* A hand called one from a real win has exactly the effective tiles whose draw, with some
  discard, leaves a ready hand the scorer accepts (brute force over draws and discards).
* Win chances lie in [0, 1]; a hand with no draws left has none; the ranking is sorted by its
  key; the closed forms equal a step-by-step simulation of the same model.
"""

from __future__ import annotations

from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shangrao_bot.engine import lookahead
from shangrao_bot.engine.analysis_input import AnalysisInput
from shangrao_bot.engine.lookahead import (
    Horizon,
    ReadyChance,
    one_from_ready_outlook,
    ready_outlook,
)
from shangrao_bot.engine.ranking import analyze_hand, rank_discards, ranking_key
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.score_model import WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.tiles import counts_of, parse_tile, parse_tiles
from tests.engine.test_analysis import SETTINGS, turn_inputs


def _scorer_wins(inp: AnalysisInput, c13: list[int], flown: tuple[int, ...]) -> bool:
    """Some drawn tile completes ``c13`` into a win the scorer accepts."""
    held = [k for k in range(34) for _ in range(c13[k])]
    for w in range(34):
        try:
            res = score_win(
                WinInput(
                    tuple(sorted([*held, w])),
                    inp.bao,
                    w,
                    inp.melds,
                    WinHow.SELF,
                    winner=inp.seat,
                    flown=flown,
                ),
                inp.rules,
            )
        except RulesError:
            continue
        if res.winning:
            return True
    return False


def _flown(inp: AnalysisInput, discard: int | None) -> tuple[int, ...]:
    if discard is None or discard != inp.bao:
        return inp.flown
    return tuple(f + (s == inp.seat) for s, f in enumerate(inp.flown))


@pytest.mark.slow
@SETTINGS
@given(turn_inputs())
def test_ready_means_the_scorer_accepts_a_wait(inp: AnalysisInput) -> None:
    for d in rank_discards(inp):
        assert d.tile is not None
        c13 = counts_of(inp.tiles)
        c13[d.tile] -= 1
        wins = _scorer_wins(inp, c13, _flown(inp, d.tile))
        assert (d.shanten == 0) == wins, (d.tile, d.shanten, d.shape_shanten)
        assert d.shape_shanten is not None and d.shanten >= d.shape_shanten


@pytest.mark.heavy
@pytest.mark.slow
@settings(SETTINGS, max_examples=25)
@given(turn_inputs())
def test_one_from_ready_has_exactly_the_draws_that_reach_a_real_ready_hand(
    inp: AnalysisInput,
) -> None:
    unseen = inp.unseen()
    with patch.object(lookahead, "SCORER_BUDGET", 10**9):  # every candidate searched
        ranked = rank_discards(inp)
    # The brute force meets the same 13 tiles again and again (a discard then a draw and
    # another discard, in either order): the scorer's answer for each is asked once.
    known: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}

    def wins(c13: list[int], flown: tuple[int, ...]) -> bool:
        key = (tuple(c13), flown)
        if key not in known:
            known[key] = _scorer_wins(inp, c13, flown)
        return known[key]

    for d in ranked:
        if d.shanten != 1 or d.tile is None:
            continue
        c13 = counts_of(inp.tiles)
        c13[d.tile] -= 1
        flown = _flown(inp, d.tile)
        reach = []
        for k in range(34):
            if c13[k] >= 4 or (unseen[k] == 0 and d.shape_shanten == 0):
                continue
            c13[k] += 1
            ok = False
            for x in range(34):
                if c13[x] and x != k:
                    c13[x] -= 1
                    ok = wins(c13, _flown(inp, x) if x == inp.bao else flown)
                    c13[x] += 1
                    if ok:
                        break
            c13[k] -= 1
            if ok:
                reach.append(k)
        if reach:
            assert [k for k, _ in d.effective] == reach, d.tile


@SETTINGS
@given(turn_inputs())
def test_chances_are_probabilities_and_the_order_is_the_rule(inp: AnalysisInput) -> None:
    ranked = rank_discards(inp)
    assert list(ranked) == sorted(ranked, key=ranking_key)
    for d in ranked:
        assert d.win_chance is not None and 0.0 <= d.win_chance <= 1.0 + 1e-9
        if (inp.live or 0) < 4 and inp.live is not None:
            assert d.win_chance == 0.0


def _simulate_one_from_ready(
    helpers: list[tuple[float, ReadyChance]], h: Horizon, cost: float
) -> tuple[float, float]:
    """The same model step by step: rivals draw, then the player; a helping draw leads to its
    ready hand, which then wins with its chance a draw."""
    away = 1.0
    ready = [0.0] * len(helpers)
    win = ev = 0.0
    for _ in range(h.draws):
        ev -= (1 - h.survive) * (
            away * cost + sum(r * ch.cost for r, (_, ch) in zip(ready, helpers, strict=True))
        )
        away *= h.survive
        ready = [r * h.survive for r in ready]
        for i, (_, ch) in enumerate(helpers):
            won = ready[i] * ch.p
            win += won
            ev += won * ch.gain
            ready[i] -= won
        for i, (pi, _) in enumerate(helpers):
            ready[i] += away * pi
        away *= 1 - sum(pi for pi, _ in helpers)
    return win, ev


@given(
    st.lists(
        st.tuples(st.floats(0.0, 0.1), st.floats(0.0, 0.5), st.floats(0, 40), st.floats(0, 12)),
        max_size=6,
    ),
    st.integers(0, 20),
    st.floats(0.5, 0.99),
)
def test_closed_forms_equal_the_step_by_step_model(
    raw: list[tuple[float, float, float, float]], draws: int, survive: float
) -> None:
    helpers = [(pi, ReadyChance(p, g, c)) for pi, p, g, c in raw]
    h = Horizon(draws, survive, 80)
    win, ev = one_from_ready_outlook(helpers, h, 3.0)
    sim_win, sim_ev = _simulate_one_from_ready(helpers, h, 3.0)
    assert win == pytest.approx(sim_win, abs=1e-9)
    assert ev == pytest.approx(sim_ev, abs=1e-7)
    for _, ch in helpers:
        w, _ = ready_outlook(ch, h, draws)
        s_w, _ = _simulate_one_from_ready([(1.0, ch)], Horizon(draws + 1, survive, 80), 0.0)
        # ready now = one from ready whose next draw surely helps, a draw earlier, no rival
        # cost before it … up to that first round's survival
        assert w == pytest.approx(s_w / survive, abs=1e-9)


def test_a_ready_hand_whose_waits_are_all_youbao_pinghu_is_not_ready() -> None:
    """The example that shape-only shanten got wrong: with 宝 5m, discarding 2z or 9s leaves
    a hand that looks ready but whose every wait is an 有宝平胡."""
    inp = AnalysisInput(
        tiles=tuple(sorted(parse_tiles("1235m456p117899s2z"))), bao=parse_tile("5m")
    )
    by_tile = {d.tile: d for d in rank_discards(inp)}
    for t in ("2z", "9s"):
        d = by_tile[parse_tile(t)]
        assert d.shape_shanten == 0 and d.shanten == 1
        assert d.waits and not any(w.real_win for w in d.waits)
    assert all(d.shanten >= 1 for d in by_tile.values())


def test_a_hand_as_it_stands_is_looked_ahead() -> None:
    inp = AnalysisInput(tiles=tuple(sorted(parse_tiles("123m456p789s1122z"))), bao=parse_tile("5m"))
    d = analyze_hand(inp)
    assert d.shanten == 0 and d.win_chance is not None and d.win_chance > 0
