"""The web tests' shared fixtures: the browser tests' Chromium, page, book and server
(:mod:`tests.web.browser`)."""

from tests.web.browser import browser_db, browsing, chromium, locale, site_base, viewport

__all__ = ["browser_db", "browsing", "chromium", "locale", "site_base", "viewport"]
