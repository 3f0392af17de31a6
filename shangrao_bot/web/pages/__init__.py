"""The league's pages, one module each, every one under a server's address
(:class:`~shangrao_bot.web.site_pages.SitePages`):

* :mod:`.league`: the leaderboard (sortable, CSV), the seasons, recent sessions and hands.
* :mod:`.player`: a player's rating chart, record, head to head, tablemates and latest hands.
* :mod:`.replay`: a finished bot-table hand step by step, with its board pictures.
* :mod:`.session`: a session's hands in order, its running totals, totals and settlement.
* :mod:`.review`: one seat's decisions in a bot-table hand, judged (behind a key per seat).
"""

from __future__ import annotations

from shangrao_bot.web.pages import league, player, replay, review, session
from shangrao_bot.web.site_pages import SitePages


def add_every_page(pages: SitePages) -> None:
    """Every page module's routes."""
    league.routes(pages)
    player.routes(pages)
    replay.routes(pages)
    session.routes(pages)
    review.routes(pages)
