"""Migration 15: club events — nights and tournaments over several tables and rounds (see
:mod:`shangrao_bot.store.ledger.events`).

- ``events``: one event of a server: its name, organiser, settings (rounds, seating method,
  physical or virtual tables, rules, hands per round, the resting players' rule, whether even
  winds come before new opponents, the seed every seating is drawn from), status, and the
  messages it keeps up to date (the event's own and the live standings).
- ``event_players``: who plays it, from which round (``joined_round``: 1 from the start, a
  later round for a late arrival) and until which (``left_round``: the first round they are
  no longer seated in; NULL while they play on).
- ``event_rounds``: each round started, its status (``playing`` until it is closed; at most
  one playing per event), how a count that is not a multiple of four was met (``fill``:
  ``none``, ``rest``, ``fill``), and the repeated pairs its seating has.
- ``event_tables``: each round's tables, each linked to the session its hands are recorded in
  (a physical table's session, or the bot table's) once it is opened.
- ``event_seats``: each table's four seats in wind order; ``player_id`` NULL is a fill-in (a
  substitute at a physical table, an AI seat at a virtual one), whose points count for no one.
- ``event_resting``: the players a round left out.

SQLite runs these statements as written; PostgreSQL gets them through
:func:`~.postgres_migrations.translate`.
"""

from __future__ import annotations

TABLES: tuple[str, ...] = (
    """CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            channel_id BIGINT NOT NULL,
            message_id BIGINT,
            standings_message_id BIGINT,
            name TEXT NOT NULL,
            organiser BIGINT NOT NULL,
            rounds INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 16),
            seating TEXT NOT NULL CHECK (seating IN ('swiss', 'random', 'manual')),
            tables_kind TEXT NOT NULL CHECK (tables_kind IN ('physical', 'virtual')),
            rules TEXT NOT NULL,
            hands_per_round INTEGER NOT NULL CHECK (hands_per_round BETWEEN 1 AND 64),
            resting TEXT NOT NULL CHECK (resting IN ('zero', 'lowest')),
            winds_first INTEGER NOT NULL DEFAULT 0,
            seed BIGINT NOT NULL,
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished')),
            created_at TEXT NOT NULL,
            finished_at TEXT
        )""",
    "CREATE INDEX events_guild ON events(guild_id, status)",
    """CREATE TABLE event_players (
            event_id INTEGER NOT NULL REFERENCES events(id),
            player_id INTEGER NOT NULL REFERENCES players(id),
            joined_round INTEGER NOT NULL,
            left_round INTEGER,
            PRIMARY KEY (event_id, player_id)
        )""",
    """CREATE TABLE event_rounds (
            event_id INTEGER NOT NULL REFERENCES events(id),
            round_no INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('playing', 'closed')),
            fill TEXT NOT NULL CHECK (fill IN ('none', 'rest', 'fill')),
            repeats INTEGER NOT NULL,
            started_by BIGINT NOT NULL,
            started_at TEXT NOT NULL,
            closed_by BIGINT,
            closed_at TEXT,
            PRIMARY KEY (event_id, round_no)
        )""",
    "CREATE UNIQUE INDEX event_rounds_playing ON event_rounds(event_id) WHERE status = 'playing'",
    """CREATE TABLE event_tables (
            event_id INTEGER NOT NULL,
            round_no INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            session_id INTEGER REFERENCES sessions(id),
            PRIMARY KEY (event_id, round_no, table_no),
            FOREIGN KEY (event_id, round_no) REFERENCES event_rounds(event_id, round_no)
        )""",
    "CREATE UNIQUE INDEX event_tables_session ON event_tables(session_id)",
    """CREATE TABLE event_seats (
            event_id INTEGER NOT NULL,
            round_no INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            player_id INTEGER REFERENCES players(id),
            PRIMARY KEY (event_id, round_no, table_no, seat),
            FOREIGN KEY (event_id, round_no, table_no)
                REFERENCES event_tables(event_id, round_no, table_no)
        )""",
    """CREATE TABLE event_resting (
            event_id INTEGER NOT NULL,
            round_no INTEGER NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id),
            PRIMARY KEY (event_id, round_no, player_id),
            FOREIGN KEY (event_id, round_no) REFERENCES event_rounds(event_id, round_no)
        )""",
)
