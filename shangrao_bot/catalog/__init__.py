"""Every text a user reads, one catalog per language, looked up by key.

The catalogs are the packages :mod:`.en`, :mod:`.zh_cn` (简体) and :mod:`.zh_tw` (繁體). Each
holds the same modules, one per area of the product, and every module a ``TEXTS`` dict of key →
text; a key lives in exactly one area, and every language has every key with the same
placeholders (both checked by a test):

* ``rules`` — refusals of the rules core: tiles that cannot be read, impossible hands,
  inconsistent scoring input, and the reasons a hand is not a win;
* ``engine`` — refusals of the game engine: moves out of turn, illegal moves, sessions;
* ``moves`` — refusals of typed moves (``d 5m``, ``chi 345m``) and the table's settings;
* ``store`` — refusals of the ledger: unknown ids, closed sessions, duplicate names;
* ``bot`` — the general commands: help, errors, ``/rules``, ``/score``'s calculator;
* ``commands`` — the slash commands in Discord's command picker (names, descriptions, options),
  keyed by the English the cogs write;
* ``tables`` and ``table_screens`` — the virtual tables' refusals and notices, and how the
  tables look in Discord;
* ``scorebook`` and ``score_screens`` — recording hands at a physical table, and its screens;
* ``rulebook``, ``analysis``, ``replay``, ``ratings`` — the rule book's pages, 何切 analysis and
  puzzles, replays, ratings and seasons;
* ``event`` — club events (nights and tournaments): refusals of their seating and standings;
* ``pictures`` — the words the images draw (board, hand, result card, charts: keys ``pic.…``),
  read by :mod:`shangrao_bot.render.labels` and filled with plain :meth:`str.format`.

A text is a :meth:`str.format` template. Besides plain ``{name}`` placeholders, a format spec
names how a value is written in each language (:mod:`.fields`): ``{n:hand|hands}`` chooses the
English singular or plural, ``{wind:wind}`` names a wind, ``{n:word}`` spells a small number,
``{tiles:or}`` joins choices, ``{term:term}`` writes a Chinese term in the reader's script. An
argument that is itself a :class:`~shangrao_bot.errors.Phrase` (a refusal's reason) is written in
the same language.

Pure standard library: the rules core and the engine raise keyed refusals too.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

from shangrao_bot.catalog import en, zh_cn, zh_tw
from shangrao_bot.catalog.fields import Formatter

log = logging.getLogger(__name__)

#: The languages, English first (the fallback and the command line's default).
LANGS = ("en", "zh-CN", "zh-TW")

CATALOGS: dict[str, Mapping[str, str]] = {
    "en": en.TEXTS,
    "zh-CN": zh_cn.TEXTS,
    "zh-TW": zh_tw.TEXTS,
}

#: Every text by key and language ({key: {lang: text}}), for checks and listings.
BY_KEY: dict[str, dict[str, str]] = {
    key: {lang: CATALOGS[lang].get(key, "") for lang in LANGS} for key in en.TEXTS
}

_STRICT_ENV = "SHANGRAO_STRICT_CATALOG"


class CatalogError(LookupError):
    """A key missing from a catalog, or a text whose placeholders its arguments do not fill.
    Raised only in strict mode (the tests); a running bot falls back to English instead."""


def strict() -> bool:
    """Whether a missing text is an error rather than a fallback (the tests set the
    ``SHANGRAO_STRICT_CATALOG`` environment variable, so their bot processes are strict too)."""
    return os.environ.get(_STRICT_ENV, "") not in ("", "0")


def has(key: str) -> bool:
    return key in en.TEXTS


def text(key: str, lang: str = "en", args: Mapping[str, object] | None = None) -> str:
    """The text ``key`` in ``lang`` with ``args`` filled in. A language the catalogs lack reads
    English; outside strict mode a missing text falls back to English (or to the key itself),
    with a warning naming the key — never a crash in front of a user."""
    catalog = CATALOGS.get(lang)
    if catalog is None:
        lang, catalog = "en", CATALOGS["en"]
    template = catalog.get(key)
    if template is None:
        if strict():
            raise CatalogError(f"no {lang} text for {key!r}")
        log.warning("no %s text for %r", lang, key)
        if lang != "en" and key in CATALOGS["en"]:
            return text(key, "en", args)
        return key
    if not args and "{" not in template:
        return template
    try:
        return Formatter(lang).format(template, **(args or {}))
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        if strict():
            raise CatalogError(f"{lang} text for {key!r} cannot be filled: {exc!r}") from exc
        log.warning("%s text for %r cannot be filled: %r", lang, key, exc)
        return template


_CHECKED: set[tuple[str, frozenset[tuple[str, type]]]] = set()


def check(key: str, args: Mapping[str, object]) -> None:
    """Raise :class:`CatalogError` unless ``key`` renders in every language with ``args``
    (strict mode runs this for every refusal made, so a test that provokes one proves it). A key
    is checked once per shape of its arguments (their names and types)."""
    shape = (key, frozenset((name, type(value)) for name, value in args.items()))
    if shape in _CHECKED:
        return
    for lang in LANGS:
        if key not in CATALOGS[lang]:
            raise CatalogError(f"no {lang} text for {key!r}")
        try:
            Formatter(lang).format(CATALOGS[lang][key], **args)
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            raise CatalogError(f"{lang} text for {key!r} cannot be filled: {exc!r}") from exc
    _CHECKED.add(shape)
