"""Hand-made walls for engine tests.

:func:`make_setup` lays out the 136 tiles so that the deal of
:class:`~shangrao_bot.engine.state.HandState` gives every seat exactly the tiles a test names,
the head draws come in the order named, kong replacements come from the tail in the order named
and the face-up 跌宝 indicator is the tile named. Everything else is filler: the tiles left over,
in a fixed pseudo-random order (``filler_seed``), so a builder call always gives the same wall.

The deal (``HandState._deal``): blocks of 4, 4, 4 and 1 tiles per seat, seats in turn order from
the dealer, then one more tile for the dealer — all from the head. Hands are dealt in the order
they are written, so the last tile written for the dealer is its 14th tile, the one
``HandState.drawn`` holds on the dealer's first turn.

The wall (``Wall``): the head draws skip the indicator; the tail (replacements) starts at index
135 and skips it too; the indicator sits at index ``136 - (2 + sum(indicator_dice))``.

Small helpers to play crafted hands follow (:func:`cmd`, :func:`pass_all`, …).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.ai import EasyAI, NormalAI
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.hand_records import SEATS, Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.persist import hand_from_dict, hand_to_dict
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, unseen_counts, view_for
from shangrao_bot.engine.wall import TILES, Dice, WallSetup
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import NUM_KINDS, parse_tile, parse_tiles

DEFAULT_INDICATOR = "7z"  # 中 face up: the 宝 is 发 (6z); only three 7z are live
DEFAULT_INDICATOR_DICE = (3, 3)  # indicator at index 136 - 8 = 128
ZERO_SEED = bytes(32)


def deal_positions(dealer: int) -> list[tuple[int, int]]:
    """(seat, index in that seat's dealt tiles) for wall indexes 0..52, as ``_deal`` draws."""
    order = [(dealer + i) % SEATS for i in range(SEATS)]
    taken = [0] * SEATS
    out: list[tuple[int, int]] = []
    for size in (4, 4, 4, 1):
        for seat in order:
            for _ in range(size):
                out.append((seat, taken[seat]))
                taken[seat] += 1
    out.append((dealer, taken[dealer]))
    return out


def indicator_index(indicator_dice: tuple[int, int]) -> int:
    return TILES - (2 + sum(indicator_dice))


def make_setup(
    hands: Mapping[int, str],
    dealer: int,
    draws: str = "",
    replacements: str = "",
    indicator: str = DEFAULT_INDICATOR,
    *,
    indicator_dice: tuple[int, int] = DEFAULT_INDICATOR_DICE,
    seed: bytes = ZERO_SEED,
    filler_seed: int = 0,
) -> WallSetup:
    """A wall whose deal, head draws, tail replacements and indicator are the ones named.

    ``hands``: seat -> mpsz tiles (14 for the dealer, 13 for the others); seats left out get
    filler. ``draws``: the head draws after the deal, in order (the first goes to the dealer's
    下家 unless a claim changes the turn). ``replacements``: the kong replacement tiles, in
    order. The dice make ``dealer`` the first dealer, so ``HandState(rules, setup=...)`` needs
    no ``dealer`` argument. Raises ValueError on an impossible layout.
    """
    if not 0 <= dealer < SEATS:
        raise ValueError(f"dealer {dealer} is not a seat")
    if not all(1 <= d <= 6 for d in indicator_dice):
        raise ValueError(f"indicator dice {indicator_dice} are not two dice")
    given: dict[int, list[int]] = {}
    for seat, text in hands.items():
        if not 0 <= seat < SEATS:
            raise ValueError(f"seat {seat} is not a seat")
        tiles = parse_tiles(text)
        want = 14 if seat == dealer else 13
        if len(tiles) != want:
            raise ValueError(f"seat {seat} is given {len(tiles)} tiles, it is dealt {want}")
        given[seat] = tiles
    head = parse_tiles(draws)
    tail = parse_tiles(replacements)
    ind = parse_tile(indicator)
    if len(deal_positions(dealer)) + len(head) + len(tail) + 1 > TILES:
        raise ValueError("too many draws and replacements for one wall")
    used = Counter([t for ts in given.values() for t in ts] + head + tail + [ind])
    for k, n in used.items():
        if n > 4:
            raise ValueError(f"{n} copies of kind {k} named: there are four")
    left = [k for k in range(NUM_KINDS) for _ in range(4 - used[k])]
    random.Random(filler_seed).shuffle(left)
    for seat in range(SEATS):
        if seat not in given:
            given[seat] = [left.pop() for _ in range(14 if seat == dealer else 13)]

    order: list[int | None] = [None] * TILES
    for i, (seat, j) in enumerate(deal_positions(dealer)):
        order[i] = given[seat][j]
    skip = indicator_index(indicator_dice)
    order[skip] = ind
    pos = len(deal_positions(dealer))
    for t in head:
        if pos == skip:
            pos += 1
        if pos >= TILES or order[pos] is not None:
            raise ValueError("too many draws and replacements for one wall")
        order[pos] = t
        pos += 1
    pos = TILES - 1
    for t in tail:
        if pos == skip:
            pos -= 1
        if pos < 0 or order[pos] is not None:
            raise ValueError("too many draws and replacements for one wall")
        order[pos] = t
        pos -= 1
    for i in range(TILES):
        if order[i] is None:
            order[i] = left.pop()
    assert not left
    final = tuple(t for t in order if t is not None)
    assert len(final) == TILES
    rolls = tuple((6, 6) if s == dealer else (1, 1) for s in range(SEATS))
    return WallSetup(seed, final, Dice((rolls,), (2, 5), indicator_dice))


def make_state(
    hands: Mapping[int, str],
    dealer: int = 0,
    draws: str = "",
    replacements: str = "",
    indicator: str = DEFAULT_INDICATOR,
    rules: RuleSet | None = None,
    *,
    indicator_dice: tuple[int, int] = DEFAULT_INDICATOR_DICE,
    seed: bytes = ZERO_SEED,
    filler_seed: int = 0,
) -> HandState:
    """A hand dealt from :func:`make_setup` (the default rule set unless given)."""
    setup = make_setup(
        hands,
        dealer,
        draws,
        replacements,
        indicator,
        indicator_dice=indicator_dice,
        seed=seed,
        filler_seed=filler_seed,
    )
    return HandState(rules or RuleSet(), setup=setup, dealer=dealer)


# --- playing crafted hands ---------------------------------------------------------------------


def tiles(text: str) -> list[int]:
    return sorted(parse_tiles(text))


def tile(text: str) -> int:
    return parse_tile(text)


def action(seat: int, text: str) -> Action:
    """An action from a short command: ``d 5m``, ``chi 345m``, ``pong``, ``kong`` (on a
    discard), ``angang 5m``, ``bugang 5m``, ``hu``, ``pass``. ``pong``/``kong``/``hu`` carry no
    tile (the engine fills in the claimed tile in claim windows)."""
    word, _, arg = text.strip().partition(" ")
    if word == "d":
        return Action(seat, ActionKind.DISCARD, parse_tile(arg))
    if word == "chi":
        seq = tuple(sorted(parse_tiles(arg)))
        return Action(seat, ActionKind.CHI, None, seq)
    if word == "pong":
        return Action(seat, ActionKind.PONG)
    if word == "kong":
        return Action(seat, ActionKind.KONG)
    if word == "angang":
        return Action(seat, ActionKind.ANGANG, parse_tile(arg))
    if word == "bugang":
        return Action(seat, ActionKind.BUGANG, parse_tile(arg))
    if word == "hu":
        return Action(seat, ActionKind.WIN)
    if word == "pass":
        return Action(seat, ActionKind.PASS)
    raise ValueError(f"unknown command {text!r}")


def cmd(state: HandState, seat: int, text: str) -> list[Event]:
    """Apply one short command (see :func:`action`); a chi names its sequence, the engine's
    listed chi for that sequence is used (it carries the claimed tile)."""
    a = action(seat, text)
    if a.kind is ActionKind.CHI:
        for legal in state.legal_actions(seat):
            if legal.kind is ActionKind.CHI and legal.tiles == a.tiles:
                a = legal
                break
    return state.apply(a)


def pass_all(state: HandState) -> list[Event]:
    """Every seat still asked in a claim or rob window passes."""
    events: list[Event] = []
    while state.phase in (Phase.CLAIM, Phase.ROB) and state.to_act():
        events += state.apply(Action(state.to_act()[0], ActionKind.PASS))
    return events


def discard_drawn(state: HandState) -> list[Event]:
    """The seat on turn discards the tile it just drew (its first tile if none), then every
    claim window is passed."""
    seat = state.current
    assert state.phase is Phase.TURN
    t = state.drawn if state.drawn is not None else state.concealed(seat)[0]
    events = state.apply(Action(seat, ActionKind.DISCARD, t))
    return events + pass_all(state)


def kinds(actions: Iterable[Action]) -> set[ActionKind]:
    return {a.kind for a in actions}


def copy_state(state: HandState) -> HandState:
    """An independent copy through the JSON persistence path."""
    return hand_from_dict(json.loads(json.dumps(hand_to_dict(state))))


# Four hands with no pair-completing or sequence-completing surprises for the tests that only
# need a table to exist: seat 0 deals (its 14th tile, the "drawn" one, is 5z). No seat can chi,
# no 地胡 is possible, and only 1m (seat 0), 2m (seat 1), 4z/5z (seat 2) and 1z (seat 3) are
# pairs that a discard could pong. With the default indicator 7z the 宝 is 6z, held by nobody.
QUIET = {
    0: "1m1m4m7m2p5p8p3s6s9s1z2z3z5z",
    1: "2m2m5m8m3p6p9p1s4s7s2z3z4z",
    2: "3m6m9m1p4p7p2s5s8s4z4z5z5z",
    3: "1m4m7m2p5p8p3s6s9s1z1z2z3z",
}


def run_to_exhaustion(state: HandState, limit: int = 400) -> list[Event]:
    """Every seat discards what it draws and every claim is passed, until the hand ends."""
    events: list[Event] = []
    for _ in range(limit):
        if state.over:
            return events
        events += discard_drawn(state)
    raise AssertionError("the hand did not end")


def ai_players(levels: Sequence[str], seed: int) -> list[EasyAI | NormalAI]:
    """One AI per seat (``levels``: four of "easy"/"normal"), seeded reproducibly."""
    return [make_ai(level, random.Random(seed * 4 + s)) for s, level in enumerate(levels)]


def play_hand(
    state: HandState,
    players: Sequence[EasyAI | NormalAI],
    after: Callable[[HandState, Action, list[Event]], None] | None = None,
    limit: int = 2000,
) -> list[Event]:
    """Let the AIs play ``state`` to its end; ``after(state, action, events)`` runs after every
    action. Returns every event, the deal's included."""
    events = list(state.start_events)
    for _ in range(limit):
        if state.over:
            return events
        seat = state.to_act()[0]
        chosen = players[seat].choose(view_for(state, seat))
        new = state.apply(chosen)
        events += new
        if after is not None:
            after(state, chosen, new)
    raise AssertionError("the hand did not end")


def play_checked(
    wall: bytes,
    rules: RuleSet,
    levels: Sequence[str],
    checked: str,
    check: Callable[[PlayerView, Action], None],
    seed: int = 0,
) -> int:
    """Play one hand of the AI ``levels`` on ``wall``, calling ``check(view, action)`` on every
    decision of the ``checked`` level; how many there were."""
    state = HandState(rules, wall, None)
    players = [make_ai(lv, random.Random(seed * 4 + s)) for s, lv in enumerate(levels)]
    count = 0
    while not state.over:
        seat = state.to_act()[0]
        view = view_for(state, seat)
        action = players[seat].choose(view)
        if levels[seat] == checked:
            check(view, action)
            count += 1
        state.apply(action)
    return count


def check_wins_taken(view: PlayerView, action: Action, player: object) -> None:
    """What every decision of a ``hard`` level must satisfy about wins, and its determinism:
    the action is legal, ``player`` (a fresh one) chooses it again whatever its random source,
    地胡 / 抢杠 are never declined, and a self-draw only when 偷机 is expected to pay."""
    assert action in view.legal
    assert player.choose(view) == action  # type: ignore[attr-defined]
    win = next((a for a in view.legal if a.kind is ActionKind.WIN), None)
    if win is None:
        return
    if view.public.phase is not Phase.TURN:
        assert action == win
        return
    hand = [0] * NUM_KINDS
    for t in (*view.concealed, *([view.drawn] if view.drawn is not None else [])):
        hand[t] += 1
    if not NormalAI(random.Random(0))._steal_instead(view, hand, unseen_counts(view, hand)):
        assert action == win
