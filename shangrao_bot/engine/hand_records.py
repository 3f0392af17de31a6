"""What a hand is made of and how it ends, as plain records: its phase, the melds and discards
on the table, each winner and the hand's result — shared by the state machine
(:mod:`.state`), its saved form (:mod:`.persist`), the views and the settlement.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from shangrao_bot.rules.score_model import Bonus, Payment, ScoreResult, WinHow
from shangrao_bot.rules.shapes import YAOJIU_KINDS
from shangrao_bot.rules.tiles import NUM_KINDS, Meld

SEATS = 4
WIND_NAMES = ("East", "South", "West", "North")


class Phase(Enum):
    TURN = "turn"
    CLAIM = "claim"
    ROB = "rob"
    OVER = "over"


class Outcome(Enum):
    WIN = "win"
    EXHAUSTED = "exhausted"  # 流局


@dataclass(frozen=True)
class MeldRecord:
    """A meld on the table. ``from_seat``/``claimed``: who discarded the claimed tile and which
    tile it was (None for 暗杠 and a 跌宝杠 from the hand; set for a 跌宝杠 claimed on a
    discard); a 补杠 keeps its pong's source."""

    meld: Meld
    from_seat: int | None = None
    claimed: int | None = None


@dataclass(frozen=True)
class Discard:
    tile: int
    flown: bool = False  # a discarded 宝 (飞宝)
    claimed_by: int | None = None  # taken into a meld (or the 地胡 winner's hand)


@dataclass(frozen=True)
class WinRecord:
    """One winner: what was scored and the scorer's full breakdown."""

    seat: int
    how: WinHow
    winning_tile: int | None
    concealed: tuple[int, ...]  # including the winning tile
    melds: tuple[Meld, ...]
    kong_chain: int
    score: ScoreResult


@dataclass(frozen=True)
class HandResult:
    """The end of a hand: winners (several only for 抢杠), every payment, zero-sum deltas, the
    bonuses settled and who deals next (§2)."""

    outcome: Outcome
    wins: tuple[WinRecord, ...]
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    bonuses: tuple[Bonus, ...]
    next_dealer: int
    robbed_seat: int | None = None


def seat_name(seat: int, dealer: int) -> str:
    """A seat as players name it: its wind this hand (the dealer is East)."""
    return f"{WIND_NAMES[(seat - dealer) % SEATS]} (seat {seat})"


def melds_yaojiu(records: Iterable[MeldRecord]) -> bool:
    """Every tile of every meld is a terminal or an honour (the 九幺 shape stays possible)."""
    return all(t in YAOJIU_KINDS for r in records for t in r.meld.tiles)


def sorted_tiles(counts: Sequence[int]) -> list[int]:
    """The tiles of a count vector, in kind order."""
    return [k for k in range(NUM_KINDS) for _ in range(counts[k])]
