"""Actions the bot takes for a seat: an AI's choice (AI seats), and what it plays for a human —
on autopilot, or once when their time runs out.

For a human the bot stands in with a strong AI level's judgement (:data:`AUTOPILOT_LEVEL`,
``hard-v1``: ``engine/first_hard_ai.py``), made safe for someone who did not choose the risk:

* a legal win is always taken (自摸, 杠开, 天胡 on the turn; 地胡 or 抢杠 in a window) — the
  AI sometimes declines a plain 宝吊头 self-draw for a chance at more (偷机), a gamble that is
  the player's to take, not the bot's;
* the 宝 is never discarded (飞宝) while another tile can go — the AI flies it when that gains
  the hand a step, which doubles the player's win but also what they pay;
* on autopilot (the player is away, possibly for long) claim windows are answered like the
  AI does: chi, pong and kong when they help the hand, so the seat keeps playing to win;
* when time runs out in a claim window the bot wins if it can and otherwise passes: one missed
  answer is no reason to expose tiles in a meld for the player and hand them a turn they did
  not choose (a chi or pong is followed by their own discard, under the turn timer).

An AI's random generator is seeded from the hand's secret seed, the seat and the number of
actions so far: no state to save, a resumed table plays exactly as it would have, and players
cannot predict an easy AI (the seed is secret until the hand ends). So an AI's decision is a
function of its view and its seed (:func:`ai_decision`): the service may have it made ahead of
time in another process (:class:`AiRequest`) and a run uses it when it is still legal
(:class:`SeatMoves`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Container
from dataclasses import dataclass, replace

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, view_for
from shangrao_bot.service.model import Table, TableStatus

# A stand-in decides at once, on the event loop: the first hard's judgement takes about a
# millisecond, where ``hard``'s lookahead takes up to tens of milliseconds (an AI's turn spends
# them ahead of time, in another process). It plays nearly as well (duplicate deals: ``hard``
# gains about 0.3 points a hand on it; it gains about 0.4 on ``normal``).
AUTOPILOT_LEVEL = "hard-v1"
# The levels whose turn decisions are worth making ahead of time in another process: hard
# weighs every discard by the hand analysis (milliseconds). Easy and normal decide in a few
# tenths of a millisecond, less than sending their view to another process and back costs.
AHEAD_LEVELS = frozenset({"hard"})


def ai_seed(state: HandState, seat: int) -> int:
    """The seed of ``seat``'s AI for its next decision in ``state``."""
    digest = hashlib.sha256(state.seed + f"/ai/{seat}/{len(state.actions)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def ai_rng(state: HandState, seat: int) -> random.Random:
    return random.Random(ai_seed(state, seat))


def ai_action(state: HandState, seat: int, level: str) -> Action:
    """The AI's choice for ``seat`` now (one of its legal actions)."""
    return make_ai(level, ai_rng(state, seat)).choose(view_for(state, seat))


def ai_decision(level: str, seed: int, view: PlayerView) -> Action:
    """:func:`ai_action` from its parts (the level, :func:`ai_seed`, the seat's view): plain
    data, so that another process can make the decision ahead of time."""
    return make_ai(level, random.Random(seed)).choose(view)


def stand_in_action(state: HandState, seat: int, *, claims: bool) -> Action:
    """What the bot plays for a human ``seat`` now: the :data:`AUTOPILOT_LEVEL` AI's choice, but
    a legal win is always taken and a 宝 that can be kept is never discarded. In a claim window
    it answers like that AI when ``claims`` (autopilot), else it wins or passes (a timeout)."""
    view = view_for(state, seat)
    legal = view.legal
    win = next((a for a in legal if a.kind is ActionKind.WIN), None)
    if win is not None:
        return win
    if view.public.phase is not Phase.TURN:
        if not claims:
            return next(a for a in legal if a.kind is ActionKind.PASS)
    else:
        bao = view.public.bao
        keep = tuple(a for a in legal if a.kind is not ActionKind.DISCARD or a.tile != bao)
        if any(a.kind is ActionKind.DISCARD for a in keep):
            view = replace(view, legal=keep)
    return make_ai(AUTOPILOT_LEVEL, ai_rng(state, seat)).choose(view)


def timeout_action(state: HandState, seat: int) -> Action:
    """What a human who let the time run out plays (:func:`stand_in_action` without claims)."""
    return stand_in_action(state, seat, claims=False)


AiKey = tuple[int, int, int]  # hand number, actions so far, seat


@dataclass(frozen=True)
class AiRequest:
    """An AI decision to make: :func:`ai_decision`'s arguments, plain data."""

    key: AiKey
    level: str
    seed: int
    view: PlayerView


class SeatMoves:
    """The moves one run (:class:`~.table_run.TableRun`) makes for the seats the bot plays: an AI
    at its level — its decision made ahead of time when there is one (:attr:`decided`) — and a
    human on autopilot with the stand-in's judgement."""

    def __init__(self, table: Table) -> None:
        self.table = table
        # AI decisions made ahead of time elsewhere (:meth:`request`), by their key
        self.decided: dict[AiKey, Action] = {}

    def action(self, state: HandState, seat: int) -> Action:
        """The move of a seat the bot plays: an AI at its level, a human on autopilot with
        the stand-in's judgement (:func:`stand_in_action`)."""
        if self.table.is_human(seat):
            return stand_in_action(state, seat, claims=True)
        ahead = self.decided.pop((self.table.hand_no, len(state.actions), seat), None)
        if ahead is not None and ahead in state.legal_actions(seat):
            return ahead
        return ai_action(state, seat, self.level(seat))

    def level(self, seat: int) -> str:
        s = self.table.seats[seat]
        return (s.ai_level if s is not None else None) or AUTOPILOT_LEVEL

    def request(self, levels: Container[str]) -> AiRequest | None:
        """The decision an AI seat will make when its delay has passed, if the table now
        waits for one (an AI's turn): the service may have it made ahead of time, off the event
        loop, and hand it back in :attr:`decided` (it is the same decision: an AI's choice is a
        function of its view and :func:`ai_seed`). Only for an AI of one of ``levels``: the
        others decide faster than their view would travel."""
        t = self.table
        state = t.hand
        if t.status is not TableStatus.PLAYING or t.paused or t.hold is not None:
            return None
        if state is None or state.over or state.phase is not Phase.TURN or t.ai_due is None:
            return None
        seat = state.current
        if t.is_human(seat) or not t.is_auto(seat):
            return None
        level = self.level(seat)
        if level not in levels:
            return None
        return AiRequest(
            key=(t.hand_no, len(state.actions), seat),
            level=level,
            seed=ai_seed(state, seat),
            view=view_for(state, seat),
        )
