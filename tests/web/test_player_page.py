"""A player's page over real HTTP: the figures ``/stats`` and ``/profile`` read for the same
player, a chart with a point per rated hand whose links lead to each hand's replay or its line
in its session, head to head and tablemates leading to the right players, hostile names only as
text, the one 404 for any id that is not one of the server's players, a merged guest's page
redirected to the member's, the review rating only where the server shows reviews, and the
page in each language."""

from __future__ import annotations

import html
import re
from array import array
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest

from shangrao_bot import catalog
from shangrao_bot.service.book_reading import player_figures, rating_figures
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.store.guilds import update_settings
from shangrao_bot.store.ledger import get_hand, get_session, record_hand, user_player
from shangrao_bot.store.ledger.player_hands import HandPlace
from shangrao_bot.store.ledger.ratings import guild_ratings
from shangrao_bot.web.page_guard import NOT_FOUND_PAGE
from shangrao_bot.web.pages.player import rating_chart
from shangrao_bot.web.svg_charts import MAX_LINKED
from tests.store.conftest import GUILD
from tests.store.conftest import self_draw_win as win
from tests.web.league_book import EMOJI_GUEST, HOSTILE_NAMES
from tests.web.player_book import REVIEW_RATING, PlayerBook, player_book
from tests.web.replay_book import replay_book
from tests.web.site_server import serving


async def fetch(url: str, **headers: str) -> str:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as r:
        assert r.status == 200, url
        return await r.text()


def text_of(fragment: str) -> str:
    """What a reader sees of a fragment: its text, tags left out, white space as one space."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def element(page: str, tag: str, ident: str) -> str:
    """The inside of the page's ``<tag id="ident">``."""
    found = re.search(rf'<{tag}[^>]* id="{ident}"[^>]*>(.*?)</{tag}>', page, re.S)
    assert found is not None, ident
    return found.group(1)


def figures(page: str, ident: str) -> dict[str, tuple[str, str]]:
    """The figures of a ``div.figures``: label → (value, note)."""
    out = {}
    box = page.split(f'id="{ident}"', 1)[1].split("</section>", 1)[0]
    for figure in re.findall(r'<div class="figure"[^>]*>(.*?)</div>', box, re.S):
        label = re.search(r"<span>(.*?)</span>", figure, re.S)
        value = re.search(r"<b[^>]*>(.*?)</b>", figure, re.S)
        note = re.search(r"<small>(.*?)</small>", figure, re.S)
        assert label is not None and value is not None
        out[text_of(label.group(1))] = (
            text_of(value.group(1)),
            text_of(note.group(1) if note else ""),
        )
    return out


