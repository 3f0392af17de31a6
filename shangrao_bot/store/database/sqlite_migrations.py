"""Numbered schema migrations, as SQLite runs them (``PRAGMA user_version`` holds the version
reached; PostgreSQL keeps it in its ``schema_version`` table).

Migration ``n`` upgrades a database at version ``n - 1``; each runs in one transaction together
with the version bump, so a crash mid-migration leaves the previous version intact. Never edit
a released migration: add the next one, here and in
:mod:`~.postgres_migrations`. PostgreSQL runs the same steps
(:mod:`~.postgres_migrations` derives its migrations from these), so the
SQL stays portable: Discord ids are BIGINT (64-bit in both), row ids ``INTEGER PRIMARY KEY``
(translated to identity columns there), ``REAL`` for fractions (``DOUBLE PRECISION`` there),
text for JSON and timestamps, ``ON CONFLICT`` rather than
``INSERT OR …``. The exception is the triggers of migrations 7, 10 and 12, which are SQLite's own
syntax: :mod:`~.postgres_migrations` writes them as PL/pgSQL trigger
functions doing the same arithmetic.
"""

from __future__ import annotations

import itertools

from shangrao_bot.store.database import event_tables, session_versions

# --- running totals (migration 7) ---------------------------------------------------------------
#
# Leaderboards and player statistics read totals kept up to date by triggers on the rows they
# summarise, so every write path (record, confirm, void, undo, edit, expire, merge) keeps them
# exact inside its own transaction without knowing they exist. A confirmed ``hand_seats`` row
# counts in its player's buckets of its timestamp's first 10, 9 and 7 characters (its UTC day,
# ten days — '2026-03-1' — and month: ``totals_span``, keyed by ``span`` and ``prefix``), in its
# player's all-time row and in its player's row of the hand's session; a row that stops counting
# (voided, moved to another player by a merge, deleted, changed) is subtracted again. Sums
# subtract exactly; ``biggest`` (the best single hand) cannot, so when the row leaving a bucket
# was its best, the bucket's best is read again from what remains: a day's from its rows, a
# coarser bucket's from its children (``up`` names a bucket's parent), all time from the months.
# A bucket left with no hand is deleted, so a player without confirmed hands has no row.
# Patterns of won hands and head-to-head nets (payments of confirmed hands) are kept the same way.

SPANS = (10, 9, 7)
"""Prefix lengths of the period buckets, finest first (day, ten days, month)."""

_SEAT_SUMS = "hands, total, wins, self_draws, biggest, fei_bao, fei_bao_net"
_SESSION = "(SELECT session_id FROM hands WHERE id = {r}.hand_id)"


def _prefix(row: str, span: int) -> str:
    return f"substr({row}.created_at, 1, {span})"


def _parent(row: str, span: int) -> str:
    coarser = [s for s in SPANS if s < span]
    return _prefix(row, coarser[0]) if coarser else "''"


def _best_of(span: int) -> str:
    """What is left of OLD's bucket of ``span``: its best single hand."""
    if span == SPANS[0]:  # a day: its rows (index hand_seats_day)
        return (
            "SELECT MAX(delta) FROM hand_seats WHERE guild_id = OLD.guild_id"
            f" AND substr(created_at, 1, {span}) = {_prefix('OLD', span)}"
            " AND player_id = OLD.player_id AND status = 'confirmed'"
        )
    finer = SPANS[SPANS.index(span) - 1]  # its children, already updated
    return (
        "SELECT MAX(biggest) FROM totals_span INDEXED BY totals_span_up"
        f" WHERE guild_id = OLD.guild_id AND player_id = OLD.player_id AND span = {finer}"
        f" AND up = {_prefix('OLD', span)}"
    )


# (INDEXED BY: the planner, without statistics on a new table, would rather scan the guild's
# buckets of a span by the primary key; CROSS JOIN: the session's hands first, not the
# player's seats)
_ALL_BEST = (
    "SELECT MAX(biggest) FROM totals_span INDEXED BY totals_span_up"
    f" WHERE guild_id = OLD.guild_id AND player_id = OLD.player_id AND span = {SPANS[-1]}"
)
_SESSION_BEST = (
    "SELECT MAX(s.delta) FROM hands h CROSS JOIN hand_seats s ON s.hand_id = h.id"
    " WHERE h.session_id = " + _SESSION.format(r="OLD") + " AND s.guild_id = OLD.guild_id"
    " AND s.player_id = OLD.player_id AND s.status = 'confirmed'"
)


