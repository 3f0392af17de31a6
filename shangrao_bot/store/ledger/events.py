"""Club events in the ledger: an event, its settings and its players (migration 15,
:mod:`shangrao_bot.store.database.event_tables`). Its rounds, seats and results are
:mod:`.event_rounds`.

An event is open from its creation until it is finished; players join or are added until its
last round starts, each from the round after the ones already started (a late arrival plays
from the next round), and leave from the next round on (the rounds they played still count).
A player who left may come back: their row is reopened from the next round.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shangrao_bot.store.database.interface import Database, now_iso
from shangrao_bot.store.database.transactions import Row, Tx
from shangrao_bot.store.errors import InvalidRecord, NotFound
from shangrao_bot.store.ledger.audit import record_audit
from shangrao_bot.store.ledger.players import Player, player_from_row

SEATING_METHODS = ("swiss", "random", "manual")
TABLE_KINDS = ("physical", "virtual")
RESTING_RULES = ("zero", "lowest")
MAX_ROUNDS = 16
MAX_HANDS_PER_ROUND = 64
MAX_EVENT_NAME = 60
MAX_PLAYERS = 64


class EventNotFound(NotFound):
    """No event of this server has that id."""


class EventRefused(InvalidRecord):
    """A change the event's state does not allow (finished, a player twice, too many …)."""


@dataclass(frozen=True)
class EventSettings:
    """What the organiser chose at creation."""

    rounds: int
    seating: str  # one of SEATING_METHODS
    tables_kind: str  # one of TABLE_KINDS
    rules: Mapping[str, Any]  # as a session's: {"preset": "shangrao", ...}
    hands_per_round: int
    resting: str  # one of RESTING_RULES: a resting player's round scores 0, or the lowest
    seed: int  # every seating of the event is drawn from it
    winds_first: bool = False  # each wind once every four rounds before new opponents

    def check(self) -> None:
        """Refused (``store.event.bad_setting``) when a value is out of its range."""
        bad = (
            not 1 <= self.rounds <= MAX_ROUNDS
            or self.seating not in SEATING_METHODS
            or self.tables_kind not in TABLE_KINDS
            or not 1 <= self.hands_per_round <= MAX_HANDS_PER_ROUND
            or self.resting not in RESTING_RULES
        )
        if bad:
            raise EventRefused(
                "store.event.bad_setting", rounds=MAX_ROUNDS, hands=MAX_HANDS_PER_ROUND
            )


@dataclass(frozen=True)
class Event:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None  # the event's message (players, settings, buttons)
    standings_message_id: int | None  # the live standings
    name: str
    organiser: int  # the user who created it
    settings: EventSettings
    status: str  # "open" or "finished"
    created_at: str
    finished_at: str | None

    @property
    def is_open(self) -> bool:
        return self.status == "open"


@dataclass(frozen=True)
class EventPlayer:
    player: Player
    joined_round: int  # the first round they may be seated in
    left_round: int | None  # the first round they are no longer seated in

    def plays_in(self, round_no: int) -> bool:
        return self.joined_round <= round_no and (
            self.left_round is None or round_no < self.left_round
        )


def _event(row: Row) -> Event:
    settings = EventSettings(
        rounds=int(row["rounds"]),
        seating=row["seating"],
        tables_kind=row["tables_kind"],
        rules=json.loads(row["rules"]),
        hands_per_round=int(row["hands_per_round"]),
        resting=row["resting"],
        seed=int(row["seed"]),
        winds_first=bool(row["winds_first"]),
    )
    return Event(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        message_id=None if row["message_id"] is None else int(row["message_id"]),
        standings_message_id=(
            None if row["standings_message_id"] is None else int(row["standings_message_id"])
        ),
        name=row["name"],
        organiser=int(row["organiser"]),
        settings=settings,
        status=row["status"],
        created_at=row["created_at"],
        finished_at=row["finished_at"],
    )


def clean_event_name(name: str) -> str:
    """An event's name with its spaces tidied; refused when empty or too long."""
    cleaned = " ".join(name.split())
    if not cleaned or len(cleaned) > MAX_EVENT_NAME:
        raise EventRefused("store.event.bad_name", limit=MAX_EVENT_NAME)
    return cleaned