def rows(table: str) -> list[list[str]]:
    """A table's body rows, each cell's inside as written."""
    body = table.split("<tbody>", 1)[1]
    return [
        re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def player_link(cell: str, token: str) -> tuple[int, str]:
    """The player a cell or line links to, and the name it shows."""
    found = re.search(
        rf'<a[^>]* href="/s/{token}/player/(\d+)(?:\?[^"]*)?"><bdi>(.*?)</bdi></a>', cell, re.S
    )
    assert found is not None, cell
    return int(found.group(1)), html.unescape(found.group(2))


async def page_of(db: Database, pb: PlayerBook, player_id: int, query: str = "?lang=en") -> str:
    async with serving(db) as base:
        return await fetch(f"{base}/s/{pb.book.site.token}/player/{player_id}{query}")


async def test_figures_are_those_of_stats_and_profile(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    ids = [*pb.book.player_ids, pb.book.guest_id]
    async with serving(sqlite_db) as base:
        pages = {
            pid: await fetch(f"{base}/s/{pb.book.site.token}/player/{pid}?lang=en") for pid in ids
        }
    for pid, page in pages.items():
        s = (await player_figures(sqlite_db, GUILD, pid)).stats
        rated = await rating_figures(sqlite_db, GUILD, pid)
        record = figures(page, "record")
        assert record["Hands"][0] == str(s.hands)
        assert record["Wins"] == (str(s.wins), f"{100 * s.wins / s.hands:.0f}% of hands")
        assert record["Self-draws"][0] == str(s.self_draws)
        assert record["Self-draws"][1] == (
            f"{100 * s.self_draws / s.wins:.0f}% of wins" if s.wins else "–"
        )
        assert record["Total"] == (f"{s.total:+d}", f"{s.total / s.hands:+.1f} a hand")
        assert record["Biggest"][0] == (f"{s.biggest:+d}" if s.wins else "–")
        assert record["宝 flown"] == (str(s.fei_bao), f"net of those hands {s.fei_bao_net:+d}")
        rating = figures(page, "rating")
        assert rating["Rating (μ − 3σ)"][0] == f"{rated.rating.ordinal:.1f}"
        assert rating["μ · σ"][0] == f"{rated.rating.mu:.1f} · {rated.rating.sigma:.1f}"
        assert rating["Rated hands"][0] == str(rated.rating.games)
        assert rating["Rank"][0] == f"{rated.rank} of {rated.ranked}"
        if s.patterns:
            shown = [(text_of(r[0]), int(r[1])) for r in rows(element(page, "table", "patterns"))]
            assert shown == list(s.patterns.items())
        else:
            assert 'id="patterns"' not in page and "No wins yet." in page
    # the first member: a merged guest's hand and a bot table's are theirs too
    first = (await player_figures(sqlite_db, GUILD, pb.book.player_ids[0])).stats
    assert first.hands == 7 and first.fei_bao == 1


async def test_the_chart_has_a_point_per_rated_hand_each_leading_to_it(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    pid = pb.book.player_ids[0]
    token = pb.book.site.token
    page = await page_of(sqlite_db, pb, pid, "?lang=zh-TW")
    steps = (await guild_ratings(sqlite_db, GUILD)).history(pid)
    assert len(steps) == (await rating_figures(sqlite_db, GUILD, pid)).rating.games == 7
    svg = page.split('<svg class="chart"', 1)[1].split("</svg>", 1)[0]
    path = re.search(r'<path class="line s0" d="([^"]+)"', svg)
    assert path is not None and len(re.findall(r"[ML]", path.group(1))) == len(steps)
    links = re.findall(r'<a href="([^"]+)"><circle[^>]*><title>([^<]*)</title>', svg)
    assert len(links) == len(steps)
    expected = []
    for step in steps:
        hand = await get_hand(sqlite_db, GUILD, step.hand_id)  # the server's own hand
        session = await get_session(sqlite_db, GUILD, hand.session_id)
        if session.kind == "virtual":
            expected.append(f"/s/{token}/hand/{hand.id}?lang=zh-TW")
        else:  # the hand's line on its session's page, the chosen language kept before it
            expected.append(f"/s/{token}/session/{session.id}?lang=zh-TW#hand-{hand.id}")
    assert [html.unescape(href) for href, _ in links] == expected
    assert sum("/hand/" in e for e in expected) == len(pb.table_hand_ids)
    assert f"#hand-{pb.merged_hand_id}" in expected[-1]
    for n, ((_, title), step) in enumerate(zip(links, steps, strict=True), 1):
        assert title == f"第 {n} 手計分牌：{step.ordinal:.1f}（第 {step.hand_id} 號牌）"


def test_a_long_history_keeps_every_point_and_links_the_latest() -> None:
    count = MAX_LINKED + 150
    hand_ids = array("q", range(1000, 1000 + count))
    places = {h: HandPlace(h, 7, "virtual") for h in hand_ids[-MAX_LINKED:]}
    history = SimpleNamespace(
        ratings=array("d", (i / 10 for i in range(count))), hand_ids=hand_ids, places=places
    )
    context: Any = SimpleNamespace(
        lang="en",
        t=lambda key, **args: catalog.text(key, "en", args),
        url=lambda path="", **query: f"/s/token/{path}",
    )
    chart = rating_chart(context, history)
    assert chart is not None
    (series,) = chart.series
    assert len(re.findall(r"[ML]", series.path)) == count
    assert len(series.points) == MAX_LINKED
    assert series.points[0].href == f"/s/token/hand/{hand_ids[-MAX_LINKED]}"
    assert series.points[0].title.startswith(f"Rated hand {count - MAX_LINKED + 1}: ")
    assert (
        rating_chart(context, SimpleNamespace(ratings=array("d"), hand_ids=array("q"), places={}))
        is None
    )


async def test_head_to_head_and_tablemates_lead_to_their_players(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    pid = pb.book.player_ids[0]
    token = pb.book.site.token
    page = await page_of(sqlite_db, pb, pid)
    rivals = (await player_figures(sqlite_db, GUILD, pid)).rivals
    shown = [
        (*player_link(r[0], token), text_of(r[1])) for r in rows(element(page, "table", "h2h"))
    ]
    assert shown == [(p.id, p.display_name, f"{net:+d}") for p, net in rivals]
    assert len(shown) == 4 and EMOJI_GUEST in [name for _, name, _ in shown]
    lines = re.findall(r"<li>(.*?)</li>", element(page, "ul", "tablemates"), re.S)
    mates = [(*player_link(line, token), text_of(line.split("</a>")[-1])) for line in lines]
    ids = pb.book.player_ids
    # three hands at the first table, one at the guest's, two at the bot's, one of the merged
    # guest's: with the guest's table-mates
    assert [(mid, together) for mid, _, together in mates] == [
        (ids[1], "7 hands together"),
        (ids[2], "7 hands together"),
        (ids[3], "6 hands together"),
        (pb.book.guest_id, "guest 1 hand together"),
    ]


async def test_recent_hands_lead_to_their_replay_or_session(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    token = pb.book.site.token
    page = await page_of(sqlite_db, pb, pb.book.player_ids[0], "")
    hrefs = re.findall(r'<li><a href="([^"]+)">', element(page, "ul", "recent"))
    table = pb.table_hand_ids
    first = pb.book.session.id
    assert hrefs[:3] == [
        f"/s/{token}/session/{(await get_hand(sqlite_db, GUILD, pb.merged_hand_id)).session_id}"
        f"#hand-{pb.merged_hand_id}",
        f"/s/{token}/hand/{table[1]}",
        f"/s/{token}/hand/{table[0]}",
    ]
    assert f"/s/{token}/session/{first}#hand-{pb.book.hand_ids[0]}" in hrefs
    assert f"#hand-{pb.book.voided_id}" not in page and f"#hand-{pb.book.pending_id}" not in page


async def test_hostile_names_are_text(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    page = await page_of(sqlite_db, pb, pb.book.player_ids[0])
    assert "<script>alert" not in page and "<img src=x" not in page and "<i>name" not in page
    assert '<h1 class="player-name"><bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi></h1>' in page
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; · Player" in page
    assert "&#34;&gt;&lt;img src=x onerror=alert(2)&gt;" in page
    assert "<bdi>\u202eevil\u202c mirrored</bdi>" in page
    assert "<bdi>" + "长" * 200 + "</bdi>" in page
    assert page.count("<script") == 1  # the page's own file, nothing else
    guest = await page_of(sqlite_db, pb, pb.book.guest_id)
    assert f'<bdi>{EMOJI_GUEST}</bdi> <span class="tag">guest</span></h1>' in guest
    assert HOSTILE_NAMES[0] not in guest  # the guest never sat with that member


async def test_ids_that_lead_nowhere_are_the_one_404(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    other_player = pb.book.other_session.seats[0].id
    ids = [
        str(other_player),
        "999999",
        "0",
        "abc",
        "-1",
        "1.0",
        "+1",
        "%D9%A3",
        "1" * 19,
        "0x1",
        "%201",
        "",
    ]
    async with serving(sqlite_db) as base, aiohttp.ClientSession() as http:
        for ident in ids:
            url = f"{base}/s/{pb.book.site.token}/player/{ident}"
            async with http.get(url) as r:
                assert (r.status, await r.read()) == (404, NOT_FOUND_PAGE), ident
        bad_token = f"{base}/s/{'x' * 32}/player/{pb.book.player_ids[0]}"
        async with http.get(bad_token) as r:
            assert (r.status, await r.read()) == (404, NOT_FOUND_PAGE)


async def test_a_merged_guest_redirects_to_the_member(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    token = pb.book.site.token
    member = pb.book.player_ids[0]
    async with serving(sqlite_db) as base, aiohttp.ClientSession() as http:
        for query, location in (
            ("", f"/s/{token}/player/{member}"),
            ("?lang=zh-CN", f"/s/{token}/player/{member}?lang=zh-CN"),
        ):
            url = f"{base}/s/{token}/player/{pb.merged_id}{query}"
            async with http.get(url, allow_redirects=False) as r:
                assert r.status == 302
                assert r.headers["Location"] == location
                assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
        async with http.get(f"{base}/s/{token}/player/{pb.merged_id}") as r:
            assert r.status == 200 and str(r.url).endswith(f"/player/{member}")


async def test_the_review_rating_only_where_reviews_are_public(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    pid = pb.book.player_ids[0]
    hidden = await page_of(sqlite_db, pb, pid)
    assert 'id="review"' not in hidden and "Review rating" not in hidden
    await update_settings(sqlite_db, GUILD, 100, review_public=True)
    shown = await page_of(sqlite_db, pb, pid)
    assert figures(shown, "record")["Review rating"] == (
        str(REVIEW_RATING),
        "out of 100, last 1 reviewed hand",
    )
    other = await page_of(sqlite_db, pb, pb.book.player_ids[1])  # no review of theirs
    assert "Review rating" not in other


async def test_a_new_hand_is_in_the_chart_at_once(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    pid = pb.book.player_ids[0]
    async with serving(sqlite_db) as base:
        url = f"{base}/s/{pb.book.site.token}/player/{pid}"
        before = await fetch(url)
        assert before == await fetch(url)  # the kept chart: the same page
        hand = await record_hand(
            sqlite_db, GUILD, pb.table_session.id, win(0, 2), 100, confirmed=True
        )
        after = await fetch(url)
    assert f"/hand/{hand.id}" not in before and f"/hand/{hand.id}" in after
    assert after.count("<circle") == before.count("<circle") + 1


@pytest.mark.parametrize(
    ("lang", "html_lang", "words"),
    [
        ("en", "en", ("Record", "Head to head", "Played most with", "Latest hands", "bot table")),
        ("zh-CN", "zh-Hans", ("战绩", "对战", "最常同桌", "最近的牌", "机器人牌桌")),
        ("zh-TW", "zh-Hant", ("戰績", "對戰", "最常同桌", "最近的牌", "機器人牌桌")),
    ],
)
async def test_languages(
    sqlite_db: Database, lang: str, html_lang: str, words: tuple[str, ...]
) -> None:
    pb = await player_book(sqlite_db)
    async with serving(sqlite_db) as base:
        page = await fetch(
            f"{base}/s/{pb.book.site.token}/player/{pb.book.player_ids[0]}",
            **{"Accept-Language": lang},
        )
    assert f'<html lang="{html_lang}">' in page
    for word in words:
        assert word in page, word


async def test_a_player_with_no_hands_yet(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    newcomer = await user_player(sqlite_db, GUILD, 999, "newcomer")
    page = await page_of(sqlite_db, pb, newcomer.id)
    assert "Not rated yet." in page and '<svg class="chart"' not in page
    assert page.count("No confirmed hands yet.") == 2  # the record and the latest hands
    assert "No wins yet." in page and page.count("No opponents yet.") == 2


def chart_links(page: str) -> list[str]:
    svg = page.split('<svg class="chart"', 1)[1].split("</svg>", 1)[0]
    return [html.unescape(href) for href in re.findall(r'<a href="([^"]+)"><circle', svg)]


async def test_chart_links_open_the_hand_in_its_session(sqlite_db: Database) -> None:
    pb = await player_book(sqlite_db)
    token = pb.book.site.token
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{token}/player/{pb.book.player_ids[0]}?lang=en")
        sessions = [href for href in chart_links(page) if "/session/" in href]
        assert len(sessions) == 5
        for href in sessions:
            address, anchor = href.split("#")
            assert f'id="{anchor}"' in await fetch(base + address), href


async def test_chart_links_open_a_bot_table_hand_s_replay(tmp_path: Path) -> None:
    book = await replay_book(tmp_path / "bot.db")
    db = await open_ledger(book.url)
    try:
        host = (await get_hand(db, GUILD, book.hand)).players[0]
        async with serving(db) as base:
            page = await fetch(f"{base}/s/{book.site.token}/player/{host.id}")
            assert chart_links(page) == [f"/s/{book.site.token}/hand/{book.hand}"]
            assert "<title>" in await fetch(base + chart_links(page)[0])
    finally:
        await db.close()
