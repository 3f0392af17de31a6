"""Looking ahead from a hand: how far it is from a *real* win, and what it can expect to win.

The shape analysis (:mod:`.analysis`) measures the distance to a complete shape. Under
``shangrao`` a complete shape is not always a win — a standard hand in which a 宝 must stand in
for a tile of a sequence is an 有宝平胡, no win (rule book §7) — so a hand can look ready and
never win. This module corrects that and looks further than one draw:

* **Real shanten.** A 13-tile hand is *ready* (0) when some wait is a win the scorer accepts:
  the 宝 as itself, 宝吊头, 碰碰胡, 七对, 十三浪, 九幺 … (:func:`.analysis.ready_facts` values
  every wait through the scorer's rules). A hand one draw from ready by shape, or ready only
  in 有宝平胡s, is 1 when some draw and discard reach a real ready hand (those draws are its
  effective tiles), else counted 2. A hand two or more from a complete shape keeps the shape's
  count: the 宝 it holds can still take the clean reading by the time it is close. Where that
  search would value more than :data:`SCORER_BUDGET` waits through the scorer (``baike``,
  several 宝), the candidates left keep the shape's figures.
* **Win chance and expected points** over the draws left — the player's own draws, one in
  four of the live wall (:func:`draws_left`):

  - *ready*: each draw wins with chance ``p`` = unseen real-win copies ÷ unseen tiles, and a
    win brings what each wait pays from every payer (their 飞宝 doubling what they pay under
    ``shangrao``), averaged over the waits by their unseen copies; a plain 宝吊头 draw counts at
    its 偷机 value when playing on pays;
  - *one from ready* (real shanten 1): **exact over the next draw** — every kind drawn with
    its chance, then the discard that leaves the best ready hand (above); a draw that helps
    nothing is discarded and the hand waits as it was;
  - *further*: an approximation: each draw brings it one step closer with the chance of its
    effective tiles (the same chance at every step), and once ready it wins with the chance of
    a typical ready hand, :data:`TYPICAL_READY_SHARE`, worth the cheapest win of the shapes it
    is heading for.

  Before each of the player's draws the three others draw; each of them may win first, with
  the chance :func:`.ai.steal_risk` gives per round at the middle of what is left of the wall.
  A rival's win costs :data:`RIVAL_WIN_VALUE` per stake, doubled by each 宝 the player has
  flown (``shangrao``): that is the price of 飞宝.
  ``expected`` = chance of winning × what a win brings − chance a rival wins first × its
  cost. Bonus points (kongs, 接宝 …) are not counted: they are paid whoever wins.

Pure and fast: one full ranking costs a few milliseconds (``bench/analysis.py``). A memo of
ready hands serves a whole ranking, since the hands two exchanges away repeat.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.engine.ai import steal_risk
from shangrao_bot.engine.analysis import (
    DiscardAnalysis,
    HandContext,
    StealInfo,
    WaitValue,
    flown_after,
    keys_without,
    ready_facts,
)
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.shapes import natural_keys, shanten_keys
from shangrao_bot.rules.tiles import NUM_KINDS

#: The chance that one draw of a typical ready hand wins: about five live real-win copies among
#: the eighty-odd tiles a player cannot see (the far-hand approximation's last step).
TYPICAL_READY_SHARE = 0.06
#: The chance that one draw brings a hand ``n`` from ready a step closer, for a typical hand at
#: that distance (the median share of unseen tiles that are effective for the best discards
#: of hands that AI players played out): the far-hand approximation's steps after the first.
TYPICAL_STEP_SHARE = {1: 0.22, 2: 0.28, 3: 0.36}
#: What another player's win costs, per stake, before the 飞宝 doubling: about the average
#: self-drawn win's payment per payer.
RIVAL_WIN_VALUE = 3.0
#: Waits a ranking may value through the scorer (about a millisecond each, where the fast
#: shape checks do not apply: ``baike``, hands with several 宝) for its exact steps; past it,
#: the candidates left are estimated from their shape (a hand with many ways to be ready costs
#: at most this, about a tenth of a second).
SCORER_BUDGET = 80
#: The real shanten given to a hand that is one draw from a complete shape (or ready only in
#: 有宝平胡s) but that no draw and discard bring to a real ready hand.
FAR_FROM_REAL = 2


@dataclass(frozen=True)
class ReadyChance:
    """A real ready hand's figures per draw: ``p`` the chance that a draw wins, ``gain`` what a
    win brings from every payer, ``cost`` what a rival's win costs the player."""

    p: float
    gain: float
    cost: float


