"""How tiles and hands are named in each language, as players say them (the command line keeps
mpsz): ``五万`` / ``五萬`` / ``5 Crak``, honours ``东`` / ``East``, and a hand the compact way, one
suit word per run (``五六七万 三四筒 东东``). Shared by the Discord texts and the terminal game;
pure functions over tile kinds.
"""

from __future__ import annotations

from collections.abc import Iterable

from shangrao_bot.rules.tiles import HONOR_START, rank_of, suit_of

_ZH_NUMERALS = "一二三四五六七八九"
_SUITS = {
    "zh-CN": ("万", "筒", "条"),
    "zh-TW": ("萬", "筒", "條"),
    "en": ("Crak", "Dot", "Bam"),
}
_HONORS = {
    "zh-CN": ("东", "南", "西", "北", "白", "发", "中"),
    "zh-TW": ("東", "南", "西", "北", "白", "發", "中"),
    "en": ("East", "South", "West", "North", "White", "Green", "Red"),
}
_BAO = {"zh-CN": "宝", "zh-TW": "寶", "en": "宝"}


def tile_lang(lang: str) -> str:
    """``lang`` when tiles have names in it, else English."""
    return lang if lang in _SUITS else "en"


def tile_label(tile: int, lang: str) -> str:
    """One tile as players name it: ``五万`` / ``五萬`` / ``5 Crak``; honours ``东`` / ``East``."""
    lang = tile_lang(lang)
    rank = rank_of(tile)
    if tile >= HONOR_START:
        return _HONORS[lang][rank - 1]
    suit = _SUITS[lang][suit_of(tile)]
    if lang == "en":
        return f"{rank} {suit}"
    return _ZH_NUMERALS[rank - 1] + suit


def bao_word(lang: str) -> str:
    return _BAO[tile_lang(lang)]


def _runs(tiles: Iterable[int]) -> list[list[int]]:
    """Consecutive tiles of one suit (honours: of one kind) as groups."""
    groups: list[list[int]] = []
    for t in tiles:
        last = groups[-1][-1] if groups else None
        same = last is not None and (
            last == t if t >= HONOR_START else last < HONOR_START and suit_of(last) == suit_of(t)
        )
        if same:
            groups[-1].append(t)
        else:
            groups.append([t])
    return groups


def hand_text(tiles: Iterable[int], lang: str) -> str:
    """A hand (in the given order) the compact way: ``五六七万 三四筒 东东`` in Chinese,
    ``5-6-7 Crak · 3-4 Dot · East East`` in English. ``—`` for none."""
    lang = tile_lang(lang)
    parts = []
    for run in _runs(tiles):
        if run[0] >= HONOR_START:
            parts.append((" " if lang == "en" else "").join(tile_label(t, lang) for t in run))
        elif lang == "en":
            ranks = "-".join(str(rank_of(t)) for t in run)
            parts.append(f"{ranks} {_SUITS['en'][suit_of(run[0])]}")
        else:
            ranks = "".join(_ZH_NUMERALS[rank_of(t) - 1] for t in run)
            parts.append(ranks + _SUITS[lang][suit_of(run[0])])
    return (" · " if lang == "en" else " ").join(parts) or "—"
