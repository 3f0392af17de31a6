"""The catalog in 繁體中文 (traditional Chinese): every area's texts
in one dict (a key defined twice is refused)."""

from __future__ import annotations

from shangrao_bot.catalog.areas import merged
from shangrao_bot.catalog.zh_tw import (
    analysis,
    bot,
    commands,
    engine,
    moves,
    pictures,
    ratings,
    replay,
    rulebook,
    rules,
    score_screens,
    scorebook,
    store,
    table_screens,
    tables,
)

AREAS: dict[str, dict[str, str]] = {
    "rules": rules.TEXTS,
    "engine": engine.TEXTS,
    "moves": moves.TEXTS,
    "store": store.TEXTS,
    "bot": bot.TEXTS,
    "commands": commands.TEXTS,
    "tables": tables.TEXTS,
    "table_screens": table_screens.TEXTS,
    "scorebook": scorebook.TEXTS,
    "score_screens": score_screens.TEXTS,
    "rulebook": rulebook.TEXTS,
    "analysis": analysis.TEXTS,
    "replay": replay.TEXTS,
    "ratings": ratings.TEXTS,
    "pictures": pictures.TEXTS,
}

TEXTS = merged(AREAS)
