"""How a catalog text writes its arguments in each language: the format specs of the catalogs.

A refusal carries structured arguments (a seat as a number, tiles as kinds, a list of choices,
the reason it nests); the text says how each is written, and this module writes it in the
reader's language:

* ``{n:hand|hands}`` — the English singular when ``n`` is 1, the plural otherwise (Chinese has
  no plural: its texts do not use the spec);
* ``{wind:wind}`` — a wind (0 East … 3 North): ``East`` / ``东家`` / ``東家``;
* ``{n:word}`` — a count up to eight as English writes it (``five``), digits beyond; a number
  in Chinese;
* ``{items:or}`` / ``{items:and}`` / ``{items:list}`` — a sequence of choices joined
  (``13 or 14``, ``13 或 14``; ``a, b``, ``a、b``);
* ``{term:term}`` — a Chinese term (宝, 杠开, a pattern's name) in the reader's script: the rules
  core writes simplified characters, Taiwan readers get traditional ones;
* ``{preset:preset}`` — a preset's name (``shangrao`` / ``上饶``).

An argument that is itself a catalog phrase (anything with ``in_lang``) is written in the same
language first, so a refusal's nested reason never stays English for a Chinese reader.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from typing import Any

_WINDS = {
    "en": ("East", "South", "West", "North"),
    "zh-CN": ("东家", "南家", "西家", "北家"),
    "zh-TW": ("東家", "南家", "西家", "北家"),
}
# Spelled as the rules core has always written a count of copies ("five 5m in one hand"); a
# larger count stays in digits.
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight")
_JOINERS = {
    "en": {"or": " or ", "and": " and ", "list": ", "},
    "zh-CN": {"or": " 或 ", "and": " 和 ", "list": "、"},
    "zh-TW": {"or": " 或 ", "and": " 和 ", "list": "、"},
}
_PRESETS = {
    "en": {"shangrao": "shangrao", "baike": "baike"},
    "zh-CN": {"shangrao": "上饶", "baike": "百科"},
    "zh-TW": {"shangrao": "上饒", "baike": "百科"},
}
# The characters of the core's Chinese terms (宝, 杠, pattern and tile names) that differ in
# traditional script.
TO_TRADITIONAL = str.maketrans(
    "宝对烂头无调杠开万条发东单飞个华双连抢补饼张门风庄余轮计总暂数据听标准饶种录结奖胜须从",
    "寶對爛頭無調槓開萬條發東單飛個華雙連搶補餅張門風莊餘輪計總暫數據聽標準饒種錄結獎勝須從",
)


def term(name: str, lang: str) -> str:
    """A Chinese term of the rules core (a pattern, a modifier, 宝) in the script of ``lang``."""
    return traditional(name) if lang == "zh-TW" else name


def traditional(value: str) -> str:
    """A simplified-Chinese term in traditional characters (only the characters of the core's
    terms are mapped)."""
    return value.translate(TO_TRADITIONAL)


class Formatter(string.Formatter):
    """:meth:`str.format` with the catalog's specs, for one language."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang if lang in _WINDS else "en"

    def format_field(self, value: Any, format_spec: str) -> str:
        in_lang = getattr(value, "in_lang", None)
        if callable(in_lang):
            value = in_lang(self.lang)
        if "|" in format_spec:
            one, other = format_spec.split("|", 1)
            return one if value == 1 else other
        lang = self.lang
        if format_spec == "wind":
            return _WINDS[lang][int(value) % 4]
        if format_spec == "word":
            number = int(value)
            if lang == "en" and 0 <= number < len(_WORDS):
                return _WORDS[number]
            return str(number)
        if format_spec in ("or", "and", "list"):
            return _JOINERS[lang][format_spec].join(self._each(value))
        if format_spec == "term":
            return traditional(str(value)) if lang == "zh-TW" else str(value)
        if format_spec == "preset":
            return _PRESETS[lang].get(str(value), str(value))
        return super().format_field(value, format_spec)

    def _each(self, values: Iterable[Any]) -> list[str]:
        out = []
        for value in values:
            in_lang = getattr(value, "in_lang", None)
            out.append(in_lang(self.lang) if callable(in_lang) else str(value))
        return out
