"""Club events — nights and tournaments over several tables and rounds — as the organiser and
the players meet them: the refusals of the events' service (``club.…``) and the event's
messages, buttons, seating, standings and DMs in Discord (``club.ui.…``).

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # refusals of the service
    "club.organiser_only": (
        "Only the organiser of '{name}' (its creator, a scorer or an administrator) can do that."
    ),
    "club.nobody_named": "Name at least one player: mention members, or write guests' names.",
    "club.finished": "The event '{name}' has finished.",
    "club.round_playing": "Round {round} is still being played: close it first.",
    "club.no_round_playing": "No round is being played.",
    "club.no_rounds_left": "All {rounds} rounds have been played: finish the event.",
    "club.virtual_guest": (
        "{name} is a guest: virtual tables need members, who press the buttons themselves."
        " Remove the guest, or play this event at physical tables."
    ),
    "club.choose_fill": (
        "{count} players do not make full tables. Choose: {rest:word} {rest:player rests|players"
        " rest} this round, or {fill:word} {fill:seat is|seats are} filled."
    ),
    "club.too_few": (
        "An event needs at least {least} players seated (two tables); it has {count}. Add"
        " players, or fill the missing seats."
    ),
    "club.manual_tables": (
        "This event is seated by hand: give the tables with `/event seat` to start the round."
    ),
    "club.not_manual": "This event seats its rounds itself: press Start round.",
    "club.no_event": "There is no open event in this channel. Start one with `/event create`.",
    "club.bad_table_line": (
        "Table {table} has {count} seats: write four per table (members as mentions, guests by"
        " name, `-` for a fill-in seat), one table per line."
    ),
    "club.unknown_player": "{name} does not play in this event. Add them with `/event add`.",
    "club.not_member": (
        "<@{id}> is not a member of this server: mention members, or write a guest's name."
    ),
    "club.not_seated": "{name} is not seated in the round being played.",
    # the event's message
    "club.ui.title": "🀄 {name}",
    "club.ui.settings": (
        "{rounds:word} {rounds:round|rounds} · {seating} · {tables} · {preset:preset} · {hands}"
        " {hands:hand|hands} a round · a resting player scores {resting}"
    ),
    "club.ui.seating.swiss": "swiss seating",
    "club.ui.seating.random": "random seating",
    "club.ui.seating.manual": "seated by hand",
    "club.ui.tables.physical": "physical tables",
    "club.ui.tables.virtual": "virtual tables",
    "club.ui.resting.zero": "0",
    "club.ui.resting.lowest": "the round's lowest",
    "club.ui.organiser": "Organiser: {name}",
    "club.ui.players": "Players ({n})",
    "club.ui.no_players": "Nobody yet: press Join.",
    "club.ui.player_late": "{name} (from round {round})",
    "club.ui.player_left": "{name} (left after round {round})",
    "club.ui.status.waiting": "Round {round} of {rounds} starts when the organiser is ready.",
    "club.ui.status.playing": (
        "Round {round} of {rounds} is being played: {done}/{tables} tables done."
    ),
    "club.ui.status.all_played": (
        "All {rounds} rounds are played: the organiser ends the event with `/event finish`."
    ),
    "club.ui.status.finished": "Finished.",
    "club.ui.join": "Join",
    "club.ui.leave": "Leave",
    "club.ui.start": "Start round {round}",
    "club.ui.close": "Close round {round}",
    "club.ui.standings_button": "Standings",
    "club.ui.joined": "You play in '{name}' from round {round}.",
    "club.ui.left": "You are no longer seated in '{name}' from its next round.",
    "club.ui.added": "Added: {names}.",
    "club.ui.removed": "{name} is no longer seated from the next round.",
    "club.ui.created": "The event is open: players press Join; the organiser starts each round.",
    # starting a round
    "club.ui.choice": (
        "{count} players do not make full tables of four. How should round {round} start?"
    ),
    "club.ui.choice.rest": "{n:word} {n:player rests|players rest}",
    "club.ui.choice.fill_physical": "Fill {n:word} {n:seat|seats} with substitutes",
    "club.ui.choice.fill_virtual": "Fill {n:word} {n:seat|seats} with AI players",
    "club.ui.seating_title": "Round {round} seating",
    "club.ui.table": "Table {table}",
    "club.ui.seat": "{wind:wind} {name}",
    "club.ui.substitute": "substitute",
    "club.ui.ai_seat": "AI",
    "club.ui.resting": "Resting: {names}",
    "club.ui.repeats": "Pairs meeting again: {repeats}",
    "club.ui.repeats_none": "Nobody meets anyone twice.",
    "club.ui.table_thread": "Round {round} · Table {table}",
    "club.ui.dm": (
        "'{event}', round {round}: you sit at table {table} as {wind:wind}. Your table: {where}"
    ),
    "club.ui.dm_resting": "'{event}', round {round}: you rest this round.",
    "club.ui.substitute_name": "Substitute {n}",
    # closing a round
    "club.ui.close_confirm": (
        "Close round {round}? {unfinished:word} {unfinished:table has|tables have} not played"
        " all their hands: they count as far as they got, and hands still waiting for"
        " confirmation are voided."
    ),
    "club.ui.close_yes": "Close round {round}",
    "club.ui.close_no": "Keep playing",
    "club.ui.round_closed": "Round {round} is over.",
    "club.ui.round_done": "Every table has played its hands: round {round} is over.",
    "club.ui.finished": "'{name}' has finished. Congratulations to the winners!",
    # the standings
    "club.ui.standings_title": "{name} · standings",
    "club.ui.standings_after": "After round {round} of {rounds} · {hands} {hands:hand|hands}",
    "club.ui.standings_line": "{rank}. {name} **{total:+d}** · avg place {place} · best {best}",
    "club.ui.standings_rest": " · rested {n}",
    "club.ui.standings_empty": "No round has been played yet.",
    "club.ui.no_value": "–",
    # corrections
    "club.ui.swapped": (
        "Round {round}: {first} and {second} changed places; the hands already recorded moved"
        " with the seats."
    ),
    "club.ui.round_started": "Round {round} has started: the seating is posted.",
    "club.text_channel_only": "Create an event in a text channel: its tables get threads there.",
    "club.ui.winds_first": " · each wind once every four rounds first",
}
