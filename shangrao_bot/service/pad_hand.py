"""A hand as the scorepad builds it, tap by tap: the winner (or a 流局), how, the pattern and its
flags, 宝 flown and bonuses per seat — and the same options ``/score quick`` and ``/score
draw`` take, so the pad's hand goes through the very same scorebook call, rules and refusals.

Nothing here decides what is a valid hand: the steppers only keep counts within what can be
typed (0-4 宝 flown per seat, four 宝 in the wall); the scorebook and the rules core refuse
what the preset does not allow.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from shangrao_bot.rules.score_model import BonusKind, WinHow
from shangrao_bot.service.hand_recording import QuickOptions

SEATS = 4
MAX_FLOWN_TOTAL = 4  # the wall holds four 宝
MAX_BONUS = 4  # a seat's kongs of one kind in a hand (four at most)

#: The bonus kinds a seat's steppers count, in the pad's order, with /score's names.
BONUS_KINDS: tuple[BonusKind, ...] = (
    BonusKind.MINGGANG,
    BonusKind.ANGANG,
    BonusKind.JIEBAO,
    BonusKind.SIGEBAO,
)
BONUS_NAMES = {
    BonusKind.MINGGANG: "明杠",
    BonusKind.ANGANG: "暗杠",
    BonusKind.JIEBAO: "接宝",
    BonusKind.SIGEBAO: "四个宝",
}
#: How a hand may be won, in the pad's order (the preset may refuse some, as /score quick).
HOWS: tuple[WinHow, ...] = (WinHow.SELF, WinHow.KONG, WinHow.ROB, WinHow.TIANHU, WinHow.DIHU)


def _zeros() -> tuple[int, ...]:
    return (0,) * SEATS


def _no_bonuses() -> tuple[tuple[int, ...], ...]:
    return tuple((0,) * len(BONUS_KINDS) for _ in range(SEATS))


@dataclass(frozen=True)
class PadHand:
    """``winner``: a seat 0-3, or None for a 流局; ``bonuses[seat][k]``: how many of
    ``BONUS_KINDS[k]`` that seat had."""

    winner: int | None = None
    draw: bool = False
    how: WinHow = WinHow.SELF
    kong_chain: int = 1
    robbed: int | None = None
    pattern: str | None = None
    dandiao: bool = False
    yaojiu: bool = False
    flown: tuple[int, ...] = field(default_factory=_zeros)
    bonuses: tuple[tuple[int, ...], ...] = field(default_factory=_no_bonuses)

    @property
    def decided(self) -> bool:
        """Enough is known to score it: a 流局, or a winner and a pattern."""
        return self.draw or (self.winner is not None and self.pattern is not None)

    def with_(self, **changes: Any) -> PadHand:
        return dataclasses.replace(self, **changes)

    def step_flown(self, seat: int, by: int) -> PadHand:
        """One more (or fewer) 宝 flown by ``seat``, kept within 0 and the wall's four."""
        flown = list(self.flown)
        flown[seat] = max(0, flown[seat] + by)
        if sum(flown) > MAX_FLOWN_TOTAL:
            return self
        return self.with_(flown=tuple(flown))

    def step_bonus(self, seat: int, kind: BonusKind, by: int) -> PadHand:
        k = BONUS_KINDS.index(kind)
        row = list(self.bonuses[seat])
        row[k] = min(MAX_BONUS, max(0, row[k] + by))
        rows = list(self.bonuses)
        rows[seat] = tuple(row)
        return self.with_(bonuses=tuple(rows))

    # --- as /score quick and /score draw take it ---------------------------------------------

    def flown_text(self) -> str | None:
        items = [f"{seat + 1}:{n}" for seat, n in enumerate(self.flown) if n]
        return ", ".join(items) or None

    def bonuses_text(self) -> str | None:
        items = []
        for seat, row in enumerate(self.bonuses):
            for kind, n in zip(BONUS_KINDS, row, strict=True):
                if n:
                    items.append(f"{seat + 1}:{BONUS_NAMES[kind]}" + (f"×{n}" if n > 1 else ""))
        return ", ".join(items) or None

    def quick_options(self) -> QuickOptions:
        """The options of ``/score quick`` (by seat numbers) that describe this hand."""
        if self.winner is None or self.pattern is None:
            raise ValueError("a win needs its winner and pattern")
        return {
            "winner": str(self.winner + 1),
            "pattern": self.pattern,
            "how": self.how.value,
            "kong_chain": self.kong_chain if self.how is WinHow.KONG else 1,
            "robbed": str(self.robbed + 1)
            if self.how is WinHow.ROB and self.robbed is not None
            else None,
            "dandiao": self.dandiao,
            "yaojiu": self.yaojiu,
            "flown": self.flown_text(),
            "bonuses": self.bonuses_text(),
        }

    def draw_options(self) -> dict[str, Any]:
        """The options of ``/score draw``."""
        return {"bonuses": self.bonuses_text()}
