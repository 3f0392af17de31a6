"""How many pages one client may ask for: a token bucket per client address.

Each address may make :attr:`ClientBudget.burst` requests at once and then one every
``60 / per_minute`` seconds. Past that the answer is ``429`` with ``Retry-After`` (whole
seconds until the next request would be let through). The buckets of the most recently seen
:data:`CLIENTS_KEPT` addresses are kept; an address forgotten starts again with a full bucket,
which can only be more lenient, never wrong.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from shangrao_bot.recently_used import RecentlyUsed

CLIENTS_KEPT = 4096


@dataclass
class _Bucket:
    tokens: float
    at: float


class ClientBudget:
    """Token buckets by client address."""

    def __init__(
        self, per_minute: int, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst
        self._clock = clock
        self._buckets: RecentlyUsed[str, _Bucket] = RecentlyUsed(CLIENTS_KEPT)

    def take(self, client: str) -> float:
        """Spend one request of ``client``: 0 when it may go on, else the seconds until it
        may ask again."""
        now = self._clock()
        bucket = self._buckets.get(client)
        if bucket is None:
            bucket = _Bucket(float(self.burst), now)
            self._buckets.put(client, bucket)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.rate if self.rate > 0 else math.inf
