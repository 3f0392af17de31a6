"""The input of 何切 analysis (:mod:`.analysis`): a hand as the player sees it — the tiles,
melds and 宝, the tiles in sight, the 宝 flown, the live wall — built from an engine
:class:`~.views.PlayerView` or from a plain description, and checked to be a hand that can exist
before anything is computed from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.rules.errors import HandError
from shangrao_bot.rules.hand import validate_tiles
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import SEATS
from shangrao_bot.rules.shapes import YAOJIU_KINDS
from shangrao_bot.rules.tiles import Meld, counts_of, format_tiles, indicator_from_bao, tile_str

TILES_ON_TURN = 14  # a hand on its turn, a meld counting three
TILES_BETWEEN_TURNS = 13
DEFAULT_RULES = RuleSet()


@dataclass(frozen=True)
class AnalysisInput:
    """A hand as the player sees it.

    * ``tiles``: the concealed tiles (the drawn one included): 14 with melds counted as three
      on a turn, 13 when a discard is offered;
    * ``melds``: the player's own melds;
    * ``bao``: the 宝 kind (its face-up indicator, the kind before it, counts as seen);
    * ``seen``: every other tile in sight — the discards still on the table (flown 宝 included,
      the discard on offer included) and the other players' melds;
    * ``flown``: 宝 discarded per seat this hand, ``seat`` the player's own seat (a win's
      value doubles per 宝 the winner flew);
    * ``live``: live tiles left in the wall (the 偷机 estimate's risk grows as it empties);
      None when not known: half the wall is assumed;
    * ``discards``: the kinds the player may discard; None for every kind held.
    """

    tiles: tuple[int, ...]
    bao: int
    melds: tuple[Meld, ...] = ()
    seen: tuple[int, ...] = ()
    flown: tuple[int, ...] = (0,) * SEATS
    seat: int = 0
    rules: RuleSet = DEFAULT_RULES
    live: int | None = None
    discards: tuple[int, ...] | None = None

    @property
    def melds_yaojiu(self) -> bool:
        return all(t in YAOJIU_KINDS for m in self.melds for t in m.tiles)

    @property
    def size(self) -> int:
        return len(self.tiles) + 3 * len(self.melds)

    def visible(self) -> list[int]:
        """Copies of each kind in the player's sight: own tiles and melds, ``seen`` and the
        face-up indicator."""
        c = counts_of(self.tiles)
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
        for t in self.seen:
            c[t] += 1
        c[indicator_from_bao(self.bao)] += 1
        return c

    def unseen(self) -> list[int]:
        """Copies of each kind the player has not seen (never negative)."""
        return [max(0, 4 - n) for n in self.visible()]


def check_input(inp: AnalysisInput, sizes: Sequence[int] = (TILES_ON_TURN,)) -> None:
    """Raise :class:`HandError` unless ``inp`` describes a hand that can exist: the rules core's
    checks of the tiles and melds, at most four of a kind in sight, and every flown 宝 among
    the seen tiles (a flown 宝 lies in its discarder's discards)."""
    if inp.size not in sizes:
        raise HandError(
            "engine.analysis.size",
            token=format_tiles(inp.tiles),
            size=inp.size,
            sizes=tuple(sizes),
        )
    validate_tiles(inp.tiles, inp.melds, inp.bao, (inp.size,))
    for k, n in enumerate(inp.visible()):
        if n > 4:
            raise HandError(
                "engine.analysis.five_in_sight", token=tile_str(k), n=n, tile=tile_str(k)
            )
    if len(inp.flown) != SEATS or any(f < 0 for f in inp.flown):
        raise HandError("engine.analysis.bad_flown", token=str(inp.flown))
    if not 0 <= inp.seat < SEATS:
        raise HandError("engine.bad_seat", token=str(inp.seat), seat=inp.seat)
    in_sight = sum(t == inp.bao for t in inp.seen)
    if sum(inp.flown) > in_sight:
        raise HandError(
            "engine.analysis.flown_unseen",
            token=tile_str(inp.bao),
            flown=sum(inp.flown),
            seen=in_sight,
            tile=tile_str(inp.bao),
        )


def from_view(view: PlayerView) -> AnalysisInput:
    """The seat's own view as an analysis input: its tiles and melds, the 宝, every live
    discard and every other seat's meld, the 宝 flown, the live wall and the legal discards."""
    pub = view.public
    tiles = (*view.concealed, *([view.drawn] if view.drawn is not None else []))
    seen: list[int] = []
    for sv in pub.seats:
        if sv.seat != view.seat:
            seen.extend(t for rec in sv.melds for t in rec.meld.tiles)
        seen.extend(d.tile for d in sv.discards if d.claimed_by is None)
    legal = sorted(
        {a.tile for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None}
    )
    return AnalysisInput(
        tiles=tuple(tiles),
        bao=pub.bao,
        melds=tuple(r.meld for r in pub.seats[view.seat].melds),
        seen=tuple(seen),
        flown=tuple(sv.bao_flown for sv in pub.seats),
        seat=view.seat,
        rules=pub.rules,
        live=pub.live,
        discards=tuple(legal) if legal else None,
    )
