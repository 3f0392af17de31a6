"""/review: a player's decisions in a finished bot-table hand, judged by the 何切 analysis.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "review.title": "Review of {name} · hand #{hand}",
    "review.summary": (
        "{matched} of {judged} decisions were the analysis' first choice · {lost} points of "
        "expectation lost · rating **{rating}**/100"
    ),
    "review.clean": "No decision lost points: every choice was as good as the analysis' best.",
    "review.flagged_count": "{n} decisions to look at:",
    "review.moment": "**{i}/{n}** · step {step} of the replay · {live} tiles left in the wall",
    "review.you": "You: {what} — {why}",
    "review.better": "Better: {what} — {why}",
    "review.lost": "Points of expectation lost: **{lost}**",
    "review.ready_broken": "This gave up a hand that was ready for a real win.",
    "review.do.discard": "discard {tile}",
    "review.do.fly": "fly the 宝 {tile}",
    "review.do.pass": "pass on {tile}",
    "review.do.chi": "chi {tiles}",
    "review.do.pong": "pong {tile}",
    "review.do.kong": "kong {tile}",
    "review.do.win": "take the win",
    "review.do.win_points": "take the win ({points} points)",
    "review.why": "{shanten} · {tiles} tiles help · win {chance}% · {points} points expected",
    "review.why_ready": "ready · win {chance}% · {points} points expected",
    "review.shanten": "{n} from a real win",
    "review.prev": "◀ Earlier",
    "review.next": "Later ▶",
    "review.open": "🔍 Review",
    "review.open_step": "🔍 Review this decision",
    "review.session_title": "Session #{session}: decisions reviewed",
    "review.session_line": (
        "**{name}** — rating {rating}/100 over {hands} {hands:hand|hands} · "
        "{matched}/{judged} first choices · {lost} points lost"
    ),
    "review.session_private": (
        "Only your own line is shown: reviews are private on this server "
        "(an administrator can change it with /rules set review_public:)."
    ),
    "review.profile": (
        "Review rating: **{rating}**/100 (average of the last {n} reviewed {n:hand|hands})"
    ),
    "review.rules_public": "Reviews: public (anyone may review any player's hands)",
    "review.rules_private": "Reviews: private (each player reviews their own hands)",
    "review.not_seated": (
        "You did not play in hand #{hand}. Run /review without a hand for your last hand, "
        "or name a player who sat there with player:."
    ),
    "review.player_not_in_hand": (
        "{name} did not play in hand #{hand}. /history lists the hands and who played them."
    ),
    "review.ai_seat": (
        "{name} in hand #{hand} was an AI player: only people's decisions are reviewed."
    ),
    "review.private": (
        "{name}'s reviews are private on this server. {name} can review their own hand; an "
        "administrator can make reviews public with /rules set review_public:."
    ),
    "review.session_empty": (
        "This session has no finished bot-table hand to review. Hands recorded with /score "
        "have no moves; play a hand at a bot table first."
    ),
    "review.no_session": (
        "There is no session in this channel. Run /review session in the channel (or thread) "
        "of a session."
    ),
    "review.gone": "This review is no longer known: run /review again.",
    "review.physical": (
        "Hand #{hand} was recorded with `/score` at a physical table: the bot never saw its mov"
        "es, so there are no decisions to review. Only hands played at a bot table (`/table cre"
        "ate`) can be reviewed."
    ),
    "review.running": (
        "Hand #{hand} is still being played: its decisions are reviewed once it has ended, when"
        " nothing about it is secret any more."
    ),
    "review.running_table": (
        "Your hand at table #{table} is still being played: its review opens when it ends (the "
        "🔍 Review button under its result). To review an earlier hand, give its id: `/review h"
        "and hand:ID` (`/history` lists them)."
    ),
}
