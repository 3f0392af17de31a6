"""The language a web page is written in: the reader's choice on the page (``?lang=``), else
the browser's ``Accept-Language``, else the server's language setting (its ``auto`` meaning
simplified Chinese, what most of the bot's groups read)."""

from __future__ import annotations

from shangrao_bot.catalog import LANGS

PARAM = "lang"
AUTO_LANG = "zh-CN"


def catalog_lang(tag: str) -> str | None:
    """The catalog for a language tag (``zh-Hant-TW``, ``zh-hk``, ``en-GB``…), or None for a
    language the catalogs do not have."""
    parts = tag.strip().lower().replace("_", "-").split("-")
    if parts[0] == "zh":
        rest = set(parts[1:])
        return "zh-TW" if rest & {"tw", "hk", "mo", "hant"} else "zh-CN"
    if parts[0] == "en":
        return "en"
    return None


def accepted(header: str) -> str | None:
    """The first catalog language of an ``Accept-Language`` header, by its weights (``q``);
    None when it names none."""
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(header.split(",")[:32]):
        tag, _, params = item.partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        lang = catalog_lang(tag)
        if lang is not None and weight > 0:
            ranked.append((-weight, i, lang))
    return min(ranked)[2] if ranked else None


def page_lang(chosen: str | None, accept_language: str | None, server_lang: str) -> str:
    """The page's language: ``chosen`` (the ``lang`` parameter) when it is a catalog's, else
    the browser's first catalog language, else the server's setting."""
    if chosen in LANGS:
        return chosen
    found = accepted(accept_language or "")
    if found is not None:
        return found
    return server_lang if server_lang in LANGS else AUTO_LANG
