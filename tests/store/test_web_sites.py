"""Each server's web pages in the database, on both backends: switched on with a new token
(again: the same), rotated (the old token finds nothing), switched off; a token is found only
whole, and the audit trail never holds it."""

from __future__ import annotations

import re

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger.audit import audit_trail
from shangrao_bot.store.web_sites import (
    close_site,
    derived_secret,
    derived_secret_matches,
    open_site,
    rotate_site,
    site_by_token,
    site_of,
)
from tests.store.conftest import GUILD, OTHER_GUILD


async def test_on_rotate_off(db: Database) -> None:
    assert await site_of(db, GUILD) is None
    first = await open_site(db, GUILD, 7)
    assert re.fullmatch(r"[A-Za-z0-9_-]{32}", first.token)  # 192 bits
    assert await open_site(db, GUILD, 8) == first  # already on: unchanged
    assert await site_by_token(db, first.token) == first
    other = await open_site(db, OTHER_GUILD, 9)
    assert other.token != first.token
    assert await site_by_token(db, other.token) == other

    rotated = await rotate_site(db, GUILD, 7)
    assert rotated.token != first.token and rotated.guild_id == GUILD
    assert await site_by_token(db, first.token) is None
    assert await site_by_token(db, rotated.token) == rotated

    assert await close_site(db, GUILD, 7) is True
    assert await close_site(db, GUILD, 7) is False
    assert await site_by_token(db, rotated.token) is None
    assert await site_of(db, GUILD) is None
    assert await site_by_token(db, other.token) == other  # another server's pages stay

    trail = await audit_trail(db, GUILD)
    assert [e["action"] for e in reversed(trail)] == ["web_on", "web_rotate", "web_off"]
    text = repr(trail)
    assert first.token not in text and rotated.token not in text


async def test_only_the_whole_token_finds_the_pages(db: Database) -> None:
    site = await open_site(db, GUILD, 7)
    token = site.token
    for wrong in (
        "",
        token[:-1],
        token + "A",
        token.upper() if token.upper() != token else token.lower(),
        token[:-1] + ("A" if token[-1] != "A" else "B"),
        "%" * 32,
        "' OR '1'='1" + "x" * 21,
        token[:16] + "\u00e9" * 16,
    ):
        assert await site_by_token(db, wrong) is None, wrong


async def test_derived_secrets_follow_the_token(db: Database) -> None:
    site = await open_site(db, GUILD, 7)
    key = derived_secret(site, "review:12:3")
    assert re.fullmatch(r"[0-9a-f]{32}", key)  # 128 bits
    assert derived_secret_matches(site, "review:12:3", key)
    assert not derived_secret_matches(site, "review:12:2", key)
    assert not derived_secret_matches(site, "review:12:3", key[:-1] + "0" * (key[-1] != "0"))
    rotated = await rotate_site(db, GUILD, 7)
    assert not derived_secret_matches(rotated, "review:12:3", key)
