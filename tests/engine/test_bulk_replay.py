"""Replay equality over many simulated hands.

1,000 hands (about 15 ms each for play, replay and JSON round trip: some 15 s) are played by
AI players — all easy, all normal, and both mixes — under both presets, with hand seeds from
``seeded_source``. Each finished hand must replay from (rules, seed, dealer, actions) to the
identical state and result, survive a JSON round trip of ``to_dict``, satisfy the hand
invariants and settle zero-sum with the dealer rotation (rule book §2). (It played 2,000 until
the engine suite grew past its budget; every level mix and preset still comes round every 20
hands.)
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from shangrao_bot.engine.invariants import check_hand, next_dealer
from shangrao_bot.engine.persist import hand_from_dict, hand_to_dict
from shangrao_bot.engine.session import seeded_source
from shangrao_bot.engine.state import HandState
from shangrao_bot.rules.ruleset import Preset, RuleSet
from tests.engine.builders import ai_players, play_hand

HANDS = 1000
PARTS = 4
LEVELS = (
    ("easy", "easy", "easy", "easy"),
    ("normal", "normal", "normal", "normal"),
    ("normal", "easy", "normal", "easy"),
    ("easy", "normal", "easy", "normal"),
)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_a_thousand_ai_hands_replay_identically(part: int) -> None:
    """A thousand hands, played in four parts of 250 side by side (each part's outcomes
    include wins and a 流局)."""
    source = seeded_source("engine-bulk-replay")
    outcomes: Counter[str] = Counter()
    for n in range(part * HANDS // PARTS, (part + 1) * HANDS // PARTS):
        rules = RuleSet(Preset.BAIKE if n % 5 == 4 else Preset.SHANGRAO)
        state = HandState(rules, source(n), n % 4)
        play_hand(state, ai_players(LEVELS[n % 4], n))
        data = hand_to_dict(state)
        replayed = HandState.replay(rules, state.seed, state.dealer, state.actions)
        assert hand_to_dict(replayed) == data, f"hand {n}: replay differs"
        assert replayed.result == state.result, f"hand {n}: replayed result differs"
        loaded = hand_from_dict(json.loads(json.dumps(data)))
        assert hand_to_dict(loaded) == data, f"hand {n}: JSON round trip differs"
        assert loaded.result == state.result
        assert check_hand(state) == [], f"hand {n}"
        r = state.result
        assert r is not None and sum(r.deltas) == 0
        assert r.next_dealer == next_dealer(state.dealer, state)
        outcomes[r.outcome.value] += 1
        for w in r.wins:
            outcomes[w.how.value] += 1
    assert outcomes["win"] > HANDS // PARTS // 10 and outcomes["exhausted"] > 0, outcomes
