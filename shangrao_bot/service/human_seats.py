"""How a run waits for the table's human seats (:class:`~.table_run.TableRun`): prompting them,
their time running out, stepping away and coming back.

* A prompted seat is marked (the view it was shown), so a later change shows it again only when
  its own tiles or options changed (:meth:`HumanSeats.refresh_private`); after a restart every
  seat still to act is prompted again (its old message may be gone).
* A human's turn that times out gets a strike (the move itself is made by the run, with the
  best AI's judgement); ``strikes_for_autopilot`` strikes in a row put the seat on autopilot. A
  claim window's timeout is silent: a public strike right after a discard would tell everyone
  that seat could have claimed.
* When every human is away the table pauses; it ends after ``idle_end_seconds`` unless someone
  comes back.
"""

from __future__ import annotations

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.service.display import private_mark, seat_view
from shangrao_bot.service.moment import CLAIMING, Moment


class HumanSeats:
    """The run's dealings with its human seats: prompts, timeouts and strikes, away and back,
    the pause while everybody is away."""

    def __init__(self, moment: Moment) -> None:
        self.m = moment

    # --- prompts -------------------------------------------------------------------------------

    def prompt(self, seat: int, deadline: float) -> None:
        t = self.m.table
        view = seat_view(t, seat)
        assert view is not None
        t.prompted.add(seat)
        t.private_marks[seat] = private_mark(view, t.hand_no)
        self.m.out.prompt(self.m.info(), seat, view, deadline)

    def refresh_private(self) -> None:
        """A ``private_changed`` for each human seat whose own tiles or options changed since
        it was last shown (prompted seats were just shown)."""
        t = self.m.table
        for seat in t.human_seats():
            view = seat_view(t, seat)
            if view is None:
                continue
            mark = private_mark(view, t.hand_no)
            if t.private_marks.get(seat) != mark:
                t.private_marks[seat] = mark
                self.m.out.private_changed(self.m.info(), seat, view)

    def reprompt(self) -> None:
        """After a restart: prompt again every human seat that was prompted and still must
        act (their old messages may be gone)."""
        t = self.m.table
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
                self.prompt(seat, t.deadline)

    # --- time running out ----------------------------------------------------------------------

    def timed_out(self, seat: int, taken: Action, *, in_window: bool) -> None:
        """``seat``'s time ran out and the bot played ``taken`` for it: logged, and — unless it
        was a claim window (silent) — a strike, and autopilot after too many in a row."""
        t = self.m.table
        self.m.out.log_table("timeout", seat=seat, action=taken.to_json())
        if in_window:
            return  # silent: a public strike would reveal that this seat could claim
        t.strikes[seat] += 1
        self.m.out.notice(
            self.m.info(),
            "table.notice.timed_out",
            seat=seat,
            name=t.name(seat),
            action=taken,
            strikes=t.strikes[seat],
        )
        if t.strikes[seat] >= self.m.cfg.strikes_for_autopilot:
            self.set_away(seat, "table.notice.autopilot")

    # --- away, back, pause ---------------------------------------------------------------------

    def set_away(self, seat: int, key: str) -> None:
        t = self.m.table
        out = self.m.out
        if t.autopilot[seat] or not t.is_human(seat):
            return
        t.autopilot[seat] = True
        out.log_table("away", seat=seat)
        out.notice(self.m.info(), key, seat=seat, name=t.name(seat))
        humans = t.human_seats()
        if humans and all(t.autopilot[s] for s in humans) and not t.paused:
            t.paused = True
            t.idle_deadline = self.m.now + self.m.cfg.idle_end_seconds
            out.log_table("paused")
            out.paused(self.m.info())

    def come_back(self, seat: int) -> None:
        t = self.m.table
        out = self.m.out
        if not t.autopilot[seat]:
            return
        t.autopilot[seat] = False
        t.strikes[seat] = 0
        state = t.hand
        if state is not None and state.phase is Phase.TURN and state.current == seat:
            t.ai_due = None
            t.prompted.discard(seat)
        out.log_table("back", seat=seat)
        out.notice(self.m.info(), "table.notice.back", seat=seat, name=t.name(seat))
        if t.paused:
            t.paused = False
            t.idle_deadline = None
            out.log_table("resumed")
            out.resumed(self.m.info())

    def idle(self) -> bool:
        """A paused table: ends once ``idle_end_seconds`` passed; never a step to take."""
        t = self.m.table
        if t.idle_deadline is not None and self.m.now >= t.idle_deadline:
            t.end_reason = "idle"
        return False
