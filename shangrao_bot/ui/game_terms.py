"""How the bot names seats, AI players and moves in Discord text, in each language, with the
tiles and hands named by :mod:`shangrao_bot.rules.tile_names` (五万, 三筒, 东 — never ``5m``;
nothing in Discord shows an mpsz code alone).

Seats are named by their wind this hand (东 is the dealer) or numbered 1-4; the engine's 0-3
never reaches a player. Pure functions over plain values, no Discord.
"""

from __future__ import annotations

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.rules.tile_names import hand_text, tile_label, tile_lang

SEATS = 4

_WINDS = {
    "zh-CN": ("东", "南", "西", "北"),
    "zh-TW": ("東", "南", "西", "北"),
    "en": ("East", "South", "West", "North"),
}
_AI_LEVELS = {
    "zh-CN": {"easy": "简单", "normal": "普通", "hard": "困难"},
    "zh-TW": {"easy": "簡單", "normal": "普通", "hard": "困難"},
    "en": {"easy": "easy", "normal": "normal", "hard": "hard"},
}


def _lang(lang: str) -> str:
    return tile_lang(lang)


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
