"""How the table service talks to whatever shows the game (the Discord cogs and views; a
recording fake in tests): the :class:`Presenter` protocol and the summaries it receives.

Hidden information — which calls carry what:

* **Public** (safe for the table thread, spectators, logs): ``lobby_changed``, ``hand_started``,
  ``table_changed``, ``hand_ended``, ``session_ended``, ``notice``, ``paused``, ``resumed``,
  ``restored``, ``table_closed``. They carry a :class:`~.model.TableInfo` (its ``public`` board
  has no concealed tile while a hand is on) and events as spectators see them
  (``Event.visible_to(None)``: no secret part, no claim-window or pass events). A finished
  hand's summary reveals every hand and the seed — public by then (rule book §2: the seed proves the
  wall was fair).
* **Private to one seat** (its DM or ephemeral panel, never the thread): ``private_changed`` and
  ``prompt`` carry that seat's :class:`~shangrao_bot.engine.views.PlayerView` — its concealed
  tiles, drawn tile and legal actions. The seat's user is ``table.seats[seat].user_id``; only
  human seats receive them.

Calls come in the order things happened, one table at a time, while the service holds that
table's lock: keep each call short (schedule slow Discord work on your own task, or wrap your
presenter in :class:`~.queued.QueuedPresenter`), and never call a mutating service method from
inside a call (it would wait for the lock the call is made under). Read-only service methods
(``get``, ``private_view``) are fine. An exception raised by a presenter is logged and does not
stop the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from shangrao_bot.engine.events import Event
from shangrao_bot.engine.hand_records import HandResult
from shangrao_bot.engine.session import HandRecord
from shangrao_bot.engine.views import PlayerView, PublicView
from shangrao_bot.service.model import TableInfo
from shangrao_bot.store.ledger import Settlement


@dataclass(frozen=True)
class HandSummary:
    """A finished hand: the engine's result (wins with their scored reading, every payment,
    deltas, bonuses), the revealed board (``public.revealed``, ``public.seed``), the session's
    record of it, the running totals and the ledger hand's id."""

    number: int
    result: HandResult
    public: PublicView
    record: HandRecord
    totals: tuple[int, ...]
    ledger_hand_id: int


@dataclass(frozen=True)
class SessionSummary:
    """The end of a session. ``reason``: ``completed`` (all hands played), ``ended`` (host or
    admin), ``idle`` (everyone away too long). ``settlement``: the ledger's balances (player id →
    net) and the fewest transfers that clear them; ``players``: ledger player id per seat."""

    reason: str
    records: tuple[HandRecord, ...]
    totals: tuple[int, ...]
    players: tuple[int, ...]
    settlement: Settlement


class Presenter(Protocol):
    async def lobby_changed(self, table: TableInfo) -> None:
        """Seats, host, spectators or settings changed before the game (or someone watches)."""

    async def hand_started(self, table: TableInfo, events: Sequence[Event]) -> None:
        """A new hand: dealer, dice, fairness hash, indicator and 宝 (in ``events`` and
        ``table.public``). Post a fresh table message for it."""

    async def table_changed(self, table: TableInfo, events: Sequence[Event]) -> None:
        """Something happened on the board (``events``, public versions). Rebuild the board
        from ``table.public``; seats' panels may refresh from ``TableService.private_view``."""

    async def private_changed(self, table: TableInfo, seat: int, view: PlayerView) -> None:
        """PRIVATE to ``seat``: its own tiles or options changed (not its turn to act)."""

    async def prompt(self, table: TableInfo, seat: int, view: PlayerView, deadline: float) -> None:
        """PRIVATE to ``seat``: it must act now (its turn, or a claim it may make); buttons
        carry ``view.public.sequence`` and ``table.hand_no``; ``deadline`` is unix time."""

    async def hand_ended(self, table: TableInfo, summary: HandSummary) -> None:
        """A hand is over and recorded; the Ready gate follows unless the session is over."""

    async def session_ended(self, table: TableInfo, summary: SessionSummary) -> None:
        """The session is over and settled in the ledger."""

    async def notice(self, table: TableInfo, key: str, **args: object) -> None:
        """A short public message (a key of the catalogs' ``tables`` area and its arguments)."""

    async def paused(self, table: TableInfo) -> None:
        """Every human is away: the game waits (``table.idle_deadline``: when it ends)."""

    async def resumed(self, table: TableInfo) -> None:
        """Someone came back to a paused table."""

    async def restored(self, table: TableInfo) -> None:
        """The bot restarted and this table was resumed: rebuild its messages (prompts for the
        seats that must act follow)."""

    async def table_closed(self, table: TableInfo, reason: str) -> None:
        """The table is gone (``reason``: completed, ended, idle, abandoned); last call."""


class NullPresenter:
    """Shows nothing (a base to subclass when only a few calls matter)."""

    async def lobby_changed(self, table: TableInfo) -> None:
        return None

    async def hand_started(self, table: TableInfo, events: Sequence[Event]) -> None:
        return None

    async def table_changed(self, table: TableInfo, events: Sequence[Event]) -> None:
        return None

    async def private_changed(self, table: TableInfo, seat: int, view: PlayerView) -> None:
        return None

    async def prompt(self, table: TableInfo, seat: int, view: PlayerView, deadline: float) -> None:
        return None

    async def hand_ended(self, table: TableInfo, summary: HandSummary) -> None:
        return None

    async def session_ended(self, table: TableInfo, summary: SessionSummary) -> None:
        return None

    async def notice(self, table: TableInfo, key: str, **args: object) -> None:
        return None

    async def paused(self, table: TableInfo) -> None:
        return None

    async def resumed(self, table: TableInfo) -> None:
        return None

    async def restored(self, table: TableInfo) -> None:
        return None

    async def table_closed(self, table: TableInfo, reason: str) -> None:
        return None
