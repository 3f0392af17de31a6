"""Each page's HTML, rendered off the event loop and kept by what it shows.

A page is a template filled with values its handler read (rows, names, totals) plus the
request's language, chosen language and address. Rendering it (Jinja2, autoescaping every
value) and compressing it cost several milliseconds of CPU, more than every read the page did;
the same page asked again with the same values would cost that again for the same bytes.

So a page's answer is kept under a **fingerprint of everything it is made of**: the template's
name and the pickled values, language and address (BLAKE2b of those bytes). Equal fingerprints
mean equal inputs, and a template renders equal inputs to equal HTML, so a kept answer is
exactly what rendering would give: a page is never stale, whatever changed (a hand, a name, a
season), because the handler's reads run for every request and any change gives other values.
What is saved is the rendering and the compression; the reads remain (they are the database's
work, on its own threads).

A page that is not kept yet is rendered and gzipped on a thread of its own (one thread: the
event loop keeps serving the tables meanwhile; a second thread would only contend for the
interpreter's lock), once however many requests ask for it at the same time. Values that cannot
be pickled are rendered every time, never kept. At most :data:`PAGES_KEPT` answers are kept,
the least recently used forgotten first.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import logging
import pickle
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from shangrao_bot.recently_used import RecentlyUsed

log = logging.getLogger(__name__)

PAGES_KEPT = 256
"""Answers kept (a league's pages in each filter and language, its players' and sessions'
pages): a few megabytes, as a page is 3–30 KB gzipped."""
GZIP_LEVEL = 6  # zlib's default: most of level 9's gain at a third of its time


@dataclass(frozen=True)
class RenderedPage:
    """A page's HTML, gzipped (every browser asks for gzip; the rare client that does not gets
    it decompressed)."""

    gzipped: bytes

    def plain(self) -> bytes:
        return gzip.decompress(self.gzipped)


Render = Callable[[str, dict[str, Any]], str]


class RenderedPages:
    """The pages' answers: rendered on the page thread, kept by fingerprint."""

    def __init__(self, render: Render, kept: int = PAGES_KEPT) -> None:
        self._render = render
        self._kept: RecentlyUsed[bytes, RenderedPage] = RecentlyUsed(kept)
        self._rendering: dict[bytes, asyncio.Future[RenderedPage]] = {}
        self._thread: ThreadPoolExecutor | None = None
        self.rendered = 0  # pages rendered (the figures say how much keeping them saves)
        self.reused = 0  # answers given from a kept page

    async def page(
        self, template: str, data: dict[str, Any], helpers: dict[str, Any], request_key: str
    ) -> RenderedPage:
        """``template`` filled with ``data`` and ``helpers`` (functions, the same for every
        request of the same ``request_key``: its language and address), kept by ``data``'s
        fingerprint with ``request_key``'s."""
        key = fingerprint(template, data, request_key)
        if key is None:
            self.rendered += 1
            return await self._run(template, {**helpers, **data})
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
            page = await self._run(template, {**helpers, **data})
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody waited
            raise
        finally:
            del self._rendering[key]
        self._kept.put(key, page)
        future.set_result(page)
        return page

    async def _run(self, template: str, values: dict[str, Any]) -> RenderedPage:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="web-pages")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._render_gzipped, template, values)

    def _render_gzipped(self, template: str, values: dict[str, Any]) -> RenderedPage:
        html = self._render(template, values).encode("utf-8")
        return RenderedPage(gzip.compress(html, GZIP_LEVEL, mtime=0))

    def close(self) -> None:
        """Stop the page thread (it finishes the page it is on)."""
        if self._thread is not None:
            self._thread.shutdown(wait=False)
            self._thread = None

    def __len__(self) -> int:
        return len(self._kept)


def fingerprint(template: str, data: dict[str, Any], request_key: str) -> bytes | None:
    """What the page is made of, as 20 bytes; None when ``data`` cannot be pickled (a page
    that is then rendered every time)."""
    try:
        made_of = pickle.dumps((template, request_key, data), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        log.warning("page %s is rendered every time: its values do not pickle (%s)", template, exc)
        return None
    return hashlib.blake2b(made_of, digest_size=20).digest()
