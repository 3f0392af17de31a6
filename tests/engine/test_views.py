"""What each seat and a spectator may see (views.py, events.py): the public view holds no
concealed tile, the seed or the result while the hand is on; a seat's view adds only its own
tiles; events shown to others carry no secret of another seat."""

from __future__ import annotations

import dataclasses

import pytest

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.session import seeded_source
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, PublicView, SeatView, public_view, view_for
from shangrao_bot.rules.ruleset import Preset, RuleSet
from tests.engine.builders import QUIET, ai_players, cmd, discard_drawn, make_state, play_hand

SECRET_KINDS = {EventKind.DEALT, EventKind.DREW, EventKind.PASSED, EventKind.CLAIM_WINDOW}
PRIVATE_KINDS = {EventKind.PASSED, EventKind.CLAIM_WINDOW}  # invisible to everyone else


def _names(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def test_view_dataclasses_have_no_field_for_concealed_tiles() -> None:
    """A new field in a view needs a secrecy review: this list is the reviewed one. Of the
    public fields only ``revealed`` holds concealed tiles, and only once the hand is over."""
    assert _names(PublicView) == {
        "rules",
        "phase",
        "dealer",
        "current",
        "bao",
        "indicator",
        "live",
        "commitment",
        "seats",
        "last_discard",
        "latest_discarder",
        "added_kong",
        "bonuses",
        "sequence",
        "result",
        "seed",
        "revealed",
    }
    assert _names(SeatView) == {
        "seat",
        "wind",
        "dealer",
        "concealed_count",
        "melds",
        "discards",
        "bao_flown",
        "to_act",
    }
    assert _names(PlayerView) == {
        "seat",
        "public",
        "concealed",
        "drawn",
        "replacement",
        "legal",
        "bao_drawn",
    }


def _check_public(state: HandState, view: PublicView) -> None:
    if state.over:
        assert view.revealed == tuple(tuple(state.concealed(s)) for s in range(4))
        assert view.seed == state.seed.hex() and view.result is state.result
        return
    assert view.revealed is None and view.seed is None and view.result is None
    assert view.commitment == state.setup.commitment
    for s, sv in enumerate(view.seats):
        assert sv.concealed_count == sum(state.hands[s])
        assert sv.melds == tuple(state.melds[s]) and sv.discards == tuple(state.discards[s])
        # A claim window never shows who is being asked.
        assert sv.to_act == (state.phase is Phase.TURN and s == state.current)
    if state.phase is Phase.CLAIM:
        assert view.last_discard == (state.claim_from, state.claim_tile)
    else:
        assert view.last_discard is None
    if state.phase is Phase.ROB:
        assert view.added_kong == (state.claim_from, state.claim_tile)
    else:
        assert view.added_kong is None


def _check_player(state: HandState, seat: int, view: PlayerView) -> None:
    assert view.seat == seat
    own = list(view.concealed) + ([view.drawn] if view.drawn is not None else [])
    assert sorted(own) == state.concealed(seat)
    assert list(view.concealed) == sorted(view.concealed)
    assert view.legal == tuple(state.legal_actions(seat))
    assert view.bao_drawn == state.bao_drawn[seat]
    if view.drawn is not None:
        assert state.phase is Phase.TURN and state.current == seat
    assert view.public == public_view(state)


def _check_event(e: Event) -> None:
    if e.kind in SECRET_KINDS:
        assert e.owner == e.seat and e.owner is not None
        if e.kind not in PRIVATE_KINDS:
            assert e.tiles == ()  # the public part of a secret event names no tile
            assert e.secret
    else:
        assert e.owner is None and e.secret == ()
    for viewer in (None, 0, 1, 2, 3):
        seen = e.visible_to(viewer)
        if e.owner is None or viewer == e.owner:
            assert seen == e
        elif e.kind in PRIVATE_KINDS:
            assert seen is None
        else:
            assert seen is not None and seen.secret == ()
            assert dataclasses.replace(e, secret=()) == seen


@pytest.mark.parametrize("hand", range(6))
def test_views_and_events_keep_every_secret_in_ai_games(hand: int) -> None:
    rules = RuleSet(Preset.BAIKE if hand % 2 else Preset.SHANGRAO)
    state = HandState(rules, seeded_source("views")(hand), hand % 4)
    levels = ["normal", "easy", "normal", "easy"] if hand % 3 else ["easy"] * 4

    def after(st: HandState, _a: Action, events: list[Event]) -> None:
        pub = public_view(st)
        _check_public(st, pub)
        for s in range(4):
            _check_player(st, s, view_for(st, s))
        for e in events:
            _check_event(e)

    for e in state.start_events:
        _check_event(e)
    _check_public(state, public_view(state))
    play_hand(state, ai_players(levels, hand), after)
    assert state.over


def _twin_tables() -> tuple[HandState, HandState]:
    """Two tables that differ only in seat 2's concealed tiles (and the unreached wall)."""
    other = "3m6m9m1p4p7p2s5s8s6z6z7z7z"
    a = make_state(QUIET, 0, draws="9m8m9p8s")
    b = make_state({**QUIET, 2: other}, 0, draws="9m8m9p8s")
    assert a.concealed(2) != b.concealed(2)
    return a, b


def _same_to_others(a: HandState, b: HandState, ea: list[Event], eb: list[Event]) -> None:
    assert public_view(a) == public_view(b)
    for s in (0, 1, 3):
        assert view_for(a, s) == view_for(b, s)
    for viewer in (None, 0, 1, 3):
        assert [e.visible_to(viewer) for e in ea] == [e.visible_to(viewer) for e in eb]


def test_another_seats_concealed_tiles_change_nothing_that_others_see() -> None:
    a, b = _twin_tables()
    _same_to_others(a, b, a.start_events, b.start_events)
    assert view_for(a, 2) != view_for(b, 2)  # the check can tell the tables apart
    assert [e.visible_to(2) for e in a.start_events] != [e.visible_to(2) for e in b.start_events]
    ea, eb = cmd(a, 0, "d 9s"), cmd(b, 0, "d 9s")
    _same_to_others(a, b, ea, eb)
    for _ in range(4):
        ea, eb = discard_drawn(a), discard_drawn(b)
        _same_to_others(a, b, ea, eb)
    assert a.current == 1 and len(a.actions) == 5


def test_a_pass_is_seen_only_by_the_seat_that_passed() -> None:
    state = make_state(QUIET, 0)
    cmd(state, 0, "d 5z")  # seat 2 holds 5z5z
    assert state.to_act() == [2]
    (passed, drew) = cmd(state, 2, "pass")
    assert passed.kind is EventKind.PASSED and drew.kind is EventKind.DREW
    assert passed.visible_to(2) == passed
    assert all(passed.visible_to(v) is None for v in (None, 0, 1, 3))
