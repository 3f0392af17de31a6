"""The soak benchmark's scripted humans (``bench/soak.py``): each plays table after table of a
few hands through its DM panel, as ``bench/tables.py``'s humans do (win, else pass, else
discard the newest tile; Ready after each hand), and rides through the bot's restarts.

While the bot is down or starting, nothing the driver sends is answered: an interaction the
fake cannot deliver (no bot connected) waits for the bot to be back, one not acknowledged in
time (or acknowledged and never answered) is sent again, a move whose panel does not follow
within 30 s is given up (the panel the bot offers next is played instead), a panel not offered
is waited for. Opening a table survives a restart half-way: the bot then answers the next
``/table create`` with the table the player already sits at, which is seated and started
from where it stopped. A table that shows no change for ``STALL_S`` is ended and replaced.
Every such event is an *incident*, counted by minute; an exception out of a driver is a
*crash* (logged; the driver goes on with a new table). Neither is expected outside the
restarts.

:class:`Tally` gathers, by minute, what the drivers measure: ``update_ms`` (a move's click to
its DM panel showing it, as ``bench/tables.py`` measures it), hands finished, incidents; and
when each driver last saw its table move on (whether every table resumed after a restart).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from table_drivers import PanelReader, pick

from tests.e2e.fake_discord import (
    DriverError,
    FakeDiscord,
    FakeMessage,
    FakeUser,
    InteractionNotAcknowledged,
    WaitTimeout,
)
from tests.e2e.fake_model import InteractionRecord

log = logging.getLogger("soak.players")

HANDS = (4, 5, 6, 7, 8)  # a table's hands, in turn: tables end at different moments
SHOWN_S = 30.0  # a move's panel update waited for
ANSWER_S = 30.0  # an acknowledged interaction's answer waited for
ANSWER_TRIES = 20  # an interaction sent again at most this often (a restart takes a few)
RETRY_PAUSE_S = 0.5  # before sending again
BOT_DOWN_S = 600.0  # the bot waited for to be back (then the driver goes on trying)
STALL_S = 180.0  # a table without any change this long is ended and replaced
OPEN_PAUSE_S = 5.0  # after an opening that failed


@dataclass
class Tally:
    """What the drivers measured, by minute of the soak (minute 1 is the first minute after
    every table had started, ``t0`` in loop time; before it: minute 0)."""

    players: int
    t0: float = math.inf
    updates: defaultdict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    hands: Counter[int] = field(default_factory=Counter)
    incidents: defaultdict[int, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    crashes: list[str] = field(default_factory=list)
    progress: list[float] = field(default_factory=list)  # each driver's last change seen
    opened: int = 0  # tables started (a first table each, then one per table over)
    finished: int = 0  # tables played to their last hand
    abandoned: int = 0  # tables ended after a stall

    def __post_init__(self) -> None:
        self.progress = [-math.inf] * self.players

    def minute(self, t: float) -> int:
        return 0 if t < self.t0 else int((t - self.t0) // 60) + 1

    def note(self, t: float, what: str) -> None:
        self.incidents[self.minute(t)][what] += 1


def table_id_in(text: str) -> int | None:
    found = re.search(r"#(\d+)", text)
    return int(found[1]) if found else None


class SoakPlayer(PanelReader):
    """A scripted human that plays table after table, each of a few hands (``hands``, in turn
    from the player's own place in it: :data:`HANDS` by default)."""

    def __init__(
        self,
        fake: FakeDiscord,
        user: FakeUser,
        index: int,
        tally: Tally,
        hands: Sequence[int] = HANDS,
    ) -> None:
        super().__init__(fake, user)
        self.index, self.tally, self.hands = index, tally, hands
        self.loop = asyncio.get_running_loop()
        self.played: set[int] = set()  # tables this player has finished or left

    # --- riding through the bot's absence ------------------------------------------------------

    def note(self, what: str) -> None:
        self.tally.note(self.loop.time(), what)

    def moved_on(self) -> None:
        self.tally.progress[self.index] = self.loop.time()

    async def bot_connected(self) -> None:
        if not self.fake.connected:
            with contextlib.suppress(WaitTimeout):
                await self.fake.wait_for(lambda: self.fake.connected, BOT_DOWN_S)

    async def answer(
        self, send: Callable[[], Awaitable[InteractionRecord]], what: str
    ) -> FakeMessage | None:
        """Send an interaction until the bot answers it: the answer. None when the fake
        refuses to send it with the bot connected (the button is no longer on its message,
        the command not synced) or after :data:`ANSWER_TRIES` tries."""
        for _ in range(ANSWER_TRIES):
            await self.bot_connected()
            try:
                record = await send()
                return await record.response(ANSWER_S)
            except InteractionNotAcknowledged:
                self.note(f"{what}: not acknowledged")
            except WaitTimeout:
                self.note(f"{what}: acknowledged, never answered")
            except DriverError:
                if self.fake.connected:
                    return None
                self.note(f"{what}: bot down")
            await asyncio.sleep(RETRY_PAUSE_S)
        return None

    async def press(self, message: FakeMessage, custom_id: str, what: str) -> FakeMessage | None:
        """Press a button until the bot answers (:meth:`answer`)."""
        return await self.answer(lambda: self.fake.click(self.user, message, custom_id), what)

    # --- a table -------------------------------------------------------------------------------

    async def open_table(self) -> bool:
        """Open a table (or take up the one this player already sits at), seat three normal
        AIs and start it; False when that failed (the driver tries again)."""
        fake, user = self.fake, self.user
        hands = self.hands[(self.index + len(self.played)) % len(self.hands)]
        reply = await self.answer(
            lambda: fake.slash(
                user, "table create", in_channel=fake.channel("mahjong"), hands=hands
            ),
            "table create",
        )
        table_id = table_id_in(reply.text()) if reply is not None else None
        if table_id is None:
            self.note("table create: refused")
            return False
        try:
            await fake.wait_for(lambda: self.thread_of(table_id) is not None, ANSWER_S)
            thread = self.thread_of(table_id)
            await fake.wait_for(lambda: bool(fake.channel_messages(thread)), ANSWER_S)
        except WaitTimeout:
            self.note("table create: no thread")
            return False
        self.thread, self.table_id = thread, table_id
        if table_id in self.played:  # still seated at a table left behind (ending, stalled)
            await self.end_table("table create: still seated at an earlier table")
            return False
        lobby = fake.channel_messages(thread)[0]
        for _ in range(3):  # seat AIs until the table starts (refused once done: fine)
            for op in ("ai-normal", "ai-normal", "ai-normal", "start"):
                started = await self.press(lobby, f"mj:{table_id}:{op}", op)
            if started is None or "needs four seats" not in started.text():
                break  # started, or the lobby has no Start any more
        self.scanned, self.results_seen, self.moves_of = 0, [], (None, [])
        self.results = len(self.result_messages())  # a table taken up: its hands so far
        self.tally.opened += 1
        self.moved_on()
        return True

    def thread_of(self, table_id: int) -> Any:
        suffix = f"#{table_id}"
        return next((th for th in self.fake.guild.threads if th.name.endswith(suffix)), None)

    def moves(self) -> list[str]:
        """The newest DM panel's moves at this player's table (an earlier table's last panel
        offers none)."""
        prefix = f"mj:{self.table_id}:"
        return [c for c in super().moves() if c.startswith(prefix)]

    def back_button(self) -> str | None:
        """ "I'm back" on the newest DM panel: the seat went on autopilot."""
        dm = self.fake.last_dm(self.user)
        wanted = f"mj:{self.table_id}:back"
        return wanted if dm is not None and wanted in dm.custom_ids else None

    async def play_table(self, stop: asyncio.Event) -> None:
        """Play the table to its end (a result without a Ready button), or until it stalls."""
        fake, user = self.fake, self.user
        changed_at = self.loop.time()
        while not stop.is_set():
            if self.loop.time() - changed_at > STALL_S:
                await self.end_table("table stalled: ended")
                self.tally.abandoned += 1
                return
            results = self.result_messages()
            if len(results) > self.results:
                self.results = len(results)
                self.tally.hands[self.tally.minute(self.loop.time())] += 1
                changed_at = self.loop.time()
                self.moved_on()
                result = results[-1]
                ready = [c for c in result.custom_ids if c.endswith(":ready")]
                if not ready:  # the table's last hand
                    self.tally.finished += 1
                    self.played.add(self.table_id)
                    return
                await self.press(result, ready[0], "ready")
                continue
            dm, back = fake.last_dm(user), self.back_button()
            if dm is not None and back is not None:
                self.note("seat on autopilot")
                await self.press(dm, back, "back")
            ids = self.moves()
            if ids:
                if await self.move(ids):
                    changed_at = self.loop.time()
                continue
            with contextlib.suppress(WaitTimeout):
                await fake.wait_for(
                    lambda: self.changed() or self.back_button() is not None or stop.is_set(),
                    STALL_S,
                    poll=False,
                )

    async def end_table(self, why: str) -> None:
        """End this player's table (``/table end`` in its thread): it stopped moving, or it
        still holds the player's seat."""
        self.note(why)
        self.played.add(self.table_id)
        await self.answer(
            lambda: self.fake.slash(self.user, "table end", in_channel=self.thread), "table end"
        )

    async def move(self, ids: list[str]) -> bool:
        """Press this player's move; True when its panel showed it (an update sample)."""
        fake, loop = self.fake, self.loop
        await self.bot_connected()
        dm = fake.last_dm(self.user)
        if dm is None:
            return False
        offered, choice = set(ids), pick(ids)
        t0 = loop.time()
        try:
            record = await fake.click(self.user, dm, choice)
        except DriverError:  # the panel changed under the click, or the bot is down
            if not fake.connected:
                self.note("move: bot down")
            await asyncio.sleep(RETRY_PAUSE_S if not fake.connected else 0)
            return False
        except InteractionNotAcknowledged:
            self.note("move: not acknowledged")
            await asyncio.sleep(RETRY_PAUSE_S)
            return False

        def shown() -> bool:  # the newest panel no longer offers the clicked moment's moves
            return set(self.moves()) != offered or bool(record.followups)

        try:
            await fake.wait_for(shown, SHOWN_S, poll=False)
        except WaitTimeout:
            self.note("move: not shown in 30 s")
            return False
        self.moved_on()
        if record.followups:  # refused (outdated): no sample
            return True
        self.tally.updates[self.tally.minute(t0)].append((loop.time() - t0) * 1000)
        return True

    async def run(self, stop: asyncio.Event) -> None:
        """Table after table until ``stop``."""
        while not stop.is_set():
            try:
                if await self.open_table():
                    await self.play_table(stop)
                else:
                    await asyncio.sleep(OPEN_PAUSE_S)
            except Exception as exc:  # a driver's bug: counted, and play goes on
                log.exception("player %d crashed", self.index)
                self.tally.crashes.append(f"player {self.index}: {exc!r}")
                await asyncio.sleep(OPEN_PAUSE_S)
