"""Opening a physical session: reading ``/session start``'s roster (members by mention, guests by
name), checking a guest's name, and opening the session with its four seats, its rules and its
stake — refused before anything is written when a seat is named twice or a name is unusable."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shangrao_bot.names import MAX_NAME, name_problem, normalize_name, shorten
from shangrao_bot.service.scorekeeping import (
    MAX_STAKE,
    SEATS,
    ScoreDesk,
    ScoreError,
    ledger_call,
    preset_rules,
)
from shangrao_bot.service.seating import MENTION, Actor
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.store.ledger import (
    Player,
    SessionInfo,
    find_guest,
    get_player,
    guest_player,
    open_session,
    user_player,
)

# The refusals of :func:`check_guest_name`, by :func:`shangrao_bot.names.name_problem`'s answer.
_NAME_PROBLEM = {
    "empty": "sk.name_empty",
    "number": "sk.name_number",
    "long": "sk.name_long",
    "member": "sk.name_member",
}


@dataclass(frozen=True)
class RosterEntry:
    """One seat of ``/session start``: a member (``user_id``) or a guest (``name`` only)."""

    name: str
    user_id: int | None = None


def parse_roster(text: str) -> list[RosterEntry]:
    """``@Alice @Bob Lao Wang, Xiao Li`` → seats in order. Mentions are members; with a comma
    (, ，、) anywhere, names are separated by commas (a guest's name may have spaces), else by
    spaces."""
    by_comma = bool(re.search(r"[,，、]", MENTION.sub(" ", text)))
    out: list[RosterEntry] = []
    for chunk in re.split(r"(<@!?\d+>)", text):
        mention = MENTION.fullmatch(chunk)
        if mention:
            out.append(RosterEntry("", int(mention.group(1))))
            continue
        parts = re.split(r"[,，、]", chunk) if by_comma else chunk.split()
        out += [RosterEntry(" ".join(p.split())) for p in parts if p.strip()]
    return out


def check_guest_name(name: str, members: Sequence[str] = ()) -> str:
    """``name`` normalized (see :mod:`shangrao_bot.names`), or the refusal saying why it
    cannot name a guest seated with ``members`` (their display names)."""
    cleaned = normalize_name(name)
    problem = name_problem(cleaned, members)
    if problem is not None:
        raise ScoreError(_NAME_PROBLEM[problem], name=shorten(cleaned or name, 20), limit=MAX_NAME)
    return cleaned


class SessionOpening:
    """Opens a channel's physical session (see :meth:`start`)."""

    def __init__(self, desk: ScoreDesk) -> None:
        self.desk = desk

    async def start(
        self,
        guild_id: int,
        channel_id: int,
        actor: Actor,
        roster: Sequence[RosterEntry],
        names: Mapping[int, str],
        preset: str | None = None,
        stake: int | None = None,
    ) -> SessionInfo:
        """Open a physical session in this channel with four seats (in order)."""
        db = self.desk.db
        if len(roster) != SEATS:
            raise ScoreError("sk.roster_size", count=len(roster))
        members = [names.get(e.user_id) or "" for e in roster if e.user_id is not None]
        roster = [
            e if e.user_id is not None else RosterEntry(check_guest_name(e.name, members))
            for e in roster
        ]
        keys = [e.user_id if e.user_id is not None else e.name.casefold() for e in roster]
        if len(set(keys)) != SEATS:
            raise ScoreError("sk.roster_twice")
        settings = await get_settings(db, guild_id)
        rules = preset_rules(settings, preset)
        chosen_stake = settings.stake if stake is None else stake
        if not 1 <= chosen_stake <= MAX_STAKE:
            raise ScoreError("sk.bad_stake", stake=chosen_stake, limit=MAX_STAKE)
        if await self.desk.current(guild_id, channel_id) is not None:
            raise ScoreError("sk.session_open")
        # two names of one player (a guest's alias, a guest merged into a member listed too)
        # are refused before anything is written
        known = [p.id for p in [await self._existing(guild_id, e) for e in roster] if p]
        if len(known) != len(set(known)):
            raise ScoreError("sk.roster_twice")
        players: list[Player] = []
        for e in roster:
            if e.user_id is not None:
                name = normalize_name(names.get(e.user_id) or "") or f"user {e.user_id}"
                players.append(await user_player(db, guild_id, e.user_id, name))
            else:
                players.append(await guest_player(db, guild_id, e.name, actor.user_id))
        if len({p.id for p in players}) != SEATS:
            raise ScoreError("sk.roster_twice")
        rules_dict = {"preset": rules.preset.value, **settings.switches}
        return await ledger_call(
            open_session(
                db,
                guild_id,
                channel_id,
                "physical",
                rules_dict,
                chosen_stake,
                actor.user_id,
                [p.id for p in players],
            )
        )

    async def _existing(self, guild_id: int, entry: RosterEntry) -> Player | None:
        """The player a roster entry names, if they exist already (nothing is created)."""
        db = self.desk.db
        if entry.user_id is None:
            return await find_guest(db, guild_id, entry.name)
        row = await db.fetchone(
            "SELECT id FROM players WHERE guild_id = ? AND user_id = ?", (guild_id, entry.user_id)
        )
        return await get_player(db, guild_id, row["id"]) if row is not None else None
