"""The replay page over real HTTP: a finished bot-table hand lists every step the engine rebuilds,
its pictures are the render's (one address per hand, view, step and language, kept a year), and
every address that leads nowhere — a wrong hash, step or view, a hand still being played,
another server's hand — is the one 404; a physical hand sends the reader to its session. A
step's words never name a concealed tile its view could not see."""

from __future__ import annotations

import asyncio
import html
import io
import re
from collections import Counter
from collections.abc import AsyncIterator

import aiohttp
import pytest
from PIL import Image

from shangrao_bot.engine.replay import Replay
from shangrao_bot.render.replay import render_frame, replay_frame
from shangrao_bot.rules.tile_names import tile_label
from shangrao_bot.rules.tiles import HONOR_START
from shangrao_bot.service.replay import load_replay
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.store.guilds import update_settings
from shangrao_bot.web.addresses import review_path
from shangrao_bot.web.board_pictures import LIFETIME, BoardPictures
from shangrao_bot.web.page_guard import NOT_FOUND_PAGE
from tests.service.conftest import GUILD, HOST
from tests.web.replay_book import ReplayBook, replay_book
from tests.web.site_server import serving

WINDS = range(HONOR_START, HONOR_START + 4)  # named like the seats' places: not checked


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> ReplayBook:
    return asyncio.run(replay_book(tmp_path_factory.mktemp("replay") / "bot.db"))


@pytest.fixture
async def db(book: ReplayBook) -> AsyncIterator[Database]:
    opened = await open_ledger(book.url)
    yield opened
    await opened.close()


@pytest.fixture
async def replay(db: Database, book: ReplayBook) -> Replay:
    return (await load_replay(db, GUILD, book.hand)).replay


async def get(
    http: aiohttp.ClientSession, url: str, status: int = 200
) -> tuple[bytes, aiohttp.ClientResponse]:
    async with http.get(url, allow_redirects=False) as r:
        body = await r.read()
        assert r.status == status, (url, r.status)
        return body, r


def steps_of(page: str) -> list[tuple[str, str]]:
    """The page's listed steps: (picture address, words) each."""
    listed = page.split('<ol class="steps" id="steps">', 1)[1].split("</ol>", 1)[0]
    return [
        (html.unescape(src), html.unescape(re.sub(r"<[^>]+>", "", words)).strip())
        for src, words in re.findall(r'<li data-src="([^"]+)"[^>]*>(.*?)</li>', listed, re.S)
    ]


async def test_the_page_lists_every_step_the_engine_rebuilds(
    db: Database, book: ReplayBook, replay: Replay
) -> None:
    async with serving(db) as base, aiohttp.ClientSession() as http:
        body, r = await get(http, f"{base}/s/{book.site.token}/hand/{book.hand}?lang=en")
        assert r.headers["Cache-Control"] == "no-store"
    page = body.decode()
    steps = steps_of(page)
    assert len(steps) == len(replay) > 10
    assert all(words for _, words in steps)
    assert steps[0][1].startswith("East deals")
    assert "wins" in steps[-1][1] or "No tiles left" in steps[-1][1]
    assert steps[-1][1].count("Result:") == 1
    current = re.findall(r'<li data-src="([^"]+)" aria-current="step">', page)
    assert current == [steps[0][0]]  # no step asked for: the deal
    # the member's typed name is text, isolated, never markup
    assert '<script>alert("x")' not in page
    assert '<bdi class="name">evil &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;</bdi>' in page
    assert page.count("<script") == 2  # the site's file and the replay's, nothing inline
    assert 'id="slider"' in page and 'type="range"' in page


