"""The words of scoring (rule book §5, §7, §9): how a hand was won, its bonus events, what the
scorers are given and what they answer.

Every scoring module speaks these — the presets' valuations (:mod:`.shangrao_preset`,
:mod:`.baike_preset`), the checks of a win's description (:mod:`.win_checks`), the payments
(:mod:`.payments`), the tile scorer (:mod:`.scoring`) and the pattern scorer (:mod:`.quick`) —
so they live apart from all of them. Data only: nothing here computes a score.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from shangrao_bot.errors import Phrase
from shangrao_bot.rules.interpret import Interpretation
from shangrao_bot.rules.ruleset import Preset
from shangrao_bot.rules.tiles import Meld

SEATS = 4


class WinHow(Enum):
    SELF = "self"  # 自摸
    KONG = "kong"  # 杠开: won on a kong replacement tile
    ROB = "rob"  # 抢杠
    TIANHU = "tianhu"  # 天胡
    DIHU = "dihu"  # 地胡


class BonusKind(Enum):
    MINGGANG = "minggang"  # 碰杠 (明杠, 补杠): 1 from each other player
    ANGANG = "angang"  # 自摸杠 (暗杠, 跌宝杠): 2
    JIEBAO = "jiebao"  # 接宝: 10
    SIGEBAO = "sigebao"  # 四个宝: 10


BONUS_POINTS = {
    BonusKind.MINGGANG: 1,
    BonusKind.ANGANG: 2,
    BonusKind.JIEBAO: 10,
    BonusKind.SIGEBAO: 10,
}


class Reason(Enum):
    WIN = "win"
    MINGGANG = "minggang"
    ANGANG = "angang"
    JIEBAO = "jiebao"
    SIGEBAO = "sigebao"


@dataclass(frozen=True)
class Bonus:
    seat: int
    kind: BonusKind


@dataclass(frozen=True)
class WinInput:
    """Everything the scorer needs about one winner's hand.

    ``concealed`` holds every concealed tile including the winning tile. ``flown[j]`` = 宝 that
    seat j discarded this hand. ``bonuses`` are the other bonus events (kongs of other seats,
    接宝, 四个宝); the winner's own kongs are read from ``melds``.
    """

    concealed: tuple[int, ...]
    bao: int
    winning_tile: int | None = None
    melds: tuple[Meld, ...] = ()
    how: WinHow = WinHow.SELF
    kong_chain: int = 1
    robbed_seat: int | None = None
    winner: int = 0
    flown: tuple[int, ...] = (0, 0, 0, 0)
    bonuses: tuple[Bonus, ...] = ()


@dataclass(frozen=True)
class Modifier:
    """One 名目 of a win and what it multiplies by. ``note`` (a :class:`~shangrao_bot.errors.Phrase`
    when there is one: "chain of 2", "1 宝 flown") says how the factor came about."""

    name: str  # 名目 as in the rule book §7 (杠开, 单吊, 九幺, 飞宝, 抢杠)
    factor: int
    note: str = ""


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: Reason


@dataclass(frozen=True)
class ScoreResult:
    """A scored hand. ``value`` = what one payer owes for the win before their own 飞宝 doubling
    (stake applied); ``deltas`` include bonuses and sum to zero. ``reason`` says why a hand is
    not a win (or that a 流局 settles bonuses only), in any language (:meth:`Phrase.in_lang`)."""

    winning: bool
    reason: Phrase | None
    pattern: str | None
    pattern_factor: int
    modifiers: tuple[Modifier, ...]
    value: int
    interpretation: Interpretation | None
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    preset: Preset = Preset.SHANGRAO
