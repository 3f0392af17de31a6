"""The league's page over real HTTP: the leaderboard shows ``/leaderboard``'s figures for the
same filters, its CSV the same rows (formulas defused), hostile names only as text, the
seasons with their champions and the recent sessions, in the reader's language."""

from __future__ import annotations

import csv
import html
import io
import re

import aiohttp
import pytest

from shangrao_bot.service.book_reading import board_period, leaderboard
from shangrao_bot.store.database.interface import Database
from tests.store.conftest import GUILD
from tests.web.league_book import EMOJI_GUEST, HOSTILE_NAMES, league_book
from tests.web.site_server import serving


async def fetch(url: str, **headers: str) -> str:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as r:
        assert r.status == 200, url
        return await r.text()


def board_rows(page: str) -> list[list[str]]:
    """The leaderboard's rows as the reader sees them (cells' text, tags stripped)."""
    table = re.search(r'<table class="sortable" id="board">(.*?)</table>', page, re.S)
    assert table is not None
    body = table.group(1).split("<tbody>", 1)[1]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        rows.append([html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in cells])
    return rows


@pytest.mark.parametrize(
    ("query", "metric", "guests"),
    [
        ("", "total", False),
        ("?metric=average&guests=1", "average", True),
        ("?metric=biggest&period=week", "biggest", False),
    ],
)
async def test_rows_equal_the_leaderboard_command(
    sqlite_db: Database, query: str, metric: str, guests: bool
) -> None:
    book = await league_book(sqlite_db)
    period = await board_period(sqlite_db, GUILD, "week" if "week" in query else None, None)
    ranking = await leaderboard(sqlite_db, GUILD, period, metric, None, guests)
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{book.site.token}/{query}", **{"Accept-Language": "en"})
    rows = board_rows(page)
    assert rows, "the leaderboard is empty"
    assert len(rows) == len(ranking.rows)
    for shown, row in zip(rows, ranking.rows, strict=True):
        assert shown[1].removesuffix(" guest") == row.player.display_name
        assert shown[2] == f"{row.total:+d}"
        assert shown[6] == str(row.hands) and shown[7] == str(row.wins)
    if guests:
        assert EMOJI_GUEST in [r[1].removesuffix(" guest") for r in rows]


async def test_hostile_names_are_text(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{book.site.token}/")
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&#34;&gt;&lt;img src=x onerror=alert(2)&gt;" in page
    assert "Spring &lt;b&gt;2026&lt;/b&gt;" in page
    assert "长" * 200 in page
    assert page.count("<script") == 1  # the page's own file, nothing else


async def test_csv_rows_and_defused_formulas(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    await sqlite_db.write(
        lambda tx: tx.execute(
            "UPDATE players SET display_name = ? WHERE id = ?",
            ("=HYPERLINK(1)", book.player_ids[2]),
        )
    )
    async with (
        serving(sqlite_db) as base,
        aiohttp.ClientSession() as http,
        http.get(f"{base}/s/{book.site.token}/leaderboard.csv?lang=en") as r,
    ):
        assert r.status == 200
        assert r.headers["Content-Type"] == "text/csv; charset=utf-8"
        assert "attachment" in r.headers["Content-Disposition"]
        text = (await r.read()).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["#", "Player", "Total"]
    names = [r[1] for r in rows[1:]]
    assert "'=HYPERLINK(1)" in names and "=HYPERLINK(1)" not in names
    assert HOSTILE_NAMES[0] in names


async def test_seasons_sessions_and_languages(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    async with serving(sqlite_db) as base:
        url = f"{base}/s/{book.site.token}/"
        english = await fetch(url, **{"Accept-Language": "en-GB,en;q=0.9"})
        chinese = await fetch(url, **{"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"})
        traditional = await fetch(url, **{"Accept-Language": "zh-TW"})
        chosen = await fetch(url + "?lang=zh-TW", **{"Accept-Language": "en"})
        default = await fetch(url)
    assert '<html lang="en">' in english and "Leaderboard" in english
    assert '<html lang="zh-Hans">' in chinese and "排行榜" in chinese
    assert '<html lang="zh-Hant">' in traditional and "賽季" in traditional
    assert '<html lang="zh-Hant">' in chosen
    assert "lang=zh-TW" in chosen.split("<main>", 1)[1]  # links keep the chosen language
    assert '<html lang="zh-Hans">' in default  # the server's "auto"
    assert f"session/{book.session.id}" in english and f"session/{book.guest_session.id}" in english
    assert f'session/{book.other_session.id}"' not in english
    assert "🏆" in english


async def test_the_first_rows_then_all(
    sqlite_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long board shows its first rows and a link to all of them; the CSV has every row."""
    from shangrao_bot.web.pages import league

    monkeypatch.setattr(league, "ROWS_SHOWN", 2)
    book = await league_book(sqlite_db)
    async with serving(sqlite_db) as base:
        first = await fetch(f"{base}/s/{book.site.token}/?lang=en")
        every = await fetch(f"{base}/s/{book.site.token}/?lang=en&all=1")
    assert len(board_rows(first)) == 2 and len(board_rows(every)) == 4
    assert board_rows(every)[:2] == board_rows(first)
    assert "Show 2 more players" in first and "Show" not in every.split("<main>", 1)[1]
