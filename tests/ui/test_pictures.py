"""The picture workers: real worker processes draw exactly what the bot's own process draws,
a worker that dies costs one picture (a new worker takes its place), calls beyond the
workers wait their turn, and the pool's size is bounded."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import AsyncIterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from shangrao_bot.render.board import render_board
from shangrao_bot.render.hand import render_hand
from shangrao_bot.render.samples import claim_board, waiting_hand
from shangrao_bot.ui import pictures, worker_pool
from shangrao_bot.ui.pictures import Pictures, timed
from shangrao_bot.ui.worker_pool import BusyShare

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def workers() -> AsyncIterator[Pictures]:
    pictures = Pictures(1)
    try:
        yield pictures
    finally:
        pictures.shutdown()


@pytest.mark.slow
async def test_a_worker_process_draws_the_same_bytes_as_this_process(workers: Pictures) -> None:
    view, waits = waiting_hand("workers")
    board = claim_board("workers")
    assert await workers.draw(render_hand, view, waits, lang="zh-CN") == render_hand(
        view, waits, lang="zh-CN"
    )
    png, seconds = await workers.draw(timed, render_board, board, lang="en")
    assert png == render_board(board, lang="en")
    assert 0 < seconds < 60


@pytest.mark.slow
async def test_a_worker_that_dies_costs_one_picture(workers: Pictures) -> None:
    view, waits = waiting_hand("dies")
    first = await workers.draw(os.getpid)
    assert first != os.getpid()
    with pytest.raises(BrokenProcessPool):
        await workers.draw(os._exit, 3)
    png = await workers.draw(render_hand, view, waits, lang="en")
    assert png == render_hand(view, waits, lang="en")
    assert await workers.draw(os.getpid) != first  # a fresh worker


async def test_errors_of_the_drawing_reach_the_caller(workers: Pictures) -> None:
    with pytest.raises(ValueError, match="invalid literal"):
        await workers.draw(int, "五")


def test_an_idle_pool_moves_to_the_next_event_loop_with_its_workers() -> None:
    """Loops run one after another (commands, tests) keep the same workers: no new process
    is started for the second loop."""
    pictures = Pictures(1)
    try:
        first = asyncio.run(pictures.draw(os.getpid))
        again = asyncio.run(pictures.draw(os.getpid))
        assert again == first != os.getpid()
        assert asyncio.run(pictures.draw(str.upper, "moved")) == "MOVED"
    finally:
        pictures.shutdown()


@pytest.mark.slow
def test_a_pool_its_loop_left_busy_is_replaced() -> None:
    """A loop that ended with a call still running leaves that call's answer in the worker's
    pipe: the next loop gets new workers rather than that answer."""
    pictures = Pictures(1)

    async def leave_busy() -> int:
        pid: int = await pictures.draw(os.getpid)
        pictures.start(time.sleep, 0.5)  # still running when the loop closes
        return pid

    try:
        first = asyncio.run(leave_busy())
        assert asyncio.run(pictures.draw(str.upper, "new")) == "NEW"
        assert asyncio.run(pictures.draw(os.getpid)) != first
    finally:
        pictures.shutdown()


async def test_threads_draw_in_this_process() -> None:
    pictures = Pictures(0)
    try:
        assert await pictures.draw(os.getpid) == os.getpid()
    finally:
        pictures.shutdown()


async def test_the_pool_size_is_bounded() -> None:
    pictures = Pictures(1)
    for wrong in (-1, 17):
        with pytest.raises(ValueError, match="0 to 16"):
            pictures.configure(wrong)
    assert pictures.processes == 1
    pictures.configure(0)
    assert pictures.processes == 0


@pytest.mark.slow
async def test_warming_starts_every_worker() -> None:
    pictures = Pictures(2)
    try:
        await pictures.warm()
        pids = pictures.worker_pids()
        assert len(set(pids)) == 2 and os.getpid() not in pids
    finally:
        pictures.shutdown()


@pytest.mark.slow
async def test_calls_beyond_the_workers_wait_their_turn_and_all_come_back() -> None:
    """More calls than workers, results larger than a pipe holds at once, and a call whose
    caller gave up: every other call gets its own result."""
    pictures = Pictures(2)
    try:
        sizes = [10, 300_000, 5, 2_000_000, 70_000, 1]
        calls = [asyncio.ensure_future(pictures.draw(bytes, n)) for n in sizes]
        gone = asyncio.ensure_future(pictures.draw(bytes, 123))
        gone.cancel()
        results = await asyncio.gather(*calls)
        assert [len(r) for r in results] == sizes
        assert await pictures.draw(str.upper, "after") == "AFTER"
    finally:
        pictures.shutdown()


@pytest.mark.slow
async def test_a_background_call_waits_for_the_calls_made_after_it() -> None:
    """A board (background) made while the worker is busy is drawn after the players'
    pictures asked for later, once the worker has nothing else to do."""
    pictures = Pictures(1)
    try:
        await pictures.warm()
        order: list[str] = []

        def call(name: str, seconds: float, *, background: bool = False) -> asyncio.Future[None]:
            draw = pictures.draw_background if background else pictures.draw
            future = asyncio.ensure_future(draw(time.sleep, seconds))
            future.add_done_callback(lambda _: order.append(name))
            return future

        calls = [call("first", 0.2)]
        await asyncio.sleep(0.05)  # the first is on the worker
        calls.append(call("board", 0.01, background=True))
        calls += [call("second", 0.05), call("third", 0.05)]
        await asyncio.gather(*calls)
        assert order == ["first", "second", "third", "board"]
    finally:
        pictures.shutdown()


@pytest.mark.slow
async def test_a_background_call_is_not_kept_waiting_for_good(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under a steady stream of players' pictures a board still gets its turn, once it has
    waited its time."""
    monkeypatch.setattr(worker_pool, "BACKGROUND_WAIT", 0.2)
    pictures = Pictures(1)
    try:
        await pictures.warm()
        loop = asyncio.get_running_loop()
        start = loop.time()
        board = asyncio.ensure_future(pictures.draw_background(time.sleep, 0.01))
        board_at: list[float] = []
        board.add_done_callback(lambda _: board_at.append(loop.time() - start))
        stream: set[asyncio.Future[None]] = set()
        while loop.time() - start < 1.0:
            while len(stream) < 3:
                stream.add(asyncio.ensure_future(pictures.draw(time.sleep, 0.03)))
            _, stream = await asyncio.wait(stream, return_when=asyncio.FIRST_COMPLETED)
        await asyncio.gather(board, *stream)
        assert board_at and board_at[0] < 0.6, board_at  # the stream went on until 1 s
    finally:
        pictures.shutdown()


