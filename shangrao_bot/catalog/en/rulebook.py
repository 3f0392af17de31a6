"""The words around the rule book: page buttons, topic names, the contents.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "book.title": "Rule book",
    "book.page": "Page {page} of {pages}",
    "book.prev": "◀ Previous",
    "book.next": "Next ▶",
    "book.contents": "Contents",
    "book.toc.pick": "Pick a topic with a button below, or give one to `/rules explain`.",
    "book.help": "The whole rule book, in your language: `/rules explain`.",
    "book.topic.basics": "Tiles, table and wall",
    "book.topic.bao": "跌宝 and the 宝",
    "book.topic.kongs": "Sets, calls and kongs",
    "book.topic.winning": "Winning",
    "book.topic.patterns": "Patterns and values",
    "book.topic.payments": "Payments and bonuses",
    "book.topic.presets": "Presets and house rules",
    "book.topic.examples": "Worked examples",
}
