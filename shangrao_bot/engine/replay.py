"""A finished hand, step by step, rebuilt from its event log by playing the engine again.

A table logs every engine event (secret parts included) but not the actions that caused them.
The actions are read back from the events — a discard from ``discarded``, a claim from
``chi``/``pong``/``kong``, a pass from ``passed``, a win from ``won`` — and played again on a
fresh :class:`~.state.HandState` dealt from the same rules, seed and dealer. Every event the
engine produces must equal the logged one, in order: a log that does not match (damaged, or of
another engine version) is refused rather than shown wrong.

Two things of the table's flow leave no event, and are filled in here:

* a claim answer that lost to a better one (a chi beaten by a pong) is never logged; when a
  claim does not close its window by itself, the other seats still to answer are given their
  least claim, which cannot beat the logged winner (the engine settles the window exactly as it
  did);
* answers the table gave the engine in another order than they were logged (best claim first):
  the engine settles a window only on its answers, not their order.

The one thing that may differ is the board's move counter (:attr:`PublicView.sequence`): it
counts a losing claim that the table happened to give the engine, and the log cannot tell.

A *step* is what a viewer sees change: the deal, then every action (or group of answers) that
produced a public event. Passes alone change nothing public and join the next step.

Only a hand whose log reaches its end (``hand_ended``) is rebuilt: :class:`HandNotOver`
otherwise. Every step then carries every seat's concealed tiles, which the hand's end revealed
anyway — never call this for a hand still being played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.engine.actions import CLAIM_RANK, Action, ActionKind
from shangrao_bot.engine.errors import EngineError
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import SEATS, Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PublicView, public_view
from shangrao_bot.rules.ruleset import RuleSet

TABLE = -1  # the table's view: every hand face up (a seat's view shows that seat's hand only)


class ReplayError(EngineError):
    """A hand log that does not rebuild: the engine's events differ from the logged ones."""


class HandNotOver(ReplayError):
    """The log has no end: the hand is still being played (or was abandoned), and its
    concealed tiles are secret."""


@dataclass(frozen=True)
class ReplayStep:
    """The board after one step: the public view and every seat's concealed tiles (sorted,
    the drawn tile included), with the public events of the step (for its caption)."""

    index: int
    public: PublicView
    hands: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Replay:
    """A finished hand's steps (``steps[0]`` the deal, ``steps[-1]`` the end) and its final
    state (to check against the record)."""

    steps: tuple[ReplayStep, ...]
    final: HandState
    action_steps: tuple[int, ...] = ()  # per action of ``final.actions``: the step showing it

    def __len__(self) -> int:
        return len(self.steps)

    def step(self, index: int) -> ReplayStep:
        """Step ``index``, clamped to the hand (a button from an older message may point past
        either end)."""
        return self.steps[max(0, min(index, len(self.steps) - 1))]

    def moved(self, index: int, seat: int) -> bool:
        """Whether ``seat`` made a move that step ``index`` shows."""
        return any(
            a.seat == seat and s == index
            for a, s in zip(self.final.actions, self.action_steps, strict=False)
        )

    def shown_hands(self, index: int, seat: int) -> dict[int, tuple[int, ...]]:
        """The concealed hands a frame shows face up: ``seat``'s, or every one for
        :data:`TABLE`."""
        hands = self.step(index).hands
        if seat == TABLE:
            return dict(enumerate(hands))
        if not 0 <= seat < SEATS:
            raise EngineError("engine.replay.bad_seat", seat=seat)
        return {seat: hands[seat]}


def _same(a: Event, b: Event) -> bool:
    """Events equal as logged (the log does not keep the ``private`` flag: it follows from the
    kind)."""
    return (a.kind, a.seat, a.tiles, a.detail, a.owner, a.secret) == (
        b.kind,
        b.seat,
        b.tiles,
        b.detail,
        b.owner,
        b.secret,
    )


def _legal(state: HandState, seat: int | None, kind: ActionKind, **match: object) -> Action:
    if seat is None:
        raise ReplayError("engine.replay.no_seat", kind=kind.value)
    for a in state.legal_actions(seat):
        if a.kind is kind and all(getattr(a, k) == v for k, v in match.items()):
            return a
    raise ReplayError(
        "engine.replay.not_allowed",
        seat=seat,
        kind=kind.value,
        match=str(match or ""),
        at=len(state.actions),
    )


def _turn_action(state: HandState, e: Event) -> Action:
    if e.seat != state.current:
        raise ReplayError("engine.replay.out_of_turn", seat=e.seat, current=state.current)
    if e.kind is EventKind.DISCARDED and e.tiles:
        return _legal(state, e.seat, ActionKind.DISCARD, tile=e.tiles[0])
    if e.kind is EventKind.ANGANG and e.tiles:
        return _legal(state, e.seat, ActionKind.ANGANG, tile=e.tiles[0])
    if e.kind is EventKind.BUGANG_DECLARED and e.tiles:
        return _legal(state, e.seat, ActionKind.BUGANG, tile=e.tiles[0])
    if e.kind is EventKind.WON:
        return _legal(state, e.seat, ActionKind.WIN)
    raise ReplayError("engine.replay.turn_expected", kind=e.kind.value)


def _claim_action(state: HandState, e: Event) -> Action:
    if e.kind is EventKind.PASSED:
        return _legal(state, e.seat, ActionKind.PASS)
    if e.kind is EventKind.CHI:
        return _legal(state, e.seat, ActionKind.CHI, tiles=e.tiles)
    if e.kind is EventKind.PONG:
        return _legal(state, e.seat, ActionKind.PONG)
    if e.kind is EventKind.KONG:
        tiles = e.tiles if len(e.tiles) == 3 else ()
        return _legal(state, e.seat, ActionKind.KONG, tiles=tiles)
    if e.kind is EventKind.WON:
        return _legal(state, e.seat, ActionKind.WIN)
    raise ReplayError("engine.replay.answer_expected", kind=e.kind.value)


