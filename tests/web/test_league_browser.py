"""The league's page in Chromium, at a phone's width: opened from the link a server's admin
gets, sorted by tapping a column's name, filtered by tapping chips, switched between 简体,
繁體 and English, its hostile names only text, its CSV downloaded; a rotated link and another
server's id answer the one 404. Every test also checks (:mod:`tests.web.browser`) that the page
asked no other host for anything and that its console shows no error."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Page

from shangrao_bot import catalog
from shangrao_bot.service.book_reading import board_period, leaderboard
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import user_player
from shangrao_bot.store.web_sites import rotate_site
from shangrao_bot.web.addresses import absolute, site_path
from tests.store.conftest import GUILD
from tests.web.browser import BROWSER_LOOP, Browsing
from tests.web.league_book import EMOJI_GUEST, HOSTILE_NAMES, Book, league_book

pytestmark = BROWSER_LOOP

NARROW = {"width": 360, "height": 740}  # the narrowest phone the pages are made for
# Names that would set a flag on the page if their markup ever ran (members' names follow
# their Discord names, so user_player renames them).
FLAG_NAMES = {
    100: "<script>window.pwned=1</script>",
    101: '"><img src=x onerror="window.pwned=2">',
}
NOT_FOUND_STATUS = "status of 404"  # the console's note of a page answered 404


@dataclass(frozen=True)
class Shown:
    """A leaderboard row as the reader sees it."""

    name: str
    total: str
    wins: str
    guest: bool


ROWS_JS = """rows => rows.map(r => ({
    name: r.querySelector("td.name bdi").textContent,
    total: r.cells[2].textContent.trim(),
    wins: r.cells[7].textContent.trim(),
    guest: r.querySelector("td.name .tag") !== null,
}))"""


def t(key: str, lang: str = "en", **args: object) -> str:
    return catalog.text(key, lang, args)


@pytest_asyncio.fixture(loop_scope="session")
async def book(browser_db: Database) -> Book:
    return await league_book(browser_db)


def league_link(site_base: str, book: Book) -> str:
    """The league's address as a server's admin is given it."""
    return absolute(site_base, site_path(book.site.token))


async def shown_rows(page: Page) -> list[Shown]:
    rows = await page.eval_on_selector_all("#board tbody tr", ROWS_JS)
    return [Shown(**row) for row in rows]


async def command_rows(
    db: Database, metric: str = "total", guests: bool = False, period: str | None = None
) -> list[Shown]:
    """``/leaderboard``'s rows for these filters, as the page shows them."""
    ranking = await leaderboard(
        db, GUILD, await board_period(db, GUILD, period, None), metric, None, guests
    )
    return [
        Shown(r.player.display_name, f"{r.total:+d}", str(r.wins), r.player.is_guest)
        for r in ranking.rows
    ]


def column(name: str) -> str:
    """The board's header cell whose button reads ``name``."""
    return f'#board thead th:has(button:text-is("{name}"))'


async def tap_header(page: Page, name: str, order: str) -> None:
    await page.locator(column(name)).get_by_role("button").click()
    await page.wait_for_selector(f'{column(name)}[aria-sort="{order}"]')


async def tap_chip(page: Page, group: str, chip: str) -> None:
    """Tap the chip reading ``chip`` in the filter row ``group``; wait for the page it opens."""
    link = page.locator(f'.chips[aria-label="{group}"] a', has_text=chip)
    async with page.expect_navigation():
        await link.click()
    await page.wait_for_selector(f'.chips[aria-label="{group}"] a[aria-current]:text-is("{chip}")')


