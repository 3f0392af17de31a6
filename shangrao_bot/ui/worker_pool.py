"""Worker processes driven straight from the event loop: each worker is one pipe, read by the
loop's own selector, with no threads in between.

Why not :class:`concurrent.futures.ProcessPoolExecutor`: it hands every call to a manager
thread and a feeder thread of the calling process, and hands every result back through the
manager thread. Those threads need the interpreter lock to run, and on a busy bot the event
loop holds it most of the time, so each call waited for the lock several times on its way out
and back: at 80 tables, a 6 ms picture took 110 ms from call to result, most of it there. Here
the loop writes a call to an idle worker's pipe and reads the result when the pipe is readable;
nothing else of the bot's process is involved.

A call is pickled on the loop (``(fn, args, kwargs)``: a module-level function and plain data,
a few KB) and framed as :mod:`multiprocessing` frames messages (a 4-byte big-endian length),
so the worker reads it with :meth:`Connection.recv_bytes`. Each worker has up to
:data:`DEPTH` calls sent (it runs them in order); the others wait in order for room. A worker
that dies fails the calls sent to it with :class:`BrokenProcessPool` and is replaced; the
other calls go on.

A call made with :meth:`ProcessPool.run_background` (a table's board, redrawn now and then
for whoever watches) goes only to an idle worker, after every ordinary call waiting, unless
it has waited :data:`BACKGROUND_WAIT` seconds: a player who just moved waits for their own
hand's picture, not for a board drawn ahead of it.

One pool serves one event loop at a time (its pipes are registered with that loop's
selector). An idle pool moves to another loop with its workers (:meth:`ProcessPool.move_to`):
a program that runs several loops one after another (a command line, a test suite) starts its
workers once.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import struct
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from shangrao_bot.gc_tuning import RELEASE_EVERY_S, release_free_memory

_HEADER = struct.Struct("!i")
_LONG_HEADER = struct.Struct("!Q")  # after a -1 length: a message of 2 GiB or more
READ_CHUNK = 1 << 20
# Calls sent to a worker at once: the next is already in its pipe when it finishes one, so it
# never sits idle while the (busy) event loop gets round to reading a result and sending more.
DEPTH = 2
JOIN_SECONDS = 2.0
# A background call waits at most this long for the ordinary calls to leave it a worker.
BACKGROUND_WAIT = 1.0


LOAD_WINDOW_S = 5.0  # the span over which the workers' busy share is measured


@dataclass(frozen=True)
class PoolQueue:
    """The calls of a pool at one moment: waiting for a worker (ordinary and background) and
    sent to one (running or next in its pipe), and the live workers."""

    waiting: int
    background: int
    running: int
    workers: int


class BusyShare:
    """How much of the last :data:`LOAD_WINDOW_S` seconds a set of workers spent working: each
    worker's busy spells, from the moment it was sent a call while idle until it had none left
    (the calls it runs back to back are one spell)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.spells: deque[tuple[float, float]] = deque()  # the spells ended lately
        self.since: dict[int, float] = {}  # worker → the start of its spell under way

    def started(self, worker: int) -> None:
        self.since.setdefault(worker, self.clock())

    def ended(self, worker: int) -> None:
        start = self.since.pop(worker, None)
        now = self.clock()
        if start is not None:
            self.spells.append((start, now))
        while self.spells and self.spells[0][1] <= now - LOAD_WINDOW_S:
            self.spells.popleft()

    def share(self, workers: int) -> float:
        """The busy share of ``workers`` workers (0: idle; 1: every one busy all along)."""
        now = self.clock()
        low = now - LOAD_WINDOW_S
        busy = sum(end - max(start, low) for start, end in self.spells if end > low)
        busy += sum(now - max(start, low) for start in self.since.values())
        return busy / (LOAD_WINDOW_S * max(1, workers))


@dataclass(eq=False)
class _Worker:
    process: Any  # a multiprocessing SpawnProcess
    conn: Connection
    fd: int
    inbox: bytearray = field(default_factory=bytearray)  # result bytes read so far
    outbox: bytearray = field(default_factory=bytearray)  # call bytes not yet written
    jobs: deque[asyncio.Future[Any]] = field(default_factory=deque)  # sent, oldest first
    dead: bool = False


def _frame(payload: bytes) -> bytes:
    if len(payload) > 0x7FFFFFFF:
        return _HEADER.pack(-1) + _LONG_HEADER.pack(len(payload)) + payload
    return _HEADER.pack(len(payload)) + payload


def _unframe(buf: bytearray) -> bytes | None:
    """The first whole message in ``buf`` (taken off it), or None while it is incomplete."""
    if len(buf) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack_from(buf)
    start = _HEADER.size
    if size == -1:
        if len(buf) < start + _LONG_HEADER.size:
            return None
        (size,) = _LONG_HEADER.unpack_from(buf, start)
        start += _LONG_HEADER.size
    if len(buf) < start + size:
        return None
    message = bytes(buf[start : start + size])
    del buf[: start + size]
    return message


