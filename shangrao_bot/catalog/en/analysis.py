"""/analyze (何切: a hand's discards ranked) and /puzzle.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "an.title": "What to discard (何切) · 宝 {bao}",
    "an.title_state": "The hand as it stands · 宝 {bao}",
    "an.hand": "Hand: `{hand}`",
    "an.seen": "In sight: {n} tiles",
    "an.shanten": "{n} from a real win · {left} tiles to draw ({kinds} kinds): {tiles}",
    "an.outlook": "win {chance}% · {points} points expected",
    "an.youbao_only": "looks ready, but every wait is an 有宝平胡 (no win)",
    "an.ready": "ready: {waits}",
    "an.no_wait": "ready, but no tile completes it",
    "an.row": "**{rank}.** discard **{tile}** — {what}",
    "an.state": "The hand as it stands: {what}",
    "an.wait_value": "{tile}×{left} ({pattern} {value})",
    "an.wait_no_win": "{tile}×{left} (no win)",
    "an.baodiao": "宝吊头: every draw wins",
    "an.steal_pays": "偷机 (declining a plain {plain}) is expected to pay {gain}",
    "an.steal_not": "偷机 (declining a plain {plain}) is not expected to pay ({gain})",
    "an.more": "… and {n} more discards",
    "an.rule": (
        "Ranked by the points each discard can expect: the chance of a real win before the "
        "wall runs out × what it wins, less what a rival's win would cost. Hands ready or one "
        "tile away come first; an 有宝平胡 is no win, so a hand whose every wait is one is not "
        "ready. ×N: copies you have not seen; values are per payer, self-drawn now."
    ),
    "an.bad_input": "{reason}",
    "an.no_picture": "(The picture could not be drawn just now; the ranking is above.)",
    "pz.title": "何切 puzzle #{id}",
    "pz.daily_title": "Daily 何切 puzzle #{id} — {date}",
    "pz.question": (
        "From an AI game: {wind} is to discard, 宝 {bao}. What would you discard?\n"
        "Answer with a button (you may change your answer until the reveal). The "
        "answer is shown {when}."
    ),
    "pz.seed": "Seed `{seed}` — `/puzzle new` with this seed poses it again.",
    "pz.reveal": "Reveal",
    "pz.answered": "Your answer: discard **{tile}**. You can change it until the reveal.",
    "pz.closed": "This puzzle has been revealed: answers are closed.",
    "pz.gone": "This puzzle is no longer known to the bot.",
    "pz.only_poster": (
        "Only the member who posed this puzzle (or an administrator) can reveal it "
        "early; it is revealed {when} anyway."
    ),
    "pz.result": "Answer: discard **{tile}**. {right} of {total} answered it.",
    "pz.why": "Why: {why}",
    "pz.why_shanten": "it leaves {best}-shanten from a real win, the next best {second}-shanten",
    "pz.why_weight": (
        "as close to a real win, but a {chance}% chance of winning against "
        "{second_chance}%, {points} points expected against {second_points}"
    ),
    "pz.who": "{tile}: {who}",
    "pz.nobody": "Nobody answered.",
    "pz.none_found": (
        "No turn of the AI games from seed `{seed}` made a clear puzzle: try another seed."
    ),
    "pz.board_title": "何切 puzzles: correct answers",
    "pz.board_line": "**{rank}.** <@{user}> — {right} of {answered} correct",
    "pz.board_empty": "No puzzle of this server has been revealed with answers yet.",
    "pz.rules_daily_on": "Daily 何切 puzzle: **on**, in <#{channel}>; answers open {minutes} min",
    "pz.rules_daily_off": "Daily 何切 puzzle: **off**; answers open {minutes} min",
    "pz.daily_needs_channel": (
        "Name the channel for the daily puzzle (puzzle_channel in `/rules set`) to switch it on."
    ),
}
