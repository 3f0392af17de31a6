"""The scorepad: recording a physical table's hand with taps.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "pad.btn.record": "Record",
    "pad.title": "📝 Scorepad · session #{session}",
    "pad.step.winner": "Who won? Or 流局. One tap for the hands this table plays most.",
    "pad.step.how": "How was it won?",
    "pad.step.pattern": "Which pattern? Tap 单吊 or 九幺 when they apply.",
    "pad.step.counts": "宝 flown and bonuses: pick a player, then − / +.",
    "pad.btn.draw": "流局",
    "pad.btn.same": "Same as last hand",
    "pad.btn.back": "◀ Back",
    "pad.btn.next": "Next ▶",
    "pad.btn.preview": "Preview ✓",
    "pad.btn.close": "Close",
    "pad.how.self": "Self-draw",
    "pad.how.kong": "Kong draw",
    "pad.how.rob": "Robbed kong",
    "pad.how.tianhu": "天胡",
    "pad.how.dihu": "地胡",
    "pad.chain": "{n} {n:kong|kongs}",
    "pad.robbed": "{name}'s kong",
    "pad.patterns": "Patterns {first}–{last}",
    "pad.count.flown": "飞宝",
    "pad.summary.winner": "{name} won",
    "pad.summary.draw": "流局: only kong and 宝 bonuses are settled",
    "pad.undecided": "Choose the winner and the pattern first (or 流局).",
    "pad.sent": "Sent: hand #{seq} waits for confirmation in the channel.",
    "pad.closed": "Scorepad closed: nothing was recorded.",
    "pad.expired": (
        "This scorepad has expired and remembers nothing. Press Record under the "
        "scoreboard for a new one."
    ),
    "pad.also": "{name} is recording too (last tap {minutes} min ago).",
    "pad.not_yours": ("This scorepad is {name}'s. Press Record under the scoreboard for your own."),
    "pad.session_closed": (
        "Session #{session} has ended: its hands can no longer be recorded. "
        "Start a new one with `/session start`."
    ),
}
