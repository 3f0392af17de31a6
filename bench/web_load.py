"""Page loads of the league's web pages at a steady rate, for ``bench/tables.py --web-load``:
the bot serving the pages from its own process while its tables play.

:func:`load_pages` asks for ``rate`` pages a second, each on its own (they overlap when the
server is slow: concurrent loads, not a queue), cycling through the league's page with each
of its metrics and the player and session pages its links name (read again every
:data:`REFRESH_S`). Each load is the page itself, gzipped as a browser asks for it; a browser
keeps the pages' own files (content-hashed, kept a year), so they are not asked again. Every
answer's time goes to ``latencies`` (ms) and its status to ``statuses``.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter

import aiohttp

REFRESH_S = 10.0
METRIC_QUERIES = ("", "?metric=average", "?metric=win_rate", "?metric=biggest", "?metric=rating")
LINK = re.compile(r'href="(/s/[A-Za-z0-9_-]{32}/(?:player|session)/[0-9]+)"')


async def load_pages(
    base: str,
    token: str,
    rate: float,
    stop: asyncio.Event,
    latencies: list[float],
    statuses: Counter[int],
) -> None:
    """Load pages at ``rate`` a second until ``stop`` is set."""
    league = f"{base}/s/{token}/"
    headers = {"Accept-Encoding": "gzip", "Accept-Language": "zh-CN,zh;q=0.9"}
    pending: set[asyncio.Task[None]] = set()
    async with aiohttp.ClientSession(
        headers=headers, auto_decompress=False, connector=aiohttp.TCPConnector(limit=0)
    ) as http:
        pages = [league + q for q in METRIC_QUERIES]
        refreshed = 0.0

        async def one(url: str) -> None:
            t = time.perf_counter()
            try:
                async with http.get(url) as r:
                    body = await r.read()
                    statuses[r.status] += 1
                    if url == league and r.status == 200:
                        found = LINK.findall(_text(body, r.headers.get("Content-Encoding")))
                        if found:
                            pages[len(METRIC_QUERIES) :] = sorted(set(base + f for f in found))
            except aiohttp.ClientError:
                statuses[0] += 1
                return
            latencies.append((time.perf_counter() - t) * 1000)

        loop = asyncio.get_running_loop()
        start = loop.time()
        sent = 0
        while not stop.is_set():
            now = loop.time()
            if now - refreshed > REFRESH_S:
                url, refreshed = league, now
            else:
                url = pages[sent % len(pages)]
            task = asyncio.create_task(one(url))
            pending.add(task)
            task.add_done_callback(pending.discard)
            sent += 1
            await asyncio.sleep(max(0.0, start + sent / rate - loop.time()))
        await asyncio.gather(*pending, return_exceptions=True)


def _text(body: bytes, encoding: str | None) -> str:
    import gzip

    raw = gzip.decompress(body) if encoding == "gzip" else body
    return raw.decode("utf-8", "replace")
