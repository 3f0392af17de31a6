"""A hand of a bot table really played, for the web tests, the benchmarks and the screenshots
that need one (a replay's steps, a review's decisions): the table service on a manual clock
(as the service's own tests play it) writes the table's event log and its ledger hand exactly
as a bot table does. The host plays mostly as the normal AI would and now and then a random
move (:func:`sometimes_wrong`), so that the hand's review has mistakes to show; the other three
seats are AIs."""

from __future__ import annotations

import random

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.ai import NormalAI
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service import TableService
from shangrao_bot.store.database.interface import Database
from tests.service.conftest import FAST, ManualClock, Policy, RecordingPresenter, drive, seeds_for

HOST_SEAT = 0
MISTAKES_SEED = 3  # a seed whose hand has mistakes of more than one severity
MISTAKE_SHARE = 0.3


def sometimes_wrong(seed: int) -> Policy:
    """The normal AI's move, but a random legal one now and then."""
    rng = random.Random(seed)
    ai = NormalAI(random.Random(seed + 1))

    def choose(view: PlayerView) -> Action:
        if rng.random() < MISTAKE_SHARE:
            return rng.choice(view.legal)
        return ai.choose(view)

    return choose


async def play_first_hand(
    db: Database,
    guild: int,
    channel: int,
    host_user: int,
    host_name: str,
    *,
    hands: int = 1,
    policy_seed: int = MISTAKES_SEED,
) -> int:
    """A bot table of ``hands`` hands in ``guild``, its first hand played to its end, the host
    at seat :data:`HOST_SEAT`: that hand's ledger id."""
    clock = ManualClock()
    presenter = RecordingPresenter(clock)
    service = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        info = await service.create_table(guild, channel, host_user, host_name, hands=hands)
        for _ in range(3):
            await service.add_ai(info.id, host_user, "normal")
        await service.start(info.id, host_user)
        await drive(
            service,
            clock,
            info.id,
            {host_user: sometimes_wrong(policy_seed)},
            lambda: bool(presenter.named("hand_ended")),
        )
        return int(presenter.named("hand_ended")[0].args["summary"].ledger_hand_id)
    finally:
        await service.shutdown()
