"""The game flow of one table at one moment: everything that happens between a trigger (a
player's action, a timer) and the point where the table waits again — AI moves, claim holds,
prompts, timeouts, autopilot, pauses, the Ready gate.

A :class:`TableRun` is synchronous: it changes the :class:`~.model.Table` (under the lock the
service holds) and writes what must be shown and logged into an
:class:`~.deferred_effects.Effects`. The only asynchronous steps — recording a finished hand in
the ledger and closing the session — stay with the service, which calls
:meth:`TableRun.finish_hand` and the closing helpers around them.

The run plays the game's loop itself (:meth:`TableRun.step`: whose turn, which window, what is
due) and the engine actions (:meth:`TableRun.apply`, :meth:`TableRun.human_action`); the rest
is done by parts that share the run's :class:`~.moment.Moment`:

* :class:`~.autoplay.SeatMoves` — the moves of the seats the bot plays (AIs, autopilot), with
  the decisions the service had made ahead of time;
* :class:`~.claim_hold.ClaimHold` — the claim hold after every discard that could be claimed;
* :class:`~.human_seats.HumanSeats` — prompts, timeouts and strikes, away and back, the pause;
* :class:`~.hand_cycle.HandCycle` — dealing, finishing a hand, the Ready gate.

Timing rules, and why:

* An AI (or autopilot) seat acts ``ai_delay`` after its turn starts — people can follow.
* Every discard that could be claimed (a flown 宝 cannot) and every 补杠 that could be robbed
  opens a *claim hold*, whether or not anyone can claim; it lasts until the window is decided
  or its deadline passes — and, at a table with two or more human seats, never less than
  ``min_claim_seconds`` (:mod:`.claim_hold` says what that hides, and why one human does not need
  it).
* A human's turn times out after ``turn_seconds``: the bot plays for them with the best AI's
  judgement (:func:`~.autoplay.timeout_action`: a legal win is taken, a 宝 that can be kept is
  never discarded) and they get a strike; ``strikes_for_autopilot`` strikes in a row put the
  seat on autopilot. A claim window times out into a win when one is legal, else a pass —
  *without* a strike: a public strike right after a discard would tell everyone that seat could
  have claimed.
* When every human is away the table pauses; it ends after ``idle_end_seconds`` unless
  someone comes back.
* A lobby that nobody changed for ``lobby_idle_seconds`` closes (reason ``expired``).
"""

from __future__ import annotations

from collections.abc import Container

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.session import HandRecord
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import public_view
from shangrao_bot.service.autoplay import AiKey, AiRequest, SeatMoves, timeout_action
from shangrao_bot.service.claim_hold import ClaimHold, holdable
from shangrao_bot.service.config import ServiceConfig
from shangrao_bot.service.deferred_effects import Call, Effects
from shangrao_bot.service.hand_cycle import HandCycle
from shangrao_bot.service.human_seats import HumanSeats
from shangrao_bot.service.model import ActResult, Table, TableInfo, TableStatus
from shangrao_bot.service.moment import CLAIMING, Moment, apply_checked, prompt_key

_STEP_LIMIT = 10_000


