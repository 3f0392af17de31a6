"""What the thread's board shows at the moment a player's turn prompt reaches her: read off the
fake's own state at the very change that brought the prompt, for tests and benchmarks of how
current the board is.

A table message's My hand button carries the hand and public sequence its board was drawn from
(``mj:{table}:{hand}:{seq}:hand``); a turn prompt's discard buttons carry the moment it offers
(``mj:{table}:{hand}:{seq}:d:{tile}``). :class:`TurnBoards` is a predicate for the fake's
``wait_for(..., poll=False)``, which the fake checks after every change it sees: each time a
watched player's DM panel comes to offer a new turn, it notes the turn and the board of her
table's thread at that change.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.e2e.fake_discord import FakeDiscord, FakeUser, WaitTimeout

TABLE_MESSAGE = re.compile(r"mj:(?P<table>\d+):(?P<hand>\d+):(?P<seq>\d+):hand$")
TURN = re.compile(r"mj:(?P<table>\d+):(?P<hand>\d+):(?P<seq>\d+):d:")


def board_shown(thread: Any) -> tuple[int, int] | None:
    """(hand, sequence) the thread's newest table message was drawn from, or None when no
    message of the thread has My hand (none posted yet, or the hand's is over)."""
    for message in reversed(thread.messages):
        if message.deleted or message.ephemeral:
            continue
        for c in message.custom_ids:
            m = TABLE_MESSAGE.match(c)
            if m is not None:
                return int(m["hand"]), int(m["seq"])
    return None


def turn_offered(message: Any) -> tuple[int, int, int] | None:
    """(table, hand, sequence) of the turn a panel offers (its discard buttons), else None."""
    for c in message.custom_ids:
        m = TURN.match(c)
        if m is not None:
            return int(m["table"]), int(m["hand"]), int(m["seq"])
    return None


@dataclass(frozen=True)
class TurnBoard:
    """A turn prompt as it reached a player, and the board of her thread at that change."""

    user: int
    table: int
    hand: int
    seq: int
    at: float  # unix time the fake saw the prompt
    board: tuple[int, int] | None  # (hand, sequence) the thread's table message showed

    @property
    def complete(self) -> bool:
        """The board showed every move before the prompt."""
        return self.board is not None and self.board >= (self.hand, self.seq)


class TurnBoards:
    """Watches players' DM panels (see the module's description); ``counting()`` says whether
    a prompt seen now is noted."""

    def __init__(
        self,
        fake: FakeDiscord,
        players: list[tuple[FakeUser, Any]],
        counting: Callable[[], bool] = lambda: True,
    ) -> None:
        """``players``: each user with their table's thread."""
        self.fake, self.players, self.counting = fake, players, counting
        self.turns: list[TurnBoard] = []
        # user → (their newest DM and its edits, the turn it offered)
        self.seen: dict[int, tuple[tuple[int, int], tuple[int, int, int] | None]] = {}

    def __call__(self) -> bool:
        for user, thread in self.players:
            dm = self.fake.last_dm(user)
            if dm is None:
                continue
            key = (dm.id, dm.edits)
            known = self.seen.get(user.id)
            if known is not None and known[0] == key:
                continue
            turn = turn_offered(dm)
            self.seen[user.id] = (key, turn)
            if turn is None or (known is not None and known[1] == turn) or not self.counting():
                continue
            board = board_shown(thread)
            self.turns.append(TurnBoard(user.id, *turn, time.time(), board))
        return False

    def of(self, user: FakeUser) -> list[TurnBoard]:
        return [t for t in self.turns if t.user == user.id]

    async def watch(self, stop: asyncio.Event) -> None:
        """Watch until ``stop`` is set (and the fake sees a change)."""
        with contextlib.suppress(WaitTimeout):
            await self.fake.wait_for(lambda: self() or stop.is_set(), 1e6, poll=False)
