"""What every part of the scorebook (:mod:`.scorebook`) shares: its refusal, the ledger and the
clock it works on, a channel's open session and the rules a hand is scored by.

Every refusal of scorekeeping is a :class:`ScoreError` with a key of the catalogs'
``scorebook`` area, and nothing is written when one is raised; a ledger's refusal (a closed
session, a voided hand …) reaches the player through :func:`ledger_call` with the ledger's own
words.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

from shangrao_bot.errors import Refusal
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.guilds import GuildSettings
from shangrao_bot.store.ledger import SessionInfo, list_sessions

SEATS = 4
MAX_STAKE = 1000  # as /rules set allows: a stake beyond this is a typo, not a game

T = TypeVar("T")


class ScoreError(Refusal):
    """A refusal of the scorebook: a key of the catalogs' ``scorebook`` area (or the calculator's
    ``score.*`` texts of the ``bot`` area, shared with ``/score``) with its arguments."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key, **args)


async def ledger_call(awaitable: Awaitable[T]) -> T:
    """Await a ledger call; its refusal (a closed session, a voided hand …) becomes a
    user-facing error with the ledger's own words."""
    try:
        return await awaitable
    except StoreError as exc:
        raise ScoreError("sk.ledger", reason=exc.phrase) from None


def number(text: str) -> int | None:
    """A small whole number written in ASCII digits, else None. (``str.isdigit`` accepts ``²``,
    which ``int`` refuses: user input must never reach ``int`` unchecked.)"""
    raw = text.strip()
    return int(raw) if re.fullmatch(r"[0-9]{1,6}", raw) else None


def utc(iso: str) -> datetime:
    """A time as the ledger stores it (ISO 8601 with its offset)."""
    return datetime.fromisoformat(iso)


def preset_rules(settings: GuildSettings, preset: str | None) -> RuleSet:
    """The rules of ``preset`` (the server's when None) with the server's stake and switches."""
    name = (preset or settings.preset).strip().lower()
    try:
        chosen = Preset(name)
    except ValueError:
        raise ScoreError("sk.bad_preset", preset=name) from None
    return RuleSet(chosen, settings.stake, **settings.switches)


def session_rules(info: SessionInfo) -> RuleSet:
    """The rules a session was opened with (its preset, stake and switches)."""
    switches = {k: bool(v) for k, v in info.rules.items() if k != "preset"}
    return RuleSet(Preset(info.rules.get("preset", "shangrao")), info.stake, **switches)


class ScoreDesk:
    """The ledger and the clock the parts of the scorebook work on — one desk shared by them
    all, so a test that moves the book's clock moves every part's — and a channel's open
    physical session."""

    def __init__(self, db: Database, now: Callable[[], datetime]) -> None:
        self.db = db
        self.now = now

    async def current(self, guild_id: int, channel_id: int) -> SessionInfo | None:
        """The open physical session of this channel, if any."""
        found = await list_sessions(self.db, guild_id, status="open", channel_id=channel_id)
        physical = [s for s in found if s.kind == "physical"]
        return physical[0] if physical else None

    async def require_current(self, guild_id: int, channel_id: int) -> SessionInfo:
        """The open physical session of this channel; refused when there is none."""
        info = await self.current(guild_id, channel_id)
        if info is None:
            raise ScoreError("sk.no_session")
        return info
