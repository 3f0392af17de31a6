"""Replays of virtual hands: from a ledger hand id to the hand's steps, rebuilt by the engine.

A virtual hand is found through the ledger: its session (kind ``virtual``) names the table in
its rules (``table``), and the table's event log names the hand (``hand_recorded`` with
``ledger_hand``, logged once the hand was recorded). The hand's engine events are then played
again by :func:`~shangrao_bot.engine.replay.rebuild_hand` from the session's rules and the seed and
dealer the log holds — the same replaying a held claim window is rebuilt with after a restart
(:func:`~.display.before_last_action`): a hand is its seed and its actions.

Refusals, each a :class:`ReplayRefused` naming the problem and what to do instead:

* the id is no hand of this server (unknown, or another server's: a server reads only its own
  book, and the refusal does not tell the two apart);
* the hand was recorded with ``/score`` at a physical table (there are no moves to replay);
* the hand is still being played — a ledger hand exists only once a hand has ended, but the
  log must say so too (``hand_recorded``, and the engine's ``hand_ended``), or nothing is shown:
  a running hand's log holds every concealed tile.

A finished hand never changes, so rebuilt replays are kept in a small cache
(:class:`ReplayCache`): the buttons of a replay message then cost a frame, not a rebuild.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from shangrao_bot.engine.errors import EngineError
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.persist import rules_from_dict
from shangrao_bot.engine.replay import HandNotOver, Replay, dealer_of, rebuild_hand, seed_of
from shangrao_bot.errors import Phrase, Refusal
from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.service.snapshot import event_from_json
from shangrao_bot.store import games
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.errors import NotFound

CACHE_SIZE = 32


class ReplayRefused(Refusal):
    """A hand that cannot be replayed; ``key`` says why (a text of the catalogs' ``replay``
    area)."""


class UnknownHand(ReplayRefused):
    def __init__(self, hand: int) -> None:
        super().__init__("replay.unknown", hand=hand)


class PhysicalHand(ReplayRefused):
    def __init__(self, hand: int) -> None:
        super().__init__("replay.physical", hand=hand)


class HandStillPlaying(ReplayRefused):
    def __init__(self, hand: int | None = None, table: int | None = None) -> None:
        if hand is None:
            super().__init__("replay.running_table", table=table)
        else:
            super().__init__("replay.running", hand=hand)


class NothingPlayed(ReplayRefused):
    def __init__(self) -> None:
        super().__init__("replay.none_played")


class DamagedLog(ReplayRefused):
    def __init__(self, hand: int, reason: Phrase) -> None:
        super().__init__("replay.damaged", hand=hand, reason=reason)


@dataclass(frozen=True)
class HandSource:
    """Where a virtual hand's moves are: its table's log and its number at that table."""

    hand_id: int  # the ledger's
    guild_id: int
    table_id: int
    rules: RuleSet


@dataclass(frozen=True)
class LoadedReplay:
    source: HandSource
    hand_no: int  # at its table
    replay: Replay
    names: tuple[str, ...]  # the players by seat, as the ledger names them


async def locate(db: Database, guild_id: int | None, hand_id: int) -> HandSource:
    """The table of ledger hand ``hand_id`` (in ``guild_id``'s book; None: any server's, for
    the operator's command line)."""
    row = await db.fetchone(
        "SELECT h.guild_id, s.kind, s.rules FROM hands h JOIN sessions s ON s.id = h.session_id"
        " WHERE h.id = ?",
        (hand_id,),
    )
    if row is None or (guild_id is not None and int(row["guild_id"]) != guild_id):
        raise UnknownHand(hand_id)
    if row["kind"] != "virtual":
        raise PhysicalHand(hand_id)
    try:
        rules: dict[str, Any] = json.loads(row["rules"])
        table_id = int(rules["table"])
        ruleset = rules_from_dict(rules)
    except (KeyError, TypeError, ValueError) as exc:
        raise DamagedLog(hand_id, Phrase("replay.no_table", detail=repr(exc))) from None
    return HandSource(hand_id, int(row["guild_id"]), table_id, ruleset)


def hand_events(log: list[dict[str, Any]], hand_id: int) -> tuple[int, list[Event]]:
    """The number at its table of ledger hand ``hand_id`` and its engine events, from the
    table's log; :class:`HandStillPlaying` when the log has not recorded the hand."""
    hand_no = next(
        (
            int(e["hand"])
            for e in log
            if e.get("type") == "table"
            and e.get("what") == "hand_recorded"
            and e.get("ledger_hand") == hand_id
        ),
        None,
    )
    if hand_no is None:
        raise HandStillPlaying(hand_id)
    try:
        events = [
            event_from_json(e) for e in log if e.get("type") == "engine" and e["hand"] == hand_no
        ]
    except (KeyError, TypeError, ValueError) as exc:
        raise DamagedLog(hand_id, Phrase("replay.event_damaged", detail=repr(exc))) from None
    return hand_no, events


async def load_replay(db: Database, guild_id: int | None, hand_id: int) -> LoadedReplay:
    """Ledger hand ``hand_id`` rebuilt step by step (refusals: see the module's docstring)."""
    source = await locate(db, guild_id, hand_id)
    try:
        log = await games.load_events(db, source.table_id)
    except NotFound:
        raise DamagedLog(hand_id, Phrase("replay.log_gone")) from None
    hand_no, events = hand_events(log, hand_id)
    try:
        # tens of milliseconds of engine work for a long hand: off the event loop
        replay = await asyncio.to_thread(
            rebuild_hand, source.rules, seed_of(events), dealer_of(events), events
        )
    except HandNotOver:
        raise HandStillPlaying(hand_id) from None
    except EngineError as exc:
        raise DamagedLog(hand_id, exc.phrase) from None
    rows = await db.fetchall(
        "SELECT p.display_name FROM hand_seats hs JOIN players p ON p.id = hs.player_id"
        " WHERE hs.hand_id = ? ORDER BY hs.seat",
        (hand_id,),
    )
    return LoadedReplay(source, hand_no, replay, tuple(str(r["display_name"]) for r in rows))


async def last_played(db: Database, guild_id: int, user_id: int) -> int | None:
    """The ledger id of the last virtual hand ``user_id`` sat in, in ``guild_id`` (voided
    hands too: a replay shows what was played)."""
    row = await db.fetchone(
        "SELECT MAX(h.id) AS id FROM hands h"
        " JOIN sessions s ON s.id = h.session_id"
        " JOIN hand_seats hs ON hs.hand_id = h.id"
        " JOIN players p ON p.id = hs.player_id"
        " WHERE h.guild_id = ? AND p.user_id = ? AND s.kind = 'virtual'",
        (guild_id, user_id),
    )
    return None if row is None or row["id"] is None else int(row["id"])


class ReplayCache:
    """Rebuilt replays by (guild, hand), the ``size`` most recently used (a finished hand
    never changes; a refusal is never cached, so a hand recorded meanwhile opens next time)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._items: RecentlyUsed[tuple[int, int], LoadedReplay] = RecentlyUsed(size)

    async def get(self, db: Database, guild_id: int, hand_id: int) -> LoadedReplay:
        key = (guild_id, hand_id)
        found = self._items.get(key)
        if found is None:
            found = await load_replay(db, guild_id, hand_id)
            self._items.put(key, found)
        return found

    def clear(self) -> None:
        self._items.clear()
