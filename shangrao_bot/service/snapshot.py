"""A table's saved form: metadata, lobby, runtime (strikes, autopilot, Ready gate, deadlines,
a held claim window) and the engine session's own versioned form, as JSON-ready data.

Saved after every change together with the events of that change, so a table restarts exactly
where it was. Secret (it holds every hand and the seeds): it lives in the bot's database only.
A held claim window's board is not saved: it is rebuilt from the hand by replaying it up to the
held discard (:func:`~.display.before_last_action`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.persist import hand_from_dict, hand_to_dict
from shangrao_bot.engine.session import Session
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import public_view
from shangrao_bot.service.config import TableConfig
from shangrao_bot.service.deferred_effects import event_json
from shangrao_bot.service.display import before_last_action, claim_look
from shangrao_bot.service.model import Hold, Seat, SeatKind, Table, TableStatus

SNAPSHOT_VERSION = 1


class SnapshotError(ValueError):
    """A saved table that cannot be loaded (unknown version or damaged data)."""


def _seat_dict(seat: Seat | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    return {
        "kind": seat.kind.value,
        "name": seat.name,
        "user_id": seat.user_id,
        "ai_level": seat.ai_level,
        "player_id": seat.player_id,
    }


def _seat_from(data: dict[str, Any] | None) -> Seat | None:
    if data is None:
        return None
    return Seat(
        SeatKind(data["kind"]), data["name"], data["user_id"], data["ai_level"], data["player_id"]
    )


def event_from_json(data: dict[str, Any]) -> Event:
    return Event(
        EventKind(data["kind"]),
        data["seat"],
        tuple(data["tiles"]),
        data["detail"],
        data["owner"],
        tuple(data["secret"]),
    )


def _hold_dict(hold: Hold | None, hand_no: int) -> dict[str, Any] | None:
    if hold is None:
        return None
    return {
        "until": hold.until,
        "deadline": hold.deadline,
        "kind": hold.kind,
        "seat": hold.seat,
        "tile": hold.tile,
        "bao_drawn_before": list(hold.bao_drawn_before),
        "held": [event_json(e, hand_no) for e in hold.held],
        "answers": [a.to_json() for a in hold.answers],
    }


def _hold_from(data: dict[str, Any] | None, state: HandState | None) -> Hold | None:
    if data is None:
        return None
    if state is None or not state.actions:
        raise SnapshotError("a held claim window without its hand")
    public = claim_look(public_view(before_last_action(state)), state.actions[-1])
    return Hold(
        until=float(data["until"]),
        deadline=float(data["deadline"]),
        kind=str(data["kind"]),
        seat=int(data["seat"]),
        tile=int(data["tile"]),
        public=public,
        bao_drawn_before=tuple(int(x) for x in data["bao_drawn_before"]),
        held=[event_from_json(e) for e in data["held"]],
        answers=[Action.from_json(a) for a in data["answers"]],
    )


def snapshot_of(table: Table) -> dict[str, Any]:
    t = table
    return {
        "version": SNAPSHOT_VERSION,
        "table": {
            "id": t.id,
            "guild_id": t.guild_id,
            "channel_id": t.channel_id,
            "thread_id": t.thread_id,
            "host_id": t.host_id,
            "created_at": t.created_at,
            "changed_at": t.changed_at,
            "status": t.status.value,
            "config": t.config.to_dict(),
            "seats": [_seat_dict(s) for s in t.seats],
            "spectators": sorted(t.spectators),
            "ledger_session_id": t.ledger_session_id,
        },
        "runtime": {
            "strikes": list(t.strikes),
            "autopilot": list(t.autopilot),
            "ready": list(t.ready),
            "paused": t.paused,
            "idle_deadline": t.idle_deadline,
            "ready_deadline": t.ready_deadline,
            "ready_earliest": t.ready_earliest,
            "prompt_key": list(t.prompt_key) if t.prompt_key is not None else None,
            "prompted": sorted(t.prompted),
            "deadline": t.deadline,
            "ai_due": t.ai_due,
            "hold": _hold_dict(t.hold, t.hand_no),
            "end_reason": t.end_reason,
            "end_actor": t.end_actor,
        },
        "session": t.session.to_dict() if t.session is not None else None,
        "last_hand": hand_to_dict(t.last_hand) if t.last_hand is not None else None,
    }


def _opt_float(x: Any) -> float | None:
    return None if x is None else float(x)


def table_from_snapshot(
    data: dict[str, Any], seed_source: Callable[[int], bytes] | None = None
) -> Table:
    """Rebuild a table saved by :func:`snapshot_of` (``seed_source``: for its later hands)."""
    if not isinstance(data, dict) or data.get("version") != SNAPSHOT_VERSION:
        version = data.get("version") if isinstance(data, dict) else None
        raise SnapshotError(f"saved table has version {version!r}, not {SNAPSHOT_VERSION}")
    try:
        meta, run = data["table"], data["runtime"]
        table = Table(
            id=int(meta["id"]),
            guild_id=int(meta["guild_id"]),
            channel_id=int(meta["channel_id"]),
            thread_id=meta["thread_id"],
            host_id=int(meta["host_id"]),
            config=TableConfig.from_dict(meta["config"]),
            created_at=float(meta["created_at"]),
            # saved tables from before this field: their creation counts as the last change
            changed_at=float(meta.get("changed_at", meta["created_at"])),
            status=TableStatus(meta["status"]),
            seats=[_seat_from(s) for s in meta["seats"]],
            spectators={int(u) for u in meta["spectators"]},
            ledger_session_id=meta["ledger_session_id"],
        )
        if data["session"] is not None:
            table.session = Session.from_dict(data["session"], seed_source)
        if data["last_hand"] is not None:
            table.last_hand = hand_from_dict(data["last_hand"])
        table.strikes = [int(x) for x in run["strikes"]]
        table.autopilot = [bool(x) for x in run["autopilot"]]
        table.ready = [bool(x) for x in run["ready"]]
        table.paused = bool(run["paused"])
        table.idle_deadline = _opt_float(run["idle_deadline"])
        table.ready_deadline = _opt_float(run["ready_deadline"])
        table.ready_earliest = _opt_float(run["ready_earliest"])
        key = run["prompt_key"]
        table.prompt_key = (int(key[0]), int(key[1]), str(key[2]), int(key[3])) if key else None
        table.prompted = {int(s) for s in run["prompted"]}
        table.deadline = _opt_float(run["deadline"])
        table.ai_due = _opt_float(run["ai_due"])
        table.hold = _hold_from(run["hold"], table.hand)
        table.end_reason = run["end_reason"]
        table.end_actor = int(run["end_actor"])
    except SnapshotError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SnapshotError(f"saved table is damaged: {exc!r}") from None
    return table
