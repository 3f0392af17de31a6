"""The saved form of a hand: versioned JSON-ready data, and loading it back exactly.

Kept apart from the state machine so the turn flow reads on its own. The format holds every
concealed hand, the wall position and the seed: it is secret (the bot's database only).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.errors import StateFormatError
from shangrao_bot.engine.hand_records import SEATS, Discard, MeldRecord, Phase
from shangrao_bot.engine.state import STATE_VERSION, HandState
from shangrao_bot.engine.wall import Dice, WallSetup
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind, WinHow
from shangrao_bot.rules.tiles import NUM_KINDS, Meld, MeldKind, format_tiles, parse_tiles


@dataclass
class _Encoded:
    """The encoded actions and turn log of one state, kept between saves: both lists only
    grow during a hand, and a table saves after every move, so each save encodes only what
    was added since the last. ``last_*`` (the last item encoded, by identity) and the lists'
    own identity catch a state whose lists were replaced (a restore)."""

    actions_of: list[Action] | None = None
    last_action: Action | None = None
    actions: list[list[object]] = field(default_factory=list)
    log_of: list[tuple[str, int]] | None = None
    last_log: tuple[str, int] | None = None
    log: list[list[object]] = field(default_factory=list)


_ENCODED: weakref.WeakKeyDictionary[HandState, _Encoded] = weakref.WeakKeyDictionary()


def _encoded(state: HandState) -> _Encoded:
    enc = _ENCODED.get(state)
    if enc is None:
        enc = _ENCODED[state] = _Encoded()
    actions, log = state.actions, state.log
    n = len(enc.actions)
    if (
        enc.actions_of is not actions
        or n > len(actions)
        or (n and actions[n - 1] is not enc.last_action)
    ):
        enc.actions_of, enc.actions, n = actions, [], 0
    if n < len(actions):
        enc.actions.extend(a.to_json() for a in actions[n:])
        enc.last_action = actions[-1]
    m = len(enc.log)
    if enc.log_of is not log or m > len(log) or (m and log[m - 1] is not enc.last_log):
        enc.log_of, enc.log, m = log, [], 0
    if m < len(log):
        enc.log.extend([k, s] for k, s in log[m:])
        enc.last_log = log[-1]
    return enc


@lru_cache(maxsize=1024)
def _hand_text(counts: tuple[int, ...]) -> str:
    """A concealed hand's text from its tile counts: a seat's hand changes only on its own
    turns, and every save writes all four."""
    return format_tiles(k for k in range(NUM_KINDS) for _ in range(counts[k]))


def hand_to_dict(state: HandState) -> dict[str, Any]:
    """The whole state of ``state`` as JSON-ready data (versioned). Secret: it holds every
    hand and the seed, so it belongs in the bot's database, never in a message. The lists of
    actions and log entries are fresh copies (a saved dict must not change with the state), their
    items shared between saves and never changed."""
    enc = _encoded(state)
    return {
        "version": STATE_VERSION,
        "rules": rules_to_dict(state.rules),
        "seed": state.seed.hex(),
        "custom_wall": _setup_to_dict(state.setup) if state.custom_wall else None,
        "dealer": state.dealer,
        "wall": list(state.wall.position),
        "hands": [_hand_text(tuple(state.hands[s])) for s in range(SEATS)],
        "melds": [
            [[r.meld.kind.value, list(r.meld.tiles), r.from_seat, r.claimed] for r in recs]
            for recs in state.melds
        ],
        "discards": [[[d.tile, d.flown, d.claimed_by] for d in pile] for pile in state.discards],
        "bao_drawn": list(state.bao_drawn),
        "bao_flown": list(state.bao_flown),
        "bonuses": [[b.seat, b.kind.value] for b in state.bonuses],
        "actions": list(enc.actions),
        "log": list(enc.log),
        "phase": state.phase.value,
        "current": state.current,
        "drawn": state.drawn,
        "after_call": state.after_call,
        "chain": state.chain,
        "replacement": state.replacement,
        "claim": [state.claim_tile, state.claim_from],
        "options": {str(s): [a.to_json() for a in o] for s, o in sorted(state.options.items())},
        "responses": {str(s): a.to_json() for s, a in sorted(state.responses.items())},
        "discard_count": state.discard_count,
        "robbed_tile": state.robbed_tile,
        "winners": [[s, h.value, e] for s, h, e in state._winners],
    }


def hand_from_dict(data: dict[str, Any]) -> HandState:
    """A state saved by :func:`hand_to_dict`; refuses unknown versions and damaged data."""
    if not isinstance(data, dict):
        raise StateFormatError("engine.saved.hand_not_object")
    version = data.get("version")
    if version != STATE_VERSION:
        raise StateFormatError(
            "engine.saved.hand_version", version=repr(version), supported=STATE_VERSION
        )
    try:
        return _restore(data)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AssertionError) as exc:
        raise StateFormatError("engine.saved.hand_damaged", detail=repr(exc)) from None


def _restore(data: dict[str, Any]) -> HandState:
    custom = data.get("custom_wall")
    state = HandState(
        rules_from_dict(data["rules"]),
        bytes.fromhex(data["seed"]),
        data["dealer"],
        _setup_from_dict(custom, bytes.fromhex(data["seed"])) if custom is not None else None,
    )
    head, tail = data["wall"]
    state.wall.restore(int(head), int(tail))
    state.hands = [[0] * NUM_KINDS for _ in range(SEATS)]
    for s, text in enumerate(data["hands"]):
        for t in parse_tiles(text) if text else []:
            state.hands[s][t] += 1
    state.melds = [
        [MeldRecord(Meld(MeldKind(k), tuple(ts)), f, c) for k, ts, f, c in recs]
        for recs in data["melds"]
    ]
    state.discards = [[Discard(t, bool(fl), cb) for t, fl, cb in pile] for pile in data["discards"]]
    state.bao_drawn = [int(x) for x in data["bao_drawn"]]
    state.bao_flown = [int(x) for x in data["bao_flown"]]
    state.bonuses = [Bonus(int(s), BonusKind(k)) for s, k in data["bonuses"]]
    state.actions = [Action.from_json(a) for a in data["actions"]]
    state.log = [(str(k), int(s)) for k, s in data["log"]]
    state.phase = Phase(data["phase"])
    state.current = int(data["current"])
    state.drawn = data["drawn"]
    state.after_call = bool(data["after_call"])
    state.chain = int(data["chain"])
    state.replacement = bool(data["replacement"])
    state.claim_tile, state.claim_from = data["claim"]
    state.options = {int(s): [Action.from_json(a) for a in o] for s, o in data["options"].items()}
    state.responses = {int(s): Action.from_json(a) for s, a in data["responses"].items()}
    state.discard_count = int(data["discard_count"])
    state.robbed_tile = data["robbed_tile"]
    winners = [(int(s), WinHow(h), e) for s, h, e in data["winners"]]
    state._winners = winners
    state.recompute_result()
    return state


def _setup_to_dict(setup: WallSetup) -> dict[str, Any]:
    d = setup.dice
    return {
        "order": list(setup.order),
        "dealer_rounds": [[list(r) if r else None for r in rnd] for rnd in d.dealer_rounds],
        "break_dice": list(d.break_dice),
        "indicator_dice": list(d.indicator_dice),
    }


def _setup_from_dict(data: dict[str, Any], seed: bytes) -> WallSetup:
    rounds = tuple(
        tuple((int(r[0]), int(r[1])) if r else None for r in rnd) for rnd in data["dealer_rounds"]
    )
    b0, b1 = data["break_dice"]
    i0, i1 = data["indicator_dice"]
    order = tuple(int(t) for t in data["order"])
    if sorted(order) != [k for k in range(NUM_KINDS) for _ in range(4)]:
        raise StateFormatError("engine.saved.wall_tiles")
    return WallSetup(seed, order, Dice(rounds, (int(b0), int(b1)), (int(i0), int(i1))))


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    return {
        "preset": rules.preset.value,
        "stake": rules.stake,
        "indicator_kong": rules.indicator_kong,
        "di_hu": rules.di_hu,
        "qiang_gang": rules.qiang_gang,
        "baike_loose_baodiao": rules.baike_loose_baodiao,
        "rob_with_bao": rules.rob_with_bao,
    }


def rules_from_dict(data: dict[str, Any]) -> RuleSet:
    return RuleSet(
        Preset(data["preset"]),
        int(data["stake"]),
        bool(data["indicator_kong"]),
        bool(data["di_hu"]),
        bool(data["qiang_gang"]),
        bool(data["baike_loose_baodiao"]),
        bool(data.get("rob_with_bao", True)),  # saved before the switch existed: its default
    )
