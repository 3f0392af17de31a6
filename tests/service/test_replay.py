"""Replays through the real table service (service/replay.py): hands played by the service —
claim holds, answers given best first — rebuild from the table's log to exactly the hand that
was recorded; a hand still being played cannot be reached; a physical hand, an unknown id and
another server's hand are refused."""

from __future__ import annotations

import pytest

from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.persist import hand_from_dict, hand_to_dict
from shangrao_bot.engine.replay import TABLE, HandNotOver, rebuild_hand
from shangrao_bot.engine.state import HandState
from shangrao_bot.service import TableService
from shangrao_bot.service.replay import (
    HandStillPlaying,
    PhysicalHand,
    ReplayCache,
    UnknownHand,
    hand_events,
    last_played,
    load_replay,
    locate,
)
from shangrao_bot.service.snapshot import event_from_json
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import get_hand, guest_player, open_session, record_hand
from shangrao_bot.store.ledger.hands import HandIn
from tests.service.conftest import (
    CHANNEL,
    GUILD,
    HOST,
    ManualClock,
    RecordingPresenter,
    open_table,
)


def _without_actions(state: HandState) -> dict[str, object]:
    data = hand_to_dict(state)
    data.pop("actions")
    return data


@pytest.mark.slow
async def test_every_hand_of_a_session_replays_as_it_was_recorded(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, humans=[], ais=["normal", "easy", "normal", "hard"], hands=3)
    await clock.run_until(presenter.closed, limit=10_000)
    ended = [c.args["summary"] for c in presenter.named("hand_ended")]
    assert len(ended) == 3
    cache = ReplayCache(size=2)
    for summary in ended:
        hand = await get_hand(db, GUILD, summary.ledger_hand_id)
        loaded = await load_replay(db, GUILD, hand.id)
        assert loaded.source.table_id == tid and loaded.hand_no == summary.number
        final = loaded.replay.final
        assert final.over and final.result is not None
        assert final.result.deltas == hand.deltas
        assert final.seed.hex() == hand.detail["seed"]
        assert loaded.replay.steps[-1].public.revealed == summary.public.revealed
        assert loaded.replay.steps[-1].public.phase is Phase.OVER
        assert loaded.names == tuple(p.display_name for p in hand.players)
        # the steps' boards only grow: discards and melds never shrink between steps
        for before, after in zip(loaded.replay.steps, loaded.replay.steps[1:], strict=False):
            assert after.public.live <= before.public.live
            assert (
                sum(len(s.discards) for s in after.public.seats)
                >= sum(len(s.discards) for s in before.public.seats) - 1
            )  # a claimed discard moves to a meld: still shown (dimmed)
        assert await cache.get(db, GUILD, hand.id) is await cache.get(db, GUILD, hand.id)
    # the last hand is also in the table's saved state: the same hand exactly
    stored = await games.get_table(db, tid)
    assert stored.snapshot is not None and stored.snapshot["last_hand"] is not None
    last = hand_from_dict(stored.snapshot["last_hand"])
    loaded = await load_replay(db, GUILD, ended[-1].ledger_hand_id)
    assert _without_actions(loaded.replay.final) == _without_actions(last)
    # every seat's view and the table's at every step
    for step in loaded.replay.steps:
        assert loaded.replay.shown_hands(step.index, TABLE) == dict(enumerate(step.hands))
        for seat in range(4):
            shown = loaded.replay.shown_hands(step.index, seat)
            assert list(shown) == [seat]
            assert len(shown[seat]) == step.public.seats[seat].concealed_count


async def test_a_hand_still_being_played_cannot_be_reached(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, humans=[], ais=["normal"] * 4, hands=2)
    await clock.run_until(lambda: len(presenter.named("table_changed")) > 10, limit=10_000)
    log = await games.load_events(db, tid)
    with pytest.raises(HandStillPlaying):
        hand_events(log, 1)  # no ledger hand is recorded for it yet
    engine = [e for e in log if e.get("type") == "engine"]
    assert engine
    events = [event_from_json(e) for e in engine]
    with pytest.raises(HandNotOver):
        rebuild_hand(service.get(tid).config.rules, bytes(32), 0, events)
    # once the first hand is recorded it replays, while the second is played
    await clock.run_until(lambda: len(presenter.named("hand_ended")) == 1, limit=10_000)
    first = presenter.named("hand_ended")[0].args["summary"].ledger_hand_id
    assert (await load_replay(db, GUILD, first)).replay.final.over
    assert await last_played(db, GUILD, HOST) is None  # AIs only: no member sat there
    await clock.run_until(presenter.closed, limit=10_000)


async def test_physical_unknown_and_other_server_hands_are_refused(db: Database) -> None:
    players = [await guest_player(db, GUILD, f"P{i}") for i in range(4)]
    session = await open_session(
        db, GUILD, CHANNEL, "physical", {}, 1, HOST, [p.id for p in players]
    )
    hand = await record_hand(
        db, GUILD, session.id, HandIn("draw", (), (0, 0, 0, 0)), HOST, confirmed=True
    )
    with pytest.raises(PhysicalHand) as refused:
        await load_replay(db, GUILD, hand.id)
    assert refused.value.key == "replay.physical" and refused.value.args_ == {"hand": hand.id}
    with pytest.raises(UnknownHand):
        await locate(db, GUILD, hand.id + 100)
    with pytest.raises(UnknownHand):
        await locate(db, GUILD + 1, hand.id)  # another server's: not found from this one


async def test_the_operator_finds_any_servers_virtual_hand(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    await open_table(service, humans=[], ais=["easy"] * 4, hands=1)
    await clock.run_until(presenter.closed, limit=10_000)
    hand_id = presenter.named("hand_ended")[0].args["summary"].ledger_hand_id
    assert (await load_replay(db, None, hand_id)).source.guild_id == GUILD
