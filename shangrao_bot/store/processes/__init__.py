"""How the bot's processes share the work of one bot token.

* ``coordination`` — the :class:`~.coordination.Coordination` interface (who runs which table,
  who is the leader, messages between processes, the pace of gateway logins) and its
  one-process stand-in;
* ``postgres_coordination`` — the same over PostgreSQL: advisory locks and ``LISTEN``/``NOTIFY``.
"""
