"""A server book for the replay page's tests, in a SQLite file: a bot table whose first hand was
played to its end by a member with a hostile name (seat 0) and three AIs, while its second hand
is still being played; a ledger hand in that table's session that the table's log has not
recorded (a hand being written down: it must not open); a hand recorded at a physical table;
and the pages of this server and of another one switched on.

The table is played by the real table service on a manual clock (as the service's own tests
play it), so the hand's event log is exactly what a bot table writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.store.web_sites import WebSite
from tests.service.conftest import CHANNEL, GUILD, HOST, normal_policy
from tests.store.conftest import OTHER_GUILD
from tests.web.played_table import beside_the_table, play_first_hand

HOST_NAME = '\u202eevil\u202c <script>alert("x")</script>'


@dataclass(frozen=True)
class ReplayBook:
    url: str  # the database's address
    site: WebSite
    other_site: WebSite  # another server's pages: none of this server's hands open there
    hand: int  # the finished bot-table hand (the member at seat 0)
    running: int  # a ledger hand of the table's session its log has not recorded
    physical: int
    physical_session: int


async def replay_book(path: Path) -> ReplayBook:
    url = f"sqlite:///{path}"
    db = await open_ledger(url)
    try:
        hand = await play_first_hand(
            db, GUILD, CHANNEL, HOST, HOST_NAME, hands=2, policy=normal_policy(7)
        )
        beside = await beside_the_table(db, GUILD, OTHER_GUILD, CHANNEL, HOST, hand)
        return ReplayBook(
            url,
            beside.site,
            beside.other_site,
            hand,
            beside.running,
            beside.physical,
            beside.physical_session,
        )
    finally:
        await db.close()
