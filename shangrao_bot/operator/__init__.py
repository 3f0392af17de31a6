"""The bot's side of the operator's pages (``/healthz`` and ``/metrics`` on
``METRICS_HOST:METRICS_PORT``): what reads the running bot's own parts, in the bot layer.

The pages themselves, their server and the health checks any process can run are generic and
live in ``web/`` (:mod:`shangrao_bot.web.health`, :mod:`~shangrao_bot.web.metrics_page`,
:mod:`~shangrao_bot.web.server`, :mod:`~shangrao_bot.web.health_checks`), which never imports
discord.py or the Discord side (``ui/``). What needs them is here:

* :mod:`.operator_site`: :class:`~.operator_site.OperatorSite`, one per bot — its metrics
  registry, the loop-lag probe, the health checks and the server, built by ``ShangraoBot``;
* :mod:`.gateway`: the health check of Discord's gateway (every shard of this process
  connected), over the discord.py client;
* :mod:`.bot_figures`: the collectors that read the bot's state at each scrape (the tables
  open, the request budget's use, the picture workers' queue).
"""
