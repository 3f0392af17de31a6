"""The first ``hard`` AI, kept as the arena level ``hard-v1`` to measure its successor
(:mod:`.hard_ai`) against: the shape analysis (:mod:`.analysis`) turned into decisions.

It reads every discard and every claim off the analysis (shanten, effective tiles with their
unseen copies, the waits that are real wins and what they pay, the 宝吊头 state) and adds what
the analysis leaves to the player. Each rule below was kept because duplicate-deal arenas
against ``normal`` showed it paying (``shangrao-bot arena --ai hard-v1 --vs normal``):

* **Wins.** A legal win is taken, except for 偷机: a plain 宝吊头 win is declined when playing
  on for 宝吊宝 / 宝吊无宝 is expected to pay (:func:`.ai.steal_pays`) and no other seat looks
  close (:func:`threat`): a close seat raises the risk that it wins first.
* **Discards.** In this order: a discard into the 宝吊头 state (every next draw wins); fewer
  shanten; more unseen tiles that help (at tenpai: the waits that are real wins); then the
  analysis's weight (what those draws are worth); then the loosest tile (fewest neighbours),
  and among those the kind with fewer unseen copies. Counting the helpful tiles before their
  value was measured better than the analysis's own value-first rule: a quick plain win beats
  a slow rich one often enough at this table.
* **飞宝.** Discarding a 宝 doubles the flier's wins but also what it pays, and gives up a
  wildcard. ``hard`` flies a 宝 only when that leaves the hand closer than every other discard
  does (it gains a shanten) and no other seat looks close. ``normal`` also flies a 宝 that
  adds nothing to a close hand; arenas showed that flight costing more than it wins.
* **Kongs.** A kong pays a bonus at once (暗杠/跌宝杠 from the hand 2, 明杠/补杠 1, from each
  other player) and a 明杠/暗杠/补杠's replacement may win as 杠开: one is declared or claimed
  whenever the hand stays as close (from a hand that can be ready, only when it keeps at least
  half of its real-win draws: :data:`KONG_WAITS_KEPT`), and a claimable 明杠 is preferred to a
  pong. Never with a 宝 (it would lock a wildcard away), never from the 宝吊头 state (every
  draw already wins; under ``shangrao``), and a 补杠 not while another seat looks close (it can
  be robbed: 抢杠 pays six times).
* **Claims** (:func:`effective_key`). A chi or pong is made when the hand it leaves is closer
  than passing, or, already ready or one from it, worth clearly more (its weight at least
  twice passing's, plus :data:`CLAIM_MARGIN`): a meld gives up the concealed shapes and is
  seen by all, so a claim that only keeps pace is declined. A ready hand whose waits are all
  no-wins (an 有宝平胡) counts one shanten further than it looks here: it must reshape before it
  can win, so a claim into it is no gain and a claim out of it into real waits is one.
* **Defence** (:func:`threat`, :func:`danger`). Nobody wins on a discard here (§5), so a
  discard endangers only by what a claim gives away: a pong or a chi that brings a close seat
  nearer its self-drawn win (and, for that seat, a 宝 flown by us doubles what we pay). A seat
  looks close with several melds, with 宝 flown (a player flies when close, and its win is
  then doubled) and as the wall empties. When the most threatening seat reaches
  :data:`DEFENCE_THRESHOLD` and the own hand is :data:`FAR_SHANTEN` or more from ready (so
  it has little to lose), ``hard`` throws, among the discards that keep its best shanten, the
  one least likely to be claimed.

Decisions are pure functions of the view: the rng is kept for the :class:`.ai.Player`
protocol and the arena's reproducibility, and nothing here draws from it. The analysis of one
view costs about a millisecond.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import NormalAI
from shangrao_bot.engine.analysis import (
    LIVE_DRAWS,
    ClaimAnalysis,
    DiscardAnalysis,
    rank_view_by_shape,
    shape_of_hand,
)
from shangrao_bot.engine.analysis_input import from_view
from shangrao_bot.engine.claim_shapes import claims_view_by_shape
from shangrao_bot.engine.hand_records import SEATS, Phase, melds_yaojiu
from shangrao_bot.engine.views import PlayerView, unseen_counts
from shangrao_bot.rules.readings import baodiao_counts
from shangrao_bot.rules.ruleset import Preset
from shangrao_bot.rules.shapes import YAOJIU_KINDS, shanten
from shangrao_bot.rules.tiles import HONOR_START, NUM_KINDS, Meld, MeldKind

#: A seat's :func:`threat` from which it counts as close (two melds late in the wall, three
#: melds, or a flown 宝 with a meld and some of the wall gone).
DEFENCE_THRESHOLD = 3.0
#: Own shanten from which a threatened player discards for safety among its best discards.
FAR_SHANTEN = 2
#: How much more (beyond double) a claim's ready-or-nearly hand must be worth than passing's
#: when it is no closer: the analysis's weight is unseen copies × value, so 8 is a few draws'
#: worth of the cheapest win.
CLAIM_MARGIN = 8
#: The share of a ready hand's real-win draws a kong declared from it must keep.
KONG_WAITS_KEPT = 0.5


def threat(view: PlayerView, seat: int) -> float:
    """How close seat ``seat`` looks from what the table shows: one point per meld, one and a
    half per 宝 it has flown, and up to two as the wall empties."""
    pub = view.public
    sv = pub.seats[seat]
    score = float(len(sv.melds)) + 1.5 * sv.bao_flown
    return score + 2.0 * (LIVE_DRAWS - pub.live) / LIVE_DRAWS


def max_threat(view: PlayerView) -> float:
    """The most threatening other seat's :func:`threat`."""
    return max(threat(view, s) for s in range(SEATS) if s != view.seat)


