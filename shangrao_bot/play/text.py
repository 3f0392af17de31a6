"""How tiles, seats and win kinds are written in the terminal game, the same in every part of it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from shangrao_bot.engine.hand_records import WIND_NAMES, seat_name
from shangrao_bot.rules.score_model import BonusKind, WinHow
from shangrao_bot.rules.tile_names import hand_text
from shangrao_bot.rules.tiles import format_tiles, suit_of

HUMAN = 0
SEATS = 4
RULE = "─" * 72
BAO_OPEN, BAO_CLOSE = "【", "】"  # around the 宝 in the player's hand (never in a meld notation)

HOW_NAMES = {
    WinHow.SELF: "自摸 (self-draw)",
    WinHow.KONG: "杠开 (on a kong's replacement tile)",
    WinHow.ROB: "抢杠 (robbing a kong)",
    WinHow.TIANHU: "天胡 (the dealt hand)",
    WinHow.DIHU: "地胡 (on the dealer's first discard)",
}
BONUS_NAMES = {
    BonusKind.MINGGANG: "碰杠 (exposed kong)",
    BonusKind.ANGANG: "自摸杠 (concealed kong)",
    BonusKind.JIEBAO: "接宝 (held three 宝 when the fourth was discarded)",
    BonusKind.SIGEBAO: "四个宝 (drew all four 宝)",
}


def _suit_groups(tiles: Iterable[int]) -> list[list[int]]:
    groups: list[list[int]] = []
    for t in tiles:
        if groups and suit_of(groups[-1][0]) == suit_of(t):
            groups[-1].append(t)
        else:
            groups.append([t])
    return groups


def spaced(tiles: Iterable[int]) -> str:
    """mpsz with a space between suits (``123m 45p 11z``): easier to scan than one run."""
    return " ".join(format_tiles(g) for g in _suit_groups(tiles)) or "-"


def spaced_zh(tiles: Iterable[int]) -> str:
    """Chinese, the compact way players write a hand (``五五六七万 三四筒 东东``): the same
    words as the Discord screens (:func:`shangrao_bot.rules.tile_names.hand_text`)."""
    listed = list(tiles)
    return hand_text(listed, "zh-CN") if listed else "-"


def _bao_runs(tiles: Iterable[int], bao: int) -> list[tuple[bool, list[int]]]:
    """``tiles`` in order, cut into runs of 宝 and of other tiles."""
    runs: list[tuple[bool, list[int]]] = []
    for t in tiles:
        if runs and runs[-1][0] == (t == bao):
            runs[-1][1].append(t)
        else:
            runs.append((t == bao, [t]))
    return runs


def _marked(tiles: Iterable[int], bao: int, write: Callable[[list[int]], str]) -> str:
    parts = [
        f"{BAO_OPEN}{write(run)}{BAO_CLOSE}" if is_bao else write(run)
        for is_bao, run in _bao_runs(tiles, bao)
    ]
    return " ".join(parts) or "-"


def marked(tiles: Iterable[int], bao: int) -> str:
    """:func:`spaced` with the 宝 in brackets, where they sort: ``1234m 【55m】 6m 46p 11z``."""
    return _marked(tiles, bao, spaced)


def marked_zh(tiles: Iterable[int], bao: int) -> str:
    """:func:`spaced_zh` with the 宝 in brackets: ``一二三四万 【五五万】 六万 四六筒 东东``."""
    return _marked(tiles, bao, spaced_zh)


def marked_one(tile: int, bao: int, text: str) -> str:
    """``text`` (one tile's name) in brackets when the tile is the 宝."""
    return f"{BAO_OPEN}{text}{BAO_CLOSE}" if tile == bao else text


def wind_letter(seat: int, dealer: int) -> str:
    return WIND_NAMES[(seat - dealer) % SEATS][0]


def who(seat: int, dealer: int) -> str:
    """A seat as narration names it: ``You`` for the human, ``South (seat 1)`` otherwise."""
    return "You" if seat == HUMAN else seat_name(seat, dealer)


def verb(seat: int, base: str, third: str | None = None) -> str:
    return base if seat == HUMAN else (third or base + "s")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def seat_label(seat: int) -> str:
    """A seat across hands (winds move with the dealer, seat numbers do not)."""
    return "You (seat 0)" if seat == HUMAN else f"seat {seat}"


def printable(text: str) -> str:
    """``text`` with control characters shown as ``?``: bad input is echoed in error lines,
    and a NUL or an escape sequence must not reach the terminal."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)