class TableRun:
    """One pass over a table at time ``now``."""

    def __init__(self, table: Table, cfg: ServiceConfig, now: float, out: Effects) -> None:
        self.table = table
        self.cfg = cfg
        self.now = now
        self.out = out
        # presenter calls whose events are saved (the service shows only these), and how many
        # saves the run made
        self.saved_calls: list[tuple[str, Call]] = []
        self.saves = 0
        self.moment = Moment(table, cfg, now, out)
        self.moves = SeatMoves(table)
        self.humans = HumanSeats(self.moment)
        self.claims = ClaimHold(self.moment, self.humans, self.moves)
        self.hands = HandCycle(self.moment)

    @property
    def decided(self) -> dict[AiKey, Action]:
        """AI decisions made ahead of time elsewhere (:meth:`ai_request`), by their key."""
        return self.moves.decided

    @decided.setter
    def decided(self, decided: dict[AiKey, Action]) -> None:
        self.moves.decided = decided

    def info(self) -> TableInfo:
        return self.moment.info()

    def ai_request(self, levels: Container[str]) -> AiRequest | None:
        """The decision an AI seat of one of ``levels`` will make when its delay has passed,
        if the table now waits for one (:meth:`~.autoplay.SeatMoves.request`)."""
        return self.moves.request(levels)

    def hold_seconds(self) -> float:
        """The claim hold's minimum (:meth:`~.claim_hold.ClaimHold.seconds`)."""
        return self.claims.seconds()

    # --- showing -------------------------------------------------------------------------------

    def publish(self, events: list[Event]) -> None:
        self.moment.publish(events)

    def refresh_private(self) -> None:
        """A ``private_changed`` for each human seat whose own tiles or options changed since
        it was last shown (prompted seats were just shown)."""
        self.humans.refresh_private()

    def reprompt(self) -> None:
        """After a restart: prompt again every human seat that was prompted and still must
        act (their old messages may be gone)."""
        self.humans.reprompt()

    # --- engine actions ------------------------------------------------------------------------

    def apply(self, action: Action) -> Action:
        """Play ``action`` (raising user errors for the engine's refusals), log and show what
        happened — or start a claim hold — and return the action as the engine recorded it."""
        state = self.moment.state()
        hand_no = self.table.hand_no
        before = public_view(state) if holdable(state, action) else None
        bao_before = tuple(state.bao_drawn)
        count = len(state.actions)
        events = apply_checked(state, action)
        taken = state.actions[count]
        self.out.log_events(events, hand_no)
        if before is None:
            self.publish(events)
            return taken
        self.claims.open(state, taken, events, before, bao_before)
        return taken

    def end_hold(self) -> None:
        """Give the collected answers to the engine, best claim first, and show what the hold
        kept back (:meth:`~.claim_hold.ClaimHold.end`)."""
        self.claims.end()

    def human_action(self, seat: int, action: Action) -> ActResult:
        """Validate and take ``seat``'s action; raises a user error and changes nothing when
        it is refused."""
        t = self.table
        state = self.moment.state()
        if t.hold is not None:
            return self.claims.answer(state, seat, action)
        was_claim = state.phase in CLAIMING
        key = prompt_key(state, t.hand_no)
        taken = self.apply(action)
        pending = was_claim and t.hold is None and prompt_key(state, t.hand_no) == key
        return ActResult(taken, pending=pending)

    # --- away, back, ready ---------------------------------------------------------------------

    def set_away(self, seat: int, key: str) -> None:
        self.humans.set_away(seat, key)

    def come_back(self, seat: int) -> None:
        self.humans.come_back(seat)

    def set_ready(self, seat: int) -> None:
        self.hands.set_ready(seat)

    # --- hands ---------------------------------------------------------------------------------

    def start_hand(self) -> None:
        self.hands.start_hand()

    def finish_hand(self, ledger_hand_id: int) -> HandRecord:
        """Settle the finished hand in the session (after the ledger recorded it) and open the
        Ready gate — or mark the session complete."""
        return self.hands.finish_hand(ledger_hand_id)

    # --- the loop ------------------------------------------------------------------------------

    def hand_over(self) -> bool:
        """The hand is finished and shown: the service must record it now."""
        t = self.table
        state = t.hand
        return (
            t.status is TableStatus.PLAYING
            and state is not None
            and state.over
            and t.hold is None
            and t.end_reason is None
        )

    def step(self) -> None:
        """Do everything that is due at ``now``, until the table waits for a human, a timer,
        or the service (a finished hand to record, an end to carry out)."""
        for _ in range(_STEP_LIMIT):
            if not self._step_once():
                return
        raise RuntimeError(f"table {self.table.id} does not settle")

    def _step_once(self) -> bool:
        t = self.table
        if t.end_reason is not None:
            return False
        if t.status is TableStatus.LOBBY:
            # a lobby nobody changed for lobby_idle_seconds closes: forgotten lobbies must not
            # hold the guild's table places
            if self.now >= t.changed_at + self.cfg.lobby_idle_seconds:
                t.end_reason = "expired"
            return False
        if t.status is TableStatus.READY:
            if t.paused:
                return self.humans.idle()
            return self.hands.start_when_ready()
        if t.status is not TableStatus.PLAYING:
            return False
        if t.paused:
            return self.humans.idle()
        state = self.moment.state()
        if t.hold is not None:
            return self.claims.step(state)
        if state.over:
            return False
        self.moment.sync_key(state)
        if state.phase is Phase.TURN:
            return self._turn(state, state.current)
        return self._window(state)

    def _turn(self, state: HandState, seat: int) -> bool:
        t = self.table
        if t.is_auto(seat):
            if t.ai_due is None:
                t.ai_due = self.now + self.cfg.ai_delay
            if self.now < t.ai_due:
                return False
            self.apply(self.moves.action(state, seat))
            return True
        if t.deadline is None:
            t.deadline = self.now + t.config.turn_seconds
        if seat not in t.prompted:
            self.humans.prompt(seat, t.deadline)
        if self.now >= t.deadline:
            self._time_out(seat)
            return True
        return False

    def _window(self, state: HandState) -> bool:
        """A claim window after its hold: AI answers at once; humans until the deadline."""
        t = self.table
        waiting = state.to_act()
        for seat in waiting:
            if t.is_auto(seat):
                self.apply(self.moves.action(state, seat))
                return True
        if t.deadline is None:
            t.deadline = self.now + t.config.claim_seconds
        for seat in waiting:
            if seat not in t.prompted:
                self.humans.prompt(seat, t.deadline)
        if waiting and self.now >= t.deadline:
            self._time_out(waiting[0])
            return True
        return False

    def _time_out(self, seat: int) -> None:
        """``seat``'s time ran out: the bot plays for it (a strike unless a claim window)."""
        state = self.moment.state()
        in_window = state.phase in CLAIMING
        taken = self.apply(timeout_action(state, seat))
        self.humans.timed_out(seat, taken, in_window=in_window)