async def create_event(
    db: Database,
    guild_id: int,
    channel_id: int,
    name: str,
    organiser: int,
    settings: EventSettings,
) -> Event:
    """A new open event, without players yet."""
    settings.check()
    cleaned = clean_event_name(name)

    async def create(tx: Tx) -> int:
        event_id = await tx.insert(
            "INSERT INTO events (guild_id, channel_id, name, organiser, rounds, seating,"
            " tables_kind, rules, hands_per_round, resting, winds_first, seed, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                cleaned,
                organiser,
                settings.rounds,
                settings.seating,
                settings.tables_kind,
                json.dumps(dict(settings.rules), sort_keys=True),
                settings.hands_per_round,
                settings.resting,
                int(settings.winds_first),
                settings.seed,
                now_iso(),
            ),
        )
        await record_audit(tx, guild_id, organiser, "create", "event", event_id, None, cleaned)
        return event_id

    return await get_event(db, guild_id, await db.write(create))


async def get_event(db: Database, guild_id: int, event_id: int) -> Event:
    row = await db.fetchone(
        "SELECT * FROM events WHERE id = ? AND guild_id = ?", (event_id, guild_id)
    )
    if row is None:
        raise EventNotFound("store.event.not_found", event=event_id)
    return _event(row)


async def list_events(db: Database, guild_id: int, *, open_only: bool = False) -> list[Event]:
    """The server's events, the newest first."""
    where = " AND status = 'open'" if open_only else ""
    rows = await db.fetchall(
        f"SELECT * FROM events WHERE guild_id = ?{where} ORDER BY id DESC LIMIT 100",
        (guild_id,),
    )
    return [_event(r) for r in rows]


async def set_event_messages(
    db: Database,
    guild_id: int,
    event_id: int,
    *,
    message_id: int | None = None,
    standings_message_id: int | None = None,
) -> None:
    """Remember the event's message and its live standings message (None: leave as it is)."""

    async def update(tx: Tx) -> None:
        await tx.execute(
            "UPDATE events SET message_id = COALESCE(?, message_id),"
            " standings_message_id = COALESCE(?, standings_message_id)"
            " WHERE id = ? AND guild_id = ?",
            (message_id, standings_message_id, event_id, guild_id),
        )

    await db.write(update)


async def open_event_in(tx: Tx, guild_id: int, event_id: int) -> Event:
    """Inside a write: the event, refused when it is not this server's or is finished."""
    row = await tx.fetchone(
        "SELECT * FROM events WHERE id = ? AND guild_id = ?", (event_id, guild_id)
    )
    if row is None:
        raise EventNotFound("store.event.not_found", event=event_id)
    event = _event(row)
    if not event.is_open:
        raise EventRefused("store.event.finished", name=event.name)
    return event


async def next_round_in(tx: Tx, event_id: int) -> int:
    """Inside a write: the first round of the event not started yet."""
    row = await tx.fetchone(
        "SELECT MAX(round_no) AS last FROM event_rounds WHERE event_id = ?", (event_id,)
    )
    return 1 if row is None or row["last"] is None else int(row["last"]) + 1


