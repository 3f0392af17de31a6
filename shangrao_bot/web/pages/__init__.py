"""The league's pages, one module each, every one under a server's address
(:class:`~shangrao_bot.web.site_pages.SitePages`):

* :mod:`.league`: the leaderboard (sortable, CSV), the seasons, recent sessions and hands.
"""

from __future__ import annotations

from shangrao_bot.web.pages import league
from shangrao_bot.web.pages import player as player_page
from shangrao_bot.web.site_pages import SitePages


def add_every_page(pages: SitePages) -> None:
    """Every page module's routes."""
    league.routes(pages)
    player_page.routes(pages)
