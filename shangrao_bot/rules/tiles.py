"""Tiles and notation (rule book §1, §3).

A tile kind is an ``int`` 0-33: ``0-8`` = 1m-9m (万), ``9-17`` = 1p-9p (筒), ``18-26`` = 1s-9s (条),
``27-33`` = 1z-7z (东 南 西 北 白 发 中). Integers keep the hot paths (hand analysis for AI players)
fast; everything user-facing goes through :func:`parse_tiles` / :func:`format_tiles`.

Parsing accepts mpsz (``123m4p5m6p 11z``), honour letters (``E S W N P F C``), Chinese names
(``一万 5筒 7条 东 發`` …) mixed freely, with spaces anywhere. A letter directly after digits is a
suit suffix (``5p`` = five of dots); a letter with no digits before it is an honour (``P`` = 白).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from shangrao_bot.rules.errors import TileParseError

NUM_KINDS = 34
SUITS = "mpsz"
HONOR_START = 27

#: 幺九: terminals and honours.
YAOJIU: frozenset[int] = frozenset([0, 8, 9, 17, 18, 26, *range(27, 34)])
HONORS: frozenset[int] = frozenset(range(27, 34))

_SUIT_OF_LETTER = {"m": 0, "p": 1, "s": 2, "z": 3}
_HONOR_LETTERS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}

_ZH_DIGITS = "一二三四五六七八九"
_ZH_SUITS = {"万": 0, "萬": 0, "筒": 1, "饼": 1, "餅": 1, "条": 2, "條": 2, "索": 2}
_ZH_HONORS = {
    "东": 27,
    "東": 27,
    "南": 28,
    "西": 29,
    "北": 30,
    "白": 31,
    "发": 32,
    "發": 32,
    "中": 33,
}
_ZH_HONOR_NAMES = ("东", "南", "西", "北", "白", "发", "中")
_ZH_SUIT_NAMES = ("万", "筒", "条")
_EN_HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
_EN_SUIT_NAMES = ("Characters", "Dots", "Bamboo")


def kind(rank: int, suit: str) -> int:
    """The kind of ``rank`` (1-9, or 1-7 for ``z``) in ``suit`` (one of ``mpsz``)."""
    return _SUIT_OF_LETTER[suit] * 9 + rank - 1


def suit_of(tile: int) -> int:
    """0 = 万, 1 = 筒, 2 = 条, 3 = honours."""
    return tile // 9 if tile < HONOR_START else 3


def rank_of(tile: int) -> int:
    """1-9 for suited tiles, 1-7 for honours."""
    return tile % 9 + 1 if tile < HONOR_START else tile - HONOR_START + 1


def tile_str(tile: int) -> str:
    """mpsz text of one tile, e.g. ``5p`` or ``7z``."""
    return f"{rank_of(tile)}{SUITS[suit_of(tile)]}"


def tile_name(tile: int, lang: str = "zh") -> str:
    """A player's name for a tile: ``五筒`` / ``东`` in Chinese, ``5 Dots`` / ``East`` in English.

    The bot speaks the player's language, so tile names follow it too.
    """
    suit, rank = suit_of(tile), rank_of(tile)
    if lang.startswith("zh"):
        if suit == 3:
            return _ZH_HONOR_NAMES[rank - 1]
        return _ZH_DIGITS[rank - 1] + _ZH_SUIT_NAMES[suit]
    if suit == 3:
        return _EN_HONOR_NAMES[rank - 1]
    return f"{rank} {_EN_SUIT_NAMES[suit]}"


def both_notations(tile: int) -> str:
    """``5m (五万)``: mpsz and the Chinese name, so either kind of player reads it."""
    return f"{tile_str(tile)} ({tile_name(tile)})"


def format_tiles(tiles: Iterable[int]) -> str:
    """mpsz text keeping the given order: runs of one suit share a suffix (``123m4p5m6p11z``).

    ``parse_tiles(format_tiles(t)) == list(t)`` for every tile list (round trip).
    """
    out: list[str] = []
    run: list[str] = []
    run_suit = -1
    for t in tiles:
        s = suit_of(t)
        if s != run_suit and run:
            out.append("".join(run) + SUITS[run_suit])
            run = []
        run_suit = s
        run.append(str(rank_of(t)))
    if run:
        out.append("".join(run) + SUITS[run_suit])
    return "".join(out)


def format_tiles_zh(tiles: Iterable[int]) -> str:
    """Chinese names separated by spaces (``一万 二万 东``); parses back to the same list."""
    return " ".join(tile_name(t, "zh") for t in tiles)


def sort_tiles(tiles: Iterable[int]) -> list[int]:
    """Sorted m < p < s < z, rank ascending (the order players arrange a hand in)."""
    return sorted(tiles)


def _bad_rank(token: str, suit: str) -> TileParseError:
    return TileParseError("tile.bad_honour_rank" if suit == "z" else "tile.bad_rank", token=token)


def _no_suit(token: str) -> TileParseError:
    return TileParseError("tile.no_suit", token=token)


def parse_tiles(text: str) -> list[int]:
    """Read tiles in any accepted notation, keeping their order.

    Raises :class:`TileParseError` naming the offending token.
    """
    tiles: list[int] = []
    digits: list[str] = []  # pending digits (or Chinese numerals) awaiting a suit
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch in ",，、":
            i += 1
            continue
        if ch.isdigit() and ch.isascii():
            digits.append(ch)
            i += 1
            continue
        if ch in _ZH_DIGITS:
            digits.append(str(_ZH_DIGITS.index(ch) + 1))
            i += 1
            continue
        lower = ch.lower()
        if ch in _ZH_SUITS or (ch.isascii() and lower in _SUIT_OF_LETTER and digits):
            suit_idx = _ZH_SUITS[ch] if ch in _ZH_SUITS else _SUIT_OF_LETTER[lower]
            suit = SUITS[suit_idx]
            if not digits:
                raise TileParseError("tile.no_rank", token=ch)
            for d in digits:
                rank = int(d)
                if rank < 1 or rank > (7 if suit == "z" else 9):
                    raise _bad_rank(d + suit, suit)
                tiles.append(kind(rank, suit))
            digits = []
            i += 1
            continue
        if digits:
            token = "".join(digits)
            if ch.isascii() and ch.isalpha():
                raise TileParseError("tile.bad_suit", token=token + ch, suit=ch)
            raise _no_suit(token)
        if ch in _ZH_HONORS:
            tiles.append(_ZH_HONORS[ch])
            i += 1
            continue
        if ch.isascii() and ch.upper() in _HONOR_LETTERS:
            tiles.append(_HONOR_LETTERS[ch.upper()])
            i += 1
            continue
        # Collect the whole unknown word for the message.
        j = i + 1
        while j < n and not text[j].isspace():
            j += 1
        word = text[i:j]
        raise TileParseError("tile.unknown", token=word)
    if digits:
        raise _no_suit("".join(digits))
    return tiles


def parse_tile(text: str) -> int:
    """Exactly one tile (``5p``, ``东``, ``E``)."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileParseError("tile.not_one", token=text.strip(), n=len(tiles))
    return tiles[0]


