"""The claim hold. At a table with two or more human seats (on autopilot or not), after a
discard that could be claimed (or a 补杠 that could be robbed) the table shows the claim-window
look and moves on no sooner than ``min_claim_seconds``, whether anyone could claim or not —
timing reveals nothing to the humans about each other. With one human (or none) there is nobody
to hide claims from: the table does not hold, AIs answer at once, the next seat acts after its
usual delay, and an AI that could claim and passed looks exactly like nobody could."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.events import EventKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.session import seeded_source
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import public_view, view_for
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import parse_tile
from shangrao_bot.service import TableService
from shangrao_bot.service.claim_hold import hold_decided
from shangrao_bot.service.display import before_last_action, claim_look
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.games import load_events
from tests.conftest import NewTarget
from tests.engine.builders import make_setup
from tests.service.conftest import (
    FAST,
    HOST,
    Call,
    ManualClock,
    RecordingPresenter,
    act_once,
    deal,
    drive,
    legal_now,
    normal_policy,
    open_table,
    seeds_for,
)

FRIEND = 201


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


@pytest.mark.parametrize("friend_away", [False, True])
async def test_with_two_humans_every_discard_holds_the_table_for_the_minimum(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter, friend_away: bool
) -> None:
    """Two human seats — also when one of them is on autopilot: its player may be watching."""
    tid = await open_table(service, humans=[HOST, FRIEND], ais=["normal", "easy"], hands=2)
    policies = {HOST: normal_policy(1), FRIEND: normal_policy(2)}
    if friend_away:
        await service.leave(tid, FRIEND)
        del policies[FRIEND]
    await drive(service, clock, tid, policies, presenter.closed)
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
            # the humans answer at once here: every window resolves exactly at the minimum
            assert nxt.at == call.at + FAST.min_claim_seconds
            kinds = {e.kind for e in nxt.args["events"]} if nxt.name == "table_changed" else set()
            if kinds & {EventKind.CHI, EventKind.PONG, EventKind.KONG}:
                claims += 1
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
    tid = await open_table(service, humans=[HOST, FRIEND], ais=["normal", "easy"], hands=1)
    policies = {HOST: normal_policy(1), FRIEND: normal_policy(2)}
    checked = 0
    for _ in range(5_000):
        if presenter.closed():
            break
        if await act_once(service, tid, policies):
            continue
        for table in service._tables.values():
            hold, hand = table.hold, table.hand
            if hold is None or hand is None or not hold_decided(hand, hold):
                continue
            # as if the step had run at until - ε and the clock moved on before the re-arm
            clock._now = max(clock._now, hold.until + 0.001)
            assert service._next_wake(table) == hold.until
            checked += 1
        if not await clock.advance_next():
            break
    assert checked > 0


# --- one human: no hold ------------------------------------------------------------------------


async def test_with_one_human_the_next_seat_acts_after_its_delay_not_after_a_hold(
    service: TableService, db: Database, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service, ais=["normal", "easy", "normal"], hands=2)
    await drive(service, clock, tid, {HOST: normal_policy(3)}, presenter.closed)
    shown = presenter.named("hand_started", "table_changed", "hand_ended")
    looks = ai_moves = 0
    for i in range(1, len(shown)):
        prev, call = shown[i - 1], shown[i]
        if call.name != "table_changed":
            continue
        first = call.args["events"][0]
        if first.kind is EventKind.DISCARDED and first.seat != 0:
            # an AI plays ai_delay after its turn began: after the window of the discard
            # before it resolved, which was at once (the human here answers at once too)
            assert call.at == prev.at + FAST.ai_delay
            ai_moves += 1
        pub = call.table.public
        if pub is not None and pub.phase is Phase.CLAIM:
            looks += 1
            assert shown[i + 1].at == call.at  # no hold
    assert looks > 20 and ai_moves > 20
    # the AIs did have claims to answer, and answered some with a pass
    log = await load_events(db, tid)
    windows = [e for e in log if e.get("kind") == "claim_window" and e["seat"] != 0]
    passes = [e for e in log if e.get("kind") == "passed" and e["seat"] != 0]
    assert windows and passes


def _claim_open(service: TableService, tid: int) -> bool:
    view = legal_now(service, tid, HOST)
    return view is not None and any(a.kind is ActionKind.PASS for a in view.legal)


async def test_the_one_human_who_may_claim_is_prompted_and_waited_for(
    service: TableService, clock: ManualClock, presenter: RecordingPresenter
) -> None:
    tid = await open_table(service)
    await drive(service, clock, tid, {HOST: normal_policy()}, lambda: _claim_open(service, tid))
    opened = next(
        c
        for c in reversed(presenter.named("table_changed"))
        if c.args["events"][0].kind is EventKind.DISCARDED
    )
    prompt = presenter.named("prompt")[-1]
    assert prompt.args["seat"] == 0 and prompt.at == opened.at
    assert prompt.args["deadline"] == opened.at + FAST.default_claim_seconds
    assert opened.table.deadline == prompt.args["deadline"]
    # long past any minimum, the table still waits for the human's answer
    before = len(presenter.calls)
    await clock.advance(FAST.default_claim_seconds - 1)
    assert [c.name for c in presenter.calls[before:]] == []
    assert _claim_open(service, tid)
    view = legal_now(service, tid, HOST)
    assert view is not None
    result = await service.act(tid, HOST, "pass", view.public.sequence)
    assert result.pending
    resolved = presenter.named("table_changed")[-1]
    assert presenter.calls.index(resolved) >= before and resolved.at == clock.now()


# The human (seat 0) deals and throws 5p first. Seat 2 holds 5p 5p in one deal (it may pong
# and, its hand being ready with 5p 5p as the pair, the normal AI passes) and 9s 9s in the
# other (nobody may claim). Seats 1 and 3 cannot claim 5p; seat 1 draws 9p either way.
FIRST_DISCARD = "5p"
DEALS = {
    0: "1p2p3p7p8p9p1s1s9m9m2z2z3z5p",
    1: "1m1m1m4s5s6s7s8s1z1z4z4z5z",
    3: "2p2p3s3s6s6s8m8m4p4p7z7z2z",
}
SEAT2 = {"could_claim": "123m456m789m12s5p5p", "nobody_could": "123m456m789m12s9s9s"}


async def _until_seat1_discards(
    target: str | Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> tuple[list[Call], list[Action]]:
    """Every presenter call from the table's creation up to seat 1's first discard (included),
    and the hand's actions so far."""
    deal(monkeypatch, make_setup({**DEALS, 2: SEAT2[case]}, dealer=0, draws="9p"))
    clock = ManualClock()
    presenter = RecordingPresenter(clock)
    db = await open_database(target)
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        tid = await open_table(svc)
        view = legal_now(svc, tid, HOST)
        assert view is not None and view.drawn == parse_tile(FIRST_DISCARD)
        await clock.advance(2.0)  # the human takes a moment
        await svc.act(tid, HOST, f"d {FIRST_DISCARD}", view.public.sequence)

        def seat1_discarded() -> bool:
            return any(
                c.name == "table_changed"
                and c.args["events"][0].kind is EventKind.DISCARDED
                and c.args["events"][0].seat == 1
                for c in presenter.calls
            )

        await clock.run_until(seat1_discarded)
        end = next(
            i
            for i, c in enumerate(presenter.calls)
            if c.name == "table_changed"
            and c.args["events"][0].kind is EventKind.DISCARDED
            and c.args["events"][0].seat == 1
        )
        hand = svc._tables[tid].hand
        assert hand is not None
        return presenter.calls[: end + 1], list(hand.actions)
    finally:
        await svc.shutdown()
        await db.close()


async def test_with_one_human_an_ai_that_could_claim_and_passed_looks_like_nobody_could(
    new_target: NewTarget, monkeypatch: pytest.MonkeyPatch
) -> None:
    could, could_actions = await _until_seat1_discards(
        await new_target(), monkeypatch, "could_claim"
    )
    nobody, nobody_actions = await _until_seat1_discards(
        await new_target(), monkeypatch, "nobody_could"
    )
    # the premise: seat 2 was asked and passed in one case, never asked in the other
    assert Action(2, ActionKind.PASS) in could_actions
    assert all(a.kind is not ActionKind.PASS for a in nobody_actions)
    # what the presenter got — public and private (the human's own panel), and when — is the
    # same call for call
    assert [(c.at, c.name) for c in could] == [(c.at, c.name) for c in nobody]
    assert could == nobody
    human_discard = next(
        c for c in could if c.name == "table_changed" and c.args["events"][0].seat == 0
    )
    assert could[-1].at == human_discard.at + FAST.ai_delay
