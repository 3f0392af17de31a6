"""What the table benchmarks share: the custom ids of a private panel's moves, the move a
scripted human presses, the walls' seeds and percentiles."""

from __future__ import annotations

import hashlib
import re

MOVE = re.compile(r"mj:\d+:\d+:\d+:(d|a):")
PANEL = re.compile(r"mj:\d+:(?P<hand>\d+):(?P<seq>\d+):(?P<op>d|a):")


def seeds(table_id: int, hand_no: int) -> bytes:
    """The wall of a table's hand: the same in every run."""
    return hashlib.sha256(f"bench-tables/{table_id}/{hand_no}".encode()).digest()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def pick(ids: list[str]) -> str:
    """A scripted human's move: win, else pass, else discard the newest tile."""
    for wanted in (":a:win", ":a:pass"):
        for c in ids:
            if wanted in c:
                return c
    discards = [c for c in ids if ":d:" in c]
    return discards[-1] if discards else ids[0]
