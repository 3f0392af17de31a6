"""The virtual tables' refusals and the notices the table service asks to show.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "table.not_found": "Table #{table} is not open (it ended, or never existed).",
    "table.too_many": (
        "This server already has {limit} open tables: end one before opening another."
    ),
    "table.bad_config": "That table setting is not possible: {reason}",
    "table.full": "This table is full.",
    "table.seat_taken": "Seat {seat} is taken: pick a free seat.",
    "table.bad_seat": "There is no seat {seat}: seats are 1-4.",
    "table.already_seated": (
        "You already sit at table #{table}: leave it first (one table at a time)."
    ),
    "table.not_seated": "You do not sit at this table.",
    "table.not_host": "Only the table's host can do that.",
    "table.not_host_or_admin": "Only the table's host or a server administrator can end the table.",
    "table.already_started": "The game has already started: the seats can no longer change.",
    "table.not_full_yet": (
        "The game needs four seats filled; {empty} still empty (add AI players?)."
    ),
    "table.bad_ai_level": "'{level}' is not an AI level: use easy, normal or hard.",
    "table.not_an_ai": "Seat {seat} is not an AI player.",
    "table.not_playing": "The game has not started yet.",
    "table.prompt_outdated": (
        "This prompt is outdated: the game has moved on. Use your latest hand panel."
    ),
    "table.not_your_turn": "Not now: {reason}",
    "table.illegal": "That move is not allowed: {reason}",
    "table.bad_command": "{reason}",
    "table.wait_for_claims": "Wait a moment: the discard may still be claimed.",
    "table.already_answered": "You have already answered this discard.",
    "table.notice.timed_out": (
        "{name} ran out of time: {action} was played for them (strike {strikes})."
    ),
    "table.notice.autopilot": (
        "{name} seems to be away: an AI plays their seat until they press “I'm back” "
        "on their hand panel."
    ),
    "table.notice.away": (
        "{name} stepped away: an AI plays their seat until they press “I'm back” on "
        "their hand panel."
    ),
    "table.notice.back": "{name} is back.",
    "table.notice.paused": (
        "Everyone is away: the table is paused and ends in {minutes} min unless someone comes back."
    ),
    "table.notice.host_changed": "{name} is now the table's host.",
    "table.notice.restored": "The bot restarted; the game continues where it stopped.",
    "table.closed.completed": "The session is complete.",
    "table.closed.ended": "The table was ended; the hands finished so far count.",
    "table.closed.idle": (
        "Everyone was away too long: the table ended; the hands finished so far count."
    ),
    "table.closed.abandoned": "Every player left the lobby: the table is closed.",
    "table.closed.expired": (
        "The lobby stayed unchanged too long without a game starting: the table is "
        "closed. Anyone may open a new one."
    ),
}
