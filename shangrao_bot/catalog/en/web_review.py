"""The review web page: one player's decisions in a bot-table hand, judged by the 何切 analysis
(the moves themselves are said with ``/review``'s words, ``review.do.*``).

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.review.title": "Review · hand #{hand}",
    "web.review.heading": "Review of hand #{hand}",
    "web.review.rating": "Rating",
    "web.review.first_choices": "Analysis' first choice",
    "web.review.lost": "Points lost",
    "web.review.mistakes": "Mistakes",
    "web.review.how": (
        "Each decision is judged by the 何切 analysis from this player's own view: their tiles "
        "and what was on the table, never another player's concealed tiles. Points are "
        "expected points at a stake of 1."
    ),
    "web.review.replay": "Replay the hand",
    "web.review.worst": "Biggest mistakes",
    "web.review.better": "better: {what}",
    "web.review.clean": "No mistakes: every decision was as good as the analysis' first choice.",
    "web.review.no_decisions": "This player had no decision to make in this hand.",
    "web.review.legend": "Colours",
    "web.review.sev1": "small: under {low} points lost",
    "web.review.sev2": "clear: {low} to {high} points",
    "web.review.sev3": "big: {high} points or more",
    "web.review.decisions": "Every decision",
    "web.review.all": "All decisions",
    "web.review.only_mistakes": "Mistakes only",
    "web.review.col.step": "Step",
    "web.review.col.hand": "Hand",
    "web.review.col.you": "Played",
    "web.review.col.preferred": "Analysis",
    "web.review.col.rank": "Rank",
    "web.review.col.lost": "Lost",
    "web.review.step": "Step {step}",
    "web.review.live": "{n} {n:tile|tiles} left",
    "web.review.bao": "宝 {tile}",
    "web.review.offered": "answering {tile}",
    "web.review.unjudged": "not judged",
    "web.review.rank": "#{rank} of {n}",
    "web.review.ready_broken": "gave up a ready hand",
    "web.review.agrees": "as good",
    "web.review.fig.distance": "To a real win",
    "web.review.fig.useful": "Useful tiles",
    "web.review.fig.chance": "Win chance",
    "web.review.fig.expected": "Expected",
    "web.review.ready": "ready",
    "web.review.away": "{n} away",
    "web.review.kind.discard": "Discard",
    "web.review.kind.fly": "飞宝",
    "web.review.kind.claim": "Claim",
    "web.review.kind.win": "Win or play on",
    "web.review.kind.kong": "Kong",
}
