"""Club events (nights and tournaments over several tables and rounds): refusals of their
seating and standings (engine/club/seating.py, engine/club/standings.py).

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # a round to seat (engine/club/seating.py) — EventRefused
    "event.seating.seats": (
        "{seats} seats cannot be seated: a round needs 8 to 64 seats, a multiple of four "
        "(rest some players or add fill-ins)"
    ),
    "event.seating.too_many_fillers": (
        "{fillers} fill-ins for {tables} tables: a table takes at most one fill-in"
    ),
    "event.seating.duplicate": "player {player} is listed twice",
    "event.seating.filler_is_player": "fill-in {player} is also listed as a player",
    "event.seating.not_ranked": "player {player} is missing from the standings",
    "event.seating.ranked_not_seated": "player {player} in the standings is not being seated",
    "event.seating.bad_round": "round {round} is not a round: rounds count from 1",
    "event.seating.bad_nodes": "a search of {nodes} steps is too short: allow at least 1",
    # the organiser's own tables (engine/club/seating.py) — EventRefused
    "event.manual.table_size": "table {table} has {size:seat|seats}: a table seats four",
    "event.manual.unknown": "{player} at table {table} is neither a player nor a fill-in",
    "event.manual.twice": "{player} is seated twice",
    "event.manual.missing": "player {player} has no seat",
    "event.manual.fillers": "table {table} has more than one fill-in",
    # who rests (engine/club/seating.py) — EventRefused
    "event.resting.count": "cannot rest {count} of {players:player|players}",
    # the standings (engine/club/standings.py) — EventRefused
    "event.standings.unknown": "round {round}: {player} is neither a player nor a fill-in",
    "event.standings.twice": "round {round}: player {player} is seated twice",
    "event.standings.rests_and_plays": "round {round}: player {player} both rests and plays",
    "event.standings.table_size": "round {round}: table {table} does not have four seats",
}
