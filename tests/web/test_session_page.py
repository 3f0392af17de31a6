"""A session's page over real HTTP: every hand in order with its deltas (voided ones struck with
their reason, pending ones marked, each its ``hand-<id>`` anchor), the running totals' chart
over the confirmed hands, the totals and the settlement the scorebook gives (stored for a
closed session, as it stands for an open one), hostile names only as text, the 404 for every
id that is not this server's session, in the reader's language."""

from __future__ import annotations

import html
import re
from collections import Counter

import aiohttp

from shangrao_bot.fewest_transfers import minimum_transfers
from shangrao_bot.service.hand_voiding import EXPIRED, UNDO
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import get_hand, record_hand, session_balances, void_hand
from shangrao_bot.web.page_guard import NOT_FOUND_PAGE
from shangrao_bot.web.pages.session import DOTTED_HANDS
from tests.store.conftest import GUILD
from tests.store.conftest import self_draw_win as win
from tests.web.league_book import HOSTILE_NAMES, league_book
from tests.web.session_book import long_session, more_sessions
from tests.web.site_server import serving


async def fetch(url: str, **headers: str) -> str:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as r:
        assert r.status == 200, url
        return await r.text()


def text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def hand_rows(page: str) -> list[tuple[int, str, str, list[str]]]:
    """Each hand's row as shown: (hand id, its classes, its line's text, the seats' deltas)."""
    rows = []
    for hid, css, body in re.findall(
        r'<tbody id="hand-(\d+)" class="([^"]*)">(.*?)</tbody>', page, re.S
    ):
        what = re.search(r'<td colspan="4" class="what">(.*?)</td>', body, re.S)
        deltas = re.search(r'<tr class="deltas">(.*?)</tr>', body, re.S)
        assert what is not None and deltas is not None
        cells = re.findall(r"<td[^>]*>(.*?)</td>", deltas.group(1), re.S)
        shown = [text_of(re.sub(r'<span class="flown".*?</span>', "", c)) for c in cells]
        rows.append((int(hid), css, text_of(what.group(1)), shown))
    return rows


def transfers_shown(page: str) -> list[tuple[int, int, int, str]]:
    """The settlement's lines: (payer id, payee id, amount, the paid mark's text)."""
    owed = re.search(r'<ul class="owed">(.*?)</ul>', page, re.S)
    if owed is None:
        return []
    lines = []
    for item in re.findall(r"<li>(.*?)</li>", owed.group(1), re.S):
        payer, payee = (int(p) for p in re.findall(r"/player/(\d+)", item))
        amount = re.search(r'<b class="amount">(\d+)</b>', item)
        mark = re.search(r'<span class="tag[^"]*">(.*?)</span>', item)
        assert amount is not None
        lines.append((payer, payee, int(amount.group(1)), mark.group(1) if mark else ""))
    return lines


