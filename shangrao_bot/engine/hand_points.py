"""The end of a hand in points: the winners' scores, every payment, the zero-sum deltas and who
deals next (rule book §2, §7-§9), from what the rules core's scorer says.

Pure: the state machine (:class:`~.hand_table.HandTable`) hands over each winner's
:class:`~shangrao_bot.rules.scoring.WinInput` and the hand's bonuses; a loaded finished hand is
settled again the same way (the result is not stored).
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.engine.hand_records import SEATS, HandResult, Outcome, WinRecord
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, Payment, Reason, WinHow, WinInput
from shangrao_bot.rules.scoring import score_draw, score_win

_KONG_BONUS_KINDS = (BonusKind.MINGGANG, BonusKind.ANGANG)


def settle_wins(
    wins: Sequence[tuple[int, WinHow, WinInput]],
    bonuses: Sequence[Bonus],
    rules: RuleSet,
    robbed_seat: int | None,
) -> HandResult:
    """Settle a won hand: ``wins`` are ``(seat, how, what the scorer sees)`` of each winner,
    the first one settling every bonus but its own kongs' (its melds count them), the others
    (several only by 抢杠) their win alone; ``robbed_seat``: the seat whose 补杠 was robbed."""
    records: list[WinRecord] = []
    payments: list[Payment] = []
    for i, (seat, how, inp) in enumerate(wins):
        if i == 0:
            others = tuple(
                b for b in bonuses if not (b.seat == seat and b.kind in _KONG_BONUS_KINDS)
            )
            inp = WinInput(
                inp.concealed,
                inp.bao,
                inp.winning_tile,
                inp.melds,
                inp.how,
                inp.kong_chain,
                inp.robbed_seat,
                inp.winner,
                inp.flown,
                others,
            )
        score = score_win(inp, rules)
        if not score.winning:
            raise AssertionError(f"engine offered a win the scorer refuses: {score.reason}")
        if i == 0:
            payments.extend(score.payments)
        else:
            payments.extend(p for p in score.payments if p.reason is Reason.WIN)
        records.append(
            WinRecord(seat, how, inp.winning_tile, inp.concealed, inp.melds, inp.kong_chain, score)
        )
    deltas = [0] * SEATS
    for p in payments:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    if robbed_seat is not None:
        robbed = robbed_seat
        next_dealer = min((s for s, _, _ in wins), key=lambda s: (s - robbed) % SEATS)
    else:
        next_dealer = wins[0][0]
    return HandResult(
        Outcome.WIN,
        tuple(records),
        tuple(payments),
        tuple(deltas),
        tuple(bonuses),
        next_dealer,
        robbed_seat,
    )


def settle_exhausted(
    bonuses: Sequence[Bonus], rules: RuleSet, flown: Sequence[int], dealer: int
) -> HandResult:
    """Settle a 流局: only the bonuses are paid, and the deal passes on (§2)."""
    score = score_draw(bonuses, rules, flown)
    return HandResult(
        Outcome.EXHAUSTED,
        (),
        score.payments,
        score.deltas,
        tuple(bonuses),
        (dealer + 1) % SEATS,
    )