def counts_of(tiles: Iterable[int]) -> list[int]:
    """The 34-count form used by every fast check."""
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    return c


def bao_from_indicator(indicator: int) -> int:
    """The 宝 kind is the next kind in the indicator's cycle (§3).

    Suits: 1→2→…→9→1; winds: 东→南→西→北→东; dragons: 中→发→白→中.
    """
    if indicator < HONOR_START:
        base = indicator - indicator % 9
        return base + (indicator % 9 + 1) % 9
    if indicator <= 30:  # winds 27..30
        return 27 + (indicator - 27 + 1) % 4
    # dragons: 白 31, 发 32, 中 33; cycle 中→发→白→中
    return {33: 32, 32: 31, 31: 33}[indicator]


def indicator_from_bao(bao: int) -> int:
    """Inverse of :func:`bao_from_indicator` (the kind shown face up for a given 宝)."""
    for ind in range(NUM_KINDS):
        if bao_from_indicator(ind) == bao:
            return ind
    raise AssertionError("unreachable: the cycle is a bijection")


class MeldKind(Enum):
    """How a meld came about; decides its notation, its set type and its kong bonus."""

    CHI = "chi"  # [123m]
    PONG = "pong"  # [777s]
    KONG_EXPOSED = "kong_exposed"  # [2222p] 明杠 or 补杠 → 碰杠 for scoring
    KONG_CONCEALED = "kong_concealed"  # (1111z) 暗杠 → 自摸杠
    KONG_INDICATOR = "kong_indicator"  # (111m) 跌宝杠: three tiles of the indicator's kind
    KONG_INDICATOR_EXPOSED = "kong_indicator_exposed"  # {111m} 跌宝杠 claimed on a discard

    @property
    def is_kong(self) -> bool:
        return self in (
            MeldKind.KONG_EXPOSED,
            MeldKind.KONG_CONCEALED,
            MeldKind.KONG_INDICATOR,
            MeldKind.KONG_INDICATOR_EXPOSED,
        )

    @property
    def is_concealed(self) -> bool:
        return self in (MeldKind.KONG_CONCEALED, MeldKind.KONG_INDICATOR)

    @property
    def is_indicator_kong(self) -> bool:
        """A 跌宝杠 (the three live tiles of the indicator's kind), formed from the hand or on
        a discard (the rule book §4)."""
        return self in (MeldKind.KONG_INDICATOR, MeldKind.KONG_INDICATOR_EXPOSED)

    @property
    def draws_replacement(self) -> bool:
        """A four-tile kong, followed by a replacement draw; a 跌宝杠 draws none, so it never
        gives 杠开 and does not count in a kong chain (the rule book §4)."""
        return self in (MeldKind.KONG_EXPOSED, MeldKind.KONG_CONCEALED)


