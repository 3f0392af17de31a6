"""AI players. They see only a :class:`~.views.PlayerView` — their own tiles and the table —
and always return one of its legal actions.

* ``easy``: a uniformly random legal action.
* ``normal``: discards by shanten and tile acceptance with 宝 awareness. It aims for what
  Shangrao actually pays: a clean hand, a 宝-friendly shape (七对, 碰碰胡, 十三浪, 九幺) or the
  宝吊头 state (four sets and a lone 宝: every draw wins). It keeps its 宝 unless the hand is close
  and the 宝 adds nothing (then 飞宝 doubles its win, at the risk of doubling what it pays), claims
  碰/吃/杠 when they shorten the hand (a 明杠 or a 跌宝杠 on a discard also when it keeps the
  hand as close: the kong bonus comes free), robs a 补杠 whenever the engine allows it (an
  有宝平胡 too, under ``rob_with_bao``), and weighs 偷机 (declining a plain 宝吊头 win for a
  chance at 宝吊宝/宝吊无宝) by expected value. It never attempts a win the preset forbids: it
  only wins when the engine lists the win as legal.

Decisions are pure functions of the view and a seeded :class:`random.Random`, so a simulation
with a seed is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.hand_records import Phase, melds_yaojiu
from shangrao_bot.engine.views import PlayerView, unseen_counts
from shangrao_bot.rules.readings import baodiao_counts
from shangrao_bot.rules.ruleset import Preset
from shangrao_bot.rules.shapes import (
    YAOJIU_KINDS,
    Shape,
    complete_shapes,
    is_complete,
    natural_keys,
    shanten,
    shanten_keys,
)
from shangrao_bot.rules.tables import W7, W9
from shangrao_bot.rules.tiles import HONOR_START, NUM_KINDS

_NON_STANDARD = (Shape.SEVEN_PAIRS, Shape.THIRTEEN_LAN, Shape.YAOJIU)


class Player(Protocol):
    """Anything that picks an action from a view (AI players; a human adapter in the CLI)."""

    name: str

    def choose(self, view: PlayerView) -> Action: ...


class EasyAI:
    """A random legal action: never illegal, rarely good."""

    name = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)


# --- the normal player -------------------------------------------------------------------------


def _triplets_only(c: Sequence[int], bao: int, sets: int) -> bool:
    """A 14-equivalent hand completes as triplets and a pair with its 宝 as wildcards (碰碰胡)."""
    b = c[bao]
    kinds = [c[k] for k in range(NUM_KINDS) if c[k] and k != bao]
    if any(n > 3 for n in kinds) or len(kinds) > sets + 1:
        return False
    need_all_triplets = sum(3 - n for n in kinds)
    best = None
    for n in kinds:  # one kind is the pair instead of a triplet
        need = need_all_triplets - (3 - n) + (2 - n) if n <= 2 else None
        if need is not None:
            extra = (sets - (len(kinds) - 1)) * 3  # sets made of 宝 alone
            total = need + extra
            best = total if best is None or total < best else best
    if len(kinds) <= sets:  # the pair made of 宝 alone
        total = need_all_triplets + (sets - len(kinds)) * 3 + 2
        best = total if best is None or total < best else best
    return best is not None and best == b


class NormalAI:
    name = "normal"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        hand = [0] * NUM_KINDS
        for t in view.concealed:
            hand[t] += 1
        if view.drawn is not None:
            hand[view.drawn] += 1
        if view.public.phase is Phase.TURN:
            return self._turn(view, hand)
        return self._claim(view, hand)

    # own turn ---------------------------------------------------------------------------------

    def _turn(self, view: PlayerView, hand: list[int]) -> Action:
        legal = view.legal
        pub = view.public
        bao = pub.bao
        me = pub.seats[view.seat]
        melds = len(me.melds)
        yaojiu = melds_yaojiu(me.melds)
        unseen = unseen_counts(view, hand)
        win = next((a for a in legal if a.kind is ActionKind.WIN), None)
        if win is not None and not self._steal_instead(view, hand, unseen):
            return win
        # kongs that do not lengthen the hand: free bonus points and a replacement draw
        base = shanten(hand, bao, melds, yaojiu)
        for a in legal:
            if a.kind not in (ActionKind.ANGANG, ActionKind.BUGANG) or a.tile == bao:
                continue  # never lock a 宝 away in a kong
            assert a.tile is not None
            k = a.tile
            after = list(hand)
            if a.kind is ActionKind.BUGANG:
                after[k] -= 1
                m2 = melds
            else:
                after[k] = 0
                m2 = melds + 1
            # 暗杠 and 补杠 compare a 13-form with a replacement to come; 跌宝杠 keeps 14-form
            if shanten(after, bao, m2, yaojiu and k in YAOJIU_KINDS) <= base:
                return a
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        return self._best_discard(view, hand, discards, unseen, melds, yaojiu)

    def _best_discard(
        self,
        view: PlayerView,
        hand: list[int],
        discards: Sequence[Action],
        unseen: Sequence[int],
        melds: int,
        yaojiu: bool,
    ) -> Action:
        pub = view.public
        bao = pub.bao
        preset = pub.rules.preset
        scored: list[tuple[tuple[int, ...], Action]] = []
        shant: dict[int, int] = {}
        for a in discards:
            assert a.tile is not None
            k = a.tile
            hand[k] -= 1
            shant[k] = shanten(hand, bao, melds, yaojiu)
            hand[k] += 1
        best_s = min(shant.values())
        best_non_bao = min((s for k, s in shant.items() if k != bao), default=best_s)
        for a in discards:
            assert a.tile is not None
            k = a.tile
            s = shant[k]
            if s > best_s:
                continue
            hand[k] -= 1
            in_state = baodiao_counts(hand, bao) and (preset is Preset.SHANGRAO or hand[bao] == 1)
            accept = (
                0 if in_state else self._acceptance(hand, bao, melds, yaojiu, s, unseen, preset)
            )
            hand[k] += 1
            flying = k == bao
            if flying:
                # 飞宝 only when the 宝 adds nothing and the hand is close: it doubles the win
                keep_penalty = 0 if (s <= best_non_bao and s <= 1 and accept >= 4) else 1
            else:
                keep_penalty = 0
            isolation = self._isolation(hand, k, bao)
            scored.append(
                (
                    (
                        int(in_state),
                        -keep_penalty,
                        -s,
                        accept,
                        int(flying),
                        isolation,
                        -unseen[k],
                    ),
                    a,
                )
            )
        scored.sort(key=lambda x: x[0], reverse=True)
        return scored[0][1]

    @staticmethod
    def _isolation(hand: Sequence[int], k: int, bao: int) -> int:
        """How little the tile ``k`` connects to the rest (tie-break: throw loners first)."""
        if k >= HONOR_START:
            return 3 if hand[k] == 1 else 0
        rank = k % 9
        near = 0
        for d in (-2, -1, 1, 2):
            r = rank + d
            if 0 <= r < 9 and hand[k + d] and k + d != bao:
                near += 1
        edge = 1 if rank in (0, 8) else 0
        return (2 - min(near, 2)) + edge - (hand[k] - 1) * 2

    def _acceptance(
        self,
        c13: list[int],
        bao: int,
        melds: int,
        yaojiu: bool,
        s: int,
        unseen: Sequence[int],
        preset: Preset,
    ) -> int:
        """Unseen tiles whose draw lowers the shanten (at tenpai: that make a hand the preset
        lets win). Drawing kind j changes one per-suit key by one weight, so the keys are
        updated rather than recomputed for each of the 34 kinds."""
        total = 0
        if s == 0:
            for j in range(NUM_KINDS):
                u = unseen[j]
                if u:
                    c13[j] += 1
                    if is_complete(c13, bao, melds, yaojiu) and allowed_win(
                        c13, bao, melds, yaojiu, preset
                    ):
                        total += u
                    c13[j] -= 1
            return total
        keys = list(natural_keys(c13, bao))
        b = keys[4]
        for j in range(NUM_KINDS):
            u = unseen[j]
            if not u:
                continue
            if j == bao:
                got = shanten_keys(keys[0], keys[1], keys[2], keys[3], b + 1, melds, yaojiu, False)
            else:
                suit = j // 9
                keys[suit] += W9[j % 9] if suit < 3 else W7[j - 27]
                got = shanten_keys(keys[0], keys[1], keys[2], keys[3], b, melds, yaojiu, False)
                keys[suit] -= W9[j % 9] if suit < 3 else W7[j - 27]
            if got < s:
                total += u
        return total

    def _steal_instead(self, view: PlayerView, hand: list[int], unseen: Sequence[int]) -> bool:
        """偷机: decline a plain 宝吊头 win (×3) when the chance of 宝吊宝/宝吊无宝 (×6) on the
        next draw outweighs the risk that someone else wins first."""
        pub = view.public
        if pub.rules.preset is not Preset.SHANGRAO or view.drawn is None:
            return False
        if view.replacement or pub.sequence == 0:
            return False  # 杠开 is lost on the next draw, 天胡 pays a flat 10: take them
        bao = pub.bao
        before = list(hand)
        before[view.drawn] -= 1
        if view.drawn == bao or not baodiao_counts(before, bao):
            return False
        me = pub.seats[view.seat]
        melds = len(me.melds)
        if is_complete(hand, None, melds, melds_yaojiu(me.melds)):
            return False  # already clean: 宝吊无宝
        if _triplets_only(hand, bao, 4 - melds):
            return False  # 碰碰胡宝吊头 pays 8
        better = unseen[bao]
        yaojiu = melds_yaojiu(me.melds)
        for j in range(NUM_KINDS):
            if unseen[j] and j != bao:
                before[j] += 1
                if is_complete(before, None, melds, yaojiu):
                    better += unseen[j]
                before[j] -= 1
        pool = sum(unseen)
        return steal_pays(better / pool if pool else 0.0, pub.live)

    # claims -----------------------------------------------------------------------------------

    def _claim(self, view: PlayerView, hand: list[int]) -> Action:
        legal = view.legal
        win = next((a for a in legal if a.kind is ActionKind.WIN), None)
        if win is not None:
            return win
        pub = view.public
        bao = pub.bao
        me = pub.seats[view.seat]
        melds = len(me.melds)
        yaojiu = melds_yaojiu(me.melds)
        if pub.rules.preset is Preset.SHANGRAO and baodiao_counts(hand, bao):
            return next(a for a in legal if a.kind is ActionKind.PASS)
        base = shanten(hand, bao, melds, yaojiu)
        best: tuple[int, Action] | None = None
        for a in legal:
            if a.kind is ActionKind.PASS or a.tile is None:
                continue
            t = a.tile
            after = list(hand)
            y2 = yaojiu and t in YAOJIU_KINDS
            if a.kind is ActionKind.KONG and a.tiles:
                # a 跌宝杠 on a discard: a pong's shape (a discard follows, no replacement) and
                # a 碰杠 bonus on top, so it beats the pong and is taken when not worse
                after[t] -= 2
                s = shanten_after_discard(after, bao, melds + 1, y2)
                gain = base - s + 1
            elif a.kind is ActionKind.KONG:
                after[t] -= 3
                s = shanten(after, bao, melds + 1, y2)  # 10-form after the kong, before the draw
                gain = base - s + 1  # the bonus point and a free draw: take it if not worse
            else:
                if a.kind is ActionKind.PONG:
                    after[t] -= 2
                else:
                    for x in a.tiles:
                        if x != t:
                            after[x] -= 1
                    y2 = yaojiu and all(x in YAOJIU_KINDS for x in a.tiles)
                s = shanten_after_discard(after, bao, melds + 1, y2)
                gain = base - s
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, a)
        if best is not None:
            return best[1]
        return next(a for a in legal if a.kind is ActionKind.PASS)


STEAL_MIN_LIVE = 8  # below this many live tiles a 宝吊头 win is always taken


def steal_pays(p_better: float, live: int) -> bool:
    """偷机 by expected value, per payer. Taking the plain 宝吊头 win now is worth 3. Playing on
    (discarding the drawn tile, still in the state) wins on the next draw: 6 with probability
    ``p_better`` (宝吊宝 or 宝吊无宝), else 3 — unless another player wins first (``risk``), which
    loses the 3 and costs about 4 more. The risk grows as the wall empties; with fewer than 8
    live tiles the win is always taken."""
    if live < STEAL_MIN_LIVE:
        return False
    return steal_play_on(3 + 3 * p_better, 3, live) > 3


def steal_risk(live: int) -> float:
    """The chance that another player wins before one's next draw, as :func:`steal_pays` takes
    it: small early, growing as the wall empties."""
    return min(0.5, 0.06 + 0.12 * (82 - live) / 82)


def steal_play_on(expected_next: float, plain: float, live: int) -> float:
    """What playing on after declining a win worth ``plain`` is worth, per payer: the next draw
    wins ``expected_next`` on average unless another player wins first, which loses the win
    and costs about four thirds of it more (4 when ``plain`` is the 宝吊头 3)."""
    risk = steal_risk(live)
    return (1 - risk) * expected_next - risk * (plain * 4 / 3)


def shanten_after_discard(c: list[int], bao: int, melds: int, yaojiu: bool) -> int:
    """The best shanten reachable by discarding one tile (never a 宝) from 14-form counts."""
    best = 99
    for k in range(NUM_KINDS):
        if c[k] and k != bao:
            c[k] -= 1
            s = shanten(c, bao, melds, yaojiu)
            c[k] += 1
            if s < best:
                best = s
    if best == 99:
        best = shanten(c, bao, melds, yaojiu)
    return best


def allowed_win(c: list[int], bao: int, melds: int, yaojiu: bool, preset: Preset) -> bool:
    """A quick reading of whether a complete 14-form hand is a win the preset allows (the
    engine's scorer has the last word): clean hands always; with 宝 acting, the 宝-friendly
    shapes (碰碰胡, and under ``shangrao`` 七对, 十三浪, 九幺)."""
    if is_complete(c, None, melds, yaojiu):
        return True
    if _triplets_only(c, bao, 4 - melds):
        return True
    if preset is Preset.SHANGRAO:
        return any(s in _NON_STANDARD for s in complete_shapes(c, bao, melds, yaojiu))
    return False
