"""What a player can work out about their own hand, as data for hints.

* On a turn (14 tiles with melds counted as three): for each discard, best first by the 何切
  ranking, the distance to a real win it leaves (an 有宝平胡 is no win), its **effective
  tiles** — the kinds whose draw brings it closer — with how many copies of each the player
  has not seen, and, when the discard leaves the hand ready, its waits.
* For a 13-tile hand complete but for one tile: each wait with what a self-drawn win on it pays
  each other player now (before their own 飞宝 doubling), how many copies are unseen (none: the
  wait is **dead**), and whether it wins at all (a 有宝平胡 does not).

The numbers come from :mod:`.ranking` and :mod:`.analysis` (the 何切 engine), which this module
shapes for the hint texts. Only the seat's own view is read — its tiles, melds, the 宝 and what
lies face up on the table — so a hint never tells a player more than they could work out
themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.analysis import WaitValue, shape_of_hand
from shangrao_bot.engine.analysis_input import from_view
from shangrao_bot.engine.ranking import rank_view
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.rules.shapes import YAOJIU_KINDS, shanten
from shangrao_bot.rules.tiles import NUM_KINDS, counts_of

TILES_BEFORE_DRAW = 13


@dataclass(frozen=True)
class WaitInfo:
    """One wait of a ready hand. ``value``: per payer for a self-drawn win now (None when a
    win on this tile is not allowed, e.g. 有宝平胡); ``pattern``: the scorer's pattern name."""

    tile: int
    unseen: int
    value: int | None
    pattern: str | None = None

    @property
    def dead(self) -> bool:
        """No copy is left for the player to draw (all in sight)."""
        return self.unseen == 0


@dataclass(frozen=True)
class DiscardInfo:
    """One candidate discard: the shanten it leaves (0 = ready), its effective tiles as
    ``(kind, unseen copies)`` and, when ready, its waits."""

    tile: int
    shanten: int
    effective: tuple[tuple[int, int], ...]
    waits: tuple[WaitInfo, ...] = ()
    weight: int = 0  # the ranking weight of :mod:`.analysis`

    @property
    def effective_unseen(self) -> int:
        return sum(n for _, n in self.effective)


def _wait_infos(found: tuple[WaitValue, ...]) -> tuple[WaitInfo, ...]:
    return tuple(WaitInfo(w.tile, w.unseen, w.value, w.pattern) for w in found)


def discard_options(view: PlayerView) -> list[DiscardInfo]:
    """Every legal discard of the seat's turn, best first by the 何切 ranking
    (:mod:`.ranking`: the distance to a real win, then the points to expect); ``shanten`` is
    the distance to a real win. Effective tiles with no copy left are left out."""
    if not any(a.kind is ActionKind.DISCARD for a in view.legal):
        return []
    return [
        DiscardInfo(
            d.tile,
            d.shanten,
            tuple((k, n) for k, n in d.effective if n),
            _wait_infos(d.waits),
            d.weight,
        )
        for d in rank_view(view)
        if d.tile is not None
    ]


def ready_waits(view: PlayerView) -> tuple[WaitInfo, ...] | None:
    """The waits of the seat's 13-tile hand (between turns, or in a claim window); None when
    the hand is not 13 tiles (on a turn, before the discard) or not ready."""
    inp = from_view(view)
    if inp.size != TILES_BEFORE_DRAW:
        return None
    hand = shape_of_hand(inp)  # every wait of the shape, each marked a win or not
    if hand.shanten != 0:
        return None
    return _wait_infos(hand.waits)


def hand_shanten(view: PlayerView) -> int:
    """The shanten of the seat's hand as it stands (13 or 14 tiles)."""
    inp = from_view(view)
    return shanten(counts_of(inp.tiles), inp.bao, len(inp.melds), inp.melds_yaojiu)


def after_claim(view: PlayerView, kind: ActionKind, tile: int, tiles: Sequence[int]) -> int:
    """Shanten after claiming ``tile`` with a chi (``tiles``: the sequence), pong, 明杠 or 跌宝杠
    (``tiles``: its three) — and, for a chi, pong or 跌宝杠, the best discard that must follow
    (a 明杠 draws a replacement instead)."""
    hand = from_view(view)
    replaced = kind is ActionKind.KONG and not tiles
    if kind is ActionKind.CHI:
        meld, used = tuple(tiles), [x for x in tiles if x != tile]
    else:
        n = 4 if replaced else 3
        meld, used = (tile,) * n, [tile] * (n - 1)
    after = counts_of(hand.tiles)
    for x in used:
        after[x] -= 1
    yaojiu = hand.melds_yaojiu and all(x in YAOJIU_KINDS for x in meld)
    melds = len(hand.melds) + 1
    if replaced:
        return shanten(after, hand.bao, melds, yaojiu)
    best = 99
    for k in range(NUM_KINDS):
        if after[k]:
            after[k] -= 1
            best = min(best, shanten(after, hand.bao, melds, yaojiu))
            after[k] += 1
    return best
