"""Migration 12: the version of what a session's messages show, and what each message shows.

**A session's version** (``session_versions``: ``session_id`` → ``version``) is a counter that
every change a session's live scoreboard, its hands' previews or its settlement show bumps, in
the transaction of that change, by triggers on the rows those messages are drawn from:

- ``hands``: a hand recorded (pending or confirmed), deleted, or its status, void reason,
  number, outcome, pattern, detail or session changed (confirmed, voided, undone, expired,
  cancelled, corrected);
- ``hand_seats``: a seat row added, removed, or its player, delta, status or flags changed (a
  merge moves the guest's rows to the member);
- ``confirmations``: a confirmation given or taken back (a preview's "waiting for n");
- ``sessions``: a session opened, or its status, stake, rules or end changed (closed);
- ``session_seats``: a seat given, taken back or moved to another player (a merge);
- ``transfers``: a settlement transfer stored, removed or changed (marked paid, merged);
- ``players``: a player's displayed name changed (every session the player sits in).

A session without a row is at version 0; the first bump makes the row, at 1 (an upsert, which
on PostgreSQL also holds the row locked until the transaction ends: concurrent writers of one
session bump it one after the other). Every commit that changes what the session's messages
show therefore leaves a strictly greater version, which is what lets a reader label the state it
read (:mod:`shangrao_bot.service.versioned_reads`) and a message refuse an older state
(:mod:`shangrao_bot.service.forward_edits`).

**What each message shows** (``message_versions``): the session version the message was last
edited to (``version``), and a short lease on editing it (``holder`` until ``lease_until``,
seconds since the epoch on the database's clock) so that edits of one message, from any
process, go one at a time; ``updated_at`` says when the row was last touched (rows untouched
for long are forgotten). See :mod:`shangrao_bot.store.message_versions`.

SQLite runs these statements as written; PostgreSQL gets the tables through
:func:`~.postgres_migrations.translate` and each trigger as a PL/pgSQL function
(:func:`postgres_triggers`), both made here from one list of what bumps what.
"""

from __future__ import annotations

from dataclasses import dataclass

TABLES: tuple[str, ...] = (
    """CREATE TABLE session_versions (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            version INTEGER NOT NULL,
            PRIMARY KEY (session_id)
        ) WITHOUT ROWID""",
    """CREATE TABLE message_versions (
            message_id BIGINT NOT NULL,
            version INTEGER NOT NULL,
            holder TEXT,
            lease_until REAL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (message_id)
        ) WITHOUT ROWID""",
    "CREATE INDEX message_versions_updated ON message_versions(updated_at)",
)


@dataclass(frozen=True)
class Bump:
    """One trigger: after ``event`` on ``table`` (an ``UPDATE`` only when one of ``changed``
    changed), bump the sessions ``sessions`` selects (a ``SELECT`` of session ids and 1, in
    terms of ``OLD`` / ``NEW``)."""

    name: str
    event: str
    table: str
    sessions: str
    changed: tuple[str, ...] = ()


def _of_hand(row: str) -> str:
    return f"SELECT session_id, 1 FROM hands WHERE id = {row}.hand_id"


def _both(old: str, new: str) -> str:
    """The sessions of the row before and after an update (once when they are the same)."""
    return f"{old} UNION {new}"


