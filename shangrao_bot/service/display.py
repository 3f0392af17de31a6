"""What a table shows, to everyone and to each seat — including while a claim window is held.

After a discard the engine decides at once whether anyone may claim it; when nobody may, it has
already drawn the next tile. Showing that would reveal, by timing, that nobody could claim. So
while a claim is held (:mod:`~.table_run`) the table shows the *claim-window look* — the board right
after the discard, built here from the board just before it — and every seat's view is built on
that board without anything that happened after the discard (the next seat's new tile, its
options).
The look equals the engine's own view of a claim window, which a test checks.
"""

from __future__ import annotations

from dataclasses import replace

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.hand_records import SEATS, Discard, Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, PublicView, public_view, view_for
from shangrao_bot.service.model import SeatInfo, Table, TableInfo, TableStatus


def claim_look(before: PublicView, action: Action) -> PublicView:
    """The board right after ``action`` (a discard, or a 补杠 that may be robbed), made from the
    board just before it — what the engine shows while the discard / kong may be claimed."""
    seat, tile = action.seat, action.tile
    assert tile is not None
    seats = [replace(sv, to_act=False) for sv in before.seats]
    mine = seats[seat]
    if action.kind is ActionKind.DISCARD:
        seats[seat] = replace(
            mine,
            concealed_count=mine.concealed_count - 1,
            discards=(*mine.discards, Discard(tile)),
        )
        return replace(
            before,
            phase=Phase.CLAIM,
            current=seat,
            seats=tuple(seats),
            last_discard=(seat, tile),
            latest_discarder=seat,
            added_kong=None,
            sequence=before.sequence + 1,
        )
    seats[seat] = replace(mine, concealed_count=mine.concealed_count - 1)
    return replace(
        before,
        phase=Phase.ROB,
        current=seat,
        seats=tuple(seats),
        last_discard=None,
        added_kong=(seat, tile),
        sequence=before.sequence + 1,
    )


def before_last_action(state: HandState) -> HandState:
    """The hand as it was just before its last action (replayed: a hand is determined by its
    seed and actions). Used to rebuild a held claim window's look after a restart."""
    setup = state.setup if state.custom_wall else None
    return HandState.replay(state.rules, state.seed, state.dealer, state.actions[:-1], setup)


def table_public(table: Table) -> PublicView | None:
    """The board as everyone sees it now (None in the lobby)."""
    if table.hold is not None:
        return table.hold.public
    state = table.hand
    if state is not None:
        return public_view(state)
    if table.last_hand is not None:
        return public_view(table.last_hand)
    return None


def seat_view(table: Table, seat: int) -> PlayerView | None:
    """What ``seat`` sees now: its own tiles and legal actions on the shown board. Private to
    that seat. None when no hand is being played."""
    state = table.hand
    if state is None:
        return None
    view = view_for(state, seat)
    hold = table.hold
    if hold is None:
        return view
    claiming = state.phase in (Phase.CLAIM, Phase.ROB)
    legal: tuple[Action, ...] = ()
    if claiming and hold.answered(seat) is None:
        legal = view.legal
    if claiming:
        return replace(view, public=hold.public, legal=legal)
    # the engine has moved past the window: hide the next draw and what it allows
    return replace(
        view, public=hold.public, drawn=None, legal=(), bao_drawn=hold.bao_drawn_before[seat]
    )


def private_mark(view: PlayerView, hand_no: int) -> object:
    """What identifies a seat's own part of its view (tiles, drawn tile, options): a change
    means the seat's panel must be refreshed."""
    return (hand_no, view.concealed, view.drawn, view.legal, view.bao_drawn)


def shown_deadline(table: Table, pub: PublicView | None) -> float | None:
    if table.status is TableStatus.READY:
        return table.ready_deadline
    if table.status is not TableStatus.PLAYING or pub is None or table.paused:
        return None
    if table.hold is not None:
        return table.hold.deadline
    if pub.phase is Phase.TURN:
        return None if table.is_auto(pub.current) else table.deadline
    if pub.phase in (Phase.CLAIM, Phase.ROB):
        return table.deadline
    return None


def info_of(table: Table, now: float) -> TableInfo:
    """The frozen, public picture of ``table`` at ``now``."""
    pub = table_public(table)
    seats = tuple(
        None
        if s is None
        else SeatInfo(
            seat=i,
            kind=s.kind,
            name=s.name,
            user_id=s.user_id,
            ai_level=s.ai_level,
            away=table.autopilot[i],
            strikes=table.strikes[i],
            ready=table.ready[i] or table.is_auto(i),
        )
        for i, s in enumerate(table.seats)
    )
    session = table.session
    playing = table.status is TableStatus.PLAYING and pub is not None
    shown_hand = table.hand or table.last_hand
    return TableInfo(
        id=table.id,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        thread_id=table.thread_id,
        host_id=table.host_id,
        status=table.status,
        config=table.config,
        seats=seats,
        spectators=frozenset(table.spectators),
        hand_no=table.hand_no,
        hands_planned=table.config.hands,
        totals=tuple(session.totals) if session is not None else (0,) * SEATS,
        dealer=pub.dealer if pub is not None else None,
        dice=shown_hand.setup.dice if shown_hand is not None else None,
        public=pub,
        phase=pub.phase if pub is not None else None,
        turn_seat=pub.current if playing and pub is not None and pub.phase is Phase.TURN else None,
        deadline=shown_deadline(table, pub),
        ready_deadline=table.ready_deadline if table.status is TableStatus.READY else None,
        paused=table.paused,
        idle_deadline=table.idle_deadline if table.paused else None,
        ledger_session_id=table.ledger_session_id,
        at=now,
    )
