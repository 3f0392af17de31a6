"""🌐 buttons: a message's way to the same thing on the league's web pages.

A server's pages exist once an administrator switched them on (``/web on``), and a link can
only be given when the bot knows where they are served (``WEB_PORT`` in this process, or
``WEB_PUBLIC_URL`` for a separate ``shangrao-bot web``). Every message that offers a 🌐 button
gets it from :func:`link_button`, so one rule decides whether a button appears and where it
points; a message whose server has no pages simply has none.

The ui layer sits below the web layer and does not import it: the bot hands down, in its
:class:`WebLinks`, the web layer's address rules (:class:`Addresses`: the functions of
:mod:`shangrao_bot.web.addresses`) and where its pages are (``base``). Reading whether a server's
pages are on costs one small query, made where a message is built.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import discord

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.web_sites import WebSite, site_of
from shangrao_bot.ui.i18n import t

log = logging.getLogger(__name__)

LINK_EMOJI = "🌐"
MAX_LABEL = 80  # Discord's limit for a button's label


class Addresses(Protocol):
    """The pages' addresses as the web layer makes them (:mod:`shangrao_bot.web.addresses`)."""

    def site_path(self, token: str, path: str = "") -> str: ...

    def with_query(self, path: str, query: Mapping[str, str | int]) -> str: ...

    def review_path(self, site: WebSite, hand_id: int, seat: int) -> str: ...

    def absolute(self, public_url: str, path: str) -> str: ...


class Page(Protocol):
    """One page of a server's site: its path there (``label`` names it on the button)."""

    label: str

    def path(self, addresses: Addresses, site: WebSite) -> str: ...


class SitePage:
    """A page under the server's address: ``player/7``, ``session/3``, the league (``""``),
    with its query (None values left out)."""

    def __init__(
        self, label: str, path: str = "", query: Mapping[str, str | int | None] | None = None
    ) -> None:
        self.label = label
        self._path = path
        self._query = {k: v for k, v in (query or {}).items() if v is not None}

    def path(self, addresses: Addresses, site: WebSite) -> str:
        return addresses.with_query(addresses.site_path(site.token, self._path), self._query)


class ReviewPage:
    """A seat's review of a hand: its address carries a key only that player is given."""

    label = "web.discord.button.review"

    def __init__(self, hand_id: int, seat: int) -> None:
        self.hand_id, self.seat = hand_id, seat

    def path(self, addresses: Addresses, site: WebSite) -> str:
        return addresses.review_path(site, self.hand_id, self.seat)


def league_page(query: Mapping[str, str | int | None]) -> Page:
    """The league, its leaderboard under ``query`` (the league page's filters)."""
    return SitePage("web.discord.button.league", "", query)


def player_page(player_id: int) -> Page:
    return SitePage("web.discord.button.player", f"player/{player_id}")


def session_page(session_id: int) -> Page:
    return SitePage("web.discord.button.session", f"session/{session_id}")


def hand_page(hand_id: int, step: int = 0, view: str | None = None) -> Page:
    """A bot-table hand's replay at ``step`` (the first when 0) from ``view`` (the replay's
    view code: ``t`` the table, ``0``-``3`` a seat; None: the page's own default)."""
    return SitePage(
        "web.discord.button.hand", f"hand/{hand_id}", {"step": step or None, "view": view}
    )


def review_page(hand_id: int, seat: int) -> Page:
    """The review of ``seat``'s decisions in the hand: give it to that player only (or, with
    the server's reviews public, to anyone)."""
    return ReviewPage(hand_id, seat)


class WebLinks:
    """Where the bot's 🌐 buttons point: ``database()`` is the ledger once open, ``base()``
    where the pages are served (None: nowhere the bot knows of)."""

    def __init__(
        self,
        database: Callable[[], Database | None],
        base: Callable[[], str | None],
        addresses: Addresses,
    ) -> None:
        self.database = database
        self.base = base
        self.addresses = addresses

    async def site(self, guild_id: int | None) -> WebSite | None:
        """The server's pages while they are on and reachable; None otherwise (and while the
        database is unavailable: a message goes out without its button rather than not at
        all)."""
        db = self.database()
        if guild_id is None or db is None or self.base() is None:
            return None
        try:
            return await site_of(db, guild_id)
        except StorageUnavailable as exc:
            log.warning("web link left out: storage unavailable (%s)", exc.detail)
            return None

    def url(self, site: WebSite, page: Page) -> str | None:
        base = self.base()
        if base is None:
            return None
        return self.addresses.absolute(base, page.path(self.addresses, site))

    async def button(
        self, guild_id: int | None, page: Page, lang: str
    ) -> discord.ui.Button[Any] | None:
        site = await self.site(guild_id)
        if site is None:
            return None
        url = self.url(site, page)
        return None if url is None else button_to(url, t(page.label, lang))


def button_to(url: str, label: str) -> discord.ui.Button[Any]:
    """A 🌐 link button to ``url``."""
    return discord.ui.Button(
        style=discord.ButtonStyle.link, url=url, emoji=LINK_EMOJI, label=label[:MAX_LABEL]
    )


def web_links(client: object) -> WebLinks | None:
    """The bot's :class:`WebLinks` (a client without them — a test bot — has no links)."""
    links = getattr(client, "web_links", None)
    return links if isinstance(links, WebLinks) else None


async def link_button(
    client: object, guild_id: int | None, page: Page, lang: str
) -> discord.ui.Button[Any] | None:
    """The 🌐 button of ``page`` for the server ``guild_id``, its label in ``lang``; None when
    the server's pages are off or the bot knows no address for them."""
    links = web_links(client)
    return None if links is None else await links.button(guild_id, page, lang)


def with_link(
    view: discord.ui.View | None, button: discord.ui.Button[Any] | None
) -> discord.ui.View | None:
    """``view`` with ``button`` added (a view of its own when there was none)."""
    if button is None:
        return view
    if view is None:
        view = discord.ui.View(timeout=None)
    view.add_item(button)
    return view


def link_only(button: discord.ui.Button[Any] | None) -> dict[str, Any]:
    """The ``view`` argument of a message whose one component is ``button``: empty without
    one (discord.py's sends take no ``view=None``)."""
    return {} if button is None else {"view": with_link(None, button)}
