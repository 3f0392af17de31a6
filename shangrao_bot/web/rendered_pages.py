"""Each page's HTML, rendered away from the event loop and kept by what it shows.

A page is a template filled with values its handler read (rows, names, totals) and the
request's helpers (:class:`~.page_helpers.PageHelpers`: its language, the language the reader
chose, the server's address, the language switch). Rendering it (Jinja2, autoescaping every
value) and compressing it cost several milliseconds of CPU, more than every read the page did;
the same page asked again with the same values would cost that again for the same bytes.

So a page's answer is kept under a **fingerprint of everything it is made of**: the template's
name, the helpers and the data, pickled (BLAKE2b of those bytes). Equal fingerprints mean
equal inputs, and a template renders equal inputs to equal HTML, so a kept answer is exactly
what rendering would give: a page is never stale, whatever changed (a hand, a name, a season),
because the handler's reads run for every request and any change gives other values. What is
saved is the rendering and the compression; the reads remain (they are the database's work,
on its own threads).

A page that is not kept yet is rendered by the :class:`Renderer` (in production a thread of
its own, :mod:`.page_thread`), once however many requests ask for it at the same time. Values
that cannot be pickled are rendered here every time, never kept (and logged: a handler must
pass data, not functions). At most :data:`PAGES_KEPT` answers are kept, the least recently
used forgotten first.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import logging
import pickle
from dataclasses import dataclass
from typing import Any, Protocol

from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.web.page_helpers import PageHelpers
from shangrao_bot.web.page_thread import render_gzipped

log = logging.getLogger(__name__)

PAGES_KEPT = 256
"""Answers kept (a league's pages in each filter and language, its players' and sessions'
pages): a few megabytes, as a page is 3–30 KB gzipped."""


@dataclass(frozen=True)
class RenderedPage:
    """A page's HTML, gzipped (every browser asks for gzip; the rare client that does not gets
    it decompressed)."""

    gzipped: bytes

    def plain(self) -> bytes:
        return gzip.decompress(self.gzipped)


class Renderer(Protocol):
    async def render(self, template: str, data: dict[str, Any], helpers: PageHelpers) -> bytes:
        """``template`` filled with ``data`` and ``helpers``, gzipped."""
        ...


class RenderedPages:
    """The pages' answers: rendered by ``renderer``, kept by fingerprint."""

    def __init__(self, renderer: Renderer, kept: int = PAGES_KEPT) -> None:
        self._renderer = renderer
        self._kept: RecentlyUsed[bytes, RenderedPage] = RecentlyUsed(kept)
        self._rendering: dict[bytes, asyncio.Future[RenderedPage]] = {}
        self.rendered = 0  # pages rendered (the figures say how much keeping them saves)
        self.reused = 0  # answers given from a kept page

    async def page(self, template: str, data: dict[str, Any], helpers: PageHelpers) -> RenderedPage:
        """``template`` filled with ``data`` and ``helpers``, kept by their fingerprint."""
        key = fingerprint(template, data, helpers)
        if key is None:  # it could not travel to a worker either: rendered here, as it is
            self.rendered += 1
            return RenderedPage(render_gzipped(template, data, helpers))
        kept = self._kept.get(key)
        if kept is not None:
            self.reused += 1
            return kept
        running = self._rendering.get(key)
        if running is not None:
            self.reused += 1
            return await asyncio.shield(running)
        future: asyncio.Future[RenderedPage] = asyncio.get_running_loop().create_future()
        self._rendering[key] = future
        try:
            self.rendered += 1
            page = await self._render(template, data, helpers)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody waited
            raise
        finally:
            del self._rendering[key]
        self._kept.put(key, page)
        future.set_result(page)
        return page

    async def _render(
        self, template: str, data: dict[str, Any], helpers: PageHelpers
    ) -> RenderedPage:
        return RenderedPage(await self._renderer.render(template, data, helpers))

    def __len__(self) -> int:
        return len(self._kept)


def fingerprint(template: str, data: dict[str, Any], helpers: PageHelpers) -> bytes | None:
    """What the page is made of, as 20 bytes; None when ``data`` cannot be pickled (a page
    that is then rendered every time)."""
    try:
        made_of = pickle.dumps((template, helpers, data), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        log.warning("page %s is rendered every time: its values do not pickle (%s)", template, exc)
        return None
    return hashlib.blake2b(made_of, digest_size=20).digest()