def _sums_table(name: str, *keys: str, extra: str = "") -> str:
    """A table of per-player sums keyed by guild, ``keys`` ("name TYPE") and player, with an
    ``extra`` column ("name TYPE") outside the key."""
    key_columns = "".join(f"{k} NOT NULL,\n            " for k in (*keys, extra) if k)
    key_names = "".join(f"{k.split()[0]}, " for k in keys)
    return f"""CREATE TABLE {name} (
            guild_id BIGINT NOT NULL,
            {key_columns}player_id INTEGER NOT NULL,
            hands INTEGER NOT NULL,
            total INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            self_draws INTEGER NOT NULL,
            biggest INTEGER NOT NULL,
            fei_bao INTEGER NOT NULL,
            fei_bao_net INTEGER NOT NULL,
            PRIMARY KEY (guild_id, {key_names}player_id)
        ) WITHOUT ROWID"""


def _seat_add(table: str, key_cols: str, key_vals: str) -> str:
    """Add the confirmed seat row NEW to its bucket of ``table``."""
    return (
        f"INSERT INTO {table} (guild_id, {key_cols}player_id, {_SEAT_SUMS})"
        f" SELECT NEW.guild_id, {key_vals}NEW.player_id, 1, NEW.delta, NEW.won, NEW.self_draw,"
        " NEW.delta, NEW.flown, CASE WHEN NEW.flown > 0 THEN NEW.delta ELSE 0 END"
        " WHERE NEW.status = 'confirmed'"
        f" ON CONFLICT DO UPDATE SET hands = hands + 1,"
        " total = total + excluded.total, wins = wins + excluded.wins,"
        " self_draws = self_draws + excluded.self_draws,"
        " biggest = max(biggest, excluded.biggest), fei_bao = fei_bao + excluded.fei_bao,"
        " fei_bao_net = fei_bao_net + excluded.fei_bao_net;"
    )


def _seat_sub(table: str, key_where: str, best: str) -> str:
    """Take the seat row OLD (which counted) out of its bucket of ``table``; read the best
    again when OLD was it; delete the bucket when no hand is left in it."""
    where = f"guild_id = OLD.guild_id AND {key_where}player_id = OLD.player_id"
    return (
        f"UPDATE {table} SET hands = hands - 1, total = total - OLD.delta,"
        " wins = wins - OLD.won, self_draws = self_draws - OLD.self_draw,"
        f" biggest = CASE WHEN OLD.delta < biggest THEN biggest ELSE COALESCE(({best}), 0) END,"
        " fei_bao = fei_bao - OLD.flown,"
        " fei_bao_net = fei_bao_net - CASE WHEN OLD.flown > 0 THEN OLD.delta ELSE 0 END"
        f" WHERE {where} AND OLD.status = 'confirmed';"
        f" DELETE FROM {table} WHERE {where} AND hands = 0 AND OLD.status = 'confirmed';"
    )


def _pattern_delta(row: str, sign: int) -> str:
    """Count (``sign`` 1) or uncount (-1) the won, confirmed seat ``row`` under its pattern."""
    delete = (
        f" DELETE FROM totals_pattern WHERE guild_id = {row}.guild_id"
        f" AND player_id = {row}.player_id AND wins = 0;"
    )
    return (
        "INSERT INTO totals_pattern (guild_id, player_id, pattern, wins)"
        f" SELECT {row}.guild_id, {row}.player_id,"
        f" COALESCE((SELECT pattern FROM hands WHERE id = {row}.hand_id), '?'), {sign}"
        f" WHERE {row}.status = 'confirmed' AND {row}.won = 1"
        " ON CONFLICT (guild_id, player_id, pattern) DO UPDATE SET wins = wins + excluded.wins;"
        + (delete if sign < 0 else "")
    )


