"""The thread the pages are rendered on, beside the event loop serving them.

Rendering a page (Jinja2, autoescaping every value) and gzipping it take several milliseconds
of CPU: on the event loop — which in the bot's own process also runs the tables — every page
would stall every table for that long. On a thread of its own the loop goes on meanwhile; the
thread still needs the interpreter's lock, so the serving process switches threads every
millisecond (:mod:`shangrao_bot.thread_switching`) rather than every five, or the loop would
wait up to five milliseconds for the lock at each of its turns while a page is rendered.

(A worker process was measured too, beside the bot's picture workers on two cores: the tables'
update p99 rose by half under the pages' load, against a few percent for this thread.)

One thread per process (:data:`PAGE_THREAD`), shared by every site application the process
builds: pages are rendered one at a time, so their CPU never takes both cores from the tables.
"""

from __future__ import annotations

import asyncio
import gzip
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from shangrao_bot.web.page_helpers import PageHelpers
from shangrao_bot.web.templating import render

GZIP_LEVEL = 6  # zlib's default: most of level 9's gain at a third of its time
THREAD_NAME = "web-pages"


def render_gzipped(template: str, data: dict[str, Any], helpers: PageHelpers) -> bytes:
    """``template`` filled with ``data`` and ``helpers``, as gzipped UTF-8."""
    html = render(template, {**helpers.values(), **data}).encode("utf-8")
    return gzip.compress(html, GZIP_LEVEL, mtime=0)


class PageThread:
    """Renders pages on one thread of its own (see the module), started with the first."""

    def __init__(self) -> None:
        self._executor: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def _thread(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=THREAD_NAME)
            return self._executor

    async def render(self, template: str, data: dict[str, Any], helpers: PageHelpers) -> bytes:
        """The page, gzipped, rendered on the page thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread(), render_gzipped, template, data, helpers)


PAGE_THREAD = PageThread()
