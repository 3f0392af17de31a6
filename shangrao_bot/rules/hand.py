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

_COUNT_WORDS = {5: "five", 6: "six", 7: "seven", 8: "eight"}


def _melds_yaojiu(melds: Sequence[Meld]) -> bool:
    return all(t in YAOJIU_KINDS for m in melds for t in m.tiles)


def validate_tiles(
    concealed: Sequence[int], melds: Sequence[Meld], bao: int | None, sizes: Sequence[int]
) -> None:
    """Raise :class:`HandError` unless the tiles form a possible hand of one of ``sizes``.

    ``sizes`` are total sizes counting a kong as three (13 waiting, 14 complete).
    """
    if len(melds) > 4:
        raise HandError(f"{len(melds)} melds: a hand has at most four", format_tiles(concealed))
    size = len(concealed) + 3 * len(melds)
    if size not in sizes:
        want = " or ".join(str(s) for s in sizes)
        need = ", ".join(str(s - 3 * len(melds)) for s in sizes)
        melds_note = f" (with {len(melds)} melds the concealed part needs {need})" if melds else ""
        raise HandError(
            f"hand has {size} tiles, {'a win needs' if sizes == (14,) else 'expected'} "
            f"{want}{melds_note}",
            format_tiles(concealed),
        )
    counts = counts_of(list(concealed) + [t for m in melds for t in m.tiles])
    for k, n in enumerate(counts):
        if n > 4:
            word = _COUNT_WORDS.get(n, str(n))
            raise HandError(f"{word} {tile_str(k)} in one hand: there are only four", tile_str(k))
    if bao is not None:
        ind = indicator_from_bao(bao)
        if counts[ind] > 3:
            raise HandError(
                f"four {tile_str(ind)} in one hand, but one {tile_str(ind)} is the face-up "
                f"indicator of 宝 {tile_str(bao)}",
                tile_str(ind),
            )
    for m in melds:
        if bao is not None and bao in m.tiles and m.kind in (MeldKind.PONG, MeldKind.KONG_EXPOSED):
            raise HandError(
                f"'{m.to_str()}' cannot be a meld: a pong or exposed kong of the 宝 kind needs a "
                "discarded 宝, and a discarded 宝 is dead (only a concealed kong of 宝 exists)",
                m.to_str(),
            )
        if m.kind.is_indicator_kong and (bao is None or m.tiles[0] != indicator_from_bao(bao)):
            where = (
                f"the indicator is {tile_str(indicator_from_bao(bao))}"
                if bao is not None
                else "no 宝 given"
            )
            raise HandError(
                f"'{m.to_str()}' is not a 跌宝杠: three of a kind count as a kong only for the "
                f"indicator's kind ({where})",
                m.to_str(),
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
