"""Ratings and seasons: the leaderboard by rating, /profile, /season.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "skv.metric.rating": "rating",
    "rt.board.row": (
        "{rank}. {name} — **{rating}** (μ {mu} · σ {sigma}) · {games} rated {games:hand|hands}"
    ),
    "rt.board.filter": (
        "At least {min_hands} rated {min_hands:hand|hands}{where}{guests}. Rating = "
        "μ − 3σ (OpenSkill Plackett–Luce, every counted hand one game)."
    ),
    "rt.board.in_season": " in this season (rating as it stood at its end)",
    "rt.board.in_period": " in this period (rating as it stands now)",
    "rt.board.empty": (
        "Nobody has {min_hands} rated {min_hands:hand|hands} yet: lower `min_hands` "
        "to see everyone rated."
    ),
    "rt.period_and_season": "Choose either `period` or `season`, not both.",
    "rt.no_open_season": (
        "No season is open in this server: start one with `/season start`, or pick a "
        "past season with `season`."
    ),
    "rt.unknown_season": (
        "There is no season called “{name}” in this server: start typing and pick "
        "one from the list."
    ),
    "rt.season.open_tag": " (open)",
    "rt.season.title": "season {name}",
    "rt.stats.rating": (
        "Rating **{rating}** (μ {mu} · σ {sigma}, {games} rated {games:hand|hands}) "
        "· last {recent} {recent:hand|hands}: {change}"
    ),
    "rt.stats.unrated": "Rating: not rated yet (no counted hand with a winner or a bonus).",
    "rt.stats.trend": "Rating trend (last {count}): {points}",
    "rt.profile.title": "Profile · {name}",
    "rt.profile.rating": "Rating",
    "rt.profile.rating_value": "**{rating}** (μ {mu} · σ {sigma})\nrank {rank} of {ranked}",
    "rt.profile.unrated": "not rated yet",
    "rt.profile.record": "Record",
    "rt.profile.record_value": (
        "{hands} {hands:hand|hands} · {wins} {wins:win|wins} ({rate})\ntotal {total:+d}"
    ),
    "rt.profile.patterns": "Favourite patterns",
    "rt.profile.biggest": "Biggest hand",
    "rt.profile.flown": "宝 flown",
    "rt.profile.flown_value": "{count} 宝 flown (net of those hands {net:+d})",
    "rt.profile.trend": "Rating trend",
    "rt.season.started": (
        "Season **{name}** has started: every hand recorded from now on counts in "
        "it, until `/season end`."
    ),
    "rt.season.still_open": (
        "Season “{name}” is still open: end it with `/season end` before starting another."
    ),
    "rt.season.name_taken": (
        "A season of this server is already called “{name}”: choose another name."
    ),
    "rt.season.bad_name": "A season name has 1 to {limit} characters: choose a shorter one.",
    "rt.season.none_open": "No season is open in this server: start one with `/season start`.",
    "rt.season.summary_title": "Season {name} is over",
    "rt.season.summary_intro": "{start} – {end} · {hands} counted {hands:hand|hands}",
    "rt.season.champion": "🏆 Champion",
    "rt.season.champion_value": "**{name}** {total:+d} in {hands} {hands:hand|hands}",
    "rt.season.biggest": "💥 Biggest hand",
    "rt.season.biggest_value": "**{name}** {biggest:+d}",
    "rt.season.bao": "🀄 Most 宝吊头",
    "rt.season.bao_value": "**{name}** × {count}",
    "rt.season.improved": "📈 Most improved rating",
    "rt.season.improved_value": "**{name}** {before} → {after} ({change})",
    "rt.season.nobody": "—",
}
