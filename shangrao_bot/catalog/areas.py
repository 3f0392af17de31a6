"""The areas every language's catalog is made of, and how a language's areas become one dict."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

#: The area modules of every language package, in the order they are merged.
AREA_NAMES = (
    "rules",
    "engine",
    "moves",
    "store",
    "backups",
    "bot",
    "commands",
    "tables",
    "table_screens",
    "scorebook",
    "score_screens",
    "score_pad",
    "rulebook",
    "analysis",
    "replay",
    "review",
    "ratings",
    "event",
    "pictures",
    "web",
    "web_player",
    "web_session",
    "web_replay",
    "web_review",
    "web_discord",
    "club",
)


class KeyDefinedTwice(RuntimeError):
    """Two areas of one language define the same key: one of them is a mistake."""


def merged(areas: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """One language's texts: its areas' dicts in one (a key defined twice is refused)."""
    out: dict[str, str] = {}
    for area, texts in areas.items():
        twice = out.keys() & texts.keys()
        if twice:
            raise KeyDefinedTwice(f"catalog keys defined twice ({area}): {sorted(twice)}")
        out.update(texts)
    return out


def load(package: str) -> tuple[dict[str, Mapping[str, str]], dict[str, str]]:
    """One language package's areas (each module's ``TEXTS``, in :data:`AREA_NAMES` order) and
    its texts merged: every language package is these same modules."""
    areas: dict[str, Mapping[str, str]] = {
        area: importlib.import_module(f"{package}.{area}").TEXTS for area in AREA_NAMES
    }
    return areas, merged(areas)
