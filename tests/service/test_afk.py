"""Timers and absence: a turn timeout plays the default move and strikes; two strikes in a row
put the seat on autopilot until "I'm back"; a claim timeout passes silently; a table where
everyone is away pauses and ends; the Ready gate between hands."""

from __future__ import annotations

import random

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.service import TableService, TableStatus
from shangrao_bot.service.autoplay import AUTOPILOT_LEVEL
from shangrao_bot.service.presenter import SessionSummary
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import list_sessions
from tests.service.conftest import (
    FAST,
    GUILD,
    HOST,
    ManualClock,
    RecordingPresenter,
    drive,
    legal_now,
    normal_policy,
    open_table,
)

FRIEND = 201


def _notices(presenter: RecordingPresenter, key: str) -> list[dict[str, object]]:
    return [c.args for c in presenter.named("notice") if c.args["key"] == key]


async def test_strikes_autopilot_and_back(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, humans=[HOST, FRIEND], ais=["normal", "normal"], hands=3)
    friend = {FRIEND: normal_policy(7)}
    await drive(
        service, clock, tid, friend, lambda: bool(_notices(presenter, "table.notice.autopilot"))
    )

    timed_out = _notices(presenter, "table.notice.timed_out")
    assert [(n["seat"], n["strikes"]) for n in timed_out] == [(0, 1), (0, 2)]
    turn_prompts = [
        c
        for c in presenter.named("prompt")
        if c.args["seat"] == 0 and c.args["view"].drawn is not None
    ]
    # each default move is the autopilot level's choice on the prompted view (the notice carries
    # the action itself), at the deadline
    for n, p in zip(timed_out, turn_prompts[-2:], strict=True):
        view = p.args["view"]
        assert isinstance(n["action"], Action) and n["action"].seat == 0
        assert n["action"] == make_ai(AUTOPILOT_LEVEL, random.Random(0)).choose(view)
    strike_calls = [
        c for c in presenter.named("notice") if c.args["key"] == "table.notice.timed_out"
    ]
    assert strike_calls[0].at == turn_prompts[-2].args["deadline"]
    info = service.get(tid)
    seat0 = info.seats[0]
    assert seat0 is not None and seat0.away and seat0.strikes == 2 and not info.paused

    # on autopilot the seat is played by the AI at AI pace, without prompts
    prompts_before = len([c for c in presenter.named("prompt") if c.args["seat"] == 0])
    marker = len(presenter.calls)
    await drive(
        service,
        clock,
        tid,
        friend,
        lambda: any(
            c.name == "table_changed"
            and c.table.public is not None
            and c.table.public.current == 0
            and any(e.kind.value == "discarded" and e.seat == 0 for e in c.args["events"])
            for c in presenter.calls[marker:]
        ),
    )
    assert len([c for c in presenter.named("prompt") if c.args["seat"] == 0]) == prompts_before

    info = await service.back(tid, HOST)
    seat0 = info.seats[0]
    assert seat0 is not None and not seat0.away and seat0.strikes == 0
    assert _notices(presenter, "table.notice.back")[-1]["seat"] == 0
    await drive(service, clock, tid, friend, lambda: legal_now(service, tid, HOST) is not None)
    assert presenter.named("prompt")[-1].args["seat"] == 0


async def test_a_claim_timeout_passes_without_a_strike(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service)
    policy = normal_policy()

    def claim_open() -> bool:
        view = legal_now(service, tid, HOST)
        return view is not None and any(a.kind is ActionKind.PASS for a in view.legal)

    await drive(service, clock, tid, {HOST: policy}, claim_open)
    deadline = presenter.named("prompt")[-1].args["deadline"]
    await clock.advance(deadline - clock.now())
    assert not claim_open()
    seat0 = service.get(tid).seats[0]
    assert seat0 is not None and seat0.strikes == 0 and not seat0.away
    assert not _notices(presenter, "table.notice.timed_out")


async def test_everyone_away_pauses_and_ends(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    await open_table(service, hands=4)
    await clock.run_until(lambda: bool(presenter.named("paused")), limit=5_000)
    paused = presenter.named("paused")[0]
    assert paused.table.paused and paused.table.idle_deadline == paused.at + FAST.idle_end_seconds
    assert _notices(presenter, "table.notice.autopilot")
    # nothing moves while paused
    moves = len(presenter.named("table_changed"))
    await clock.advance(FAST.idle_end_seconds - 1)
    assert len(presenter.named("table_changed")) == moves and not presenter.closed()
    await clock.advance(1)
    assert (
        presenter.calls[-1].name == "table_closed" and presenter.calls[-1].args["reason"] == "idle"
    )
    summary: SessionSummary = presenter.named("session_ended")[0].args["summary"]
    assert summary.reason == "idle" and summary.records == ()
    [info] = await list_sessions(db, GUILD)
    assert info.status == "closed"
    assert service.table_of(GUILD, HOST) is None


async def test_coming_back_resumes_a_paused_table(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, hands=2)
    await clock.run_until(lambda: bool(presenter.named("paused")), limit=5_000)
    await clock.advance(30)
    info = await service.back(tid, HOST)
    assert not info.paused and presenter.named("resumed")
    await drive(service, clock, tid, {}, lambda: legal_now(service, tid, HOST) is not None)
    assert not presenter.closed()


async def test_acting_on_autopilot_means_back(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, humans=[HOST, FRIEND], ais=["normal", "normal"], hands=2)
    await service.leave(tid, HOST)  # step away mid-game: autopilot at once, no strike
    seat0 = service.get(tid).seats[0]
    assert seat0 is not None and seat0.away and seat0.strikes == 0
    assert _notices(presenter, "table.notice.away")
    assert service.table_of(GUILD, HOST) == tid  # the seat stays theirs
    view = None
    while view is None:
        await clock.advance_next()
        view = legal_now(service, tid, HOST)
        if legal_now(service, tid, FRIEND) is not None:
            v = legal_now(service, tid, FRIEND)
            assert v is not None
            await service.act(tid, FRIEND, normal_policy()(v), v.public.sequence)
    await service.act(tid, HOST, normal_policy()(view), view.public.sequence)
    seat0 = service.get(tid).seats[0]
    assert seat0 is not None and not seat0.away


async def test_the_ready_gate(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, humans=[HOST, FRIEND], ais=["normal", "easy"], hands=3)
    both = {HOST: normal_policy(1), FRIEND: normal_policy(2)}
    await drive(service, clock, tid, both, lambda: bool(presenter.named("hand_ended")))
    ended = presenter.named("hand_ended")[0]
    info = service.get(tid)
    assert info.status is TableStatus.READY and info.deadline == ended.at + FAST.ready_seconds
    assert info.public is not None and info.public.revealed is not None  # the result stays up
    await service.ready(tid, HOST)
    await service.ready(tid, FRIEND)
    await clock.run_until(lambda: len(presenter.named("hand_started")) == 2)
    assert presenter.named("hand_started")[1].at == ended.at + FAST.min_between_hands

    await drive(service, clock, tid, both, lambda: len(presenter.named("hand_ended")) == 2)
    ended = presenter.named("hand_ended")[1]
    await service.ready(tid, HOST)  # the friend never presses: the gate times out
    await clock.run_until(lambda: len(presenter.named("hand_started")) == 3)
    assert presenter.named("hand_started")[2].at == ended.at + FAST.ready_seconds
