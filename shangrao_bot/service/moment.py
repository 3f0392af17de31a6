"""A table at one moment of a run (:class:`~.table_run.TableRun`), shared by every part of the run:
the table, the service's config, the run's time ``now`` and its outbox — and what every part
needs of the moment: its key (a new turn or window forgets the previous prompts and deadlines),
the deadline humans are shown, the board shown after a change, and the engine's refusals as the
player's errors.
"""

from __future__ import annotations

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.errors import IllegalAction, NotYourTurn
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.service.config import ServiceConfig
from shangrao_bot.service.deferred_effects import Effects
from shangrao_bot.service.display import info_of
from shangrao_bot.service.errors import IllegalMove, NotYourTurnError
from shangrao_bot.service.model import PromptKey, Table, TableInfo, TableStatus

CLAIMING = (Phase.CLAIM, Phase.ROB)


def prompt_key(state: HandState, hand_no: int) -> PromptKey:
    sequence = sum(1 for a in state.actions if a.kind is not ActionKind.PASS)
    return (hand_no, sequence, state.phase.value, state.current)


def apply_checked(state: HandState, action: Action) -> list[Event]:
    """``state.apply`` with the engine's refusals turned into user errors (same reason)."""
    try:
        return state.apply(action)
    except NotYourTurn as exc:
        raise NotYourTurnError(reason=exc.phrase) from None
    except IllegalAction as exc:
        raise IllegalMove(reason=exc.phrase) from None


class Moment:
    """One run's table at its time ``now``, and the run's outbox."""

    def __init__(self, table: Table, cfg: ServiceConfig, now: float, out: Effects) -> None:
        self.table = table
        self.cfg = cfg
        self.now = now
        self.out = out

    def info(self) -> TableInfo:
        return info_of(self.table, self.now)

    def state(self) -> HandState:
        state = self.table.hand
        assert state is not None, "no hand is being played"
        return state

    def sync_key(self, state: HandState) -> None:
        """A new moment of the game (a new turn or window): forget the previous prompts and
        deadlines."""
        t = self.table
        key = prompt_key(state, t.hand_no)
        if key != t.prompt_key:
            t.prompt_key = key
            t.prompted = set()
            t.deadline = None
            t.ai_due = None

    def arm_deadline(self) -> None:
        """Set the coming moment's deadline (a human's turn, a claim window for humans) before
        it is shown, so the public status carries its countdown. The step that prompts finds
        it set; ``now`` is the same, so the deadline is the one it would have set."""
        t = self.table
        state = t.hand
        if t.status is not TableStatus.PLAYING or state is None or state.over:
            return
        if t.hold is not None or t.paused:
            return
        self.sync_key(state)
        if t.deadline is not None:
            return
        if state.phase is Phase.TURN:
            if not t.is_auto(state.current):
                t.deadline = self.now + t.config.turn_seconds
        elif state.phase in CLAIMING and any(not t.is_auto(s) for s in state.to_act()):
            t.deadline = self.now + t.config.claim_seconds

    def publish(self, events: list[Event]) -> None:
        """Show the board after ``events``, with the coming moment's deadline."""
        self.arm_deadline()
        self.out.table_changed(self.info(), events)
