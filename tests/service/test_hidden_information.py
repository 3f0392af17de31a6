"""The presenter never receives a concealed tile in a public call: during whole games with
humans, AIs, claims, timeouts and autopilot, every public call carries the public board (no
hands, no seed while a hand is on) and events without secrets; private calls go only to human
seats and carry that seat's own view."""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from shangrao_bot.engine.events import PRIVATE_KINDS, Event
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service import TableService
from tests.service.conftest import (
    HOST,
    Call,
    ManualClock,
    RecordingPresenter,
    drive,
    normal_policy,
    open_table,
)

PRIVATE_CALLS = {"prompt", "private_changed"}
ENDINGS = {"hand_ended", "session_ended", "table_closed"}


def _contains_player_view(value: object, depth: int = 0) -> bool:
    if isinstance(value, PlayerView):
        return True
    if depth > 6:
        return False
    if isinstance(value, list | tuple | set | frozenset):
        return any(_contains_player_view(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return any(_contains_player_view(v, depth + 1) for v in value.values())
    if is_dataclass(value) and not isinstance(value, type):
        return any(_contains_player_view(getattr(value, f.name), depth + 1) for f in fields(value))
    return False


def _check_public(call: Call) -> None:
    pub = call.table.public
    hand_on = pub is not None and pub.phase is not Phase.OVER
    if hand_on and call.name not in ENDINGS:
        assert pub is not None
        assert pub.revealed is None and pub.seed is None and pub.result is None, call.name
    for e in call.args.get("events", ()):
        assert isinstance(e, Event)
        assert e.secret == () and e.kind not in PRIVATE_KINDS, (call.name, e)
    assert not _contains_player_view(call.args), call.name


async def test_public_calls_carry_no_concealed_tile(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    # seat 0 plays, seat 1 is a human who never acts (timeouts, autopilot), two AIs
    tid = await open_table(service, humans=[HOST, 201], ais=["normal", "easy"], hands=2)
    await drive(service, clock, tid, {HOST: normal_policy(5)}, presenter.closed)
    humans = {0: HOST, 1: 201}
    names = set()
    for call in presenter.calls:
        names.add(call.name)
        if call.name in PRIVATE_CALLS:
            seat = call.args["seat"]
            view: PlayerView = call.args["view"]
            assert seat in humans and view.seat == seat
            assert call.table.seats[seat] is not None
        else:
            _check_public(call)
    assert {"prompt", "private_changed", "table_changed", "hand_ended", "notice"} <= names


async def test_private_views_hold_exactly_the_seats_tiles(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    """Each private call shows the seat its own tiles as the engine holds them at that moment."""
    tid = await open_table(service, humans=[HOST], hands=1)
    checked = 0

    async def checking_until() -> None:
        nonlocal checked
        policy = normal_policy(6)
        while not presenter.closed():
            table = service._tables.get(tid)
            if table is not None and table.hand is not None and table.hold is None:
                view = service.private_view(tid, HOST)
                tiles = sorted([*view.concealed, *([view.drawn] if view.drawn is not None else [])])
                assert tiles == table.hand.concealed(0)
                checked += 1
                if view.legal:
                    await service.act(tid, HOST, policy(view), view.public.sequence)
                    continue
            elif table is not None and table.hold is not None:
                # during a hold the seat's view is built on the claim-window look
                assert service.private_view(tid, HOST).public == table.hold.public
            if not await clock.advance_next():
                break

    await checking_until()
    assert checked > 10
