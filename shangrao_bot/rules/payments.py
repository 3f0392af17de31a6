"""Who pays whom, and for what (rule book §9): the win, the bonus events, the net per seat.

A win is paid by every other player (by the robbed player alone after 抢杠), each share doubled
per 宝 that payer flew under ``shangrao``; a bonus (a kong, 接宝, 四个宝) is paid by every other
player to its receiver, never doubled. Both scorers (:mod:`.scoring`, :mod:`.quick`) and the
engine settle hands with these.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.rules.ruleset import Preset
from shangrao_bot.rules.score_model import (
    BONUS_POINTS,
    SEATS,
    Bonus,
    BonusKind,
    Payment,
    Reason,
    WinHow,
)
from shangrao_bot.rules.tiles import Meld, MeldKind


def win_payments(
    value: int,
    winner: int,
    how: WinHow,
    robbed_seat: int | None,
    flown: Sequence[int],
    preset: Preset,
) -> list[Payment]:
    """Who pays the winner what (§9): every other player ``value`` doubled per 宝 they
    flew (``shangrao``, not for the flat 天胡/地胡) — or, for 抢杠, the robbed player alone."""
    payers = [robbed_seat] if how is WinHow.ROB else [s for s in range(SEATS) if s != winner]
    out = []
    for j in payers:
        assert j is not None
        out.append(Payment(j, winner, value * payer_doubling(preset, how, flown[j]), Reason.WIN))
    return out


def payer_doubling(preset: Preset, how: WinHow, flown_of_payer: int) -> int:
    """What one payer's share of a win is multiplied by: under ``shangrao`` each 宝 the payer
    flew (discarded) doubles it, ``2**flown_of_payer``, except for the flat 天胡 and 地胡;
    ``baike`` has no per-payer doubling (a winner's own 飞宝 is already in the value)."""
    if preset is Preset.SHANGRAO and how not in (WinHow.TIANHU, WinHow.DIHU):
        return 1 << flown_of_payer
    return 1


def kong_bonuses(seat: int, melds: Sequence[Meld]) -> list[Bonus]:
    """Bonus events of a player's declared kongs (robbed kongs never reach the melds): 碰杠 for
    a 明杠, a 补杠 or a 跌宝杠 claimed on a discard, 自摸杠 for the others (§4, §9)."""
    out = []
    for m in melds:
        if m.kind in (MeldKind.KONG_EXPOSED, MeldKind.KONG_INDICATOR_EXPOSED):
            out.append(Bonus(seat, BonusKind.MINGGANG))
        elif m.kind in (MeldKind.KONG_CONCEALED, MeldKind.KONG_INDICATOR):
            out.append(Bonus(seat, BonusKind.ANGANG))
    return out


def bonus_payments(bonuses: Sequence[Bonus], stake: int = 1) -> list[Payment]:
    """Each bonus is paid by every other player to its receiver, never doubled (§9)."""
    out = []
    for b in bonuses:
        amount = BONUS_POINTS[b.kind] * stake
        for payer in range(SEATS):
            if payer != b.seat:
                out.append(Payment(payer, b.seat, amount, Reason(b.kind.value)))
    return out


def deltas_of(payments: Sequence[Payment]) -> tuple[int, ...]:
    """The net gain of each seat (they sum to zero)."""
    d = [0] * SEATS
    for p in payments:
        d[p.payer] -= p.amount
        d[p.payee] += p.amount
    return tuple(d)
