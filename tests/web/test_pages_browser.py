"""The player, session, replay and review pages in Chromium at a phone's width: reached from the
link a server's admin gets by tapping the pages' own links, a rating chart's point followed to
its hand, a replay stepped with the keys, the slider and the buttons, a review's "mistakes only"
toggled, the language switched, hostile names only text, and the addresses a rotation or another
server's token leave behind answering the one 404. No page scrolls sideways. Every test also
checks (:mod:`tests.web.browser`) that the page asked no other host for anything and that its
console shows no error.

The book (:mod:`tests.web.pages_book`: a bot table really played, beside the league's book) is
built once per module and served once; a test that rotates the pages' token reads nothing the
others keep: each test reads the token as it is (:func:`site`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import parse_qs, urlsplit

import pytest
import pytest_asyncio
from playwright.async_api import Locator, Page

from shangrao_bot import catalog
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.store.web_sites import WebSite, rotate_site, site_of
from shangrao_bot.web.addresses import absolute, review_path, site_path
from shangrao_bot.web.page_guard import NOT_FOUND_PAGE
from tests.store.conftest import GUILD
from tests.web.browser import BROWSER_LOOP, Browsing
from tests.web.league_book import HOSTILE_NAMES
from tests.web.pages_book import FLAG_NAMES, PagesBook, pages_book
from tests.web.review_book import SEAT
from tests.web.site_server import serving

pytestmark = BROWSER_LOOP

NARROW = {"width": 360, "height": 740}  # the narrowest phone the pages are made for
NOT_FOUND_STATUS = "status of 404"  # the console's note of a page answered 404
STAYED = "window.stayed"  # set before an interaction: still set after it, the page was not left

# the board's picture is the one named and has loaded (a broken picture has no width)
PICTURE_SHOWN = """src => {
    const img = document.getElementById("board");
    return img.getAttribute("src") === src && img.complete && img.naturalWidth > 0;
}"""
# the element is on the screen: the page scrolled to it
IN_VIEW = """id => {
    const box = document.getElementById(id).getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
}"""
# the decisions' rows the reader sees: [number of them, how many of them agree]
VISIBLE_ROWS = """rows => {
    const shown = rows.filter(row => row.getClientRects().length > 0);
    return [shown.length, shown.filter(row => row.classList.contains("agree")).length];
}"""


def t(key: str, lang: str = "en", **args: object) -> str:
    return catalog.text(key, lang, args)


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def book(tmp_path_factory: pytest.TempPathFactory) -> PagesBook:
    return await pages_book(tmp_path_factory.mktemp("pages") / "book.db")


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def browser_db(book: PagesBook) -> AsyncIterator[Database]:
    """The module's book, open once for all its tests (in place of the fixtures' empty one)."""
    db = await open_ledger(book.url)
    try:
        yield db
    finally:
        await db.close()


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def site_base(browser_db: Database) -> AsyncIterator[str]:
    """The pages over the module's book, served once for all its tests."""
    async with serving(browser_db) as base:
        yield base


@pytest_asyncio.fixture(loop_scope="session")
async def site(browser_db: Database) -> WebSite:
    """The server's pages as they are now (a test rotates their token)."""
    current = await site_of(browser_db, GUILD)
    assert current is not None
    return current


def address(base: str, site: WebSite, path: str = "") -> str:
    """A page's address as a link the server's admin was given leads to it."""
    return absolute(base, site_path(site.token, path))


