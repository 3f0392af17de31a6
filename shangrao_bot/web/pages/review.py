"""A review report: one seat's decisions in a finished bot-table hand, each judged by the 何切
analysis from that seat's own view (:mod:`shangrao_bot.service.review`), at
``review/<hand>/<seat>/<key>``.

The address is the permission: ``key`` is :func:`~shangrao_bot.web.addresses.review_key` of
the server's pages for that hand and seat, given privately to the player (or shown to anyone
when the server makes reviews public). A wrong key, an unknown or another server's hand, a seat
nobody sat in or an AI's, a hand still being played or recorded at a physical table: all the
one 404. The key is checked first, in constant time, before anything is read.

The page: the summary (the rating and the share of first choices as ``/review`` gives them, the
points lost), the biggest mistakes first, then every decision in order — what the player did,
what the analysis preferred, both moves' figures, the choice's rank, the points lost, coloured
by severity (:mod:`shangrao_bot.web.review_report`) — each with a link into the replay at its
step. ``?mistakes=1`` lists only the mistakes (the page's script does the same in place).

A finished hand never changes: the reviews made are kept (the first view of a hand and seat
runs the analysis off the event loop, a fraction of a second; the next ones read the cache).
"""

from __future__ import annotations

import logging

from aiohttp import web

from shangrao_bot.engine.hand_records import SEATS
from shangrao_bot.errors import Refusal
from shangrao_bot.service.replay import DamagedLog, ReplayCache
from shangrao_bot.service.review import LoadedReview, ReviewCache, seat_review
from shangrao_bot.web.addresses import review_key_matches
from shangrao_bot.web.review_report import SEVERITY_LIMITS, report_of
from shangrao_bot.web.site_pages import PageContext, SitePages, number

log = logging.getLogger(__name__)

REVIEWS_KEPT = 32
REPLAYS_KEPT = 16


def only_mistakes(query: dict[str, str]) -> bool:
    """``?mistakes=1``: the mistakes only; any other value is the 404."""
    value = query.get("mistakes")
    if value not in (None, "1"):
        raise web.HTTPNotFound()
    return value == "1"


class ReviewPages:
    """The review page, over the reviews it made (kept: a finished hand never changes)."""

    def __init__(self) -> None:
        self.reviews = ReviewCache(ReplayCache(REPLAYS_KEPT), REVIEWS_KEPT)

    async def _review(self, context: PageContext, hand: int, seat: int) -> LoadedReview:
        try:
            return await seat_review(context.db, self.reviews, context.guild_id, hand, seat)
        except Refusal as refusal:  # unknown, another server's, physical, still played, an AI's
            if isinstance(refusal, DamagedLog):
                log.warning("hand %d does not replay: %s", hand, refusal.in_lang("en"))
            raise web.HTTPNotFound() from None

    async def page(
        self, context: PageContext, hand: str, seat: str, key: str
    ) -> web.StreamResponse:
        hand_id, seat_no = number(hand), number(seat)
        if seat_no >= SEATS or not review_key_matches(context.site, hand_id, seat_no, key):
            raise web.HTTPNotFound()
        mistakes = only_mistakes(dict(context.request.query))
        report = report_of(await self._review(context, hand_id, seat_no), context.lang)
        return await context.page(
            "review.html",
            report=report,
            rows=report.mistakes if mistakes else report.rows,
            only_mistakes=mistakes,
            limits=SEVERITY_LIMITS,
            toggle=context.url(
                f"review/{hand_id}/{seat_no}/{key}", mistakes=None if mistakes else 1
            ),
            hand=hand_id,  # the replay's links: the hand from the seat's view (``view``)
            seat=seat_no,
        )


def routes(pages: SitePages) -> None:
    pages.page("review/{hand}/{seat}/{key}", ReviewPages().page)
