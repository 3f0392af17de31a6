"""A small server book for the web pages' tests: four members with hostile names (markup, an
attribute break-out, a right-to-left override, 200 characters, emoji), a guest, one session
with confirmed, voided and pending hands, and a season; and the server's pages switched on.
Another server has its own session, for the tests that no id of it can be reached."""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import (
    SessionInfo,
    guest_player,
    open_session,
    record_hand,
    user_player,
    void_hand,
)
from shangrao_bot.store.ledger.seasons import start_season
from shangrao_bot.store.web_sites import WebSite, open_site
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD, kong_draw
from tests.store.conftest import self_draw_win as win

HOSTILE_NAMES = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "\u202eevil\u202c mirrored",
    "长" * 200,
)
EMOJI_GUEST = "🀄🀅🀆 guest 😀"


@dataclass(frozen=True)
class Book:
    site: WebSite
    session: SessionInfo
    guest_session: SessionInfo  # three of the members and the guest
    other_session: SessionInfo
    player_ids: tuple[int, ...]
    guest_id: int
    hand_ids: tuple[int, ...]  # the confirmed ones, in order
    voided_id: int
    pending_id: int


async def league_book(db: Database, channel: int = CHANNEL) -> Book:
    """The book, its two sessions opened in ``channel`` and the next one (another channel where
    the database already has a session open in these, as a bot table's book does)."""
    players = [await user_player(db, GUILD, 100 + i, name) for i, name in enumerate(HOSTILE_NAMES)]
    guest = await guest_player(db, GUILD, EMOJI_GUEST)
    await start_season(db, GUILD, "Spring <b>2026</b>", 100)
    s = await open_session(
        db, GUILD, channel, "physical", {"preset": "shangrao"}, 1, 100, [p.id for p in players]
    )
    hands = [
        await record_hand(db, GUILD, s.id, win(0, 2), 100, confirmed=True),
        await record_hand(db, GUILD, s.id, win(1, 4, (1, 0, 0, 0)), 100, confirmed=True),
        await record_hand(db, GUILD, s.id, kong_draw(2), 100, confirmed=True),
    ]
    voided = await record_hand(db, GUILD, s.id, win(3, 50), 100, confirmed=True)
    await void_hand(db, GUILD, voided.id, 100, "not played")
    pending = await record_hand(db, GUILD, s.id, win(3, 10), 100)
    seated = [players[0].id, players[1].id, players[2].id, guest.id]
    g = await open_session(
        db, GUILD, channel + 1, "physical", {"preset": "shangrao"}, 1, 100, seated
    )
    await record_hand(db, GUILD, g.id, win(3, 8), 100, confirmed=True)
    others = [await user_player(db, OTHER_GUILD, 200 + i, f"other{i}") for i in range(4)]
    other = await open_session(
        db, OTHER_GUILD, CHANNEL, "physical", {"preset": "shangrao"}, 1, 200, [p.id for p in others]
    )
    await record_hand(db, OTHER_GUILD, other.id, win(0, 8), 200, confirmed=True)
    site = await open_site(db, GUILD, 100)
    return Book(
        site,
        s,
        g,
        other,
        tuple(p.id for p in players),
        guest.id,
        tuple(h.id for h in hands),
        voided.id,
        pending.id,
    )
