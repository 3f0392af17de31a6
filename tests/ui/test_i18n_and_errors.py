"""Translations are complete, command texts are translated and valid Discord names, and the one
error path turns user errors into their message and bugs into an apology with an error id."""

from __future__ import annotations

import logging
import re

import discord
import pytest
from discord import app_commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.errors import Refusal
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.tiles import parse_tile
from shangrao_bot.settings import Settings
from shangrao_bot.ui.errors import message_for
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.translator import COMMAND_TEXT, ShangraoTranslator, catalog_key

NAME = re.compile(r"^[-_\w]{1,32}$")


def test_locale_to_language(monkeypatch: pytest.MonkeyPatch) -> None:
    assert lang_of(discord.Locale.chinese) == "zh-CN"
    assert lang_of(discord.Locale.taiwan_chinese) == "zh-TW"
    assert lang_of(discord.Locale.american_english) == "en"
    assert lang_of(discord.Locale.french) == "en"
    assert t("rules.stake", "zh-CN", stake=3).startswith("底分：**3**")
    monkeypatch.setenv("SHANGRAO_STRICT_CATALOG", "0")  # a running bot's fallback
    assert t("no.such.key", "en") == "no.such.key"


def _strings(cmd: app_commands.Command | app_commands.Group) -> list[tuple[str, bool]]:  # type: ignore[type-arg]
    """(text, is_name) of a command tree node: names, descriptions, options, choices."""
    out = [(catalog_key(cmd._locale_name) if cmd._locale_name else cmd.name, True)]  # type: ignore[union-attr]
    out.append(
        (cmd._locale_description.message if cmd._locale_description else cmd.description, False)
    )  # type: ignore[union-attr]
    if isinstance(cmd, app_commands.Group):
        for sub in cmd.commands:
            out += _strings(sub)
    else:
        for p in cmd.parameters:
            out.append((p.locale_name.message if p.locale_name else p.name, True))
            desc = p.locale_description
            out.append((desc.message if desc else p.description, False))
            for c in p.choices:
                out.append((c._locale_name.message if c._locale_name else c.name, False))  # type: ignore[attr-defined]
    return out


async def test_every_command_text_is_translated_and_names_are_valid() -> None:
    bot = ShangraoBot(Settings(discord_token=None))
    from shangrao_bot.discord_bot import cog_extensions

    for name in cog_extensions():
        await bot.load_extension(name)
    top = {c.name for c in bot.tree.get_commands()}
    assert {"help", "rules", "score", "session", "table", "leaderboard"} <= top
    translator = ShangraoTranslator()
    for cmd in bot.tree.get_commands():
        for text, is_name in _strings(cmd):  # type: ignore[arg-type]
            assert text in COMMAND_TEXT, f"no Chinese for {text!r}"
            for locale in (discord.Locale.chinese, discord.Locale.taiwan_chinese):
                zh = await translator.translate(
                    app_commands.locale_str(text, catalog_key=text),
                    locale,
                    None,  # type: ignore[arg-type]
                )
                assert zh
                if is_name:
                    assert NAME.match(zh) and zh == zh.lower(), zh
    await bot.close()


async def test_one_english_word_two_chinese_names() -> None:
    """``link`` of ``/player link`` (关联) and of ``/web link`` (链接) are told apart."""
    translator = ShangraoTranslator()
    player = app_commands.locale_str("link")
    web = app_commands.locale_str("link", catalog_key="link (the pages' address)")
    chinese = discord.Locale.chinese
    assert await translator.translate(player, chinese, None) == "关联"  # type: ignore[arg-type]
    assert await translator.translate(web, chinese, None) == "链接"  # type: ignore[arg-type]


def test_user_errors_show_their_message_and_bugs_an_error_id(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with pytest.raises(RulesError) as bad:
        parse_tile("0m")
    assert message_for(bad.value, "en") == ("'0m' is not a tile: ranks are 1-9")
    assert message_for(Refusal("error.admin_only"), "zh-CN") == "只有服务器管理员可以修改规则。"
    with caplog.at_level(logging.ERROR):
        text = message_for(RuntimeError("boom"), "en")
    error_id = re.search(r"`([0-9a-f]{8})`", text)
    assert error_id and "Traceback" not in text and "boom" not in text
    assert error_id.group(1) in caplog.text and "boom" in caplog.text
