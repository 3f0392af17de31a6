"""A session's hands as one sheet shows them: every hand in order (voided and pending ones too)
with each seat's delta, win and 宝 flown, read in two queries whatever the number of hands
(:func:`~.hands.get_hand` reads one hand in four: a session of 64 hands would cost 256)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import NotFound

SEATS = 4
WIN_WAYS = ("self", "kong", "rob", "tianhu", "dihu")
"""How a win was recorded (the rules' ``WinHow`` values), as a hand's detail keeps it."""


@dataclass(frozen=True)
class HandLine:
    """One hand of a session, by seat 0-3: ``won`` and ``self_drawn`` the winners and those of
    them who drew their winning tile; ``ways`` how each winner won (``self``, ``kong``, ``rob``,
    ``tianhu``, ``dihu``) where the hand's record says so, else absent."""

    id: int
    seq: int
    status: str  # pending | confirmed | voided
    outcome: str  # win | draw
    pattern: str | None
    bao: str | None
    dealer_seat: int | None
    deltas: tuple[int, ...]
    flown: tuple[int, ...]
    won: tuple[int, ...]
    self_drawn: tuple[int, ...]
    ways: dict[int, str]
    void_reason: str | None
    created_at: str
    confirmed_at: str | None


def win_ways(detail: dict[str, Any]) -> dict[int, str]:
    """Seat → how it won, from a hand's detail: a bot table's keeps each win (``wins``), a
    hand recorded by tiles, pattern or scorepad its single winner's ``how`` (seat in
    ``winners``). A value the rules do not know is left out."""
    ways: dict[int, str] = {}
    wins: list[Any] = detail.get("wins") or []
    for win in wins:
        if isinstance(win, dict) and isinstance(win.get("seat"), int):
            ways[win["seat"]] = str(win.get("how"))
    winners: list[Any] = detail.get("winners") or []
    if "how" in detail and len(winners) == 1 and isinstance(winners[0], int):
        ways.setdefault(winners[0], str(detail["how"]))
    return {seat: way for seat, way in ways.items() if way in WIN_WAYS}


async def session_hands(db: Database, guild_id: int, session_id: int) -> list[HandLine]:
    """Every hand of the session in order (its number, then as recorded: an edit keeps the
    number of the hand it corrects). :class:`NotFound` for another guild's session."""
    hands = await db.fetchall(
        "SELECT id, seq, status, outcome, pattern, bao, dealer_seat, detail, void_reason,"
        " created_at, confirmed_at FROM hands WHERE session_id = ? AND guild_id = ?"
        " ORDER BY seq, id",
        (session_id, guild_id),
    )
    if not hands:  # no hand yet, or none of this guild's: which one is a third query's question
        found = await db.fetchone(
            "SELECT id FROM sessions WHERE id = ? AND guild_id = ?", (session_id, guild_id)
        )
        if found is None:
            raise NotFound("store.session.not_found", session=session_id)
        return []
    seats = await db.fetchall(
        "SELECT hs.hand_id, hs.seat, hs.delta, hs.won, hs.self_draw, hs.flown FROM hand_seats hs"
        " JOIN hands h ON h.id = hs.hand_id WHERE h.session_id = ? AND h.guild_id = ?",
        (session_id, guild_id),
    )
    by_hand: dict[int, list[Any]] = {int(h["id"]): [None] * SEATS for h in hands}
    for s in seats:
        # the two reads are two statements: a hand recorded between them has seats but no
        # row in ``hands`` here; it is left for the next read (a versioned read reads again)
        row = by_hand.get(int(s["hand_id"]))
        if row is not None:
            row[int(s["seat"])] = s
    lines = []
    for h in hands:
        rows = by_hand[int(h["id"])]
        lines.append(
            HandLine(
                id=int(h["id"]),
                seq=int(h["seq"]),
                status=str(h["status"]),
                outcome=str(h["outcome"]),
                pattern=h["pattern"],
                bao=h["bao"],
                dealer_seat=h["dealer_seat"],
                deltas=tuple(int(r["delta"]) for r in rows),
                flown=tuple(int(r["flown"]) for r in rows),
                won=tuple(int(r["seat"]) for r in rows if r["won"]),
                self_drawn=tuple(int(r["seat"]) for r in rows if r["self_draw"]),
                ways=win_ways(json.loads(h["detail"] or "{}")),
                void_reason=h["void_reason"],
                created_at=str(h["created_at"]),
                confirmed_at=h["confirmed_at"],
            )
        )
    return lines