_SEAT_ADD = (
    "".join(
        _seat_add(
            "totals_span",
            "span, prefix, up, ",
            f"{span}, {_prefix('NEW', span)}, {_parent('NEW', span)}, ",
        )
        for span in SPANS
    )
    + _seat_add("totals_all", "", "")
    + _seat_add("totals_session", "session_id, ", _SESSION.format(r="NEW") + ", ")
    + _pattern_delta("NEW", 1)
)
# finest first: a coarser bucket's best is read from its children
_SEAT_SUB = (
    "".join(
        _seat_sub(
            "totals_span", f"span = {span} AND prefix = {_prefix('OLD', span)} AND ", _best_of(span)
        )
        for span in SPANS
    )
    + _seat_sub("totals_all", "", _ALL_BEST)
    + _seat_sub(
        "totals_session", "session_id = " + _SESSION.format(r="OLD") + " AND ", _SESSION_BEST
    )
    + _pattern_delta("OLD", -1)
)


def _h2h_delta(row: str, sign: str, hand_guild: str) -> str:
    """Add payment ``row``'s part (times ``sign``) to both players' head-to-head rows: the
    payer's net against the payee goes down by the amount, the payee's up (a payment to
    oneself — never made — counts once, as received, like the reading query did)."""
    return (
        "INSERT INTO totals_h2h (guild_id, player_id, other_id, net, payments)"
        f" SELECT {hand_guild}, {row}.payer_id, {row}.payee_id,"
        f" {sign} * CASE WHEN {row}.payee_id = {row}.payer_id THEN {row}.amount"
        f" ELSE -{row}.amount END, {sign} WHERE true"
        f" UNION ALL SELECT {hand_guild}, {row}.payee_id, {row}.payer_id, {sign} * {row}.amount,"
        f" {sign} WHERE {row}.payee_id <> {row}.payer_id"
        " ON CONFLICT (guild_id, player_id, other_id) DO UPDATE"
        " SET net = net + excluded.net, payments = payments + excluded.payments;"
        f" DELETE FROM totals_h2h WHERE guild_id = {hand_guild} AND payments = 0"
        f" AND player_id IN ({row}.payer_id, {row}.payee_id);"
    )


