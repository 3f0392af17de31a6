"""A player's hands as their page lists them: where given hands were played (a session, at a
physical table or a bot's), the player's latest confirmed hands, and the players they sat with
most often. Every query reads one guild only, and costs what one player's page shows, never
the guild's whole book.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger.players import Player, player_from_row

CHUNK = 500  # ids per query: bounded parameter lists on both databases


@dataclass(frozen=True)
class HandPlace:
    """Where a hand was played: its session, and the session's kind (``physical``: recorded
    at a table of tiles; ``virtual``: played at one of the bot's tables, so it has a replay)."""

    hand_id: int
    session_id: int
    kind: str


@dataclass(frozen=True)
class PlayerHand:
    """One confirmed hand of a player, with what it did for them."""

    place: HandPlace
    seq: int  # the hand's number in its session
    created_at: str
    outcome: str  # "win" or "draw"
    pattern: str | None  # the winning pattern (None: a draw, or none recorded)
    delta: int  # the player's net result
    won: bool
    self_draw: bool


@dataclass(frozen=True)
class Tablemate:
    """Another player, and how many confirmed hands the two played at the same table."""

    player: Player
    hands: int


async def hand_places(db: Database, guild_id: int, hand_ids: Sequence[int]) -> dict[int, HandPlace]:
    """Where each of ``hand_ids`` was played, by hand id; a hand of another guild (or none) is
    left out. The hands are found by their ids and the guild compared here: given the guild
    in the query, SQLite would rather walk the guild's every hand by its index."""
    places: dict[int, HandPlace] = {}
    wanted = sorted(set(hand_ids))
    for start in range(0, len(wanted), CHUNK):
        chunk = wanted[start : start + CHUNK]
        marks = ", ".join("?" for _ in chunk)
        rows = await db.fetchall(
            "SELECT h.id, h.guild_id, h.session_id, s.kind FROM hands h"
            f" JOIN sessions s ON s.id = h.session_id WHERE h.id IN ({marks})",
            chunk,
        )
        for r in rows:
            if int(r["guild_id"]) == guild_id:
                hand_id = int(r["id"])
                places[hand_id] = HandPlace(hand_id, int(r["session_id"]), str(r["kind"]))
    return places


async def recent_hands(
    db: Database, guild_id: int, player_id: int, limit: int = 10
) -> list[PlayerHand]:
    """The player's latest ``limit`` confirmed hands, newest first. Read along the player's
    own index of seats (player, status, moment), so it stops after ``limit`` rows however many
    hands the player or the guild has."""
    rows = await db.fetchall(
        "SELECT hs.hand_id, hs.delta, hs.won, hs.self_draw, h.session_id, h.seq, h.created_at,"
        " h.outcome, h.pattern, s.kind FROM hand_seats hs"
        " JOIN hands h ON h.id = hs.hand_id"
        " JOIN sessions s ON s.id = h.session_id"
        " WHERE hs.player_id = ? AND hs.status = 'confirmed' AND h.guild_id = ?"
        " ORDER BY hs.created_at DESC, hs.hand_id DESC LIMIT ?",
        (player_id, guild_id, limit),
    )
    return [
        PlayerHand(
            HandPlace(int(r["hand_id"]), int(r["session_id"]), str(r["kind"])),
            int(r["seq"]),
            str(r["created_at"]),
            str(r["outcome"]),
            r["pattern"],
            int(r["delta"]),
            bool(r["won"]),
            bool(r["self_draw"]),
        )
        for r in rows
    ]


async def tablemates(
    db: Database, guild_id: int, player_id: int, limit: int = 10
) -> list[Tablemate]:
    """The players who played the most confirmed hands at the same table as the player, most
    first (then by id). Read from the per-session running totals (migration 7): the four seats
    of a session play every hand of it, so the hands two players played together are, summed
    over the sessions both sat in, the player's confirmed hands in each. Its cost follows the
    guild's sessions (one maintained row per session and player), not its hands."""
    rows = await db.fetchall(
        "SELECT p.*, mates.together FROM (SELECT ss.player_id AS mate,"
        " SUM(t.hands) AS together FROM totals_session t"
        " JOIN session_seats ss ON ss.session_id = t.session_id"
        " WHERE t.guild_id = ? AND t.player_id = ? AND ss.player_id <> t.player_id"
        " GROUP BY ss.player_id HAVING SUM(t.hands) > 0"
        " ORDER BY SUM(t.hands) DESC, ss.player_id LIMIT ?) mates"
        " JOIN players p ON p.id = mates.mate AND p.guild_id = ?"
        " ORDER BY mates.together DESC, p.id",
        (guild_id, player_id, limit, guild_id),
    )
    return [Tablemate(player_from_row(r), int(r["together"])) for r in rows]
