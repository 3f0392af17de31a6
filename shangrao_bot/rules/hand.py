"""Validated hand analysis: the entry point for players' input (CLI, /score, hints).

Checks that the tiles can exist (sizes, at most four of a kind, the face-up indicator is not in
anyone's hand), then answers with dataclasses: for 14 tiles the complete shapes and every
interpretation; for 13 the waits and the shanten.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.rules.errors import HandError
from shangrao_bot.rules.interpret import Interpretation, interpretations
from shangrao_bot.rules.shapes import (
    YAOJIU_KINDS,
    Shape,
    complete_shapes,
    shanten,
    shanten_by_shape,
    waits,
)
from shangrao_bot.rules.tiles import (
    Meld,
    MeldKind,
    counts_of,
    format_tiles,
    indicator_from_bao,
    tile_str,
)


def _melds_yaojiu(melds: Sequence[Meld]) -> bool:
    return all(t in YAOJIU_KINDS for m in melds for t in m.tiles)


def validate_tiles(
    concealed: Sequence[int], melds: Sequence[Meld], bao: int | None, sizes: Sequence[int]
) -> None:
    """Raise :class:`HandError` unless the tiles form a possible hand of one of ``sizes``.

    ``sizes`` are total sizes counting a kong as three (13 waiting, 14 complete).
    """
    if len(melds) > 4:
        raise HandError("hand.too_many_melds", token=format_tiles(concealed), n=len(melds))
    size = len(concealed) + 3 * len(melds)
    if size not in sizes:
        key = "hand.size_win" if tuple(sizes) == (14,) else "hand.size"
        args: dict[str, object] = {"size": size, "sizes": tuple(sizes)}
        if melds:
            key += "_melds"
            args |= {"melds": len(melds), "need": tuple(s - 3 * len(melds) for s in sizes)}
        raise HandError(key, token=format_tiles(concealed), **args)
    counts = counts_of(list(concealed) + [t for m in melds for t in m.tiles])
    for k, n in enumerate(counts):
        if n > 4:
            raise HandError("hand.five_copies", token=tile_str(k), n=n, tile=tile_str(k))
    if bao is not None:
        ind = indicator_from_bao(bao)
        if counts[ind] > 3:
            raise HandError(
                "hand.indicator_held", token=tile_str(ind), tile=tile_str(ind), bao=tile_str(bao)
            )
    for m in melds:
        if bao is not None and bao in m.tiles and m.kind in (MeldKind.PONG, MeldKind.KONG_EXPOSED):
            raise HandError("hand.bao_meld", token=m.to_str())
        if m.kind.is_indicator_kong and (bao is None or m.tiles[0] != indicator_from_bao(bao)):
            if bao is None:
                raise HandError("hand.indicator_kong_no_bao", token=m.to_str())
            raise HandError(
                "hand.not_indicator_kong",
                token=m.to_str(),
                indicator=tile_str(indicator_from_bao(bao)),
            )


@dataclass(frozen=True)
class CompleteAnalysis:
    """A 14-tile hand: the shapes it completes and every legal interpretation."""

    complete: tuple[Shape, ...]
    interpretations: tuple[Interpretation, ...]

    @property
    def is_complete(self) -> bool:
        return bool(self.complete)


@dataclass(frozen=True)
class WaitAnalysis:
    """A 13-tile hand: the tile kinds that complete it and its shanten (0 = waiting).

    Waits here are live for the player: a kind whose four copies are all in their own hand,
    melds or the face-up indicator is left out (other players' tiles are not known here).
    They are shape waits: under ``shangrao`` some may complete only an 有宝平胡, which the
    scorer then refuses.
    """

    waits: tuple[int, ...]
    shanten: int
    shanten_by_shape: dict[Shape, int]


def analyze_complete(
    concealed: Sequence[int], melds: Sequence[Meld] = (), bao: int | None = None
) -> CompleteAnalysis:
    validate_tiles(concealed, melds, bao, (14,))
    c = counts_of(concealed)
    shapes = complete_shapes(c, bao, len(melds), _melds_yaojiu(melds))
    interps = interpretations(concealed, melds, bao) if shapes else []
    return CompleteAnalysis(tuple(shapes), tuple(interps))


def analyze_waiting(
    concealed: Sequence[int], melds: Sequence[Meld] = (), bao: int | None = None
) -> WaitAnalysis:
    validate_tiles(concealed, melds, bao, (13,))
    c = counts_of(concealed)
    my = _melds_yaojiu(melds)
    # a wait needs a copy the player cannot see: not all four in hand, melds and indicator
    seen = counts_of(list(concealed) + [t for m in melds for t in m.tiles])
    if bao is not None:
        seen[indicator_from_bao(bao)] += 1
    return WaitAnalysis(
        tuple(k for k in waits(c, bao, len(melds), my) if seen[k] < 4),
        shanten(c, bao, len(melds), my),
        shanten_by_shape(c, bao, len(melds), my),
    )
