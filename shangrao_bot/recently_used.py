"""A mapping that keeps only its most recently used entries: the caches of things that never
change once made (a finished hand's replay, its reviews, its animation)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import ItemsView
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class RecentlyUsed(Generic[K, V]):
    """At most ``size`` entries; reading or writing one makes it the newest, and a write past
    ``size`` forgets the oldest."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def items(self) -> ItemsView[K, V]:
        """The entries, oldest first (reading them makes none newer)."""
        return self._items.items()

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
