"""The claims a seat could make on a discard, as hands to judge by their shape: what each
answer (passing, chi, pong, 明杠, 跌宝杠) leaves in the hand and the context it is judged in
(:func:`claim_hands`), and those answers ranked by the shape facts of :mod:`.analysis`
(:func:`claims_by_shape`, the first ``hard``'s claims). The ranking players see judges the same
hands by its own measure (:mod:`.ranking`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.analysis import (
    ClaimAnalysis,
    HandContext,
    held_kinds,
    shape_outcome,
    shape_ranking,
)
from shangrao_bot.engine.analysis_input import AnalysisInput, from_view
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.rules.score_model import WinHow
from shangrao_bot.rules.shapes import natural_keys
from shangrao_bot.rules.tiles import Meld, MeldKind, counts_of, indicator_from_bao


def claim_options(inp: AnalysisInput, tile: int, chi: bool) -> tuple[Action, ...]:
    """The claims a 13-tile hand could make on a discarded ``tile`` (``chi``: the seat is the
    discarder's 下家): chi, pong, 明杠 and, of the indicator's kind, a 跌宝杠 — for a plain
    description; an engine view lists its own (``view.legal``). A discarded 宝 is dead."""
    if tile == inp.bao:
        return ()
    c = counts_of(inp.tiles)
    seat = inp.seat
    out: list[Action] = []
    if chi and tile < 27:
        base = tile - tile % 9
        for start in (tile - 2, tile - 1, tile):
            if start < base or start + 2 > base + 8:
                continue
            run = (start, start + 1, start + 2)
            if all(c[x] for x in run if x != tile):
                out.append(Action(seat, ActionKind.CHI, tile, run))
    if c[tile] >= 2:
        out.append(Action(seat, ActionKind.PONG, tile))
        if tile == indicator_from_bao(inp.bao) and inp.rules.indicator_kong:
            out.append(Action(seat, ActionKind.KONG, tile, (tile,) * 3))
    if c[tile] >= 3:
        out.append(Action(seat, ActionKind.KONG, tile))
    return tuple(out)


def _claim_meld(action: Action) -> tuple[Meld, list[int]]:
    """The meld a claim makes and the tiles it takes from the hand."""
    t = action.tile
    assert t is not None
    if action.kind is ActionKind.CHI:
        used = list(action.tiles)
        used.remove(t)
        return Meld(MeldKind.CHI, tuple(action.tiles)), used
    if action.kind is ActionKind.PONG:
        return Meld(MeldKind.PONG, (t,) * 3), [t, t]
    if action.tiles:  # a 跌宝杠 claimed on a discard: three tiles, a discard follows
        return Meld(MeldKind.KONG_INDICATOR_EXPOSED, (t,) * 3), [t, t]
    return Meld(MeldKind.KONG_EXPOSED, (t,) * 4), [t, t, t]


@dataclass(frozen=True)
class ClaimHand:
    """One answer to an offered discard as a hand to judge: ``action`` None for passing, the
    concealed ``counts`` it leaves (13 on a pass or a 明杠, 14 after a chi, pong or 跌宝杠, which a
    discard must follow), and the context they are judged in (the claim's meld added; a 明杠's
    replacement wins as 杠开). ``order``: passing 0, then the claims in the order offered."""

    order: int
    action: Action | None
    counts: list[int]
    ctx: HandContext

    @property
    def discard_follows(self) -> bool:
        return sum(self.counts) % 3 == 2


def claim_hands(inp: AnalysisInput, actions: Sequence[Action]) -> list[ClaimHand]:
    """Passing and each claim in ``actions`` (chi, pong, 明杠 or 跌宝杠 on one discard; others
    are ignored) as hands to judge. The offered tile is among ``inp.seen``: claiming moves it
    from the table into a meld, so what is unseen stays the same."""
    unseen = inp.unseen()
    c13 = counts_of(inp.tiles)
    out = [ClaimHand(0, None, c13, HandContext.of(inp, inp.melds, unseen, c13))]
    for i, a in enumerate(actions, start=1):
        if a.kind not in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG) or a.tile is None:
            continue
        meld, used = _claim_meld(a)
        after = list(c13)
        for x in used:
            after[x] -= 1
        replaced = meld.kind is MeldKind.KONG_EXPOSED  # the next draw is its replacement
        how = WinHow.KONG if replaced else WinHow.SELF
        out.append(
            ClaimHand(i, a, after, HandContext.of(inp, (*inp.melds, meld), unseen, after, how))
        )
    return out


def claims_by_shape(inp: AnalysisInput, actions: Sequence[Action]) -> tuple[ClaimAnalysis, ...]:
    """Passing and each claim in ``actions`` for a 13-tile hand (:func:`claim_hands`), best
    first by the module's rule; on a tie passing comes first, then the claims in the order
    given."""
    options: list[tuple[int, ClaimAnalysis]] = []
    for h in claim_hands(inp, actions):
        if h.discard_follows:
            outcome = shape_ranking(h.counts, held_kinds(h.counts), h.ctx)[0]
        else:
            k = natural_keys(h.counts, inp.bao)
            outcome = shape_outcome(None, h.counts, k[:4], k[4], h.ctx)
        options.append((h.order, ClaimAnalysis(h.action, outcome)))
    options.sort(key=lambda o: (o[1].outcome.shape_key()[:3], o[0]))
    return tuple(o for _, o in options)


def claims_view_by_shape(view: PlayerView) -> tuple[ClaimAnalysis, ...]:
    """:func:`claims_by_shape` of the seat's own view, on the claims its legal actions offer."""
    return claims_by_shape(from_view(view), view.legal)
