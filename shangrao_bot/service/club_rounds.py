"""An event's rounds: planning one (how many to seat, and whether the count needs a choice),
starting it (the seating drawn, written whole, its tables opened), closing it, and telling when
every table has played its hands.

**Starting a round.** The players of the round are those who joined before it and have not
left. When their count is not a multiple of four the organiser chooses, and the round refuses
to start until they have (:class:`FillChoice`): some players rest (those who rested least so
far, then the lowest standing: :func:`~shangrao_bot.engine.club.seating.choose_resting`), or
the missing seats are filled (substitutes at physical tables, AIs at virtual ones; one a table
at most). The seating is the engine's (:mod:`shangrao_bot.engine.club.seating`, off the event
loop: a search of up to a second at 64 players), from the event's seed, the rounds so far and,
for the swiss method, the standings; a manual seating is the organiser's tables, checked by the
engine. The round and its seats are written in one transaction (:func:`start_round`), then
each table is opened (:mod:`.club_tables`) and linked to its session.

**Ending a round.** It ends when every table has played the event's hands per round (a table
whose session is settled counts as done), or when the organiser closes it: each table counts as
far as it got. A physical table's session stays open until the event is finished, so that a
hand found wrong later can still be voided or corrected; finishing the event settles them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from shangrao_bot.engine.club.seating import (
    RoundSeating,
    SeatingMethod,
    choose_resting,
    manual_seating,
    rest_counts,
    seat_round,
)
from shangrao_bot.service.club_events import (
    ClubRefused,
    EventSheet,
    read_sheet,
    require_organiser,
)
from shangrao_bot.service.club_roster import players_named, seat_of
from shangrao_bot.service.club_standings import Standings, read_standings, seating_of
from shangrao_bot.service.club_tables import RoundTables
from shangrao_bot.service.seating import Actor
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import Player, get_session
from shangrao_bot.store.ledger.event_rounds import (
    EventRound,
    TableSeats,
    attach_session,
    close_round,
    get_round,
    seat_results,
    start_round,
    swap_seats,
)
from shangrao_bot.store.ledger.events import finish_event

MIN_PLAYERS = 8  # two tables: a round of one table is a session, not an event


class FillChoice(Enum):
    """How a count that is not a multiple of four is met."""

    REST = "rest"
    FILL = "fill"


@dataclass(frozen=True)
class RoundPlan:
    """The next round as it would start now."""

    round_no: int
    players: tuple[Player, ...]

    @property
    def resting(self) -> int:
        """How many would rest."""
        return len(self.players) % 4

    @property
    def fill_ins(self) -> int:
        """How many seats would be filled."""
        return -len(self.players) % 4

    @property
    def needs_choice(self) -> bool:
        return bool(self.resting)


@dataclass(frozen=True)
class StartedRound:
    round: EventRound
    seating: RoundSeating  # as the engine made it: its repeats, bound, wind misses
    players: dict[int, Player]  # every seated and resting player, by id


def plan_round(sheet: EventSheet) -> RoundPlan:
    n = sheet.next_round
    return RoundPlan(n, tuple(p.player for p in sheet.players_in(n)))


def _stored(table_no: int, table: Sequence[int], fillers: frozenset[int]) -> TableSeats:
    """A seated table as the ledger keeps it: a fill-in's seat has no player."""
    a, b, c, d = (None if pid in fillers else pid for pid in table)
    return TableSeats(table_no, (a, b, c, d))


def _fill_ids(count: int) -> frozenset[int]:
    return frozenset(-(i + 1) for i in range(count))


