"""A session's web page: its seats and totals, the settlement (final, or as it stands while
the session is in play), the running totals' chart and every hand.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.session.title": "Session #{id}",
    "web.session.closed": "ended",
    "web.session.seats": "Seats and totals",
    "web.session.seat": "seat",
    "web.session.rules": "Rules",
    "web.session.preset": "{preset:preset}",
    "web.session.stake": "Stake",
    "web.session.opened": "Started",
    "web.session.closed_at": "Ended",
    "web.session.counted": "Counted",
    "web.session.pending_count": "{n} awaiting confirmation",
    "web.session.settlement": "Settlement: who pays whom",
    "web.session.settlement_now": "If it ended now: who would pay whom",
    "web.session.settlement_open_note": (
        "The session is still in play: these are the fewest transfers that would settle it as "
        "it stands. Only confirmed hands count."
    ),
    "web.session.pays": "pays",
    "web.session.paid": "paid",
    "web.session.unpaid": "not paid yet",
    "web.session.nobody_owes": "Nobody owes anything.",
    "web.session.chart": "Running totals",
    "web.session.chart_note": "Confirmed hands only. Tap a point to go to its hand.",
    "web.session.no_chart": "The chart appears once a hand is confirmed.",
    "web.session.point": "#{seq} {name}: {total:+d}",
    "web.session.hands": "Hands",
    "web.session.hands_note": (
        "One column per seat, headed by its number and initial; the winner's figure is bold. "
        "Struck-through hands were voided and do not count; hands awaiting confirmation do "
        "not count yet."
    ),
    "web.session.no_hands": "No hands recorded yet.",
    "web.session.how.self": "self-draw",
    "web.session.how.kong": "kong replacement (杠开)",
    "web.session.how.rob": "robbed a kong (抢杠)",
    "web.session.how.tianhu": "天胡",
    "web.session.how.dihu": "地胡",
    "web.session.how.other": "won on another's tile",
    "web.session.how.draw": "drawn (no winner)",
    "web.session.pending": "awaiting confirmation",
    "web.session.voided": "voided:",
    "web.session.replay": "replay",
    "web.session.flown": "宝×{n}",
    "web.session.flown_title": "flew {n} 宝",
}
