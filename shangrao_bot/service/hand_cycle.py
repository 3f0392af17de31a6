"""From one hand to the next, within a run (:class:`~.table_run.TableRun`): dealing a hand,
closing a finished one in the session once the ledger recorded it, and the Ready gate between the
two.

The Ready gate keeps the finished hand's result up: the next hand starts when every human is
ready (the bot's seats always are) but no sooner than ``min_between_hands``, or when
``ready_seconds`` have passed. The session's last hand opens no gate: the table closes.
"""

from __future__ import annotations

from shangrao_bot.engine.hand_records import SEATS
from shangrao_bot.engine.session import HandRecord
from shangrao_bot.engine.views import public_view
from shangrao_bot.service.model import TableStatus
from shangrao_bot.service.moment import Moment
from shangrao_bot.service.presenter import HandSummary


class HandCycle:
    """One run's hand boundaries: the deal, the finish and the Ready gate."""

    def __init__(self, moment: Moment) -> None:
        self.m = moment

    def start_hand(self) -> None:
        t = self.m.table
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
        self.m.out.log_events(state.start_events, t.hand_no)
        self.m.arm_deadline()
        self.m.out.hand_started(self.m.info(), state.start_events)

    def finish_hand(self, ledger_hand_id: int) -> HandRecord:
        """Settle the finished hand in the session (after the ledger recorded it) and open the
        Ready gate — or mark the session complete."""
        t = self.m.table
        cfg = self.m.cfg
        now = self.m.now
        assert t.session is not None
        state = self.m.state()
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
        self.m.out.log_table("hand_recorded", hand=record.number, ledger_hand=ledger_hand_id)
        if t.session.over:
            t.end_reason = "completed"
            self.m.out.hand_ended(self.m.info(), summary)
            return record
        t.status = TableStatus.READY
        t.ready = [t.is_auto(s) for s in range(SEATS)]
        t.ready_deadline = now + cfg.ready_seconds
        t.ready_earliest = now + min(cfg.min_between_hands, cfg.ready_seconds)
        self.m.out.hand_ended(self.m.info(), summary)
        return record

    def set_ready(self, seat: int) -> None:
        t = self.m.table
        if not t.ready[seat]:
            t.ready[seat] = True
            self.m.out.log_table("ready", seat=seat)
            self.m.out.lobby_changed(self.m.info())

    def start_when_ready(self) -> bool:
        """The Ready gate's part of a step (the table not paused): the next hand starts when
        everyone is ready and the result was up long enough, or the gate's time is up. True
        when it started."""
        t = self.m.table
        now = self.m.now
        everyone = all(t.ready[s] or t.is_auto(s) for s in range(SEATS))
        early = t.ready_earliest is not None and now < t.ready_earliest
        late = t.ready_deadline is not None and now >= t.ready_deadline
        if (everyone and not early) or late:
            self.start_hand()
            return True
        return False
