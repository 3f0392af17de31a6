"""AI decisions made ahead of time (the bot has its picture workers make them while the AI's
delay runs) are exactly the decisions the table would make itself: the same session played
with and without them leaves the same event log. A decision that does not come back, or comes
back for a moment the table has left, is made by the table itself.

SQLite only: what is compared is the service's own play; the database just holds the logs."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service import (
    TableService,
    autoplay,  # where a run makes its AI moves
)
from shangrao_bot.service.autoplay import AHEAD_LEVELS, ai_decision
from shangrao_bot.service.timers import Decider
from shangrao_bot.store import games
from shangrao_bot.store.database.opening import open_database
from tests.service.conftest import FAST, ManualClock, RecordingPresenter, open_table, seeds_for

AIS = ["normal", "easy", "normal", "easy"]
EVERY_LEVEL = frozenset({"easy", "normal", "hard"})


async def play(
    path: Path,
    decide: Decider | None,
    *,
    ais: list[str] = AIS,
    ahead_levels: frozenset[str] = EVERY_LEVEL,
) -> list[dict[str, Any]]:
    """A two-hand session of four AIs; its event log. Here every level is decided ahead
    when ``decide`` is given (the bot does it for the slow levels only: see the last test)."""
    clock = ManualClock()
    presenter = RecordingPresenter(clock)
    db = await open_database(path)
    svc = TableService(
        db,
        presenter,
        clock=clock,
        config=FAST,
        seeds=seeds_for,
        decide=decide,
        ahead_levels=ahead_levels,
    )
    try:
        tid = await open_table(svc, humans=[], ais=ais, hands=2)
        await clock.run_until(presenter.closed, limit=10_000)
        return await games.load_events(db, tid)
    finally:
        await svc.shutdown()
        await db.close()


class Inline:
    """Counts the AI turn decisions the table made itself."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.turns = 0
        real = autoplay.ai_action

        def counted(state: HandState, seat: int, level: str) -> Action:
            if state.phase is Phase.TURN:
                self.turns += 1
            return real(state, seat, level)

        monkeypatch.setattr(autoplay, "ai_action", counted)


async def test_decisions_made_ahead_are_the_tables_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    inline = Inline(monkeypatch)
    alone = await play(tmp_path / "alone.db", None)
    turns = inline.turns
    assert turns > 20

    made: list[int] = []

    async def elsewhere(level: str, seed: int, view: PlayerView) -> Action:
        await asyncio.sleep(0)  # comes back later, as from another process
        made.append(view.seat)
        return ai_decision(level, seed, view)

    inline.turns = 0
    ahead = await play(tmp_path / "ahead.db", elsewhere)
    assert ahead == alone
    assert len(made) == turns  # one decision ahead for every AI turn ...
    assert inline.turns == 0  # ... and the table made none of them itself


async def test_failed_late_or_illegal_decisions_are_made_by_the_table(tmp_path: Path) -> None:
    alone = await play(tmp_path / "alone.db", None)
    calls = 0

    async def unreliable(level: str, seed: int, view: PlayerView) -> Action:
        nonlocal calls
        calls += 1
        if calls % 3 == 0:
            raise RuntimeError("the worker died")
        if calls % 3 == 1:  # not this seat's to take: refused, the table decides
            return Action(kind=view.legal[0].kind, seat=(view.seat + 1) % 4)
        await asyncio.sleep(0.005)  # back after the (virtual) delay: the table has moved on
        return ai_decision(level, seed, view)

    assert await play(tmp_path / "odd.db", unreliable) == alone
    assert calls > 20


async def test_by_default_only_the_slow_levels_are_decided_ahead(tmp_path: Path) -> None:
    """Easy and normal decide faster than their view would travel to a worker and back: the
    table decides them itself; a hard AI's decisions are made ahead."""
    made: list[str] = []

    async def elsewhere(level: str, seed: int, view: PlayerView) -> Action:
        await asyncio.sleep(0)
        made.append(level)
        return ai_decision(level, seed, view)

    ais = ["normal", "hard", "easy", "normal"]
    alone = await play(tmp_path / "alone.db", None, ais=ais)
    ahead = await play(tmp_path / "ahead.db", elsewhere, ais=ais, ahead_levels=AHEAD_LEVELS)
    assert ahead == alone
    assert made and set(made) == {"hard"}
