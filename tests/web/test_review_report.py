"""The review page's wording of a review (web/review_report.py): the severity classes' limits,
the worst mistakes first, and a move the analysis did not judge shown without figures."""

from __future__ import annotations

import pytest

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.review import FLAG_LOSS, Decision, DecisionKind, HandReview, Option
from shangrao_bot.web.review_report import (
    SEVERITY_LIMITS,
    WORST_SHOWN,
    ReviewReport,
    move_of,
    row_of,
    severity,
)

BAO = 5


def decision(
    number: int, lost: float, *, judged: bool = True, kind: ActionKind | None = None
) -> Decision:
    chosen = Option(Action(0, kind or ActionKind.DISCARD, 1), None, -lost, 1)
    preferred = Option(Action(0, ActionKind.DISCARD, 2), None, 0.0, 1)
    return Decision(
        number, number + 1, DecisionKind.DISCARD, (1, 2), None, (), BAO, 40, None, chosen,
        preferred, judged, 1 if lost == 0 else 2, 3,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("lost", "expected"),
    [
        (0.01, 1),
        (FLAG_LOSS - 0.001, 1),
        (FLAG_LOSS, 2),
        (SEVERITY_LIMITS[1] - 0.001, 2),
        (SEVERITY_LIMITS[1], 3),
        (4.5, 3),
    ],
)
def test_a_mistake_s_class_follows_the_points_lost(lost: float, expected: int) -> None:
    assert severity(decision(0, lost)) == expected


def test_a_decision_as_good_as_the_first_choice_agrees() -> None:
    same = Option(Action(0, ActionKind.DISCARD, 2), None, 0.0, 1)
    first = Decision(0, 1, DecisionKind.DISCARD, (2,), None, (), BAO, 40, None, same, same)
    assert severity(first) == 0
    assert severity(decision(1, 0.0)) == 0  # another tile, but nothing lost


def test_the_worst_come_first_and_only_a_few() -> None:
    losses = [0.2, 1.5, 0.0, 0.4, 1.5, 3.0, 0.05, 0.7, 0.1]
    review = HandReview(0, tuple(decision(i, lost) for i, lost in enumerate(losses)))
    rows = tuple(row_of(d, "en") for d in review.decisions)
    report = ReviewReport(1, 0, "name", review.rating, review.matched, 9, review.lost, rows)
    assert [r.number for r in report.worst] == [5, 1, 4, 7, 3][:WORST_SHOWN]
    assert len(report.mistakes) == 8 and report.match_rate == round(100 / 9)


def test_a_move_not_judged_has_no_figures() -> None:
    kong = decision(0, 0.0, judged=False, kind=ActionKind.ANGANG)
    move = move_of(kong.chosen, kong, "zh-CN")
    assert move.words == "杠 二万" and move.expected is None and move.chance is None
    won = decision(1, 0.0, kind=ActionKind.WIN)
    assert move_of(won.chosen, won, "en").chance == "100%"
