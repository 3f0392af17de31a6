"""The end of a hand and of a session: the score breakdown, every hand revealed with the seed
that proves the wall was fair, and the running totals."""

from __future__ import annotations

import hashlib

from shangrao_bot.engine.hand_records import Outcome, WinRecord, seat_name
from shangrao_bot.engine.session import Session
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import public_view
from shangrao_bot.play.text import (
    BONUS_NAMES,
    HOW_NAMES,
    RULE,
    seat_label,
    spaced,
    spaced_zh,
)
from shangrao_bot.rules.payments import payer_doubling
from shangrao_bot.rules.score_model import BONUS_POINTS, Payment, Reason
from shangrao_bot.rules.tiles import both_notations, format_tiles

_REASON = {
    Reason.WIN: "the win",
    Reason.MINGGANG: "碰杠 bonus",
    Reason.ANGANG: "自摸杠 bonus",
    Reason.JIEBAO: "接宝 bonus",
    Reason.SIGEBAO: "四个宝 bonus",
}


def _win_lines(w: WinRecord, dealer: int, stake: int) -> list[str]:
    score = w.score
    on = f" on {both_notations(w.winning_tile)}" if w.winning_tile is not None else ""
    melds = " ".join(m.to_str() for m in w.melds)
    lines = [
        f"{seat_name(w.seat, dealer)} wins by {HOW_NAMES[w.how]}{on}",
        f"  Winning hand: {spaced(w.concealed)} {melds}".rstrip(),
        f"                {spaced_zh(w.concealed)}",
    ]
    interp = score.interpretation
    if interp is not None:
        clean = (
            "clean (无宝)" if interp.clean else f"有宝: 宝 acting as {format_tiles(interp.acting)}"
        )
        lines.append(f"  Reading: {interp.to_str()}   [{interp.shape.value}, {clean}]")
    lines.append(f"  Pattern: {score.pattern} ×{score.pattern_factor}")
    mods = ", ".join(
        f"{m.name} ×{m.factor}" + (f" ({m.note})" if m.note else "") for m in score.modifiers
    )
    lines.append(f"  Modifiers: {mods or 'none'}")
    stake_note = f" (stake {stake} included)" if stake != 1 else ""
    lines.append(f"  Value per payer: {score.value}{stake_note}")
    return lines


_COUNT = ("no", "one", "two", "three", "four")


def _payment_line(p: Payment, state: HandState) -> str:
    """``North (seat 3) pays West (seat 2) 4 for the win = 2 × 2, flew one 宝``: a payer whose
    share of the win the 宝 they flew doubled is told why."""
    dealer = state.dealer
    line = (
        f"  {seat_name(p.payer, dealer)} pays {seat_name(p.payee, dealer)} "
        f"{p.amount} for {_REASON[p.reason]}"
    )
    r = state.result
    win = next((w for w in r.wins if w.seat == p.payee), None) if r is not None else None
    if p.reason is Reason.WIN and win is not None:
        flown = state.bao_flown[p.payer]
        factor = payer_doubling(state.rules.preset, win.how, flown)
        if factor > 1:
            line += f" = {win.score.value} × {factor}, flew {_COUNT[flown]} 宝"
    return line


def result_lines(state: HandState, hand_no: int) -> list[str]:
    """The full breakdown of a finished hand: winners, score, payments, revealed hands, seed."""
    r = state.result
    assert r is not None
    dealer = state.dealer
    lines = [RULE, f"Hand {hand_no} result"]
    if r.outcome is Outcome.EXHAUSTED:
        lines.append("流局 (exhaustive draw): nobody won; only bonus points are settled")
    for w in r.wins:
        lines += _win_lines(w, dealer, state.rules.stake)
    if r.robbed_seat is not None:
        lines.append(f"  The kong of {seat_name(r.robbed_seat, dealer)} was robbed: no bonus")
    stake = state.rules.stake
    for b in r.bonuses:
        pts = BONUS_POINTS[b.kind] * stake
        lines.append(f"Bonus: {seat_name(b.seat, dealer)} {BONUS_NAMES[b.kind]}, {pts} from each")
    lines.append("Payments:" if r.payments else "Payments: none")
    lines += [_payment_line(p, state) for p in r.payments]
    lines.append(
        "This hand: " + " · ".join(f"{seat_label(s)} {d:+d}" for s, d in enumerate(r.deltas))
    )
    lines += revealed_lines(state)
    return lines


def revealed_lines(state: HandState) -> list[str]:
    """Every hand, now that the hand is over, and the seed that proves the wall was fair."""
    pub = public_view(state)
    lines = ["Hands at the end:"]
    for s, tiles in enumerate(pub.revealed or ()):
        lines.append(f"  {seat_name(s, state.dealer)}: {spaced(tiles)}")
    seed = pub.seed or state.seed.hex()
    ok = hashlib.sha256(bytes.fromhex(seed)).hexdigest() == pub.commitment
    lines.append(f"Seed (revealed): {seed}")
    lines.append(
        f"Fairness hash published at the start: {pub.commitment} — sha256(seed) "
        f"{'matches' if ok else 'DOES NOT match'}"
    )
    lines.append(f"Check it yourself: shangrao-bot verify --seed {seed} --hash {pub.commitment}")
    return lines


def totals_lines(session: Session, title: str) -> list[str]:
    return [
        title + " " + " · ".join(f"{seat_label(s)} {t:+d}" for s, t in enumerate(session.totals))
    ]
