"""Invariants of a hand and a session, checked after every action by the tests and by
``shangrao-bot simulate`` (the count of violations is part of its report).

Each check returns readable violation strings (empty = all good), so a failing simulation says
exactly what broke.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.engine.hand_records import SEATS, Outcome, Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.wall import TILES
from shangrao_bot.rules.score_model import BonusKind, Payment, WinHow
from shangrao_bot.rules.tiles import NUM_KINDS, MeldKind


def _located_counts(state: HandState) -> list[int]:
    """Copies of each kind found in hands, melds, unclaimed discards, the wall, the indicator
    and a robbed (or about-to-be-robbed) 补杠 tile."""
    found = [0] * NUM_KINDS
    for s in range(SEATS):
        for k in range(NUM_KINDS):
            found[k] += state.hands[s][k]
        for rec in state.melds[s]:
            for t in rec.meld.tiles:
                found[t] += 1
        for d in state.discards[s]:
            if d.claimed_by is None:
                found[d.tile] += 1
    head, tail = state.wall.position
    skip = state.setup.indicator_position
    for i in range(head, tail):
        if i != skip:
            found[state.setup.order[i]] += 1
    found[state.indicator] += 1
    loose = state.robbed_tile if state.phase is Phase.OVER else None
    if state.phase is Phase.ROB:
        loose = state.claim_tile
    if loose is not None:
        found[loose] += 1
    return found


def _expected_size(state: HandState, seat: int) -> set[int]:
    base = 13 - 3 * len(state.melds[seat])
    if state.phase is Phase.TURN and seat == state.current:
        return {base + 1}
    if (
        state.phase is Phase.OVER
        and state.result is not None
        and any(w.seat == seat and w.how is not WinHow.ROB for w in state.result.wins)
    ):
        return {base + 1}
    return {base}


def _zero_sum(payments: Sequence[Payment], deltas: Sequence[int]) -> list[str]:
    out = []
    if sum(deltas) != 0:
        out.append(f"payments are not zero-sum: deltas {list(deltas)}")
    d = [0] * SEATS
    for p in payments:
        if p.amount <= 0 or p.payer == p.payee:
            out.append(f"bad payment {p}")
        d[p.payer] -= p.amount
        d[p.payee] += p.amount
    if d != list(deltas):
        out.append(f"deltas {list(deltas)} do not match the payments {d}")
    return out


def _turn_order(state: HandState) -> list[str]:
    """N(ormal draw) follows a discard by the previous seat; R(eplacement) follows a kong by the
    same seat; D(iscard) follows the same seat's draw, claim or kong (or opens the dealer's hand);
    C(laim) follows another seat's discard; K(ong) follows the same seat's draw or kong."""
    out = []
    prev: tuple[str, int] | None = None
    for kind, seat in state.log:
        if kind == "N":
            ok = prev is not None and prev[0] == "D" and prev[1] == (seat - 1) % SEATS
        elif kind == "R":
            ok = prev is not None and prev[1] == seat and prev[0] in ("K", "C")
        elif kind == "D":
            ok = (prev is None and seat == state.dealer) or (
                prev is not None and prev[1] == seat and prev[0] in ("N", "R", "C", "K")
            )
        elif kind == "C":
            ok = prev is not None and prev[0] == "D" and prev[1] != seat
        elif kind == "K":
            ok = (prev is None and seat == state.dealer) or (
                prev is not None and prev[1] == seat and prev[0] in ("N", "R", "K")
            )
        else:
            ok = False
        if not ok:
            out.append(f"turn order broken: {kind} by seat {seat} after {prev}")
        prev = (kind, seat)
    return out


def _kongs(state: HandState, s: int) -> list[str]:
    """A 跌宝杠 is the three live tiles of the indicator's kind (claimed on a discard: with its
    source; from the hand: without); kong bonuses match the kongs on the table (a robbed 补杠
    stays a pong and earns none); a chain counts only four-tile kongs (§4, §10)."""
    out = []
    recs = state.melds[s]
    for rec in recs:
        m = rec.meld
        if m.kind.is_indicator_kong:
            if m.tiles != (state.indicator,) * 3:
                out.append(f"seat {s} has a 跌宝杠 {m} that is not the indicator's kind")
            claimed = m.kind is MeldKind.KONG_INDICATOR_EXPOSED
            if claimed != (rec.from_seat is not None and rec.claimed == state.indicator):
                out.append(f"seat {s}: 跌宝杠 {m} with source {rec.from_seat}/{rec.claimed}")
    exposed = sum(
        r.meld.kind in (MeldKind.KONG_EXPOSED, MeldKind.KONG_INDICATOR_EXPOSED) for r in recs
    )
    concealed = sum(r.meld.kind in (MeldKind.KONG_CONCEALED, MeldKind.KONG_INDICATOR) for r in recs)
    bonuses = [b.kind for b in state.bonuses if b.seat == s]
    if (bonuses.count(BonusKind.MINGGANG), bonuses.count(BonusKind.ANGANG)) != (exposed, concealed):
        out.append(
            f"seat {s}: kong bonuses {bonuses} do not match {exposed} exposed and {concealed} "
            "concealed kongs"
        )
    if s == state.current and state.chain > sum(r.meld.kind.draws_replacement for r in recs):
        out.append(f"seat {s}: a kong chain of {state.chain} with fewer four-tile kongs")
    return out


def check_hand(state: HandState) -> list[str]:
    """Every invariant of one hand (rule book §2-§10)."""
    out: list[str] = []
    found = _located_counts(state)
    if sum(found) != TILES:
        out.append(f"{sum(found)} tiles located, not {TILES}")
    for k, n in enumerate(found):
        if n != 4:
            out.append(f"kind {k}: {n} copies located, not 4 (a tile lost or in two places)")
    for s in range(SEATS):
        size = sum(state.hands[s])
        if size not in _expected_size(state, s):
            out.append(f"seat {s} holds {size} tiles with {len(state.melds[s])} melds")
        in_melds = sum(r.meld.tiles.count(state.bao) for r in state.melds[s])
        held = state.hands[s][state.bao]
        if held + in_melds + state.bao_flown[s] != state.bao_drawn[s]:
            out.append(
                f"seat {s}: 宝 drawn {state.bao_drawn[s]} ≠ held {held} + in melds {in_melds} "
                f"+ flown {state.bao_flown[s]}"
            )
        for rec in state.melds[s]:
            if rec.meld.kind in (MeldKind.PONG, MeldKind.KONG_EXPOSED) and rec.claimed == state.bao:
                out.append(f"seat {s} claimed a dead 宝 into {rec.meld}")
        out.extend(_kongs(state, s))
    if sum(state.bao_drawn) > 4:
        out.append(f"{sum(state.bao_drawn)} 宝 drawn: there are four")
    out.extend(_turn_order(state))
    if state.phase in (Phase.CLAIM, Phase.ROB) and (not state.options or state.claim_tile is None):
        out.append("a claim window is open with nobody to ask")
    if state.phase is Phase.OVER:
        r = state.result
        if r is None:
            out.append("the hand is over without a result")
        else:
            out.extend(_zero_sum(r.payments, r.deltas))
            if r.outcome is Outcome.EXHAUSTED and state.wall.live != 0:
                out.append(f"流局 with {state.wall.live} live tiles left")
            if r.outcome is Outcome.WIN and not r.wins:
                out.append("a win without a winner")
    elif state.result is not None:
        out.append("a result before the hand is over")
    return out


def next_dealer(dealer: int, state: HandState) -> int:
    """Dealer rotation (rule book §2), computed independently of the engine's own result."""
    r = state.result
    assert r is not None
    if r.outcome is Outcome.EXHAUSTED:
        return (dealer + 1) % SEATS
    winners = [w.seat for w in r.wins]
    if len(winners) == 1:
        return winners[0]
    robbed = r.robbed_seat
    assert robbed is not None
    return min(winners, key=lambda s: (s - robbed) % SEATS)
