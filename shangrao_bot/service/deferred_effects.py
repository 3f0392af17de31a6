"""What one change of a table produced, gathered while the table is being changed and carried
out afterwards: the presenter calls, in order, and the log entries to persist.

Collecting first keeps the game logic synchronous and testable (no awaits between an engine
action and its consequences) and lets the service persist before it shows anything.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from shangrao_bot.engine.events import Event
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service.model import TableInfo
from shangrao_bot.service.presenter import HandSummary, Presenter, SessionSummary

Call = Callable[[Presenter], Awaitable[None]]


def event_json(e: Event, hand_no: int) -> dict[str, Any]:
    """An engine event as stored in the table's log (secret part included: the log is the
    bot's private record, never shown)."""
    return {
        "type": "engine",
        "hand": hand_no,
        "kind": e.kind.value,
        "seat": e.seat,
        "tiles": list(e.tiles),
        "detail": e.detail,
        "owner": e.owner,
        "secret": list(e.secret),
    }


def public_events(events: Sequence[Event]) -> list[Event]:
    """The events as a spectator sees them (secrets stripped, private-only events dropped)."""
    return [v for v in (e.visible_to(None) for e in events) if v is not None]


class Effects:
    """The outbox of one run over a table."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Call]] = []
        self.log: list[dict[str, Any]] = []
        self.prompted: set[int] = set()
        # the seats' private views among the calls, for the service's ``prepare``
        self.private_views: list[tuple[TableInfo, int, PlayerView]] = []

    # --- log -----------------------------------------------------------------------------------

    def log_events(self, events: Sequence[Event], hand_no: int) -> None:
        self.log.extend(event_json(e, hand_no) for e in events)

    def log_table(self, what: str, **data: Any) -> None:
        self.log.append({"type": "table", "what": what, **data})

    # --- presenter calls -----------------------------------------------------------------------

    def _add(self, name: str, call: Call) -> None:
        self.calls.append((name, call))

    def lobby_changed(self, info: TableInfo) -> None:
        self._add("lobby_changed", lambda p: p.lobby_changed(info))

    def hand_started(self, info: TableInfo, events: Sequence[Event]) -> None:
        shown = public_events(events)
        self._add("hand_started", lambda p: p.hand_started(info, shown))

    def table_changed(self, info: TableInfo, events: Sequence[Event]) -> None:
        shown = public_events(events)
        if shown:
            self._add("table_changed", lambda p: p.table_changed(info, shown))

    def private_changed(self, info: TableInfo, seat: int, view: PlayerView) -> None:
        self.private_views.append((info, seat, view))
        self._add("private_changed", lambda p: p.private_changed(info, seat, view))

    def prompt(self, info: TableInfo, seat: int, view: PlayerView, deadline: float) -> None:
        self.prompted.add(seat)
        self.private_views.append((info, seat, view))
        self._add("prompt", lambda p: p.prompt(info, seat, view, deadline))

    def hand_ended(self, info: TableInfo, summary: HandSummary) -> None:
        self._add("hand_ended", lambda p: p.hand_ended(info, summary))

    def session_ended(self, info: TableInfo, summary: SessionSummary) -> None:
        self._add("session_ended", lambda p: p.session_ended(info, summary))

    def notice(self, info: TableInfo, key: str, **args: object) -> None:
        self._add("notice", lambda p: p.notice(info, key, **args))

    def paused(self, info: TableInfo) -> None:
        self._add("paused", lambda p: p.paused(info))

    def resumed(self, info: TableInfo) -> None:
        self._add("resumed", lambda p: p.resumed(info))

    def restored(self, info: TableInfo) -> None:
        self._add("restored", lambda p: p.restored(info))

    def table_closed(self, info: TableInfo, reason: str) -> None:
        self._add("table_closed", lambda p: p.table_closed(info, reason))
