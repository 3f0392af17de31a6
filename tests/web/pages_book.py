"""One server book for the browser tests of the player, session, replay and review pages, in a
SQLite file: the review book's bot table (:func:`~tests.web.review_book.review_book`: a hand
played to its end by a member at seat 0, with mistakes of several sizes, beside three AIs) with
the league's book added (:func:`~tests.web.league_book.league_book`: the same member among four
with hostile names, physical sessions, a season, another server's session).

The table's member is the league's first member, so their rating chart has points leading both
to a replay and to rows of a session. The first two members are renamed to markup that would set
a window flag if it ever ran (:data:`FLAG_NAMES`), as members' names follow their Discord names.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.store.ledger import get_hand, user_player
from shangrao_bot.store.ledger.session_hands import session_hands
from tests.store.conftest import CHANNEL, GUILD, OTHER_GUILD
from tests.web.league_book import Book, league_book
from tests.web.review_book import ReviewBook, review_book

FLAG_NAMES = {
    100: "<script>window.pwned=1</script>",
    101: '"><img src=x onerror="window.pwned=2">',
}
# the review book's physical session is open in CHANNEL: the league's sessions go elsewhere
LEAGUE_CHANNEL = CHANNEL + 10


@dataclass(frozen=True)
class PagesBook:
    url: str  # the database's address
    played: ReviewBook  # the bot table, its finished hand, the other server's pages
    league: Book
    member: int  # the player at the table's seat 0: the league's first member
    table_session: int  # the bot table's session
    other_player: int  # a player of another server
    other_hand: int  # a hand of another server


async def pages_book(path: Path) -> PagesBook:
    played = await review_book(path)
    db = await open_ledger(played.url)
    try:
        league = await league_book(db, LEAGUE_CHANNEL)
        for user_id, name in FLAG_NAMES.items():
            await user_player(db, GUILD, user_id, name)
        table = await get_hand(db, GUILD, played.hand)
        member = table.players[0].id
        assert member == league.player_ids[0], "the table's member is not the league's first"
        other_hands = await session_hands(db, OTHER_GUILD, league.other_session.id)
        return PagesBook(
            played.url,
            played,
            league,
            member,
            table.session_id,
            league.other_session.seats[0].id,
            other_hands[0].id,
        )
    finally:
        await db.close()
