"""Voiding a hand that counts, and why a hand was voided.

A hand that counts is voided (any hand of an open session) or undone (the session's latest) by a
scorer or an administrator, or by its recorder with the confirmation of another seated member
(a :class:`VoidRequest`, confirmed like a preview): a recorder cannot erase alone what someone
else confirmed. The audit trail keeps why (:func:`void_reason` reads it back).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from shangrao_bot.service.scorekeeping import ScoreDesk, ScoreError, ledger_call
from shangrao_bot.service.seating import Actor, require_seated, seated_members
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.store.ledger import (
    Hand,
    SessionInfo,
    get_hand,
    get_session,
    undo_last_hand,
    void_hand,
)

# Why a hand was voided, as the audit trail keeps it (English, like every stored reason; the
# screens say it in the reader's language with :func:`void_reason`). The ledger writes an
# undo's reason as ``undo: {why}``.
CANCELLED_BY = "cancelled by "
EXPIRED = "expired: not confirmed in time"
UNDO = "undo: "


def void_reason(reason: str) -> tuple[str, str]:
    """A stored void reason as (kind, detail): ``("cancelled", who)``, ``("expired", "")``,
    ``("undo", why)``, or ``("void", why)`` for the reason a player gave ``/score void``."""
    if reason.startswith(CANCELLED_BY):
        return "cancelled", reason[len(CANCELLED_BY) :]
    if reason == EXPIRED:
        return "expired", ""
    if reason.startswith(UNDO):
        return "undo", reason[len(UNDO) :]
    return "void", reason


@dataclass(frozen=True)
class VoidRequest:
    """A recorder asks to void (``undo``: to undo) their hand that counts. It waits, like a
    preview, for another seated member (or a scorer) to confirm; it is kept in memory only
    (a restart drops it: the recorder asks again) and lapses after ``confirm_minutes``."""

    id: str  # random: a button of a request from before a restart never matches a new one
    guild_id: int
    session_id: int
    hand_id: int
    hand_seq: int
    requester: int
    requester_name: str
    reason: str
    undo: bool
    expires: datetime


class HandVoiding:
    """Voids and undoes hands, and keeps the recorders' requests waiting for a second member."""

    def __init__(self, desk: ScoreDesk) -> None:
        self.desk = desk
        self._requests: dict[str, VoidRequest] = {}

    async def undo(
        self, guild_id: int, channel_id: int, actor: Actor, reason: str
    ) -> Hand | VoidRequest:
        """Void the session's latest hand: an administrator/scorer, or its recorder (alone
        while nobody else confirmed it, else a :class:`VoidRequest` another member confirms)."""
        db = self.desk.db
        info = await self.desk.require_current(guild_id, channel_id)
        rows = await db.fetchall(
            "SELECT id, recorded_by FROM hands WHERE session_id = ? AND status != 'voided'"
            " ORDER BY seq DESC, id DESC LIMIT 1",
            (info.id,),
        )
        if not rows:
            raise ScoreError("sk.nothing_to_undo")
        if not actor.official and rows[0]["recorded_by"] != actor.user_id:
            raise ScoreError("sk.undo_not_yours", id=rows[0]["id"])
        if not " ".join(reason.split()):
            raise ScoreError("sk.need_reason")
        hand = await ledger_call(get_hand(db, guild_id, rows[0]["id"]))
        if self._needs_second(info, hand, actor):
            return await self._request(info, hand, actor, reason, undo=True)
        return await ledger_call(
            undo_last_hand(db, guild_id, info.id, actor.user_id, reason, expected=rows[0]["id"])
        )

    async def void(
        self, guild_id: int, hand_id: int, actor: Actor, reason: str
    ) -> Hand | VoidRequest:
        """Void any hand of an open session of this guild: an official, or its recorder
        (alone while nobody else confirmed it, else a :class:`VoidRequest`)."""
        db = self.desk.db
        hand = await ledger_call(get_hand(db, guild_id, hand_id))
        if not actor.official and hand.recorded_by != actor.user_id:
            raise ScoreError("sk.void_not_yours", id=hand_id)
        if not " ".join(reason.split()):
            raise ScoreError("sk.need_reason")
        info = await get_session(db, guild_id, hand.session_id)
        if self._needs_second(info, hand, actor):
            return await self._request(info, hand, actor, reason, undo=False)
        return await ledger_call(void_hand(db, guild_id, hand_id, actor.user_id, reason))

    # --- voiding a hand that counts: a second member confirms --------------------------------

    @staticmethod
    def _needs_second(info: SessionInfo, hand: Hand, actor: Actor) -> bool:
        """Whether ``actor`` (the recorder) needs another member's confirmation to void
        ``hand``: it counts, and another member sits (a recorder seated alone among guests
        confirms alone, as for recording)."""
        if actor.official or hand.status != "confirmed" or info.status != "open":
            return False
        return bool(seated_members(info) - {actor.user_id})

    async def _request(
        self, info: SessionInfo, hand: Hand, actor: Actor, reason: str, *, undo: bool
    ) -> VoidRequest:
        settings = await get_settings(self.desk.db, info.guild_id)
        now = self.desk.now()
        for key, old in list(self._requests.items()):
            if old.expires < now or old.hand_id == hand.id:  # lapsed, or asked again
                del self._requests[key]
        request = VoidRequest(
            secrets.token_hex(4),
            info.guild_id,
            info.id,
            hand.id,
            hand.seq,
            actor.user_id,
            actor.name,
            " ".join(reason.split()),
            undo,
            now + timedelta(minutes=settings.confirm_minutes),
        )
        self._requests[request.id] = request
        return request

    def _open_request(self, guild_id: int, request_id: str) -> VoidRequest:
        request = self._requests.get(request_id)
        if request is None or request.guild_id != guild_id or request.expires < self.desk.now():
            self._requests.pop(request_id, None)
            raise ScoreError("sk.request_gone")
        return request

    async def confirm_void(
        self, guild_id: int, request_id: str, actor: Actor
    ) -> tuple[Hand, VoidRequest]:
        """Another seated member (or an official) agrees: the hand is voided (undone). The
        audit keeps the recorder as the one who voided it, and the reason names who agreed."""
        db = self.desk.db
        request = self._open_request(guild_id, request_id)
        info = await get_session(db, guild_id, request.session_id)
        if actor.user_id == request.requester:
            raise ScoreError("sk.request_own")
        if not actor.official and actor.user_id not in seated_members(info):
            raise ScoreError("sk.confirm_not_seated")
        del self._requests[request_id]
        reason = f"{request.reason} ✓ {actor.name}"
        if request.undo:
            hand = await ledger_call(
                undo_last_hand(
                    db,
                    guild_id,
                    request.session_id,
                    request.requester,
                    reason,
                    expected=request.hand_id,
                )
            )
        else:
            hand = await ledger_call(
                void_hand(db, guild_id, request.hand_id, request.requester, reason)
            )
        return hand, request

    async def cancel_void(self, guild_id: int, request_id: str, actor: Actor) -> VoidRequest:
        """Withdraw a request: its recorder, anyone seated, or an official."""
        request = self._open_request(guild_id, request_id)
        if actor.user_id != request.requester:
            require_seated(await get_session(self.desk.db, guild_id, request.session_id), actor)
        del self._requests[request_id]
        return request
