"""A server's pages: from a request's token to the server, its settings and the page's language
(:class:`PageContext`), and the routes of every page module under ``/s/<token>/``.

A page module gives a function ``routes(pages: SitePages) -> None`` that calls
:meth:`SitePages.page` for each of its pages; a page handler takes the :class:`PageContext`
and its own path's parts, and answers. Anything that leads nowhere — a token that is no
server's (malformed, unknown, rotated away, switched off), an id of another server, an id that
is not a number — raises :class:`aiohttp.web.HTTPNotFound`, which the guard answers with the
one 404 page (:mod:`.page_guard`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from aiohttp import web

from shangrao_bot.catalog import LANGS
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.guilds import GuildSettings, get_settings
from shangrao_bot.store.web_sites import WebSite, site_by_token
from shangrao_bot.web.addresses import SITE_PREFIX, with_query
from shangrao_bot.web.page_helpers import PageHelpers
from shangrao_bot.web.page_language import PARAM, page_lang
from shangrao_bot.web.page_thread import PAGE_THREAD
from shangrao_bot.web.rendered_pages import RenderedPages, Renderer

LANG_NAMES = {"zh-CN": "简体", "zh-TW": "繁體", "en": "English"}


@dataclass
class PageContext:
    """One request for a page of one server."""

    request: web.Request
    db: Database
    site: WebSite
    settings: GuildSettings
    lang: str
    chosen_lang: str | None  # the language the reader chose on the page (kept in links)
    public_url: str  # where links to this server point ("" for paths only)
    rendered: RenderedPages

    @property
    def guild_id(self) -> int:
        return self.site.guild_id

    @cached_property
    def helpers(self) -> PageHelpers:
        """What the page's template is given beside its data."""
        return PageHelpers(self.lang, self.chosen_lang, self.site.token, self.lang_links())

    def t(self, key: str, **args: Any) -> str:
        return self.helpers.t(key, **args)

    def term(self, name: str) -> str:
        """A rule's term (a pattern's, a way of winning's) in the page's language."""
        return self.helpers.term(name)

    def url(self, path: str = "", **query: str | int | None) -> str:
        """The path of the server's page ``path``, with ``query`` (None values left out) and
        the reader's chosen language."""
        return self.helpers.url(path, **query)

    def lang_links(self) -> tuple[tuple[str, str, bool], ...]:
        """(name, this page in that language, whether it is the page's) for each language."""
        links = []
        for lang in LANGS:
            query = {k: v for k, v in self.request.query.items() if k != PARAM}
            query[PARAM] = lang
            links.append(
                (LANG_NAMES[lang], with_query(self.request.path, query), lang == self.lang)
            )
        return tuple(links)

    async def page(self, template: str, **values: Any) -> web.Response:
        """``template`` filled with ``values`` for this request, as the answer (rendered off the
        event loop, or the same page's answer kept from before: :mod:`.rendered_pages`)."""
        page = await self.rendered.page(template, values, self.helpers)
        response = web.Response(content_type="text/html", charset="utf-8")
        response.headers["Vary"] = "Accept-Encoding"
        if accepts_gzip(self.request.headers.get("Accept-Encoding", "")):
            response.body = page.gzipped
            response.headers["Content-Encoding"] = "gzip"
        else:
            response.body = page.plain()
        return response


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (named, or ``*``, without ``q=0``)."""
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() not in ("gzip", "x-gzip", "*"):
            continue
        quality = params.strip().removeprefix("q=").strip() if "q=" in params else "1"
        try:
            if float(quality) > 0:
                return True
        except ValueError:
            continue
    return False


PageHandler = Callable[..., Awaitable[web.StreamResponse]]


class SitePages:
    """The routes of the servers' pages. ``database()`` is the database once it is open (None
    before: every page is then the 404, as nothing can be found)."""

    def __init__(
        self,
        database: Callable[[], Database | None],
        public_url: str = "",
        renderer: Renderer = PAGE_THREAD,
    ) -> None:
        self.database = database
        self.public_url = public_url
        self.rendered = RenderedPages(renderer)
        self._routes: list[web.RouteDef] = []

    def page(self, path: str, handler: PageHandler) -> None:
        """Serve ``handler`` at ``/s/{token}/<path>``; the path's ``{name}`` parts are passed
        to it by name, as text."""

        async def serve(request: web.Request) -> web.StreamResponse:
            context = await self.context(request)
            parts = {k: v for k, v in request.match_info.items() if k != "token"}
            return await handler(context, **parts)

        self._routes.append(web.get(f"{SITE_PREFIX}{{token}}/{path}", serve))

    async def context(self, request: web.Request) -> PageContext:
        db = self.database()
        if db is None:
            raise web.HTTPNotFound()
        site = await site_by_token(db, request.match_info["token"])
        if site is None:
            raise web.HTTPNotFound()
        settings = await get_settings(db, site.guild_id)
        chosen = request.query.get(PARAM)
        chosen = chosen if chosen in LANGS else None
        lang = page_lang(chosen, request.headers.get("Accept-Language"), settings.language)
        return PageContext(
            request, db, site, settings, lang, chosen, self.public_url, self.rendered
        )

    def routes(self) -> list[web.RouteDef]:
        return list(self._routes)


def number(text: str) -> int:
    """A path's id as a number: anything else (a sign, a letter, 20 digits) is the 404."""
    if not text.isdigit() or len(text) > 18 or not text.isascii():
        raise web.HTTPNotFound()
    return int(text)