async def test_the_first_and_last_pictures_are_the_renders(
    db: Database, book: ReplayBook, replay: Replay
) -> None:
    async with serving(db) as base, aiohttp.ClientSession() as http:
        page, _ = await get(http, f"{base}/s/{book.site.token}/hand/{book.hand}?view=2&lang=zh-CN")
        steps = steps_of(page.decode())
        for index in (0, len(replay) - 1):
            address = steps[index][0]
            assert f"/hand/{book.hand}/board/2/{index}.zh-CN." in address
            png, r = await get(http, base + address)
            assert r.headers["Content-Type"] == "image/png"
            assert r.headers["Cache-Control"] == LIFETIME
            expected = render_frame(replay_frame(replay, book.hand, index, 2), lang="zh-CN")
            shown = Image.open(io.BytesIO(png))
            assert shown.format == "PNG"
            assert shown.size == Image.open(io.BytesIO(expected)).size
            assert png == expected  # the render is pure: the very same picture
            again, _ = await get(http, base + address)
            assert again == png


async def test_every_address_that_leads_nowhere_is_the_one_404(
    db: Database, book: ReplayBook, replay: Replay
) -> None:
    last = len(replay) - 1
    async with serving(db) as base, aiohttp.ClientSession() as http:
        site = f"{base}/s/{book.site.token}"
        page, _ = await get(http, f"{site}/hand/{book.hand}?lang=en")
        picture = steps_of(page.decode())[3][0]
        head, digest, _ = picture.rsplit(".", 2)
        wrong_digest = digest[:-1] + ("0" if digest[-1] != "0" else "1")
        nowhere = [
            f"{base}{head}.{wrong_digest}.png",  # a wrong hash
            f"{base}{head.replace('/3.en', '/4.en')}.{digest}.png",  # another step's hash
            f"{base}{head.replace('/board/t/', '/board/1/')}.{digest}.png",  # another view's
            f"{base}{head.replace('.en', '.zh-CN')}.{digest}.png",  # another language's
            f"{base}{head.replace('/board/t/', '/board/x/')}.{digest}.png",  # no view
            f"{site}/hand/{book.hand}/board/t/{last + 1}.en.{digest}.png",  # past the end
            f"{site}/hand/{book.hand}/board/t/3.fr.{digest}.png",
            f"{site}/hand/{book.hand}/board/t/3.png",
            f"{site}/hand/{book.hand}?step={last + 1}",  # out of range: the 404, not clamped
            f"{site}/hand/{book.hand}?step=-1",
            f"{site}/hand/{book.hand}?step=x",
            f"{site}/hand/{book.hand}?step=",
            f"{site}/hand/{book.hand}?view=4",
            f"{site}/hand/{book.hand}?view=table",
            f"{site}/hand/x{book.hand}",
            f"{site}/hand/{book.running}",  # the ledger has it, the table's log does not yet
            f"{site}/hand/{book.physical + 1000}",  # no such hand
            f"{base}/s/{book.other_site.token}/hand/{book.hand}",  # another server's
            f"{base}{picture.replace(book.site.token, book.other_site.token)}",
            f"{site}/hand/{book.physical}/board/t/0.en.{digest}.png",
        ]
        for url in nowhere:
            body, _ = await get(http, url, 404)
            assert body == NOT_FOUND_PAGE, url
        # the last step opens, and the address is still a picture's
        await get(http, f"{site}/hand/{book.hand}?step={last}&view=3")
        await get(http, base + picture)


async def test_a_physical_hand_sends_the_reader_to_its_session(
    db: Database, book: ReplayBook
) -> None:
    async with serving(db) as base, aiohttp.ClientSession() as http:
        site = f"/s/{book.site.token}"
        _, r = await get(http, f"{base}{site}/hand/{book.physical}", 302)
        assert (
            r.headers["Location"] == f"{site}/session/{book.physical_session}#hand-{book.physical}"
        )
        _, r = await get(http, f"{base}{site}/hand/{book.physical}?lang=en", 302)
        assert r.headers["Location"] == (
            f"{site}/session/{book.physical_session}?lang=en#hand-{book.physical}"
        )


