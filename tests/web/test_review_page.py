"""The review page over real HTTP (SQLite): with its key it shows one row per decision of the
service's review, in order, each mistake coloured by the points it lost and the worst first;
``?mistakes=1`` keeps only the mistakes; everything else (a wrong key, an AI's seat, another
server's hand, a hand still being played or recorded at a physical table) is the one 404; the
page shows no tile of another seat's concealed hand, the player's name only as text, in the
reader's language."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import AsyncIterator

import aiohttp
import pytest

from shangrao_bot import catalog
from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.hand_records import SEATS
from shangrao_bot.engine.review import FLAG_LOSS, Decision, HandReview
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for
from shangrao_bot.rules.tile_names import tile_label
from shangrao_bot.service.replay import LoadedReplay, ReplayCache, load_replay
from shangrao_bot.service.review import ReviewCache, seat_review
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.web.addresses import review_key, review_path, site_path
from shangrao_bot.web.page_guard import NOT_FOUND_PAGE
from tests.service.conftest import GUILD
from tests.web.review_book import HOST_NAME, SEAT, ReviewBook, review_book
from tests.web.site_server import serving

BIG = 1.0  # the page's legend: small below FLAG_LOSS points lost, clear below BIG, big from it


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> ReviewBook:
    return asyncio.run(review_book(tmp_path_factory.mktemp("review") / "book.db"))


@pytest.fixture
async def db(book: ReviewBook) -> AsyncIterator[Database]:
    opened = await open_ledger(book.url)
    try:
        yield opened
    finally:
        await opened.close()


async def fetch(url: str, status: int = 200, **headers: str) -> str:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as r:
        body = await r.read()
        assert r.status == status, url
        if status == 404:
            assert body == NOT_FOUND_PAGE
        return body.decode()


async def service_review(db: Database, book: ReviewBook) -> HandReview:
    """The review as the service gives it (a cache of its own: nothing shared with the page)."""
    return (await seat_review(db, ReviewCache(ReplayCache()), GUILD, book.hand, SEAT)).review


def expected_severity(d: Decision) -> int:
    if d.matched and not d.flagged:
        return 0
    return 1 if d.loss < FLAG_LOSS else 2 if d.loss < BIG else 3


def rows_of(page: str) -> list[tuple[int, str, str]]:
    """The decisions' rows: (number, class, the row's markup)."""
    body = page.split('<table class="decisions" id="decisions">', 1)[1].split("</table>", 1)[0]
    return [
        (int(n), cls, row)
        for n, cls, row in re.findall(r'<tr id="d-(\d+)" class="([^"]*)">(.*?)</tr>', body, re.S)
    ]


def worst_of(page: str) -> list[int]:
    """The decisions the "biggest mistakes" list names, in its order."""
    found = re.search(r'<ol class="list worst">(.*?)</ol>', page, re.S)
    return [int(n) for n in re.findall(r'href="#d-(\d+)"', found.group(1))] if found else []


def own_tiles_shown(row: str) -> list[str]:
    """The tile names a row shows where only the seat's own concealed tiles belong."""
    tiles = re.search(r'<span class="tiles">((?:<span class="t[^"]*">[^<]*</span>)*)</span>', row)
    assert tiles is not None, row
    return [html.unescape(t) for t in re.findall(r">([^<]*)</span>", tiles.group(1))]


def page_url(base: str, book: ReviewBook, hand: int | None = None, seat: int = SEAT) -> str:
    hand = book.hand if hand is None else hand
    return base + review_path(book.site, hand, seat)


async def test_the_key_shows_every_decision_in_order(db: Database, book: ReviewBook) -> None:
    review = await service_review(db, book)
    async with serving(db) as base:
        page = await fetch(page_url(base, book), **{"Accept-Language": "en"})
        again = await fetch(page_url(base, book), **{"Accept-Language": "en"})
        # the replay page opens where a decision's link points: its step, the seat's view
        last = review.decisions[-1]
        link = site_path(book.site.token, f"hand/{book.hand}?step={last.step}&view={SEAT}")
        replay = await fetch(base + link, **{"Accept-Language": "en"})
    assert again == page  # the kept review reads the same
    assert f'value="{last.step}"' in replay and f"/board/{SEAT}/{last.step}." in replay
    rows = rows_of(page)
    assert [n for n, _, _ in rows] == [d.number for d in review.decisions]
    assert len(rows) == len(review.decisions) > 10
    text = html.unescape(page)
    assert f"{review.rating}/100" in text
    assert f"{review.matched}/{len(review.judged)}" in text
    assert f"{review.lost:.2f}" in text
    for (_, _, row), d in zip(rows, review.decisions, strict=True):
        markup = html.unescape(row)
        replay = site_path(book.site.token, f"hand/{book.hand}?step={d.step}&view={SEAT}")
        assert f'href="{replay}"' in markup  # into the replay at the decision's step
        assert f"Step {d.step + 1}" in markup
        if d.judged:
            assert f"{d.chosen.expected:+.2f}" in markup
            assert f"{d.preferred.expected:+.2f}" in markup
            assert f"#{d.rank} of {d.candidates}" in markup
        if d.matched and not d.flagged:
            assert "as good" in markup
        else:
            assert f"−{d.loss:.2f}" in markup