def danger(view: PlayerView, tile: int, unseen: Sequence[int]) -> float:
    """How likely a discard of ``tile`` is to be claimed. A pong needs two copies in one other
    hand, so a kind with at most one copy unseen cannot be ponged, and more unseen copies make
    one likelier; a chi needs the next seat's neighbouring tiles (honours are never chi'd),
    less likely when that seat has discarded the kind itself. A discarded 宝 is dead: nobody
    may claim it (what flying it costs is the 飞宝 rule's business)."""
    pub = view.public
    if tile == pub.bao:
        return 0.0
    risk = (0.0, 0.0, 1.0, 2.0, 2.5)[unseen[tile]]
    if tile < HONOR_START:
        nxt = pub.seats[(view.seat + 1) % SEATS]
        if any(d.tile == tile for d in nxt.discards):
            risk *= 0.5
        else:
            rank = tile % 9
            near = sum(
                unseen[tile + d]
                for d in (-2, -1, 1, 2)
                if 0 <= rank + d < 9 and tile + d != pub.bao
            )
            risk += near / 8
    return risk


def safest(view: PlayerView, candidates: Sequence[DiscardAnalysis], unseen: Sequence[int]) -> int:
    """The discard of ``candidates`` (best-ordered) least likely to be claimed (:func:`danger`);
    of equals the first."""
    tile = min(candidates, key=lambda d: danger(view, d.tile or 0, unseen)).tile
    assert tile is not None
    return tile


def real_wins(d: DiscardAnalysis) -> int:
    """Unseen copies of a ready hand's waits that are real wins (an 有宝平胡 wait is none)."""
    return sum(w.unseen for w in d.waits if w.real_win)


def effective_key(d: DiscardAnalysis) -> tuple[int, int, int]:
    """The analysis's ranking key (shanten, then weight, then unseen effective tiles; lower
    first), except that a ready hand with no real win among its waits counts as one shanten,
    since it must reshape before it can win."""
    s = d.shanten
    if s == 0 and d.weight == 0:
        s = 1
    return (s, -d.weight, -d.effective_unseen)


def can_enter_baodiao(hand: Sequence[int], bao: int) -> bool:
    """A 14-tile hand can discard (a non-宝) into the 宝吊头 state, where every draw wins."""
    c = list(hand)
    for k in range(NUM_KINDS):
        if c[k] and k != bao:
            c[k] -= 1
            ok = baodiao_counts(c, bao)
            c[k] += 1
            if ok:
                return True
    return False