def query_of(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


async def tap_to(page: Page, link: Locator) -> None:
    """Tap ``link`` and wait for the page it opens."""
    async with page.expect_navigation():
        await link.click()


async def no_sideways_scroll(page: Page) -> None:
    width, inner = await page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{page.url} scrolls sideways: {width} > {inner}"


async def picture_shown(page: Page, src: str | None) -> None:
    assert src
    await page.wait_for_function(PICTURE_SHOWN, arg=src)


async def test_from_the_admins_link_to_a_replay_by_tapping(
    browsing: Browsing, book: PagesBook, site: WebSite, site_base: str
) -> None:
    page = browsing.page
    await page.goto(address(site_base, site))
    assert await page.text_content("h1") == t("web.league.title")
    await no_sideways_scroll(page)

    name = page.locator(f'#board td.name a[href$="/player/{book.member}"]')
    assert await name.text_content() == FLAG_NAMES[100]
    await tap_to(page, name)
    assert page.url == address(site_base, site, f"player/{book.member}")
    assert await page.text_content("h1.player-name bdi") == FLAG_NAMES[100]
    assert await page.text_content("#rating-title") == t("web.player.rating")
    await no_sideways_scroll(page)

    await page.go_back()
    await page.wait_for_selector("#sessions-title")
    assert await page.text_content("h1") == t("web.league.title")

    session = page.locator(f'#sessions-title + ul a[href$="/session/{book.table_session}"]')
    await tap_to(page, session)
    heading = await page.text_content("h1") or ""
    assert t("web.session.title", id=book.table_session) in heading
    assert t("web.kind.virtual") in heading
    await no_sideways_scroll(page)

    await tap_to(page, page.locator(f"#hand-{book.played.hand} a.replay"))
    assert page.url == address(site_base, site, f"hand/{book.played.hand}")
    assert await page.text_content("h1") == t("web.replay.title", id=book.played.hand)
    await picture_shown(page, await page.get_attribute("#board", "src"))
    await no_sideways_scroll(page)


async def test_a_chart_point_leads_to_its_replay(
    browsing: Browsing, book: PagesBook, site: WebSite, site_base: str
) -> None:
    page = browsing.page
    hand = book.played.hand
    await page.goto(address(site_base, site, f"player/{book.member}"))
    point = page.locator(f'svg.chart a[href$="/hand/{hand}"]')
    assert f"#{hand})" in (await point.locator("title").text_content() or "")

    await tap_to(page, point.locator("circle"))
    assert page.url == address(site_base, site, f"hand/{hand}")
    assert await page.text_content("h1") == t("web.replay.title", id=hand)


async def test_a_chart_point_leads_to_its_row_of_the_session(
    browsing: Browsing, book: PagesBook, site: WebSite, site_base: str
) -> None:
    page = browsing.page
    session, hand = book.league.session.id, book.league.hand_ids[1]  # the session's second hand
    await page.goto(address(site_base, site, f"player/{book.member}"))
    point = page.locator(f'svg.chart a[href$="/session/{session}#hand-{hand}"]')
    assert f"#{hand})" in (await point.locator("title").text_content() or "")

    await tap_to(page, point.locator("circle"))
    assert page.url == address(site_base, site, f"session/{session}") + f"#hand-{hand}"
    assert t("web.session.title", id=session) in (await page.text_content("h1") or "")
    assert await page.evaluate("document.querySelector(':target').id") == f"hand-{hand}"
    assert await page.text_content(f"#hand-{hand} th.no") == "2"
    await page.wait_for_function(IN_VIEW, arg=f"hand-{hand}")
    assert await page.evaluate("window.scrollY") > 0  # the row is not at the top of the page
    await no_sideways_scroll(page)


async def test_a_replay_steps_with_the_keys_the_slider_and_the_buttons(
    browsing: Browsing, book: PagesBook, site: WebSite, site_base: str
) -> None:
    page = browsing.page
    await page.goto(address(site_base, site, f"hand/{book.played.hand}"))
    await page.wait_for_selector("#slider", state="visible")  # the page's script has set up
    pictures = await page.eval_on_selector_all(
        "#steps li", "items => items.map(i => i.dataset.src)"
    )
    words = [w.strip() for w in await page.locator("#steps li").all_text_contents()]
    steps = len(pictures)
    assert steps > 10 and len(set(pictures)) == steps
    assert await page.text_content("#step-no") == t("web.replay.step_of", step=1, steps=steps)
    await picture_shown(page, pictures[0])
    await page.evaluate(f"{STAYED} = true")

    async def at(n: int) -> None:
        await page.wait_for_selector(f'#steps li:nth-child({n + 1})[aria-current="step"]')
        assert await page.text_content("#step-no") == t(
            "web.replay.step_of", step=n + 1, steps=steps
        )
        assert await page.text_content("#step-text") == words[n]
        await picture_shown(page, pictures[n])
        assert query_of(page)["step"] == [str(n)]
        assert await page.input_value("#slider") == str(n)
        assert await page.locator('#steps li[aria-current="step"]').count() == 1
        assert await page.evaluate(STAYED)  # stepped in place

    for _ in range(3):
        await page.keyboard.press("ArrowRight")
    await at(3)
    await page.keyboard.press("ArrowLeft")
    await at(2)

    middle = steps // 2
    await page.locator("#slider").fill(str(middle))
    await at(middle)
    await page.click("#to-next")
    await at(middle + 1)
    assert query_of(page).get("view") is None  # the table's view, as it opened

    await page.click("#to-last")
    await at(steps - 1)
    assert await page.get_attribute("#to-next", "aria-disabled") == "true"
    await no_sideways_scroll(page)


async def test_the_replay_speaks_the_language_chosen_in_the_header(
    browsing: Browsing, book: PagesBook, site: WebSite, site_base: str
) -> None:
    page = browsing.page
    hand = book.played.hand
    await page.goto(address(site_base, site, f"hand/{hand}") + "?step=4")
    steps = await page.locator("#steps li").count()
    english = await page.text_content("#step-text")
    assert await page.get_attribute("html", "lang") == "en"
    # each language's heading tells it from the others
    assert len({t("web.replay.title", lang, id=hand) for lang in catalog.LANGS}) == 3

    async def speaks(name: str, lang: str, html_lang: str, step: int) -> None:
        await page.wait_for_selector(f'nav.langs a[aria-current]:text-is("{name}")')
        assert await page.get_attribute("html", "lang") == html_lang
        assert await page.text_content("h1") == t("web.replay.title", lang, id=hand)
        assert await page.text_content("#step-no") == t(
            "web.replay.step_of", lang, step=step + 1, steps=steps
        )
        assert query_of(page)["step"] == [str(step)]
        src = await page.get_attribute("#board", "src")
        assert src is not None and f".{lang}." in src  # the board's words are drawn in it too
        await picture_shown(page, src)

    for name, lang, html_lang in (("简体", "zh-CN", "zh-Hans"), ("繁體", "zh-TW", "zh-Hant")):
        await tap_to(page, page.locator("nav.langs a", has_text=name))
        await speaks(name, lang, html_lang, 4)
        assert await page.text_content("#step-text") != english

    # the page's script speaks it as well, and the switch keeps the step the reader is at
    await page.wait_for_selector("#slider", state="visible")
    await page.keyboard.press("ArrowRight")
    await page.wait_for_selector('#steps li:nth-child(6)[aria-current="step"]')
    assert await page.text_content("#step-no") == t(
        "web.replay.step_of", "zh-TW", step=6, steps=steps
    )
    await tap_to(page, page.locator("nav.langs a", has_text="English"))
    await speaks("English", "en", "en", 5)


@pytest.mark.parametrize("viewport", [NARROW])
@pytest.mark.parametrize("kind", ["player", "session"])
async def test_hostile_names_are_only_text(
    browsing: Browsing, book: PagesBook, site: WebSite, site_base: str, kind: str
) -> None:
    page = browsing.page
    # the second member's page names the first (they sat together); the session seats all four
    path = {
        "player": f"player/{book.league.player_ids[1]}",
        "session": f"session/{book.league.session.id}",
    }[kind]
    await page.goto(address(site_base, site, path))
    names = set(await page.locator("main bdi").all_text_contents())
    assert {*FLAG_NAMES.values(), HOSTILE_NAMES[2], HOSTILE_NAMES[3]} <= names
    if kind == "player":
        assert await page.text_content("h1.player-name bdi") == FLAG_NAMES[101]

    assert await page.evaluate("typeof window.pwned") == "undefined"
    assert await page.evaluate("document.images.length") == 0
    assert await page.locator("script").count() == 1  # the page's own file
    assert await page.locator("main script, main img, main [onerror]").count() == 0
    # at the narrowest phone the page does not scroll sideways, even with a 200-character name
    await no_sideways_scroll(page)


async def test_mistakes_only_hides_the_decisions_that_agree(
    browsing: Browsing, book: PagesBook, site: WebSite, site_base: str
) -> None:
    page = browsing.page
    hand = book.played.hand
    await page.goto(absolute(site_base, review_path(site, hand, SEAT)))
    assert await page.text_content("h1") == t("web.review.heading", hand=hand)
    assert await page.text_content("#summary-title bdi") == FLAG_NAMES[100]
    assert await page.evaluate("typeof window.pwned") == "undefined"
    toggle = page.locator("#mistakes-toggle")
    await toggle.wait_for(state="visible")  # the page's script has set up
    assert await page.locator("#mistakes-link").is_hidden()

    figure = page.locator(".figures .figure", has_text=t("web.review.mistakes")).locator("b")
    mistakes = int(await figure.text_content() or "")
    rows = page.locator("#decisions tbody tr")
    every = await rows.count()
    assert 0 < mistakes < every  # some rows agree, some do not
    assert await rows.evaluate_all(VISIBLE_ROWS) == [every, every - mistakes]
    await no_sideways_scroll(page)
    await page.evaluate(f"{STAYED} = true")

    await toggle.click()
    await page.wait_for_selector('#mistakes-toggle[aria-pressed="true"]')
    assert await rows.evaluate_all(VISIBLE_ROWS) == [mistakes, 0]
    assert query_of(page)["mistakes"] == ["1"]
    langs = await page.locator(".langs a").evaluate_all("links => links.map(a => a.href)")
    assert langs and all("mistakes=1" in href for href in langs)  # a language keeps it
    await no_sideways_scroll(page)

    await toggle.click()
    await page.wait_for_selector('#mistakes-toggle[aria-pressed="false"]')
    assert await rows.evaluate_all(VISIBLE_ROWS) == [every, every - mistakes]
    assert "mistakes" not in query_of(page)
    langs = await page.locator(".langs a").evaluate_all("links => links.map(a => a.href)")
    assert not any("mistakes" in href for href in langs)
    assert await page.evaluate(STAYED)  # toggled in place

    # the address it keeps opens the mistakes only, listed by the server
    await toggle.click()
    await page.wait_for_selector('#mistakes-toggle[aria-pressed="true"]')
    await page.reload()
    assert await rows.count() == mistakes
    assert await rows.evaluate_all(VISIBLE_ROWS) == [mistakes, 0]
    current = page.locator('#decisions-title + .chips a[aria-current="true"]')
    assert await current.text_content() == t("web.review.only_mistakes")


async def test_rotated_and_other_servers_addresses_are_the_404(
    browsing: Browsing, browser_db: Database, book: PagesBook, site: WebSite, site_base: str
) -> None:
    page = browsing.page
    hand = book.played.hand
    pages = (f"player/{book.member}", f"session/{book.league.session.id}", f"hand/{hand}")

    def review(pages_of: WebSite) -> str:
        return absolute(site_base, review_path(pages_of, hand, SEAT))

    async def answers(url: str, status: int) -> None:
        if status == 404:
            browsing.expect_console_error(NOT_FOUND_STATUS)
        response = await page.goto(url)
        assert response is not None and response.status == status, url
        if status == 404:
            assert await response.body() == NOT_FOUND_PAGE  # the one 404: it tells nothing

    for path in pages:
        await answers(address(site_base, site, path), 200)
    await answers(review(site), 200)

    # another server's ids under this server's link, this server's under another server's
    # (the review's key made with that server's token)
    for path in (
        f"player/{book.other_player}",
        f"session/{book.league.other_session.id}",
        f"hand/{book.other_hand}",
    ):
        await answers(address(site_base, site, path), 404)
    other = book.played.other_site
    for path in pages:
        await answers(address(site_base, other, path), 404)
    await answers(review(other), 404)

    rotated = await rotate_site(browser_db, GUILD, 100)
    assert rotated.token != site.token
    for path in pages:
        await answers(address(site_base, site, path), 404)
    await answers(review(site), 404)
    old_key = review(site).rsplit("/", 1)[1]
    new_key = review(rotated).rsplit("/", 1)[1]
    assert new_key != old_key  # the review's key changes with the token
    await answers(address(site_base, rotated, f"review/{hand}/{SEAT}/{old_key}"), 404)

    for path in pages:
        await answers(address(site_base, rotated, path), 200)
    await answers(review(rotated), 200)
