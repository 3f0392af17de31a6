"""The claim window's minimum time: after a discard that could be claimed (or a 补杠 that could
be robbed) the table shows the claim-window look and moves on no sooner than
``min_claim_seconds``, whether anyone could claim or not — timing reveals nothing."""

from __future__ import annotations

import random

import pytest

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.ai import make_ai
from shangrao_bot.engine.events import EventKind
from shangrao_bot.engine.session import seeded_source
from shangrao_bot.engine.state import HandState, Phase
from shangrao_bot.engine.views import public_view, view_for
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.service import TableService
from shangrao_bot.service.display import before_last_action, claim_look
from tests.service.conftest import FAST, ManualClock, RecordingPresenter, open_table


@pytest.mark.parametrize("hand", range(6))
def test_the_claim_look_is_the_engines_claim_window(hand: int) -> None:
    """Built from the board before the discard, the look equals the engine's own view of the
    window whenever the engine opens one — so the look for "nobody can claim" is the same."""
    state = HandState(RuleSet(), seeded_source("look")(hand))
    players = [
        make_ai("easy" if s % 2 else "normal", random.Random(hand * 10 + s)) for s in range(4)
    ]
    windows = 0
    while not state.over:
        seat = state.to_act()[0]
        action = players[seat].choose(view_for(state, seat))
        before = public_view(state)
        state.apply(action)
        holdable = action.kind is ActionKind.BUGANG or (
            action.kind is ActionKind.DISCARD and action.tile != state.bao
        )
        if holdable and state.phase in (Phase.CLAIM, Phase.ROB):
            windows += 1
            assert claim_look(before, state.actions[-1]) == public_view(state)
            assert public_view(before_last_action(state)) == before
    assert windows > 0


async def test_every_discard_holds_the_table_for_the_minimum(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    await open_table(service, humans=[], ais=["normal", "easy", "normal", "easy"], hands=2)
    await clock.run_until(presenter.closed, limit=10_000)
    shown = presenter.named("table_changed", "hand_ended")
    holds = claims = flown = 0
    for i, call in enumerate(shown):
        if call.name != "table_changed":
            continue
        first = call.args["events"][0]
        if first.kind is EventKind.DISCARDED and first.detail != "flown":
            holds += 1
            pub = call.table.public
            assert pub is not None and pub.phase is Phase.CLAIM and pub.last_discard is not None
            assert call.table.deadline == call.at + FAST.default_claim_seconds
            nxt = shown[i + 1]
            assert nxt.at >= call.at + FAST.min_claim_seconds
            kinds = {e.kind for e in nxt.args["events"]} if nxt.name == "table_changed" else set()
            if kinds & {EventKind.CHI, EventKind.PONG, EventKind.KONG}:
                claims += 1
                # a claim by an AI resolves exactly at the minimum, like a pass-through
                assert nxt.at == call.at + FAST.min_claim_seconds
            # the look hides the next draw: the live count has not moved yet
            at = presenter.calls.index(call)
            prev = next(
                c
                for c in reversed(presenter.calls[:at])
                if c.name in ("hand_started", "table_changed") and c.table.public is not None
            )
            assert prev.table.public is not None and pub.live == prev.table.public.live
        elif first.kind is EventKind.DISCARDED:  # a flown 宝: nobody may claim, no hold
            flown += 1
            kinds = {e.kind for e in call.args["events"]}
            assert kinds & {EventKind.DREW, EventKind.EXHAUSTED}
    assert holds > 20 and claims > 0 and flown > 0


async def test_a_timer_firing_a_hair_early_never_skips_to_the_claim_deadline(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    """Regression: a table's wake-up that came a hair before the hold's end found the hold not
    over; re-arming then read the clock again, saw the end passed and slept until the claim
    deadline — 15 s of a frozen table (the load benchmark caught it). A hold that is decided
    (or that nobody could claim) always wakes at its end."""
    await open_table(service, humans=[], ais=["normal", "easy", "normal", "easy"], hands=1)
    checked = 0
    for _ in range(5_000):
        if presenter.closed():
            break
        for table in service._tables.values():
            hold, hand = table.hold, table.hand
            if hold is None or hand is None:
                continue
            # as if the step had run at until - ε and the clock moved on before the re-arm
            clock._now = max(clock._now, hold.until + 0.001)
            assert service._next_wake(table) == hold.until  # all AIs answered: decided
            checked += 1
        if not await clock.advance_next():
            break
    assert checked > 0
