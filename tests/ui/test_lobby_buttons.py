"""The lobby offers every AI level as a button, within Discord's layout limits."""

from __future__ import annotations

import re

import discord
import pytest

from shangrao_bot.engine.levels import AI_LEVELS
from shangrao_bot.ui.table_buttons import TableButton, lobby_message
from tests.ui.test_table_text import info_for

ROW_LIMIT = 5  # Discord: five buttons a row, five rows a message


@pytest.mark.parametrize(
    ("lang", "label"),
    [("en", "Add AI (hard)"), ("zh-CN", "加电脑（困难）"), ("zh-TW", "加電腦（困難）")],
)
async def test_the_lobby_has_a_button_per_ai_level(lang: str, label: str) -> None:
    info = info_for(None)  # two AI seats: the host sees their two remove buttons too
    _, view = lobby_message(info, lang)
    buttons = [i.item for i in view.children if isinstance(i, TableButton)]
    ids = [b.custom_id for b in buttons if isinstance(b, discord.ui.Button)]
    for level in AI_LEVELS:
        assert f"mj:{info.id}:ai-{level}" in ids
    hard = next(b for b in buttons if b.custom_id == f"mj:{info.id}:ai-hard")
    assert hard.label == label
    # every button finds its place: at most five a row and five rows
    assert len(view.to_components()) <= ROW_LIMIT
    assert all(len(r["components"]) <= ROW_LIMIT for r in view.to_components())


def test_the_ai_hard_custom_id_matches_the_template() -> None:
    template = TableButton.__discord_ui_compiled_template__
    m = re.fullmatch(template, "mj:7:ai-hard")
    assert m is not None and m["op"] == "ai-hard"
