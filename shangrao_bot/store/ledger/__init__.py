"""The ledger: a server's book. This package's own module is its public API in one place
(players, sessions, hands, settlement, audit); the other modules:

* ``players``, ``sessions``, ``hands``, ``audit`` — who played, the sittings, each hand with its
  seats and payments (pending, confirmed, voided), and the append-only audit trail;
* ``session_closing`` — a session's balances, the fewest transfers that clear them, paid marks;
* ``session_hands`` — a session's every hand in order with its seats, in two queries (its page);
* ``seasons``, ``ratings``, ``stats``, ``export`` — reading the book: seasons, skill ratings,
  leaderboards and statistics, exports to CSV or JSON;
* ``rating_fold``, ``rating_codec``, ``rating_checkpoints``, ``ledger_log`` — behind the
  ratings: the fold, its checkpoints packed and kept in the database, and the ledger's version
  and log of changes that say which of them still hold;
* ``puzzles`` — 何切 puzzles, their answers and their small leaderboard;
* ``reviews`` — the summaries of players' reviewed hands (``/review``, ``/profile``);
* ``player_hands`` — a player's hands as their web page lists them: where hands were played,
  their latest hands, the players they sat with most.

Every write is one transaction (:meth:`Database.write`): a hand, its seats and all its
payments land together or not at all, with its audit row. Hands are never deleted or changed in
place: a void keeps the hand (it stops counting) and an edit is a void plus a new record. A
repeated idempotency key (e.g. the Discord interaction id) returns the first record. Every
function takes the guild id and refuses ids from another guild (:class:`NotFound`), so one
guild's data never reaches another.
"""

from shangrao_bot.store.ledger.audit import audit_trail
from shangrao_bot.store.ledger.hands import (
    REASONS,
    Hand,
    HandIn,
    PaymentIn,
    PaymentOut,
    Quorum,
    confirm_hand,
    edit_hand,
    expire_pending,
    get_hand,
    hand_from_row,
    pending_hands,
    record_hand,
    set_hand_message,
    undo_last_hand,
    void_hand,
)
from shangrao_bot.store.ledger.players import (
    Player,
    add_alias,
    find_guest,
    find_players,
    get_player,
    guest_player,
    merge_guest,
    player_from_row,
    player_named,
    rename_player,
    user_player,
)
from shangrao_bot.store.ledger.session_closing import (
    Settlement,
    TransferRow,
    close_session,
    list_transfers,
    mark_paid,
    session_balances,
)
from shangrao_bot.store.ledger.sessions import (
    SessionInfo,
    get_session,
    list_sessions,
    open_session,
    session_version,
    set_board_message,
)

__all__ = [
    "REASONS",
    "Hand",
    "HandIn",
    "PaymentIn",
    "PaymentOut",
    "Player",
    "Quorum",
    "SessionInfo",
    "Settlement",
    "TransferRow",
    "add_alias",
    "audit_trail",
    "close_session",
    "confirm_hand",
    "edit_hand",
    "expire_pending",
    "find_guest",
    "find_players",
    "get_hand",
    "get_player",
    "get_session",
    "guest_player",
    "hand_from_row",
    "list_sessions",
    "list_transfers",
    "mark_paid",
    "merge_guest",
    "open_session",
    "pending_hands",
    "player_from_row",
    "player_named",
    "record_hand",
    "rename_player",
    "session_balances",
    "session_version",
    "set_board_message",
    "set_hand_message",
    "undo_last_hand",
    "user_player",
    "void_hand",
]
