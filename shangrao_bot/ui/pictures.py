"""Where the tables' pictures are drawn: in worker processes by default, on threads if asked.

Drawing a picture is mostly Python (layout, labels) between Pillow calls. On a thread of the
bot's own process that Python holds the interpreter lock, and every time the event loop gives
the lock up — for each socket send and receive, each random id a Discord view makes — it waits
for the drawing thread to hand it back (a few milliseconds each time). With dozens of tables
that wait, not the drawing, was most of the bot's time. Worker processes have interpreters of
their own, so the loop never waits for them.

One pool per process (:data:`PICTURES`), set up from the settings when the bot starts and
created on its first picture. Workers are started with ``spawn`` (never forked from a process
that has threads running). A worker that dies costs the picture it was drawing (the caller
shows text instead); a new worker takes its place.

Everything sent to a worker is pickled: the drawing function must be a module-level function
and its arguments plain data (the render package's views and results are).

The same workers make the slow AI levels' decisions ahead of time (:func:`decide_in_worker`,
for the levels of :data:`~shangrao_bot.service.autoplay.AHEAD_LEVELS`): a decision is pure
Python over a view, like the drawing, and the AI's delay leaves time for it to come back, so it
too is kept off the event loop. The fast levels decide on the loop, in less time than the trip.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service.autoplay import ai_decision
from shangrao_bot.settings import DEFAULT_PICTURE_PROCESSES, MAX_PICTURE_PROCESSES
from shangrao_bot.ui.worker_pool import PoolQueue, ProcessPool

P = ParamSpec("P")
T = TypeVar("T")


PARENT_CHECK_SECONDS = 1.0
# How much lower a worker's priority is than the bot's (Unix niceness): when the processor is
# short, the event loop — which acknowledges every click, saves every move and sends every
# edit — runs first, and the pictures take the time left. Measured with 80 tables on 2 cores:
# the loop's median lag fell from about 20 to 6 ms and the players' update p99 with it; at 10
# the pictures themselves began to lag.
WORKER_NICENESS = 5


def _start_worker(parent: int) -> None:
    """A worker's start: it watches its parent (a bot killed outright, SIGKILL or the kernel's
    out-of-memory killer, runs no clean-up, and its workers, which hold their own queue's
    pipe open, would wait for work forever), steps back in the scheduler's order
    (:data:`WORKER_NICENESS`), then loads the drawing code and the shipped palette
    (:func:`~shangrao_bot.render.fixed_palette.table_palette`, a file read) before its first
    picture."""
    watcher = threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True)
    watcher.start()
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    import shangrao_bot.render.board
    import shangrao_bot.render.hand
    import shangrao_bot.render.result  # noqa: F401
    from shangrao_bot.render.fixed_palette import table_palette

    table_palette()


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)  # the bot is gone: nobody will ask for a picture again


def timed(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> tuple[T, float]:
    """``fn``'s result and the processor seconds it took on the thread that ran it (a worker's:
    the board painter keeps its pictures to a share of the time by it)."""
    start = time.thread_time()
    result = fn(*args, **kwargs)
    return result, time.thread_time() - start


class Pictures:
    """A pool of picture workers: ``processes`` worker processes, or when 0 two threads of the
    calling process (for tests that record what is drawn in-process, and machines where
    processes cannot be started). The processes are a :class:`~.worker_pool.ProcessPool`, fed
    straight from the event loop."""

    def __init__(self, processes: int = DEFAULT_PICTURE_PROCESSES) -> None:
        self.processes = processes
        self._pool: ProcessPool | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def configure(self, processes: int) -> None:
        """Use ``processes`` workers from now on (a pool of another size is shut down)."""
        if not 0 <= processes <= MAX_PICTURE_PROCESSES:
            limit = MAX_PICTURE_PROCESSES
            raise ValueError(f"picture processes must be 0 to {limit}, not {processes}")
        with self._lock:
            if processes == self.processes:
                return
            self.processes = processes
            old, self._pool = self._pool, None
        if old is not None:
            old.shutdown(wait=False)

    def _process_pool(self) -> ProcessPool:
        """The pool of this event loop: a pool another loop used (a test's, an earlier
        command's) moves here with its workers when it is idle, else it is let go."""
        loop = asyncio.get_running_loop()
        with self._lock:
            old = None
            pool = self._pool
            if pool is not None and pool.loop not in (None, loop) and not pool.move_to(loop):
                old, self._pool = self._pool, None
            if self._pool is None:
                self._pool = ProcessPool(
                    self.processes, initializer=_start_worker, initargs=(os.getpid(),)
                )
            pool = self._pool
        if old is not None:
            old.shutdown(wait=False)
        return pool

    def load(self) -> float:
        """The share of the last few seconds the worker processes spent drawing (0 with
        threads, or before the first picture: not measured)."""
        pool = self._pool
        return 0.0 if pool is None or self.processes == 0 else pool.load()

    def _thread_pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="picture")
            return self._threads

    def queue(self) -> PoolQueue | None:
        """The worker processes' calls waiting and running (None with threads, or before the
        first picture)."""
        pool = self._pool
        return None if pool is None or self.processes == 0 else pool.queue()

    def worker_pids(self) -> list[int]:
        """The process ids of the workers started so far."""
        pool = self._pool
        return [] if pool is None else pool.pids()

    async def draw(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn(*args, **kwargs)`` on a worker; its exceptions are raised here. A worker
        that died drawing it raises :class:`BrokenProcessPool` (a new worker takes its
        place)."""
        result: T = await self.start(fn, *args, **kwargs)
        return result

    def start(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> asyncio.Future[T]:
        """As :meth:`draw`, started now: the future of its result, which several callers can
        wait for (a caller whose wait is cancelled cancels the drawing: shield it to share)."""
        if self.processes == 0:
            call = functools.partial(fn, *args, **kwargs)
            return asyncio.get_running_loop().run_in_executor(self._thread_pool(), call)
        return self._process_pool().submit(fn, *args, **kwargs)

    async def draw_background(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """As :meth:`draw`, for a picture nobody is waiting on right now (a table's board):
        workers draw it after the pictures players wait for, or once it has waited about a
        second (:meth:`~.worker_pool.ProcessPool.run_background`)."""
        if self.processes == 0:
            return await self.draw(fn, *args, **kwargs)
        result: T = await self._process_pool().run_background(fn, *args, **kwargs)
        return result

    async def warm(self) -> None:
        """Start every worker now (each starts an interpreter and loads the drawing code, a
        fraction of a second), so the first players' pictures after a start do not wait for
        it: calls made while no worker is idle start one each. A failure is left to the first
        picture to report."""
        if self.processes == 0:
            return
        with contextlib.suppress(Exception):
            await asyncio.gather(*(self.draw(os.getpid) for _ in range(self.processes)))

    def shutdown(self) -> None:
        """Stop the workers (they are also stopped when the process exits)."""
        with self._lock:
            old, self._pool = self._pool, None
            threads, self._threads = self._threads, None
        if old is not None:
            old.shutdown(wait=True)
        if threads is not None:
            threads.shutdown(wait=True, cancel_futures=True)


PICTURES = Pictures()


async def decide_in_worker(level: str, seed: int, view: PlayerView) -> Action:
    """An AI's decision (:func:`~shangrao_bot.service.autoplay.ai_decision`) made by a picture
    worker, for :class:`~shangrao_bot.service.tables.TableService`'s ``decide``."""
    return await PICTURES.draw(ai_decision, level, seed, view)