async def test_a_large_call_is_written_whole() -> None:
    """A call larger than the pipe's buffer is written as the worker reads it."""
    pictures = Pictures(1)
    try:
        big = "五" * 1_500_000
        assert await pictures.draw(len, big) == len(big)
    finally:
        pictures.shutdown()


async def test_shutdown_stops_the_workers() -> None:
    pictures = Pictures(1)
    await pictures.warm()
    (pid,) = pictures.worker_pids()
    pictures.shutdown()
    for _ in range(50):
        if not _running(pid):
            break
        await asyncio.sleep(0.05)
    assert not _running(pid)


PARENT = """
import asyncio, os, sys
from shangrao_bot.ui.pictures import Pictures

async def main() -> None:
    pictures = Pictures(1)
    await pictures.warm()
    with open(sys.argv[1], "w") as out:
        out.write(str(await pictures.draw(os.getpid)))
    await asyncio.sleep(60)

if __name__ == "__main__":
    asyncio.run(main())
"""


def _running(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped has exited)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


@pytest.mark.slow
async def test_workers_exit_when_the_bot_is_killed_outright(tmp_path: Path) -> None:
    """A bot killed by SIGKILL (or the out-of-memory killer) cleans nothing up: its picture
    workers notice their parent is gone and exit instead of waiting for work forever."""
    script, told = tmp_path / "parent.py", tmp_path / "worker.pid"
    script.write_text(PARENT)
    proc = await asyncio.create_subprocess_exec(sys.executable, str(script), str(told), cwd=ROOT)
    for _ in range(600):
        if told.exists() and told.read_text():
            break
        await asyncio.sleep(0.1)
    worker = int(told.read_text())
    assert _running(worker)
    proc.kill()
    await proc.wait()
    for _ in range(100):
        if not _running(worker):
            break
        await asyncio.sleep(0.1)
    assert not _running(worker), "the worker outlived the bot"


@pytest.mark.slow
async def test_workers_yield_the_processor_to_the_bot(workers: Pictures) -> None:
    """A worker runs WORKER_NICENESS steps nicer than the bot's process (up to Unix's 19):
    when the processor is short, the event loop goes first."""
    mine = os.nice(0)
    assert await workers.draw(os.nice, 0) == min(19, mine + pictures.WORKER_NICENESS)


def test_the_workers_busy_share_counts_their_spells_over_the_last_seconds() -> None:
    now = [100.0]
    busy = BusyShare(lambda: now[0])
    assert busy.share(2) == 0.0
    busy.started(1)
    now[0] += 2.0
    busy.ended(1)  # one worker busy 2 s of the last 5: a fifth of two workers' time
    assert busy.share(2) == 0.2
    busy.started(2)
    busy.started(2)  # a call sent while it works: the same spell
    now[0] += 1.0
    assert abs(busy.share(2) - 0.3) < 1e-9  # and the other one's spell under way
    now[0] += 10.0
    busy.ended(2)
    assert busy.share(2) == 0.5  # the last five seconds: one of two workers, all along
    now[0] += 6.0
    assert busy.share(2) == 0.0


@pytest.mark.slow
async def test_the_queue_tells_the_calls_waiting_and_running() -> None:
    """What the operator's metrics read at a scrape: a worker holds ``DEPTH`` calls, the
    others wait, a background one waits apart; nothing once they are back."""
    pictures = Pictures(1)
    calls: list[asyncio.Future[None]] = []
    try:
        assert pictures.queue() is None  # no worker before the first call
        await pictures.warm()
        assert pictures.queue() == worker_pool.PoolQueue(0, 0, 0, 1)  # its calls are back
        # calls that outlast the test (the shutdown below cancels them and stops the worker)
        calls = [asyncio.ensure_future(pictures.draw(time.sleep, 60)) for _ in range(4)]
        calls.append(asyncio.ensure_future(pictures.draw_background(time.sleep, 60)))
        await asyncio.sleep(0)  # each call is handed to the pool
        assert pictures.queue() == worker_pool.PoolQueue(
            waiting=4 - worker_pool.DEPTH, background=1, running=worker_pool.DEPTH, workers=1
        )
    finally:
        pictures.shutdown()
    await asyncio.gather(*calls, return_exceptions=True)
    assert Pictures(0).queue() is None  # threads: not measured
