"""The replay web page: a finished bot-table hand step by step — its title and origin, the
step controls, the view choices, and each step in words (seats by wind, tiles by name).

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.replay.title": "Replay of hand #{id}",
    "web.replay.origin": "Bot table #{table}, hand {number}",
    "web.replay.session": "session #{id}",
    "web.replay.voided": "voided",
    "web.replay.step_of": "Step {step} of {steps}",
    "web.replay.first": "First step",
    "web.replay.prev": "Previous",
    "web.replay.next": "Next",
    "web.replay.last": "Last step",
    "web.replay.slider": "Step",
    "web.replay.views": "View",
    "web.replay.view_table": "Every hand",
    "web.replay.view_note": (
        "The table's view shows every hand face up; a seat's view shows only that seat's "
        "hand, as its player saw the game."
    ),
    "web.replay.review": "Review this seat's decisions",
    "web.replay.full_size": "The picture at full size",
    "web.replay.steps": "Every step",
    "web.replay.keys": "Keys: ← and → step, Home and End go to either end.",
    "web.replay.seat": "{wind:wind}",
    "web.replay.deal": "{dealer} deals; 宝 (wild): {bao} (indicator {indicator})",
    "web.replay.drew": "{who} draws a tile",
    "web.replay.drew_replacement": "{who} draws a replacement tile",
    "web.replay.drew_tile": "{who} draws {tile}",
    "web.replay.drew_replacement_tile": "{who} draws {tile} as a replacement",
    "web.replay.delta": "{who} {delta}",
    "web.replay.result": "Result: {deltas}",
    "web.replay.no_words": "Step {step}",
}
