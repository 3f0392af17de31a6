"""Reading whom an event's organiser names: the event's players by mention or by a guest's name
(``/event remove``, ``/event swap``), and a round's tables written by hand (``/event seat``:
one table of four a line, ``-`` for a fill-in seat)."""

from __future__ import annotations

import re

from shangrao_bot.service.club_events import ClubRefused, EventSheet
from shangrao_bot.service.session_opening import parse_roster
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import find_guest
from shangrao_bot.store.ledger.event_rounds import EventRound

SEATS = 4
FILL_IN = {"-", "—", "替补", "替補", "ai", "电脑", "電腦", "sub"}  # a fill-in seat, as written
TABLE_LINES = re.compile(r"[;；\n]")
MENTION = re.compile(r"<@!?\d+>")
NAME_COMMAS = re.compile(r"[,，、]")


async def players_named(db: Database, guild_id: int, sheet: EventSheet, text: str) -> list[int]:
    """The event players ``text`` names (mentions, guests' names), in order; refused for a
    name that is none of the event's players."""
    by_user = {p.player.user_id: p.player.id for p in sheet.players if p.player.user_id}
    ids = {p.player.id for p in sheet.players}
    found = []
    for entry in parse_roster(text):
        pid: int | None
        if entry.user_id is not None:
            pid = by_user.get(entry.user_id)
        else:
            guest = await find_guest(db, guild_id, entry.name)
            pid = guest.id if guest is not None and guest.id in ids else None
        if pid is None:
            raise ClubRefused("club.unknown_player", name=entry.name or f"<@{entry.user_id}>")
        found.append(pid)
    return found


async def tables_named(
    db: Database, guild_id: int, sheet: EventSheet, text: str
) -> list[list[int | None]]:
    """The tables of a seating written by hand (player ids in wind order, None for a fill-in
    seat); refused for a line that is not four seats."""
    tables: list[list[int | None]] = []
    lines = (line for line in TABLE_LINES.split(text) if line.strip())
    for number, line in enumerate(lines, start=1):
        seats: list[int | None] = []
        for part in table_parts(line):
            if part.strip().lower() in FILL_IN:
                seats.append(None)
            else:
                seats.extend(await players_named(db, guild_id, sheet, part))
        if len(seats) != SEATS:
            raise ClubRefused("club.bad_table_line", table=number, count=len(seats))
        tables.append(seats)
    return tables


def table_parts(line: str) -> list[str]:
    """A table's line cut into its seats: mentions, fill-in marks, and names (by commas when
    the line has any, else by spaces)."""
    marked = MENTION.sub(lambda m: f"\n{m.group(0)}\n", line)
    parts: list[str] = []
    for chunk in marked.split("\n"):
        if MENTION.fullmatch(chunk.strip()):
            parts.append(chunk.strip())
        elif NAME_COMMAS.search(line):
            parts.extend(p for p in NAME_COMMAS.split(chunk) if p.strip())
        else:
            parts.extend(chunk.split())
    return parts


def seat_of(round_: EventRound, player_id: int) -> tuple[int, int] | None:
    """(table number, seat) of ``player_id`` in the round, None when they do not sit in it."""
    for table in round_.tables:
        for seat, pid in enumerate(table.seats):
            if pid == player_id:
                return table.table_no, seat
    return None
