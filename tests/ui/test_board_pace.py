"""How current the thread's board is kept: its interval follows the request budget's use (about
a second when the budget is idle, the slow interval as it fills), a human's turn brings it up to
date unless the budget is short, a periodic edit leaves the thread's last edit of its window to
the next turn, an edit drawn from an older moment than the message shows is dropped whatever
order edits finish in, and a prompt keeps the board edit it is to follow when a newer state
replaces it in the panel queue."""

from __future__ import annotations

import asyncio
import datetime
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import discord

from shangrao_bot.engine.views import public_view
from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.board_updates import BoardUpdates, version_of
from shangrao_bot.ui.panel_queues import PanelQueue, PanelQueues, PanelState
from shangrao_bot.ui.request_budget import RequestBudget, Urgency, current_urgency
from shangrao_bot.ui.route_buckets import RouteBuckets
from tests.engine.builders import cmd, make_state
from tests.ui.test_table_text import info_for

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Channel:
    """A thread that records the edits of its messages (and the urgency each went at)."""

    def __init__(self) -> None:
        self.edits: list[tuple[int, str, Urgency]] = []

    def get_partial_message(self, message_id: int) -> Any:
        channel = self

        class Message:
            async def edit(self, **fields: Any) -> None:
                channel.edits.append((message_id, fields["content"], current_urgency()))

        return Message()


class Thread:
    """What :class:`BoardUpdates` needs of the table's thread."""

    def __init__(self) -> None:
        self.channel = Channel()
        self.client = SimpleNamespace(is_closed=lambda: False)

    def thread(self, table: TableInfo) -> Channel:
        return self.channel

    def lang(self, table: TableInfo) -> str:
        return "en"


def moments() -> tuple[TableInfo, TableInfo]:
    """The same table at two moments of one hand: after the dealer's first discard, and three
    moves later."""
    state = make_state({1: "5m19p19s1234567z1m9m"}, dealer=1)
    cmd(state, 1, "d 5m")
    earlier = info_for(state)
    view = public_view(state)
    later = replace(earlier, public=replace(view, sequence=view.sequence + 3))
    return earlier, later


def fresh_id() -> int:
    """A message id of now (an older message would be posted anew, not edited)."""
    return discord.utils.time_snowflake(datetime.datetime.now(datetime.UTC))


def boards_of(thread: Thread, **kwargs: Any) -> BoardUpdates:
    return BoardUpdates(thread, **kwargs)  # type: ignore[arg-type]


async def test_an_edit_from_an_older_moment_than_the_message_shows_is_dropped() -> None:
    """Two edits of the table message finish in the wrong order — the newer board's first —:
    the older one is dropped instead of putting the message back."""
    thread = Thread()
    boards = boards_of(thread, interval=4.0)
    earlier, later = moments()
    assert version_of(earlier) < version_of(later)
    message = (earlier.hand_no, fresh_id())
    boards.messages[earlier.id] = message
    await boards._edit(later, message, b"png", "en", [], 0)
    await boards._edit(earlier, message, b"png", "en", [], 0)
    assert [(m, urgency) for m, _, urgency in thread.channel.edits] == [
        (message[1], Urgency.NORMAL)
    ]
    assert boards.shown[earlier.id] == version_of(later)
    assert boards.dropped == 1
    # the same moment again is not older: shown again (an idempotent edit)
    await boards._edit(later, message, b"png", "en", [], 0)
    assert len(thread.channel.edits) == 2


async def loaded(per_second: int) -> tuple[RequestBudget, Clock]:
    """A budget of 45 a second that sent ``per_second`` requests in each of the last five
    seconds."""
    clock = Clock()
    budget = RequestBudget(45, clock=clock)
    for second in range(5):
        for _ in range(per_second):
            await budget.spend(EDIT)
        if second < 4:
            clock.now += 1
    return budget, clock


async def test_the_boards_interval_follows_the_request_budgets_use() -> None:
    boards = boards_of(Thread(), interval=4.0, fresh=1.0)
    assert boards.interval_now() == 4.0  # no budget: the slow interval
    intervals = {}
    for per_second in (0, 9, 18, 27, 40):
        boards.budget, clock = await loaded(per_second)
        intervals[per_second] = boards.interval_now()
    assert intervals[0] == intervals[9] == 1.0  # up to 20% of the rate: about a second
    assert abs(intervals[18] - 2.5) < 1e-9  # 40%: half way to where deferrable ones stop
    assert intervals[27] == intervals[40] == 4.0  # 60% and more: the slow interval
    clock.now += 6  # five quiet seconds later it is fresh again
    assert boards.budget.use() == 0.0 and boards.interval_now() == 1.0
    # a slow interval shorter than the fresh one (tests, an operator's choice) is kept
    quick = boards_of(Thread(), interval=0.02, fresh=1.0)
    quick.budget = boards.budget
    assert quick.interval_now() == 0.02