def _least_claim(state: HandState, seat: int) -> Action:
    """A seat's weakest claim: the answer it gave that lost (and so left no event)."""
    claims = [a for a in state.legal_actions(seat) if a.kind is not ActionKind.PASS]
    if not claims:
        raise ReplayError("engine.replay.unanswered", seat=seat)
    return min(claims, key=lambda a: CLAIM_RANK[a.kind])


class _Cursor:
    def __init__(self, logged: Sequence[Event]) -> None:
        self.logged = logged
        self.at = 0

    def peek(self) -> Event:
        if self.at >= len(self.logged):
            raise HandNotOver("engine.replay.log_ends")
        return self.logged[self.at]

    def expect(self, produced: Sequence[Event]) -> None:
        for i, e in enumerate(produced):
            got = self.logged[self.at + i] if self.at + i < len(self.logged) else None
            if got is None:
                raise HandNotOver("engine.replay.log_ends")
            if not _same(e, got):
                raise ReplayError(
                    "engine.replay.event_differs",
                    number=self.at + i + 1,
                    logged=got.kind.value,
                    logged_seat=got.seat,
                    made=e.kind.value,
                    made_seat=e.seat,
                )
        self.at += len(produced)


def _play_group(state: HandState, cursor: _Cursor) -> list[Event]:
    """Play the actions behind the logged event at the cursor; the events they produced."""
    e = cursor.peek()
    if state.phase is Phase.TURN:
        return state.apply(_turn_action(state, e))
    if state.phase is Phase.ROB and e.kind is EventKind.WON:
        # every robber's win shows at once, when the last answer settles the window
        robbers: list[int] = []
        for later in cursor.logged[cursor.at :]:
            if later.kind is not EventKind.WON or later.seat is None:
                break
            robbers.append(later.seat)
        produced: list[Event] = []
        for seat in robbers:
            if seat in state.to_act():
                produced += state.apply(_legal(state, seat, ActionKind.WIN))
        return produced
    action = _claim_action(state, e)
    produced = state.apply(action)
    if state.phase is Phase.CLAIM and action.kind is not ActionKind.PASS and not produced:
        for seat in state.to_act():  # the losers' answers, never logged
            produced += state.apply(_least_claim(state, seat))
            if state.phase is not Phase.CLAIM:
                break
    return produced


def _public(events: Sequence[Event]) -> tuple[Event, ...]:
    return tuple(v for v in (e.visible_to(None) for e in events) if v is not None)


def _hands(state: HandState) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(state.concealed(s)) for s in range(SEATS))


def rebuild_hand(
    rules: RuleSet, seed: bytes, dealer: int, logged: Sequence[Event], *, limit: int = 2000
) -> Replay:
    """Play the hand of ``logged`` (its engine events, in order, secret parts included) again
    from ``rules``, ``seed`` and ``dealer``; its steps. Raises :class:`HandNotOver` when the log
    stops before the hand's end and :class:`ReplayError` when it does not match the engine."""
    if not any(e.kind is EventKind.HAND_ENDED for e in logged):
        raise HandNotOver("engine.replay.not_ended")
    state = HandState(rules, seed, dealer)
    cursor = _Cursor(logged)
    cursor.expect(state.start_events)
    steps = [ReplayStep(0, public_view(state), _hands(state), _public(state.start_events))]
    pending: list[Event] = []
    action_steps: list[int] = []
    while not state.over:
        if len(state.actions) > limit:
            raise ReplayError("engine.replay.too_long", limit=limit)
        before = len(state.actions)
        try:
            produced = _play_group(state, cursor)
        except ReplayError:
            raise
        except EngineError as exc:
            raise ReplayError("engine.replay.refused", reason=exc.phrase) from None
        if len(state.actions) == before:
            raise ReplayError("engine.replay.no_action", number=cursor.at + 1)
        cursor.expect(produced)
        pending += produced
        shown = _public(pending)
        if shown:
            steps.append(ReplayStep(len(steps), public_view(state), _hands(state), shown))
            pending = []
            action_steps += [len(steps) - 1] * (len(state.actions) - len(action_steps))
    if cursor.at != len(logged):
        raise ReplayError("engine.replay.goes_on", more=len(logged) - cursor.at)
    action_steps += [len(steps) - 1] * (len(state.actions) - len(action_steps))
    return Replay(tuple(steps), state, tuple(action_steps))


def dealer_of(logged: Sequence[Event]) -> int:
    """The dealer a hand log names (its ``hand_started`` event)."""
    for e in logged:
        if e.kind is EventKind.HAND_STARTED and e.seat is not None:
            return e.seat
    raise ReplayError("engine.replay.no_start")


def seed_of(logged: Sequence[Event]) -> bytes:
    """The seed a finished hand's log reveals (its ``hand_ended`` event); :class:`HandNotOver`
    while the hand is on (the seed is secret until then)."""
    for e in logged:
        if e.kind is EventKind.HAND_ENDED and e.detail.startswith("seed="):
            try:
                return bytes.fromhex(e.detail[len("seed=") :])
            except ValueError:
                raise ReplayError("engine.replay.seed_not_hex", detail=repr(e.detail)) from None
    raise HandNotOver("engine.replay.not_ended")
