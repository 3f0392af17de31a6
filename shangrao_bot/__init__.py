"""shangrao-bot: Shangrao mahjong (上饶麻将) in Discord and on the command line.

Virtual tables in Discord, scorekeeping for physical tables, and a command line that scores and
analyses hands offline. The packages, bottom layer first (``docs/architecture.md`` has the
layers and how a move and a recorded hand travel through them):

* ``rules/`` — the rules core: tiles, shapes, scoring under both presets (standard library);
* ``engine/`` — one hand as a state machine, sessions, AI players, 何切 analysis, replays;
* ``store/`` — the ledger and the tables' event store, in SQLite or PostgreSQL;
* ``service/`` — virtual tables and scorekeeping, without Discord;
* ``render/`` — the pictures (Pillow);
* ``ui/`` — the Discord side: texts, views and buttons, the presenter, picture workers;
* ``catalog/`` — every text a user reads, one catalog per language;
* ``web/`` — the league's pages and the operator's (aiohttp, Jinja2), beside the Discord side;
* ``operator/`` — what the operator's pages read of the running bot (its gateway, request
  budget, picture workers), in the bot's layer so that ``web/`` needs no Discord;
* ``entrypoints/`` — what starts a process: the command line and its subcommands, the bot's
  runner, the league's web server;
* ``play/`` — the terminal game.

The modules here: ``errors`` (the one refusal model), ``names``, ``redact``, ``log``,
``settings``, ``sharding``, ``gc_tuning``, ``fewest_transfers``, ``traditional_book`` (the
traditional Chinese rule book's build), ``cli_errors`` (the command line's refusals and exit
statuses, which the terminal game and ``render`` use too), ``recently_used``, ``metrics``,
``loop_lag`` — pure helpers at the bottom; ``discord_bot`` (the bot); ``__main__`` (``python -m
shangrao_bot``, the console script: :mod:`.entrypoints.cli`).
"""

__version__ = "0.1.0"