async def test_mistakes_are_coloured_by_points_lost_and_the_worst_come_first(
    db: Database, book: ReviewBook
) -> None:
    review = await service_review(db, book)
    async with serving(db) as base:
        page = await fetch(page_url(base, book) + "?lang=en")
    by_number = {d.number: d for d in review.decisions}
    classes = {n: cls for n, cls, _ in rows_of(page)}
    for n, d in by_number.items():
        severity = expected_severity(d)
        assert classes[n] == (f"sev{severity}" if severity else "agree"), (n, d.loss)
    shown = {expected_severity(d) for d in review.decisions}
    assert {0, 1, 2, 3} <= shown, "the book's hand should have every kind of decision"
    worst = worst_of(page)
    mistakes = [d for d in review.decisions if expected_severity(d)]
    assert worst and len(worst) == min(5, len(mistakes))
    losses = [by_number[n].loss for n in worst]
    assert losses == sorted(losses, reverse=True)
    assert losses[0] == max(d.loss for d in review.decisions)
    assert set(worst) <= {d.number for d in mistakes}
    assert min(losses) >= sorted((d.loss for d in mistakes), reverse=True)[len(worst) - 1]
    legend = html.unescape(page.split('<ul class="legend-sev"', 1)[1].split("</ul>", 1)[0])
    assert f"under {FLAG_LOSS:.1f} points" in legend and f"{BIG:.1f} points or more" in legend


async def test_mistakes_only(db: Database, book: ReviewBook) -> None:
    review = await service_review(db, book)
    async with serving(db) as base:
        full = await fetch(page_url(base, book) + "?lang=en")
        only = await fetch(page_url(base, book) + "?mistakes=1&lang=en")
        await fetch(page_url(base, book) + "?mistakes=yes", 404)
        script = re.search(r'<script src="([^"]*review[^"]*\.js)"', full)
        assert script is not None
        code = await fetch(base + script.group(1))
    mistakes = [d.number for d in review.decisions if expected_severity(d)]
    assert [n for n, _, _ in rows_of(only)] == mistakes
    assert all(cls != "agree" for _, cls, _ in rows_of(only))
    assert len(rows_of(full)) > len(mistakes)
    # the button the script handles, and the link that does the same without it
    assert 'id="mistakes-toggle" aria-pressed="false"' in full
    link = re.search(r'<a href="([^"]*)" id="mistakes-link">', full)
    assert link is not None and html.unescape(link.group(1)).endswith("?mistakes=1&lang=en")
    assert "mistakes-toggle" in code and "only-mistakes" in code


async def test_what_leads_nowhere_is_the_one_404(db: Database, book: ReviewBook) -> None:
    site, hand = book.site, book.hand
    key = review_key(site, hand, SEAT)
    wrong = ("0" if key[0] != "0" else "1") + key[1:]
    token = site.token
    async with serving(db) as base:
        await fetch(page_url(base, book))  # the right key opens it
        nowhere = [
            site_path(token, f"review/{hand}/{SEAT}/{wrong}"),  # a wrong key
            site_path(token, f"review/{hand}/{SEAT}/{key.upper()}"),
            site_path(token, f"review/{hand}/{SEAT}/{review_key(site, hand, 1)}"),  # another's
            site_path(token, f"review/{hand}/{SEAT}/{key}x"),
            review_path(site, hand, 1),  # an AI's seat, with its own right key
            review_path(site, hand, SEATS),  # no such seat
            site_path(token, f"review/{hand}/-1/{key}"),
            site_path(token, f"review/{hand}/a/{key}"),
            review_path(site, book.running, SEAT),  # a hand still being written down
            review_path(site, book.physical, SEAT),  # recorded at a physical table
            review_path(site, book.hand + 1000, SEAT),  # no such hand
            review_path(book.other_site, hand, SEAT),  # another server's pages, their own key
        ]
        for path in nowhere:
            await fetch(base + path, 404)


