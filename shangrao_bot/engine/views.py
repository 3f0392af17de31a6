"""What each seat, and a spectator, may see of a hand (plain dataclasses for renderers and UIs).

A claim or 抢杠 window shows in ``phase`` (and ``last_discard`` / ``added_kong``) only while a
seat may answer: the engine moves on at once when nobody can. Whoever publishes the public view
must therefore hold every discard for the same minimum time before showing what follows (the
table service does), so that the window's existence is never seen, only its outcome.

:func:`public_view` never contains a concealed tile, the wall order or the seed while the hand
is on; when it is over the seed and every hand are revealed (the seed reveals the whole wall
anyway, which is what makes the hand verifiable). :func:`view_for` adds exactly one seat's own
concealed tiles and its legal actions.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.hand_records import SEATS, Discard, HandResult, MeldRecord, Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind

WINDS_ZH = ("东", "南", "西", "北")


@dataclass(frozen=True)
class SeatView:
    seat: int
    wind: int  # 0 東 … 3 北, the dealer is East
    dealer: bool
    concealed_count: int
    melds: tuple[MeldRecord, ...]
    discards: tuple[Discard, ...]
    bao_flown: int
    to_act: bool  # whose turn it is (False for everyone during a claim or rob window)


@dataclass(frozen=True)
class PublicView:
    rules: RuleSet
    phase: Phase
    dealer: int
    current: int  # whose turn (TURN), or who discarded / declared the 补杠 (CLAIM, ROB)
    bao: int
    indicator: int
    live: int
    commitment: str  # sha256 of the seed, published at the start
    seats: tuple[SeatView, ...]
    last_discard: tuple[int, int] | None  # (seat, tile) while it may still be claimed
    latest_discarder: int | None  # who discarded last: their newest discard is the latest one
    added_kong: tuple[int, int] | None  # (seat, tile) of a 补杠 while it may be robbed (抢杠)
    bonuses: tuple[Bonus, ...]  # 四个宝 only once the hand is over (it would reveal 宝 held)
    sequence: int  # public actions so far (passes are not counted: they would reveal a claim)
    result: HandResult | None  # only when the hand is over
    seed: str | None  # revealed when the hand is over
    revealed: tuple[tuple[int, ...], ...] | None  # every concealed hand, when over


@dataclass(frozen=True)
class PlayerView:
    seat: int
    public: PublicView
    concealed: tuple[int, ...]  # sorted, the drawn tile excluded
    drawn: int | None  # the tile just drawn (or the dealer's 14th), shown apart
    replacement: bool  # the drawn tile came from the tail after a kong (a win now is 杠开)
    legal: tuple[Action, ...]
    bao_drawn: int


# The public view of each live state as of ``len(actions)``: every change of a state is an action,
# and a busy table asks for that view many times a step. A state loaded from a save is a new
# object, so it never finds a view of the state as dealt.
_PUBLIC: weakref.WeakKeyDictionary[HandState, tuple[int, PublicView]] = weakref.WeakKeyDictionary()


def public_view(state: HandState) -> PublicView:
    """What a spectator may see now. Built once per state (a state changes only by an
    action), however often a step asks: the table, its panels and its AI players all do."""
    cached = _PUBLIC.get(state)
    if cached is not None and cached[0] == len(state.actions):
        return cached[1]
    view = _public_view(state)
    _PUBLIC[state] = (len(state.actions), view)
    return view


def _public_view(state: HandState) -> PublicView:
    over = state.phase is Phase.OVER
    claiming = state.phase in (Phase.CLAIM, Phase.ROB)
    current = state.current
    if claiming and state.claim_from is not None:
        current = state.claim_from
    seats = tuple(
        SeatView(
            seat=s,
            wind=(s - state.dealer) % SEATS,
            dealer=s == state.dealer,
            concealed_count=sum(state.hands[s]),
            melds=tuple(state.melds[s]),
            discards=tuple(state.discards[s]),
            bao_flown=state.bao_flown[s],
            to_act=state.phase is Phase.TURN and s == state.current,
        )
        for s in range(SEATS)
    )
    last = None
    if state.phase is Phase.CLAIM and state.claim_from is not None and state.claim_tile is not None:
        last = (state.claim_from, state.claim_tile)
    added = None
    if state.phase is Phase.ROB and state.claim_from is not None and state.claim_tile is not None:
        added = (state.claim_from, state.claim_tile)
    return PublicView(
        rules=state.rules,
        phase=state.phase,
        dealer=state.dealer,
        current=current,
        bao=state.bao,
        indicator=state.indicator,
        live=state.wall.live,
        commitment=state.setup.commitment,
        seats=seats,
        last_discard=last,
        latest_discarder=next((s for kind, s in reversed(state.log) if kind == "D"), None),
        added_kong=added,
        bonuses=tuple(b for b in state.bonuses if over or b.kind is not BonusKind.SIGEBAO),
        sequence=sum(1 for a in state.actions if a.kind is not ActionKind.PASS),
        result=state.result if over else None,
        seed=state.seed.hex() if over else None,
        revealed=tuple(tuple(state.concealed(s)) for s in range(SEATS)) if over else None,
    )


def view_for(state: HandState, seat: int, public: PublicView | None = None) -> PlayerView:
    """``seat``'s view: the public view plus its own concealed tiles and legal actions."""
    tiles = state.concealed(seat)
    drawn = state.drawn if state.phase is Phase.TURN and seat == state.current else None
    if drawn is not None:
        tiles.remove(drawn)
    return PlayerView(
        seat=seat,
        public=public or public_view(state),
        concealed=tuple(tiles),
        drawn=drawn,
        replacement=drawn is not None and state.replacement,
        legal=tuple(state.legal_actions(seat)),
        bao_drawn=state.bao_drawn[seat],
    )


def unseen_counts(view: PlayerView, hand: Sequence[int]) -> list[int]:
    """Copies of each kind the viewer has not seen: four minus those in ``hand`` (34 counts of
    its own tiles), every meld, the live discards and the face-up indicator."""
    seen = list(hand)
    pub = view.public
    seen[pub.indicator] += 1
    for sv in pub.seats:
        for rec in sv.melds:
            for t in rec.meld.tiles:
                seen[t] += 1
        for d in sv.discards:
            if d.claimed_by is None:
                seen[d.tile] += 1
    return [max(0, 4 - n) for n in seen]


def hand_events(state: HandState) -> list[Event]:
    """Every event of the hand so far, in order (rebuilt by replaying its actions: a hand is
    determined by its seed and actions), as ``Event`` values with their secret parts — filter
    with :meth:`Event.visible_to` before showing them."""
    setup = state.setup if state.custom_wall else None
    replayed = HandState(state.rules, state.seed, state.dealer, setup)
    events = list(replayed.start_events)
    for action in state.actions:
        events += replayed.apply(action)
    return events
