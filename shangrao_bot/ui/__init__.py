"""The Discord side: texts, views, the table presenter, the single error path, pictures.

* ``i18n``, ``language``, ``translator`` — the catalogs' texts in the reader's language, which
  language a message is written in, the commands' Chinese names; ``limits`` — Discord's sizes;
  ``errors`` — the one error path of every command;
* ``game_terms``, ``payments``, ``table_text``, ``analysis_text`` — how tiles, seats, payments,
  tables and analyses read;
* ``discord_presenter`` — the table service's presenter for Discord, over ``table_thread``,
  ``lobby_posts``, ``board_updates``, ``result_posts``, ``player_prefs``, ``panel_queues``,
  ``panel_delivery``, ``dm_panels``, ``hand_panels`` and ``panel_content``;
* ``table_views`` — the tables' buttons (``table_buttons``, ``hand_buttons``), built from
  ``panel_parts``, ``hand_pictures`` and ``table_client``; ``cross_shard_clicks`` — DM clicks of
  tables another process runs; ``pacing`` — how often messages are edited;
* ``score_views``, ``puzzle_views``, ``replay_views``, ``rulebook`` — the other screens;
  ``scoreboard_chart`` — the live scoreboard's chart, drawn once per state of its hands;
  ``forward_messages`` — a press answered by editing its message forward only;
  ``web_links`` — the 🌐 buttons to the server's web pages, one rule for every message;
* ``pictures``, ``worker_pool``, ``emoji`` — drawing off the event loop, and tile emoji.
"""