async def add_event_player(
    db: Database, guild_id: int, event_id: int, player_id: int, actor: int
) -> EventPlayer:
    """``player_id`` plays the event from its next round. Refused when the event is finished or
    its last round has started, when the player already plays it, or past
    :data:`MAX_PLAYERS`."""

    async def add(tx: Tx) -> None:
        event = await open_event_in(tx, guild_id, event_id)
        next_round = await next_round_in(tx, event_id)
        if next_round > event.settings.rounds:
            raise EventRefused("store.event.no_rounds_left", name=event.name)
        player = await tx.fetchone(
            "SELECT * FROM players WHERE id = ? AND guild_id = ?", (player_id, guild_id)
        )
        if player is None:
            raise NotFound("store.player.not_found", player=player_id)
        row = await tx.fetchone(
            "SELECT joined_round, left_round FROM event_players"
            " WHERE event_id = ? AND player_id = ?",
            (event_id, player_id),
        )
        if row is not None and row["left_round"] is None:
            raise EventRefused("store.event.already_in", name=player["display_name"])
        count = await tx.fetchone(
            "SELECT COUNT(*) AS n FROM event_players WHERE event_id = ? AND left_round IS NULL",
            (event_id,),
        )
        if count is not None and int(count["n"]) >= MAX_PLAYERS:
            raise EventRefused("store.event.full", limit=MAX_PLAYERS)
        if row is None:
            await tx.execute(
                "INSERT INTO event_players (event_id, player_id, joined_round) VALUES (?, ?, ?)",
                (event_id, player_id, next_round),
            )
        elif int(row["left_round"]) == next_round:  # left and came back before a round
            await tx.execute(
                "UPDATE event_players SET left_round = NULL WHERE event_id = ? AND player_id = ?",
                (event_id, player_id),
            )
        else:  # back after rounds away: their rounds before still count, as rounds not played
            await tx.execute(
                "UPDATE event_players SET left_round = NULL, joined_round = ?"
                " WHERE event_id = ? AND player_id = ?",
                (next_round, event_id, player_id),
            )
        await record_audit(tx, guild_id, actor, "join", "event", event_id, None, player_id)

    await db.write(add)
    return await _event_player(db, event_id, player_id)


async def remove_event_player(
    db: Database, guild_id: int, event_id: int, player_id: int, actor: int
) -> None:
    """``player_id`` is no longer seated from the event's next round (a player never seated is
    removed altogether). Refused when the event is finished or the player is not in it."""

    async def remove(tx: Tx) -> None:
        await open_event_in(tx, guild_id, event_id)
        row = await tx.fetchone(
            "SELECT joined_round, left_round FROM event_players"
            " WHERE event_id = ? AND player_id = ?",
            (event_id, player_id),
        )
        if row is None or row["left_round"] is not None:
            raise EventRefused("store.event.not_in")
        next_round = await next_round_in(tx, event_id)
        seated = await tx.fetchone(
            "SELECT 1 FROM event_seats WHERE event_id = ? AND player_id = ?"
            " UNION SELECT 1 FROM event_resting WHERE event_id = ? AND player_id = ?",
            (event_id, player_id, event_id, player_id),
        )
        if seated is None:
            await tx.execute(
                "DELETE FROM event_players WHERE event_id = ? AND player_id = ?",
                (event_id, player_id),
            )
        else:
            await tx.execute(
                "UPDATE event_players SET left_round = ? WHERE event_id = ? AND player_id = ?",
                (next_round, event_id, player_id),
            )
        await record_audit(tx, guild_id, actor, "leave", "event", event_id, player_id, None)

    await db.write(remove)


async def _event_player(db: Database, event_id: int, player_id: int) -> EventPlayer:
    for p in await event_players(db, event_id):
        if p.player.id == player_id:
            return p
    raise EventRefused("store.event.not_in")


async def event_players(db: Database, event_id: int) -> list[EventPlayer]:
    """Everyone who plays or played the event, in the order they joined."""
    rows = await db.fetchall(
        "SELECT p.*, e.joined_round, e.left_round FROM event_players e"
        " JOIN players p ON p.id = e.player_id WHERE e.event_id = ?"
        " ORDER BY e.joined_round, p.id",
        (event_id,),
    )
    return [
        EventPlayer(
            player_from_row(r),
            int(r["joined_round"]),
            None if r["left_round"] is None else int(r["left_round"]),
        )
        for r in rows
    ]


async def finish_event(db: Database, guild_id: int, event_id: int, actor: int) -> Event:
    """The event ends: no more rounds or players. Refused while a round is being played."""

    async def finish(tx: Tx) -> None:
        event = await open_event_in(tx, guild_id, event_id)
        playing = await tx.fetchone(
            "SELECT round_no FROM event_rounds WHERE event_id = ? AND status = 'playing'",
            (event_id,),
        )
        if playing is not None:
            raise EventRefused("store.event.round_playing", round=int(playing["round_no"]))
        await tx.execute(
            "UPDATE events SET status = 'finished', finished_at = ? WHERE id = ?",
            (now_iso(), event_id),
        )
        await record_audit(tx, guild_id, actor, "finish", "event", event_id, None, event.name)

    await db.write(finish)
    return await get_event(db, guild_id, event_id)
