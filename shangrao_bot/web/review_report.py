"""A review as its web page shows it: every decision of one seat in order, with what the player
did and what the analysis preferred, both moves' figures, the choice's rank, the points it lost
and how bad that was (a severity class), and the worst decisions first in a short list.

Pure: it reads a :class:`~shangrao_bot.service.review.LoadedReview` (the service decided who may
see it, and its content comes from the seat's own view only) and words it in one language. It
adds nothing of the hand beyond the review: the seat's own tiles at each decision, the discard a
claim answered (public) and the moves' figures.

**Severity** (the page's legend says the same): a decision *agrees* when it was the analysis'
first choice or as good (no points lost) and the review does not flag it; any other is a
mistake, of class 1 below :data:`SEVERITY_LIMITS` ``[0]`` points lost (the review's own flag
threshold), class 2 below ``[1]``, class 3 from there.
"""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot import catalog
from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.review import FLAG_LOSS, Decision, DecisionKind, Option
from shangrao_bot.rules.tile_names import tile_label
from shangrao_bot.service.review import LoadedReview

#: Points lost from which a mistake is of class 2, then of class 3 (class 1 below the first).
SEVERITY_LIMITS = (FLAG_LOSS, 1.0)
#: How many mistakes the "biggest mistakes" list names.
WORST_SHOWN = 5


def severity(decision: Decision) -> int:
    """0 for a decision that agrees with the analysis, else 1-3 by the points it lost."""
    if decision.matched and not decision.flagged:
        return 0
    low, high = SEVERITY_LIMITS
    return 1 if decision.loss < low else 2 if decision.loss < high else 3


@dataclass(frozen=True)
class Move:
    """One move as a row shows it: its words and its four figures (None: not applicable)."""

    words: str
    distance: str | None  # to a real win: "ready", "2 away"; None for a win, which ends the hand
    useful: int | None  # unseen tiles that bring the hand closer (when ready: its waits)
    chance: str | None  # the chance of a win, "23%"
    expected: str | None  # the points expected, "+0.81"; None for a move not judged


@dataclass(frozen=True)
class Row:
    """One decision of the seat."""

    number: int  # the action's number in the hand (the row's anchor)
    step: int  # the replay step showing it (from 0)
    kind: str  # its kind, in words
    live: int  # tiles left in the wall
    concealed: tuple[str, ...]  # the seat's own tiles, named
    drawn: str | None
    melds: tuple[tuple[str, ...], ...]
    bao: str
    offered: str | None  # the discard a claim answered
    chosen: Move
    preferred: Move
    judged: bool
    rank: int | None  # the choice made's place in the ranking (1: first)
    candidates: int
    lost: float
    severity: int  # 0: agrees; 1-3: a mistake, by the points lost
    flagged: bool  # as /review flags it
    gave_up_ready: bool

    @property
    def mistake(self) -> bool:
        return self.severity > 0


@dataclass(frozen=True)
class ReviewReport:
    hand_id: int
    seat: int
    name: str  # the seat's player, as the ledger names them
    rating: int
    matched: int
    judged: int
    lost: float
    rows: tuple[Row, ...]  # every decision, in order

    @property
    def mistakes(self) -> tuple[Row, ...]:
        return tuple(r for r in self.rows if r.mistake)

    @property
    def worst(self) -> tuple[Row, ...]:
        """The mistakes, most points lost first (the earlier first on a tie), at most
        :data:`WORST_SHOWN`."""
        ordered = sorted(self.mistakes, key=lambda r: (-r.lost, r.number))
        return tuple(ordered[:WORST_SHOWN])

    @property
    def match_rate(self) -> int:
        """The share of judged decisions that were the analysis' first choice, in percent."""
        return round(100 * self.matched / self.judged) if self.judged else 100


def _names(tiles: tuple[int, ...], lang: str) -> tuple[str, ...]:
    return tuple(tile_label(k, lang) for k in tiles)


