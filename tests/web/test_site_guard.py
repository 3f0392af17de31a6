"""What every answer of the league's pages holds, over real HTTP: the security headers, GET and
HEAD only, one 404 for every address that leads nowhere (a bad, rotated or closed token, an id
of another server, a malformed id), the request budget's 429, and the content-hashed files."""

from __future__ import annotations

import re

import aiohttp

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.web_sites import close_site, rotate_site
from shangrao_bot.web.page_guard import NOT_FOUND_PAGE, POLICY
from shangrao_bot.web.static_files import STATIC
from tests.store.conftest import GUILD
from tests.web.league_book import league_book
from tests.web.site_server import serving


async def get(url: str, method: str = "GET", **headers: str) -> tuple[int, dict[str, str], bytes]:
    async with (
        aiohttp.ClientSession() as http,
        http.request(method, url, headers=headers, allow_redirects=False) as r,
    ):
        return r.status, dict(r.headers), await r.read()


def assert_guarded(headers: dict[str, str]) -> None:
    assert headers["Content-Security-Policy"] == POLICY
    assert "'unsafe-inline'" not in POLICY and "frame-ancestors 'none'" in POLICY
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"


async def test_every_dead_end_is_the_same_404(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    token = book.site.token
    async with serving(sqlite_db) as base:
        status, headers, body = await get(f"{base}/s/{token}/")
        assert status == 200 and b"<html" in body
        assert_guarded(headers)
        assert headers["Cache-Control"] == "no-store"
        dead_ends = [
            "/",
            "/s/",
            f"/s/{token}",  # no trailing slash: not the league's address
            f"/s/{token[:-1]}x/",  # one character changed
            f"/s/{token}x/",  # one too many
            "/s/" + "A" * 32 + "/",
            f"/s/{token}/session/{book.other_session.id}",  # another server's session
            f"/s/{token}/session/-1",
            f"/s/{token}/session/1e3",
            f"/s/{token}/session/{'9' * 30}",
            f"/s/{token}/nothing-here",
            f"/s/{token}/?metric=bogus",
            f"/s/{token}/?min=0",
            f"/s/{token}/?season=999999",
            "/static/site.css",  # a file's name without its content's hash
            "/static/site.000000000000.css",
            "/.env",
            "/s/../../etc/passwd",
        ]
        for path in dead_ends:
            status, headers, body = await get(base + path)
            assert (status, body) == (404, NOT_FOUND_PAGE), path
            assert_guarded(headers)
        await rotate_site(sqlite_db, GUILD, 100)
        status, _, body = await get(f"{base}/s/{token}/")
        assert (status, body) == (404, NOT_FOUND_PAGE)
        await close_site(sqlite_db, GUILD, 100)
        status, _, body = await get(f"{base}/s/{token}/")
        assert (status, body) == (404, NOT_FOUND_PAGE)


async def test_read_only_methods(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    async with serving(sqlite_db) as base:
        url = f"{base}/s/{book.site.token}/"
        status, _, body = await get(url, "HEAD")
        assert status == 200 and body == b""
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
            status, headers, _ = await get(url, method)
            assert status == 405, method
            assert headers["Allow"] == "GET, HEAD"
            assert_guarded(headers)


async def test_budget_per_client(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    async with serving(sqlite_db, per_minute=6) as base:  # a burst of 3
        url = f"{base}/s/{book.site.token}/"
        statuses = [(await get(url))[0] for _ in range(3)]
        assert statuses == [200, 200, 200]
        status, headers, _ = await get(url)
        assert status == 429
        assert 1 <= int(headers["Retry-After"]) <= 10
        assert_guarded(headers)
        # the content-hashed files cost nothing: still served once the pages' budget is spent
        status, _, _ = await get(f"{base}{STATIC.address('site.css')}")
        assert status == 200


async def test_files_carry_their_hash_and_live_long(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    async with serving(sqlite_db) as base:
        _, _, page = await get(f"{base}/s/{book.site.token}/")
        addresses = re.findall(rb'(?:href|src)="(/static/[^"]+)"', page)
        assert {a.rsplit(b".", 1)[-1] for a in addresses} >= {b"css", b"js", b"svg"}
        for address in addresses:
            status, headers, body = await get(base + address.decode())
            assert status == 200 and body
            assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert_guarded(headers)
        status, headers, body = await get(f"{base}/favicon.ico")
        assert status == 200 and body.startswith(b"\x89PNG")


async def test_pictures_have_a_budget_of_their_own(sqlite_db: Database) -> None:
    """A replay's pictures at content-hashed addresses never spend the pages' budget (a hand
    stepped through asks for one a step), and have their own, ten times larger."""
    book = await league_book(sqlite_db)
    async with serving(sqlite_db, per_minute=2) as base:  # a burst of 1 page, 10 pictures
        picture = f"{base}/s/{book.site.token}/hand/1/board/t/0.en.{'0' * 16}.png"
        statuses = [(await get(picture))[0] for _ in range(10)]
        assert set(statuses) == {404}  # no such hand: but answered, not refused
        assert (await get(picture))[0] == 429
        status, _, _ = await get(f"{base}/s/{book.site.token}/")
        assert status == 200  # the page's budget untouched