def _worker_main(conn: Connection, initializer: Callable[..., None] | None, args: tuple) -> None:
    """A worker's life: set up, then run calls until the pool closes its end of the pipe; at
    most once a minute, after a call, the C allocator's free pages go back to the system
    (pictures are big, short-lived allocations: :mod:`shangrao_bot.gc_tuning`)."""
    if initializer is not None:
        initializer(*args)
    released = time.monotonic()
    while True:
        try:
            request = conn.recv_bytes()
        except (EOFError, OSError):
            return
        fn, fn_args, fn_kwargs = pickle.loads(request)
        try:
            reply = pickle.dumps((True, fn(*fn_args, **fn_kwargs)), pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:  # the caller gets it: the worker lives on
            try:
                reply = pickle.dumps((False, exc), pickle.HIGHEST_PROTOCOL)
            except Exception:  # an exception that cannot be pickled: its text
                reply = pickle.dumps((False, RuntimeError(repr(exc))), pickle.HIGHEST_PROTOCOL)
        try:
            conn.send_bytes(reply)
        except (EOFError, OSError):
            return
        del request, reply
        if time.monotonic() - released > RELEASE_EVERY_S:
            release_free_memory()
            released = time.monotonic()


class ProcessPool:
    """``size`` worker processes (started with ``spawn``, each running ``initializer(*args)``
    first), fed from the running event loop. Workers start on the first call."""

    def __init__(
        self,
        size: int,
        *,
        initializer: Callable[..., None] | None = None,
        initargs: tuple[Any, ...] = (),
    ) -> None:
        if size < 1:
            raise ValueError(f"a process pool needs at least one worker, not {size}")
        self.size = size
        self._initializer = initializer
        self._initargs = initargs
        self._context = multiprocessing.get_context("spawn")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._workers: list[_Worker] = []
        self._waiting: deque[tuple[asyncio.Future[Any], bytes]] = deque()
        #: background calls, oldest first: (its future, its bytes, when it was made)
        self._background: deque[tuple[asyncio.Future[Any], bytes, float]] = deque()
        self._closed = False
        self._lock = threading.Lock()  # shutdown may come from another thread
        self.busy = BusyShare()

    @property
    def loop(self) -> asyncio.AbstractEventLoop | None:
        return self._loop

    def load(self) -> float:
        """The share of the last few seconds the workers spent working (0 to 1)."""
        return self.busy.share(self.size)

    def move_to(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Serve ``loop`` from now on, keeping the workers, when no call is waiting or being
        run (a call's future belongs to its own loop, and a worker answers its calls in
        order). False, and nothing changed, when one is: the caller then needs another pool."""
        if self._closed:
            return False
        if loop is self._loop:
            return True
        if any(w.jobs or w.outbox for w in self._workers):
            return False
        if any(not f.done() for f, _ in self._waiting):
            return False
        if any(not f.done() for f, _, _ in self._background):
            return False
        self._waiting.clear()
        self._background.clear()
        old = self._loop
        for worker in self._workers:
            if old is not None and not old.is_closed():
                old.remove_reader(worker.fd)
                old.remove_writer(worker.fd)
            loop.add_reader(worker.fd, self._readable, worker)
        self._loop = loop
        return True

    def queue(self) -> PoolQueue:
        """The calls waiting and running now (what the operator's metrics show)."""
        live = [w for w in self._workers if not w.dead]
        return PoolQueue(
            waiting=sum(1 for f, _ in self._waiting if not f.done()),
            background=sum(1 for f, _, _ in self._background if not f.done()),
            running=sum(len(w.jobs) for w in live),
            workers=len(live),
        )

    def pids(self) -> list[int]:
        """The process ids of the live workers."""
        return [w.process.pid for w in self._workers if not w.dead]

    async def run(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)`` on a worker; its exception is raised here. A worker that
        dies while running it raises :class:`BrokenProcessPool`."""
        return await self.submit(fn, *args, **kwargs)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> asyncio.Future[Any]:
        """As :meth:`run`, the call's future itself: several callers can wait for it, and
        a caller awaiting it wakes as soon as the result is read (no task in between)."""
        return self._call(fn, args, kwargs, background=False)

    async def run_background(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """As :meth:`run`, after the ordinary calls waiting (see the module's docstring)."""
        future = self._call(fn, args, kwargs, background=True)
        return await future

    def _call(
        self,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        *,
        background: bool,
    ) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        if self._closed:
            raise RuntimeError("the process pool is shut down")
        if self._loop is None:
            self._loop = loop
        elif self._loop is not loop:
            raise RuntimeError("a process pool serves the event loop it started on")
        payload = _frame(pickle.dumps((fn, args, kwargs), pickle.HIGHEST_PROTOCOL))
        future: asyncio.Future[Any] = loop.create_future()
        if background:
            self._background.append((future, payload, loop.time()))
            # the pool looks again when it may be due, should no result come back before
            loop.call_later(BACKGROUND_WAIT, self._dispatch)
        else:
            self._waiting.append((future, payload))
        while len(self._workers) < self.size:
            self._start_worker()
        self._dispatch()
        return future

    # --- on the loop ---------------------------------------------------------------------------

    def _start_worker(self) -> None:
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_worker_main,
            args=(theirs, self._initializer, self._initargs),
            daemon=True,
            name="shangrao-picture-worker",
        )
        process.start()
        theirs.close()
        fd = ours.fileno()
        os.set_blocking(fd, False)
        worker = _Worker(process, ours, fd)
        self._workers.append(worker)
        assert self._loop is not None
        self._loop.add_reader(fd, self._readable, worker)

    def _dispatch(self) -> None:
        """Send waiting calls to the workers with room, the least loaded first: a background
        call that is due first, then the ordinary calls, then background calls to idle
        workers."""
        if self._closed:
            return
        while True:
            worker = min(self._workers, key=lambda w: len(w.jobs), default=None)
            if worker is None or len(worker.jobs) >= DEPTH:
                return
            while self._background and self._background[0][0].done():
                self._background.popleft()  # its caller gave up
            if self._background and (
                self._background_due() or (not self._waiting and not worker.jobs)
            ):
                future, payload, _ = self._background.popleft()
            elif self._waiting:
                future, payload = self._waiting.popleft()
                if future.done():  # its caller gave up (cancelled) before it was sent
                    continue
            else:
                return
            if not worker.jobs:
                self.busy.started(id(worker))
            worker.jobs.append(future)
            worker.outbox += payload
            self._flush(worker)

    def _background_due(self) -> bool:
        """The oldest background call has waited :data:`BACKGROUND_WAIT` seconds."""
        assert self._loop is not None  # set by the first call
        return self._loop.time() - self._background[0][2] >= BACKGROUND_WAIT

    def _flush(self, worker: _Worker) -> None:
        """Write what the worker's call has left to write; the rest when the pipe has room."""
        assert self._loop is not None
        try:
            while worker.outbox:
                written = os.write(worker.fd, worker.outbox)
                del worker.outbox[:written]
        except BlockingIOError:
            self._loop.add_writer(worker.fd, self._writable, worker)
            return
        except OSError:
            self._lost(worker)
            return
        self._loop.remove_writer(worker.fd)

    def _writable(self, worker: _Worker) -> None:
        self._flush(worker)

    def _readable(self, worker: _Worker) -> None:
        try:
            while True:
                chunk = os.read(worker.fd, READ_CHUNK)
                if not chunk:
                    self._lost(worker)
                    return
                worker.inbox += chunk
                if len(chunk) < READ_CHUNK:
                    break
        except BlockingIOError:
            pass
        except OSError:
            self._lost(worker)
            return
        while (message := _unframe(worker.inbox)) is not None:
            job = worker.jobs.popleft() if worker.jobs else None
            if not worker.jobs:
                self.busy.ended(id(worker))
            if job is not None and not job.done():
                try:
                    ok, value = pickle.loads(message)
                except Exception as exc:  # a result that cannot be read back
                    job.set_exception(exc)
                else:
                    if ok:
                        job.set_result(value)
                    else:
                        job.set_exception(value)
        self._dispatch()

    def _lost(self, worker: _Worker) -> None:
        """The worker died (its pipe closed): the calls sent to it fail, a new worker takes
        its place."""
        if worker.dead:
            return
        worker.dead = True
        self.busy.ended(id(worker))
        self._forget(worker)
        while worker.jobs:
            job = worker.jobs.popleft()
            if not job.done():
                job.set_exception(BrokenProcessPool("a picture worker died"))
        with contextlib.suppress(Exception):
            worker.process.join(0)
        if not self._closed:
            while len(self._workers) < self.size:
                self._start_worker()
            self._dispatch()

    def _forget(self, worker: _Worker) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.remove_reader(worker.fd)
            loop.remove_writer(worker.fd)
        with contextlib.suppress(ValueError):
            self._workers.remove(worker)
        worker.conn.close()

    # --- stopping ------------------------------------------------------------------------------

    def shutdown(self, *, wait: bool = True) -> None:
        """Stop the workers: calls waiting or running fail (cancelled); each worker sees its
        pipe closed and exits (killed if it has not within a few seconds, when ``wait``)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        for future, _ in self._waiting:
            if not future.done():
                self._settle(future)
        self._waiting.clear()
        for future, _, _ in self._background:
            if not future.done():
                self._settle(future)
        self._background.clear()
        workers = list(self._workers)
        for worker in workers:
            worker.dead = True
            for job in worker.jobs:
                if not job.done():
                    self._settle(job)
            worker.jobs.clear()
            with contextlib.suppress(Exception):
                self._forget(worker)
        if not wait:
            return
        deadline = time.monotonic() + JOIN_SECONDS
        for worker in workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(1)

    def _settle(self, future: asyncio.Future[Any]) -> None:
        """Cancel ``future`` on its own loop (shutdown may run on another thread)."""
        loop = future.get_loop()
        if loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            future.cancel()
        else:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(future.cancel)
