"""Benchmark of the league's web pages, server side, on a server with 100,000 hands.

Fills bench/ledger.py's book (SQLite; ``HANDS`` hands in 31 guilds, 100,000 of them in the
largest, 200 players), switches the largest server's pages on, and serves them with
``shangrao-bot web`` in a process of its own. Then, from this process, one page at a time
(nothing else asking): ``WARM`` loads of each page first (the ratings folded once, the
caches as a running server has them), then ``RUNS`` loads timed from the request to the last
byte of the answer (gzipped, as browsers ask) — the server's time plus a loopback round trip:

* ``league``: the league's page (the leaderboard by total, all time; seasons; recent sessions
  and bot-table hands), and ``league_rating``: ranked by rating;
* ``player``: the page of the server's most active player (thousands of rated hands);
* ``session``: a session of 16 hands;
* ``replay``: the replay page of a bot-table hand played into the book by the table service
  (``tests/web/played_table.py``; its pictures are separate requests, not timed here);
* ``review``: that hand's review of its human seat, once made (the first load runs the analysis
  off the loop, about a second; the figure is of the loads after it). No target: for the
  record.

The replay's first load (its hand rebuilt from the table's log, nothing cached) is printed
too. Each page's gzipped size is its HTML without pictures or the pages' own files (a browser
keeps those a year). Targets: league, player and session p50 < 15 ms and p99 < 60 ms; replay
(its first load and its p99) < 150 ms; every page < 150 KB gzipped. The last line is ``web
hands=<n> league_p50_ms=<x> league_p99_ms=<x> player_p50_ms=<x> … replay_first_ms=<x>
kb_max=<x>``.

Usage::

    python bench/web.py [HANDS]
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import aiohttp
import ledger as ledger_bench  # bench/ledger.py: the same book

from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.web_sites import open_site
from shangrao_bot.web.addresses import review_path
from tests.web.played_table import HOST_SEAT, play_first_hand

HANDS = 1_000_000
WARM, RUNS = 20, 200
FAST_P50_MS, FAST_P99_MS, REPLAY_MS, MAX_KB = 15.0, 60.0, 150.0, 150.0
PLAYED_HOST = 10**15  # the user id of the played table's host (no player of the book)


async def fill(path: Path, hands: int) -> tuple[int, str, dict[str, str], int]:
    """The book, and (largest guild, its token, the pages to time, its counted hands)."""
    rng = random.Random(ledger_bench.SEED)
    db = await open_database(path, migrate_to=6)
    t = time.perf_counter()
    await db.write(
        lambda tx: ledger_bench.fill_book(
            tx, db.kind, hands, rng, datetime.now(UTC) - timedelta(minutes=1)
        )
    )
    await db.close()
    print(f"filled {hands} hands in {time.perf_counter() - t:.1f} s", flush=True)
    db = await open_database(path)
    try:
        row = await db.fetchone(
            "SELECT guild_id, COUNT(*) FROM hands WHERE status = 'confirmed'"
            " GROUP BY guild_id ORDER BY 2 DESC LIMIT 1"
        )
        assert row is not None
        guild, counted = int(row[0]), int(row[1])
        player = await db.fetchone(
            "SELECT player_id FROM hand_seats WHERE guild_id = ? AND status = 'confirmed'"
            " GROUP BY player_id ORDER BY COUNT(*) DESC, player_id LIMIT 1",
            (guild,),
        )
        session = await db.fetchone(
            "SELECT session_id FROM hands WHERE guild_id = ? GROUP BY session_id"
            " HAVING COUNT(*) >= 16 ORDER BY session_id DESC LIMIT 1",
            (guild,),
        )
        assert player is not None and session is not None
        site = await open_site(db, guild, 0)
        played = await play_first_hand(db, guild, 1, PLAYED_HOST, "bench host")
    finally:
        await db.close()
    pages = {
        "league": "",
        "league_rating": "?metric=rating",
        "player": f"player/{int(player[0])}",
        "session": f"session/{int(session[0])}",
    }
    pages["replay"] = f"hand/{played}"
    pages["review"] = review_path(site, played, HOST_SEAT).split("/", 3)[3]
    return guild, site.token, pages, counted


async def serve(path: Path) -> tuple[asyncio.subprocess.Process, str]:
    env = {**os.environ, "WEB_REQUESTS_PER_MINUTE": "1000000", "WEB_PUBLIC_URL": ""}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "shangrao_bot",
        "web",
        "--database",
        f"sqlite:///{path}",
        "--port",
        "0",
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None
    line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
    found = re.search(r"(http://127\.0\.0\.1:[0-9]+)", line)
    assert found, line
    return proc, found.group(1)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def time_pages(
    base: str, token: str, pages: dict[str, str]
) -> tuple[dict[str, tuple[float, float, float]], dict[str, float]]:
    """Each page's (p50 ms, p99 ms, gzipped KB), and its first load's ms (nothing of it cached
    in the server yet: a replay rebuilt, a review analysed)."""
    figures = {}
    first: dict[str, float] = {}
    headers = {"Accept-Encoding": "gzip", "Accept-Language": "zh-CN"}
    async with aiohttp.ClientSession(headers=headers, auto_decompress=False) as http:
        for name, path in pages.items():
            url = f"{base}/s/{token}/{path}"
            size = 0
            for n in range(WARM):
                t = time.perf_counter()
                async with http.get(url) as r:
                    body = await r.read()
                    if n == 0:
                        first[name] = (time.perf_counter() - t) * 1000
                    if r.status != 200:
                        print(f"{name}: {url.replace(token, '<token>')} answered {r.status}")
                        break
                    size = len(body)
            else:
                times = []
                for _ in range(RUNS):
                    t = time.perf_counter()
                    async with http.get(url) as r:
                        await r.read()
                    times.append((time.perf_counter() - t) * 1000)
                figures[name] = (pct(times, 0.5), pct(times, 0.99), size / 1024)
                print(
                    f"{name}: first load {first[name]:.1f} ms; then p50 {figures[name][0]:.1f} "
                    f"ms, p99 {figures[name][1]:.1f} ms, mean {statistics.fmean(times):.1f} ms; "
                    f"{size / 1024:.1f} KB gzipped",
                    flush=True,
                )
    return figures, first


async def main(hands: int) -> None:
    with tempfile.TemporaryDirectory(prefix="shangrao-web-") as folder:
        path = Path(folder) / "book.db"
        _, token, pages, counted = await fill(path, hands)
        proc, base = await serve(path)
        try:
            figures, first = await time_pages(base, token, pages)
        finally:
            proc.terminate()
            await proc.wait()
    ok = (
        first.get("replay", REPLAY_MS) < REPLAY_MS
        and all(
            (p99 < (REPLAY_MS if name == "replay" else FAST_P99_MS))
            and (name == "replay" or p50 < FAST_P50_MS)
            and kb < MAX_KB
            for name, (p50, p99, kb) in figures.items()
            if name != "review"
        )
        and set(figures) >= {"league", "league_rating", "player", "session", "replay"}
    )
    print(f"targets: {'met' if ok else 'NOT met'}")
    parts = " ".join(
        f"{name}_p50_ms={p50:.1f} {name}_p99_ms={p99:.1f}"
        for name, (p50, p99, _) in figures.items()
    )
    kb_max = max((kb for _, _, kb in figures.values()), default=float("nan"))
    replay_first = first.get("replay", float("nan"))
    print(f"web hands={counted} {parts} replay_first_ms={replay_first:.1f} kb_max={kb_max:.1f}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else HANDS))