class ClubRounds:
    """Rounds of every server's events."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def sheet(self, guild_id: int, event_id: int) -> EventSheet:
        return await read_sheet(self.db, guild_id, event_id)

    async def standings(self, sheet: EventSheet) -> Standings:
        return await read_standings(self.db, sheet.event, sheet.players, sheet.rounds)

    async def start(
        self,
        guild_id: int,
        event_id: int,
        actor: Actor,
        tables: RoundTables,
        choice: FillChoice | None = None,
        manual: Sequence[Sequence[int | None]] | None = None,
    ) -> StartedRound:
        """Seat and start the event's next round (module docstring). ``manual``: the
        organiser's tables (player ids, None for a fill-in seat), for a manual event."""
        sheet = await self.sheet(guild_id, event_id)
        event = sheet.event
        require_organiser(event, actor)
        if not event.is_open:
            raise ClubRefused("club.finished", name=event.name)
        if sheet.playing is not None:
            raise ClubRefused("club.round_playing", round=sheet.playing.round_no)
        if sheet.next_round > event.settings.rounds:
            raise ClubRefused("club.no_rounds_left", rounds=event.settings.rounds)
        plan = plan_round(sheet)
        count = len(plan.players)
        if event.settings.tables_kind == "virtual" and any(p.is_guest for p in plan.players):
            guest = next(p for p in plan.players if p.is_guest)
            raise ClubRefused("club.virtual_guest", name=guest.display_name)
        if plan.needs_choice and choice is None and manual is None:
            raise ClubRefused(
                "club.choose_fill", count=count, rest=plan.resting, fill=plan.fill_ins
            )
        seated = [p.id for p in plan.players]
        rest_count = plan.resting if choice is FillChoice.REST else 0
        fill_count = plan.fill_ins if plan.needs_choice and choice is FillChoice.FILL else 0
        if manual is None and count - rest_count + fill_count < MIN_PLAYERS:
            raise ClubRefused("club.too_few", count=count, least=MIN_PLAYERS)
        history = [seating_of(r) for r in sheet.rounds]
        standings = await self.standings(sheet)
        ranking = [pid for pid in standings.ranking() if pid in set(seated)]
        resting: tuple[int, ...] = ()
        if manual is not None:
            seating, resting = self._manual(sheet, manual, seated, history)
        else:
            if rest_count:
                resting = choose_resting(ranking, rest_counts(seated, history), rest_count)
            playing = [p for p in ranking if p not in resting]
            method = SeatingMethod(event.settings.seating)
            if method is SeatingMethod.MANUAL:
                raise ClubRefused("club.manual_tables")
            seating = await asyncio.to_thread(
                seat_round,
                playing,
                history,
                method,
                event.settings.seed,
                sheet.next_round,
                playing,
                _fill_ids(fill_count),
                winds_first=event.settings.winds_first,
            )
        stored = [
            _stored(n, table, seating.fillers) for n, table in enumerate(seating.tables, start=1)
        ]
        fill = "fill" if seating.fillers else "rest" if resting else "none"
        round_ = await start_round(
            self.db, guild_id, event_id, stored, resting, fill, seating.repeats, actor.user_id
        )
        players = {p.id: p for p in plan.players}
        for table in round_.tables:
            session = await tables.open(event, round_.round_no, table, players, actor.user_id)
            await attach_session(self.db, event_id, round_.round_no, table.table_no, session)
        opened = await get_round(self.db, event_id, round_.round_no)  # with its sessions
        return StartedRound(opened, seating, players)

    def _manual(
        self,
        sheet: EventSheet,
        manual: Sequence[Sequence[int | None]],
        seated: list[int],
        history: list[RoundSeating],
    ) -> tuple[RoundSeating, tuple[int, ...]]:
        """The organiser's tables checked by the engine; whoever they left out rests."""
        fillers = iter(sorted(_fill_ids(sum(p is None for t in manual for p in t)), reverse=True))
        tables = [[p if p is not None else next(fillers) for p in t] for t in manual]
        named = {p for t in tables for p in t if p >= 0}
        resting = tuple(p for p in seated if p not in named)
        playing = [p for p in seated if p in named]
        fill_ids = frozenset(p for t in tables for p in t if p < 0)
        seating = manual_seating(
            tables, playing, history, sheet.event.settings.seed, sheet.next_round, fill_ids
        )
        return seating, resting

    async def close(
        self, guild_id: int, event_id: int, actor: Actor, tables: RoundTables
    ) -> EventRound:
        """The organiser closes the round being played: each table as far as it got."""
        sheet = await self.sheet(guild_id, event_id)
        require_organiser(sheet.event, actor)
        return await self.end_round(sheet, actor.user_id, tables)

    async def end_round(self, sheet: EventSheet, actor: int, tables: RoundTables) -> EventRound:
        """End the round being played (the organiser's close, or every table done)."""
        playing = sheet.playing
        if playing is None:
            raise ClubRefused("club.no_round_playing")
        for table in playing.tables:
            if table.session_id is not None:
                await tables.close(sheet.event, table.session_id, actor)
        return await close_round(
            self.db, sheet.event.guild_id, sheet.event.id, playing.round_no, actor
        )

    async def finish(
        self, guild_id: int, event_id: int, actor: Actor, tables: RoundTables
    ) -> EventSheet:
        """The organiser finishes the event: refused while a round is played; every table's
        session is settled, then the event is finished."""
        sheet = await self.sheet(guild_id, event_id)
        require_organiser(sheet.event, actor)
        if not sheet.event.is_open:
            raise ClubRefused("club.finished", name=sheet.event.name)
        if sheet.playing is not None:
            raise ClubRefused("club.round_playing", round=sheet.playing.round_no)
        for round_ in sheet.rounds:
            for table in round_.tables:
                if table.session_id is not None:
                    await tables.settle(sheet.event, table.session_id, actor.user_id)
        await finish_event(self.db, guild_id, event_id, actor.user_id)
        return await self.sheet(guild_id, event_id)

    async def swap(
        self, guild_id: int, event_id: int, actor: Actor, first: str, second: str
    ) -> EventRound:
        """The organiser corrects the round being played: the two players ``first`` and
        ``second`` name (a mention or a guest's name each) change places, and the hands
        already recorded at their seats move with the seats
        (:func:`~shangrao_bot.store.ledger.event_rounds.swap_seats`)."""
        sheet = await self.sheet(guild_id, event_id)
        require_organiser(sheet.event, actor)
        playing = sheet.playing
        if playing is None:
            raise ClubRefused("club.no_round_playing")
        seats = []
        for text in (first, second):
            named = await players_named(self.db, guild_id, sheet, text)
            seat = seat_of(playing, named[0]) if len(named) == 1 else None
            if seat is None:
                raise ClubRefused("club.not_seated", name=text)
            seats.append(seat)
        return await swap_seats(
            self.db, guild_id, event_id, playing.round_no, seats[0], seats[1], actor.user_id
        )

    async def tables_done(self, sheet: EventSheet) -> tuple[int, int]:
        """(tables done, tables) of the round being played: a table is done when it has
        played the event's hands per round or its session is settled."""
        playing = sheet.playing
        if playing is None:
            return 0, 0
        hands: dict[int, int] = {}
        for r in await seat_results(self.db, sheet.event.id):
            if r.round_no == playing.round_no:
                hands[r.table_no] = r.hands
        done = 0
        for table in playing.tables:
            if hands.get(table.table_no, 0) >= sheet.event.settings.hands_per_round:
                done += 1
            elif table.session_id is not None:
                info = await get_session(self.db, sheet.event.guild_id, table.session_id)
                done += info.status != "open"
        return done, len(playing.tables)
