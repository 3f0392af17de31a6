"""Screenshots of the league's web pages, for the documentation (``docs/images/web-*.png``): a
realistic book seeded into a throwaway SQLite file, its pages served on a free port, and each
page photographed by Chromium at a phone's size (390×844) and a desktop's (1280×800), in
simplified Chinese and in English.

Run by hand (not part of the suite, nor of ``make bench``), then look at every picture before
committing it::

    .venv/bin/python bench/screenshots.py [--out DIR] [--full-page]

``--full-page`` photographs each page whole instead of its first screen (to check the whole page
at a phone's width). It needs Debian's ``chromium`` (``/usr/bin/chromium``) and, for the
Chinese, its CJK fonts (``fonts-noto-cjk``); never ``playwright install``.

A new page is one more ``(name, path)`` in :func:`pages` (its path under the server's address,
built from the seeded :class:`Seeded` book): it is then photographed as
``web-<name>-<phone|desktop>-<zh|en>.png``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledger_book import fake_hand  # noqa: E402
from playwright.async_api import Browser, async_playwright  # noqa: E402

from shangrao_bot.settings import WebPlan  # noqa: E402
from shangrao_bot.store.database.interface import Database  # noqa: E402
from shangrao_bot.store.database.opening import open_database  # noqa: E402
from shangrao_bot.store.ledger import (  # noqa: E402
    Player,
    SessionInfo,
    guest_player,
    open_session,
    record_hand,
    user_player,
)
from shangrao_bot.store.ledger.seasons import end_season, start_season  # noqa: E402
from shangrao_bot.store.ledger.session_closing import close_session  # noqa: E402
from shangrao_bot.store.web_sites import WebSite, open_site  # noqa: E402
from shangrao_bot.web.addresses import review_path, site_path, with_query  # noqa: E402
from shangrao_bot.web.server import WebServer  # noqa: E402
from shangrao_bot.web.site_app import build_site_app  # noqa: E402
from tests.web.played_table import HOST_SEAT, play_first_hand  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
GUILD = 1
ADMIN = 1
CHANNEL = 10
MEMBERS = (
    "老王",
    "小李飞刀",
    "阿芳",
    "Mei",
    "张师傅",
    "Kevin Zhang",
    "陈姐",
    "刘一手",
    "Sam W.",
    "周周🀄",
)
GUESTS = ("表哥", "Lily (visiting)")
DEVICES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
LANGS = {"zh": "zh-CN", "en": "en"}  # the file name's part: the page's language


@dataclass(frozen=True)
class Seeded:
    """The seeded book: what a page's address may need."""

    site: WebSite
    members: tuple[Player, ...]
    guests: tuple[Player, ...]
    sessions: tuple[SessionInfo, ...]  # the physical ones, oldest first
    table_session: SessionInfo  # a bot table's
    played_hand: int  # a hand of a bot table really played (its moves logged): replay, review


def pages(book: Seeded) -> list[tuple[str, str]]:
    """(name, path under the server's address) of each page photographed."""
    return [
        ("league", ""),
        ("player", f"player/{book.members[0].id}"),
        ("session", f"session/{book.sessions[-2].id}"),
        ("replay", f"hand/{book.played_hand}?step=40"),
        ("review", review_path(book.site, book.played_hand, HOST_SEAT).split("/", 3)[3]),
    ]


async def play_session(
    db: Database,
    rng: random.Random,
    kind: str,
    seated: Sequence[Player],
    hands: int,
    channel: int,
    close: bool,
) -> SessionInfo:
    session = await open_session(
        db, GUILD, channel, kind, {"preset": "shangrao"}, 1, ADMIN, [p.id for p in seated]
    )
    for _ in range(hands):
        await record_hand(db, GUILD, session.id, fake_hand(rng), ADMIN, confirmed=True)
    if close:
        await close_session(db, GUILD, session.id, ADMIN)
    return session


async def seed(db: Database, seed_text: str = "shangrao") -> Seeded:
    """A server's book as a small club's would look after a few months: ten members and two
    guests, a finished season and an open one, a dozen sessions, a bot table's hands."""
    rng = random.Random(seed_text)
    members = [await user_player(db, GUILD, 1000 + i, name) for i, name in enumerate(MEMBERS)]
    guests = [await guest_player(db, GUILD, name, ADMIN) for name in GUESTS]
    regulars = members[:8]
    sessions = []
    await start_season(db, GUILD, "2025 秋季赛", ADMIN)
    for _ in range(6):
        seated = rng.sample(regulars, 4)
        sessions.append(
            await play_session(db, rng, "physical", seated, rng.randint(12, 20), CHANNEL, True)
        )
    await end_season(db, GUILD, ADMIN)
    await start_season(db, GUILD, "2026 春季赛", ADMIN)
    for i in range(6):
        pool = members if i % 2 else regulars
        with_guest = i in (1, 4)  # a guest in two of the season's sessions
        seated = [*rng.sample(pool, 3), guests[i % 2]] if with_guest else rng.sample(pool, 4)
        last = i == 5
        sessions.append(
            await play_session(
                db, rng, "physical", seated, rng.randint(8, 20), CHANNEL, close=not last
            )
        )
    table = await play_session(db, rng, "virtual", members[:4], 6, CHANNEL + 1, True)
    assert members[0].user_id is not None
    played = await play_first_hand(
        db, GUILD, CHANNEL + 2, members[0].user_id, members[0].display_name
    )
    site = await open_site(db, GUILD, ADMIN)
    return Seeded(site, tuple(members), tuple(guests), tuple(sessions), table, played)


async def photograph(
    browser: Browser, base: str, book: Seeded, out: Path, full_page: bool
) -> list[Path]:
    written = []
    for device, viewport in DEVICES.items():
        context = await browser.new_context(viewport=viewport)
        page = await context.new_page()
        for name, path in pages(book):
            for short, lang in LANGS.items():
                route, _, own = path.partition("?")
                query: dict[str, str | int] = {**dict(parse_qsl(own)), "lang": lang}
                address = base + with_query(site_path(book.site.token, route), query)
                answer = await page.goto(address)
                if answer is None or answer.status != 200:
                    raise SystemExit(f"{name}: {address} answered {answer and answer.status}")
                target = out / f"web-{name}-{device}-{short}.png"
                await page.screenshot(path=str(target), full_page=full_page)
                written.append(target)
        await context.close()
    return written


async def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--full-page", action="store_true", help="each page whole")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        db = await open_database(Path(folder) / "ledger.db")
        try:
            book = await seed(db)
            plan = WebPlan(port=0, requests_per_minute=100_000, public_url=None)
            server = WebServer(
                build_site_app(lambda: db, plan), "127.0.0.1", 0, "the league's pages", "/s/"
            )
            await server.start()
            try:
                assert server.url is not None
                async with async_playwright() as playwright:
                    browser = await playwright.chromium.launch(
                        executable_path=CHROMIUM, args=["--no-sandbox"]
                    )
                    try:
                        written = await photograph(
                            browser, server.url, book, args.out, args.full_page
                        )
                    finally:
                        await browser.close()
            finally:
                await server.stop()
        finally:
            await db.close()
    for path in written:
        print(path)


if __name__ == "__main__":
    asyncio.run(main())
