"""The checker of Chinese-only texts finds English words and mpsz codes, and nothing else."""

from __future__ import annotations

import pytest

from tests.e2e.language_check import offending


@pytest.mark.parametrize(
    "text",
    [
        "第 1 手 · 场次 #1 · 赢家：**老王** +9",
        "在本频道用 </score tiles:1577257998294712334> 记录；<t:1796119810:R> 过期",
        "<@123> 付给 <@!456> **3**，见 <#789> <@&12> <:bao:345>",
        "组合：九九条 一二三万（宝当 九条）· 10% ⏳ ✅",
    ],
)
def test_chinese_texts_with_discord_tokens_pass(text: str) -> None:
    assert offending([text]) == []


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("宝牌 5m", "5m"),
        ("宝5m", "5m"),  # glued to Chinese characters
        ("组合：123p 东东", "123p"),
        ("九九条 6z", "6z"),
        ("❌ 已作废：cancelled by 老王", "cancelled"),
        ("上饶 · stake 1", "stake"),
        ("名字 Lao Wang", "Lao"),
    ],
)
def test_english_words_and_tile_codes_are_found(text: str, bad: str) -> None:
    found = offending([text])
    assert found and found[0].startswith(repr(bad)), found


def test_allowed_words_pass_but_never_a_tile_code() -> None:
    assert offending(["Dave → Lao Wang：**3**（胡）"], {"Dave", "Lao Wang"}) == []
    assert offending(["dave"], {"Dave"}) == []  # case does not matter
    assert len(offending(["Dave 5m"], {"Dave", "5m"})) == 1
    assert len(offending(["a", "b c"])) == 3  # every text, every word


def test_link_targets_and_hex_codes_are_not_words() -> None:
    assert offending(["[前往牌桌](https://discord.com/channels/1/2)"]) == []
    assert offending(["公平性哈希 `f9fcf84e65ec7dde…`", "种子 `00ff00ff00ff00ff00ff`"]) == []
    assert offending(["see https://discord.com"]) != []  # a bare URL is read as text
    assert offending(["`hello world`"]) != []
