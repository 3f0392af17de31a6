"""How a meld lies on the table, as a row of tile looks.

Table convention, so a glance tells who gave the tile: the claimed tile lies sideways, at the
left when it came from the 上家, in the middle from the 对家, at the right from the 下家 (a chi
is always from the 上家). A concealed kong shows its outer tiles face down; a 跌宝杠 (three
tiles) shows its middle tile only.
"""

from __future__ import annotations

from shangrao_bot.engine.hand_records import SEATS, MeldRecord
from shangrao_bot.render.tiles import BACK, Look
from shangrao_bot.rules.tiles import MeldKind


def meld_looks(record: MeldRecord, seat: int, width: int, bao: int) -> list[Look]:
    """The looks of ``seat``'s meld, left to right."""
    meld = record.meld
    tiles = list(meld.tiles)
    if meld.kind is MeldKind.KONG_CONCEALED:
        return [
            Look(BACK, width),
            *(Look(t, width, bao=t == bao) for t in tiles[1:3]),
            Look(BACK, width),
        ]
    if meld.kind is MeldKind.KONG_INDICATOR:
        return [Look(BACK, width), Look(tiles[1], width), Look(BACK, width)]
    if record.from_seat is None or record.claimed is None:
        return [Look(t, width, bao=t == bao) for t in tiles]
    rel = (record.from_seat - seat) % SEATS  # 1 下家 (right), 2 对家 (middle), 3 上家 (left)
    tiles.remove(record.claimed)
    if meld.kind is MeldKind.CHI or rel == 3:
        at = 0
    elif rel == 2:
        at = 1
    else:
        at = len(tiles)
    looks = [Look(t, width, bao=t == bao) for t in tiles]
    looks.insert(at, Look(record.claimed, width, sideways=True))
    return looks
