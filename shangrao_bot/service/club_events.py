"""Club events, the organiser's and the players' side: creating an event, joining and leaving
it, the organiser adding and removing players (members, or guests by name), and who may do
what. The rounds are :mod:`.club_rounds`; the standings :mod:`.club_standings`.

**Who organises.** The event's creator, and the server's scorers and administrators (the
people who already keep the server's book). Anyone may join or leave an open event themselves;
only an organiser adds or removes someone else.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from shangrao_bot.errors import Refusal
from shangrao_bot.service.scorekeeping import preset_rules
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry, check_guest_name
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.store.ledger import find_guest, guest_player, user_player
from shangrao_bot.store.ledger.event_rounds import EventRound, event_rounds
from shangrao_bot.store.ledger.events import (
    Event,
    EventPlayer,
    EventSettings,
    add_event_player,
    create_event,
    event_players,
    get_event,
    list_events,
    remove_event_player,
)

SEED_BITS = 62  # fits a signed BIGINT on both databases


class ClubRefused(Refusal):
    """What an event's organiser or player asked that cannot be done (``club.…`` keys)."""


@dataclass(frozen=True)
class EventSheet:
    """An event as its message shows it: the event, its players, its rounds so far."""

    event: Event
    players: list[EventPlayer]
    rounds: list[EventRound]

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    @property
    def playing(self) -> EventRound | None:
        """The round being played, if one is."""
        return next((r for r in self.rounds if r.is_playing), None)

    def players_in(self, round_no: int) -> list[EventPlayer]:
        """The players to seat in round ``round_no``, in the order they joined."""
        return [p for p in self.players if p.plays_in(round_no)]


async def read_sheet(db: Database, guild_id: int, event_id: int) -> EventSheet:
    """The event of this server with its players and rounds (NotFound for another's)."""
    event = await get_event(db, guild_id, event_id)
    return EventSheet(event, await event_players(db, event_id), await event_rounds(db, event_id))


def may_organise(event: Event, actor: Actor) -> bool:
    return actor.user_id == event.organiser or actor.official


def require_organiser(event: Event, actor: Actor) -> None:
    if not may_organise(event, actor):
        raise ClubRefused("club.organiser_only", name=event.name)


class ClubDesk:
    """The events of every server: created, joined, left, their players added or removed."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        name: str,
        actor: Actor,
        settings: EventSettings,
        preset: str | None = None,
    ) -> Event:
        """A new event, its seed drawn now (every seating of the event follows from it) and its
        rules the server's (with ``preset`` instead of the server's when given)."""
        server = await get_settings(self.db, guild_id)
        rules = preset_rules(server, preset)
        seeded = dataclasses.replace(
            settings,
            rules={"preset": rules.preset.value, **server.switches},
            seed=settings.seed or secrets.randbits(SEED_BITS),
        )
        return await create_event(self.db, guild_id, channel_id, name, actor.user_id, seeded)

    async def event_here(
        self, guild_id: int, channel_ids: Collection[int], event_id: int | None
    ) -> Event:
        """The event ``event_id``, else the newest open event of these channels (a channel,
        and the one a table's thread belongs to)."""
        if event_id is not None:
            return await get_event(self.db, guild_id, event_id)
        for found in await list_events(self.db, guild_id, open_only=True):
            if found.channel_id in channel_ids:
                return found
        raise ClubRefused("club.no_event")

    async def sheet(self, guild_id: int, event_id: int) -> EventSheet:
        return await read_sheet(self.db, guild_id, event_id)

    async def join(self, guild_id: int, event_id: int, actor: Actor) -> EventPlayer:
        """``actor`` plays the event from its next round."""
        player = await user_player(self.db, guild_id, actor.user_id, actor.name)
        return await add_event_player(self.db, guild_id, event_id, player.id, actor.user_id)

    async def leave(self, guild_id: int, event_id: int, actor: Actor) -> None:
        """``actor`` is no longer seated from the event's next round."""
        player = await user_player(self.db, guild_id, actor.user_id, actor.name)
        await remove_event_player(self.db, guild_id, event_id, player.id, actor.user_id)

    async def add(
        self,
        guild_id: int,
        event_id: int,
        actor: Actor,
        roster: Sequence[RosterEntry],
        member_names: dict[int, str],
    ) -> list[EventPlayer]:
        """The organiser adds players: members (by mention: ``member_names`` has their
        names) and guests by name (a guest of the server's book, or a new one). All or none:
        every name is checked before the first is added."""
        event = await get_event(self.db, guild_id, event_id)
        require_organiser(event, actor)
        if not roster:
            raise ClubRefused("club.nobody_named")
        members = list(member_names.values())
        guests = {
            i: check_guest_name(e.name, members) for i, e in enumerate(roster) if e.user_id is None
        }
        added = []
        for i, entry in enumerate(roster):
            if entry.user_id is not None:
                name = member_names.get(entry.user_id, str(entry.user_id))
                player = await user_player(self.db, guild_id, entry.user_id, name)
            else:
                player = await find_guest(self.db, guild_id, guests[i]) or await guest_player(
                    self.db, guild_id, guests[i]
                )
            added.append(
                await add_event_player(self.db, guild_id, event_id, player.id, actor.user_id)
            )
        return added

    async def remove(self, guild_id: int, event_id: int, actor: Actor, player_id: int) -> None:
        """The organiser takes a player out from the next round."""
        event = await get_event(self.db, guild_id, event_id)
        require_organiser(event, actor)
        await remove_event_player(self.db, guild_id, event_id, player_id, actor.user_id)
