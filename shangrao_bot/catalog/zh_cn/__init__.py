"""The catalog in 简体中文 (simplified Chinese):
one module per area (:data:`~shangrao_bot.catalog.areas.AREA_NAMES`), each a ``TEXTS`` dict,
merged into one (a key defined twice is refused)."""

from __future__ import annotations

from shangrao_bot.catalog.areas import load

AREAS, TEXTS = load(__name__)
