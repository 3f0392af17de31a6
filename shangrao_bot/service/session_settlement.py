"""Settling a physical session: closing it (the ledger works out who pays whom) and marking a
settlement transfer paid."""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.service.hand_confirmation import HandConfirmation
from shangrao_bot.service.scorekeeping import ScoreDesk, ScoreError, ledger_call
from shangrao_bot.service.seating import Actor, require_seated
from shangrao_bot.service.versioned_reads import read_at_version
from shangrao_bot.store.ledger import (
    Settlement,
    TransferRow,
    close_session,
    list_transfers,
    mark_paid,
)


@dataclass(frozen=True)
class Transfers:
    """A closed session's settlement as its message shows it: the transfers, paid or not,
    and the session version that is (None: the session kept changing while it was read)."""

    rows: tuple[TransferRow, ...]
    version: int | None


class SessionSettlement:
    """Ends a channel's session and marks its transfers paid. ``confirmation`` voids the
    previews that expired before the end."""

    def __init__(self, desk: ScoreDesk, confirmation: HandConfirmation) -> None:
        self.desk = desk
        self.confirmation = confirmation

    async def end(self, guild_id: int, channel_id: int, actor: Actor) -> Settlement:
        """Close this channel's session: expired previews are voided first; a preview still
        waiting blocks the end (confirm or cancel it)."""
        info = await self.desk.require_current(guild_id, channel_id)
        require_seated(info, actor)
        await self.confirmation.expire_due(guild_id)
        return await ledger_call(close_session(self.desk.db, guild_id, info.id, actor.user_id))

    async def transfers(self, guild_id: int, session_id: int) -> Transfers:
        """The session's transfers with the version they are (to edit the settlement forward
        only: :mod:`.forward_edits`)."""
        db = self.desk.db
        got = await read_at_version(
            db, session_id, lambda: list_transfers(db, guild_id, session_id)
        )
        return Transfers(tuple(got.value), got.version)

    async def paid(self, guild_id: int, transfer_id: int, actor: Actor) -> TransferRow:
        """Mark a settlement transfer paid: its payee, or an administrator or scorer (a guest
        payee has no account to press with)."""
        db = self.desk.db
        row = await db.fetchone(
            "SELECT t.session_id, t.payee_id FROM transfers t JOIN sessions s"
            " ON s.id = t.session_id WHERE t.id = ? AND s.guild_id = ?",
            (transfer_id, guild_id),
        )
        if row is None:
            raise ScoreError("sk.no_transfer", id=transfer_id)
        transfers = await list_transfers(db, guild_id, row["session_id"])
        mine = next(t for t in transfers if t.id == transfer_id)
        if not actor.official and mine.payee.user_id != actor.user_id:
            raise ScoreError("sk.paid_not_payee", payee=mine.payee.display_name)
        return await ledger_call(mark_paid(db, guild_id, transfer_id, actor.user_id))
