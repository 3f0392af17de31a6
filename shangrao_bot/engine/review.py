"""A review of one seat's decisions in a finished hand, against the 何切 ranking (:mod:`.ranking`).

The hand is played again from its seed and its actions; before each action of the reviewed
seat that was a choice (more than one legal action), the ranking judges the position **from that
seat's own view** — its tiles, the melds and discards on the table, the 宝 flown — never from
another seat's concealed tiles, which the player could not see:

* **a discard** (a 宝 discarded is **飞宝**): the chosen tile against the ranking's first;
* **a claim answer** (pass, chi, pong, 明杠, 跌宝杠): against the best answer;
* **a win taken or declined** (偷机): the win's points against playing on from the best
  discard;
* a kong declared on one's turn is shown but not judged (the ranking judges discards).

Each judged decision also says where the choice made stands in the ranking: ``rank`` (1: the
ranking's first) among ``candidates`` choices (the discards held, a win when one is offered; or
passing and each claim).

A decision **loses** the ranking's expected points of its first choice less those of the
choice made (never below 0). It is **flagged** when it loses at least :data:`FLAG_LOSS` points,
leaves the hand in a farther group of the ranking than its first choice, or gives up a hand that
the first choice kept really ready. The hand's **rating** is ``100 × H / (H + points lost)`` with
``H`` = :data:`RATING_HALF`: 100 for a hand played as the ranking would, 50 when it lost ``H``
points of expectation.

Pure: it reads the rules, seed, dealer and actions of a hand (:class:`~.replay.Replay` holds
them) and returns frozen dataclasses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.analysis import ClaimAnalysis, DiscardAnalysis, shape_of_hand
from shangrao_bot.engine.analysis_input import AnalysisInput, from_view
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.lookahead import payers_factor_of
from shangrao_bot.engine.ranking import (
    analyze_claims,
    closeness,
    rank_discards,
    ranking_group,
)
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, view_for
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import Meld

#: Expected points a decision must lose to be flagged (with a stake of 1).
FLAG_LOSS = 0.3
#: The points lost that halve a hand's rating.
RATING_HALF = 2.0


class DecisionKind(Enum):
    DISCARD = "discard"
    FLY = "fly"  # a 宝 discarded
    CLAIM = "claim"  # an answer to a discard: pass or a meld
    WIN = "win"  # a win taken or declined
    KONG = "kong"  # a kong declared on one's turn: shown, not judged


@dataclass(frozen=True)
class Option:
    """One choice as the ranking saw it: the action, and the hand it leaves (None for a win,
    which ends the hand); ``expected`` its expected points, ``group`` its ranking group."""

    action: Action
    outcome: DiscardAnalysis | None
    expected: float
    group: int
    closeness: int = 0  # the hand's distance from complete (0: really ready; a win: 0)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: ``number`` its action's number in the hand (from
    0), ``step`` the replay step it led to, the position as the seat saw it (``concealed``,
    ``drawn``, ``melds``, ``bao``, ``live``), the choice made and the ranking's first."""

    number: int
    step: int
    kind: DecisionKind
    concealed: tuple[int, ...]
    drawn: int | None
    melds: tuple[Meld, ...]
    bao: int
    live: int
    offered: int | None  # the discard a claim answered
    chosen: Option
    preferred: Option
    judged: bool = True
    rank: int | None = None  # the choice made's place in the ranking (1: first); None: unjudged
    candidates: int = 0  # the choices the ranking ordered

    @property
    def matched(self) -> bool:
        return self.chosen.action == self.preferred.action or self.loss <= 1e-9

    @property
    def loss(self) -> float:
        return max(0.0, self.preferred.expected - self.chosen.expected) if self.judged else 0.0

    @property
    def gave_up_ready(self) -> bool:
        """The analysis' choice kept the hand really ready; the choice made did not."""
        return self.judged and self.preferred.closeness == 0 < self.chosen.closeness

    @property
    def flagged(self) -> bool:
        if not self.judged or self.chosen.action == self.preferred.action:
            return False
        return (
            self.loss >= FLAG_LOSS or self.chosen.group > self.preferred.group or self.gave_up_ready
        )


