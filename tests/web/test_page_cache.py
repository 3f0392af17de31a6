"""The pages' answers kept by what they show (:mod:`shangrao_bot.web.rendered_pages`): a page
asked again with the same data is not rendered again, a change of anything it shows (a hand, a
guest's new name, the language) gives the new page at once, one render serves requests that
arrive together, a failed render is kept for nobody, pages are rendered on a thread of their
own, and a client without gzip gets HTML."""

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
from shangrao_bot.web import page_thread
from shangrao_bot.web.page_helpers import PageHelpers
from shangrao_bot.web.page_thread import THREAD_NAME
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


def helpers(lang: str = "en", path: str = "/s/x/") -> PageHelpers:
    return PageHelpers(lang, None, "x", (("English", path + "?lang=en", lang == "en"),))


def test_fingerprint_follows_the_data() -> None:
    one = fingerprint("a.html", {"rows": [Row("甲", 3)]}, helpers())
    assert one is not None and len(one) == 20
    assert fingerprint("a.html", {"rows": [Row("甲", 3)]}, helpers()) == one
    assert fingerprint("a.html", {"rows": [Row("甲", 4)]}, helpers()) != one
    assert fingerprint("a.html", {"rows": [Row("乙", 3)]}, helpers()) != one
    assert fingerprint("b.html", {"rows": [Row("甲", 3)]}, helpers()) != one
    assert fingerprint("a.html", {"rows": [Row("甲", 3)]}, helpers("zh-CN")) != one
    assert fingerprint("a.html", {"rows": [Row("甲", 3)]}, helpers(path="/s/x/player/2")) != one


def test_data_that_does_not_pickle_has_no_fingerprint(caplog: pytest.LogCaptureFixture) -> None:
    assert fingerprint("a.html", {"f": lambda: 1}, helpers()) is None
    assert "rendered every time" in caplog.text
    caplog.clear()  # expected here: the web tests fail on this warning anywhere else


class CountingRenderer:
    """A renderer for the unit tests: counts its renders, may wait or fail."""

    def __init__(self) -> None:
        self.calls = 0
        self.gate = asyncio.Event()
        self.gate.set()
        self.fail = False

    async def render(self, template: str, data: dict[str, Any], helpers: PageHelpers) -> bytes:
        self.calls += 1
        await self.gate.wait()
        if self.fail:
            raise RuntimeError("template broke")
        return gzip.compress(f"<p>{template}:{data['n']}:{helpers.lang}</p>".encode())


async def test_the_same_page_is_rendered_once() -> None:
    renderer = CountingRenderer()
    pages = RenderedPages(renderer)
    first = await pages.page("a.html", {"n": 1}, helpers())
    again = await pages.page("a.html", {"n": 1}, helpers())
    other = await pages.page("a.html", {"n": 2}, helpers())
    chinese = await pages.page("a.html", {"n": 1}, helpers("zh-CN"))
    assert gzip.decompress(first.gzipped) == b"<p>a.html:1:en</p>" == again.plain()
    assert other.plain() == b"<p>a.html:2:en</p>" and chinese.plain() == b"<p>a.html:1:zh-CN</p>"
    assert renderer.calls == 3 and (pages.rendered, pages.reused) == (3, 1)


async def test_requests_arriving_together_share_one_render() -> None:
    renderer = CountingRenderer()
    renderer.gate.clear()
    pages = RenderedPages(renderer)
    asked = [asyncio.create_task(pages.page("a.html", {"n": 7}, helpers())) for _ in range(5)]
    await asyncio.sleep(0.01)
    renderer.gate.set()
    answers = await asyncio.gather(*asked)
    assert renderer.calls == 1
    assert {a.plain() for a in answers} == {b"<p>a.html:7:en</p>"}


async def test_a_failed_render_fails_its_requests_and_is_not_kept() -> None:
    renderer = CountingRenderer()
    renderer.fail = True
    pages = RenderedPages(renderer)
    with pytest.raises(RuntimeError):
        await pages.page("a.html", {"n": 1}, helpers())
    renderer.fail = False
    page = await pages.page("a.html", {"n": 1}, helpers())
    assert page.plain() == b"<p>a.html:1:en</p>" and renderer.calls == 2


async def test_the_oldest_pages_are_forgotten_past_the_bound() -> None:
    renderer = CountingRenderer()
    pages = RenderedPages(renderer, kept=3)
    for n in range(5):
        await pages.page("a.html", {"n": n}, helpers())
    assert len(pages) == 3
    await pages.page("a.html", {"n": 0}, helpers())  # forgotten: rendered again
    assert renderer.calls == 6


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
    site: tuple[str, SitePages, Book], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, pages, book = site
    rendering_threads: set[str] = set()
    original = page_thread.render_gzipped

    def watched(*args: Any) -> bytes:
        rendering_threads.add(threading.current_thread().name.rsplit("_", 1)[0])
        return original(*args)

    monkeypatch.setattr(page_thread, "render_gzipped", watched)
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
    # rendered on the page thread: never on the serving event loop's
    assert THREAD_NAME in rendering_threads


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
