"""Shared pieces of the table service tests: a real SQLite file per test, the manual clock, a
presenter that records every call with the virtual time it came at, deterministic wall seeds (or
a crafted wall, :func:`deal`), and a driver that plays human seats the way a test wants."""

from __future__ import annotations

import hashlib
import random
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio

from shangrao_bot.engine import session as session_module
from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.ai import NormalAI
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.engine.wall import WallSetup
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.service import (
    HandSummary,
    ManualClock,
    ServiceConfig,
    SessionSummary,
    TableInfo,
    TableService,
)
from shangrao_bot.service.errors import NotPlaying, TableNotFound
from shangrao_bot.store.database.interface import Database

GUILD = 1001
CHANNEL = 55
HOST = 100
FAST = ServiceConfig(
    ai_delay=0.8,
    min_claim_seconds=3.0,
    ready_seconds=10.0,
    idle_end_seconds=120.0,
    resume_grace_seconds=20.0,
    default_turn_seconds=30.0,
    default_claim_seconds=10.0,
)


def seeds_for(table_id: int, hand_no: int) -> bytes:
    return hashlib.sha256(f"service-test/{table_id}/{hand_no}".encode()).digest()


def deal(monkeypatch: pytest.MonkeyPatch, setup: WallSetup) -> None:
    """Every hand the tables' sessions deal from now on is ``setup`` (a crafted wall,
    ``tests/engine/builders.make_setup``) instead of the seed's: the session module's
    ``HandState`` is swapped for a factory (the seeds path cannot lay out a wall)."""

    def crafted(
        rules: RuleSet,
        seed: bytes | None = None,
        dealer: int | None = None,
        _setup: WallSetup | None = None,
    ) -> HandState:
        return HandState(rules, dealer=dealer, setup=setup)

    monkeypatch.setattr(session_module, "HandState", crafted)


@dataclass(frozen=True)
class Call:
    at: float
    name: str
    table: TableInfo
    args: dict[str, Any]


class RecordingPresenter:
    """Records every call (public and private) with the clock's time."""

    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.calls: list[Call] = []

    def _add(self, call: str, table: TableInfo, /, **args: Any) -> None:
        self.calls.append(Call(self.clock.now(), call, table, args))

    def named(self, *names: str) -> list[Call]:
        return [c for c in self.calls if c.name in names]

    def closed(self) -> bool:
        return any(c.name == "table_closed" for c in self.calls)

    async def lobby_changed(self, table: TableInfo) -> None:
        self._add("lobby_changed", table)

    async def hand_started(self, table: TableInfo, events: Sequence[Event]) -> None:
        self._add("hand_started", table, events=list(events))

    async def table_changed(self, table: TableInfo, events: Sequence[Event]) -> None:
        self._add("table_changed", table, events=list(events))

    async def private_changed(self, table: TableInfo, seat: int, view: PlayerView) -> None:
        self._add("private_changed", table, seat=seat, view=view)

    async def prompt(self, table: TableInfo, seat: int, view: PlayerView, deadline: float) -> None:
        self._add("prompt", table, seat=seat, view=view, deadline=deadline)

    async def hand_ended(self, table: TableInfo, summary: HandSummary) -> None:
        self._add("hand_ended", table, summary=summary)

    async def session_ended(self, table: TableInfo, summary: SessionSummary) -> None:
        self._add("session_ended", table, summary=summary)

    async def notice(self, table: TableInfo, key: str, **args: object) -> None:
        self._add("notice", table, key=key, **args)

    async def paused(self, table: TableInfo) -> None:
        self._add("paused", table)

    async def resumed(self, table: TableInfo) -> None:
        self._add("resumed", table)

    async def restored(self, table: TableInfo) -> None:
        self._add("restored", table)

    async def table_closed(self, table: TableInfo, reason: str) -> None:
        self._add("table_closed", table, reason=reason)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def presenter(clock: ManualClock) -> RecordingPresenter:
    return RecordingPresenter(clock)


@pytest_asyncio.fixture
async def service(
    db: Database, presenter: RecordingPresenter, clock: ManualClock
) -> AsyncIterator[TableService]:
    svc = TableService(db, presenter, clock=clock, config=FAST, seeds=seeds_for)
    try:
        yield svc
    finally:
        await svc.shutdown()


async def open_table(
    svc: TableService,
    humans: Sequence[int] = (HOST,),
    ais: Sequence[str] = ("normal", "normal", "normal"),
    *,
    hands: int = 1,
    start: bool = True,
    **options: Any,
) -> int:
    """A table with ``humans`` (the first hosts) in seats 0.. and then ``ais``; started."""
    host = humans[0] if humans else HOST
    info = await svc.create_table(
        GUILD, CHANNEL, host, f"user{host}", hands=hands, seat_host=bool(humans), **options
    )
    for user in humans[1:]:
        await svc.join(info.id, user, f"user{user}")
    for level in ais:
        await svc.add_ai(info.id, host, level)
    if start:
        await svc.start(info.id, host)
    return info.id


Policy = Callable[[PlayerView], Action | str]


def normal_policy(seed: int = 0) -> Policy:
    """Play like the normal AI, sending typed commands (as a player would type them)."""
    rng = random.Random(seed)

    def choose(view: PlayerView) -> Action | str:
        return NormalAI(rng).choose(view).command()

    return choose


def legal_now(svc: TableService, table_id: int, user: int) -> PlayerView | None:
    """The user's view if they may act now, else None (also None when the table is gone)."""
    try:
        view = svc.private_view(table_id, user)
    except (NotPlaying, TableNotFound):
        return None
    return view if view.legal else None


async def act_once(svc: TableService, table_id: int, policies: dict[int, Policy]) -> bool:
    """Let the first user in ``policies`` who may act now play their policy's move; False when
    nobody may."""
    for user, policy in policies.items():
        view = legal_now(svc, table_id, user)
        if view is not None:
            hand = svc.get(table_id).hand_no
            await svc.act(table_id, user, policy(view), view.public.sequence, hand=hand)
            return True
    return False


async def drive(
    svc: TableService,
    clock: ManualClock,
    table_id: int,
    policies: dict[int, Policy],
    until: Callable[[], bool],
    *,
    limit: float = 20_000.0,
) -> None:
    """Play the users in ``policies`` whenever they may act; let time run otherwise (AI seats,
    holds, other humans' deadlines) until ``until()`` holds."""
    start = clock.now()
    while not until():
        if clock.now() - start > limit:
            raise TimeoutError("drive: condition not reached")
        if await act_once(svc, table_id, policies):
            continue
        if not await clock.advance_next():
            raise TimeoutError("drive: nothing scheduled and the condition does not hold")