BUMPS: tuple[Bump, ...] = (
    Bump("session_version_hand_insert", "INSERT", "hands", "SELECT NEW.session_id, 1"),
    Bump("session_version_hand_delete", "DELETE", "hands", "SELECT OLD.session_id, 1"),
    Bump(
        "session_version_hand_update",
        "UPDATE",
        "hands",
        _both("SELECT OLD.session_id, 1", "SELECT NEW.session_id, 1"),
        ("status", "void_reason", "seq", "outcome", "pattern", "detail", "session_id"),
    ),
    Bump("session_version_seat_insert", "INSERT", "hand_seats", _of_hand("NEW")),
    Bump("session_version_seat_delete", "DELETE", "hand_seats", _of_hand("OLD")),
    Bump(
        "session_version_seat_update",
        "UPDATE",
        "hand_seats",
        _both(_of_hand("OLD"), _of_hand("NEW")),
        ("hand_id", "player_id", "delta", "status", "won", "self_draw", "flown"),
    ),
    Bump("session_version_confirm_insert", "INSERT", "confirmations", _of_hand("NEW")),
    Bump("session_version_confirm_delete", "DELETE", "confirmations", _of_hand("OLD")),
    Bump("session_version_session_insert", "INSERT", "sessions", "SELECT NEW.id, 1"),
    Bump(
        "session_version_session_update",
        "UPDATE",
        "sessions",
        "SELECT NEW.id, 1",
        ("status", "stake", "rules", "closed_at"),
    ),
    Bump("session_version_sitting_insert", "INSERT", "session_seats", "SELECT NEW.session_id, 1"),
    Bump("session_version_sitting_delete", "DELETE", "session_seats", "SELECT OLD.session_id, 1"),
    Bump(
        "session_version_sitting_update",
        "UPDATE",
        "session_seats",
        _both("SELECT OLD.session_id, 1", "SELECT NEW.session_id, 1"),
        ("session_id", "seat", "player_id"),
    ),
    Bump("session_version_transfer_insert", "INSERT", "transfers", "SELECT NEW.session_id, 1"),
    Bump("session_version_transfer_delete", "DELETE", "transfers", "SELECT OLD.session_id, 1"),
    Bump(
        "session_version_transfer_update",
        "UPDATE",
        "transfers",
        _both("SELECT OLD.session_id, 1", "SELECT NEW.session_id, 1"),
        ("session_id", "payer_id", "payee_id", "amount", "paid_at", "paid_by"),
    ),
    Bump(
        "session_version_player_update",
        "UPDATE",
        "players",
        "SELECT DISTINCT session_id, 1 FROM session_seats WHERE player_id = NEW.id",
        ("display_name",),
    ),
)


def bump_sql(sessions: str) -> str:
    """Add one to the version of each session ``sessions`` selects (a new row at 1). The
    ``WHERE true`` keeps SQLite from reading ``ON CONFLICT`` as a join's ``ON``."""
    where = "" if " WHERE " in sessions.rsplit(" UNION ", 1)[-1] else " WHERE true"
    return (
        f"INSERT INTO session_versions (session_id, version) {sessions}{where}"
        " ON CONFLICT (session_id) DO UPDATE SET version = session_versions.version + 1;"
    )


def sqlite_triggers() -> tuple[str, ...]:
    out = []
    for b in BUMPS:
        when = " OR ".join(f"OLD.{c} IS NOT NEW.{c}" for c in b.changed)
        condition = f" WHEN {when}" if when else ""
        out.append(
            f"CREATE TRIGGER {b.name} AFTER {b.event} ON {b.table} FOR EACH ROW{condition}"
            f" BEGIN {bump_sql(b.sessions)} END"
        )
    return tuple(out)


def postgres_triggers() -> tuple[str, ...]:
    """Each trigger as a PL/pgSQL function and its trigger (``IS DISTINCT FROM`` for SQLite's
    ``IS NOT``)."""
    out = []
    for b in BUMPS:
        when = " OR ".join(f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in b.changed)
        condition = f" WHEN ({when})" if when else ""
        out.append(
            f"CREATE FUNCTION {b.name}() RETURNS trigger LANGUAGE plpgsql AS $fn$"
            f" BEGIN {bump_sql(b.sessions)} RETURN NULL; END $fn$"
        )
        out.append(
            f"CREATE TRIGGER {b.name} AFTER {b.event} ON {b.table} FOR EACH ROW{condition}"
            f" EXECUTE FUNCTION {b.name}()"
        )
    return tuple(out)