def _totals_triggers() -> tuple[str, ...]:
    new_hand = "(SELECT guild_id FROM hands WHERE id = NEW.hand_id)"
    old_hand = "(SELECT guild_id FROM hands WHERE id = OLD.hand_id)"
    new_ok = "(SELECT status FROM hands WHERE id = NEW.hand_id) = 'confirmed'"
    old_ok = "(SELECT status FROM hands WHERE id = OLD.hand_id) = 'confirmed'"
    return (
        "CREATE TRIGGER totals_seat_insert AFTER INSERT ON hand_seats"
        f" WHEN NEW.status = 'confirmed' BEGIN {_SEAT_ADD} END",
        "CREATE TRIGGER totals_seat_delete AFTER DELETE ON hand_seats"
        f" WHEN OLD.status = 'confirmed' BEGIN {_SEAT_SUB} END",
        # any change of a row that counted or counts now: out with the old, in with the new
        "CREATE TRIGGER totals_seat_update AFTER UPDATE ON hand_seats"
        " WHEN OLD.status = 'confirmed' OR NEW.status = 'confirmed'"
        f" BEGIN {_SEAT_SUB} {_SEAT_ADD} END",
        # a won hand's pattern is counted under the hand's pattern at the time
        "CREATE TRIGGER totals_hand_pattern AFTER UPDATE OF pattern ON hands"
        " WHEN OLD.pattern IS NOT NEW.pattern BEGIN"
        " INSERT INTO totals_pattern (guild_id, player_id, pattern, wins)"
        " SELECT guild_id, player_id, COALESCE(OLD.pattern, '?'), -1 FROM hand_seats"
        " WHERE hand_id = NEW.id AND status = 'confirmed' AND won = 1"
        " UNION ALL SELECT guild_id, player_id, COALESCE(NEW.pattern, '?'), 1 FROM hand_seats"
        " WHERE hand_id = NEW.id AND status = 'confirmed' AND won = 1"
        " ON CONFLICT (guild_id, player_id, pattern) DO UPDATE SET wins = wins + excluded.wins;"
        " DELETE FROM totals_pattern WHERE wins = 0 AND (guild_id, player_id) IN"
        " (SELECT guild_id, player_id FROM hand_seats WHERE hand_id = NEW.id); END",
        # head to head: payments count while their hand is confirmed
        "CREATE TRIGGER totals_payment_insert AFTER INSERT ON payments"
        f" WHEN {new_ok} BEGIN {_h2h_delta('NEW', '1', new_hand)} END",
        "CREATE TRIGGER totals_payment_delete AFTER DELETE ON payments"
        f" WHEN {old_ok} BEGIN {_h2h_delta('OLD', '-1', old_hand)} END",
        "CREATE TRIGGER totals_payment_update AFTER UPDATE ON payments"
        f" WHEN {old_ok} OR {new_ok} BEGIN"
        f" {_h2h_delta('OLD', f'(CASE WHEN {old_ok} THEN -1 ELSE 0 END)', old_hand)}"
        f" {_h2h_delta('NEW', f'(CASE WHEN {new_ok} THEN 1 ELSE 0 END)', new_hand)} END",
        "CREATE TRIGGER totals_hand_status AFTER UPDATE OF status, guild_id ON hands"
        " WHEN (OLD.status = 'confirmed') <> (NEW.status = 'confirmed')"
        " OR (NEW.status = 'confirmed' AND OLD.guild_id <> NEW.guild_id) BEGIN"
        " INSERT INTO totals_h2h (guild_id, player_id, other_id, net, payments)"
        " SELECT g, pid, oid, sign * net, sign * n FROM ("
        "  SELECT OLD.guild_id AS g, -1 AS sign WHERE OLD.status = 'confirmed'"
        "  UNION ALL SELECT NEW.guild_id, 1 WHERE NEW.status = 'confirmed'"
        " ) JOIN ("
        "  SELECT payer_id AS pid, payee_id AS oid,"
        "  CASE WHEN payee_id = payer_id THEN amount ELSE -amount END AS net, 1 AS n"
        "  FROM payments WHERE hand_id = NEW.id"
        "  UNION ALL SELECT payee_id, payer_id, amount, 1 FROM payments"
        "  WHERE hand_id = NEW.id AND payee_id <> payer_id"
        " ) WHERE true"
        " ON CONFLICT (guild_id, player_id, other_id) DO UPDATE"
        " SET net = net + excluded.net, payments = payments + excluded.payments;"
        " DELETE FROM totals_h2h WHERE payments = 0 AND guild_id IN (OLD.guild_id, NEW.guild_id)"
        " AND player_id IN (SELECT payer_id FROM payments WHERE hand_id = NEW.id"
        " UNION SELECT payee_id FROM payments WHERE hand_id = NEW.id); END",
    )


