"""A hand of a bot table really played, for the benchmarks and the screenshots that need one
(a replay's steps, a review's decisions): the table service on a manual clock (as the
service's tests play it) writes the table's event log and its ledger hand exactly as a bot
table does. The host plays mostly as the normal AI would and now and then a random move, so
that the hand's review has mistakes to show; the other three seats are AIs."""

from __future__ import annotations

from shangrao_bot.service import TableService
from shangrao_bot.store.database.interface import Database
from tests.service.conftest import FAST, ManualClock, RecordingPresenter, drive, seeds_for
from tests.web.review_book import sometimes_wrong

HOST_SEAT = 0
MISTAKES_SEED = 3  # a seed whose hand has mistakes of more than one severity


async def play_bot_table(
    db: Database, guild: int, channel: int, host_user: int, host_name: str
) -> int:
    """One hand of a bot table in ``guild`` played to its end, the host at seat
    :data:`HOST_SEAT`: the ledger hand's id."""
    clock = ManualClock()
    presenter = RecordingPresenter(clock)
    service = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        info = await service.create_table(guild, channel, host_user, host_name, hands=1)
        for _ in range(3):
            await service.add_ai(info.id, host_user, "normal")
        await service.start(info.id, host_user)
        await drive(
            service,
            clock,
            info.id,
            {host_user: sometimes_wrong(MISTAKES_SEED)},
            lambda: bool(presenter.named("hand_ended")),
        )
        return int(presenter.named("hand_ended")[0].args["summary"].ledger_hand_id)
    finally:
        await service.shutdown()
