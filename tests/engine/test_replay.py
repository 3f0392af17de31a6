"""Replays (engine/replay.py): a finished hand rebuilt from its event log alone matches the hand
as it was played at every step, whatever order the table gave claim answers in; a log without
its end (a hand still being played) or a log that does not match is refused."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from shangrao_bot.engine.actions import CLAIM_RANK, ActionKind
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import SEATS, Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.replay import (
    TABLE,
    HandNotOver,
    ReplayError,
    dealer_of,
    rebuild_hand,
    seed_of,
)
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PublicView, public_view, view_for
from shangrao_bot.rules.ruleset import Preset, RuleSet


@dataclass
class Played:
    state: HandState
    log: list[Event]
    shown: list[tuple[PublicView, tuple[tuple[int, ...], ...]]]  # after each public change


def _hands(state: HandState) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(state.concealed(s)) for s in range(SEATS))


def play(seed: int, rules: RuleSet | None = None, *, shuffle_answers: bool = False) -> Played:
    """An AI-played hand with its log. ``shuffle_answers``: claim windows are answered as the
    table does — every answer collected first, then given to the engine best claim first, the
    answers no longer needed left out — so that losing claims leave no event."""
    state = HandState(rules or RuleSet(), bytes([seed % 256]) * 31 + bytes([seed // 256]), seed % 4)
    ais = [make_ai("normal", random.Random(seed * 10 + s)) for s in range(SEATS)]
    log = list(state.start_events)
    shown = [(public_view(state), _hands(state))]
    pending: list[Event] = []
    while not state.over:
        if state.phase is Phase.TURN or not shuffle_answers:
            seat = state.to_act()[0]
            events = state.apply(ais[seat].choose(view_for(state, seat)))
        else:
            answers = [ais[s].choose(view_for(state, s)) for s in state.to_act()]
            claim_from = state.claim_from
            assert claim_from is not None
            answers.sort(
                key=lambda a: (CLAIM_RANK[a.kind], -((a.seat - claim_from) % SEATS)),
                reverse=True,
            )
            events = []
            for a in answers:
                if state.phase not in (Phase.CLAIM, Phase.ROB):
                    break
                events += state.apply(a)
        log += events
        pending += events
        if any(e.visible_to(None) is not None for e in pending):
            shown.append((public_view(state), _hands(state)))
            pending = []
    return Played(state, log, shown)


@pytest.mark.parametrize("shuffle_answers", [False, True])
@pytest.mark.parametrize("seed", range(40))
def test_every_step_matches_the_hand_as_played(seed: int, shuffle_answers: bool) -> None:
    played = play(seed, shuffle_answers=shuffle_answers)
    replay = rebuild_hand(
        played.state.rules, seed_of(played.log), dealer_of(played.log), played.log
    )
    assert len(replay) == len(played.shown)
    for step, (public, hands) in zip(replay.steps, played.shown, strict=True):
        assert same_board(step.public, public)
        assert step.hands == hands
    assert replay.steps[0].index == 0 and replay.steps[-1].public.phase is Phase.OVER
    assert replay.final.result == played.state.result
    assert replay.steps[-1].public.revealed == public_view(played.state).revealed
    moves = [s.public.sequence for s in replay.steps]
    assert moves == sorted(moves)


def same_board(a: PublicView, b: PublicView) -> bool:
    """Equal boards, the move counter aside: it counts a claim that lost to a better one
    when the table gave it to the engine, and a losing claim leaves no event in the log."""
    return replace(a, sequence=0) == replace(b, sequence=0)


def test_a_baike_hand_and_many_hands_rebuild() -> None:
    for seed in range(40, 60):
        played = play(seed, RuleSet.from_name(Preset.BAIKE.value), shuffle_answers=True)
        replay = rebuild_hand(
            played.state.rules, seed_of(played.log), played.state.dealer, played.log
        )
        assert same_board(replay.steps[-1].public, public_view(played.state))


def test_steps_count_public_changes_only() -> None:
    played = play(3)
    replay = rebuild_hand(played.state.rules, seed_of(played.log), played.state.dealer, played.log)
    public_actions = sum(1 for a in played.state.actions if a.kind is not ActionKind.PASS)
    # the deal, then one step per public action (passes that close a window draw a tile: a
    # step of their own)
    assert 1 + public_actions <= len(replay) <= 1 + len(played.state.actions)
    for i, step in enumerate(replay.steps):
        assert step.index == i
        assert step.events  # every step shows something
        assert all(e.visible_to(None) == e for e in step.events)  # public parts only
    assert replay.step(-5) is replay.steps[0]
    assert replay.step(10_000) is replay.steps[-1]


def test_seat_views_show_one_hand_and_the_table_every_hand() -> None:
    played = play(5)
    replay = rebuild_hand(played.state.rules, seed_of(played.log), played.state.dealer, played.log)
    for i in (0, len(replay) // 2):
        step = replay.step(i)
        for seat in range(SEATS):
            assert replay.shown_hands(i, seat) == {seat: step.hands[seat]}
            assert step.public.seats[seat].concealed_count == len(step.hands[seat])
        assert replay.shown_hands(i, TABLE) == dict(enumerate(step.hands))
    with pytest.raises(ValueError, match="not a seat"):
        replay.shown_hands(0, 4)


def test_a_hand_still_being_played_is_refused() -> None:
    played = play(7)
    cut = [e for e in played.log if e.kind is not EventKind.HAND_ENDED]
    with pytest.raises(HandNotOver):
        rebuild_hand(played.state.rules, played.state.seed, played.state.dealer, cut)
    with pytest.raises(HandNotOver):
        seed_of(cut)
    running = played.log[: len(played.log) // 2]
    with pytest.raises(HandNotOver):
        rebuild_hand(played.state.rules, played.state.seed, played.state.dealer, running)


def test_a_log_that_does_not_match_is_refused() -> None:
    played = play(9)
    rules, seed, dealer = played.state.rules, played.state.seed, played.state.dealer
    with pytest.raises(ReplayError):
        rebuild_hand(rules, bytes(32), dealer, played.log)  # another wall
    i = next(i for i, e in enumerate(played.log) if e.kind is EventKind.DISCARDED)
    e = played.log[i]
    other = (e.tiles[0] + 1) % 34
    bad = [*played.log[:i], Event(e.kind, e.seat, (other,)), *played.log[i + 1 :]]
    with pytest.raises(ReplayError):
        rebuild_hand(rules, seed, dealer, bad)
    with pytest.raises(ReplayError):
        rebuild_hand(rules, seed, dealer, [*played.log, played.log[-1]])
    with pytest.raises(ReplayError, match="hand_started"):
        dealer_of([])