async def test_a_turns_board_is_edited_unless_the_budget_is_short() -> None:
    clock = Clock()
    budget = RequestBudget(10, deferrable_share=0.6, clock=clock)
    boards = boards_of(Thread(), interval=4.0, fresh=1.0)
    boards.budget = budget
    earlier, _ = moments()
    turn = boards.turn_board(earlier.id)  # nothing new to show: done at once
    assert turn is not None
    await turn
    for _ in range(budget.deferrable_cap):  # the window as full as boards may fill it
        await budget.spend(EDIT, Urgency.URGENT)
    assert budget.pressed()
    assert boards.turn_board(earlier.id) is None
    assert boards.postponed == 1


async def test_a_periodic_edit_leaves_the_threads_last_edits_to_the_next_turns() -> None:
    boards = boards_of(Thread(), interval=4.0)
    earlier, _ = moments()
    boards.messages[earlier.id] = (earlier.hand_no, 99)
    boards.latest[earlier.id] = earlier
    assert not boards._thread_busy(earlier.id)  # nothing known of the window
    left: dict[str, int | None] = {}
    asked: list[str] = []

    def spare(method: str, path: str) -> int | None:
        asked.append(f"{method} {path}")
        return left.get("n")

    boards.spare = spare
    assert not boards._thread_busy(earlier.id)
    left["n"] = 3
    assert not boards._thread_busy(earlier.id)
    left["n"] = 2  # two turns may come before the window reopens: theirs
    assert boards._thread_busy(earlier.id)
    assert asked[-1] == f"PATCH /api/v10/channels/{earlier.thread_id}/messages/99"
    # a turn's board goes while the window has an edit left, not when it is spent (her
    # prompt would wait for the window to reopen)
    turn = boards.turn_board(earlier.id)
    assert turn is not None
    left["n"] = 0
    assert boards.turn_board(earlier.id) is None
    turn.cancel()
    await boards.stop()


async def test_a_turns_board_does_not_wait_behind_many_others() -> None:
    """Other turns' boards waiting to be drawn (many tables): her prompt does not wait for
    the pictures either."""
    boards = boards_of(Thread(), interval=4.0)
    earlier, _ = moments()
    for other in range(100, 102):
        boards.due[other] = (Urgency.DEFERRABLE, 0.0)  # a turn's board
    assert boards.turn_board(earlier.id) is None
    del boards.due[101]
    turn = boards.turn_board(earlier.id)
    assert turn is not None
    await turn


def test_route_buckets_tell_what_a_window_has_left() -> None:
    clock = Clock()
    buckets = RouteBuckets(clock)
    path = "/api/v10/channels/123456789012345678/messages/223456789012345678"
    assert buckets.spare("PATCH", path) is None  # not known before an answer
    route = "PATCH /api/v10/channels/{id}/messages/{id}"
    key = buckets.key(route, "123456789012345678")
    buckets.bucket(key).inflight += 1
    headers = {
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "3",
        "X-RateLimit-Reset-After": "4",
    }
    buckets.answered(key, route, "123456789012345678", 200, headers)
    assert buckets.spare("PATCH", path) == 3
    other = "/api/v10/channels/923456789012345678/messages/223456789012345678"
    assert buckets.spare("PATCH", other) is None  # another channel's window
    clock.now += 5  # the window ended
    assert buckets.spare("PATCH", path) == 5


async def test_a_prompt_keeps_the_board_edit_it_follows_when_a_newer_state_replaces_it() -> None:
    shown: list[PanelState] = []
    release = asyncio.Event()

    async def show(key: Any, q: PanelQueue, state: PanelState, **_: Any) -> None:
        await release.wait()
        shown.append(state)

    queues = PanelQueues(show, quiet=0.0)
    earlier, later = moments()
    board: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    key = (earlier.id, 10)
    first = queues.update(key, PanelState(earlier, None, "first"))
    await asyncio.sleep(0)  # the worker took the first state and shows it
    queues.update(key, PanelState(earlier, None, "prompt", after=board), fresh=True)
    last = queues.update(key, PanelState(later, None, "newer"))  # replaces the prompt
    release.set()
    await asyncio.gather(first, last)
    assert [s.closing for s in shown] == ["first", "newer"]
    assert shown[-1].after is board  # the newer state follows the prompt's board edit
