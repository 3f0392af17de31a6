"""Who acts at a physical table and where they sit: the :class:`Actor` (a member, and whether
the server lets them act for any session), the seats of a session's members, and the seat a
recorder names in an option (a seat number, a mention, a player's name or alias)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from shangrao_bot.names import normalize_name
from shangrao_bot.service.scorekeeping import SEATS, ScoreError, number
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import SessionInfo, player_named

MENTION = re.compile(r"<@!?(\d{1,20})>")

# The refusals of :func:`seat_named`, by the option the seat was typed in.
_BAD_SEAT = {
    "winner": "sk.bad_seat.winner",
    "robbed": "sk.bad_seat.robbed",
    "flown": "sk.bad_seat.flown",
    "bonuses": "sk.bad_seat.bonuses",
}
_NOT_IN_SESSION = {
    "winner": "sk.not_in_session.winner",
    "robbed": "sk.not_in_session.robbed",
    "flown": "sk.not_in_session.flown",
    "bonuses": "sk.not_in_session.bonuses",
}


@dataclass(frozen=True)
class Actor:
    """Who acts: their user id, display name, and what the guild lets them do."""

    user_id: int
    name: str
    is_admin: bool = False
    is_scorer: bool = False

    @property
    def official(self) -> bool:
        """A scorer or an administrator: may confirm, void and record for any session."""
        return self.is_admin or self.is_scorer


def seat_of_user(info: SessionInfo, user_id: int) -> int | None:
    """The seat (0-3) of the member ``user_id`` in the session, if they sit in it."""
    return next((i for i, p in enumerate(info.seats) if p.user_id == user_id), None)


def seated_members(info: SessionInfo) -> set[int]:
    """The user ids of the session's seated members (guests have none)."""
    return {p.user_id for p in info.seats if p.user_id is not None}


def require_seated(info: SessionInfo, actor: Actor) -> None:
    """Refuse ``actor`` unless they sit in the session or are an official."""
    if not actor.official and seat_of_user(info, actor.user_id) is None:
        raise ScoreError("sk.not_seated")


def mention_ids(text: str) -> list[str]:
    """The user ids of the mentions in ``text``, in order."""
    return [m.group(1) for m in MENTION.finditer(text)]


async def seat_named(db: Database, info: SessionInfo, text: str, what: str) -> int:
    """A seat from a seat number (1-4), a mention, or a player's name or alias; ``what``
    is the option it was typed in (``winner``, ``robbed``, ``flown``, ``bonuses``), named
    by the refusal."""
    raw = normalize_name(text)  # as names are stored: ``３`` is 3, invisible marks go
    n = number(raw)
    if n is not None and len(raw) <= 2:
        if 1 <= n <= SEATS:
            return n - 1
        raise ScoreError(_BAD_SEAT[what], value=raw)
    ids = mention_ids(raw)
    if ids:
        seat = seat_of_user(info, int(ids[0]))
        if seat is None:
            raise ScoreError(_NOT_IN_SESSION[what], name=raw)
        return seat
    pid = number(raw[1:]) if raw.startswith("#") else None
    if pid is not None:
        for i, p in enumerate(info.seats):
            if p.id == pid:
                return i
    for i, p in enumerate(info.seats):
        if p.display_name.lower() == raw.lower():
            return i
    found = await player_named(db, info.guild_id, raw) if raw else None
    if found is not None:
        for i, p in enumerate(info.seats):
            if p.id == found.id:
                return i
    raise ScoreError(_NOT_IN_SESSION[what], name=raw or "?")
