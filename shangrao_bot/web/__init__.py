"""The operator's web pages, served by the bot's own process on ``METRICS_HOST:METRICS_PORT``
(off when ``METRICS_PORT`` is unset): a small aiohttp application beside discord.py's.

* :mod:`.app` builds the application from the routes each page module gives
  (:func:`~.app.build_app`), with one plain 404 for every other path: a page added later is one
  more module with its routes.
* :mod:`.health`: ``/healthz``, a list of named async checks (the gateway, the database, the
  event loop's lag; another is one more :class:`~.health.HealthCheck`).
* :mod:`.metrics_page`: ``/metrics``, the bot's registry in Prometheus's text format.
* :mod:`.bot_figures`: the collectors that read the bot's state at each scrape (the tables
  open, the picture workers' queue, the request budget's use).
* :mod:`.server`: listening and stopping; an address that cannot be used is a settings error.
"""
