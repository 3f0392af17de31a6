"""The claim hold: how a run (:class:`~.table_run.TableRun`) shows a discard that could be claimed,
collects the answers and gives them to the engine.

Every discard that could be claimed (a flown 宝 cannot) and every 补杠 that could be robbed
opens a *claim hold*, whether or not anyone can claim: the table shows the claim-window look,
collects the answers (AIs answer at once, humans who may claim are prompted) and gives them to
the engine, best claim first, when the hold ends; a draw the engine already made is shown only
then. A claim that loses (a chi beaten by a pong) thus never reaches the engine: it leaves no
public trace (the public sequence counts only what happened), and a second player's click on
the same window is never "outdated".

The hold lasts until the window is decided (every seat that could still win the window has
answered) or its deadline passes — and, at a table with two or more human seats, never less than
``min_claim_seconds``. A window whose deadline passes is answered for the late: a win when one
is legal, else a pass — without a strike.

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

from shangrao_bot.engine.actions import CLAIM_RANK, Action, ActionKind
from shangrao_bot.engine.errors import EngineError
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import SEATS, Phase
from shangrao_bot.engine.persist import hand_from_dict, hand_to_dict
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PublicView
from shangrao_bot.service.autoplay import SeatMoves, timeout_action
from shangrao_bot.service.display import claim_look
from shangrao_bot.service.errors import AlreadyAnswered, WaitForClaims
from shangrao_bot.service.human_seats import HumanSeats
from shangrao_bot.service.model import ActResult, Hold
from shangrao_bot.service.moment import CLAIMING, Moment, apply_checked


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


def holdable(state: HandState, action: Action) -> bool:
    """Whether ``action`` opens a claim hold: a discard (not of the flown 宝) or a 补杠 that may
    be robbed."""
    if state.phase is not Phase.TURN:
        return False
    if action.kind is ActionKind.DISCARD:
        return action.tile != state.bao  # a flown 宝 is dead: nobody may claim it
    return action.kind is ActionKind.BUGANG and state.rules.robbing_allowed


class ClaimHold:
    """One run's claim holds: opening one, the answers, ending it."""

    def __init__(self, moment: Moment, humans: HumanSeats, moves: SeatMoves) -> None:
        self.m = moment
        self.humans = humans
        self.moves = moves

    def seconds(self) -> float:
        """The claim hold's minimum: ``min_claim_seconds`` while two or more seats are human
        (on autopilot or not), else none (see the module's docstring)."""
        return self.m.cfg.min_claim_seconds if len(self.m.table.human_seats()) >= 2 else 0.0

    def open(
        self,
        state: HandState,
        taken: Action,
        events: list[Event],
        before: PublicView,
        bao_before: tuple[int, ...],
    ) -> None:
        """``taken`` (holdable) was played, making ``events`` from the board ``before``: show
        the claim-window look, keep back the rest, and open the window."""
        t = self.m.table
        now = self.m.now
        shown = events[:1] + [e for e in events[1:] if e.kind is EventKind.CLAIM_WINDOW]
        held = [e for e in events[1:] if e.kind is not EventKind.CLAIM_WINDOW]
        t.hold = Hold(
            until=now + self.seconds(),
            deadline=now + t.config.claim_seconds,
            kind="discard" if taken.kind is ActionKind.DISCARD else "bugang",
            seat=taken.seat,
            tile=taken.tile if taken.tile is not None else -1,
            public=claim_look(before, taken),
            bao_drawn_before=bao_before,
            held=held,
        )
        self.m.publish(shown)
        if state.phase in CLAIMING:
            self._open_window(state)

    def _open_window(self, state: HandState) -> None:
        """Prompt the humans who may claim; note the AIs' answers."""
        t = self.m.table
        assert t.hold is not None
        self.m.sync_key(state)
        t.deadline = t.hold.deadline
        for seat in state.to_act():
            if not t.is_auto(seat):
                self.humans.prompt(seat, t.deadline)
        self._answer_for_auto(state)

    def answer(self, state: HandState, seat: int, action: Action) -> ActResult:
        """A human's answer to the held window: checked on a copy of the hand and noted (the
        window resolves when the hold ends)."""
        t = self.m.table
        hold = t.hold
        assert hold is not None
        if state.phase not in CLAIMING or seat not in state.options:
            raise WaitForClaims()
        if hold.answered(seat) is not None:
            raise AlreadyAnswered()
        probe = hand_from_dict(hand_to_dict(state))
        apply_checked(probe, action)
        taken = probe.actions[-1]
        hold.answers.append(taken)
        self.m.out.log_table("answer", hand=t.hand_no, action=taken.to_json())
        return ActResult(taken, pending=True)

    def _answer_for_auto(self, state: HandState) -> None:
        t = self.m.table
        hold = t.hold
        assert hold is not None
        if state.phase not in CLAIMING:
            return
        for seat in state.to_act():
            if t.is_auto(seat) and hold.answered(seat) is None:
                hold.answers.append(self.moves.action(state, seat))

    def _answer_for_late(self, state: HandState, hold: Hold) -> None:
        """The window's deadline passed: seats that did not answer win if they can, else pass
        — silently, with no strike (a public strike would reveal they could claim)."""
        for seat in state.to_act():
            if hold.answered(seat) is None:
                late = timeout_action(state, seat)
                hold.answers.append(late)
                self.m.out.log_table("timeout", seat=seat, action=late.to_json())

    def step(self, state: HandState) -> bool:
        """The hold's part of a step: the bot's seats answer; the hold ends once its minimum
        passed and the window is decided or its deadline passed. True when it ended."""
        t = self.m.table
        assert t.hold is not None
        self._answer_for_auto(state)
        if self.m.now < t.hold.until:
            return False
        if not hold_decided(state, t.hold):
            if self.m.now < t.hold.deadline:
                return False
            self._answer_for_late(state, t.hold)
        self.end()
        return True

    def end(self) -> None:
        """Give the collected answers to the engine, best claim first, and show what the hold
        kept back. Answers the decided window no longer needs never reach the engine."""
        t = self.m.table
        hold = t.hold
        assert hold is not None
        t.hold = None
        state = self.m.state()
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
            self.m.out.log_events(new, t.hand_no)
            events.extend(new)
        self.m.publish(events)
