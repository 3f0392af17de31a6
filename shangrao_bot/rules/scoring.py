"""Scoring a won hand and the bonus points of any hand (rule book §5, §7, §8, §9).

The scorer evaluates every legal interpretation of the final hand and keeps the one whose
per-payer value is highest (§6). The result says why: pattern, each modifier, every payment with
its reason, net deltas per seat that sum to zero — or, when the tiles are complete but the preset
does not allow the win, a reason a player understands.

This module is the scorer and the one place the other layers import scoring from; the work is
shared out by responsibility:

* :mod:`.score_model` — the words: :class:`WinInput`, :class:`ScoreResult`, :class:`WinHow`,
  :class:`Bonus` …;
* :mod:`.win_checks` — refusing a description no table can produce (impossible 宝 counts,
  kong chains, robbed kongs, bonuses);
* :mod:`.readings` — what both presets ask of a reading (宝吊 states, triplets, 幺九 …);
* :mod:`.shangrao_preset` and :mod:`.baike_preset` — what a reading is worth under each preset;
* :mod:`.payments` — who pays whom for the win and the bonuses.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.errors import Phrase
from shangrao_bot.rules.baike_preset import (
    evaluate_baike,
)
from shangrao_bot.rules.hand import analyze_complete
from shangrao_bot.rules.interpret import Interpretation
from shangrao_bot.rules.payments import (
    bonus_payments,
    deltas_of,
    kong_bonuses,
    win_payments,
)
from shangrao_bot.rules.readings import (
    Valuation,
    in_baodiao_state,
)
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import (
    SEATS,
    Bonus,
    BonusKind,
    ScoreResult,
    WinInput,
)
from shangrao_bot.rules.shangrao_preset import (
    evaluate_shangrao,
)
from shangrao_bot.rules.shapes import YAOJIU_KINDS, shanten
from shangrao_bot.rules.tiles import counts_of
from shangrao_bot.rules.win_checks import (
    check_bao_tally,
    check_bonuses,
    check_flown,
    check_win_input,
)

# The baike preset's column names under their old name (tests/render/test_tiles.py reads it).


def _preference(ev: Valuation, interp: Interpretation, inp: WinInput) -> tuple[int, int, int]:
    """Order of readings: the highest value first (§6); on a tie, 宝吊宝 when the winning tile
    is a 宝 (§5 names that draw so), then the reading with the fewest acting 宝 (the one a
    player checks most easily: 555m rather than 宝 standing for 123m)."""
    named_bao_draw = int(inp.winning_tile == inp.bao and "宝吊宝" in (ev.pattern or ""))
    return ev.value, named_bao_draw, -len(interp.acting)


def score_win(inp: WinInput, rules: RuleSet | None = None) -> ScoreResult:
    """Score one winner's hand, bonuses included. Raises on impossible input; a complete hand
    the preset does not allow comes back with ``winning=False`` and the reason."""
    rules = rules or RuleSet()
    analysis = analyze_complete(inp.concealed, inp.melds, inp.bao)  # validates the tiles first
    add_sigebao = check_win_input(inp, rules)
    bonuses = list(inp.bonuses) + kong_bonuses(inp.winner, inp.melds)
    if add_sigebao:
        bonuses.append(Bonus(inp.winner, BonusKind.SIGEBAO))
    bonus_pay = bonus_payments(bonuses, rules.stake)
    if not analysis.is_complete:
        c = counts_of(inp.concealed)
        sh = shanten(
            c, inp.bao, len(inp.melds), all(t in YAOJIU_KINDS for m in inp.melds for t in m.tiles)
        )
        return _not_winning(Phrase("win.incomplete", n=sh + 1), rules)
    before = list(inp.concealed)
    if inp.winning_tile is not None:
        before.remove(inp.winning_tile)
    baodiao = in_baodiao_state(before, inp.bao) if inp.winning_tile is not None else False
    best: tuple[Valuation, Interpretation] | None = None
    why: Phrase | None = None
    for interp in analysis.interpretations:
        if rules.preset is Preset.SHANGRAO:
            ev = evaluate_shangrao(interp, inp, baodiao, rules)
        else:
            ev = evaluate_baike(interp, inp, rules, before)
        if ev.pattern is None:
            why = why or ev.reason
            continue
        if best is None or _preference(ev, interp, inp) > _preference(*best, inp):
            best = (ev, interp)
    if best is None:
        return _not_winning(why or Phrase("win.not_a_win"), rules)
    ev, interp = best
    value = ev.value * rules.stake
    win_pay = win_payments(value, inp.winner, inp.how, inp.robbed_seat, inp.flown, rules.preset)
    payments = tuple(win_pay + bonus_pay)
    return ScoreResult(
        winning=True,
        reason=None,
        pattern=ev.pattern,
        pattern_factor=ev.factor,
        modifiers=ev.modifiers,
        value=value,
        interpretation=interp,
        payments=payments,
        deltas=deltas_of(payments),
        preset=rules.preset,
    )


def _not_winning(reason: Phrase, rules: RuleSet) -> ScoreResult:
    """Not a win: the claim is refused and the hand goes on, so nothing is paid yet."""
    return ScoreResult(
        winning=False,
        reason=reason,
        pattern=None,
        pattern_factor=0,
        modifiers=(),
        value=0,
        interpretation=None,
        payments=(),
        deltas=(0,) * SEATS,
        preset=rules.preset,
    )


def score_draw(
    bonuses: Sequence[Bonus], rules: RuleSet | None = None, flown: Sequence[int] | None = None
) -> ScoreResult:
    """流局: no winner; only bonus points are settled (§9). ``flown`` (宝 discarded per seat),
    when known, is checked against the 四个宝 and 接宝 bonuses (rule book §10)."""
    rules = rules or RuleSet()
    check_bonuses(bonuses)
    if flown is not None:
        check_flown(flown, str(list(flown)))
        check_bao_tally(flown, bonuses)
    pay = bonus_payments(bonuses, rules.stake)
    return ScoreResult(
        winning=False,
        reason=Phrase("win.draw"),
        pattern=None,
        pattern_factor=0,
        modifiers=(),
        value=0,
        interpretation=None,
        payments=tuple(pay),
        deltas=deltas_of(pay),
        preset=rules.preset,
    )