@dataclass(frozen=True)
class Meld:
    """A called or declared set. Its tiles are natural: a 宝 in a meld is only its own kind."""

    kind: MeldKind
    tiles: tuple[int, ...]

    def to_str(self) -> str:
        """``[123m]`` exposed, ``(1111z)`` concealed, ``{111m}`` a 跌宝杠 claimed on a discard."""
        body = format_tiles(self.tiles)
        if self.kind is MeldKind.KONG_INDICATOR_EXPOSED:
            return "{" + body + "}"
        return f"({body})" if self.kind.is_concealed else f"[{body}]"

    def __str__(self) -> str:
        return self.to_str()


def make_meld(
    tiles: Sequence[int], concealed: bool, token: str, *, claimed_indicator: bool = False
) -> Meld:
    """Validate one meld's tiles and name its kind; ``token`` is quoted in errors.
    ``claimed_indicator``: written in braces, a 跌宝杠 claimed on a discard (``{111m}``)."""
    ts = tuple(sorted(tiles))
    if claimed_indicator:
        if len(ts) == 3 and len(set(ts)) == 1:
            return Meld(MeldKind.KONG_INDICATOR_EXPOSED, ts)
        raise TileParseError("meld.bad_claimed_kong", token=token)
    if concealed:
        if len(ts) == 4 and len(set(ts)) == 1:
            return Meld(MeldKind.KONG_CONCEALED, ts)
        if len(ts) == 3 and len(set(ts)) == 1:
            return Meld(MeldKind.KONG_INDICATOR, ts)
        raise TileParseError("meld.bad_concealed_kong", token=token)
    if len(ts) == 4 and len(set(ts)) == 1:
        return Meld(MeldKind.KONG_EXPOSED, ts)
    if len(ts) == 3 and len(set(ts)) == 1:
        return Meld(MeldKind.PONG, ts)
    if (
        len(ts) == 3
        and ts[0] < HONOR_START
        and suit_of(ts[0]) == suit_of(ts[2])
        and ts[1] == ts[0] + 1
        and ts[2] == ts[0] + 2
    ):
        return Meld(MeldKind.CHI, ts)
    raise TileParseError("meld.bad", token=token)


_CLOSERS = {"[": "]", "(": ")", "{": "}", "【": "】", "（": "）", "｛": "｝"}


def parse_melds(text: str) -> list[Meld]:
    """Read melds like ``[123m] [777s] [2222p] (1111z) (111m) {111m}``: brackets for exposed
    melds, parentheses for concealed kongs (a 跌宝杠 from the hand included), braces for a
    跌宝杠 claimed on a discard; full-width brackets too. :func:`format_melds` writes them back."""
    melds: list[Meld] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch in ",，":
            i += 1
            continue
        closer = _CLOSERS.get(ch)
        if closer is None:
            j = i
            while j < n and not text[j].isspace():
                j += 1
            word = text[i:j]
            raise TileParseError("meld.no_bracket", token=word)
        j = text.find(closer, i + 1)
        if j < 0:
            raise TileParseError("meld.unclosed", token=text[i:], closer=closer)
        token = text[i : j + 1]
        tiles = parse_tiles(text[i + 1 : j])
        melds.append(
            make_meld(tiles, concealed=ch in "(（", token=token, claimed_indicator=ch in "{｛")
        )
        i = j + 1
    return melds


def parse_hand_and_melds(text: str) -> tuple[list[int], list[Meld]]:
    """A hand as typed, melds in brackets anywhere (``123m [777s] 11z {111m}``): the concealed
    tiles in order and the melds, read by :func:`parse_tiles` and :func:`parse_melds`."""
    tiles_text: list[str] = []
    melds_text: list[str] = []
    closer = ""
    buf = ""
    for ch in text:
        if not closer and ch in _CLOSERS:
            tiles_text.append(buf)
            buf, closer = ch, _CLOSERS[ch]
        elif closer and ch == closer:
            melds_text.append(buf + ch)
            buf, closer = "", ""
        else:
            buf += ch
    (melds_text if closer else tiles_text).append(buf)  # parse_melds names a missing closer
    return parse_tiles(" ".join(tiles_text)), parse_melds(" ".join(melds_text))


def format_melds(melds: Iterable[Meld]) -> str:
    """The notation :func:`parse_melds` reads: ``parse_melds(format_melds(m)) == list(m)``."""
    return " ".join(m.to_str() for m in melds)
