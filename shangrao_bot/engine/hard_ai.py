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
* **Claims** as ``hard-v1``: a meld is seen by all and gives up concealed shapes, which the
  ranking does not price, so a claim is made only when it brings the hand closer (or keeps a
  close hand clearly richer).

Decisions are pure functions of the view; the rng is kept for the :class:`.ai.Player` protocol.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import NormalAI
from shangrao_bot.engine.analysis import DiscardAnalysis
from shangrao_bot.engine.first_hard_ai import (
    DEFENCE_THRESHOLD,
    FAR_SHANTEN,
    FirstHardAI,
    danger,
    max_threat,
    real_wins,
)
from shangrao_bot.engine.ranking import closeness, rank_view, ranking_group
from shangrao_bot.engine.views import PlayerView, unseen_counts
from shangrao_bot.rules.ruleset import Preset


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
                safest = min(same, key=lambda d: danger(view, d.tile or 0, unseen))
                assert safest.tile is not None
                return safest.tile
        return top.tile
