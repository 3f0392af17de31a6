"""/replay: a finished virtual hand, step by step and animated.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "replay.title": "Replay of hand #{hand} (table #{table}, hand {number})",
    "replay.step": "Step {step} of {steps} · {view}",
    "replay.view_table": "every hand face up",
    "replay.view_seat": "seat {seat} ({wind})'s view",
    "replay.pick_view": "Whose view…",
    "replay.option_table": "The table: every hand",
    "replay.option_seat": "Seat {seat} ({wind}): {name}",
    "replay.animate": "Animate",
    "replay.animation": "Hand #{hand} as an animation ({steps} steps · {view}).",
    "replay.unknown": (
        "There is no hand #{hand} in this server. `/history` lists this server's "
        "hands with their ids."
    ),
    "replay.physical": (
        "Hand #{hand} was recorded with `/score` at a physical table: the bot never "
        "saw its moves, so there is nothing to replay. Only hands played at a bot "
        "table (`/table create`) can be replayed; `/history` shows this hand's "
        "scores."
    ),
    "replay.running": (
        "Hand #{hand} is still being played (or still being recorded): a hand can be "
        "replayed once it has ended. Try again in a moment."
    ),
    "replay.running_table": (
        "Your hand at table #{table} is still being played: it can be replayed once "
        "it has ended. To replay an earlier hand, give its id: `/replay hand:ID` "
        "(`/history` lists them)."
    ),
    "replay.none_played": (
        "You have not finished a hand at a bot table in this server yet. Play one "
        "with `/table create`, or give a hand's id: `/replay hand:ID` (`/history` "
        "lists them)."
    ),
    "replay.damaged": (
        "Hand #{hand} cannot be replayed: its table's log does not rebuild "
        "({reason}). Its scores in `/history` are unaffected."
    ),
    "replay.log_gone": "its table's log is gone",
    "replay.no_table": "its session names no table ({detail})",
    "replay.event_damaged": "a logged event is damaged ({detail})",
}
