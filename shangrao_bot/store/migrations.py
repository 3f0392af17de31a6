"""Numbered schema migrations (``PRAGMA user_version`` holds the version reached).

Migration ``n`` upgrades a database at version ``n - 1``; each runs in one transaction together
with the version bump, so a crash mid-migration leaves the previous version intact. Never edit
a released migration: add the next one. The SQL stays portable so that a PostgreSQL backend can
replay the same steps: Discord ids are BIGINT (64-bit in both), row ids ``INTEGER PRIMARY KEY``
(an identity column there), text for JSON and timestamps, ``ON CONFLICT`` rather than
``INSERT OR …``.
"""

from __future__ import annotations

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: the ledger — guild settings, players, sessions, hands and their payments, audit trail
    (
        """CREATE TABLE guild_settings (
            guild_id BIGINT PRIMARY KEY,
            preset TEXT NOT NULL DEFAULT 'shangrao',
            switches TEXT NOT NULL DEFAULT '{}',
            stake INTEGER NOT NULL DEFAULT 1 CHECK (stake >= 1),
            language TEXT NOT NULL DEFAULT 'auto',
            scorer_role_id BIGINT,
            updated_at TEXT NOT NULL
        )""",
        """CREATE TABLE players (
            id INTEGER PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            user_id BIGINT,
            guest_name TEXT,
            display_name TEXT NOT NULL,
            merged_into INTEGER REFERENCES players(id),
            created_at TEXT NOT NULL,
            CHECK ((user_id IS NULL) <> (guest_name IS NULL))
        )""",
        "CREATE UNIQUE INDEX players_user ON players(guild_id, user_id) WHERE user_id IS NOT NULL",
        """CREATE UNIQUE INDEX players_guest ON players(guild_id, guest_name)
            WHERE guest_name IS NOT NULL""",
        """CREATE TABLE player_aliases (
            guild_id BIGINT NOT NULL,
            alias TEXT NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players(id),
            PRIMARY KEY (guild_id, alias)
        )""",
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            channel_id BIGINT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('virtual', 'physical')),
            rules TEXT NOT NULL,
            stake INTEGER NOT NULL CHECK (stake >= 1),
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
            opened_by BIGINT NOT NULL,
            opened_at TEXT NOT NULL,
            closed_at TEXT
        )""",
        "CREATE INDEX sessions_guild ON sessions(guild_id, status)",
        """CREATE TABLE session_seats (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            player_id INTEGER NOT NULL REFERENCES players(id),
            PRIMARY KEY (session_id, seat)
        )""",
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            seq INTEGER NOT NULL,
            dealer_seat INTEGER CHECK (dealer_seat BETWEEN 0 AND 3),
            bao TEXT,
            outcome TEXT NOT NULL CHECK (outcome IN ('win', 'draw')),
            pattern TEXT,
            detail TEXT NOT NULL DEFAULT '{}',
            recorded_by BIGINT NOT NULL,
            status TEXT NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'confirmed', 'voided')),
            void_reason TEXT,
            idempotency_key TEXT,
            created_at TEXT NOT NULL,
            confirmed_at TEXT
        )""",
        "CREATE INDEX hands_session ON hands(session_id, seq)",
        "CREATE INDEX hands_recent ON hands(guild_id, created_at, id)",
        "CREATE UNIQUE INDEX hands_idem ON hands(guild_id, idempotency_key)",
        """CREATE TABLE hand_seats (
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            player_id INTEGER NOT NULL REFERENCES players(id),
            guild_id BIGINT NOT NULL,
            status TEXT NOT NULL,
            created_at TEXT NOT NULL,
            delta INTEGER NOT NULL,
            won INTEGER NOT NULL DEFAULT 0,
            self_draw INTEGER NOT NULL DEFAULT 0,
            flown INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (hand_id, seat)
        )""",
        # covering indexes: a leaderboard and a player's figures read the index alone
        """CREATE INDEX hand_seats_board ON hand_seats(guild_id, status, player_id, delta, won,
            self_draw, flown, created_at)""",
        """CREATE INDEX hand_seats_player ON hand_seats(player_id, status, created_at, hand_id,
            delta, won, self_draw, flown)""",
        """CREATE TABLE payments (
            id INTEGER PRIMARY KEY,
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            payer_id INTEGER NOT NULL REFERENCES players(id),
            payee_id INTEGER NOT NULL REFERENCES players(id),
            amount INTEGER NOT NULL CHECK (amount > 0),
            reason TEXT NOT NULL
        )""",
        "CREATE INDEX payments_hand ON payments(hand_id)",
        "CREATE INDEX payments_payer ON payments(payer_id, hand_id)",
        "CREATE INDEX payments_payee ON payments(payee_id, hand_id)",
        """CREATE TABLE audit (
            id INTEGER PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            actor BIGINT NOT NULL,
            action TEXT NOT NULL,
            entity TEXT NOT NULL,
            entity_id INTEGER,
            before TEXT,
            after TEXT,
            at TEXT NOT NULL
        )""",
        "CREATE INDEX audit_guild ON audit(guild_id, id)",
    ),
    # 2: confirmations of pending hands, and settlement transfers of closed sessions
    (
        """CREATE TABLE confirmations (
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            user_id BIGINT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (hand_id, user_id)
        )""",
        """CREATE TABLE transfers (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            payer_id INTEGER NOT NULL REFERENCES players(id),
            payee_id INTEGER NOT NULL REFERENCES players(id),
            amount INTEGER NOT NULL CHECK (amount > 0),
            paid_at TEXT,
            paid_by BIGINT
        )""",
        "CREATE INDEX transfers_session ON transfers(session_id)",
    ),
    # 3: virtual tables — event log and latest snapshot per table, for resume after a restart
    (
        """CREATE TABLE game_tables (
            id INTEGER PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            channel_id BIGINT NOT NULL,
            thread_id BIGINT,
            session_id INTEGER REFERENCES sessions(id),
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
            snapshot TEXT,
            snapshot_seq INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""",
        "CREATE INDEX game_tables_open ON game_tables(status)",
        """CREATE TABLE game_events (
            table_id INTEGER NOT NULL REFERENCES game_tables(id),
            seq INTEGER NOT NULL,
            event TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (table_id, seq)
        )""",
    ),
    # 4: a user's own preferences (not a guild's data): DM panels at virtual tables on or off
    (
        """CREATE TABLE user_prefs (
            user_id BIGINT PRIMARY KEY,
            dm_panels INTEGER NOT NULL DEFAULT 1,
            updated_at TEXT NOT NULL
        )""",
    ),
    # 5: scorekeeping at physical tables — where a session's live scoreboard and a hand's
    # confirmation prompt are (to edit them later), the content of a hand (to record a double
    # submit once), and the guild's confirmation policy
    (
        "ALTER TABLE sessions ADD COLUMN board_channel_id BIGINT",
        "ALTER TABLE sessions ADD COLUMN board_message_id BIGINT",
        "ALTER TABLE hands ADD COLUMN content_key TEXT",
        "ALTER TABLE hands ADD COLUMN message_channel_id BIGINT",
        "ALTER TABLE hands ADD COLUMN message_id BIGINT",
        "CREATE INDEX hands_content ON hands(session_id, content_key)",
        "CREATE INDEX hands_pending ON hands(status) WHERE status = 'pending'",
        # one open score session per channel: two /session start at once cannot both land
        """CREATE UNIQUE INDEX sessions_one_open_physical ON sessions(guild_id, channel_id)
            WHERE status = 'open' AND kind = 'physical'""",
        """ALTER TABLE guild_settings ADD COLUMN confirm_minutes INTEGER NOT NULL DEFAULT 30
            CHECK (confirm_minutes BETWEEN 1 AND 1440)""",
        """ALTER TABLE guild_settings ADD COLUMN confirmations INTEGER NOT NULL DEFAULT 1
            CHECK (confirmations BETWEEN 1 AND 3)""",
    ),
    # 6: the language a user's Discord speaks (their private panels follow it, after a restart
    # too, before they next press a button)
    ("ALTER TABLE user_prefs ADD COLUMN lang TEXT",),
)

LATEST = len(MIGRATIONS)
