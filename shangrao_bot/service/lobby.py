"""The lobby's rules on one table, as plain checks and changes (no I/O): who may sit where,
who may add or remove AI players, and when the game may start. The rule that a member sits at
one table at a time spans tables, so the service enforces it with its guild-wide index.
"""

from __future__ import annotations

from shangrao_bot.engine.hand_records import SEATS
from shangrao_bot.engine.levels import AI_LEVELS
from shangrao_bot.names import normalize_name
from shangrao_bot.service.errors import (
    AlreadyStarted,
    BadAILevel,
    BadSeat,
    NotAnAI,
    NotEnoughPlayers,
    NotHost,
    SeatTaken,
    TableFull,
)
from shangrao_bot.service.model import Seat, SeatKind, Table, TableStatus
from shangrao_bot.service.recording import ai_name


def require_lobby(table: Table) -> None:
    if table.status is not TableStatus.LOBBY:
        raise AlreadyStarted()


def require_host(table: Table, user_id: int) -> None:
    if user_id != table.host_id:
        raise NotHost()


def _free_seat(table: Table, seat: int | None) -> int:
    """``seat`` if it is free, or the first free seat; refuses a taken seat or a full table."""
    if seat is None:
        free = next((i for i, s in enumerate(table.seats) if s is None), None)
        if free is None:
            raise TableFull()
        return free
    # refusals number seats as players do, 1-4
    if not 0 <= seat < SEATS:
        raise BadSeat(seat=seat + 1)
    if table.seats[seat] is not None:
        raise SeatTaken(seat=seat + 1)
    return seat


def seat_human(table: Table, user_id: int, name: str, seat: int | None = None) -> int:
    require_lobby(table)
    i = _free_seat(table, seat)
    table.seats[i] = Seat(SeatKind.HUMAN, normalize_name(name)[:64] or str(user_id), user_id)
    table.spectators.discard(user_id)
    return i


def seat_ai(table: Table, level: str, seat: int | None = None) -> int:
    require_lobby(table)
    if level not in AI_LEVELS:
        raise BadAILevel(level=level)
    i = _free_seat(table, seat)
    table.seats[i] = Seat(SeatKind.AI, ai_name(i, level), ai_level=level)
    return i


def remove_ai(table: Table, seat: int) -> None:
    require_lobby(table)
    if not 0 <= seat < SEATS:
        raise BadSeat(seat=seat + 1)
    s = table.seats[seat]
    if s is None or s.kind is not SeatKind.AI:
        raise NotAnAI(seat=seat + 1)
    table.seats[seat] = None


def unseat(table: Table, seat: int) -> None:
    """Free a human's seat in the lobby; the host passes to the next human in seat order
    (the caller closes the table when none is left)."""
    require_lobby(table)
    leaving = table.seats[seat]
    table.seats[seat] = None
    if leaving is not None and leaving.user_id == table.host_id:
        humans = [s for s in table.seats if s is not None and s.kind is SeatKind.HUMAN]
        if humans and humans[0].user_id is not None:
            table.host_id = humans[0].user_id


def check_start(table: Table, user_id: int) -> None:
    require_lobby(table)
    require_host(table, user_id)
    empty = sum(1 for s in table.seats if s is None)
    if empty:
        raise NotEnoughPlayers(empty=empty)
