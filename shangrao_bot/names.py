"""Players' names, one way everywhere: what a typed name becomes and when it is refused.

A name is typed once (a guest in ``/session start``, ``/player rename``) and then typed again
to find its player (``winner:``, ``bonuses: Lao Wang:暗杠``). Two spellings that look the
same must be the same name, and a name must never be mistaken for something else:

- :func:`normalize_name` folds compatibility forms (NFKC: full-width ``Ｌａｏ`` is ``Lao``,
  ``３`` is ``3``), drops invisible characters (zero-width spaces and joiners, direction
  controls such as U+202E that turn ``Wang`` around on screen, every other format or control
  character) and collapses whitespace;
- :func:`name_problem` refuses a name that is empty after that, one that reads as a seat
  number or a player number (``winner:2`` always means seat 2, ``#12`` player 12; a guest
  called ``3`` could never be named), one longer than :data:`MAX_NAME`, and one equal to a
  member's name at the same table (two players answering to one name).

Pure: no Discord, no database.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

MAX_NAME = 64
# What would read as a reference instead of a name: a seat or player number (``3``, ``#12``).
_NUMBER = re.compile(r"#?[0-9]+")
_INVISIBLE = {"Cc", "Cf", "Cs"}  # controls, formats (zero-width, bidi), lone surrogates


def normalize_name(text: str) -> str:
    """``text`` as a name: NFKC, invisible characters removed, whitespace collapsed."""
    folded = unicodedata.normalize("NFKC", text)
    visible = "".join(
        " " if ch.isspace() else ch
        for ch in folded
        if ch.isspace() or unicodedata.category(ch) not in _INVISIBLE
    )
    return " ".join(visible.split())


def same_name(a: str, b: str) -> bool:
    """Whether two typed names are one name (normalized, case folded)."""
    return normalize_name(a).casefold() == normalize_name(b).casefold()


def name_problem(name: str, members: Iterable[str] = ()) -> str | None:
    """Why ``name`` (already normalized) cannot be a guest's name, or None: ``"empty"``,
    ``"number"``, ``"long"``, or ``"member"`` (equal to one of ``members``, the names of the
    members seated with them)."""
    if not name:
        return "empty"
    if _NUMBER.fullmatch(name):
        return "number"
    if len(name) > MAX_NAME:
        return "long"
    if any(same_name(name, m) for m in members):
        return "member"
    return None


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters with ``…``: how a refusal quotes what was typed
    (a reply must stay short, whatever was typed)."""
    return text if len(text) <= limit else text[:limit] + "…"
