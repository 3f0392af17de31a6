"""A human seat driven by the test: typed commands, claims, stale and foreign clicks refused,
double clicks taken once, the engine's refusals passed on with their reason."""

from __future__ import annotations

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.events import EventKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.rules.tiles import tile_str
from shangrao_bot.service import TableService
from shangrao_bot.service.errors import (
    AlreadyAnswered,
    BadCommand,
    IllegalMove,
    NotSeated,
    NotYourTurnError,
    PromptOutdated,
    WaitForClaims,
)
from tests.service.conftest import (
    FAST,
    HOST,
    ManualClock,
    RecordingPresenter,
    drive,
    legal_now,
    normal_policy,
    open_table,
)

FRIEND = 201


async def _two_humans(svc: TableService) -> int:
    """A table of the host, a second human on autopilot (a human seat keeps the claim hold)
    and two AIs."""
    tid = await open_table(svc, humans=[HOST, FRIEND], ais=["normal", "normal"])
    await svc.leave(tid, FRIEND)
    return tid


def _has(svc: TableService, tid: int, kind: ActionKind) -> bool:
    view = legal_now(svc, tid, HOST)
    return view is not None and any(a.kind is kind for a in view.legal)


async def test_turns_by_typed_commands_and_refusals(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service)
    info = service.get(tid)
    # the dealer may be anyone: play until it is the human's turn
    await drive(service, clock, tid, {}, lambda: _has(service, tid, ActionKind.DISCARD))
    view = service.private_view(tid, HOST)
    seq, hand = view.public.sequence, service.get(tid).hand_no
    prompt = presenter.named("prompt")[-1]
    assert prompt.args["seat"] == 0 and prompt.args["view"].legal == view.legal
    assert prompt.args["deadline"] == prompt.table.deadline == prompt.at + FAST.default_turn_seconds

    with pytest.raises(NotSeated):
        await service.act(tid, 999, "d 5m", seq)
    with pytest.raises(PromptOutdated):
        await service.act(tid, HOST, "d 5m", seq - 1)
    with pytest.raises(PromptOutdated):
        await service.act(tid, HOST, "d 5m", seq, hand=hand + 1)
    with pytest.raises(BadCommand) as bad:
        await service.act(tid, HOST, "d 0m", seq)
    assert "0m" in str(bad.value.args_["reason"])
    with pytest.raises(BadCommand):
        await service.act(tid, HOST, "hint", seq)
    missing = next(k for k in range(27) if k not in view.concealed and k != view.drawn)
    with pytest.raises(IllegalMove) as illegal:
        await service.act(tid, HOST, f"d {tile_str(missing)}", seq)
    assert illegal.value.key == "table.illegal"
    assert f"you have no {tile_str(missing)}" in str(illegal.value.args_["reason"])

    tile = view.drawn if view.drawn is not None else view.concealed[-1]
    first = await service.act(tid, HOST, f"d {tile_str(tile)}", seq, hand=hand)
    assert first.action == Action(0, ActionKind.DISCARD, tile) and not first.duplicate
    again = await service.act(tid, HOST, f"d {tile_str(tile)}", seq, hand=hand)
    assert again.duplicate and again.action == first.action
    discards = [d.tile for d in service.get(tid).public.seats[0].discards]  # type: ignore[union-attr]
    assert discards == [tile]  # discarded once

    # on somebody else's turn the engine's reason comes back
    await drive(
        service,
        clock,
        tid,
        {},
        lambda: (
            service.get(tid).turn_seat not in (None, 0) and not _has(service, tid, ActionKind.PASS)
        ),
    )
    now = service.get(tid)
    assert now.public is not None
    with pytest.raises(NotYourTurnError) as nyt:
        await service.act(tid, HOST, "d 5m", now.public.sequence)
    assert "turn" in str(nyt.value.args_["reason"])
    assert info.id == tid


async def test_claims_are_collected_and_resolved_at_the_minimum(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await _two_humans(service)
    policy = normal_policy()
    await drive(service, clock, tid, {HOST: policy}, lambda: _has(service, tid, ActionKind.PASS))
    view = service.private_view(tid, HOST)
    assert view.public.phase is Phase.CLAIM and view.public.last_discard is not None
    discarder, tile = view.public.last_discard
    opened = next(
        c
        for c in reversed(presenter.named("table_changed"))
        if c.args["events"][0].kind is EventKind.DISCARDED
    )
    prompt = presenter.named("prompt")[-1]
    assert prompt.args["seat"] == 0 and prompt.at == opened.at
    assert prompt.args["deadline"] == opened.at + FAST.default_claim_seconds
    seq = view.public.sequence

    claim = next(a for a in view.legal if a.kind is not ActionKind.PASS)
    await clock.advance(1.0)  # answer quickly, well inside the hold
    result = await service.act(tid, HOST, claim.command(), seq)
    assert result.pending and result.action == claim
    assert (await service.act(tid, HOST, claim.command(), seq)).duplicate
    with pytest.raises(AlreadyAnswered):
        await service.act(tid, HOST, "pass", seq)
    assert service.private_view(tid, HOST).legal == ()  # answered: no more options shown
    # nothing is shown before the minimum, although the answer decided the window
    before = len(presenter.calls)
    await clock.advance(FAST.min_claim_seconds - 1.0 - 0.01)
    assert all(c.name != "table_changed" for c in presenter.calls[before:])
    await clock.advance(0.01)
    resolved = presenter.named("table_changed")[-1]
    assert resolved.at == opened.at + FAST.min_claim_seconds
    kinds = [e.kind for e in resolved.args["events"]]
    assert EventKind(claim.kind.value) in kinds
    # the claim is on the board and the human must now discard
    seat0 = service.get(tid).public.seats[0]  # type: ignore[union-attr]
    assert seat0.melds and tile in seat0.melds[-1].meld.tiles and discarder != 0
    assert _has(service, tid, ActionKind.DISCARD)
    assert presenter.named("prompt")[-1].at == resolved.at


async def test_only_claimants_may_answer_during_the_hold(
    service: TableService, clock: ManualClock
) -> None:
    tid = await _two_humans(service)
    policy = normal_policy()

    def hold_without_claim() -> bool:
        table = service._tables[tid]
        return (
            table.hold is not None
            and table.hold.seat != 0
            and not _has(service, tid, ActionKind.PASS)
        )

    await drive(service, clock, tid, {HOST: policy}, hold_without_claim)
    seq = service.get(tid).sequence
    assert seq is not None
    with pytest.raises(WaitForClaims):
        await service.act(tid, HOST, "pass", seq)


async def test_a_human_plays_a_whole_session(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, humans=[HOST, 201], ais=["normal", "easy"], hands=2)
    await drive(
        service, clock, tid, {HOST: normal_policy(1), 201: normal_policy(2)}, presenter.closed
    )
    assert [c.args["summary"].number for c in presenter.named("hand_ended")] == [1, 2]
    assert not presenter.named("notice")  # nobody timed out
    assert {c.args["seat"] for c in presenter.named("prompt")} == {0, 1}
