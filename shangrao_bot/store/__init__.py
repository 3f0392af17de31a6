"""Persistence: the ledger and the virtual tables' event store in SQLite.

Async functions with small signatures over a :class:`~.db.Database`; SQL stays portable so a
PostgreSQL backend can implement the same functions later (see the README).
"""
