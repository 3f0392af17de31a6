"""The 🌐 buttons' one rule (ui/web_links): a button only while the server's pages are on and the
bot knows where they are served, pointing at the page's address as the web layer makes it; the
settlement keeps it whatever is paid; a review's button goes to the reviewed player alone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.ledger import Player, TransferRow
from shangrao_bot.store.web_sites import close_site, open_site
from shangrao_bot.ui.review_views import review_link
from shangrao_bot.ui.score_views import MAX_PAID_BUTTONS, settlement_view
from shangrao_bot.ui.web_links import (
    WebLinks,
    hand_page,
    league_page,
    link_button,
    player_page,
    review_page,
    session_page,
)
from shangrao_bot.web import addresses
from tests.store.conftest import GUILD, OTHER_GUILD

BASE = "https://mahjong.example.org"
ADMIN = 42


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    db = await open_database(tmp_path / "ledger.db")
    yield db
    await db.close()


def links_over(db: Database | None, base: str | None = BASE) -> WebLinks:
    return WebLinks(lambda: db, lambda: base, addresses)


async def url_of(links: WebLinks, page: Any, lang: str = "en") -> str | None:
    button = await links.button(GUILD, page, lang)
    if button is None:
        return None
    assert button.style is discord.ButtonStyle.link and button.custom_id is None
    assert str(button.emoji) == "🌐" and button.label
    return button.url


async def test_no_button_while_the_pages_are_off_or_nowhere_known(sqlite_db: Database) -> None:
    links = links_over(sqlite_db)
    assert await url_of(links, player_page(3)) is None  # never switched on
    await open_site(sqlite_db, OTHER_GUILD, ADMIN)  # another server's pages are no link here
    assert await url_of(links, player_page(3)) is None
    site = await open_site(sqlite_db, GUILD, ADMIN)
    assert await url_of(links, player_page(3)) == f"{BASE}/s/{site.token}/player/3"
    assert await url_of(links_over(sqlite_db, None), player_page(3)) is None  # no address
    assert await url_of(links_over(None), player_page(3)) is None  # no database yet
    assert await links.button(None, player_page(3), "en") is None  # not in a server
    await close_site(sqlite_db, GUILD, ADMIN)
    assert await url_of(links, player_page(3)) is None


async def test_each_page_is_addressed_as_the_web_layer_makes_it(sqlite_db: Database) -> None:
    site = await open_site(sqlite_db, GUILD, ADMIN)
    links = links_over(sqlite_db, BASE + "/")
    root = f"{BASE}/s/{site.token}/"
    assert await url_of(links, session_page(8)) == root + "session/8"
    assert await url_of(links, hand_page(5)) == root + "hand/5"
    stepped = await url_of(links, hand_page(5, 12, "2"))
    assert stepped is not None and stepped.startswith(root + "hand/5?")
    assert parse_qs(urlsplit(stepped).query) == {"step": ["12"], "view": ["2"]}
    league = await url_of(links, league_page({"period": None, "metric": "average", "min": 3}))
    assert league is not None and urlsplit(league).path == f"/s/{site.token}/"
    assert parse_qs(urlsplit(league).query) == {"metric": ["average"], "min": ["3"]}
    assert await url_of(links, league_page({})) == root
    review = await url_of(links, review_page(5, 2))
    assert review is not None and review.startswith(root + "review/5/2/")
    key = review.rsplit("/", 1)[1]
    assert addresses.review_key_matches(site, 5, 2, key)
    assert not addresses.review_key_matches(site, 5, 1, key)  # another seat's key differs


async def test_labels_are_in_the_readers_language(sqlite_db: Database) -> None:
    await open_site(sqlite_db, GUILD, ADMIN)
    links = links_over(sqlite_db)
    labels = {
        lang: [
            b.label
            for page in (player_page(1), session_page(1), hand_page(1), league_page({}))
            if (b := await links.button(GUILD, page, lang)) is not None
        ]
        for lang in ("en", "zh-CN", "zh-TW")
    }
    assert labels["en"] == [
        "Profile on the web",
        "Session on the web",
        "Replay on the web",
        "Leaderboard on the web",
    ]
    assert labels["zh-CN"][0] == "网页版玩家档案" and labels["zh-TW"][0] == "網頁版玩家檔案"


class Unavailable:
    async def fetchone(self, *args: object) -> None:
        raise StorageUnavailable("disk I/O error")


async def test_an_unavailable_database_leaves_the_button_out() -> None:
    links = WebLinks(lambda: Unavailable(), lambda: BASE, addresses)
    assert await links.button(GUILD, player_page(1), "en") is None


def transfers(count: int, paid: int = 0) -> list[TransferRow]:
    a = Player(1, GUILD, 11, None, "Alice")
    b = Player(2, GUILD, 12, None, "Bob")
    return [
        TransferRow(i + 1, 9, a, b, 10, "2026-01-01" if i < paid else None, None)
        for i in range(count)
    ]


def test_the_settlement_keeps_its_link_whatever_is_paid() -> None:
    link = discord.ui.Button[Any](style=discord.ButtonStyle.link, url=BASE, label="web")
    view = settlement_view(transfers(3, paid=1), "en", link)
    assert view is not None
    assert [c.url for c in view.children if isinstance(c, discord.ui.Button)][-1] == BASE
    assert len(view.children) == 3  # two Paid buttons and the link
    all_paid = settlement_view(transfers(3, paid=3), "en", link)
    assert all_paid is not None and [c.url for c in all_paid.children] == [BASE]
    assert settlement_view(transfers(3, paid=3), "en") is None
    full = settlement_view(transfers(MAX_PAID_BUTTONS), "en", link)
    assert full is not None and len(full.children) == MAX_PAID_BUTTONS  # the link fits


async def test_a_review_link_goes_to_the_reviewed_player_alone(sqlite_db: Database) -> None:
    site = await open_site(sqlite_db, GUILD, ADMIN)
    client = SimpleNamespace(web_links=links_over(sqlite_db))
    loaded = SimpleNamespace(
        hand_id=5, seat=SimpleNamespace(user_id=11), review=SimpleNamespace(seat=2)
    )

    def pressed_by(user_id: int) -> Any:
        return SimpleNamespace(client=client, guild_id=GUILD, user=SimpleNamespace(id=user_id))

    own = await review_link(pressed_by(11), loaded, "en")
    assert own is not None and own.url == BASE + addresses.review_path(site, 5, 2)
    assert await review_link(pressed_by(12), loaded, "en") is None
    # a client without web links (a test bot) gives none
    assert await link_button(object(), GUILD, player_page(1), "en") is None
