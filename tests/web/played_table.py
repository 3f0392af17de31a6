"""A hand of a bot table really played, for the web tests, the benchmarks and the screenshots
that need one (a replay's steps, a review's decisions): the table service on a manual clock
(as the service's own tests play it) writes the table's event log and its ledger hand exactly
as a bot table does. The host plays mostly as the normal AI would and now and then a random
move (:func:`sometimes_wrong`), so that the hand's review has mistakes to show; the other three
seats are AIs."""

from __future__ import annotations

import random
from dataclasses import dataclass

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.ai import NormalAI
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service import TableService
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import get_hand, guest_player, open_session, record_hand
from shangrao_bot.store.ledger.hands import HandIn
from shangrao_bot.store.web_sites import WebSite, open_site
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
    policy: Policy | None = None,
) -> int:
    """A bot table of ``hands`` hands in ``guild``, its first hand played to its end, the host
    at seat :data:`HOST_SEAT` (playing ``policy``, else :func:`sometimes_wrong`): that hand's
    ledger id."""
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
            {host_user: policy or sometimes_wrong(policy_seed)},
            lambda: bool(presenter.named("hand_ended")),
        )
        return int(presenter.named("hand_ended")[0].args["summary"].ledger_hand_id)
    finally:
        await service.shutdown()


@dataclass(frozen=True)
class BesideTheTable:
    """What the replay and review books add beside a played table's hand."""

    running: int  # a ledger hand of the table's session its log has not recorded
    physical: int  # a hand recorded at a physical table
    physical_session: int
    site: WebSite
    other_site: WebSite  # another server's pages: none of this server's hands open there


async def beside_the_table(
    db: Database, guild: int, other_guild: int, channel: int, host: int, hand: int
) -> BesideTheTable:
    """Beside the played ``hand``: a ledger hand in its table's session the table's log has not
    recorded (a hand being written down), a hand recorded at a physical table in ``channel``,
    and the pages of ``guild`` and ``other_guild`` switched on."""
    session_id = (await get_hand(db, guild, hand)).session_id
    draw = HandIn("draw", (), (0, 0, 0, 0))
    running = await record_hand(db, guild, session_id, draw, host, confirmed=True)
    players = [await guest_player(db, guild, f"P{i}") for i in range(4)]
    physical_session = await open_session(
        db, guild, channel, "physical", {}, 1, host, [p.id for p in players]
    )
    physical = await record_hand(db, guild, physical_session.id, draw, host, confirmed=True)
    return BesideTheTable(
        running.id,
        physical.id,
        physical_session.id,
        await open_site(db, guild, host),
        await open_site(db, other_guild, host),
    )
