"""What every page's template is given beside its data (:class:`PageHelpers`): its words and
terms in the page's language, links under the server's address that keep the language the
reader chose, the pages' own files, and the language switch.

Plain data with methods, so that it is part of the fingerprint a rendered page is kept under
(:mod:`.rendered_pages`): two requests with equal helpers and equal data get the same HTML.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shangrao_bot import catalog
from shangrao_bot.catalog.fields import term
from shangrao_bot.web.addresses import site_path, with_query
from shangrao_bot.web.page_language import PARAM
from shangrao_bot.web.static_files import STATIC

HTML_LANG = {"zh-CN": "zh-Hans", "zh-TW": "zh-Hant"}


@dataclass(frozen=True)
class PageHelpers:
    lang: str
    chosen_lang: str | None  # the language the reader chose on the page (kept in links)
    token: str  # the server's pages' token: every link is under it
    lang_links: tuple[tuple[str, str, bool], ...]  # (name, this page in it, whether current)

    def t(self, key: str, **args: Any) -> str:
        return catalog.text(key, self.lang, args)

    def term(self, name: str) -> str:
        """A rule's term (a pattern's, a way of winning's) in the page's language."""
        return term(name, self.lang)

    def url(self, path: str = "", **query: str | int | None) -> str:
        """The path of the server's page ``path``, with ``query`` (None values left out) and
        the reader's chosen language."""
        kept: dict[str, str | int] = {k: v for k, v in query.items() if v is not None}
        if self.chosen_lang is not None:
            kept.setdefault(PARAM, self.chosen_lang)
        return with_query(site_path(self.token, path), kept)

    def static(self, name: str) -> str:
        """The content-hashed address of the pages' own file ``name``."""
        return STATIC.address(name)

    def values(self) -> dict[str, Any]:
        """The names every template reads."""
        return {
            "t": self.t,
            "term": self.term,
            "url": self.url,
            "static": self.static,
            "lang": self.lang,
            "lang_links": self.lang_links,
            "html_lang": HTML_LANG.get(self.lang, "en"),
        }
