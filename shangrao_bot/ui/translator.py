"""Command names, descriptions and option texts in Chinese for Discord's command picker.

discord.py asks the translator for every string of every command when it syncs; English is the
source text, and the Chinese comes from the catalogs' ``commands`` area, keyed by the English.
Where one English word names two things that Chinese names apart (``/player link`` links a
guest to a member: 关联; ``/web link`` gives the pages' address: 链接), the command says which with
``locale_str(text, catalog_key=…)`` and its key is looked up instead (:func:`catalog_key`).
Names follow Discord's rule for command names (lower case, no spaces; Chinese characters are
allowed).
"""

from __future__ import annotations

import discord
from discord import app_commands

from shangrao_bot.catalog import CATALOGS, en

# English source → (zh-CN, zh-TW): the catalogs' ``commands`` area, read as pairs.
COMMAND_TEXT: dict[str, tuple[str, str]] = {
    english: (CATALOGS["zh-CN"][english], CATALOGS["zh-TW"][english])
    for english in en.AREAS["commands"]
}


def catalog_key(string: app_commands.locale_str) -> str:
    """The ``commands`` area's key of a command's text: its ``catalog_key`` when it has one,
    else its English."""
    return str(string.extras.get("catalog_key", string.message))


class ShangraoTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        pair = COMMAND_TEXT.get(catalog_key(string))
        if pair is None:
            return None
        if locale is discord.Locale.chinese:
            return pair[0]
        if locale is discord.Locale.taiwan_chinese:
            return pair[1]
        return None
