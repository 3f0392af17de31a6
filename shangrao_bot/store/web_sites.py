"""Each server's web pages: whether they are switched on, and the secret their addresses carry.

A server's pages live under one unguessable token (:data:`TOKEN_BYTES` random bytes, 192 bits,
URL-safe base64). Switching the pages on makes one; ``rotate`` replaces it, so every address
that carried the old one stops answering; switching off forgets it. Every change is audited.

A request's token is looked up by its SHA-256 (the ``token_digest`` column, unique): how long
the lookup takes depends on the digest, which tells nothing of the token. The stored token is
then compared with the request's in constant time (:func:`hmac.compare_digest`), so a token
that merely shares a digest prefix, or an unusual database collation, never passes.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.ledger.audit import record_audit

TOKEN_BYTES = 24  # 192 bits: 32 characters of URL-safe base64
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32}")


@dataclass(frozen=True)
class WebSite:
    """A server's pages, switched on: ``token`` is the secret its addresses carry."""

    guild_id: int
    token: str
    opened_at: str
    opened_by: int


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def _site(row: Row | None) -> WebSite | None:
    if row is None:
        return None
    return WebSite(
        int(row["guild_id"]), str(row["token"]), str(row["opened_at"]), int(row["opened_by"])
    )


async def site_of(db: Database, guild_id: int) -> WebSite | None:
    """The server's pages, or None while they are off."""
    return _site(await db.fetchone("SELECT * FROM web_sites WHERE guild_id = ?", (guild_id,)))


async def site_by_token(db: Database, token: str) -> WebSite | None:
    """The pages whose token is ``token``; None for any other text (malformed, unknown, an
    old token since rotated), alike."""
    if not _TOKEN_SHAPE.fullmatch(token):
        return None
    row = await db.fetchone(
        "SELECT * FROM web_sites WHERE token_digest = ?", (token_digest(token),)
    )
    site = _site(row)
    if site is None or not hmac.compare_digest(site.token.encode(), token.encode()):
        return None
    return site


async def _put(tx: Tx, guild_id: int, actor: int, action: str) -> WebSite:
    before = _site(await tx.fetchone("SELECT * FROM web_sites WHERE guild_id = ?", (guild_id,)))
    if before is not None and action == "web_on":
        return before
    site = WebSite(guild_id, new_token(), now_iso(), actor)
    await tx.execute(
        "INSERT INTO web_sites (guild_id, token, token_digest, opened_at, opened_by)"
        " VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET token = excluded.token,"
        " token_digest = excluded.token_digest, opened_at = excluded.opened_at,"
        " opened_by = excluded.opened_by",
        (guild_id, site.token, token_digest(site.token), site.opened_at, actor),
    )
    # the audit names that the address changed, never the secret itself
    await record_audit(
        tx, guild_id, actor, action, "web_site", guild_id, _public(before), _public(site)
    )
    return site


def _public(site: WebSite | None) -> dict[str, object] | None:
    if site is None:
        return None
    return {"opened_at": site.opened_at, "opened_by": site.opened_by}


async def open_site(db: Database, guild_id: int, actor: int) -> WebSite:
    """Switch the server's pages on (a new token); already on, they stay as they are."""

    async def write(tx: Tx) -> WebSite:
        return await _put(tx, guild_id, actor, "web_on")

    return await db.write(write)


async def rotate_site(db: Database, guild_id: int, actor: int) -> WebSite:
    """A new token for the server's pages (switching them on if they were off): every address
    with the old one answers as if it never existed."""

    async def write(tx: Tx) -> WebSite:
        return await _put(tx, guild_id, actor, "web_rotate")

    return await db.write(write)


async def close_site(db: Database, guild_id: int, actor: int) -> bool:
    """Switch the server's pages off; False when they were off already."""

    async def write(tx: Tx) -> bool:
        row = await tx.fetchone("SELECT * FROM web_sites WHERE guild_id = ?", (guild_id,))
        before = _site(row)
        if before is None:
            return False
        await tx.execute("DELETE FROM web_sites WHERE guild_id = ?", (guild_id,))
        await record_audit(tx, guild_id, actor, "web_off", "web_site", guild_id, _public(before))
        return True

    return await db.write(write)


def derived_secret(site: WebSite, purpose: str) -> str:
    """A secret of ``site`` for one purpose (a review's address for one player): an HMAC of
    the site's token, so a rotation replaces it too. 128 bits, URL-safe."""
    digest = hmac.new(site.token.encode(), purpose.encode(), hashlib.sha256).digest()
    return digest[:16].hex()


def derived_secret_matches(site: WebSite, purpose: str, given: str) -> bool:
    return hmac.compare_digest(
        derived_secret(site, purpose).encode(), given.encode("ascii", "replace")
    )
