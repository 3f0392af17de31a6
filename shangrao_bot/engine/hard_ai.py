"""The ``hard`` AI: the 何切 ranking players see (:mod:`.ranking`) turned into decisions.

It plays the ranking's order — hands ready or one tile away first, compared on the points they
can expect over the draws left (a hand that completes only into 有宝平胡s is one away, not
ready), farther ones closest first — and keeps
from its predecessor (:mod:`.first_hard_ai`, the arena level ``hard-v1``) what the ranking
leaves to the player:

* **Wins and kongs** as ``hard-v1``: a legal win is taken except for a 偷机 that pays while no
  seat looks close; a kong is declared when the hand stays as close.
* **The 宝吊头 state first**: a discard into it (every next draw wins) comes before the order.
* **飞宝** only when it brings the hand closer than every other discard and no seat looks close:
  the expected points count what 飞宝 doubles, but a 宝 kept is a wildcard for later hands of
  the same wall, which no lookahead of one hand sees.
* **Defence.** When another seat looks close (:func:`.first_hard_ai.threat`) and the hand is
  :data:`.first_hard_ai.FAR_SHANTEN` or more from complete, the discard least likely to be
  claimed among those as close as the best (never a 宝).
* **Claims** by the ranking's own measure (:func:`.ranking.analyze_claims`): a chi or pong is
  made when the hand it leaves is in a nearer group of the ranking than passing's, or in the
  same group with at least :data:`CLAIM_POINTS` more points to expect (a meld is seen by all
  and gives up concealed shapes: a claim that only keeps pace is declined); a 明杠 or 跌宝杠
  when the hand stays as close (its bonus is paid at once); never from the 宝吊头 state. Among
  several, a kong first, then the nearest and richest. Duplicate-deal arenas on other seeds
  than the benchmark's chose the margin (0, 0.25, 0.5, 1 and 2 points tried).

Decisions are pure functions of the view; the rng is kept for the :class:`.ai.Player` protocol.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import NormalAI
from shangrao_bot.engine.analysis import DiscardAnalysis
from shangrao_bot.engine.claim_shapes import claims_view_by_shape
from shangrao_bot.engine.first_hard_ai import (
    DEFENCE_THRESHOLD,
    FAR_SHANTEN,
    FirstHardAI,
    max_threat,
    real_wins,
    safest,
)
from shangrao_bot.engine.ranking import claims_view, closeness, rank_view, ranking_group
from shangrao_bot.engine.views import PlayerView, unseen_counts
from shangrao_bot.rules.ruleset import Preset

#: The points to expect a chi or pong must add, beside passing, to be made when the hand stays
#: in the same group of the ranking.
CLAIM_POINTS = 0.25


class HardAI(FirstHardAI):
    """The ranking-driven player (see the module docstring)."""

    name = "hard"

    def _discard(self, view: PlayerView, hand: list[int]) -> Action:
        ranked = rank_view(view)
        tile = self._choose_discard(view, hand, ranked) if ranked else None
        return next(
            a
            for a in view.legal
            if a.kind is ActionKind.DISCARD and (tile is None or a.tile == tile)
        )

    def _choose_discard(
        self, view: PlayerView, hand: list[int], ranked: Sequence[DiscardAnalysis]
    ) -> int:
        pub = view.public
        bao = pub.bao
        unseen = unseen_counts(view, hand)
        shangrao = pub.rules.preset is Preset.SHANGRAO
        best_non_bao = min((closeness(d) for d in ranked if d.tile != bao), default=99)
        threatened = max_threat(view) >= DEFENCE_THRESHOLD
        scored: list[tuple[tuple[float, ...], DiscardAnalysis]] = []
        for d in ranked:
            k = d.tile
            assert k is not None and d.expected is not None
            group = ranking_group(d)
            # 宝吊头 under baike counts only with a single 宝 (a 宝调 wait)
            in_state = d.baodiao and (shangrao or hand[bao] - (k == bao) == 1)
            keep = k == bao and not (closeness(d) < best_non_bao and not threatened)
            count = real_wins(d) if d.shanten == 0 else d.effective_unseen
            iso = NormalAI._isolation(hand, k, bao)
            key = (int(in_state), -int(keep), -group, d.expected, count, iso, -unseen[k])
            scored.append((key, d))
        scored.sort(key=lambda x: x[0], reverse=True)
        top = scored[0][1]
        assert top.tile is not None
        if threatened and closeness(top) >= FAR_SHANTEN:
            same = [d for _, d in scored if closeness(d) == closeness(top) and d.tile != bao]
            if same:
                return safest(view, same, unseen)
        return top.tile

    def _claim(self, view: PlayerView) -> Action:
        """The module's Claims rule."""
        passing = next(a for a in view.legal if a.kind is ActionKind.PASS)
        if not self._claim_may_help(view):
            return passing
        options = claims_view(view)
        stay = next(o for o in options if o.passing).outcome
        if stay.baodiao:
            return passing  # every draw wins already
        assert stay.expected is not None
        best: tuple[tuple[int, int, float], Action] | None = None
        for o in options:
            if o.action is None:
                continue
            d = o.outcome
            assert d.expected is not None
            kong = o.action.kind is ActionKind.KONG
            if kong:
                helps = closeness(d) <= closeness(stay)
            else:
                nearer = ranking_group(d) < ranking_group(stay)
                richer = ranking_group(d) == ranking_group(stay) and (
                    d.expected >= stay.expected + CLAIM_POINTS
                )
                helps = nearer or richer
            if helps:
                key = (int(not kong), ranking_group(d), -d.expected)
                if best is None or key < best[0]:
                    best = (key, o.action)
        return best[1] if best is not None else passing

    @staticmethod
    def _claim_may_help(view: PlayerView) -> bool:
        """Whether some claim could pass the Claims rule, read off the shape analysis (a
        millisecond; the ranking's lookahead of every claim takes up to tens): the ranking's
        group of a hand is at least ``max(shape shanten, 1)`` and passing's at most that of its
        own shape, so a claim whose best discard leaves the shape further (and beyond one
        tile) is never nearer, never in the same group, never as close."""
        shape = claims_view_by_shape(view)
        stay = next(o for o in shape if o.passing).outcome
        if stay.baodiao:
            return False
        reach = max(stay.shanten, 1)
        return any(max(o.shanten, 1) <= reach for o in shape if not o.passing)
