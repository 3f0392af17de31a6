"""The pages' answers kept by what they show (:mod:`shangrao_bot.web.rendered_pages`): a page
asked again with the same data is not rendered again, a change of anything it shows (a hand, a
guest's new name, the language) gives the new page at once, one render serves requests that
arrive together, a failed render is kept for nobody, and a client without gzip gets HTML."""

from __future__ import annotations

import asyncio
import gzip
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from shangrao_bot.settings import WebPlan
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import record_hand, rename_player
from shangrao_bot.web.rendered_pages import RenderedPages, fingerprint
from shangrao_bot.web.server import WebServer
from shangrao_bot.web.site_app import PAGES, build_site_app
from shangrao_bot.web.site_pages import SitePages, accepts_gzip
from tests.store.conftest import GUILD
from tests.store.conftest import self_draw_win as win
from tests.web.league_book import Book, league_book


@dataclass(frozen=True)
class Row:
    name: str
    total: int


def test_fingerprint_follows_the_data() -> None:
    one = fingerprint("a.html", {"rows": [Row("甲", 3)]}, "en|None|/s/x/")
    assert one is not None and len(one) == 20
    assert fingerprint("a.html", {"rows": [Row("甲", 3)]}, "en|None|/s/x/") == one
    assert fingerprint("a.html", {"rows": [Row("甲", 4)]}, "en|None|/s/x/") != one
    assert fingerprint("a.html", {"rows": [Row("乙", 3)]}, "en|None|/s/x/") != one
    assert fingerprint("b.html", {"rows": [Row("甲", 3)]}, "en|None|/s/x/") != one
    assert fingerprint("a.html", {"rows": [Row("甲", 3)]}, "zh-CN|None|/s/x/") != one


def test_data_that_does_not_pickle_has_no_fingerprint(caplog: pytest.LogCaptureFixture) -> None:
    assert fingerprint("a.html", {"f": lambda: 1}, "en") is None
    assert "rendered every time" in caplog.text
    caplog.clear()  # expected here: the web tests fail on this warning anywhere else


class CountingRender:
    """A template engine for the unit tests: counts its renders, may wait or fail."""

    def __init__(self) -> None:
        self.calls = 0
        self.threads: set[str] = set()
        self.gate = threading.Event()
        self.gate.set()
        self.fail = False

    def __call__(self, template: str, values: dict[str, Any]) -> str:
        self.calls += 1
        self.threads.add(threading.current_thread().name)
        self.gate.wait(5)
        if self.fail:
            raise RuntimeError("template broke")
        return f"<p>{template}:{values['n']}:{values['helper']()}</p>"


async def test_the_same_page_is_rendered_once_off_the_loop() -> None:
    render = CountingRender()
    pages = RenderedPages(render)
    try:
        first = await pages.page("a.html", {"n": 1}, {"helper": lambda: "h"}, "en")
        again = await pages.page("a.html", {"n": 1}, {"helper": lambda: "h"}, "en")
        other = await pages.page("a.html", {"n": 2}, {"helper": lambda: "h"}, "en")
    finally:
        pages.close()
    assert gzip.decompress(first.gzipped) == b"<p>a.html:1:h</p>" == again.plain()
    assert other.plain() == b"<p>a.html:2:h</p>"
    assert render.calls == 2 and (pages.rendered, pages.reused) == (2, 1)
    assert render.threads == {"web-pages_0"}  # never the event loop's thread


async def test_requests_arriving_together_share_one_render() -> None:
    render = CountingRender()
    render.gate.clear()
    pages = RenderedPages(render)
    try:
        asked = [
            asyncio.create_task(pages.page("a.html", {"n": 7}, {"helper": str}, "en"))
            for _ in range(5)
        ]
        await asyncio.sleep(0.05)
        render.gate.set()
        answers = await asyncio.gather(*asked)
    finally:
        pages.close()
    assert render.calls == 1
    assert {a.plain() for a in answers} == {b"<p>a.html:7:</p>"}


