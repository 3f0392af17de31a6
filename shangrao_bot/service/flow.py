"""The game flow of one table at one moment: everything that happens between a trigger (a
player's action, a timer) and the point where the table waits again — AI moves, claim holds,
prompts, timeouts, autopilot, pauses, the Ready gate.

A :class:`TableRun` is synchronous: it changes the :class:`~.model.Table` (under the lock the
service holds) and writes what must be shown and logged into an :class:`~.effects.Effects`. The
only asynchronous steps — recording a finished hand in the ledger and closing the session — stay
with the service, which calls :meth:`TableRun.finish_hand` and the closing helpers around them.

Timing rules, and why:

* An AI (or autopilot) seat acts ``ai_delay`` after its turn starts — people can follow.
* Every discard that could be claimed (a flown 宝 cannot) and every 补杠 that could be robbed
  opens a *claim hold*, whether or not anyone can claim: the table shows the claim-window look,
  collects the answers (AIs answer at once, humans who may claim are prompted) and gives them to
  the engine, best claim first, when the hold ends; a draw the engine already made is shown only
  then. A claim that loses (a chi beaten by a pong) thus never reaches the engine: it leaves no
  public trace (the public sequence counts only what happened), and a second player's click on
  the same window is never "outdated".
* The hold lasts until the window is decided (every seat that could still win the window has
  answered) or its deadline passes — and, at a table with two or more human seats, never less
  than ``min_claim_seconds``.
* A human's turn times out after ``turn_seconds``: the bot plays for them with the best AI's
  judgement (:func:`~.autoplay.timeout_action`: a legal win is taken, a 宝 that can be kept is
  never discarded) and they get a strike; ``strikes_for_autopilot`` strikes in a row put the
  seat on autopilot. A claim window times out into a win when one is legal, else a pass —
  *without* a strike: a public strike right after a discard would tell everyone that seat could
  have claimed.
* When every human is away the table pauses; it ends after ``idle_end_seconds`` unless
  someone comes back.
* A lobby that nobody changed for ``lobby_idle_seconds`` closes (reason ``expired``).

What the minimum hold hides, and why one human does not need it. When nobody may claim a
discard, the engine draws the next tile at once; when somebody may, it waits for answers. A
table that moved on at once in the first case and only after a pause in the second would tell
every watcher, by timing, that somebody held a claim on the tile (a pair of it, a waiting hand
for 抢杠) even when they passed. The minimum hold makes every discard look the same for
``min_claim_seconds``. It protects *humans* from learning about each other: AIs do not read
timing. So the hold is kept whenever two or more seats are human — a seat on autopilot counts
(its player may be watching and come back) — and skipped when at most one seat is human; then
the pace after a discard is the same whether or not anyone could claim:

* the hold ends in the same step that opened it unless the one human may claim: every AI answers
  a window at once (never after ``ai_delay``, which would make an AI that *can* claim slower
  than one that cannot), so the window resolves at the discard's own moment, and the next seat
  acts ``ai_delay`` later — exactly as when nobody could claim. The presenter gets the same
  calls at the same times either way: the claim-window look, then the board after the window;
  an AI's pass is private (``PASSED``), so only a claim actually made shows;
* when the one human may claim, the window waits for their answer (or the deadline) — they know
  their own options, and nobody else human is there to learn from the wait. Spectators see that
  wait, but they learn at most the human's own options, which that human knows anyway; an AI's
  claim that beats every option of the human resolves the window at once, as the claim is
  public anyway.
* the remaining difference is computing time: an AI that may claim spends a few milliseconds
  deciding, far below the time Discord takes to deliver any message.

Two or more human seats: every discard holds for ``min_claim_seconds`` as described above.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass

from shangrao_bot.engine.actions import CLAIM_RANK, Action, ActionKind
from shangrao_bot.engine.errors import EngineError, IllegalAction, NotYourTurn
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.persist import hand_from_dict, hand_to_dict
from shangrao_bot.engine.session import HandRecord
from shangrao_bot.engine.state import SEATS, HandState, Phase
from shangrao_bot.engine.views import PlayerView, public_view, view_for
from shangrao_bot.service.autoplay import (
    AUTOPILOT_LEVEL,
    ai_action,
    ai_seed,
    stand_in_action,
    timeout_action,
)
from shangrao_bot.service.config import ServiceConfig
from shangrao_bot.service.display import claim_look, info_of, private_mark, seat_view
from shangrao_bot.service.effects import Call, Effects
from shangrao_bot.service.errors import (
    AlreadyAnswered,
    IllegalMove,
    NotYourTurnError,
    WaitForClaims,
)
from shangrao_bot.service.model import ActResult, Hold, PromptKey, Table, TableInfo, TableStatus
from shangrao_bot.service.presenter import HandSummary

CLAIMING = (Phase.CLAIM, Phase.ROB)
_STEP_LIMIT = 10_000


def prompt_key(state: HandState, hand_no: int) -> PromptKey:
    sequence = sum(1 for a in state.actions if a.kind is not ActionKind.PASS)
    return (hand_no, sequence, state.phase.value, state.current)


def claim_rank(state: HandState, action: Action) -> tuple[int, int]:
    """The engine's claim priority (§4): kind first, then turn order after the discarder."""
    assert state.claim_from is not None
    return CLAIM_RANK[action.kind], -((action.seat - state.claim_from) % SEATS)


