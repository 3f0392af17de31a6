"""Typed refusals of the rules core.

Every error a player can cause is a :class:`~shangrao_bot.errors.Refusal` (and a ``ValueError``)
with a catalog key and its arguments — the offending token among them — so the command line and
the bot show one precise line in the reader's language ("'0m' is not a tile: ranks are 1-9",
"“0m”不是牌：点数只能是 1-9") and never a stack trace. The texts are the catalogs' ``rules``
area.
"""

from __future__ import annotations

from typing import Any

from shangrao_bot.errors import Phrase, Refusal


class RulesError(Refusal, ValueError):
    """Base class of every bad-input error raised by ``shangrao_bot.rules``. ``token`` is what
    the player wrote that was refused, when there is one."""

    def __init__(self, key: str | Phrase, /, **args: Any) -> None:
        super().__init__(key, **args)
        token = self.args_.get("token")
        self.token: str | None = None if token is None else str(token)

    @property
    def message(self) -> str:
        return str(self)


class TileParseError(RulesError):
    """A tile or meld string could not be read."""


class HandError(RulesError):
    """The tiles read fine but do not form a possible hand (wrong size, five copies …)."""


class ScoringInputError(RulesError):
    """The description of how a hand was won is inconsistent (e.g. 抢杠 under ``baike``)."""


class ImpossibleHandError(ScoringInputError):
    """The hand described cannot have happened at a real table (rule book §4, §10): more
    than four 宝, a 四个宝 or 接宝 the tiles contradict, a 杠开 with no four-tile kong to draw
    its replacement. ``problem`` names which (one of :data:`IMPOSSIBLE_PROBLEMS`)."""

    def __init__(self, problem: str, key: str | Phrase, /, **args: Any) -> None:
        if problem not in IMPOSSIBLE_PROBLEMS:
            raise ValueError(f"unknown problem {problem!r}")
        super().__init__(key, **args)
        self.problem = problem


#: What an :class:`ImpossibleHandError` can name.
IMPOSSIBLE_PROBLEMS = (
    "too_many_bao",  # more than four 宝 held, in melds and flown
    "sigebao_elsewhere",  # 四个宝 for a player while another holds or flew a 宝
    "sigebao_short",  # 四个宝 for the winner, whose own 宝 do not add up to four
    "jiebao_no_fourth",  # 接宝 while no other player flew a 宝
    "jiebao_too_many",  # 接宝 while other players flew or hold more than the fourth 宝
    "jiebao_not_three",  # 接宝 for the winner, whose own 宝 are not three
    "jiebao_and_sigebao",  # both 接宝 and 四个宝
    "no_kong_for_gangkai",  # 杠开 with no four-tile kong among the melds
    "kong_chain",  # a 杠开 chain that does not fit the winner's four-tile kongs
)