async def test_step_and_view_open_where_the_address_says(
    db: Database, book: ReplayBook, replay: Replay
) -> None:
    await update_settings(db, GUILD, HOST, review_public=True)
    try:
        async with serving(db) as base, aiohttp.ClientSession() as http:
            url = f"{base}/s/{book.site.token}/hand/{book.hand}"
            member, _ = await get(http, f"{url}?step=7&view=0&lang=en")
            ai_seat, _ = await get(http, f"{url}?step=7&view=1&lang=en")
            table, _ = await get(http, f"{url}?lang=en")
    finally:
        await update_settings(db, GUILD, HOST, review_public=False)
    page = member.decode()
    steps = steps_of(page)
    assert f'id="step-no">Step 8 of {len(replay)}<' in page
    assert f'id="step-text" aria-live="polite">{html.escape(steps[7][1], quote=False)}<' in page
    assert 'value="7"' in page and f'max="{len(replay) - 1}"' in page
    assert "step=6&amp;view=0" in page.split('id="to-prev"')[1].split(">")[0]
    assert "step=8&amp;view=0" in page.split('id="to-next"')[1].split(">")[0]
    # every view /replay offers anyone, each keeping the step; the chosen one marked
    chips = page.split('class="chips views"', 1)[1].split("</div>", 1)[0]
    views = re.findall(r'href="[^"]*step=7&amp;view=([t0-3])[^"]*"( aria-current="true")?', chips)
    assert sorted(v for v, _ in views) == ["0", "1", "2", "3", "t"]
    assert [v for v, current in views if current] == ["0"]
    # the member's decisions link to their review where the server shows reviews to all
    review = review_path(book.site, book.hand, 0)
    assert review in page
    assert "/review/" not in ai_seat.decode() and "/review/" not in table.decode()


def tile_names(tiles: object) -> set[str]:
    return {tile_label(t, "en") for t in tiles if t not in WINDS}  # type: ignore[attr-defined]


async def test_words_name_no_concealed_tile_the_view_could_not_see(
    db: Database, book: ReplayBook, replay: Replay
) -> None:
    async with serving(db) as base, aiohttp.ClientSession() as http:
        url = f"{base}/s/{book.site.token}/hand/{book.hand}?lang=en"
        table, _ = await get(http, url)
        seat_views = [(await get(http, f"{url}&view={s}"))[0] for s in range(4)]
    checked = 0
    for view, body in [(None, table), *enumerate(seat_views)]:
        words = [w for _, w in steps_of(body.decode())]
        own_draws = 0
        for index, (step, said) in enumerate(zip(replay.steps, words, strict=True)):
            # what the engine shows everyone at this step (its public events), and the viewer's
            # own new tile
            public = tile_names(t for e in step.events for t in e.tiles)
            if view is not None and index > 0:
                new = Counter(step.hands[view]) - Counter(replay.steps[index - 1].hands[view])
                if any(f"draws {name}" in said for name in tile_names(new)):
                    own_draws += 1
                public |= tile_names(new)
            for other in range(4):
                if other == view:
                    continue
                for name in tile_names(step.hands[other]) - public:
                    assert name not in said, (view, index, name, said)
                    checked += 1
        if view is None:
            assert not any(re.search(r"draws \d|draws (White|Green|Red)", w) for w in words)
        else:
            assert own_draws > 3, view  # a seat's view names its own draws: the check can bite
    assert checked > 1000


async def test_each_picture_is_drawn_once(db: Database, book: ReplayBook) -> None:
    loaded = await load_replay(db, GUILD, book.hand)
    pictures = BoardPictures(kept=4)
    first = await asyncio.gather(*(pictures.get(loaded, 1, 5, "en") for _ in range(3)))
    assert pictures.drawn == 1 and first[0] == first[1] == first[2]
    assert await pictures.get(loaded, 1, 5, "en") == first[0]
    assert pictures.drawn == 1
    other = await pictures.get(loaded, 1, 5, "zh-TW")
    assert pictures.drawn == 2 and other != first[0]
