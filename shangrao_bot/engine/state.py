"""One hand of Shangrao mahjong as a pure, event-sourced state machine (rule book §2-§9).

A hand is fully determined by (rule set, wall seed, dealer, action list)::

    state = HandState(RuleSet(), seed, dealer=0)
    while not state.over:
        seat = state.to_act()[0]
        events = state.apply(choose(state.legal_actions(seat)))

:meth:`HandState.legal_actions` is complete and exact; :meth:`HandState.apply` validates an
action and returns the events it caused, or raises :class:`NotYourTurn` / :class:`IllegalAction`
with a reason a player understands. Draws, replacement tiles, 接宝, 四个宝, 流局 and the end of a
hand happen automatically inside ``apply``.

Phases: ``TURN`` (the current seat holds 14-equivalent tiles and must act), ``CLAIM`` (after a
discard, every seat with a legal claim answers; priority §4), ``ROB`` (after a 补杠, every seat
the tile completes may rob it; several may), ``OVER``.

The state machine is built in layers, each in its own module: the records of a hand
(:mod:`.hand_records`), the tiles, draws and queries (:mod:`.hand_table`), the claim windows
(:mod:`.claim_windows`) and, here, a turn's actions. Why a move is refused is worded in
:mod:`.why_not`; the points of the end in :mod:`~.hand_points`.
"""

from __future__ import annotations

from collections.abc import Iterable

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.claim_windows import ClaimWindows
from shangrao_bot.engine.errors import IllegalAction, NotYourTurn
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import (
    SEATS,
    Discard,
    MeldRecord,
    Phase,
)
from shangrao_bot.engine.wall import WallSetup
from shangrao_bot.engine.why_not import not_your_turn, why_illegal
from shangrao_bot.engine.why_not import why_not_win as _why_not_win
from shangrao_bot.errors import Phrase
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import BonusKind, WinHow
from shangrao_bot.rules.tiles import Meld, MeldKind

STATE_VERSION = 1


class HandState(ClaimWindows):
    """The whole state of one hand. Mutable; :func:`.persist.hand_to_dict` and
    :func:`.persist.hand_from_dict` save and load it, :mod:`.views` says what each seat sees.

    ``HandState(rules, seed, dealer, setup)`` deals a new hand (see
    :class:`~.hand_table.HandTable`)."""

    def why_not_win(self, seat: int) -> Phrase:
        """Why ``seat`` cannot win now, in words a player understands."""
        return _why_not_win(self, seat)

    # --- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Validate and play ``action``; return the events it caused (automatic draws included)."""
        if self.phase is Phase.OVER:
            raise IllegalAction("engine.hand_over")
        if not 0 <= action.seat < SEATS:
            raise IllegalAction("engine.bad_seat", seat=action.seat)
        action = self._normalized(action)
        legal = self.legal_actions(action.seat)
        if action not in legal:
            if not legal:
                raise NotYourTurn(not_your_turn(self, action.seat))
            raise IllegalAction(why_illegal(self, action))
        how = self.turn_how()  # before the action joins the record: 天胡 needs none yet
        self.actions.append(action)
        events: list[Event] = []
        if self.phase is Phase.TURN:
            self._apply_turn(action, how, events)
        elif self.phase is Phase.CLAIM:
            self._answer(action, events)
            self._try_resolve_claims(events)
        else:
            self._answer(action, events)
            self._try_resolve_rob(events)
        return events

    def _normalized(self, action: Action) -> Action:
        """Fill in what the situation makes obvious, so a player's short command matches the
        legal action: the claimed tile of a claim, no tile on a self-drawn win."""
        k = action.kind
        if self.phase is Phase.TURN:
            if k is ActionKind.WIN and action.tile == self.drawn and not action.tiles:
                return Action(action.seat, k)
        elif action.tile is None and (
            (k in (ActionKind.WIN, ActionKind.PONG, ActionKind.KONG) and not action.tiles)
            or k is ActionKind.CHI
        ):
            action = Action(action.seat, k, self.claim_tile, action.tiles)
        if (
            self.phase is Phase.CLAIM
            and k is ActionKind.KONG
            and not action.tiles
            and action.tile == self.indicator
        ):
            # a kong on a discard of the indicator's kind can only be a 跌宝杠 (§4)
            return Action(action.seat, k, action.tile, (action.tile,) * 3)
        return action

    # --- a turn's actions ----------------------------------------------------------------------

    def _apply_turn(self, a: Action, how: WinHow, events: list[Event]) -> None:
        seat = a.seat
        if a.kind is ActionKind.WIN:
            self._finish_wins([(seat, how, None)], events)
        elif a.kind is ActionKind.DISCARD:
            assert a.tile is not None
            self._discard(seat, a.tile, events)
        elif a.kind is ActionKind.ANGANG:
            assert a.tile is not None
            self._angang(seat, a.tile, events)
        elif a.kind is ActionKind.BUGANG:
            assert a.tile is not None
            self.hands[seat][a.tile] -= 1
            self.drawn = None
            self.log.append(("K", seat))
            self.claim_tile, self.claim_from = a.tile, seat
            events.append(Event(EventKind.BUGANG_DECLARED, seat, (a.tile,)))
            self._open_rob_window(seat, a.tile, events)

    def _angang(self, seat: int, k: int, events: list[Event]) -> None:
        """A concealed kong of ``k``: four in hand, or the three live tiles of the indicator's
        kind (跌宝杠)."""
        n = self.hands[seat][k]
        self.hands[seat][k] = 0
        kind = MeldKind.KONG_CONCEALED if n == 4 else MeldKind.KONG_INDICATOR
        self.melds[seat].append(MeldRecord(Meld(kind, (k,) * n)))
        self.log.append(("K", seat))
        events.append(Event(EventKind.ANGANG, seat, (k,) * n))
        events.append(self._bonus(seat, BonusKind.ANGANG))
        if kind is MeldKind.KONG_INDICATOR:
            # Three tiles are already one set: a replacement would leave the hand a tile
            # too long (14 - 3 + 1 = 12 concealed beside one set), so a 跌宝杠 draws none and
            # the turn goes on; if the drawn tile went into it there is no winning tile.
            if self.drawn == k:
                self.drawn = None
            return
        self.chain += 1
        self._replacement_draw(seat, events)

    def _discard(self, seat: int, tile: int, events: list[Event]) -> None:
        self.hands[seat][tile] -= 1
        self.drawn = None
        self.after_call = False
        self.replacement = False
        self.chain = 0
        flown = tile == self.bao
        self.discards[seat].append(Discard(tile, flown))
        self.discard_count += 1
        self.log.append(("D", seat))
        events.append(Event(EventKind.DISCARDED, seat, (tile,), "flown" if flown else ""))
        self.claim_tile, self.claim_from = tile, seat
        self.options, self.responses = {}, {}
        if flown:
            self.bao_flown[seat] += 1
            for r in range(SEATS):
                if r != seat and self.bao_drawn[r] == 3:
                    events.append(self._bonus(r, BonusKind.JIEBAO))
            self._draw((seat + 1) % SEATS, events)
            return
        self._open_claim_window(seat, tile, events)

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: bytes,
        dealer: int,
        actions: Iterable[Action],
        setup: WallSetup | None = None,
    ) -> HandState:
        """Rebuild a hand from its record: the same (rules, seed, dealer, actions) always give
        the same state."""
        state = cls(rules, seed, dealer, setup)
        for a in actions:
            state.apply(a)
        return state