def _text(key: str, lang: str, **args: object) -> str:
    return catalog.text(key, lang, args)


def action_words(action: Action, decision: Decision, points: float | None, lang: str) -> str:
    """What a move does, as ``/review`` says it (a pass names the discard it let go, a 宝
    discarded is flown)."""
    k = action.kind
    tile = "" if action.tile is None else tile_label(action.tile, lang)
    if k is ActionKind.DISCARD and action.tile == decision.bao:
        return _text("review.do.fly", lang, tile=tile)
    if k is ActionKind.DISCARD:
        return _text("review.do.discard", lang, tile=tile)
    if k is ActionKind.PASS:
        offered = "" if decision.offered is None else tile_label(decision.offered, lang)
        return _text("review.do.pass", lang, tile=offered)
    if k is ActionKind.CHI:
        return _text("review.do.chi", lang, tiles="".join(_names(action.tiles, lang)))
    if k is ActionKind.PONG:
        return _text("review.do.pong", lang, tile=tile)
    if k in (ActionKind.KONG, ActionKind.ANGANG, ActionKind.BUGANG):
        return _text("review.do.kong", lang, tile=tile)
    if points is not None and points > 0:
        return _text("review.do.win_points", lang, points=f"{points:.0f}")
    return _text("review.do.win", lang)


def move_of(option: Option, decision: Decision, lang: str) -> Move:
    """A move's words and figures, as the analysis saw them from the seat's view (a move it did
    not judge — a kong on one's turn, an answer it does not weigh — has words only)."""
    d = option.outcome
    words = action_words(option.action, decision, option.expected if d is None else None, lang)
    if not decision.judged and option is decision.chosen:
        return Move(words, None, None, None, None)
    expected = f"{option.expected:+.2f}"
    if d is None or d.win_chance is None:  # a win ends the hand; a pass beside a win: no outlook
        won = option.action.kind is ActionKind.WIN
        return Move(words, None, None, "100%" if won else None, expected)
    distance = (
        _text("web.review.ready", lang)
        if d.shanten == 0
        else _text("web.review.away", lang, n=d.shanten)
    )
    return Move(words, distance, d.effective_unseen, f"{100 * d.win_chance:.0f}%", expected)


KIND_KEYS = {
    DecisionKind.DISCARD: "web.review.kind.discard",
    DecisionKind.FLY: "web.review.kind.fly",
    DecisionKind.CLAIM: "web.review.kind.claim",
    DecisionKind.WIN: "web.review.kind.win",
    DecisionKind.KONG: "web.review.kind.kong",
}


def row_of(d: Decision, lang: str) -> Row:
    return Row(
        number=d.number,
        step=d.step,
        kind=_text(KIND_KEYS[d.kind], lang),
        live=d.live,
        concealed=_names(d.concealed, lang),
        drawn=None if d.drawn is None else tile_label(d.drawn, lang),
        melds=tuple(_names(m.tiles, lang) for m in d.melds),
        bao=tile_label(d.bao, lang),
        offered=None if d.offered is None else tile_label(d.offered, lang),
        chosen=move_of(d.chosen, d, lang),
        preferred=move_of(d.preferred, d, lang),
        judged=d.judged,
        rank=d.rank,
        candidates=d.candidates,
        lost=d.loss,
        severity=severity(d),
        flagged=d.flagged,
        gave_up_ready=d.gave_up_ready,
    )


def report_of(loaded: LoadedReview, lang: str) -> ReviewReport:
    """The review of ``loaded``, worded in ``lang``."""
    review = loaded.review
    return ReviewReport(
        hand_id=loaded.hand_id,
        seat=review.seat,
        name=loaded.seat.name,
        rating=review.rating,
        matched=review.matched,
        judged=len(review.judged),
        lost=review.lost,
        rows=tuple(row_of(d, lang) for d in review.decisions),
    )