def hold_decided(state: HandState, hold: Hold) -> bool:
    """True once the collected answers decide the window — no seat still to answer could beat
    the best answer (a 抢杠 window waits for every robber: several may win) — or when the
    engine moved past it already (nobody could claim)."""
    if state.phase not in CLAIMING:
        return True
    missing = [s for s in state.to_act() if hold.answered(s) is None]
    if not missing:
        return True
    if state.phase is Phase.ROB or not hold.answers:
        return False
    best = max(claim_rank(state, a) for a in hold.answers)
    return all(max(claim_rank(state, o) for o in state.options[s]) < best for s in missing)


def apply_checked(state: HandState, action: Action) -> list[Event]:
    """``state.apply`` with the engine's refusals turned into user errors (same reason)."""
    try:
        return state.apply(action)
    except NotYourTurn as exc:
        raise NotYourTurnError(reason=str(exc)) from None
    except IllegalAction as exc:
        raise IllegalMove(reason=str(exc)) from None


AiKey = tuple[int, int, int]  # hand number, actions so far, seat


@dataclass(frozen=True)
class AiRequest:
    """An AI decision to make: :func:`~.autoplay.ai_decision`'s arguments, plain data."""

    key: AiKey
    level: str
    seed: int
    view: PlayerView


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
        # AI decisions made ahead of time elsewhere (:meth:`ai_request`), by their key
        self.decided: dict[AiKey, Action] = {}

    def info(self) -> TableInfo:
        return info_of(self.table, self.now)

    def _auto_action(self, state: HandState, seat: int) -> Action:
        """The move of a seat the bot plays: an AI at its level, a human on autopilot with
        the stand-in's judgement (:func:`~.autoplay.stand_in_action`)."""
        if self.table.is_human(seat):
            return stand_in_action(state, seat, claims=True)
        ahead = self.decided.pop((self.table.hand_no, len(state.actions), seat), None)
        if ahead is not None and ahead in state.legal_actions(seat):
            return ahead
        return ai_action(state, seat, self._ai_level(seat))

    def _ai_level(self, seat: int) -> str:
        s = self.table.seats[seat]
        return (s.ai_level if s is not None else None) or AUTOPILOT_LEVEL

    def ai_request(self, levels: Container[str]) -> AiRequest | None:
        """The decision an AI seat will make when its delay has passed, if the table now
        waits for one (an AI's turn): the service may have it made ahead of time, off the event
        loop, and hand it back in :attr:`decided` (it is the same decision: an AI's choice is a
        function of its view and :func:`~.autoplay.ai_seed`). Only for an AI of one of
        ``levels``: the others decide faster than their view would travel."""
        t = self.table
        state = t.hand
        if t.status is not TableStatus.PLAYING or t.paused or t.hold is not None:
            return None
        if state is None or state.over or state.phase is not Phase.TURN or t.ai_due is None:
            return None
        seat = state.current
        if t.is_human(seat) or not t.is_auto(seat):
            return None
        level = self._ai_level(seat)
        if level not in levels:
            return None
        return AiRequest(
            key=(t.hand_no, len(state.actions), seat),
            level=level,
            seed=ai_seed(state, seat),
            view=view_for(state, seat),
        )

    def hold_seconds(self) -> float:
        """The claim hold's minimum: ``min_claim_seconds`` while two or more seats are human
        (on autopilot or not), else none (see the module's docstring)."""
        return self.cfg.min_claim_seconds if len(self.table.human_seats()) >= 2 else 0.0

    def _state(self) -> HandState:
        state = self.table.hand
        assert state is not None, "no hand is being played"
        return state

    # --- showing -------------------------------------------------------------------------------

    def publish(self, events: list[Event]) -> None:
        self._arm_deadline()
        self.out.table_changed(self.info(), events)

    def _arm_deadline(self) -> None:
        """Set the coming moment's deadline (a human's turn, a claim window for humans) before
        it is shown, so the public status carries its countdown. The step that prompts finds
        it set; ``now`` is the same, so the deadline is the one it would have set."""
        t = self.table
        state = t.hand
        if t.status is not TableStatus.PLAYING or state is None or state.over:
            return
        if t.hold is not None or t.paused:
            return
        self._sync_key(state)
        if t.deadline is not None:
            return
        if state.phase is Phase.TURN:
            if not t.is_auto(state.current):
                t.deadline = self.now + t.config.turn_seconds
        elif state.phase in CLAIMING and any(not t.is_auto(s) for s in state.to_act()):
            t.deadline = self.now + t.config.claim_seconds

    def _prompt(self, seat: int, deadline: float) -> None:
        view = seat_view(self.table, seat)
        assert view is not None
        self.table.prompted.add(seat)
        self.table.private_marks[seat] = private_mark(view, self.table.hand_no)
        self.out.prompt(self.info(), seat, view, deadline)

    def refresh_private(self) -> None:
        """A ``private_changed`` for each human seat whose own tiles or options changed since
        it was last shown (prompted seats were just shown)."""
        t = self.table
        for seat in t.human_seats():
            view = seat_view(t, seat)
            if view is None:
                continue
            mark = private_mark(view, t.hand_no)
            if t.private_marks.get(seat) != mark:
                t.private_marks[seat] = mark
                self.out.private_changed(self.info(), seat, view)

    # --- engine actions ------------------------------------------------------------------------

    def _holdable(self, state: HandState, action: Action) -> bool:
        if state.phase is not Phase.TURN:
            return False
        if action.kind is ActionKind.DISCARD:
            return action.tile != state.bao  # a flown 宝 is dead: nobody may claim it
        return action.kind is ActionKind.BUGANG and state.rules.robbing_allowed

    def apply(self, action: Action) -> Action:
        """Play ``action`` (raising user errors for the engine's refusals), log and show what
        happened — or start a claim hold — and return the action as the engine recorded it."""
        t = self.table
        state = self._state()
        hand_no = t.hand_no
        holdable = self._holdable(state, action)
        before = public_view(state) if holdable else None
        bao_before = tuple(state.bao_drawn)
        count = len(state.actions)
        events = apply_checked(state, action)
        taken = state.actions[count]
        self.out.log_events(events, hand_no)
        if before is None:
            self.publish(events)
            return taken
        shown = events[:1] + [e for e in events[1:] if e.kind is EventKind.CLAIM_WINDOW]
        held = [e for e in events[1:] if e.kind is not EventKind.CLAIM_WINDOW]
        t.hold = Hold(
            until=self.now + self.hold_seconds(),
            deadline=self.now + t.config.claim_seconds,
            kind="discard" if taken.kind is ActionKind.DISCARD else "bugang",
            seat=taken.seat,
            tile=taken.tile if taken.tile is not None else -1,
            public=claim_look(before, taken),
            bao_drawn_before=bao_before,
            held=held,
        )
        self.publish(shown)
        if state.phase in CLAIMING:
            self._open_window(state)
        return taken

    def _open_window(self, state: HandState) -> None:
        """Prompt the humans who may claim; note the AIs' answers."""
        t = self.table
        assert t.hold is not None
        self._sync_key(state)
        t.deadline = t.hold.deadline
        for seat in state.to_act():
            if not t.is_auto(seat):
                self._prompt(seat, t.deadline)
        self._answer_for_auto(state)

    def _answer_for_auto(self, state: HandState) -> None:
        hold = self.table.hold
        assert hold is not None
        if state.phase not in CLAIMING:
            return
        for seat in state.to_act():
            if self.table.is_auto(seat) and hold.answered(seat) is None:
                hold.answers.append(self._auto_action(state, seat))

    def _answer_for_late(self, state: HandState, hold: Hold) -> None:
        """The window's deadline passed: seats that did not answer win if they can, else pass
        — silently, with no strike (a public strike would reveal they could claim)."""
        for seat in state.to_act():
            if hold.answered(seat) is None:
                late = timeout_action(state, seat)
                hold.answers.append(late)
                self.out.log_table("timeout", seat=seat, action=late.to_json())

    def end_hold(self) -> None:
        """Give the collected answers to the engine, best claim first, and show what the hold
        kept back. Answers the decided window no longer needs never reach the engine."""
        t = self.table
        hold = t.hold
        assert hold is not None
        t.hold = None
        state = self._state()
        events = list(hold.held)
        answers = hold.answers
        if state.phase in CLAIMING:
            answers = sorted(answers, key=lambda a: claim_rank(state, a), reverse=True)
        for answer in answers:
            if state.phase not in CLAIMING:
                break
            try:
                new = state.apply(answer)
            except EngineError:
                continue  # the window was decided without this answer
            self.out.log_events(new, t.hand_no)
            events.extend(new)
        self.publish(events)

    def _sync_key(self, state: HandState) -> None:
        """A new moment of the game (a new turn or window): forget the previous prompts and
        deadlines."""
        t = self.table
        key = prompt_key(state, t.hand_no)
        if key != t.prompt_key:
            t.prompt_key = key
            t.prompted = set()
            t.deadline = None
            t.ai_due = None

    # --- a human's action ----------------------------------------------------------------------

    def human_action(self, seat: int, action: Action) -> ActResult:
        """Validate and take ``seat``'s action; raises a user error and changes nothing when
        it is refused."""
        t = self.table
        state = self._state()
        hold = t.hold
        if hold is not None:
            if state.phase not in CLAIMING or seat not in state.options:
                raise WaitForClaims()
            if hold.answered(seat) is not None:
                raise AlreadyAnswered()
            probe = hand_from_dict(hand_to_dict(state))
            apply_checked(probe, action)
            taken = probe.actions[-1]
            hold.answers.append(taken)
            self.out.log_table("answer", hand=t.hand_no, action=taken.to_json())
            return ActResult(taken, pending=True)
        was_claim = state.phase in CLAIMING
        key = prompt_key(state, t.hand_no)
        taken = self.apply(action)
        pending = was_claim and t.hold is None and prompt_key(state, t.hand_no) == key
        return ActResult(taken, pending=pending)

    # --- away, back, pause ---------------------------------------------------------------------

    def set_away(self, seat: int, key: str) -> None:
        t = self.table
        if t.autopilot[seat] or not t.is_human(seat):
            return
        t.autopilot[seat] = True
        self.out.log_table("away", seat=seat)
        self.out.notice(self.info(), key, seat=seat, name=t.name(seat))
        humans = t.human_seats()
        if humans and all(t.autopilot[s] for s in humans) and not t.paused:
            t.paused = True
            t.idle_deadline = self.now + self.cfg.idle_end_seconds
            self.out.log_table("paused")
            self.out.paused(self.info())

    def come_back(self, seat: int) -> None:
        t = self.table
        if not t.autopilot[seat]:
            return
        t.autopilot[seat] = False
        t.strikes[seat] = 0
        state = t.hand
        if state is not None and state.phase is Phase.TURN and state.current == seat:
            t.ai_due = None
            t.prompted.discard(seat)
        self.out.log_table("back", seat=seat)
        self.out.notice(self.info(), "table.notice.back", seat=seat, name=t.name(seat))
        if t.paused:
            t.paused = False
            t.idle_deadline = None
            self.out.log_table("resumed")
            self.out.resumed(self.info())

    def _time_out(self, seat: int) -> None:
        t = self.table
        state = self._state()
        claim = state.phase in CLAIMING
        taken = self.apply(timeout_action(state, seat))
        self.out.log_table("timeout", seat=seat, action=taken.to_json())
        if claim:
            return  # silent: a public strike would reveal that this seat could claim
        t.strikes[seat] += 1
        self.out.notice(
            self.info(),
            "table.notice.timed_out",
            seat=seat,
            name=t.name(seat),
            action=taken,
            strikes=t.strikes[seat],
        )
        if t.strikes[seat] >= self.cfg.strikes_for_autopilot:
            self.set_away(seat, "table.notice.autopilot")

    # --- hands ---------------------------------------------------------------------------------

    def start_hand(self) -> None:
        t = self.table
        assert t.session is not None
        state = t.session.start_hand()
        t.status = TableStatus.PLAYING
        t.ready = [False] * SEATS
        t.ready_deadline = t.ready_earliest = None
        t.last_hand = None
        t.prompt_key = None
        t.prompted = set()
        t.deadline = t.ai_due = None
        t.last_accepted.clear()
        self.out.log_events(state.start_events, t.hand_no)
        self._arm_deadline()
        self.out.hand_started(self.info(), state.start_events)

    def finish_hand(self, ledger_hand_id: int) -> HandRecord:
        """Settle the finished hand in the session (after the ledger recorded it) and open the
        Ready gate — or mark the session complete."""
        t = self.table
        assert t.session is not None
        state = self._state()
        record = t.session.finish_hand()
        t.last_hand = state
        t.prompt_key = None
        t.prompted = set()
        t.deadline = t.ai_due = None
        assert state.result is not None
        summary = HandSummary(
            number=record.number,
            result=state.result,
            public=public_view(state),
            record=record,
            totals=tuple(t.session.totals),
            ledger_hand_id=ledger_hand_id,
        )
        self.out.log_table("hand_recorded", hand=record.number, ledger_hand=ledger_hand_id)
        if t.session.over:
            t.end_reason = "completed"
            self.out.hand_ended(self.info(), summary)
            return record
        t.status = TableStatus.READY
        t.ready = [t.is_auto(s) for s in range(SEATS)]
        t.ready_deadline = self.now + self.cfg.ready_seconds
        t.ready_earliest = self.now + min(self.cfg.min_between_hands, self.cfg.ready_seconds)
        self.out.hand_ended(self.info(), summary)
        return record

    def set_ready(self, seat: int) -> None:
        t = self.table
        if not t.ready[seat]:
            t.ready[seat] = True
            self.out.log_table("ready", seat=seat)
            self.out.lobby_changed(self.info())

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

    def _idle(self) -> bool:
        t = self.table
        if t.idle_deadline is not None and self.now >= t.idle_deadline:
            t.end_reason = "idle"
        return False

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
                return self._idle()
            everyone = all(t.ready[s] or t.is_auto(s) for s in range(SEATS))
            early = t.ready_earliest is not None and self.now < t.ready_earliest
            late = t.ready_deadline is not None and self.now >= t.ready_deadline
            if (everyone and not early) or late:
                self.start_hand()
                return True
            return False
        if t.status is not TableStatus.PLAYING:
            return False
        if t.paused:
            return self._idle()
        state = self._state()
        if t.hold is not None:
            self._answer_for_auto(state)
            if self.now < t.hold.until:
                return False
            if not hold_decided(state, t.hold):
                if self.now < t.hold.deadline:
                    return False
                self._answer_for_late(state, t.hold)
            self.end_hold()
            return True
        if state.over:
            return False
        self._sync_key(state)
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
            self.apply(self._auto_action(state, seat))
            return True
        if t.deadline is None:
            t.deadline = self.now + t.config.turn_seconds
        if seat not in t.prompted:
            self._prompt(seat, t.deadline)
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
                self.apply(self._auto_action(state, seat))
                return True
        if t.deadline is None:
            t.deadline = self.now + t.config.claim_seconds
        for seat in waiting:
            if seat not in t.prompted:
                self._prompt(seat, t.deadline)
        if waiting and self.now >= t.deadline:
            self._time_out(waiting[0])
            return True
        return False

    def reprompt(self) -> None:
        """After a restart: prompt again every human seat that was prompted and still must
        act (their old messages may be gone)."""
        t = self.table
        state = t.hand
        if state is None or t.deadline is None:
            return
        if t.hold is not None and state.phase not in CLAIMING:
            return
        waiting = set(state.to_act())
        if t.hold is not None:
            waiting = {s for s in waiting if t.hold.answered(s) is None}
        for seat in sorted(t.prompted):
            if seat in waiting and not t.is_auto(seat):
                self._prompt(seat, t.deadline)
