"""A server book for the review page's tests, in a SQLite file: a one-hand bot table played to
its end by a member with a hostile name (seat 0) — who plays like the normal AI but now and then
makes a random move, so that the hand has decisions that agree with the analysis and mistakes of
several sizes — and three AIs; a ledger hand of that table's session its log has not recorded
(a hand being written down: it must not open); a hand recorded at a physical table; and the
pages of this server and of another one switched on.

The table is played by the real table service on a manual clock (as the service's own tests
play it), so the hand's event log is exactly what a bot table writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.store.web_sites import WebSite
from tests.service.conftest import (
    CHANNEL,
    GUILD,
    HOST,
)
from tests.store.conftest import OTHER_GUILD
from tests.web.played_table import MISTAKES_SEED, beside_the_table, play_first_hand

HOST_NAME = '\u202eevil\u202c <script>alert("x")</script>'
SEAT = 0  # the member's seat
POLICY_SEED = MISTAKES_SEED  # mistakes of more than one severity (the tests check)


@dataclass(frozen=True)
class ReviewBook:
    url: str  # the database's address
    site: WebSite
    other_site: WebSite  # another server's pages: none of this server's hands open there
    hand: int  # the finished bot-table hand (the member at seat 0)
    running: int  # a ledger hand of the table's session its log has not recorded
    physical: int


async def review_book(path: Path, policy_seed: int = POLICY_SEED) -> ReviewBook:
    url = f"sqlite:///{path}"
    db = await open_ledger(url)
    try:
        hand = await play_first_hand(
            db, GUILD, CHANNEL, HOST, HOST_NAME, hands=2, policy_seed=policy_seed
        )
        beside = await beside_the_table(db, GUILD, OTHER_GUILD, CHANNEL, HOST, hand)
        return ReviewBook(
            url, beside.site, beside.other_site, hand, beside.running, beside.physical
        )
    finally:
        await db.close()