def _totals_backfill() -> tuple[str, ...]:
    finest = SPANS[0]
    rolled = (
        "SUM(hands), SUM(total), SUM(wins), SUM(self_draws), MAX(biggest), SUM(fei_bao),"
        " SUM(fei_bao_net)"
    )
    out = [
        f"INSERT INTO totals_span (guild_id, span, prefix, up, player_id, {_SEAT_SUMS})"
        f" SELECT guild_id, {finest}, substr(created_at, 1, {finest}),"
        f" {_parent('hand_seats', finest)}, player_id, COUNT(*), SUM(delta), SUM(won),"
        " SUM(self_draw), MAX(delta), SUM(flown), SUM(CASE WHEN flown > 0 THEN delta ELSE 0 END)"
        f" FROM hand_seats WHERE status = 'confirmed'"
        f" GROUP BY guild_id, substr(created_at, 1, {finest}), player_id"
    ]
    for finer, span in itertools.pairwise(SPANS):
        parent = _parent("x", span).replace("x.created_at", "prefix")
        out.append(
            f"INSERT INTO totals_span (guild_id, span, prefix, up, player_id, {_SEAT_SUMS})"
            f" SELECT guild_id, {span}, up, {parent}, player_id, {rolled}"
            f" FROM totals_span WHERE span = {finer} GROUP BY guild_id, up, player_id"
        )
    return (
        *out,
        f"INSERT INTO totals_all (guild_id, player_id, {_SEAT_SUMS})"
        f" SELECT guild_id, player_id, {rolled} FROM totals_span WHERE span = {SPANS[-1]}"
        " GROUP BY guild_id, player_id",
        f"INSERT INTO totals_session (guild_id, session_id, player_id, {_SEAT_SUMS})"
        " SELECT s.guild_id, h.session_id, s.player_id,"
        " COUNT(*), SUM(s.delta), SUM(s.won), SUM(s.self_draw), MAX(s.delta), SUM(s.flown),"
        " SUM(CASE WHEN s.flown > 0 THEN s.delta ELSE 0 END)"
        " FROM hand_seats s JOIN hands h ON h.id = s.hand_id WHERE s.status = 'confirmed'"
        " GROUP BY s.guild_id, h.session_id, s.player_id",
        "INSERT INTO totals_pattern (guild_id, player_id, pattern, wins)"
        " SELECT s.guild_id, s.player_id, COALESCE(h.pattern, '?'), COUNT(*)"
        " FROM hand_seats s JOIN hands h ON h.id = s.hand_id"
        " WHERE s.status = 'confirmed' AND s.won = 1"
        " GROUP BY s.guild_id, s.player_id, COALESCE(h.pattern, '?')",
        "INSERT INTO totals_h2h (guild_id, player_id, other_id, net, payments)"
        " SELECT g, pid, oid, SUM(net), COUNT(*) FROM ("
        "  SELECT h.guild_id AS g, p.payer_id AS pid, p.payee_id AS oid,"
        "  CASE WHEN p.payee_id = p.payer_id THEN p.amount ELSE -p.amount END AS net"
        "  FROM payments p JOIN hands h ON h.id = p.hand_id WHERE h.status = 'confirmed'"
        "  UNION ALL SELECT h.guild_id, p.payee_id, p.payer_id, p.amount"
        "  FROM payments p JOIN hands h ON h.id = p.hand_id"
        "  WHERE h.status = 'confirmed' AND p.payee_id <> p.payer_id"
        " ) GROUP BY g, pid, oid",
    )


# --- seasons and the ledger's version (migration 10) ------------------------------------------
#
# A season is a span of time of one guild, from ``started_at`` to ``ended_at`` (NULL while open;
# one open season per guild at most, names unique per guild). A hand belongs to the season open
# when it was recorded (its ``created_at``), so a season's figures are the period figures of its
# span, read from migration 7's period buckets: no totals of their own, and exact through every
# write path with no trigger of their own.
#
# Ratings are recomputed from the ledger (see :mod:`shangrao_bot.store.ledger.ratings`) and cached
# per process, keyed by ``ledger_versions.version``: a counter per guild that every change of a
# seat row that counts or counted bumps (record, confirm, void, undo, edit, merge, backdate), so
# a cached result is used only while the confirmed hands are what it was computed from. Each
# bump also logs, in ``ledger_changes``, when the changed row's hand was first recorded (the
# first ``created_at`` of its session and number: an edit's corrected hand is rated in the place
# of the hand it replaced) or the row's own ``created_at`` if earlier (a row moved in time): a
# cache at version v reads again only the hands first recorded from the earliest change after v
# on. The upsert locks the guild's counter row until the transaction ends, so concurrent writers
# number their changes one after the other (a log row takes the number the counter holds).

_VERSION_BUMP = (
    "INSERT INTO ledger_versions (guild_id, version) VALUES ({row}.guild_id, 1)"
    " ON CONFLICT (guild_id) DO UPDATE SET version = ledger_versions.version + 1;"
    " INSERT INTO ledger_changes (guild_id, version, since)"
    " SELECT guild_id, version, (SELECT MIN(at) FROM (SELECT {row}.created_at AS at"
    " UNION ALL SELECT h2.created_at FROM hands h1 JOIN hands h2"
    " ON h2.session_id = h1.session_id AND h2.seq = h1.seq WHERE h1.id = {row}.hand_id)"
    " AS moments) FROM ledger_versions WHERE guild_id = {row}.guild_id;"
)