def seen_by_the_seat(loaded: LoadedReplay) -> set[int]:
    """Every tile kind the seat held at some step of the hand."""
    return {k for step in loaded.replay.steps for k in step.hands[SEAT]}


def secret_names_shown(page: str, secret: set[str]) -> set[str]:
    """The names of ``secret`` that the rows show where only the seat's own tiles belong."""
    return {name for _, _, row in rows_of(page) for name in own_tiles_shown(row)} & secret


@pytest.mark.parametrize("lang", ["en", "zh-CN", "zh-TW"])
async def test_no_tile_of_another_seat_s_concealed_hand(
    db: Database, book: ReviewBook, lang: str
) -> None:
    review = await service_review(db, book)
    loaded = await load_replay(db, GUILD, book.hand)
    final = loaded.replay.final
    async with serving(db) as base:
        page = await fetch(page_url(base, book) + f"?lang={lang}")
    # every row shows exactly the seat's own tiles at that decision, as the engine dealt them
    state = HandState(final.rules, final.seed, final.dealer)
    numbers = {d.number for d in review.decisions}
    own: dict[int, list[str]] = {}
    for number, action in enumerate(final.actions):
        if number in numbers:
            view = view_for(state, SEAT)
            tiles = (*view.concealed, *((view.drawn,) if view.drawn is not None else ()))
            own[number] = [tile_label(k, lang) for k in tiles]
        state.apply(action)
    rows = rows_of(page)
    assert rows and {n: own_tiles_shown(row) for n, _, row in rows} == own
    # the other seats' concealed tiles at the end, of kinds this seat never held: none shown
    held = seen_by_the_seat(loaded)
    others = [k for s in range(SEATS) if s != SEAT for k in final.concealed(s)]
    secret = {tile_label(k, lang) for k in others if k not in held}
    assert secret, "no tile of the others' hands is one the seat never held: the check is empty"
    assert secret_names_shown(page, secret) == set()
    # the check sees a leak: another seat's hand shown in a row's own tiles is found
    other = next(s for s in range(SEATS) if s != SEAT)
    leak = "".join(f'<span class="t">{tile_label(k, lang)}</span>' for k in final.concealed(other))
    leaked = page.replace('<span class="tiles">', f'<span class="tiles">{leak}', 1)
    assert secret_names_shown(leaked, secret)


async def test_the_player_s_name_is_text(db: Database, book: ReviewBook) -> None:
    loaded = await seat_review(db, ReviewCache(ReplayCache()), GUILD, book.hand, SEAT)
    name = loaded.seat.name  # as the ledger keeps it (control characters taken out)
    assert "<script>" in name and name in HOST_NAME.replace("\u202e", "").replace("\u202c", "")
    async with serving(db) as base:
        page = await fetch(page_url(base, book))
    assert "<script>alert" not in page
    assert f'<bdi class="name">{html.escape(name)}</bdi>' in page.replace("&#34;", "&quot;")
    assert page.count("<script") == 2  # the site's file and the page's, nothing else


@pytest.mark.parametrize(
    ("lang", "html_lang", "heading", "foreign"),
    [
        ("en", "en", "Review of hand #{hand}", ("万", "萬", "筒", "条", "條")),
        ("zh-CN", "zh-Hans", "第 #{hand} 手复盘", ("Crak", "Dot", "Bam", "萬", "條")),
        ("zh-TW", "zh-Hant", "第 #{hand} 手復盤", ("Crak", "Dot", "Bam", "万", "条")),
    ],
)
async def test_in_the_reader_s_language(
    db: Database, book: ReviewBook, lang: str, html_lang: str, heading: str, foreign: tuple[str]
) -> None:
    review = await service_review(db, book)
    async with serving(db) as base:
        page = await fetch(page_url(base, book), **{"Accept-Language": lang})
    assert f'<html lang="{html_lang}">' in page
    assert heading.format(hand=book.hand) in page
    assert catalog.text("web.review.only_mistakes", lang) in page
    discard = next(
        d
        for d in review.decisions
        if d.chosen.action.kind is ActionKind.DISCARD and d.chosen.action.tile != d.bao
    )
    assert discard.chosen.action.tile is not None
    words = catalog.text(
        "review.do.discard", lang, {"tile": tile_label(discard.chosen.action.tile, lang)}
    )
    row = next(row for n, _, row in rows_of(page) if n == discard.number)
    assert html.escape(words) in row
    main = page.split("<main>", 1)[1]
    assert not [w for w in foreign if w in main]  # tiles named in the page's language only
