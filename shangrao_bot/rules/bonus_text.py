"""Bonus events as players type them: ``WHO:KIND`` or ``WHO:KIND×N``, one reading for every
place that takes them (``/score``'s ``bonuses``, the calculator, ``shangrao-bot score --bonus``).

A kind is written in pinyin (``minggang``, ``angang``, ``jiebao``, ``sigebao``) or in Chinese,
simplified or traditional (明杠 碰杠 补杠, 暗杠 自摸杠 跌宝杠, 接宝, 四个宝); ``×2``, ``x2`` or
``X2`` repeats it (1-4 times). WHO is left as typed (possibly empty): each caller reads its
own seats (a session takes seat numbers 1-4, mentions and names; the command line 0-3).

The kinds are returned as the values of :class:`~.score_model.BonusKind`
(``"minggang"`` …), so this module needs nothing of the scorer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from shangrao_bot.rules.errors import RulesError

BonusName = Literal["minggang", "angang", "jiebao", "sigebao"]
MAX_TIMES = 4  # a player has at most four kongs; 接宝 and 四个宝 happen once, the scorer says so

KIND_WORDS: dict[str, BonusName] = {
    "minggang": "minggang",
    "明杠": "minggang",
    "碰杠": "minggang",
    "补杠": "minggang",
    "angang": "angang",
    "暗杠": "angang",
    "自摸杠": "angang",
    "跌宝杠": "angang",
    "jiebao": "jiebao",
    "接宝": "jiebao",
    "sigebao": "sigebao",
    "四个宝": "sigebao",
    # the same in traditional characters (zh-TW players type these)
    "明槓": "minggang",
    "碰槓": "minggang",
    "補槓": "minggang",
    "暗槓": "angang",
    "自摸槓": "angang",
    "跌寶槓": "angang",
    "接寶": "jiebao",
    "四個寶": "sigebao",
}

Problem = Literal["no_colon", "kind", "times"]


@dataclass(frozen=True)
class BonusItem:
    """One ``WHO:KIND×N`` item: ``who`` as typed (stripped), the kind, how many times."""

    who: str
    kind: BonusName
    times: int = 1


class BonusTextError(RulesError):
    """An item that is not ``WHO:KIND×N``; ``problem`` says which part is wrong."""

    def __init__(self, item: str, problem: Problem, key: str, /, **args: Any) -> None:
        super().__init__(key, **args)
        self.item = item
        self.problem = problem


def split_items(text: str | None) -> list[str]:
    """A comma-separated list (ASCII or Chinese punctuation ``，、;；``), Chinese colons made
    ASCII, blank items dropped."""
    cleaned = (text or "").replace("：", ":")
    return [i.strip() for i in re.split(r"[,，、;；]", cleaned) if i.strip()]


def kind_named(word: str) -> BonusName | None:
    """The kind a word names (any case, surrounding spaces ignored), else None."""
    return KIND_WORDS.get(word.strip().lower())


def read_bonus(item: str) -> BonusItem:
    """One item: WHO is everything before the last colon (a name may hold a colon), the kind
    after it with an optional ``×N``. Raises :class:`BonusTextError`."""
    who, sep, rest = item.strip().rpartition(":")
    if not sep:
        raise BonusTextError(item, "no_colon", "bonus.no_colon", token=item)
    kind_s, _, times_s = rest.strip().lower().replace("x", "×").partition("×")
    kind = kind_named(kind_s)
    if kind is None:
        raise BonusTextError(item, "kind", "bonus.bad_kind", token=kind_s.strip() or rest)
    times = 1
    digits = times_s.strip()
    if digits:  # a bare "暗杠×" counts once
        # ASCII digits only: str.isdigit accepts '²', which int() refuses
        if not re.fullmatch(r"[0-9]{1,6}", digits) or not 1 <= int(digits) <= MAX_TIMES:
            raise BonusTextError(item, "times", "bonus.bad_times", token=item, most=MAX_TIMES)
        times = int(digits)
    return BonusItem(who.strip(), kind, times)
