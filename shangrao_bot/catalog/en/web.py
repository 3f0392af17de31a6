"""The league's web pages: what every page shows (its frame, the language switch), and the
league's own page (its leaderboard, seasons, sessions and bot-table hands).

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.site_name": "Shangrao Mahjong league",
    "web.language": "Language",
    "web.footer": "Read-only pages of this server's book. Anyone with the link can read them.",
    "web.guest": "guest",
    "web.kind.physical": "table",
    "web.kind.virtual": "bot table",
    "web.session_open": "in play",
    "web.hands_count": "{n} {n:hand|hands}",
    "web.hand_no": "hand #{id}",
    "web.col.rank": "#",
    "web.col.player": "Player",
    "web.col.rating": "Rating",
    "web.col.total": "Total",
    "web.col.average": "Average",
    "web.col.win_rate": "Win rate",
    "web.col.biggest": "Biggest",
    "web.col.hands": "Hands",
    "web.col.wins": "Wins",
    "web.col.self_draws": "Self-draws",
    "web.col.fei_bao": "宝 flown",
    "web.league.title": "League",
    "web.league.board": "Leaderboard",
    "web.league.period": "Period",
    "web.league.metric": "Ranked by",
    "web.league.min_hands": "At least",
    "web.league.min_default": "any",
    "web.league.guests": "with guests",
    "web.league.filter_note": (
        "Players with at least {min_hands} {min_hands:hand|hands}; only confirmed hands count. "
        "Tap a column's name to sort by it."
    ),
    "web.league.show_all": "Show {n} more {n:player|players}",
    "web.league.csv": "Download CSV",
    "web.league.seasons": "Seasons",
    "web.league.season_open": "now",
    "web.league.no_seasons": "No seasons yet: an administrator starts one with /season start.",
    "web.league.sessions": "Recent sessions",
    "web.league.no_sessions": "No sessions yet.",
    "web.league.table_hands": "Recent bot-table hands",
    "web.league.no_table_hands": "No hands played at the bot's tables yet.",
    "web.league.won": "won",
    "web.league.drawn": "drawn (no winner)",
}
