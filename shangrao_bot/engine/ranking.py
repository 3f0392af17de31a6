"""The 何切 ranking players see: every discard (or every answer to a claim) judged by how far it
leaves the hand from a real win and by the points it can expect (:mod:`.lookahead`), over the
shape analysis's facts (:mod:`.analysis`: shapes, effective tiles, waits and their values).

**The ranking rule**, in players' words (the rule book's players read it in ``docs/``): the
discard that leaves the hand the most points to expect — how likely it is to win before the
wall runs out, times what it wins, less what a rival's win would cost — comes first. When two
expect the same, the one closer to a real win, then the likelier to win, then the one with more
useful tiles unseen, then the lower tile. A hand that looks ready but whose every wait is an
有宝平胡 is *not* ready here: it counts as one tile away (or two, when no draw fixes it).

For claims, passing and each chi, pong, 明杠 or 跌宝杠 are judged by the hand they leave (after a
chi, pong or 跌宝杠 with the best discard that must follow); on a tie passing comes first.

Pure: it reads an :class:`AnalysisInput` and returns the analysis's frozen dataclasses with
their lookahead fields filled.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.analysis import (
    ClaimAnalysis,
    DiscardAnalysis,
    HandContext,
    held_kinds,
    shape_outcome,
    shape_ranking,
)
from shangrao_bot.engine.analysis_input import AnalysisInput, from_view
from shangrao_bot.engine.claim_shapes import claim_hands
from shangrao_bot.engine.lookahead import ReadyMemo, look_ahead
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.rules.shapes import natural_keys
from shangrao_bot.rules.tiles import counts_of


def closeness(d: DiscardAnalysis) -> int:
    """How many tiles the hand is from a complete one, counting a hand that completes only into
    有宝平胡s (or cannot be completed into a real win in one draw) as one away: 0 means really
    ready."""
    assert d.shape_shanten is not None, "a looked-ahead analysis"
    if d.shanten == 0:
        return 0
    return max(d.shape_shanten, 1)


def ranking_group(d: DiscardAnalysis) -> int:
    """The first part of the ranking rule: hands ready or one tile away (:func:`closeness` at
    most 1) form one group, compared on expected points; farther ones come after, closest
    first."""
    return max(closeness(d), 1)


def ranking_key(d: DiscardAnalysis) -> tuple[int, float, int, float, int, int]:
    """The ranking rule of the module (lower first): hands ready or one tile away
    (:func:`closeness` at most 1) before farther ones, farther ones closest first; then more
    expected points, fewer real shanten, a likelier win, more unseen effective tiles, the lower
    tile kind."""
    assert d.expected is not None and d.win_chance is not None, "a looked-ahead analysis"
    return (
        ranking_group(d),
        -round(d.expected, 9),
        d.shanten,
        -round(d.win_chance, 9),
        -d.effective_unseen,
        -1 if d.tile is None else d.tile,
    )


def _ranked(c14: list[int], candidates: Sequence[int], ctx: HandContext) -> list[DiscardAnalysis]:
    memo = ReadyMemo(ctx)
    out = []
    for d in shape_ranking(c14, candidates, ctx):
        assert d.tile is not None
        c14[d.tile] -= 1
        out.append(look_ahead(d, c14, memo))
        c14[d.tile] += 1
    return sorted(out, key=ranking_key)


def _standing(c13: list[int], ctx: HandContext) -> DiscardAnalysis:
    keys = natural_keys(c13, ctx.bao)
    return look_ahead(shape_outcome(None, c13, keys[:4], keys[4], ctx), c13, ReadyMemo(ctx))


def rank_discards(inp: AnalysisInput) -> tuple[DiscardAnalysis, ...]:
    """Every candidate discard of a hand on its turn (14 tiles, melds counted as three), best
    first by the module's rule. ``inp.discards`` limits the candidates (else every kind
    held)."""
    c14 = counts_of(inp.tiles)
    held = held_kinds(c14)
    candidates = held if inp.discards is None else [k for k in inp.discards if c14[k]]
    return tuple(_ranked(c14, candidates, HandContext.of(inp, inp.melds, inp.unseen(), c14)))


def analyze_hand(inp: AnalysisInput) -> DiscardAnalysis:
    """A 13-tile hand as it stands (between turns), looked ahead."""
    c13 = counts_of(inp.tiles)
    return _standing(c13, HandContext.of(inp, inp.melds, inp.unseen(), c13))


def analyze_claims(inp: AnalysisInput, actions: Sequence[Action]) -> tuple[ClaimAnalysis, ...]:
    """Passing and each claim in ``actions`` for a 13-tile hand, best first by the module's
    rule; on a tie passing comes first, then the claims in the order given."""
    options: list[tuple[tuple[int, float, int, float, int], int, ClaimAnalysis]] = []
    for h in claim_hands(inp, actions):
        if h.discard_follows:
            outcome = _ranked(h.counts, held_kinds(h.counts), h.ctx)[0]
        else:
            outcome = _standing(h.counts, h.ctx)
        options.append((ranking_key(outcome)[:5], h.order, ClaimAnalysis(h.action, outcome)))
    options.sort(key=lambda o: (o[0], o[1]))
    return tuple(o for _, _, o in options)


def rank_view(view: PlayerView) -> tuple[DiscardAnalysis, ...]:
    """:func:`rank_discards` of the seat's own view (on its turn)."""
    return rank_discards(from_view(view))


def claims_view(view: PlayerView) -> tuple[ClaimAnalysis, ...]:
    """:func:`analyze_claims` of the seat's own view, on the claims its legal actions offer."""
    return analyze_claims(from_view(view), view.legal)
