"""A player's web page: their rating and its chart, their record, winning patterns, head to
head, the players they sat with most, their review rating and their latest hands.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.player.title": "Player",
    "web.player.back": "League",
    "web.player.rating": "Rating",
    "web.player.displayed": "Rating (μ − 3σ)",
    "web.player.rated_hands": "Rated hands",
    "web.player.rank": "Rank",
    "web.player.rank_value": "{rank} of {ranked}",
    "web.player.unrated": "Not rated yet.",
    "web.player.chart": "Rating after each rated hand",
    "web.player.point": "Rated hand {n}: {rating} (hand #{hand})",
    "web.player.chart_note": "Tap a dot to open its hand.",
    "web.player.chart_latest": "Only the latest {n} rated {n:hand|hands} have a dot.",
    "web.player.record": "Record",
    "web.player.win_rate": "{rate} of hands",
    "web.player.self_draw_rate": "{rate} of wins",
    "web.player.average": "{average} a hand",
    "web.player.flown_net": "net of those hands {net}",
    "web.player.review": "Review rating",
    "web.player.review_note": "out of 100, last {n} reviewed {n:hand|hands}",
    "web.player.no_hands": "No confirmed hands yet.",
    "web.player.patterns": "Winning patterns",
    "web.player.pattern": "Pattern",
    "web.player.share": "Share",
    "web.player.pattern_unnamed": "not named",
    "web.player.no_wins": "No wins yet.",
    "web.player.h2h": "Head to head",
    "web.player.net": "Net",
    "web.player.h2h_note": (
        "What this player won from each opponent (negative: lost to them); "
        "the {n} {n:opponent|opponents} they won most from."
    ),
    "web.player.no_opponents": "No opponents yet.",
    "web.player.tablemates": "Played most with",
    "web.player.together": "{n} {n:hand|hands} together",
    "web.player.recent": "Latest hands",
    "web.player.won": "won",
    "web.player.self_drawn": "won by self-draw",
    "web.player.drawn": "drawn",
}
