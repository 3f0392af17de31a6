"""Club events, the organiser's and the players' side: creating an event, joining and leaving
it, the organiser adding and removing players (members, or guests by name), and who may do
what. The rounds are :mod:`.club_rounds`; the standings :mod:`.club_standings`.

**Who organises.** The event's creator, and the server's scorers and administrators (the
people who already keep the server's book). Anyone may join or leave an open event themselves;
only an organiser adds or removes someone else.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.errors import Refusal
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_opening import RosterEntry, check_guest_name
from shangrao_bot.store.database.interface import Database
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
        self, guild_id: int, channel_id: int, name: str, actor: Actor, settings: EventSettings
    ) -> Event:
        """A new event, its seed drawn now (every seating of the event follows from it)."""
        seeded = EventSettings(
            rounds=settings.rounds,
            seating=settings.seating,
            tables_kind=settings.tables_kind,
            rules=settings.rules,
            hands_per_round=settings.hands_per_round,
            resting=settings.resting,
            seed=settings.seed or secrets.randbits(SEED_BITS),
            winds_first=settings.winds_first,
        )
        return await create_event(self.db, guild_id, channel_id, name, actor.user_id, seeded)

    async def sheet(self, guild_id: int, event_id: int) -> EventSheet:
        event = await get_event(self.db, guild_id, event_id)
        players = await event_players(self.db, event_id)
        return EventSheet(event, players, await event_rounds(self.db, event_id))

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
