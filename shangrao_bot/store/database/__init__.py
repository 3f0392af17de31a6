"""The ledger's database, whichever it is: SQLite (the embedded default) and PostgreSQL (for shard
processes) side by side under one interface.

* ``interface`` — :class:`~.interface.Database`, what every store function is written against;
* ``transactions`` — :class:`~.transactions.Tx`, the transaction interface of every write;
* ``opening`` — :func:`~.opening.open_database`: the backend ``DATABASE_URL`` names;
* ``startup`` — checks at start-up that stop a ``DATABASE_URL`` that cannot work, with one line;
* ``placeholders`` — SQLite's ``?`` placeholders numbered for PostgreSQL;
* ``sqlite``, ``sqlite_migrations`` — the SQLite backend and the numbered schema migrations;
  ``session_versions`` — migration 12's tables and the triggers that bump a session's version;
* ``postgres``, ``postgres_transactions``, ``postgres_migrations`` — the PostgreSQL backend
  (asyncpg), its transactions, and the same migrations as PostgreSQL runs them.
"""