class FirstHardAI:
    """The analysis-driven player (see the module docstring)."""

    name = "hard-v1"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._normal = NormalAI(rng)  # its reading of 偷机 and of a tile's isolation

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        win = next((a for a in legal if a.kind is ActionKind.WIN), None)
        if view.public.phase is not Phase.TURN:
            if win is not None:
                return win  # 地胡 or 抢杠: nothing better can come of declining
            return self._claim(view)
        hand = [0] * NUM_KINDS
        for t in view.concealed:
            hand[t] += 1
        if view.drawn is not None:
            hand[view.drawn] += 1
        if win is not None and not self._steal(view, hand):
            return win
        kong = self._kong(view, hand)
        if kong is not None:
            return kong
        return self._discard(view, hand)

    # own turn ---------------------------------------------------------------------------------

    def _steal(self, view: PlayerView, hand: list[int]) -> bool:
        """偷机 when the expected-value reading says playing on pays and no seat looks close."""
        if max_threat(view) >= DEFENCE_THRESHOLD:
            return False
        return self._normal._steal_instead(view, hand, unseen_counts(view, hand))

    def _kong(self, view: PlayerView, hand: list[int]) -> Action | None:
        """A 暗杠 / 跌宝杠 / 补杠 that leaves the hand as close as it is (see the docstring)."""
        pub = view.public
        bao = pub.bao
        me = pub.seats[view.seat]
        melds = len(me.melds)
        yaojiu = melds_yaojiu(me.melds)
        threatened = max_threat(view) >= DEFENCE_THRESHOLD
        base: int | None = None
        for a in view.legal:
            if a.kind not in (ActionKind.ANGANG, ActionKind.BUGANG) or a.tile in (None, bao):
                continue
            if a.kind is ActionKind.BUGANG and threatened:
                continue
            assert a.tile is not None
            if base is None:
                if pub.rules.preset is Preset.SHANGRAO and can_enter_baodiao(hand, bao):
                    return None
                base = shanten(hand, bao, melds, yaojiu)
            k = a.tile
            after = list(hand)
            if a.kind is ActionKind.BUGANG:
                after[k] -= 1
                m2 = melds
            else:
                after[k] = 0  # four in hand, or the three 跌宝杠 tiles
                m2 = melds + 1
            if shanten(after, bao, m2, yaojiu and k in YAOJIU_KINDS) > base:
                continue
            # a kong with a replacement draw (not a 跌宝杠 from the hand, of three tiles) from
            # a hand that can discard into a ready one: the waits it leaves against those
            replaced = a.kind is ActionKind.BUGANG or hand[k] == 4
            if base == 0 and replaced and not self._keeps_waits(view, a, after):
                continue
            return a
        return None

    def _keeps_waits(self, view: PlayerView, kong: Action, after: Sequence[int]) -> bool:
        """A kong declared from a hand that can discard into a ready one keeps at least
        :data:`KONG_WAITS_KEPT` of that hand's real-win draws: the bonus and the replacement
        draw (which wins as 杠开, doubled) are worth a few waits, not the wait itself."""
        k = kong.tile
        assert k is not None
        inp = from_view(view)
        own = list(inp.melds)
        if kong.kind is ActionKind.BUGANG:
            i = next(i for i, m in enumerate(own) if m.kind is MeldKind.PONG and m.tiles[0] == k)
            own[i] = Meld(MeldKind.KONG_EXPOSED, (k,) * 4)
        else:
            own.append(Meld(MeldKind.KONG_CONCEALED, (k,) * 4))
        tiles = tuple(t for t in range(NUM_KINDS) for _ in range(after[t]))
        left = shape_of_hand(dataclasses.replace(inp, tiles=tiles, melds=tuple(own), discards=None))
        now = max((real_wins(d) for d in rank_view_by_shape(view) if d.shanten == 0), default=0)
        return real_wins(left) >= KONG_WAITS_KEPT * now

    def _discard(self, view: PlayerView, hand: list[int]) -> Action:
        legal = view.legal
        ranked = rank_view_by_shape(view)
        tile = self._pick(view, hand, ranked) if ranked else None
        return next(
            a for a in legal if a.kind is ActionKind.DISCARD and (tile is None or a.tile == tile)
        )

    def _pick(self, view: PlayerView, hand: list[int], ranked: Sequence[DiscardAnalysis]) -> int:
        """The discard by the module's order, with the 飞宝 and defence rules."""
        pub = view.public
        bao = pub.bao
        unseen = unseen_counts(view, hand)
        shangrao = pub.rules.preset is Preset.SHANGRAO
        best_non_bao = min((d.shanten for d in ranked if d.tile != bao), default=99)
        threatened = max_threat(view) >= DEFENCE_THRESHOLD
        scored: list[tuple[tuple[int, ...], DiscardAnalysis]] = []
        for d in ranked:
            k = d.tile
            assert k is not None
            s = d.shanten
            # 宝吊头 under baike counts only with a single 宝 (a 宝调 wait); under shangrao
            # other 宝 may act inside the sets
            in_state = d.baodiao and (shangrao or hand[bao] - (k == bao) == 1)
            count = real_wins(d) if s == 0 else d.effective_unseen
            flying = k == bao
            keep = flying and not (s < best_non_bao and not threatened)
            iso = NormalAI._isolation(hand, k, bao)
            key = (int(in_state), -int(keep), -s, count, d.weight, iso, -unseen[k])
            scored.append((key, d))
        scored.sort(key=lambda x: x[0], reverse=True)
        top = scored[0][1]
        assert top.tile is not None
        if threatened and top.shanten >= FAR_SHANTEN:
            same = [d for _, d in scored if d.shanten == top.shanten and d.tile != bao]
            if same:
                return safest(view, same, unseen)
        return top.tile

    # claims -----------------------------------------------------------------------------------

    def _claim(self, view: PlayerView) -> Action:
        legal = view.legal
        passing = next(a for a in legal if a.kind is ActionKind.PASS)
        options = claims_view_by_shape(view)
        stay = next(o for o in options if o.passing).outcome
        if stay.baodiao:
            return passing  # every draw wins already
        base = effective_key(stay)
        best: tuple[tuple[int, ...], Action] | None = None
        for o in options:
            if o.action is None or not claim_helps(o, base):
                continue
            key = (int(o.action.kind is not ActionKind.KONG), *effective_key(o.outcome))
            if best is None or key < best[0]:
                best = (key, o.action)
        return best[1] if best is not None else passing


def claim_helps(o: ClaimAnalysis, base: tuple[int, int, int]) -> bool:
    """A claim worth making against passing's :func:`effective_key` ``base`` (the module's
    Claims rule): a kong when not further; a chi or pong when closer, or, ready or one from
    it either way, worth at least twice as much plus :data:`CLAIM_MARGIN`."""
    assert o.action is not None
    s, neg_weight, _ = effective_key(o.outcome)
    if o.action.kind is ActionKind.KONG:
        return s <= base[0]
    if s < base[0]:
        return True
    return s == base[0] and s <= 1 and -neg_weight >= 2 * -base[1] + CLAIM_MARGIN
