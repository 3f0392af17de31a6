"""The league's test book (:func:`~tests.web.league_book.league_book`) with what a player's page
needs besides: a bot table's session (hands with a replay), a guest merged into the first member
(their hand becomes the member's), and a review of the first member's play."""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import (
    SessionInfo,
    guest_player,
    merge_guest,
    open_session,
    record_hand,
)
from shangrao_bot.store.ledger.reviews import StoredReview, save_review
from tests.store.conftest import CHANNEL, GUILD, kong_draw
from tests.store.conftest import self_draw_win as win
from tests.web.league_book import Book, league_book

REVIEW_RATING = 73


@dataclass(frozen=True)
class PlayerBook:
    book: Book
    table_session: SessionInfo  # a bot table's: the four members
    table_hand_ids: tuple[int, ...]
    merged_id: int  # a guest merged into the first member
    merged_hand_id: int  # the guest's hand, the first member's now


async def player_book(db: Database) -> PlayerBook:
    book = await league_book(db)
    members = list(book.player_ids)
    table = await open_session(
        db, GUILD, CHANNEL + 2, "virtual", {"preset": "shangrao"}, 1, 100, members
    )
    table_hands = [
        await record_hand(db, GUILD, table.id, win(0, 3, (0, 0, 1, 0)), 100, confirmed=True),
        await record_hand(db, GUILD, table.id, kong_draw(1), 100, confirmed=True),
    ]
    guest = await guest_player(db, GUILD, "Old <i>name</i>")
    seated = [guest.id, *members[1:]]
    g = await open_session(
        db, GUILD, CHANNEL + 3, "physical", {"preset": "shangrao"}, 1, 100, seated
    )
    merged_hand = await record_hand(db, GUILD, g.id, win(0, 5), 100, confirmed=True)
    await merge_guest(db, GUILD, guest.id, members[0], 100)
    await save_review(
        db,
        StoredReview(
            GUILD,
            table_hands[0].id,
            0,
            members[0],
            REVIEW_RATING,
            12,
            9,
            1,
            0.5,
            "2026-03-01T12:00:00.000+00:00",
        ),
    )
    return PlayerBook(book, table, tuple(h.id for h in table_hands), guest.id, merged_hand.id)