def totals_shown(page: str) -> list[int]:
    foot = re.search(r"<tfoot>(.*?)</tfoot>", page, re.S)
    assert foot is not None
    return [int(text_of(c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", foot.group(1), re.S)]


async def test_every_hand_in_order_with_its_deltas_voided_struck_pending_marked(
    sqlite_db: Database,
) -> None:
    book = await league_book(sqlite_db)
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{book.site.token}/session/{book.session.id}?lang=en")
    rows = hand_rows(page)
    assert [r[0] for r in rows] == [*book.hand_ids, book.voided_id, book.pending_id]
    for hid, _, _, deltas in rows:
        hand = await get_hand(sqlite_db, GUILD, hid)
        assert deltas == [f"{d:+d}" if d else "0" for d in hand.deltas]
    by_id = {r[0]: r for r in rows}
    assert "voided" in by_id[book.voided_id][1].split()
    assert "voided: not played" in by_id[book.voided_id][2]
    assert "pending" in by_id[book.pending_id][1].split()
    assert "awaiting confirmation" in by_id[book.pending_id][2]
    for hid in book.hand_ids:
        assert by_id[hid][1].split() == ["hand", "confirmed"]
        assert "awaiting" not in by_id[hid][2] and "voided" not in by_id[hid][2]
    assert "self-draw · 平胡自摸" in by_id[book.hand_ids[0]][2]
    assert by_id[book.hand_ids[2]][2] == "drawn (no winner)"
    assert "宝×1" in page  # the second hand's first seat flew one 宝
    assert page.count('href="#hand-') == 4 * len(book.hand_ids)  # the chart's dots
    assert "/hand/" not in page  # a physical table's hands have no replay


async def test_totals_and_settlement_as_it_stands_equal_the_scorebook(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    board = await ScoreBook(sqlite_db).scoreboard(book.session)
    balances = await session_balances(sqlite_db, GUILD, book.session.id)
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{book.site.token}/session/{book.session.id}?lang=en")
    assert totals_shown(page) == [s.total for s in board.standings]
    assert totals_shown(page) == [balances[p.id] for p in book.session.seats]
    shown = transfers_shown(page)
    expected = minimum_transfers(balances)
    assert shown == [(t.payer, t.payee, t.amount, "") for t in expected]
    assert shown, "the open session owes something"
    assert "If it ended now" in page and "still in play" in page
    cleared = Counter(balances)
    for payer, payee, amount, _ in shown:
        cleared[payer] += amount
        cleared[payee] -= amount
    assert set(cleared.values()) == {0}


async def test_a_closed_sessions_settlement_is_the_one_it_posted(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    more = await more_sessions(sqlite_db, book)
    scorebook = ScoreBook(sqlite_db)
    stored = await scorebook.transfers(GUILD, more.closed.id)
    board = await scorebook.scoreboard(more.closed)
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{book.site.token}/session/{more.closed.id}?lang=en")
    assert transfers_shown(page) == [
        (t.payer.id, t.payee.id, t.amount, "paid" if t.paid_at else "not paid yet")
        for t in stored.rows
    ]
    assert [t[3] for t in transfers_shown(page)].count("paid") == 1
    totals = totals_shown(page)
    assert totals == [s.total for s in board.standings]
    cleared = dict(zip((p.id for p in more.closed.seats), totals, strict=True))
    for payer, payee, amount, _ in transfers_shown(page):
        cleared[payer] += amount
        cleared[payee] -= amount
    assert set(cleared.values()) == {0}
    assert "Settlement: who pays whom" in page and "If it ended now" not in page
    assert "baike" in page and "Ended" in page and more.closed.closed_at is not None


async def test_the_chart_has_a_series_per_seat_and_a_point_per_confirmed_hand(
    sqlite_db: Database,
) -> None:
    book = await league_book(sqlite_db)
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{book.site.token}/session/{book.session.id}")
    paths = re.findall(r'<path class="line (s\d)" d="([^"]*)"/>', page)
    assert [css for css, _ in paths] == ["s0", "s1", "s2", "s3"]
    for css, d in paths:
        assert d.count("L") == len(book.hand_ids)  # from 0 before the first hand
        linked = re.findall(rf'<a href="#hand-(\d+)"><circle class="dot {css}"', page)
        assert [int(h) for h in linked] == list(book.hand_ids)


async def test_a_long_sessions_chart_is_lines_only(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    info = await long_session(sqlite_db, DOTTED_HANDS + 1)
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{book.site.token}/session/{info.id}")
    paths = re.findall(r'<path class="line s\d" d="([^"]*)"/>', page)
    assert len(paths) == 4 and all(d.count("L") == DOTTED_HANDS + 1 for d in paths)
    assert "<circle" not in page
    assert len(hand_rows(page)) == DOTTED_HANDS + 1


async def test_a_bot_tables_hands_link_to_their_replays(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    more = await more_sessions(sqlite_db, book)
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{book.site.token}/session/{more.bot.id}?lang=zh-CN")
    for hid in more.bot_hand_ids:
        assert f'href="/s/{book.site.token}/hand/{hid}?lang=zh-CN"' in page
    rows = hand_rows(page)
    assert "抢杠 · 平胡" in rows[0][2] and "杠开" in rows[1][2]
    assert "机器人牌桌" in page


async def test_hostile_names_are_text(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    async with serving(sqlite_db) as base:
        page = await fetch(f"{base}/s/{book.site.token}/session/{book.session.id}")
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&#34;&gt;&lt;img src=x onerror=alert(2)&gt;" in page
    assert "长" * 200 in page
    assert page.count("<script") == 1  # the page's own file, nothing else
    for name in HOSTILE_NAMES:  # each typed name sits in its own bdi wherever it is written
        escaped = html.escape(name, quote=False).replace('"', "&#34;")
        assert f"<bdi>{escaped}</bdi>" in page or f'<bdi class="name">{escaped}</bdi>' in page
    assert "<bdi>E</bdi>" in page  # the mirrored name's initial skips its override


async def test_every_id_that_is_not_this_servers_session_is_the_404(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    token = book.site.token
    paths = [
        f"session/{book.other_session.id}",
        "session/999999",
        "session/0",
        "session/-1",
        "session/1x",
        "session/%201",
        f"session/{'9' * 30}",
        "session/",
    ]
    async with serving(sqlite_db) as base, aiohttp.ClientSession() as http:
        for path in paths:
            async with http.get(f"{base}/s/{token}/{path}") as r:
                assert (r.status, await r.read()) == (404, NOT_FOUND_PAGE), path


async def test_languages(sqlite_db: Database) -> None:
    book = await league_book(sqlite_db)
    async with serving(sqlite_db) as base:
        url = f"{base}/s/{book.site.token}/session/{book.session.id}"
        english = await fetch(url, **{"Accept-Language": "en"})
        chinese = await fetch(url, **{"Accept-Language": "zh-CN"})
        traditional = await fetch(url + "?lang=zh-TW", **{"Accept-Language": "en"})
    assert '<html lang="en">' in english and "Session #" in english and "Running totals" in english
    assert '<html lang="zh-Hans">' in chinese and "场次 #" in chinese and "累计得分" in chinese
    assert "待确认" in chinese and "已作废" in chinese and "流局" in chinese
    assert '<html lang="zh-Hant">' in traditional and "累計得分" in traditional
    assert "待確認" in traditional and "飛寶1" in traditional
    assert f"player/{book.player_ids[0]}?lang=zh-TW" in traditional  # links keep the language


async def test_the_bots_void_reasons_in_the_readers_language(sqlite_db: Database) -> None:
    """A hand the bot voided (never confirmed in time, undone) says so in the page's language;
    a reason a player typed stays as typed."""
    book = await league_book(sqlite_db)
    late = await record_hand(sqlite_db, GUILD, book.session.id, win(1, 3), 100)
    await void_hand(sqlite_db, GUILD, late.id, 100, EXPIRED)
    undone = await record_hand(sqlite_db, GUILD, book.session.id, win(2, 3), 100, confirmed=True)
    await void_hand(sqlite_db, GUILD, undone.id, 100, f"{UNDO}wrong seat")
    async with serving(sqlite_db) as base:
        url = f"{base}/s/{book.site.token}/session/{book.session.id}"
        zh = {r[0]: r for r in hand_rows(await fetch(url + "?lang=zh-CN"))}
        en = {r[0]: r for r in hand_rows(await fetch(url + "?lang=en"))}
    assert "超时未确认" in zh[late.id][2] and "expired" not in zh[late.id][2]
    assert "已撤销：wrong seat" in zh[undone.id][2]
    assert "expired: not confirmed in time" in en[late.id][2]
    assert "not played" in zh[book.voided_id][2]  # what the player typed