@dataclass(frozen=True)
class HandReview:
    seat: int
    decisions: tuple[Decision, ...]

    @property
    def judged(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.judged)

    @property
    def matched(self) -> int:
        return sum(1 for d in self.judged if d.matched)

    @property
    def flagged(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.flagged)

    @property
    def lost(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def rating(self) -> int:
        return round(100 * RATING_HALF / (RATING_HALF + self.lost))

    def moment(self, index: int) -> int:
        """``index`` as a flagged moment: within the flagged decisions (0 when none)."""
        return max(0, min(index, len(self.flagged) - 1))

    def moment_at(self, step: int) -> int:
        """The flagged moment at replay step ``step``, or the first after it, else the last."""
        flagged = self.flagged
        return next((i for i, d in enumerate(flagged) if d.step >= step), self.moment(len(flagged)))


def _option(action: Action, d: DiscardAnalysis) -> Option:
    assert d.expected is not None
    return Option(action, d, d.expected, ranking_group(d), closeness(d))


def _win_value(inp: AnalysisInput, drawn: int | None) -> float:
    """What the win on the drawn tile brings now, from every payer (the wait's value: the shape
    analysis of the hand before the draw; no lookahead is needed for a hand that ends)."""
    wait = next((w for w in shape_of_hand(inp).waits if w.tile == drawn), None)
    if wait is None or wait.value is None:
        return 0.0
    return wait.value * payers_factor_of(inp.rules, inp.flown, inp.seat)


@dataclass(frozen=True)
class _Judged:
    """What judging one decision found (before the position is added)."""

    kind: DecisionKind
    chosen: Option
    preferred: Option
    judged: bool
    rank: int | None = None
    candidates: int = 0


def _turn(view: PlayerView, action: Action) -> _Judged:
    legal = view.legal
    inp = from_view(view)
    ranked = rank_discards(inp)
    by_tile = {d.tile: d for d in ranked}
    discard = {a.tile: a for a in legal if a.kind is ActionKind.DISCARD}
    best = ranked[0]
    assert best.tile is not None
    preferred = _option(discard[best.tile], best)
    win = next((a for a in legal if a.kind is ActionKind.WIN), None)
    taking = None
    if win is not None:
        before = dataclasses.replace(inp, tiles=view.concealed, discards=None)
        taking = Option(win, None, _win_value(before, view.drawn), 0)
        if taking.expected >= preferred.expected:
            preferred = taking
    # the win, when offered, stands before the first discard that expects no more than it
    order: list[int | None] = [d.tile for d in ranked]  # None: the win
    if taking is not None:
        at = next((i for i, d in enumerate(ranked) if taking.expected >= (d.expected or 0.0)), None)
        order.insert(len(order) if at is None else at, None)
    candidates = len(order)
    if action.kind is ActionKind.WIN and taking is not None:
        return _Judged(DecisionKind.WIN, taking, preferred, True, order.index(None) + 1, candidates)
    if action.kind is ActionKind.DISCARD:
        d = by_tile[action.tile]
        kind = DecisionKind.FLY if action.tile == view.public.bao else DecisionKind.DISCARD
        if win is not None:
            kind = DecisionKind.WIN  # a win declined: 偷机
        rank = order.index(action.tile) + 1
        return _Judged(kind, _option(action, d), preferred, True, rank, candidates)
    return _Judged(DecisionKind.KONG, Option(action, None, 0.0, 0), preferred, False)


def _claim(view: PlayerView, action: Action) -> _Judged:
    if action.kind is ActionKind.WIN or any(a.kind is ActionKind.WIN for a in view.legal):
        # 地胡 or 抢杠: a win on another's tile is the best answer whatever else is offered
        win = next(a for a in view.legal if a.kind is ActionKind.WIN)
        taken = action.kind is ActionKind.WIN
        chosen = Option(action, None, 1.0 if taken else 0.0, 0)
        rank = 1 if taken else 2  # every other answer comes after the win
        return _Judged(
            DecisionKind.WIN, chosen, Option(win, None, 1.0, 0), True, rank, len(view.legal)
        )
    options: Sequence[ClaimAnalysis] = analyze_claims(from_view(view), view.legal)
    passing = next(a for a in view.legal if a.kind is ActionKind.PASS)

    def as_option(o: ClaimAnalysis) -> Option:
        return _option(passing if o.action is None else o.action, o.outcome)

    best = as_option(options[0])
    at = next(
        (i for i, o in enumerate(options) if (o.action or passing) == action),
        None,
    )
    if at is None:  # an answer the analysis does not judge
        unjudged = Option(action, None, best.expected, best.group)
        return _Judged(DecisionKind.CLAIM, unjudged, best, False)
    return _Judged(DecisionKind.CLAIM, as_option(options[at]), best, True, at + 1, len(options))


def review_hand(
    rules: RuleSet,
    seed: bytes,
    dealer: int,
    actions: Sequence[Action],
    seat: int,
    steps: Sequence[int] = (),
) -> HandReview:
    """Every decision of ``seat`` in the hand of ``actions`` (played from ``rules``, ``seed``
    and ``dealer``), judged from the seat's view at that moment. ``steps``: for each action,
    the replay step it belongs to (``Replay.action_steps``), to link decisions to frames."""
    state = HandState(rules, seed, dealer)
    out: list[Decision] = []
    for number, action in enumerate(actions):
        if action.seat == seat and state.phase in (Phase.TURN, Phase.CLAIM, Phase.ROB):
            view = view_for(state, seat)
            if len(view.legal) > 1:
                if view.public.phase is Phase.TURN:
                    found = _turn(view, action)
                else:
                    found = _claim(view, action)
                pub = view.public
                out.append(
                    Decision(
                        number=number,
                        step=steps[number] if number < len(steps) else 0,
                        kind=found.kind,
                        concealed=view.concealed,
                        drawn=view.drawn,
                        melds=tuple(r.meld for r in pub.seats[seat].melds),
                        bao=pub.bao,
                        live=pub.live,
                        offered=pub.last_discard[1] if pub.last_discard else None,
                        chosen=found.chosen,
                        preferred=found.preferred,
                        judged=found.judged,
                        rank=found.rank,
                        candidates=found.candidates,
                    )
                )
        state.apply(action)
    return HandReview(seat, tuple(out))