def _version_triggers() -> tuple[str, ...]:
    return (
        "CREATE TRIGGER ledger_version_insert AFTER INSERT ON hand_seats"
        f" WHEN NEW.status = 'confirmed' BEGIN {_VERSION_BUMP.format(row='NEW')} END",
        "CREATE TRIGGER ledger_version_delete AFTER DELETE ON hand_seats"
        f" WHEN OLD.status = 'confirmed' BEGIN {_VERSION_BUMP.format(row='OLD')} END",
        "CREATE TRIGGER ledger_version_update AFTER UPDATE ON hand_seats"
        " WHEN OLD.status = 'confirmed' OR NEW.status = 'confirmed' BEGIN"
        f" {_VERSION_BUMP.format(row='OLD')} {_VERSION_BUMP.format(row='NEW')} END",
    )


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
    # 7: running totals for leaderboards and player statistics (see above), filled from the
    # book as it stands; the partial index finds one day's confirmed rows (a period's first and
    # last day, and a day bucket's best after a void)
    (
        # ``up``: the bucket's parent (the prefix one span coarser; '' for a month)
        _sums_table("totals_span", "span INTEGER", "prefix TEXT", extra="up TEXT"),
        # a bucket's children, to read its best again (no column of it changes in place)
        "CREATE INDEX totals_span_up ON totals_span(guild_id, player_id, span, up)",
        _sums_table("totals_all"),
        _sums_table("totals_session", "session_id INTEGER"),
        """CREATE TABLE totals_pattern (
            guild_id BIGINT NOT NULL,
            player_id INTEGER NOT NULL,
            pattern TEXT NOT NULL,
            wins INTEGER NOT NULL,
            PRIMARY KEY (guild_id, player_id, pattern)
        ) WITHOUT ROWID""",
        """CREATE TABLE totals_h2h (
            guild_id BIGINT NOT NULL,
            player_id INTEGER NOT NULL,
            other_id INTEGER NOT NULL,
            net INTEGER NOT NULL,
            payments INTEGER NOT NULL,
            PRIMARY KEY (guild_id, player_id, other_id)
        ) WITHOUT ROWID""",
        *_totals_backfill(),
        # after the backfill, which reads whole tables (rows in this index's order would be
        # visited at random)
        """CREATE INDEX hand_seats_day ON hand_seats(guild_id, substr(created_at, 1, 10),
            player_id, delta) WHERE status = 'confirmed'""",
        *_totals_triggers(),
    ),
    # 8: what the bot's processes keep between themselves: the slash commands last synced
    # (synced again only when they change) and, on PostgreSQL, each gateway rate-limit
    # bucket's last login
    (
        """CREATE TABLE bot_state (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
    ),
    # 9: 何切 puzzles (``/puzzle``): each posed puzzle (``spec``: the player's view as JSON,
    # ``answer``: the best discard; open until ``revealed_at``, at ``deadline`` at the latest),
    # every player's answer (one per player, the latest counts), and each server's puzzle
    # settings (the daily puzzle's channel, on/off, the last day one was posted — never two on
    # one day — and the minutes a puzzle stays open)
    (
        """CREATE TABLE puzzles (
            id INTEGER PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            channel_id BIGINT NOT NULL,
            message_id BIGINT,
            poster_id BIGINT,
            seed TEXT NOT NULL,
            spec TEXT NOT NULL,
            answer TEXT NOT NULL,
            lang TEXT NOT NULL,
            daily TEXT,
            deadline TEXT NOT NULL,
            revealed_at TEXT,
            created_at TEXT NOT NULL
        )""",
        "CREATE INDEX puzzles_open ON puzzles(deadline) WHERE revealed_at IS NULL",
        "CREATE INDEX puzzles_guild ON puzzles(guild_id, revealed_at)",
        """CREATE TABLE puzzle_answers (
            puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
            user_id BIGINT NOT NULL,
            tile TEXT NOT NULL,
            answered_at TEXT NOT NULL,
            PRIMARY KEY (puzzle_id, user_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE puzzle_settings (
            guild_id BIGINT PRIMARY KEY,
            daily_channel_id BIGINT,
            daily INTEGER NOT NULL DEFAULT 0,
            minutes INTEGER NOT NULL DEFAULT 10 CHECK (minutes BETWEEN 1 AND 1440),
            last_daily TEXT,
            updated_at TEXT NOT NULL
        )""",
    ),
    # 10: seasons (``/season start | end``; see above) and the ledger's version per guild with
    # its log of changes, which key the cached ratings; filled from the book as it stands
    (
        """CREATE TABLE seasons (
            id INTEGER PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            name TEXT NOT NULL,
            started_at TEXT NOT NULL,
            ended_at TEXT,
            started_by BIGINT NOT NULL,
            ended_by BIGINT
        )""",
        "CREATE UNIQUE INDEX seasons_name ON seasons(guild_id, name)",
        "CREATE UNIQUE INDEX seasons_open ON seasons(guild_id) WHERE ended_at IS NULL",
        """CREATE TABLE ledger_versions (
            guild_id BIGINT PRIMARY KEY,
            version INTEGER NOT NULL
        )""",
        """CREATE TABLE ledger_changes (
            guild_id BIGINT NOT NULL,
            version INTEGER NOT NULL,
            since TEXT NOT NULL,
            PRIMARY KEY (guild_id, version)
        ) WITHOUT ROWID""",
        "INSERT INTO ledger_versions (guild_id, version)"
        " SELECT DISTINCT guild_id, 1 FROM hand_seats WHERE status = 'confirmed'",
        "INSERT INTO ledger_changes (guild_id, version, since)"
        " SELECT guild_id, 1, '' FROM ledger_versions",
        *_version_triggers(),
    ),
    # 11: reviews of the players' decisions in finished hands, one per hand and seat (a review
    # again replaces it): the hand's ``rating`` (0–100), how many decisions were ``judged``,
    # ``matched`` the ranking's first choice or were ``flagged``, and the expected points
    # ``lost``; whose it is, the hand's seat says (``hand_seats``: a guest merged into a member
    # brings their reviews along). And each server's choice whether reviews are shown publicly
    # (``review_public``, off by default)
    (
        "ALTER TABLE guild_settings ADD COLUMN review_public INTEGER NOT NULL DEFAULT 0",
        """CREATE TABLE hand_reviews (
            guild_id BIGINT NOT NULL,
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            rating INTEGER NOT NULL CHECK (rating BETWEEN 0 AND 100),
            judged INTEGER NOT NULL,
            matched INTEGER NOT NULL,
            flagged INTEGER NOT NULL,
            lost REAL NOT NULL,
            reviewed_at TEXT NOT NULL,
            PRIMARY KEY (hand_id, seat)
        ) WITHOUT ROWID""",
    ),
    # 12: the version of what each session's messages show, bumped by triggers in the
    # transaction of every change they show, and what each message shows with a short lease on
    # editing it, so that no edit takes a message back to an older state (see
    # :mod:`~.session_versions`)
    (*session_versions.TABLES, *session_versions.sqlite_triggers()),
    # 13: the rating fold's checkpoints, so that a process that starts resumes the fold rather
    # than folding every game again (see :mod:`shangrao_bot.store.ledger.rating_checkpoints`):
    # per guild, the fold's state after its first ``games`` games and the steps of the games
    # from ``first_game`` on, valid while no change logged after ``version`` touched a moment
    # at or before ``last_at``. Empty to start with: the first fold after the upgrade writes them
    (
        """CREATE TABLE rating_checkpoints (
            guild_id BIGINT NOT NULL,
            games INTEGER NOT NULL,
            first_game INTEGER NOT NULL,
            version INTEGER NOT NULL,
            last_at TEXT NOT NULL,
            state BLOB NOT NULL,
            steps BLOB NOT NULL,
            PRIMARY KEY (guild_id, games)
        )""",
    ),
    # 14: each server's web pages, when switched on (see :mod:`shangrao_bot.store.web_sites`):
    # the token its addresses carry, and its SHA-256 (hex) that a request's token is looked up
    # by, so the lookup's timing tells nothing of the token itself
    (
        """CREATE TABLE web_sites (
            guild_id BIGINT PRIMARY KEY,
            token TEXT NOT NULL,
            token_digest TEXT NOT NULL UNIQUE,
            opened_at TEXT NOT NULL,
            opened_by BIGINT NOT NULL
        )""",
    ),
    # 15: club events over several tables and rounds (see :mod:`.event_tables`)
    event_tables.TABLES,
)

LATEST = len(MIGRATIONS)
