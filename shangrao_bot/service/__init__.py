"""Virtual tables without Discord: lobby, turns and claims, timers and AFK, AI seats, the ledger,
persistence and resume. The Discord cogs call :class:`TableService` and implement
:class:`Presenter`.

* :mod:`.tables` — :class:`TableService`, the API.
* :mod:`.presenter` — what the service tells the UI (and which calls are private to a seat);
  :mod:`.queued` — a wrapper that presents off the table's lock, in order.
* :mod:`.model` — :class:`TableInfo` and friends, the public picture of a table.
* :mod:`.errors`, :mod:`.messages` — typed refusals and their message catalog.
* :mod:`.clock` — injected time (:class:`ManualClock` for tests).
* :mod:`.flow`, :mod:`.display`, :mod:`.autoplay`, :mod:`.lobby` — the game flow, what is
  shown (the claim hold), AI and timeout moves, lobby rules.
* :mod:`.recording`, :mod:`.snapshot`, :mod:`.timers`, :mod:`.effects` — ledger, saved form,
  the per-table timer, the outbox of one change.
"""

from shangrao_bot.service.clock import Clock, ManualClock, SystemClock
from shangrao_bot.service.config import ServiceConfig, TableConfig
from shangrao_bot.service.model import ActResult, SeatInfo, SeatKind, TableInfo, TableStatus
from shangrao_bot.service.presenter import HandSummary, NullPresenter, Presenter, SessionSummary
from shangrao_bot.service.queued import QueuedPresenter
from shangrao_bot.service.tables import TableService

__all__ = [
    "ActResult",
    "Clock",
    "HandSummary",
    "ManualClock",
    "NullPresenter",
    "Presenter",
    "QueuedPresenter",
    "SeatInfo",
    "SeatKind",
    "ServiceConfig",
    "SessionSummary",
    "SystemClock",
    "TableConfig",
    "TableInfo",
    "TableService",
    "TableStatus",
]
