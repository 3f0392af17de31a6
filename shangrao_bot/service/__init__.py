"""Virtual tables and scorekeeping without Discord: the rules the cogs and views call on.

Virtual tables — :class:`TableService` (``tables``), the API, made of:

* ``open_tables`` (the tables this process runs and their locks), ``table_opening`` (new and
  resumed tables), ``lobby_changes`` and ``lobby`` (seats, AI players, the host),
  ``player_moves`` (a player's move), ``table_changes`` (carrying out a change, and the way back
  when storage fails), ``table_saves`` and ``snapshot`` (the event store and the saved form),
  ``timers`` (when a table acts next, AI moves decided ahead), ``recording`` (finished hands in
  the ledger);
* ``table_run`` — :class:`~.table_run.TableRun`, the game flow of one change, over ``moment``,
  ``claim_hold``, ``human_seats``, ``hand_cycle``, ``autoplay`` and ``display``; what it
  produces is gathered in ``deferred_effects`` and carried out after it is saved;
* ``presenter`` (what the service tells the UI, and which calls are private to a seat),
  ``queued`` (presenting off the table's lock, in order), ``model`` (:class:`TableInfo` and the
  table's data), ``config`` (a table's and the service's settings), ``clock`` (injected time),
  ``errors`` (typed refusals; texts in the catalogs' ``tables`` area), ``replay`` (a finished
  virtual hand rebuilt step by step).

Physical tables — :class:`~.scorebook.ScoreBook` (``scorebook``), over ``scorekeeping`` (what the
parts share), ``seating``, ``session_opening``, ``hand_description``, ``hand_recording``,
``hand_confirmation``, ``hand_voiding``, ``session_scoreboard`` and ``session_settlement``;
``versioned_reads`` (a session's state read with the exact version it is) and ``forward_edits``
(edits that only move a message forward, across processes); and ``book_reading`` (what
``/leaderboard``, ``/history``, ``/stats`` and ``/export`` read); ``session_sheet`` (a
session's hands, totals and settlement as its web page shows them); ``player_reading`` (what a
player's web page reads besides).
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
