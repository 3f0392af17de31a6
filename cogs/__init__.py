"""Thin Discord cogs, one module per command group.

Each module that defines `async def setup(bot)` is loaded as an extension by the bot's
`setup_hook`. Cogs parse options, defer when needed, call a service and send what it
returns; game logic never lives here.

``tables`` (``/table``), ``sessions`` (``/session``), ``score`` (``/score``), ``ledger``
(``/leaderboard``, ``/history``, ``/stats``, ``/export``), ``profile``, ``season``, ``players``,
``rules`` (``/rules``), ``analysis`` (``/analyze``), ``puzzle``, ``replay``, ``review``, ``web``
(``/web``: the league's web pages) and ``help``.
``backups`` has no command: it runs the scheduled backups (``BACKUP_EVERY``).
"""
