"""Persistence: the ledger and the virtual tables' event store, in SQLite or PostgreSQL.

Async functions with small signatures over a
:class:`~.database.interface.Database`, written once against the transaction
interface of :mod:`~.database.transactions` in portable SQL. Two databases stand
behind it: one SQLite file (the embedded default, for one bot process) and a PostgreSQL server
through asyncpg (for a bot split into several shard processes); ``DATABASE_URL`` chooses.

* ``database/`` — the two databases side by side under one interface: opening one, start-up
  checks, transactions, placeholders, and each one's migrations;
* ``ledger/`` — the book of a server: players, sessions, hands, the audit trail, closing a
  session, seasons, ratings, statistics, exports and 何切 puzzles;
* ``processes/`` — how the bot's processes share work over PostgreSQL (table claims, the
  leader, messages, the pace of logins), and the one-process stand-in;
* ``games`` — the virtual tables' event store: an append-only log per table and its latest
  snapshot;
* ``guilds`` — each server's settings (preset, house switches, stake, language, scorer role);
* ``prefs`` — a Discord user's own preferences (DM panels, the language seen last);
* ``kept_values`` — small named values the bot keeps for itself between runs;
* ``message_versions`` — what each message shows (a session's version) and the lease on
  editing it;
* ``errors`` — the store's typed refusals (texts in the catalogs' ``store`` area);
* ``storage_health`` — the last write refused as unavailable and why (``Database.health``);
* ``backups/`` — checked backups of the database, their restore, and the bot's own on a
  schedule.
"""
