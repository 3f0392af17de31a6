"""What the table benchmarks share: the custom ids of a private panel's moves, the move a
scripted human presses, what a scripted human reads at its table, the load pace, the walls'
seeds and percentiles.

Imported by the bot's own process too (the seeds, the pace): it imports neither the fake nor
the bot's package."""

from __future__ import annotations

import hashlib
import re
from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord, FakeUser

MOVE = re.compile(r"mj:\d+:\d+:\d+:(d|a):")
PANEL = re.compile(r"mj:\d+:(?P<hand>\d+):(?P<seq>\d+):(?P<op>d|a):")


class LoadTimings(TypedDict):
    """``ServiceConfig`` fields: the pace of the load benchmarks' tables."""

    ai_delay: float
    min_claim_seconds: float
    min_between_hands: float
    ready_seconds: float


# AIs move after half a second, a claim hold and a pause between hands that do not slow the
# tables down, and a Ready gate that goes on by itself after 30 s.
LOAD_TIMINGS = LoadTimings(
    ai_delay=0.5, min_claim_seconds=0.1, min_between_hands=0.05, ready_seconds=30.0
)


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


class PanelReader:
    """What a scripted human reads at its table (``thread``, ``table_id``): the hand results
    posted in the thread and the moves its newest DM panel offers (the buttons ``offered``
    matches)."""

    offered = MOVE

    def __init__(self, fake: FakeDiscord, user: FakeUser) -> None:
        self.fake, self.user = fake, user
        self.thread: Any = None
        self.table_id = 0
        self.results = 0  # results seen
        self.results_seen: list[Any] = []
        self.scanned = 0  # thread messages looked at for results
        self.moves_of: tuple[tuple[int, int] | None, list[str]] = (None, [])

    def result_messages(self) -> list[Any]:
        """The thread's hand results so far (read incrementally: the driver asks after every
        change the fake sees, and the thread only grows)."""
        messages = self.thread.messages
        for m in messages[self.scanned :]:
            if not (m.deleted or m.ephemeral) and any(
                a.filename == "result.png" for a in m.attachments
            ):
                self.results_seen.append(m)
        self.scanned = len(messages)
        return self.results_seen

    def moves(self) -> list[str]:
        dm = self.fake.last_dm(self.user)
        if dm is None:
            return []
        key = (dm.id, dm.edits)  # the moves of a panel change only when it is edited
        if self.moves_of[0] != key:
            self.moves_of = (key, [c for c in dm.custom_ids if self.offered.match(c)])
        return self.moves_of[1]

    def changed(self) -> bool:
        return bool(self.moves()) or len(self.result_messages()) > self.results
