"""Confirming a recorded hand: a preview counts once enough other seated members confirm it
(the guild's ``confirmations``, capped by how many other members sit; the recorder alone when
no other member sits) or one member with the scorer role (or an administrator) confirms it.
Anyone seated, the recorder or a scorer may cancel it; it expires after the guild's
``confirm_minutes`` (:meth:`HandConfirmation.expire_due`, and the Discord layer closes its
prompt)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from shangrao_bot.service.hand_voiding import CANCELLED_BY, EXPIRED
from shangrao_bot.service.scorekeeping import ScoreDesk, ScoreError, ledger_call, utc
from shangrao_bot.service.seating import Actor, require_seated, seated_members
from shangrao_bot.service.versioned_reads import read_at_version
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.guilds import GuildSettings, get_settings
from shangrao_bot.store.ledger import (
    Hand,
    Quorum,
    SessionInfo,
    confirm_hand,
    get_hand,
    get_session,
    pending_hands,
    void_hand,
)


@dataclass(frozen=True)
class ConfirmOutcome:
    hand: Hand
    counted: bool  # the hand now counts
    needed: int  # confirmations still missing (0 once counted)


@dataclass(frozen=True)
class PreviewState:
    """What a hand's preview shows: the hand, the confirmations it still needs (0 once it
    counts or is voided) and the session version that is (None: the session kept changing
    while it was read)."""

    hand: Hand
    needed: int
    version: int | None


def quorum(info: SessionInfo, settings: GuildSettings, hand: Hand) -> Quorum:
    """Who must confirm ``hand``: the guild's number of seated members other than its
    recorder (or the recorder alone when no other member sits)."""
    others = seated_members(info) - {hand.recorded_by}
    return Quorum(frozenset(others), settings.confirmations, hand.recorded_by)


def needed(info: SessionInfo, settings: GuildSettings, hand: Hand) -> int:
    """Confirmations still missing for ``hand``."""
    return quorum(info, settings, hand).missing(hand.confirmations)


class HandConfirmation:
    """Confirms, cancels and expires the previews (hands recorded pending)."""

    def __init__(self, desk: ScoreDesk) -> None:
        self.desk = desk
        self._expired: list[Hand] = []

    async def _pending(self, guild_id: int, hand_id: int) -> tuple[Hand, SessionInfo]:
        db = self.desk.db
        hand = await ledger_call(get_hand(db, guild_id, hand_id))
        info = await get_session(db, guild_id, hand.session_id)
        if hand.status == "voided":
            raise ScoreError("sk.hand_voided", id=hand.id, reason=hand.void_reason or "")
        if hand.status == "confirmed":
            raise ScoreError("sk.hand_counted", id=hand.id)
        settings = await get_settings(db, guild_id)
        if utc(hand.created_at) + timedelta(minutes=settings.confirm_minutes) < self.desk.now():
            await self.expire_due(guild_id)  # its prompt is closed by the next sweep
            raise ScoreError("sk.hand_expired", id=hand.id, minutes=settings.confirm_minutes)
        return hand, info

    async def confirm(self, guild_id: int, hand_id: int, actor: Actor) -> ConfirmOutcome:
        """A confirmation by a seated member (not the recorder while other members sit) or an
        official (which counts the hand at once)."""
        hand, info = await self._pending(guild_id, hand_id)
        settings = await get_settings(self.desk.db, guild_id)
        seated = seated_members(info)
        others = seated - {hand.recorded_by}
        if not actor.official:
            if actor.user_id not in seated:
                raise ScoreError("sk.confirm_not_seated")
            if actor.user_id == hand.recorded_by and others:
                raise ScoreError("sk.confirm_own")
        needs = quorum(info, settings, hand)
        done = await ledger_call(
            confirm_hand(self.desk.db, guild_id, hand_id, actor.user_id, actor.official, needs)
        )
        missing = 0 if done.status == "confirmed" else needs.missing(done.confirmations)
        return ConfirmOutcome(done, done.status == "confirmed", missing)

    async def cancel(self, guild_id: int, hand_id: int, actor: Actor) -> Hand:
        """Withdraw a preview: its recorder, anyone seated, or an official."""
        hand, info = await self._pending(guild_id, hand_id)
        if not actor.official and actor.user_id != hand.recorded_by:
            require_seated(info, actor)
        return await ledger_call(
            void_hand(
                self.desk.db,
                guild_id,
                hand_id,
                actor.user_id,
                CANCELLED_BY + actor.name,
                only_pending=True,
            )
        )

    async def expire_due(self, guild_id: int | None = None) -> list[Hand]:
        """Void the previews older than their guild's ``confirm_minutes``; returns them (the
        Discord layer closes their prompts)."""
        db = self.desk.db
        out: list[Hand] = []
        minutes: dict[int, int] = {}
        for hand in await pending_hands(db):
            if guild_id is not None and hand.guild_id != guild_id:
                continue
            if hand.guild_id not in minutes:
                minutes[hand.guild_id] = (await get_settings(db, hand.guild_id)).confirm_minutes
            if utc(hand.created_at) + timedelta(minutes=minutes[hand.guild_id]) < self.desk.now():
                try:
                    out.append(
                        await void_hand(
                            db,
                            hand.guild_id,
                            hand.id,
                            0,
                            EXPIRED,
                            only_pending=True,
                        )
                    )
                except StoreError:  # confirmed or voided meanwhile
                    continue
        self._expired.extend(out)
        return out

    async def preview_state(
        self, guild_id: int, hand_id: int, session_id: int | None = None
    ) -> PreviewState:
        """The hand's preview as it stands, with the version it is (to edit its prompt
        forward only: :mod:`.forward_edits`). ``session_id``: the hand's, when known."""
        db = self.desk.db
        settings = await get_settings(db, guild_id)
        if session_id is None:  # a hand's session never changes
            session_id = (await get_hand(db, guild_id, hand_id)).session_id

        async def read() -> tuple[Hand, int]:
            hand = await get_hand(db, guild_id, hand_id)
            if hand.status != "pending":
                return hand, 0
            return hand, needed(await get_session(db, guild_id, session_id), settings, hand)

        got = await read_at_version(db, session_id, read)
        hand, missing = got.value
        return PreviewState(hand, missing, got.version)

    def take_expired(self) -> list[Hand]:
        """Hands voided as expired since the last call (by the sweep, a late Confirm or the
        end of a session): the Discord layer closes their prompts."""
        out, self._expired = self._expired, []
        return out