async def test_sorted_by_tapping_a_column(
    browsing: Browsing, browser_db: Database, book: Book, site_base: str
) -> None:
    page = browsing.page
    await page.goto(league_link(site_base, book))
    assert await page.text_content("h1") == t("web.league.title")
    rows = await shown_rows(page)
    assert rows == await command_rows(browser_db)
    assert len({r.total for r in rows}) > 2  # an order that tapping can visibly change

    await tap_header(page, t("web.col.total"), "ascending")  # it was sorted by Total already
    by_total = sorted(rows, key=lambda r: int(r.total))  # stable, as the page's sort
    assert await shown_rows(page) == by_total
    assert by_total != rows

    await tap_header(page, t("web.col.wins"), "descending")
    by_wins = sorted(by_total, key=lambda r: int(r.wins), reverse=True)
    assert await shown_rows(page) == by_wins
    assert by_wins != by_total
    assert await page.get_attribute(column(t("web.col.total")), "aria-sort") is None

    await tap_header(page, t("web.col.wins"), "ascending")
    assert await shown_rows(page) == sorted(by_wins, key=lambda r: int(r.wins))


async def test_filter_chips_change_the_board(
    browsing: Browsing, browser_db: Database, book: Book, site_base: str
) -> None:
    page = browsing.page
    await page.goto(league_link(site_base, book))
    everyone = await shown_rows(page)

    await tap_chip(page, t("web.league.metric"), t("skv.metric.win_rate"))
    by_win_rate = await shown_rows(page)
    assert by_win_rate == await command_rows(browser_db, "win_rate")
    assert [r.name for r in by_win_rate] != [r.name for r in everyone]
    assert await page.get_attribute(column(t("web.col.win_rate")), "aria-sort") == "descending"

    await tap_chip(page, t("web.league.metric"), t("skv.metric.biggest"))
    biggest = await shown_rows(page)
    assert biggest == await command_rows(browser_db, "biggest")
    assert len(biggest) < len(everyone)  # a player who never won has no biggest hand

    await tap_chip(page, t("web.league.period"), t("skv.period.week"))
    assert t("skv.period.week") in (await page.text_content("#board-title") or "")
    assert await shown_rows(page) == await command_rows(browser_db, "biggest", period="week")
    assert "metric=biggest" in page.url  # the other filters stay as they were

    await tap_chip(page, t("web.league.min_hands"), t("web.league.guests"))
    with_guests = await shown_rows(page)
    assert with_guests == await command_rows(browser_db, "biggest", guests=True, period="week")
    assert [r.name for r in with_guests if r.guest] == [EMOJI_GUEST]


@pytest.mark.parametrize("locale", ["en-GB"])
async def test_language_switch(browsing: Browsing, book: Book, site_base: str) -> None:
    page = browsing.page
    await page.goto(league_link(site_base, book))

    async def shows(lang: str, html_lang: str) -> None:
        assert await page.get_attribute("html", "lang") == html_lang
        assert await page.text_content("h1") == t("web.league.title", lang)
        assert t("web.league.board", lang) in (await page.text_content("#board-title") or "")
        assert await page.text_content("#seasons-title") == t("web.league.seasons", lang)
        assert await page.text_content("a.button[download]") == t("web.league.csv", lang)
        headers = await page.locator("#board thead th button").all_text_contents()
        assert t("web.col.total", lang) in headers and t("web.col.wins", lang) in headers

    # each language's texts tell it from the others (the seasons: 赛季, 賽季, Seasons)
    assert len({t("web.league.seasons", lang) for lang in catalog.LANGS}) == 3
    await shows("en", "en")
    for name, lang, html_lang in (
        ("简体", "zh-CN", "zh-Hans"),
        ("繁體", "zh-TW", "zh-Hant"),
        ("English", "en", "en"),
        ("繁體", "zh-TW", "zh-Hant"),
    ):
        async with page.expect_navigation():
            await page.locator("nav.langs a", has_text=name).click()
        await page.wait_for_selector(f'nav.langs a[aria-current]:text-is("{name}")')
        await shows(lang, html_lang)

    # the chosen language outlives a tap on a filter (the browser still asks for English)
    await tap_chip(page, t("web.league.metric", "zh-TW"), t("skv.metric.average", "zh-TW"))
    await shows("zh-TW", "zh-Hant")


