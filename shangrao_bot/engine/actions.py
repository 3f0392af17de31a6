"""What a player can do (rule book §4, §5), with the short text commands players type.

An :class:`Action` names its seat, so an action list is a complete record of a hand: replaying
it from the seed rebuilds the same state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from shangrao_bot.rules.tiles import format_tiles, tile_str


class ActionKind(Enum):
    DISCARD = "discard"
    CHI = "chi"  # 吃: the discarder's 下家 takes the discard into a sequence
    PONG = "pong"  # 碰
    KONG = "kong"  # 明杠 on a discard; with ``tiles`` (three of a kind) a 跌宝杠 on a discard
    ANGANG = "angang"  # 暗杠 (four in hand) or 跌宝杠 (the three indicator-kind tiles)
    BUGANG = "bugang"  # 补杠: the fourth tile added to one's own pong
    WIN = "win"  # 自摸 / 杠开 / 天胡 on one's turn, 地胡 on a discard, 抢杠 on a 补杠
    PASS = "pass"  # decline a claim (a win declined on one's own turn is just another action)


# Claim priority after a discard (§4): 地胡 > 明杠/碰 > 吃.
CLAIM_RANK = {
    ActionKind.WIN: 3,
    ActionKind.KONG: 2,
    ActionKind.PONG: 2,
    ActionKind.CHI: 1,
    ActionKind.PASS: 0,
}


@dataclass(frozen=True)
class Action:
    """``tile``: the discarded tile, the kong's kind, or the claimed tile of a chi/pong/kong/win.
    ``tiles``: the sequence of a chi (sorted), or the three tiles of a 跌宝杠 claimed on a
    discard (a ``KONG`` of the indicator's kind: the claimer then discards, the rule book §4)."""

    seat: int
    kind: ActionKind
    tile: int | None = None
    tiles: tuple[int, ...] = ()

    def command(self) -> str:
        """The short command a player types for this action (``d 5m``, ``chi 345m``, …)."""
        k = self.kind
        if k is ActionKind.DISCARD:
            assert self.tile is not None
            return f"d {tile_str(self.tile)}"
        if k is ActionKind.CHI:
            return f"chi {format_tiles(self.tiles)}"
        if k is ActionKind.PONG:
            return "pong"
        if k in (ActionKind.KONG, ActionKind.ANGANG, ActionKind.BUGANG):
            assert self.tile is not None
            return f"kong {tile_str(self.tile)}"
        if k is ActionKind.WIN:
            return "hu"
        return "pass"

    def to_json(self) -> list[object]:
        return [self.seat, self.kind.value, self.tile, list(self.tiles)]

    @classmethod
    def from_json(cls, data: object) -> Action:
        if not isinstance(data, list) or len(data) != 4:
            raise ValueError(f"not an action: {data!r}")
        seat, kind, tile, tiles = data
        if not isinstance(seat, int) or not (tile is None or isinstance(tile, int)):
            raise ValueError(f"not an action: {data!r}")
        if not isinstance(tiles, list) or not all(isinstance(t, int) for t in tiles):
            raise ValueError(f"not an action: {data!r}")
        return cls(seat, ActionKind(kind), tile, tuple(tiles))
