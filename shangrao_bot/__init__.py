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
* ``play/`` — the terminal game.

The modules here: ``errors`` (the one refusal model), ``names``, ``redact``, ``log``,
``settings``, ``sharding``, ``gc_tuning``, ``fewest_transfers``, ``traditional_book`` (the
traditional Chinese rule book's build) — pure helpers at the bottom;
``discord_bot`` and ``bot_runner`` (the bot); ``cli``, ``cli_parser``, ``cli_errors``,
``score_cli``, ``analyze_cli``, ``replay_cli``, ``arena``, ``arena_cli``, ``simulate`` and
``__main__`` (the command line).
"""

__version__ = "0.1.0"
