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

from shangrao_bot.service import TableService
from shangrao_bot.store.database.startup import open_ledger
from shangrao_bot.store.ledger import get_hand, guest_player, open_session, record_hand
from shangrao_bot.store.ledger.hands import HandIn
from shangrao_bot.store.web_sites import WebSite, open_site
from tests.service.conftest import (
    CHANNEL,
    FAST,
    GUILD,
    HOST,
    ManualClock,
    RecordingPresenter,
    drive,
    normal_policy,
    seeds_for,
)
from tests.store.conftest import OTHER_GUILD

HOST_NAME = '\u202eevil\u202c <script>alert("x")</script>'


@dataclass(frozen=True)
class ReplayBook:
    url: str  # the database's address
    site: WebSite
    other_site: WebSite  # another server's pages: none of this server's hands open there
    hand: int  # the finished bot-table hand (the member at seat 0)
    table: int
    running: int  # a ledger hand of the table's session its log has not recorded
    physical: int
    physical_session: int


async def replay_book(path: Path) -> ReplayBook:
    url = f"sqlite:///{path}"
    db = await open_ledger(url)
    clock = ManualClock()
    presenter = RecordingPresenter(clock)
    service = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        info = await service.create_table(GUILD, CHANNEL, HOST, HOST_NAME, hands=2)
        for _ in range(3):
            await service.add_ai(info.id, HOST, "normal")
        await service.start(info.id, HOST)
        await drive(
            service,
            clock,
            info.id,
            {HOST: normal_policy(7)},
            lambda: bool(presenter.named("hand_ended")),
        )
        hand = int(presenter.named("hand_ended")[0].args["summary"].ledger_hand_id)
        session_id = (await get_hand(db, GUILD, hand)).session_id
        running = await record_hand(
            db, GUILD, session_id, HandIn("draw", (), (0, 0, 0, 0)), HOST, confirmed=True
        )
        players = [await guest_player(db, GUILD, f"P{i}") for i in range(4)]
        physical_session = await open_session(
            db, GUILD, CHANNEL, "physical", {}, 1, HOST, [p.id for p in players]
        )
        physical = await record_hand(
            db, GUILD, physical_session.id, HandIn("draw", (), (0, 0, 0, 0)), HOST, confirmed=True
        )
        site = await open_site(db, GUILD, HOST)
        other_site = await open_site(db, OTHER_GUILD, HOST)
        return ReplayBook(
            url,
            site,
            other_site,
            hand,
            info.id,
            running.id,
            physical.id,
            physical_session.id,
        )
    finally:
        await service.shutdown()
        await db.close()
