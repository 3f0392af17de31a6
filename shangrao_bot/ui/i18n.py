"""The bot's words in the reader's language: :func:`t` reads the catalogs
(:mod:`shangrao_bot.catalog`, one per language: English, simplified and traditional Chinese) and
makes the commands a text names clickable; :func:`lang_of` picks the catalog for a Discord
locale.
"""

from __future__ import annotations

import re
from typing import Any

from shangrao_bot import catalog
from shangrao_bot.catalog import LANGS
from shangrao_bot.errors import Phrase

__all__ = [
    "LANGS",
    "command_mention",
    "in_lang",
    "lang_of",
    "link_commands",
    "remember_commands",
    "t",
]


def lang_of(locale: object) -> str:
    """The catalog language for a Discord locale (``discord.Locale`` or its string)."""
    text = str(getattr(locale, "value", locale) or "")
    if text in ("zh-TW", "zh-HK"):
        return "zh-TW"
    if text.startswith("zh"):
        return "zh-CN"
    return "en"


# Application command ids by qualified name ("session start"), known once the commands are
# synced: texts then mention commands as clickable ``</session start:ID>``, which Discord shows
# under the reader's own localized command name.
COMMAND_IDS: dict[str, int] = {}
_COMMAND = re.compile(r"`/([a-z_]+(?: [a-z_]+)?)`")


def remember_commands(ids: dict[str, int]) -> None:
    """Record the synced top-level commands' ids (name → id; a subcommand is mentioned with
    its group's id)."""
    COMMAND_IDS.clear()
    COMMAND_IDS.update(ids)


def command_mention(name: str) -> str:
    """``</session start:ID>`` once the command is synced, ``/session start`` in backticks
    before (or for a name that is not a command)."""
    command_id = COMMAND_IDS.get(name.split(" ", 1)[0])
    if command_id is None:
        return f"`/{name}`"
    return f"</{name}:{command_id}>"


def link_commands(text: str) -> str:
    """Every `` `/command` `` in ``text`` as a clickable command mention (when synced)."""
    if not COMMAND_IDS:
        return text
    return _COMMAND.sub(lambda m: command_mention(m.group(1)), text)


def t(key: str, lang: str = "en", **args: Any) -> str:
    """The text ``key`` in ``lang`` (English when missing), with its placeholders filled and
    the commands it names (`` `/rules set` ``) as clickable mentions."""
    return link_commands(catalog.text(key, lang, args))


def in_lang(value: str, lang: str) -> str:
    """``value`` in ``lang`` when it is a :class:`~shangrao_bot.errors.Phrase` of the core (a
    reason, a note); any other text is shown as it is."""
    return value.in_lang(lang) if isinstance(value, Phrase) else value
