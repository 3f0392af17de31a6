"""何切 analysis: which discard (or which claim) leaves the hand best placed, and why.

A player asks "what should I discard here?". The answer is a ranking of every candidate
discard with the facts behind it, computed from what the player can see and nothing else:

* the shanten the discard leaves (宝-aware, over every shape of the rule book §6);
* its **effective tiles**: the kinds whose draw lowers that shanten, each with the copies the
  player has not seen (a kind whose four copies are all in sight is listed with 0);
* when the discard leaves the hand ready: each wait with what a self-drawn win on it pays each
  other player now, and whether it is a win at all (an 有宝平胡 is not, §7); whether the hand is
  in the 宝吊头 state (four sets and a lone 宝: every draw wins, §5) and, there, what 偷机
  (declining a plain win to play on for 宝吊宝 / 宝吊无宝) is expected to gain.

The same measure ranks the answers to a discard offered to the seat: passing, and each chi,
pong, 明杠 or 跌宝杠 the seat may claim, each judged by the 13-tile hand it leaves (after a
chi, pong or 跌宝杠 the best discard that must follow; after a 明杠 the hand before its
replacement draw, which is just another draw).

**The ranking rule.** Fewer shanten first. Among equal shanten, the higher **weight** first,
then more unseen effective tiles, then the lower tile kind (or, for claims, passing first and
then the claims in the order offered). The weight says how much the draws that help are worth:

* ready (shanten 0): the expected value ``Σ unseen copies × value`` over the waits that are real
  wins (a wait that is no win, or that cannot be drawn, adds nothing);
* not ready: ``Σ unseen copies × shape value × 2^f`` over the effective tiles, where the shape
  value is what the cheapest win of the best-paying shape that reaches the lowered shanten pays
  under the preset (:data:`SHAPE_VALUES`: 平胡自摸 2, 七对 4, 十三浪/九幺 2 under
  ``shangrao``; 平胡 4, 七对 宝调 12, 十三烂/九幺 4 under ``baike``) and ``f`` the 宝 the
  player will have flown (飞宝 doubles every win of theirs).

Why this rule: shanten is what separates a hand that can win soon from one that cannot, so it
comes first; among hands as close, what matters is how likely a useful draw is and what the
hand is worth when it comes, which the weight multiplies out. Shanten counts an 有宝平胡 as
complete, so a ready hand whose waits are all no-wins still ranks above a one-shanten hand; its
weight of 0 shows it.

Speed (``bench/analysis.py``): the draws after every discard are tried on the rules core's
per-suit lookup keys (:func:`shapes.lowering_draws`): a draw changes one group's key, and the
other three groups' shanten vectors are combined once per discard and group, so one draw costs
a few table lookups instead of a shanten computation from scratch. A wait's value is read off
fast shape checks when the final hand has one shape only under ``shangrao`` (by far the usual
case); otherwise the scorer, which tries every reading of the hand, values it.

Pure: it reads an :class:`AnalysisInput` — built from an engine :class:`PlayerView` by
:func:`from_view`, or from a plain description (tiles, melds, 宝, the tiles in sight) — and
returns frozen dataclasses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.ai import STEAL_MIN_LIVE, steal_play_on
from shangrao_bot.engine.analysis_input import (
    AnalysisInput,
    from_view,
)
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.rules.baike_preset import BAIKE_PATTERNS
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.readings import baodiao_counts
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.shangrao_preset import (
    LUXURY,
    SHANGRAO_MODIFIERS,
    SHANGRAO_PATTERNS,
    YOUBAO_PINGHU,
)
from shangrao_bot.rules.shapes import (
    SHAPE_BITS,
    YAOJIU_KINDS,
    Shape,
    complete_shapes,
    is_complete,
    lowering_draws,
    natural_keys,
    shanten_keys,
    waits,
)
from shangrao_bot.rules.tables import (
    W7,
    W9,
)
from shangrao_bot.rules.tiles import (
    NUM_KINDS,
    Meld,
    MeldKind,
    counts_of,
    indicator_from_bao,
)

LIVE_DRAWS = 82  # live tiles after the deal (rule book §2)
SCORED_KEPT = 1 << 16  # scorer answers kept (a few megabytes)


def _baike(row: str, status: int) -> int:
    """A ``baike`` table cell that is a win (0 = 无宝自摸, 1 = 宝调)."""
    cell = BAIKE_PATTERNS[row][status]
    assert cell is not None and cell > 0, row
    return cell


#: What the cheapest win of each shape pays per payer, by preset (before modifiers): the value
#: a not-yet-ready hand's effective tiles are weighted by. ``shangrao``: 平胡自摸, 有宝七对,
#: 有宝十三浪, 有宝九幺; ``baike``: 平胡, 七对 宝调 (有宝七对 is no win there), 十三烂, 九幺.
SHAPE_VALUES: dict[Preset, dict[Shape, int]] = {
    Preset.SHANGRAO: {
        Shape.STANDARD: SHANGRAO_PATTERNS["平胡自摸"],
        Shape.SEVEN_PAIRS: SHANGRAO_PATTERNS["七对"],
        Shape.THIRTEEN_LAN: SHANGRAO_PATTERNS["十三浪/有宝"],
        Shape.YAOJIU: SHANGRAO_PATTERNS["九幺/有宝"],
    },
    Preset.BAIKE: {
        Shape.STANDARD: _baike("平胡", 0),
        Shape.SEVEN_PAIRS: _baike("七对", 1),
        Shape.THIRTEEN_LAN: _baike("十三烂", 0),
        Shape.YAOJIU: _baike("九幺", 0),
    },
}


# --- results ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WaitValue:
    """One wait of a ready hand. ``value``: what a self-drawn win on it pays each other player
    now (before their own 飞宝 doubling), None when it is no win (``reason`` says why, e.g. an
    有宝平胡); ``pattern``: the scorer's pattern name."""

    tile: int
    unseen: int
    value: int | None
    pattern: str | None = None
    reason: str | None = None

    @property
    def real_win(self) -> bool:
        """A self-drawn win on this tile is allowed (an 有宝平胡 is not)."""
        return self.value is not None

    @property
    def dead(self) -> bool:
        """No copy is left for the player to draw (all in sight)."""
        return self.unseen == 0


