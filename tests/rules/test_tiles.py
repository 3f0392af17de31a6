"""Tile notation, parsing errors, round trips and the 宝 cycle (rule book §1, §3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shangrao_bot.rules.errors import HandError, TileParseError
from shangrao_bot.rules.hand import validate_tiles
from shangrao_bot.rules.tiles import (
    Meld,
    MeldKind,
    bao_from_indicator,
    counts_of,
    format_melds,
    format_tiles,
    format_tiles_zh,
    indicator_from_bao,
    parse_hand_and_melds,
    parse_melds,
    parse_tile,
    parse_tiles,
    sort_tiles,
    tile_name,
)

# 1m-9m = 0-8, 1p-9p = 9-17, 1s-9s = 18-26, 1z-7z = 27-33 (东 南 西 北 白 发 中)
M1, M5, M9 = 0, 4, 8
P1, P5, P9 = 9, 13, 17
S1, S7, S9 = 18, 24, 26
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)


# --- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # mpsz
        ("1m", [M1]),
        ("9m", [M9]),
        ("1p", [P1]),
        ("9p", [P9]),
        ("1s", [S1]),
        ("9s", [S9]),
        ("1z", [EAST]),
        ("7z", [RED]),
        ("123m", [0, 1, 2]),
        ("123m456p789s1234567z", [0, 1, 2, 12, 13, 14, 24, 25, 26, *range(27, 34)]),
        ("123m4p5m6p", [0, 1, 2, 12, 4, 14]),  # order is kept
        ("11z", [EAST, EAST]),
        ("5M5P5S5Z", [M5, P5, 22, WHITE]),  # suit letters are case-insensitive
        # honour letters, case-insensitive
        ("E", [EAST]),
        ("S", [SOUTH]),
        ("W", [WEST]),
        ("N", [NORTH]),
        ("P", [WHITE]),
        ("F", [GREEN]),
        ("C", [RED]),
        ("eswnpfc", [EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED]),
        ("ESWNPFC", [EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED]),
        # a letter right after digits is a suit suffix; alone it is an honour
        ("5P", [P5]),
        ("5p", [P5]),
        ("5S", [22]),
        ("5s", [22]),
        ("P5p", [WHITE, P5]),
        ("5pP", [P5, WHITE]),
        ("S1s", [SOUTH, S1]),
        ("1sS", [S1, SOUTH]),
        ("5m P", [M5, WHITE]),
        # Chinese names
        ("一万", [M1]),
        ("九万", [M9]),
        ("五万", [M5]),
        ("1万", [M1]),
        ("5筒", [P5]),
        ("5饼", [P5]),
        ("五筒", [P5]),
        ("九筒", [P9]),
        ("7条", [S7]),
        ("七条", [S7]),
        ("一条", [S1]),
        ("东", [EAST]),
        ("東", [EAST]),
        ("南", [SOUTH]),
        ("西", [WEST]),
        ("北", [NORTH]),
        ("白", [WHITE]),
        ("发", [GREEN]),
        ("發", [GREEN]),
        ("中", [RED]),
        ("一萬", [M1]),
        ("3萬", [2]),
        ("7條", [S7]),
        ("2餅", [10]),
        ("一万 5筒 7条 东 發 中 白", [M1, P5, S7, EAST, GREEN, RED, WHITE]),
        ("东南西北白发中", list(range(27, 34))),
        # mixed notations
        ("123m 东 5筒 P", [0, 1, 2, EAST, P5, WHITE]),
        ("一万1m", [M1, M1]),
        # spaces (and list separators) anywhere
        ("  1 2 3 m ", [0, 1, 2]),
        ("1m 1m", [M1, M1]),
        ("1 2\t3m\n4 5 6p", [0, 1, 2, 12, 13, 14]),
        ("一 万", [M1]),
        ("1m,2m，3m、4m", [0, 1, 2, 3]),
        ("", []),
        ("   ", []),
    ],
)
def test_parse_tiles(text: str, expected: list[int]) -> None:
    assert parse_tiles(text) == expected


@pytest.mark.parametrize(
    ("text", "token", "fragment"),
    [
        ("0m", "0m", "'0m' is not a tile: ranks are 1-9"),
        ("123m 0p", "0p", "'0p' is not a tile"),
        ("8z", "8z", "'8z' is not a tile"),
        ("9z", "9z", "'9z' is not a tile"),
        ("0z", "0z", "'0z' is not a tile"),
        ("123m45", "45", "'45' has no suit"),
        ("5", "5", "'5' has no suit"),
        ("12 3", "123", "'123' has no suit"),
        ("x", "x", "'x' is not a tile"),
        ("123m xyz", "xyz", "'xyz' is not a tile"),
        ("m", "m", "'m' is not a tile"),
        ("万", "万", "'万'"),
    ],
)
def test_parse_errors_name_the_token(text: str, token: str, fragment: str) -> None:
    with pytest.raises(TileParseError) as info:
        parse_tiles(text)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.token == token
    assert fragment in str(err)


@pytest.mark.parametrize("text", ["5x", "123m 5x", "5x 6p"])
def test_parse_error_unknown_suit_letter(text: str) -> None:
    """``5x``: the error names the whole offending token and says which letters are suits."""
    with pytest.raises(TileParseError) as info:
        parse_tiles(text)
    assert info.value.token == "5x"
    assert "'5x' is not a tile" in str(info.value)
    assert "m (万), p (筒), s (条) or z (字)" in str(info.value)


def test_parse_tile_exactly_one() -> None:
    assert parse_tile("5p") == P5
    assert parse_tile(" 東 ") == EAST
    assert parse_tile("E") == EAST
    assert parse_tile("P") == WHITE
    for bad in ("5p5p", "", "12m"):
        with pytest.raises(TileParseError):
            parse_tile(bad)


@pytest.mark.parametrize(
    ("tile", "zh", "en"),
    [
        (M1, "一万", "1 Characters"),
        (M9, "九万", "9 Characters"),
        (P5, "五筒", "5 Dots"),
        (S7, "七条", "7 Bamboo"),
        (EAST, "东", "East"),
        (SOUTH, "南", "South"),
        (WEST, "西", "West"),
        (NORTH, "北", "North"),
        (WHITE, "白", "White"),
        (GREEN, "发", "Green"),
        (RED, "中", "Red"),
    ],
)
def test_tile_name(tile: int, zh: str, en: str) -> None:
    assert tile_name(tile) == zh
    assert tile_name(tile, "zh") == zh
    assert tile_name(tile, "en") == en
    assert parse_tiles(zh) == [tile]


def test_every_kind_has_one_mpsz_form() -> None:
    for k in range(34):
        text = format_tiles([k])
        assert len(text) == 2
        assert parse_tile(text) == k
        assert parse_tile(tile_name(k)) == k
    assert format_tiles(range(34)) == "123456789m123456789p123456789s1234567z"


def test_format_tiles_keeps_order() -> None:
    assert format_tiles([0, 1, 2, 12, 4, 14]) == "123m4p5m6p"
    assert format_tiles([EAST, EAST]) == "11z"
    assert format_tiles([]) == ""


# --- round trips -----------------------------------------------------------------------------

tile_lists = st.lists(st.integers(0, 33), max_size=20)


@settings(max_examples=300)
@given(tile_lists)
def test_round_trip_mpsz(tiles: list[int]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tiles


@settings(max_examples=300)
@given(tile_lists)
def test_round_trip_zh(tiles: list[int]) -> None:
    assert parse_tiles(format_tiles_zh(tiles)) == tiles


@settings(max_examples=200)
@given(tile_lists, st.randoms(use_true_random=False))
def test_spaces_anywhere(tiles: list[int], rnd: random.Random) -> None:
    text = format_tiles(tiles)
    spaced = "".join(ch + " " * rnd.randint(0, 2) for ch in text)
    assert parse_tiles(" " + spaced) == tiles


@settings(max_examples=200)
@given(tile_lists)
def test_counts_and_sort(tiles: list[int]) -> None:
    c = counts_of(tiles)
    assert len(c) == 34
    assert sum(c) == len(tiles)
    assert all(c[k] == tiles.count(k) for k in range(34))
    s = sort_tiles(tiles)
    assert s == sorted(tiles)
    assert counts_of(s) == c


def test_sort_order_m_p_s_z() -> None:
    tiles = parse_tiles("中 1z 9s 1s 9p 1p 9m 1m 5m")
    assert format_tiles(sort_tiles(tiles)) == "159m19p19s17z"
    assert sort_tiles(parse_tiles("1z1s1p1m")) == [M1, P1, S1, EAST]


def _meld_strategy() -> st.SearchStrategy[Meld]:
    chi = st.sampled_from([s for s in range(27) if s % 9 <= 6]).map(
        lambda s: Meld(MeldKind.CHI, (s, s + 1, s + 2))
    )
    kinds = st.integers(0, 33)
    pong = kinds.map(lambda k: Meld(MeldKind.PONG, (k,) * 3))
    exposed = kinds.map(lambda k: Meld(MeldKind.KONG_EXPOSED, (k,) * 4))
    concealed = kinds.map(lambda k: Meld(MeldKind.KONG_CONCEALED, (k,) * 4))
    indicator = kinds.map(lambda k: Meld(MeldKind.KONG_INDICATOR, (k,) * 3))
    claimed = kinds.map(lambda k: Meld(MeldKind.KONG_INDICATOR_EXPOSED, (k,) * 3))
    return st.one_of(chi, pong, exposed, concealed, indicator, claimed)


@settings(max_examples=300)
@given(st.lists(_meld_strategy(), max_size=4))
def test_round_trip_melds(melds: list[Meld]) -> None:
    text = format_melds(melds)
    assert parse_melds(text) == melds
    assert parse_melds(text.replace(" ", "  ")) == melds


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[123m]", [Meld(MeldKind.CHI, (0, 1, 2))]),
        ("[312m]", [Meld(MeldKind.CHI, (0, 1, 2))]),
        ("[777s]", [Meld(MeldKind.PONG, (24, 24, 24))]),
        ("[2222p]", [Meld(MeldKind.KONG_EXPOSED, (10,) * 4)]),
        ("(1111z)", [Meld(MeldKind.KONG_CONCEALED, (EAST,) * 4)]),
        ("(111m)", [Meld(MeldKind.KONG_INDICATOR, (M1,) * 3)]),
        # §4: a 跌宝杠 claimed on a discard is written in braces (full-width too)
        ("{111m}", [Meld(MeldKind.KONG_INDICATOR_EXPOSED, (M1,) * 3)]),
        ("｛一万一万一万｝", [Meld(MeldKind.KONG_INDICATOR_EXPOSED, (M1,) * 3)]),
        (
            "[123m]{111m}(111m)",
            [
                Meld(MeldKind.CHI, (0, 1, 2)),
                Meld(MeldKind.KONG_INDICATOR_EXPOSED, (M1,) * 3),
                Meld(MeldKind.KONG_INDICATOR, (M1,) * 3),
            ],
        ),
        ("[中中中]", [Meld(MeldKind.PONG, (RED,) * 3)]),
        (
            "[123m] (1111z)",
            [Meld(MeldKind.CHI, (0, 1, 2)), Meld(MeldKind.KONG_CONCEALED, (EAST,) * 4)],
        ),
        ("", []),
    ],
)
def test_parse_melds(text: str, expected: list[Meld]) -> None:
    assert parse_melds(text) == expected


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("[124m]", "[124m]"),
        ("[111z2z]", "[111z2z]"),
        ("[123z]", "[123z]"),  # honours never form sequences
        ("[891m]", "[891m]"),
        ("[789m1p]", "[789m1p]"),
        ("(123m)", "(123m)"),
        ("(11m)", "(11m)"),
        ("[123m", "[123m"),
        ("123m", "123m"),
        ("[123m] [0m00]", "0m"),
        ("{123m}", "{123m}"),
        ("{1111m}", "{1111m}"),
        ("{111m", "{111m"),
    ],
)
def test_meld_errors(text: str, token: str) -> None:
    with pytest.raises(TileParseError) as info:
        parse_melds(text)
    assert info.value.token == token
    assert f"'{token}'" in str(info.value)


# --- 宝 from the indicator (§2) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("indicator", "bao"),
    [
        ("1m", "2m"),
        ("8m", "9m"),
        ("9m", "1m"),
        ("9p", "1p"),
        ("9s", "1s"),
        ("5s", "6s"),
        ("1z", "2z"),  # 东 → 南
        ("2z", "3z"),
        ("3z", "4z"),
        ("4z", "1z"),  # 北 → 东
        ("7z", "6z"),  # 中 → 发
        ("6z", "5z"),  # 发 → 白
        ("5z", "7z"),  # 白 → 中
    ],
)
def test_bao_from_indicator(indicator: str, bao: str) -> None:
    assert bao_from_indicator(parse_tile(indicator)) == parse_tile(bao)
    assert indicator_from_bao(parse_tile(bao)) == parse_tile(indicator)


def test_bao_cycles() -> None:
    def orbit(start: int) -> list[int]:
        out = [start]
        while (nxt := bao_from_indicator(out[-1])) != start:
            out.append(nxt)
            assert len(out) <= 34
        return out

    for suit in range(3):
        assert orbit(9 * suit) == list(range(9 * suit, 9 * suit + 9))
    assert orbit(EAST) == [EAST, SOUTH, WEST, NORTH]
    assert orbit(RED) == [RED, GREEN, WHITE]


def test_bao_bijection() -> None:
    image = [bao_from_indicator(k) for k in range(34)]
    assert sorted(image) == list(range(34))
    for k in range(34):
        assert indicator_from_bao(bao_from_indicator(k)) == k
        assert bao_from_indicator(indicator_from_bao(k)) == k
        assert bao_from_indicator(k) != k
        # the 宝 stays in the indicator's group (suit, winds, dragons)
        group = k // 9 if k < 27 else (3 if k <= NORTH else 4)
        b = bao_from_indicator(k)
        assert group == (b // 9 if b < 27 else (3 if b <= NORTH else 4))


# --- impossible hands (§1 error messages) -----------------------------------------------------


def test_validate_tiles_errors() -> None:
    with pytest.raises(HandError) as info:
        validate_tiles(parse_tiles("33333s 123m 456p 789p"), [], None, (14,))
    assert "five 3s in one hand" in str(info.value)
    assert info.value.token == "3s"
    with pytest.raises(HandError) as info:
        validate_tiles(parse_tiles("123m 456p 789s 11z 22z"), [], None, (14,))
    assert "hand has 13 tiles, a win needs 14" in str(info.value)
    validate_tiles(parse_tiles("123m 456p 789s 111z 22z"), [], None, (14,))
    # a 宝 in hand may be a fifth copy only as a wildcard, never physically
    with pytest.raises(HandError):
        validate_tiles(parse_tiles("11111z 234m 456p 789s"), [], parse_tile("1z"), (14,))


def test_s4_claimed_indicator_kong_notation() -> None:
    """§4: ``{111m}`` is an exposed 跌宝杠 (claimed on a discard), ``(111m)`` the concealed one;
    both are kongs of three tiles that draw no replacement."""
    (claimed,) = parse_melds("{111m}")
    (declared,) = parse_melds("(111m)")
    assert claimed.to_str() == "{111m}" and declared.to_str() == "(111m)"
    assert claimed.kind.is_kong and claimed.kind.is_indicator_kong
    assert not claimed.kind.is_concealed and declared.kind.is_concealed
    assert not claimed.kind.draws_replacement and not declared.kind.draws_replacement
    assert MeldKind.KONG_EXPOSED.draws_replacement and MeldKind.KONG_CONCEALED.draws_replacement
    with pytest.raises(TileParseError, match="a claimed 跌宝杠 in braces"):
        parse_melds("<111m>")


@pytest.mark.parametrize(
    ("text", "tiles", "melds"),
    [
        ("123m [777s] 11z", "123m11z", "[777s]"),
        ("123p456p789s5z5z {111m}", "123p456p789s5z5z", "{111m}"),
        ("(1111z)9p9p｛111m｝", "9p9p", "(1111z) {111m}"),
    ],
)
def test_s4_a_typed_hand_with_melds_anywhere(text: str, tiles: str, melds: str) -> None:
    assert parse_hand_and_melds(text) == (parse_tiles(tiles), parse_melds(melds))


def test_a_typed_hand_names_a_missing_closer() -> None:
    with pytest.raises(TileParseError, match="missing its closing"):
        parse_hand_and_melds("123m {111m")
