"""AI-played hands for the render tests that want many ordinary moments (not canonical scenes:
those are :mod:`tests.render.scenes`, never played by the AI)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from shangrao_bot.engine.hand_records import SEATS
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import view_for
from shangrao_bot.rules.ruleset import RuleSet


def played(seed: int, every: int, *, with_end: bool = True) -> Iterator[HandState]:
    """A hand of four normal AIs (its wall and dealer from ``seed``) every ``every`` actions,
    and at its end unless ``with_end`` is False. The same state object, moved on: a caller
    takes what it needs of each moment at once (copying a state by replaying is slow)."""
    state = HandState(RuleSet(), seed=seed.to_bytes(32, "big"), dealer=seed % SEATS)
    ais = [make_ai("normal", random.Random(seed * 10 + s)) for s in range(SEATS)]
    n = 0
    while not state.over:
        seat = state.to_act()[0]
        state.apply(ais[seat].choose(view_for(state, seat)))
        n += 1
        if (n % every == 0 and not state.over) or (state.over and with_end):
            yield state