async def test_a_failed_render_fails_its_requests_and_is_not_kept() -> None:
    render = CountingRender()
    render.fail = True
    pages = RenderedPages(render)
    try:
        with pytest.raises(RuntimeError):
            await pages.page("a.html", {"n": 1}, {"helper": str}, "en")
        render.fail = False
        page = await pages.page("a.html", {"n": 1}, {"helper": str}, "en")
    finally:
        pages.close()
    assert page.plain() == b"<p>a.html:1:</p>" and render.calls == 2


async def test_the_oldest_pages_are_forgotten_past_the_bound() -> None:
    render = CountingRender()
    pages = RenderedPages(render, kept=3)
    try:
        for n in range(5):
            await pages.page("a.html", {"n": n}, {"helper": str}, "en")
        assert len(pages) == 3
        await pages.page("a.html", {"n": 0}, {"helper": str}, "en")  # forgotten: rendered
    finally:
        pages.close()
    assert render.calls == 6


@pytest.mark.parametrize(
    ("header", "takes"),
    [
        ("gzip, deflate, br", True),
        ("br;q=1.0, gzip;q=0.8", True),
        ("*", True),
        ("", False),
        ("identity", False),
        ("gzip;q=0", False),
        ("gzip;q=0.0, br", False),
        ("gzip;q=nonsense", False),
    ],
)
def test_accept_encoding(header: str, takes: bool) -> None:
    assert accepts_gzip(header) is takes


@pytest.fixture
async def site(sqlite_db: Database) -> AsyncIterator[tuple[str, SitePages, Book]]:
    book = await league_book(sqlite_db)
    app = build_site_app(lambda: sqlite_db, WebPlan(port=0, requests_per_minute=100_000))
    server = WebServer(app, "127.0.0.1", 0, "the league's pages", "/s/")
    await server.start()
    try:
        assert server.url is not None
        yield f"{server.url}/s/{book.site.token}/", app[PAGES], book
    finally:
        await server.stop()


async def get(url: str, encoding: str = "gzip") -> tuple[str, aiohttp.ClientResponse]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(url, headers={"Accept-Encoding": encoding, "Accept-Language": "en"}) as r,
    ):
        assert r.status == 200, url
        return await r.text(), r


async def test_every_page_of_the_league_book_is_kept(
    site: tuple[str, SitePages, Book],
) -> None:
    base, pages, book = site
    paths = [
        "",
        "?metric=rating&min=1",
        f"player/{book.player_ids[0]}",
        f"player/{book.guest_id}",
        f"session/{book.session.id}",
    ]
    for path in paths:
        first, _ = await get(base + path)
        rendered = pages.rendered.rendered
        again, r = await get(base + path)
        assert again == first
        assert pages.rendered.rendered == rendered, f"{path or 'league'} was rendered again"
        assert r.headers["Content-Encoding"] == "gzip" and r.headers["Vary"] == "Accept-Encoding"


async def test_a_change_shows_at_once(
    sqlite_db: Database, site: tuple[str, SitePages, Book]
) -> None:
    base, _, book = site
    league, _ = await get(base)
    assert "Renamed" not in league
    await rename_player(sqlite_db, GUILD, book.guest_id, "Renamed guest", 100)
    renamed, _ = await get(base + "?guests=1")
    assert "Renamed guest" in renamed
    session, _ = await get(base + f"session/{book.session.id}")
    await record_hand(sqlite_db, GUILD, book.session.id, win(2, 8), 100, confirmed=True)
    more, _ = await get(base + f"session/{book.session.id}")
    assert more != session and more.count("<tr") > session.count("<tr")
    chinese, _ = await get(base + "?lang=zh-CN")
    assert 'lang="zh-Hans"' in chinese and 'lang="en"' in league


async def test_a_client_without_gzip_gets_the_html(site: tuple[str, SitePages, Book]) -> None:
    base, _, _ = site
    page, r = await get(base, encoding="identity")
    assert "Content-Encoding" not in r.headers
    assert page.startswith("<!doctype html>")
