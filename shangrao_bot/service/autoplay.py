"""Actions the bot takes for a seat: an AI's choice (AI seats, and humans on autopilot) and the
default action when a human's time runs out.

An AI's random generator is seeded from the hand's secret seed, the seat and the number of
actions so far: no state to save, a resumed table plays exactly as it would have, and players
cannot predict an easy AI (the seed is secret until the hand ends).
"""

from __future__ import annotations

import hashlib
import random

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import make_ai
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for

AUTOPILOT_LEVEL = "normal"


def ai_rng(state: HandState, seat: int) -> random.Random:
    digest = hashlib.sha256(state.seed + f"/ai/{seat}/{len(state.actions)}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def ai_action(state: HandState, seat: int, level: str) -> Action:
    """The AI's choice for ``seat`` now (one of its legal actions)."""
    return make_ai(level, ai_rng(state, seat)).choose(view_for(state, seat))


def timeout_action(state: HandState, seat: int) -> Action:
    """What a human who let the time run out plays: in a claim window, pass; on their turn,
    discard the drawn tile — or, with no drawn tile (after a chi or pong), the last tile of the
    sorted hand."""
    legal = state.legal_actions(seat)
    passing = next((a for a in legal if a.kind is ActionKind.PASS), None)
    if passing is not None:
        return passing
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    if not discards:  # unreachable: a turn always offers a discard
        return legal[0]
    drawn = state.drawn
    if drawn is not None:
        match = next((a for a in discards if a.tile == drawn), None)
        if match is not None:
            return match
    return max(discards, key=lambda a: a.tile if a.tile is not None else -1)
