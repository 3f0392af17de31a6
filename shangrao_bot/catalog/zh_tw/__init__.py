"""The catalog in 繁體中文 (traditional Chinese):
one module per area (:data:`~shangrao_bot.catalog.areas.AREA_NAMES`), each a ``TEXTS`` dict,
merged into one (a key defined twice is refused)."""

from __future__ import annotations

from shangrao_bot.catalog.areas import load

AREAS, TEXTS = load(__name__)
