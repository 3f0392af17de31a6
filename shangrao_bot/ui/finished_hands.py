"""The per-process caches of finished virtual hands: their replays and their reviews (a
finished hand never changes, so each is rebuilt once and kept while it is used)."""

from __future__ import annotations

from shangrao_bot.service.replay import ReplayCache
from shangrao_bot.service.review import ReviewCache

REPLAYS = ReplayCache()
REVIEWS = ReviewCache(REPLAYS)


def forget_cached() -> None:
    """Drop every cached replay and review (tests: a new database reuses hand ids)."""
    REPLAYS.clear()
    REVIEWS.clear()