@pytest.mark.parametrize("viewport", [NARROW])
async def test_hostile_names_are_only_text(
    browsing: Browsing, browser_db: Database, book: Book, site_base: str
) -> None:
    for user_id, name in FLAG_NAMES.items():
        await user_player(browser_db, GUILD, user_id, name)
    page = browsing.page
    await page.goto(league_link(site_base, book) + "?guests=1")

    names = [r.name for r in await shown_rows(page)]
    expected = {*FLAG_NAMES.values(), HOSTILE_NAMES[2], HOSTILE_NAMES[3], EMOJI_GUEST}
    assert set(names) == expected
    session_names = await page.locator("#sessions-title + ul bdi").all_text_contents()
    assert set(FLAG_NAMES.values()) <= set(session_names)
    seasons = await page.locator("#seasons-title + ul bdi").all_text_contents()
    assert "Spring <b>2026</b>" in seasons

    assert await page.evaluate("typeof window.pwned") == "undefined"
    assert await page.evaluate("document.images.length") == 0
    assert await page.locator("script").count() == 1  # the page's own file
    assert await page.locator("#board b, #board img, #board script").count() == 0

    # at the narrowest phone the page does not scroll sideways; the long name is cut, the
    # board scrolls in its own box
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= NARROW["width"]
    long_name = page.locator("#board td.name", has_text="长" * 20)
    box = await long_name.bounding_box()
    assert box is not None and box["width"] <= NARROW["width"] / 2
    title = page.locator("#board td.name bdi", has_text="evil")
    assert await title.evaluate("e => getComputedStyle(e).unicodeBidi") == "isolate"


async def test_rotated_link_and_another_servers_session_are_the_404(
    browsing: Browsing, browser_db: Database, book: Book, site_base: str
) -> None:
    page = browsing.page
    old = league_link(site_base, book)
    answer = await page.goto(old)
    assert answer is not None and answer.status == 200

    browsing.expect_console_error(NOT_FOUND_STATUS)
    other = absolute(site_base, site_path(book.site.token, f"session/{book.other_session.id}"))
    answer = await page.goto(other)
    assert answer is not None and answer.status == 404
    assert await page.text_content("h1") == "404"
    not_found = await page.content()

    site = await rotate_site(browser_db, GUILD, 100)
    browsing.expect_console_error(NOT_FOUND_STATUS)
    answer = await page.goto(old)
    assert answer is not None and answer.status == 404
    assert await page.content() == not_found  # the same page: it tells nothing of what exists

    answer = await page.goto(absolute(site_base, site_path(site.token)))
    assert answer is not None and answer.status == 200
    assert await page.text_content("h1") == t("web.league.title")


async def test_csv_download_has_the_boards_rows(
    browsing: Browsing, browser_db: Database, book: Book, site_base: str, tmp_path: Path
) -> None:
    page = browsing.page
    await page.goto(league_link(site_base, book))
    await tap_chip(page, t("web.league.min_hands"), t("web.league.guests"))
    shown = await shown_rows(page)
    assert any(r.guest for r in shown)

    async with page.expect_download() as started:
        await page.click("a.button[download]")
    download = await started.value
    assert download.suggested_filename == "leaderboard.csv"
    saved = tmp_path / "leaderboard.csv"
    await download.save_as(saved)
    rows = list(csv.reader(io.StringIO(saved.read_text(encoding="utf-8-sig"))))
    header = [t(f"web.col.{c}") for c in ("rank", "player", "total")]
    assert rows[0][:3] == header and rows[0][7] == t("web.col.wins")
    assert [(r[1], f"{int(r[2]):+d}", r[7]) for r in rows[1:]] == [
        (s.name, s.total, s.wins) for s in shown
    ]
    assert [int(r[0]) for r in rows[1:]] == list(range(1, len(shown) + 1))
