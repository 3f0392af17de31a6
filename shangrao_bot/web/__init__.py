"""The web pages, on aiohttp: the league's read-only pages of each server's book, and the
operator's ``/healthz`` and ``/metrics``. A face of the services beside the Discord side, not
above it: the web layer reads through ``service/`` and ``store/``, draws with ``render/``, and
never imports ``ui/`` or discord.py (``tests/test_import_boundaries.py`` checks every import).
The parts of the operator's pages that read the running bot (its gateway, request budget and
picture workers) are the bot's own, in :mod:`shangrao_bot.operator`.

The operator's pages, generic over what they report:

* :mod:`.app` builds an application from the routes each page module gives
  (:func:`~.app.build_app`), with one plain 404 for every other path.
* :mod:`.health`: ``/healthz``, a list of named async checks; :mod:`.health_checks`: the
  checks any process can run (the database answering, its last write through, the event
  loop's lag).
* :mod:`.metrics_page`: ``/metrics``, a registry in Prometheus's text format.
* :mod:`.server`: listening and stopping; an address that cannot be used is a settings error.

The league's pages, served by the bot's process (``WEB_PORT``) or by ``shangrao-bot web``:

* :mod:`.league_site` (:class:`~.league_site.LeagueSite`: the pages of one process) over
  :mod:`.site_app` (the application: pages, files, the guard) and :mod:`.site_pages` (from a
  request's token to the server, and the pages' routes); the pages themselves in
  :mod:`.pages`, their templates in ``templates/`` (:mod:`.templating`, autoescaped) and their
  files in ``static/`` (:mod:`.static_files`, content-hashed).
* :mod:`.addresses` (each server's secret address), :mod:`.page_guard` (headers, methods,
  :mod:`.client_budget`'s per-client budget, the one 404), :mod:`.page_language` (which
  language a page is in), :mod:`.svg_charts` (chart geometry).
"""
