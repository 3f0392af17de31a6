"""A seated player's part in the game, as changes of the table: a move (a button's
:class:`~shangrao_bot.engine.actions.Action` or a typed command), "I'm back", and Ready.

A move is checked against the prompt it was made for before anything changes: a button made
for an earlier moment is outdated, and the same button pressed twice is taken once.
"""

from __future__ import annotations

from dataclasses import replace

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.typed_moves import parse_command
from shangrao_bot.errors import Phrase
from shangrao_bot.service.display import seat_view, table_public
from shangrao_bot.service.errors import BadCommand, NotPlaying, NotSeated, PromptOutdated
from shangrao_bot.service.model import ActResult, Table, TableInfo, TableStatus
from shangrao_bot.service.table_changes import TableChanges


def seat_of(table: Table, user_id: int) -> int:
    """The member's seat; :class:`~.errors.NotSeated` when they have none."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated()
    return seat


def parse_move(table: Table, seat: int, request: Action | str) -> Action:
    """``request`` as ``seat``'s action: an action as it is, a typed command read against the
    seat's view (:class:`~.errors.BadCommand` when it is no move here)."""
    if isinstance(request, Action):
        return request
    view = seat_view(table, seat)
    assert view is not None
    command = parse_command(request, view)
    if command.error is not None:
        raise BadCommand(reason=command.error)
    if command.action is None:
        raise BadCommand(reason=Phrase("table.not_a_move", request=request.strip()))
    return replace(command.action, seat=seat)


class PlayerMoves:
    """The players' changes of :class:`~.tables.TableService` (its methods of the same names)."""

    def __init__(self, changes: TableChanges) -> None:
        self._changes = changes

    async def act(
        self, table_id: int, user_id: int, action: Action | str, seq: int, hand: int | None
    ) -> ActResult:
        async with self._changes.changing(table_id) as run:
            t = run.table
            seat = seat_of(t, user_id)
            if t.status is TableStatus.LOBBY:
                raise NotPlaying()
            if t.status is not TableStatus.PLAYING or t.hand is None:
                raise PromptOutdated()
            request = action if isinstance(action, str) else replace(action, seat=seat)
            last = t.last_accepted.get(seat)
            if last is not None and last[:3] == (t.hand_no, seq, request):
                return ActResult(last[3], duplicate=True)
            shown = table_public(t)
            if shown is None or seq != shown.sequence or hand not in (None, t.hand_no):
                raise PromptOutdated()
            result = run.human_action(seat, parse_move(t, seat, request))
            t.last_accepted[seat] = (t.hand_no, seq, request, result.action)
            t.strikes[seat] = 0
            run.come_back(seat)
        return result

    async def back(self, table_id: int, user_id: int) -> TableInfo:
        async with self._changes.changing(table_id) as run:
            t = run.table
            seat = seat_of(t, user_id)
            if t.status in (TableStatus.PLAYING, TableStatus.READY):
                run.come_back(seat)
        return self._changes.after(run)

    async def ready(self, table_id: int, user_id: int) -> TableInfo:
        async with self._changes.changing(table_id) as run:
            t = run.table
            seat = seat_of(t, user_id)
            if t.status is TableStatus.LOBBY:
                raise NotPlaying()
            if t.status is TableStatus.READY:
                run.come_back(seat)
                run.set_ready(seat)
        return self._changes.after(run)
