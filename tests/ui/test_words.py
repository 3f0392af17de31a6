"""Tiles, hands, seats and moves as players name them; plurals and command mentions."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shangrao_bot.catalog.fields import Formatter
from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.rules.tile_names import hand_text, tile_label
from shangrao_bot.rules.tiles import parse_tile, parse_tiles
from shangrao_bot.ui import i18n
from shangrao_bot.ui.game_terms import action_text, ai_name, seat_place, wind_name
from shangrao_bot.ui.i18n import command_mention, link_commands, t

MPSZ = re.compile(r"\b[1-9]+[mpsz]\b")


@pytest.mark.parametrize(
    ("tile", "zh_cn", "zh_tw", "en"),
    [
        ("5m", "五万", "五萬", "5 Crak"),
        ("3p", "三筒", "三筒", "3 Dot"),
        ("7s", "七条", "七條", "7 Bam"),
        ("1z", "东", "東", "East"),
        ("5z", "白", "白", "White"),
        ("6z", "发", "發", "Green"),
        ("7z", "中", "中", "Red"),
    ],
)
def test_tile_labels(tile: str, zh_cn: str, zh_tw: str, en: str) -> None:
    k = parse_tile(tile)
    assert (tile_label(k, "zh-CN"), tile_label(k, "zh-TW"), tile_label(k, "en")) == (
        zh_cn,
        zh_tw,
        en,
    )


def test_hand_text_is_compact() -> None:
    tiles = parse_tiles("567m34p11z6z")
    assert hand_text(tiles, "zh-CN") == "五六七万 三四筒 东东 发"
    assert hand_text(tiles, "zh-TW") == "五六七萬 三四筒 東東 發"
    assert hand_text(tiles, "en") == "5-6-7 Crak · 3-4 Dot · East East · Green"
    assert hand_text([], "zh-CN") == "—"


@given(st.lists(st.integers(0, 33), max_size=14), st.sampled_from(i18n.LANGS))
def test_hand_text_never_shows_mpsz(tiles: list[int], lang: str) -> None:
    text = hand_text(sorted(tiles), lang)
    assert not MPSZ.search(text)
    if lang != "en" and tiles:
        assert not re.search(r"[A-Za-z0-9]", text)


def test_seats_and_ai_names() -> None:
    assert wind_name(0, "zh-CN") == "东"
    assert seat_place(2, 0, "zh-CN") == "西家"
    assert seat_place(2, 1, "en") == "South"
    assert seat_place(0, None, "zh-CN") == "1号位"
    assert ai_name(1, "normal", "zh-CN") == "电脑2号（普通）"
    assert ai_name(1, "easy", "zh-TW") == "電腦2號（簡單）"
    assert ai_name(3, "normal", "en") == "AI 4 (normal)"
    assert ai_name(0, "hard", "zh-CN") == "电脑1号（困难）"
    assert ai_name(0, "hard", "zh-TW") == "電腦1號（困難）"
    assert ai_name(2, "hard", "en") == "AI 3 (hard)"


def test_actions_as_players_say_them() -> None:
    five_m = parse_tile("5m")
    assert action_text(Action(0, ActionKind.DISCARD, five_m), "zh-CN") == "打出 五万"
    chi = Action(0, ActionKind.CHI, five_m, tuple(parse_tiles("456m")))
    assert action_text(chi, "zh-CN") == "吃 四五六万"
    assert action_text(Action(0, ActionKind.PASS), "zh-TW") == "過"
    assert action_text(Action(0, ActionKind.DISCARD, five_m), "en") == "discard 5 Crak"


def test_plural_choice_in_english() -> None:
    fmt = Formatter("en").format
    assert fmt("{n} {n:hand|hands}", n=1) == "1 hand"
    assert fmt("{n} {n:hand|hands}", n=2) == "2 hands"
    assert fmt("{n} {n:hand|hands}", n=0) == "0 hands"


def test_commands_become_mentions_once_synced() -> None:
    saved = dict(i18n.COMMAND_IDS)
    try:
        i18n.remember_commands({})
        assert command_mention("session start") == "`/session start`"
        i18n.remember_commands({"session": 123, "help": 7})
        assert command_mention("session start") == "</session start:123>"
        assert link_commands("use `/help` or `/session start`, not `/nope`") == (
            "use </help:7> or </session start:123>, not `/nope`"
        )
        assert "</help:7>" in t("help.command_list", "zh-CN")
    finally:
        i18n.remember_commands(saved)
