"""How the bot names tiles, hands, seats and moves in Discord text, in each language.

Players at a Chinese table say 五万, 三筒, 七条, 东, 发 — never ``5m`` or ``6z`` — and write a
hand compactly, one suit word per run (``五六七万 三四筒 东东``). English readers get short names
(``5 Crak``, ``3 Dot``, ``7 Bam``, ``East``, ``Green``). The command line keeps mpsz; nothing in
Discord shows an mpsz code alone.

Seats are named by their wind this hand (东 is the dealer) or numbered 1-4; the engine's 0-3
never reaches a player. Pure functions over plain values, no Discord.
"""

from __future__ import annotations

from collections.abc import Iterable

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.rules.tiles import HONOR_START, rank_of, suit_of

SEATS = 4

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
_WINDS = {
    "zh-CN": ("东", "南", "西", "北"),
    "zh-TW": ("東", "南", "西", "北"),
    "en": ("East", "South", "West", "North"),
}
_BAO = {"zh-CN": "宝", "zh-TW": "寶", "en": "宝"}
_AI_LEVELS = {
    "zh-CN": {"easy": "简单", "normal": "普通", "hard": "困难"},
    "zh-TW": {"easy": "簡單", "normal": "普通", "hard": "困難"},
    "en": {"easy": "easy", "normal": "normal", "hard": "hard"},
}


def _lang(lang: str) -> str:
    return lang if lang in _SUITS else "en"


def tile_label(tile: int, lang: str) -> str:
    """One tile as players name it: ``五万`` / ``五萬`` / ``5 Crak``; honours ``东`` / ``East``."""
    lang = _lang(lang)
    rank = rank_of(tile)
    if tile >= HONOR_START:
        return _HONORS[lang][rank - 1]
    suit = _SUITS[lang][suit_of(tile)]
    if lang == "en":
        return f"{rank} {suit}"
    return _ZH_NUMERALS[rank - 1] + suit


def bao_word(lang: str) -> str:
    return _BAO[_lang(lang)]


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
    lang = _lang(lang)
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


def wind_name(wind: int, lang: str) -> str:
    """Wind 0-3 (0 = East, the dealer's seat this hand)."""
    return _WINDS[_lang(lang)][wind % SEATS]


def seat_wind(seat: int, dealer: int) -> int:
    return (seat - dealer) % SEATS


def seat_number(seat: int) -> int:
    """A seat as players count it (1-4); the engine counts 0-3."""
    return seat + 1


def seat_place(seat: int, dealer: int | None, lang: str) -> str:
    """Where a seat sits: its wind and house (``西家``, ``West``) when a hand is dealt, else its
    number (``2号位`` / ``seat 2``)."""
    lang = _lang(lang)
    if dealer is None:
        n = seat_number(seat)
        return f"seat {n}" if lang == "en" else (f"{n}号位" if lang == "zh-CN" else f"{n}號位")
    wind = wind_name(seat_wind(seat, dealer), lang)
    return wind if lang == "en" else wind + "家"


def ai_name(seat: int, level: str, lang: str) -> str:
    """An AI seat's name in ``lang``: ``电脑2号（普通）`` / ``AI 2 (normal)``."""
    lang = _lang(lang)
    n = seat_number(seat)
    levels = _AI_LEVELS[lang]
    lv = levels.get(level, level)
    if lang == "en":
        return f"AI {n} ({lv})"
    if lang == "zh-CN":
        return f"电脑{n}号（{lv}）"
    return f"電腦{n}號（{lv}）"


def action_text(action: Action, lang: str) -> str:
    """A move as players say it (``打出 五万``, ``碰 东``, ``吃 四五六万``, ``胡``): never the
    command line's ``d 5m``."""
    lang = _lang(lang)
    k, tile = action.kind, action.tile
    name = tile_label(tile, lang) if tile is not None else ""
    zh = lang != "en"
    if k is ActionKind.DISCARD:
        return f"打出 {name}" if zh else f"discard {name}"
    if k is ActionKind.CHI:
        seq = hand_text(action.tiles, lang)
        return f"吃 {seq}" if zh else f"chi {seq}"
    if k is ActionKind.PONG:
        return f"碰 {name}".strip() if zh else f"pong {name}".strip()
    if k in (ActionKind.KONG, ActionKind.ANGANG, ActionKind.BUGANG):
        word = {"zh-CN": "杠", "zh-TW": "槓", "en": "kong"}[lang]
        return f"{word} {name}".strip()
    if k is ActionKind.WIN:
        return "胡" if zh else "win (hu)"
    return {"zh-CN": "过", "zh-TW": "過", "en": "pass"}[lang]