@dataclass(frozen=True)
class StealInfo:
    """偷机 in the 宝吊头 state: declining a plain win (``plain`` per payer) to discard the drawn
    tile and play on. ``expected_next``: the next draw's average value (every draw wins in the
    state); ``play_on``: that, less the risk that another player wins first (the AI players'
    estimate); ``gain`` = ``play_on - plain``, positive when 偷机 is expected to pay."""

    plain: int
    expected_next: float
    play_on: float
    gain: float

    @property
    def pays(self) -> bool:
        return self.gain > 0


@dataclass(frozen=True)
class DiscardAnalysis:
    """One candidate: the discard ``tile`` (None when no discard is made: passing on a claim, or
    the hand before a kong's replacement draw) and the 13-tile hand it leaves.

    ``effective``: ``(kind, unseen copies)`` of every kind whose draw lowers the shanten (when
    ready: the waits). ``weight``: the ranking weight of the module's rule (expected value when
    ready, value-weighted unseen effective tiles otherwise). When ready: ``waits``; ``baodiao``,
    the hand is in the 宝吊头 state; ``steal``, what 偷机 would gain there (None when no draw
    pays more than the plainest win, or fewer than 8 live tiles are left: then a win is
    always taken).

    Looked ahead (:mod:`.lookahead`, the ranking players see, :mod:`.ranking`): ``shanten`` and
    ``effective`` count towards a real win, ``shape_shanten`` is the shape's own distance,
    ``win_chance`` the chance of a win in the draws left and ``expected`` the points expected
    from the hand (:func:`.lookahead.look_ahead`). The shape ranking leaves those three None."""

    tile: int | None
    shanten: int
    effective: tuple[tuple[int, int], ...]
    weight: int
    waits: tuple[WaitValue, ...] = ()
    baodiao: bool = False
    steal: StealInfo | None = None
    shape_shanten: int | None = None
    win_chance: float | None = None
    expected: float | None = None

    @property
    def effective_unseen(self) -> int:
        return sum(n for _, n in self.effective)

    @property
    def ready(self) -> bool:
        return self.shanten == 0

    def shape_key(self) -> tuple[int, int, int, int]:
        """The ranking rule of the module: fewer shanten, higher weight, more unseen effective
        tiles, lower tile kind."""
        return (
            self.shanten,
            -self.weight,
            -self.effective_unseen,
            -1 if self.tile is None else self.tile,
        )