@dataclass(frozen=True)
class Horizon:
    """What the lookahead takes as fixed for one position: the player's ``draws`` left, the
    chance ``survive`` that the three others' draws before each of them all miss, and the
    unseen ``pool`` its draws come from."""

    draws: int
    survive: float
    pool: int

    @classmethod
    def of(cls, ctx: HandContext) -> Horizon:
        draws = draws_left(ctx.live)
        risk = steal_risk(max(ctx.live // 2, 0))
        return cls(draws, 1.0 - risk, sum(ctx.unseen))


def draws_left(live: int) -> int:
    """The player's own draws left with ``live`` tiles in the wall: one in four."""
    return max(live, 0) // 4


def payers_factor_of(rules: RuleSet, flown: Sequence[int], seat: int) -> float:
    """How many times a win's value of ``seat`` the other players pay together: under
    ``shangrao`` each pays it doubled by every 宝 he flew; under ``baike`` each pays it once."""
    if rules.preset is not Preset.SHANGRAO:
        return 3.0
    return float(sum(2**f for s, f in enumerate(flown) if s != seat))


def payers_factor(flown: Sequence[int], ctx: HandContext) -> float:
    """:func:`payers_factor_of` the context's player."""
    return payers_factor_of(ctx.rules, flown, ctx.seat)


def rival_cost(flown: Sequence[int], ctx: HandContext) -> float:
    """What a rival's win costs the player (his own 飞宝 doubling it under ``shangrao``)."""
    doubling = 2 ** flown[ctx.seat] if ctx.rules.preset is Preset.SHANGRAO else 1
    return RIVAL_WIN_VALUE * ctx.rules.stake * doubling


def ready_chance(
    found: Sequence[WaitValue],
    steal: StealInfo | None,
    flown: Sequence[int],
    ctx: HandContext,
    pool: int,
) -> ReadyChance | None:
    """The per-draw figures of a hand with these waits; None when none is a real win."""
    real = [w for w in found if w.value is not None]
    if not real:
        return None
    copies = sum(w.unseen for w in real)
    payers = payers_factor(flown, ctx)
    cost = rival_cost(flown, ctx)
    if copies == 0:
        return ReadyChance(0.0, 0.0, cost)
    plain = steal.plain if steal is not None and steal.pays else None
    total = 0.0
    for w in real:
        assert w.value is not None
        value = float(w.value)
        if steal is not None and w.value == plain:
            value = max(value, steal.play_on)  # 偷机: playing on is worth more
        total += w.unseen * value
    return ReadyChance(copies / pool if pool else 0.0, total / copies * payers, cost)


def _geometric(x: float, n: int) -> float:
    """1 + x + … + x^(n-1)."""
    return float(n) if x == 1.0 else (1.0 - x**n) / (1.0 - x)


def ready_outlook(chance: ReadyChance, h: Horizon, draws: int) -> tuple[float, float]:
    """``(win chance, expected points)`` of a ready hand over ``draws`` of its own draws."""
    a = h.survive * (1.0 - chance.p)
    g = _geometric(a, draws)
    win = h.survive * chance.p * g
    lose = (1.0 - h.survive) * g
    return win, win * chance.gain - lose * chance.cost


def one_from_ready_outlook(
    helpers: Sequence[tuple[float, ReadyChance]], h: Horizon, cost: float
) -> tuple[float, float]:
    """``(win chance, expected points)`` of a hand one draw from ready, exact over the next
    draw: ``helpers`` are ``(chance of the draw, the ready hand it leads to)``; a draw that
    helps nothing leaves the hand as it is. In closed form: with ``x`` = survive × (chance that
    a draw helps nothing), the hand is still one from ready at its ``t``-th draw with weight
    survive^t·(1 − help)^(t−1), and a ready hand reached there has ``draws − t`` draws left."""
    s = h.survive
    miss = 1.0 - sum(pi for pi, _ in helpers)
    x = s * miss
    n = h.draws
    reach = s * _geometric(x, n)  # Σ_t survive^t x^(t-1)
    win = 0.0
    expected = -(1.0 - s) * _geometric(x, n) * cost  # a rival wins while still one away
    for pi, ch in helpers:
        a = s * (1.0 - ch.p)
        # Σ_t survive^t x^(t-1) a^(n-t) = survive · (a^n − x^n) / (a − x)
        if n == 0:
            both = 0.0
        elif abs(a - x) < 1e-12:
            both = s * n * x ** (n - 1)
        else:
            both = s * (a**n - x**n) / (a - x)
        # Σ_t weight(t) · (1 + a + … + a^(n-t-1)), never below 0 for rounding
        paths = max(0.0, (reach - both) / (1.0 - a))
        w = s * ch.p * paths
        lose = (1.0 - s) * paths
        win += pi * w
        expected += pi * (w * ch.gain - lose * ch.cost)
    return win, expected


def far_outlook(steps: int, q: float, gain: float, cost: float, h: Horizon) -> tuple[float, float]:
    """``(win chance, expected points)`` of a hand ``steps`` from ready whose next useful draw
    comes with chance ``q`` a draw, and each after it with the typical chance at its distance
    (:data:`TYPICAL_STEP_SHARE`); ready, it wins with :data:`TYPICAL_READY_SHARE` a draw,
    bringing ``gain``."""
    share = [0.0] + [min(q, TYPICAL_STEP_SHARE.get(j, q)) for j in range(1, steps)] + [q]
    mass = [0.0] * (steps + 1)
    mass[steps] = 1.0
    win = lose = 0.0
    p = TYPICAL_READY_SHARE
    for _ in range(h.draws):
        alive = sum(mass)
        lose += alive * (1.0 - h.survive)
        mass = [m * h.survive for m in mass]
        win += mass[0] * p
        mass[0] *= 1.0 - p
        for j in range(1, steps + 1):
            moved = mass[j] * share[j]
            mass[j] -= moved
            mass[j - 1] += moved
    return win, win * gain - lose * cost


class ReadyMemo:
    """The ready hands met in one ranking, by tiles and 宝 flown (hands two exchanges away
    repeat across candidates), and the scorer budget they have used (:data:`SCORER_BUDGET`)."""

    def __init__(self, ctx: HandContext) -> None:
        self.ctx = ctx
        self.horizon = Horizon.of(ctx)
        self._known: dict[tuple[tuple[int, ...], tuple[int, ...]], ReadyChance | None] = {}
        self._start = ctx.scored[0]

    @property
    def spent(self) -> bool:
        """The ranking has valued :data:`SCORER_BUDGET` waits through the scorer."""
        return self.ctx.scored[0] - self._start >= SCORER_BUDGET

    def chance(self, c13: Sequence[int], flown: tuple[int, ...]) -> ReadyChance | None:
        key = (tuple(c13), flown)
        if key not in self._known:
            found, _, steal = ready_facts(c13, flown, self.ctx)
            self._known[key] = ready_chance(found, steal, flown, self.ctx, self.horizon.pool)
        return self._known[key]


def _best_ready_after(
    c14: list[int], drawn: int, flown: tuple[int, ...], memo: ReadyMemo, draws: int
) -> ReadyChance | None:
    """The best real ready hand a 14-tile hand can discard into (by its expected points over
    ``draws``), or None. The drawn kind is not thrown back: that leaves the hand as it was."""
    ctx = memo.ctx
    keys14 = natural_keys(c14, ctx.bao)
    melds = len(ctx.melds)
    best: tuple[float, ReadyChance] | None = None
    for x in range(NUM_KINDS):
        if not c14[x] or x == drawn:
            continue
        keys, b = keys_without(keys14, x, ctx.bao)
        if shanten_keys(keys[0], keys[1], keys[2], keys[3], b, melds, ctx.yaojiu, False) != 0:
            continue
        fl = flown_after(x, ctx, flown)
        c14[x] -= 1
        ch = memo.chance(c14, fl)
        c14[x] += 1
        if ch is None:
            continue
        _, ev = ready_outlook(ch, memo.horizon, draws)
        if best is None or ev > best[0]:
            best = (ev, ch)
    return None if best is None else best[1]


def _can_exist(c13: Sequence[int], k: int, ctx: HandContext) -> bool:
    """A copy of ``k`` can still be drawn: the hand, the melds and the face-up indicator hold
    fewer than four."""
    return c13[k] + ctx.melded[k] + (k == ctx.indicator) < 4


def look_ahead(d: DiscardAnalysis, c13: list[int], memo: ReadyMemo) -> DiscardAnalysis:
    """``d`` (the shape analysis of the 13-tile hand ``c13`` it leaves) with its real shanten,
    its effective tiles towards a real win, its win chance and its expected points."""
    ctx = memo.ctx
    h = memo.horizon
    flown = flown_after(d.tile, ctx)
    cost = rival_cost(flown, ctx)
    shape = d.shanten
    if shape == 0:
        ch = ready_chance(d.waits, d.steal, flown, ctx, h.pool)
        if ch is not None:
            win, ev = ready_outlook(ch, h, h.draws)
            return dataclasses.replace(d, shape_shanten=shape, win_chance=win, expected=ev)
    if shape <= 1 and memo.spent:
        steps = max(shape, 1)  # past the budget: estimated from the shape
    elif shape <= 1:
        helpers: list[tuple[float, ReadyChance]] = []
        effective: list[tuple[int, int]] = []
        kinds = [k for k, _ in d.effective] if shape == 1 else range(NUM_KINDS)
        for k in kinds:
            n = ctx.unseen[k]
            if (n == 0 and shape == 0) or not _can_exist(c13, k, ctx):
                continue
            if memo.spent:
                break
            c13[k] += 1
            ch = _best_ready_after(c13, k, flown, memo, max(h.draws - 1, 0))
            c13[k] -= 1
            if ch is not None:
                effective.append((k, n))
                if n and h.pool:
                    helpers.append((n / h.pool, ch))
        if memo.spent:
            steps = max(shape, 1)  # cut short by the budget: estimated from the shape
        elif effective:
            win, ev = one_from_ready_outlook(helpers, h, cost)
            return dataclasses.replace(
                d,
                shanten=1,
                effective=tuple(effective),
                shape_shanten=shape,
                win_chance=win,
                expected=ev,
            )
        else:
            steps = FAR_FROM_REAL
    else:
        steps = shape
    copies = d.effective_unseen
    q = copies / h.pool if h.pool else 0.0
    value = d.weight / copies if copies else 0.0  # cheapest shape win × own 飞宝 doubling
    win, ev = far_outlook(steps, q, value * payers_factor(flown, ctx), cost, h)
    return dataclasses.replace(d, shanten=steps, shape_shanten=shape, win_chance=win, expected=ev)
