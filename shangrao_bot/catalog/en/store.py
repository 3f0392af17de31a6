"""Refusals of the ledger: unknown ids, closed sessions, impossible changes; and why the
database ``DATABASE_URL`` names cannot be used (said to the operator at start-up).

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # the database itself (start-up, the command line)
    "store.db.url_unsupported": (
        "DATABASE_URL '{url}' is not supported: use sqlite:///relative/path.db, "
        "sqlite:////absolute/path.db or postgresql://USER@HOST:PORT/DATABASE"
    ),
    "store.db.url_memory": (
        "DATABASE_URL names an in-memory database: the ledger must survive a restart, "
        "so give a file path (e.g. sqlite:///data/shangrao.db)"
    ),
    "store.db.url_no_file": "DATABASE_URL '{url}' names no file: add a path after sqlite:///",
    "store.db.not_sqlite": (
        "DATABASE_URL: {path} is not an SQLite database (or is damaged): point "
        "DATABASE_URL at the bot's database file, or at a new file to start an empty "
        "ledger"
    ),
    "store.db.not_writable": (
        "DATABASE_URL: the database {path} cannot be written ({why}): make the file and its "
        "folder writable for the bot, or point DATABASE_URL at a writable place "
        "(e.g. sqlite:///data/shangrao.db)"
    ),
    "store.db.why.folder_read_only": "its folder {folder} is read-only",
    "store.db.why.file_read_only": "the file is read-only",
    "store.db.not_a_file": (
        "DATABASE_URL: {path} is not a regular file: give the path of a database "
        "file (e.g. sqlite:///data/shangrao.db)"
    ),
    "store.db.folder_uncreatable": (
        "DATABASE_URL: the folder {folder} cannot be created ({error}): create it, or give a "
        "path in a writable folder"
    ),
    "store.db.probe_missing": "DATABASE_URL: the write probe did not run",
    "store.db.pg_unusable": (
        "DATABASE_URL: the PostgreSQL database {url} cannot be used ({error}): check that the "
        "server runs, that the database exists and that the user may connect and create "
        "tables in it"
    ),
    "store.db.pg_read_only": (
        "DATABASE_URL: the PostgreSQL database {url} cannot be written ({error}): "
        "give the user the right to write to it"
    ),
    "store.db.sqlite_in_use": (
        "DATABASE_URL: another bot process is already using {path}: an SQLite database "
        "serves one process only; stop the other one, or move to PostgreSQL to run the "
        "bot as several shard processes"
    ),
    "store.db.sqlite_shards": (
        "SHARD_IDS: this process runs shards {ids:list} of {count}, so other processes run the "
        "rest, over one database; an SQLite file serves one process only: set "
        "DATABASE_URL to a PostgreSQL database (postgresql://USER@HOST:PORT/DATABASE)"
    ),
    "store.db.newer_schema": (
        "the database is at schema version {version}, newer than this bot ({latest}): "
        "upgrade the bot"
    ),
    "store.db.closed": "the database is closed",
    "store.db.in_memory": "the ledger needs a database file, not an in-memory database",
    "store.db.no_readers": "the database needs at least one reader connection",
    "store.db.no_row_id": "the insert gave no row id: {sql}",
    "store.duplicate": (
        "that record exists already (a second row with the same unique key: {detail})"
    ),
    # settings
    "store.settings.unknown": "'{key}' is not a setting",
    "store.settings.bad_preset": "'{preset}' is not a preset: use shangrao or baike",
    "store.settings.bad_stake": "stake {stake} is not allowed: use a whole number ≥ 1",
    "store.settings.bad_language": "'{language}' is not a language: use {languages:list}",
    "store.settings.bad_confirm_minutes": "{minutes} minutes to confirm: use {low} to {high}",
    "store.settings.bad_confirmations": "{count} confirmations: use 1 to 3",
    "store.settings.bad_review_public": "review_public must be true or false, not {value}",
    # players
    "store.player.not_found": "player #{player} does not exist in this server",
    "store.player.name_empty": "a guest needs a name: write it, e.g. Lao Wang",
    "store.player.name_long": "the name '{start}…' is too long: use at most {limit} characters",
    "store.player.name_taken": "the name '{name}' already belongs to another player",
    "store.player.not_unmerged_guest": "{name} is not an unmerged guest",
    "store.player.merge_into_guest": "{name} is a guest: merge a guest into a Discord user",
    "store.player.shared_session": (
        "{guest} and {user} sat at the same table in session #{session}: they are different "
        "people, so they cannot be merged"
    ),
    "store.player.rename_member": "{name} is a Discord member: their name follows Discord",
    "store.player.rename_merged": "{name} was linked to a member: rename the member instead",
    # sessions
    "store.session.not_found": "session #{session} does not exist in this server",
    "store.session.bad_kind": "session kind '{kind}' is not virtual or physical",
    "store.session.four_players": "a session needs four different players, one per seat",
    "store.session.bad_stake": "stake {stake} is not allowed: use a whole number of 1 or more",
    "store.session.channel_busy": "this channel already has an open score session: end it first",
    "store.session.closed": "session #{session} is closed: start a new session",
    "store.session.already_closed": "session #{session} is already closed",
    "store.session.pending_hands": (
        "{count} hand(s) of session #{session} still wait for confirmation: confirm or void "
        "them first"
    ),
    "store.session.nothing_to_undo": "session #{session} has no hand to undo",
    # hands
    "store.hand.not_found": "hand #{hand} does not exist in this server",
    "store.hand.bad_outcome": "outcome '{outcome}' is not win or draw",
    "store.hand.four_seats": "a hand has four seats: give four deltas and four 飞宝 counts",
    "store.hand.not_zero_sum": "payments must sum to zero; these deltas sum to {total}",
    "store.hand.payment_seats": "payment {payer}→{payee}: seats are 0-3 and different",
    "store.hand.payment_amount": "payment {payer}→{payee} of {amount}: amounts are positive",
    "store.hand.payment_reason": "payment reason '{reason}' is not one of {reasons:list}",
    "store.hand.payments_deltas": "the payments give {net}, not the deltas {deltas}",
    "store.hand.winner_seats": "winner seats are 0-3",
    "store.hand.win_needs_winner": "a win needs its winner",
    "store.hand.draw_has_winner": "a 流局 has no winner",
    "store.hand.voided": "hand #{hand} was voided ({reason}): record it again",
    "store.hand.void_needs_reason": "say why the hand is voided (a reason is required)",
    "store.hand.undo_needs_reason": "say why the hand is undone (a reason is required)",
    "store.hand.confirmed_meanwhile": "hand #{hand} was confirmed meanwhile: it counts",
    "store.hand.already_voided": "hand #{hand} is already voided ({reason})",
    "store.hand.session_closed": "hand #{hand} belongs to a closed session: it cannot change",
    "store.hand.recorded_meanwhile": (
        "hand #{hand} was recorded meanwhile: it is the last hand now, look again before undoing"
    ),
    # settlement transfers
    "store.transfer.not_found": "transfer #{transfer} does not exist in this server",
    "store.transfer.already_paid": "transfer #{transfer} is already marked paid",
    # seasons
    "store.season.not_found": "season #{season} does not exist in this server",
    "store.season.bad_name": "a season name has 1 to {limit} characters",
    "store.season.open": "season '{name}' is still open",
    "store.season.name_taken": "a season is already called '{name}'",
    "store.season.started_meanwhile": "a season was started meanwhile (or is called '{name}')",
    "store.season.none_open": "no season is open",
    # the virtual tables' event store
    "store.table.not_found": "table #{table} does not exist",
    "store.table.closed": "table #{table} is closed",
    "store.table.log_moved_on": (
        "table #{table}'s log is at event {last}, not {expected}: another process writes this table"
    ),
    "store.event.bad_setting": (
        "an event has 1 to {rounds} rounds of 1 to {hands} hands; seating swiss, random or"
        " manual; physical or virtual tables; a resting player scores 0 or the round's lowest"
    ),
    "store.event.bad_name": "an event's name has 1 to {limit} characters",
    "store.event.not_found": "event #{event} does not exist in this server",
    "store.event.finished": "the event '{name}' has finished",
    "store.event.no_rounds_left": "every round of '{name}' has started: nobody can join now",
    "store.event.already_in": "{name} already plays in this event",
    "store.event.full": "an event has at most {limit} players",
    "store.event.not_in": "that player does not play in this event",
    "store.event.round_playing": "round {round} is still being played: close it first",
    "store.event.bad_seating": (
        "that seating does not seat each of the event's players once, at tables of four"
    ),
    "store.event.round_not_playing": "round {round} is not being played",
    "store.event.no_round": "round {round} has not started",
    "store.event.swap_virtual": "the bot seats virtual tables itself: there is nothing to correct",
    "store.event.bad_swap": "pick two different seats, each with an event player",
}