@dataclass(frozen=True)
class ClaimAnalysis:
    """One answer to a discard offered to the seat: ``action`` None for passing, else the claim
    (chi, pong, 明杠, or a 跌宝杠 when a ``KONG`` lists its three tiles). ``outcome``: the hand it
    leaves — after a chi, pong or 跌宝杠 the best discard that must follow (``outcome.tile``),
    after a 明杠 the hand before its replacement draw (its waits valued as 杠开, which a win on
    the replacement is), on a pass the hand as it is."""

    action: Action | None
    outcome: DiscardAnalysis

    @property
    def shanten(self) -> int:
        return self.outcome.shanten

    @property
    def passing(self) -> bool:
        return self.action is None


# --- the fast core: every draw on the per-suit keys ---------------------------------------------


_GROUP = tuple(k // 9 if k < 27 else 3 for k in range(NUM_KINDS))
_WEIGHT = tuple(W9[k % 9] if k < 27 else W7[k - 27] for k in range(NUM_KINDS))


def keys_without(keys14: Sequence[int], kind: int, bao: int) -> tuple[list[int], int]:
    """The per-suit keys and the 宝 count of a hand once ``kind`` is discarded, from the
    :func:`natural_keys` of the hand before: one group's key changes (or the 宝 count)."""
    keys = list(keys14[:4])
    b = keys14[4]
    if kind == bao:
        b -= 1
    else:
        keys[_GROUP[kind]] -= _WEIGHT[kind]
    return keys, b


@dataclass(frozen=True)
class HandContext:
    """What stays fixed while the discards and draws of one hand are tried."""

    bao: int
    melds: tuple[Meld, ...]
    yaojiu: bool
    unseen: tuple[int, ...]
    flown: tuple[int, ...]
    seat: int
    rules: RuleSet
    live: int
    mask_values: tuple[int, ...]  # per mask of SHAPE_BITS: the best SHAPE_VALUES among them
    how: WinHow  # how the next draw wins: 杠开 on a kong's replacement
    indicator: int
    melded: tuple[int, ...]  # the melds' tiles per kind
    valid: bool  # the tiles (``counts`` of :meth:`of` and the melds) and melds can exist
    # waits valued by the scorer rather than the fast shape checks, so far (a budget's count)
    scored: list[int] = field(default_factory=lambda: [0], compare=False, hash=False)

    @classmethod
    def of(
        cls,
        inp: AnalysisInput,
        melds: tuple[Meld, ...],
        unseen: Sequence[int],
        counts: Sequence[int],
        how: WinHow = WinHow.SELF,
    ) -> HandContext:
        """``counts``: the concealed tiles the hands tried are drawn from (14 on a turn, the
        hand after a claim), checked once here so that each wait's check is one kind's."""
        v = SHAPE_VALUES[inp.rules.preset]
        rules = inp.rules
        bao = inp.bao
        melded = counts_of(t for m in melds for t in m.tiles)
        indicator = indicator_from_bao(bao)
        valid = not any(
            (m.kind.is_indicator_kong and not rules.indicator_kong)
            or (bao in m.tiles and m.kind in (MeldKind.PONG, MeldKind.KONG_EXPOSED))
            for m in melds
        ) and all(counts[k] + melded[k] <= 4 - (k == indicator) for k in range(NUM_KINDS))
        return cls(
            bao=inp.bao,
            melds=melds,
            yaojiu=all(t in YAOJIU_KINDS for m in melds for t in m.tiles),
            unseen=tuple(unseen),
            flown=tuple(inp.flown),
            seat=inp.seat,
            rules=inp.rules,
            live=inp.live if inp.live is not None else LIVE_DRAWS // 2,
            mask_values=tuple(
                max((v[s] for s, bit in SHAPE_BITS.items() if mask & bit), default=0)
                for mask in range(16)
            ),
            how=how,
            indicator=indicator,
            melded=tuple(melded),
            valid=valid,
        )


def _scan(
    keys: Sequence[int], b: int, c13: Sequence[int], ctx: HandContext
) -> tuple[int, list[tuple[int, int]]]:
    """The 13-tile hand's shanten, and ``(kind, shape value)`` for every kind whose draw lowers
    it, the value being the best paid by the shapes that reach the lower shanten."""
    melds = len(ctx.melds)
    s13 = shanten_keys(keys[0], keys[1], keys[2], keys[3], b, melds, ctx.yaojiu, False)
    by_mask = ctx.mask_values
    return s13, [
        (k, by_mask[mask])
        for k, mask in lowering_draws(keys, b, c13, ctx.bao, melds, ctx.yaojiu, s13)
    ]


# --- values of waits ------------------------------------------------------------------------------


def _triplets(c: Sequence[int], bao: int, sets: int, pair: bool) -> bool:
    """``c`` reads as ``sets`` triplets (and a pair, if ``pair``) with its 宝 as wildcards.

    Each natural kind fills whole triplets (four tiles: two of them, the 宝 completing), or
    holds the pair and fills triplets with the rest; the 宝 left over make triplets (and the
    pair) of their own. The tile count is fixed (3 per set, 2 for the pair), so the reading
    exists exactly when the natural kinds need no more than ``sets`` triplets.
    """
    trips = 0
    saving = 0  # triplets saved by letting one kind hold the pair
    for k in range(NUM_KINDS):
        n = c[k]
        if n and k != bao:
            t = (n + 2) // 3
            trips += t
            if pair:
                as_pair = (max(n - 2, 0) + 2) // 3
                saving = max(saving, t - as_pair)
    return trips - saving <= sets


def _quick_value(
    c13: Sequence[int], wait: int, flown: tuple[int, ...], baodiao: bool, ctx: HandContext
) -> tuple[int | None, str | None] | None:
    """What :func:`score_win` says of a self-drawn win on ``wait`` — ``(value, pattern)``, or
    ``(None, reason)`` for an 有宝平胡 — in the common case where it can be read off fast shape
    checks: ``shangrao``, the final hand complete in one shape only (so the 九幺 doubling of a
    standard or 七对 hand of terminals and honours, which is a 九幺 shape too, never arises) and
    tiles the scorer accepts. None otherwise: the scorer decides. A property test holds the
    two equal.

    The standard shape's patterns (§7): clean, 清碰碰胡 10 or 平胡自摸 2 (宝吊头 state: 宝吊无宝 6,
    碰碰胡 16); with 宝 acting, 碰碰胡 4 when every set can be a triplet, and in the 宝吊头 state
    the lone 宝 pairing the drawn tile, 宝吊头 3 (宝吊宝 6 on a drawn 宝; 8 and 16 all in
    triplets); anything else is an 有宝平胡, no win."""
    rules = ctx.rules
    if rules.preset is not Preset.SHANGRAO:
        return None
    bao = ctx.bao
    melds = ctx.melds
    melded = ctx.melded
    # tiles that cannot exist: the scorer's message says why
    if not ctx.valid or c13[wait] + 1 + melded[wait] > 4 - (wait == ctx.indicator):
        return None
    held = c13[bao] + (wait == bao) + melded[bao]
    own = held + flown[ctx.seat]
    if held + sum(flown) > 4 or (own == 4 and sum(flown) > flown[ctx.seat]):
        return None  # more than four 宝, or 四个宝 beside another's flown 宝: the scorer says so
    c = list(c13)
    c[wait] += 1
    shapes = complete_shapes(c, bao, len(melds), ctx.yaojiu)
    if len(shapes) == 1 and shapes[0] is not Shape.STANDARD:
        return _quick_other(c, shapes[0], flown, ctx)
    if shapes != [Shape.STANDARD]:
        return None
    sets = 4 - len(melds)
    pongs = all(m.kind is not MeldKind.CHI for m in melds)
    factor = 0
    name = ""
    if is_complete(c, None, len(melds), False):  # the clean reading
        # every kind held (宝 as themselves) is one triplet, but one pair
        trip = pongs and sorted(n for n in c if n) == [2] + [3] * sets
        if baodiao:
            factor, name = (16, "碰碰胡") if trip else (6, "")
            name += "宝吊宝" if wait == bao else "宝吊无宝"
        else:
            factor, name = (10, "清碰碰胡") if trip else (2, "平胡自摸")
    if baodiao:
        rest = list(c13)
        rest[bao] -= 1  # the lone 宝 pairs the drawn tile
        if pongs and _triplets(rest, bao, sets, False):
            pair = 16 if wait == bao else 8
            pair_name = "碰碰胡宝吊宝" if wait == bao else "碰碰胡宝吊头"
        else:
            pair = 6 if wait == bao else 3
            pair_name = "宝吊宝" if wait == bao else "宝吊头"
        if pair > factor or (pair == factor and wait == bao):
            factor, name = pair, pair_name
    if factor < SHANGRAO_PATTERNS["碰碰胡"] and pongs and _triplets(c, bao, sets, True):
        factor, name = SHANGRAO_PATTERNS["碰碰胡"], "碰碰胡"
    if not factor:
        return None, YOUBAO_PINGHU
    value = factor * 2 ** flown[ctx.seat] * rules.stake
    if len(melds) == 4:
        value *= SHANGRAO_MODIFIERS["单吊"]
    return value, name


def _quick_other(
    c: list[int], shape: Shape, flown: tuple[int, ...], ctx: HandContext
) -> tuple[int | None, str | None]:
    """:func:`_quick_value` for a final hand of one shape other than the standard one: a
    十三浪, a 七对 or a 九幺 (the standalone pattern, which takes no 九幺 doubling; a 十三浪 or
    七对 that is all terminals and honours is a 九幺 shape too, so not one shape). The scorer
    keeps the best reading, clean or with 宝 acting: on a tie the clean one."""
    bao = ctx.bao
    b = c[bao]
    clean = shape in complete_shapes(c, None, len(ctx.melds), ctx.yaojiu)
    if shape is not Shape.SEVEN_PAIRS:
        # 七星: all seven honours, among the naturals or filled in by 宝
        melded = {t for m in ctx.melds for t in m.tiles}
        honours = sum(1 for k in range(27, NUM_KINDS) if (c[k] and k != bao) or k in melded)
        base = "十三浪" if shape is Shape.THIRTEEN_LAN else "九幺"
        stars = f"七星{base}"
        if clean:
            name = stars if honours + (b > 0 and bao >= 27 and bao not in melded) == 7 else base
        else:
            name = stars if 7 - honours <= b else base
        factor = SHANGRAO_PATTERNS[name if clean else f"{name}/有宝"]
        if len(ctx.melds) == 4:
            factor *= SHANGRAO_MODIFIERS["单吊"]
    else:
        factor, name = 0, ""
        if clean:
            n = sum(1 for x in c if x == 4)
            factor, name = SHANGRAO_PATTERNS["清七对"] * 2**n, LUXURY[n] + "清七对"
        if b:
            # each odd kind takes a 宝; the spare 宝 pair up, best on a pair (making a quad)
            filled = [x + (x & 1) for k, x in enumerate(c) if x and k != bao]
            spare = (b - sum(x & 1 for k, x in enumerate(c) if k != bao)) // 2
            twos = filled.count(2)
            n = filled.count(4) + min(spare, twos) + (spare - min(spare, twos)) // 2
            if SHANGRAO_PATTERNS["七对"] * 2**n > factor:
                factor, name = SHANGRAO_PATTERNS["七对"] * 2**n, LUXURY[n] + "七对"
    return factor * 2 ** flown[ctx.seat] * ctx.rules.stake, name


def wait_value(
    c13: Sequence[int], wait: int, flown: tuple[int, ...], baodiao: bool, ctx: HandContext
) -> WaitValue:
    quick = _quick_value(c13, wait, flown, baodiao, ctx)
    if quick is not None:
        value, text = quick
        if value is None:
            return WaitValue(wait, ctx.unseen[wait], None, None, text)
        if ctx.how is WinHow.KONG:
            value *= 2  # 杠开 on one kong's replacement: × 2^1 (§7)
        return WaitValue(wait, ctx.unseen[wait], value, text)
    tiles = [k for k in range(NUM_KINDS) for _ in range(c13[k])]
    tiles.append(wait)
    tiles.sort()
    ctx.scored[0] += 1
    value, text = _scored(
        WinInput(
            concealed=tuple(tiles),
            bao=ctx.bao,
            winning_tile=wait,
            melds=ctx.melds,
            how=ctx.how,
            winner=ctx.seat,
            flown=flown,
        ),
        ctx.rules,
    )
    if value is None:
        return WaitValue(wait, ctx.unseen[wait], None, None, text)
    return WaitValue(wait, ctx.unseen[wait], value, text)


@lru_cache(maxsize=SCORED_KEPT)
def _scored(win: WinInput, rules: RuleSet) -> tuple[int | None, str | None]:
    """What the scorer says of a win: ``(value, pattern)``, or ``(None, reason)``. Kept: the
    lookahead values the hands one exchange away, and a player's next turn (or the next
    ranking of the same hand) meets many of them again; the scorer takes about a millisecond
    where every reading of the hand must be tried (``baike``, many 宝)."""
    try:
        res = score_win(win, rules)
    except RulesError as exc:
        return None, exc.phrase
    if not res.winning:
        return None, res.reason
    return res.value, res.pattern


def _steal(found: Sequence[WaitValue], ctx: HandContext) -> StealInfo | None:
    """偷机's expected gain in the 宝吊头 state, when some draw pays more than the plainest win
    (else there is nothing to play on for)."""
    wins = [w for w in found if w.value is not None and w.unseen]
    if not wins:
        return None
    plain = min(w.value for w in wins if w.value is not None)
    if all(w.value == plain for w in wins) or ctx.live < STEAL_MIN_LIVE:
        return None
    pool = sum(ctx.unseen)
    expected = sum(w.unseen * (w.value or 0) for w in wins) / pool if pool else 0.0
    play_on = steal_play_on(expected, plain, ctx.live)
    return StealInfo(plain, expected, play_on, play_on - plain)


def shape_outcome(
    tile: int | None, c13: list[int], keys: Sequence[int], b: int, ctx: HandContext
) -> DiscardAnalysis:
    """The analysis of the 13-tile hand ``c13`` left by discarding ``tile``."""
    shanten, draws = _scan(keys, b, c13, ctx)
    unseen = ctx.unseen
    effective = tuple((k, unseen[k]) for k, _ in draws)
    flown = flown_after(tile, ctx)
    if shanten > 0:
        doubling = 2 ** flown[ctx.seat]
        weight = sum(unseen[k] * value for k, value in draws) * doubling
        return DiscardAnalysis(tile, shanten, effective, weight)
    found, baodiao, steal = ready_facts(c13, flown, ctx)
    weight = sum(w.unseen * w.value for w in found if w.value is not None)
    return DiscardAnalysis(tile, shanten, effective, weight, found, baodiao, steal)


def flown_after(
    tile: int | None, ctx: HandContext, flown: tuple[int, ...] | None = None
) -> tuple[int, ...]:
    """The 宝 flown (``flown``, else the context's) once ``tile`` is discarded: discarding a
    宝 flies it."""
    before = ctx.flown if flown is None else flown
    if tile is not None and tile == ctx.bao:
        return tuple(f + (s == ctx.seat) for s, f in enumerate(before))
    return before


def ready_facts(
    c13: Sequence[int], flown: tuple[int, ...], ctx: HandContext
) -> tuple[tuple[WaitValue, ...], bool, StealInfo | None]:
    """A ready 13-tile hand's waits with their values, whether it is in the 宝吊头 state, and
    what 偷机 would gain there."""
    baodiao = baodiao_counts(c13, ctx.bao)
    found = []
    for w in waits(c13, ctx.bao, len(ctx.melds), ctx.yaojiu):
        if w == ctx.bao and ctx.unseen[w] == 0:
            continue  # every 宝 is in sight: none is left to draw (nor a hand the scorer takes)
        found.append(wait_value(c13, w, flown, baodiao, ctx))
    steal = _steal(found, ctx) if baodiao else None
    return tuple(found), baodiao, steal


def shape_ranking(
    c14: list[int], candidates: Sequence[int], ctx: HandContext
) -> tuple[DiscardAnalysis, ...]:
    keys14 = natural_keys(c14, ctx.bao)
    out = []
    for d in candidates:
        keys, b = keys_without(keys14, d, ctx.bao)
        c14[d] -= 1
        out.append(shape_outcome(d, c14, keys, b, ctx))
        c14[d] += 1
    return tuple(sorted(out, key=DiscardAnalysis.shape_key))


# --- public entry points ------------------------------------------------------------------------


def rank_by_shape(inp: AnalysisInput) -> tuple[DiscardAnalysis, ...]:
    """Every candidate discard of a hand on its turn (14 tiles, melds counted as three), best
    first by the module's ranking rule. ``inp.discards`` limits the candidates (else every kind
    held)."""
    c14 = counts_of(inp.tiles)
    held = [k for k in range(NUM_KINDS) if c14[k]]
    candidates = held if inp.discards is None else [k for k in inp.discards if c14[k]]
    return shape_ranking(c14, candidates, HandContext.of(inp, inp.melds, inp.unseen(), c14))


def shape_of_hand(inp: AnalysisInput) -> DiscardAnalysis:
    """A 13-tile hand as it stands (between turns): shanten, effective tiles, waits."""
    c13 = counts_of(inp.tiles)
    keys = natural_keys(c13, inp.bao)
    return shape_outcome(
        None, c13, keys[:4], keys[4], HandContext.of(inp, inp.melds, inp.unseen(), c13)
    )


def held_kinds(counts: Sequence[int]) -> list[int]:
    return [k for k in range(NUM_KINDS) if counts[k]]


def rank_view_by_shape(view: PlayerView) -> tuple[DiscardAnalysis, ...]:
    """:func:`rank_by_shape` of the seat's own view (on its turn)."""
    return rank_by_shape(from_view(view))
