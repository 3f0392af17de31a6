"""What a player can work out about their own hand, as data for hints.

* On a turn (14 tiles with melds counted as three): for each discard, the shanten it leaves
  (宝-aware, every shape), its **effective tiles** — the kinds whose draw would lower that
  shanten — with how many copies of each the player has not seen, and, when the discard leaves
  the hand ready, its waits.
* For a ready 13-tile hand: each wait with what a self-drawn win on it pays each other player
  now (before their own 飞宝 doubling), how many copies are unseen (none: the wait is **dead**),
  and whether it wins at all (a 有宝平胡 does not).

Only the seat's own view is read — its tiles, melds, the 宝 and what lies face up on the table —
so a hint never tells a player more than they could work out themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.views import PlayerView, unseen_counts
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.scoring import WinHow, WinInput, score_win
from shangrao_bot.rules.shapes import YAOJIU_KINDS, shanten, waits
from shangrao_bot.rules.tiles import NUM_KINDS, Meld, counts_of

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

    @property
    def effective_unseen(self) -> int:
        return sum(n for _, n in self.effective)


@dataclass(frozen=True)
class _Hand:
    tiles: tuple[int, ...]
    melds: tuple[Meld, ...]
    bao: int

    @property
    def yaojiu(self) -> bool:
        return all(t in YAOJIU_KINDS for m in self.melds for t in m.tiles)

    def shanten(self, counts: Sequence[int]) -> int:
        return shanten(counts, self.bao, len(self.melds), self.yaojiu)


def _own(view: PlayerView) -> _Hand:
    tiles = (*view.concealed, *([view.drawn] if view.drawn is not None else []))
    melds = tuple(r.meld for r in view.public.seats[view.seat].melds)
    return _Hand(tuple(tiles), melds, view.public.bao)


def _flown(view: PlayerView, discard: int | None) -> tuple[int, ...]:
    """宝 flown per seat, counting ``discard`` when it is a 宝 (discarding it flies it)."""
    flown = [sv.bao_flown for sv in view.public.seats]
    if discard is not None and discard == view.public.bao:
        flown[view.seat] += 1
    return tuple(flown)


def _bao_accounted(view: PlayerView, c13: Sequence[int], flown: Sequence[int]) -> int:
    """宝 tiles the seat knows of: flown (discarded) by anyone, in its own 13 tiles, and in
    every meld on the table (a 宝 may sit in one as its own kind)."""
    bao = view.public.bao
    melded = sum(t == bao for sv in view.public.seats for r in sv.melds for t in r.meld.tiles)
    return sum(flown) + c13[bao] + melded


def _wait_infos(
    view: PlayerView, hand: _Hand, c13: list[int], discard: int | None
) -> tuple[WaitInfo, ...]:
    seen = list(c13)
    if discard is not None:
        seen[discard] += 1
    left = unseen_counts(view, seen)
    rest = [k for k in range(NUM_KINDS) for _ in range(c13[k])]
    flown = _flown(view, discard)
    out = []
    for tile in waits(c13, hand.bao, len(hand.melds), hand.yaojiu):
        if tile == hand.bao and _bao_accounted(view, c13, flown) >= 4:
            continue  # no 宝 is left to draw: it is no wait (and no hand the scorer can value)
        value: int | None = None
        pattern: str | None = None
        try:
            result = score_win(
                WinInput(
                    concealed=tuple(sorted([*rest, tile])),
                    bao=hand.bao,
                    winning_tile=tile,
                    melds=hand.melds,
                    how=WinHow.SELF,
                    winner=view.seat,
                    flown=flown,
                ),
                view.public.rules,
            )
        except RulesError:
            result = None
        if result is not None and result.winning:
            value, pattern = result.value, result.pattern
        out.append(WaitInfo(tile, left[tile], value, pattern))
    return tuple(out)


def _effective(view: PlayerView, hand: _Hand, c13: list[int], discard: int) -> DiscardInfo:
    base = hand.shanten(c13)
    seen = list(c13)
    seen[discard] += 1
    left = unseen_counts(view, seen)
    effective = []
    for k in range(NUM_KINDS):
        if left[k] == 0 or c13[k] >= 4:
            continue
        c13[k] += 1
        if hand.shanten(c13) < base:
            effective.append((k, left[k]))
        c13[k] -= 1
    ready = _wait_infos(view, hand, c13, discard) if base == 0 else ()
    return DiscardInfo(discard, base, tuple(effective), ready)


def discard_options(view: PlayerView) -> list[DiscardInfo]:
    """Every legal discard of the seat's turn, best first: fewest shanten, then the most unseen
    effective tiles (when ready: the most unseen winning waits, then the highest value)."""
    hand = _own(view)
    legal = sorted(
        {a.tile for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None}
    )
    counts = counts_of(hand.tiles)
    out = []
    for tile in legal:
        c13 = list(counts)
        c13[tile] -= 1
        out.append(_effective(view, hand, c13, tile))

    def rank(d: DiscardInfo) -> tuple[int, int, int, int]:
        if d.shanten == 0:
            winning = [w for w in d.waits if w.value is not None]
            best = max((w.value for w in winning if w.value is not None), default=0)
            return (0, -sum(w.unseen for w in winning), -best, d.tile)
        return (d.shanten, -d.effective_unseen, 0, d.tile)

    return sorted(out, key=rank)


def ready_waits(view: PlayerView) -> tuple[WaitInfo, ...] | None:
    """The waits of the seat's 13-tile hand (between turns, or in a claim window); None when
    the hand is not 13 tiles (on a turn, before the discard) or not ready."""
    hand = _own(view)
    if len(hand.tiles) + 3 * len(hand.melds) != TILES_BEFORE_DRAW:
        return None
    c13 = counts_of(hand.tiles)
    if hand.shanten(c13) != 0:
        return None
    return _wait_infos(view, hand, c13, None)


def hand_shanten(view: PlayerView) -> int:
    """The shanten of the seat's hand as it stands (13 or 14 tiles)."""
    hand = _own(view)
    return hand.shanten(counts_of(hand.tiles))


def after_claim(view: PlayerView, kind: ActionKind, tile: int, tiles: Sequence[int]) -> int:
    """Shanten after claiming ``tile`` with a chi (``tiles``: the sequence), pong, 明杠 or 跌宝杠
    (``tiles``: its three) — and, for a chi, pong or 跌宝杠, the best discard that must follow
    (a 明杠 draws a replacement instead)."""
    hand = _own(view)
    replaced = kind is ActionKind.KONG and not tiles
    if kind is ActionKind.CHI:
        meld, used = tuple(tiles), [x for x in tiles if x != tile]
    else:
        n = 4 if replaced else 3
        meld, used = (tile,) * n, [tile] * (n - 1)
    after = counts_of(hand.tiles)
    for x in used:
        after[x] -= 1
    yaojiu = hand.yaojiu and all(x in YAOJIU_KINDS for x in meld)
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
