"""The backups' blocking work (copying, checking and hashing a database of many megabytes) on a
thread of its own at the lowest processor priority.

A backup is background work: on a small machine (two cores) the bot's event loop and its
writer thread must win the processor whenever they want it, and the copy take what is left.
Linux schedules each thread on its own, so the thread lowers its own priority (nice 19: about
1/70 of a normal thread's share while both want the processor) before it starts; where that is
not possible it runs at the normal priority. Neither the event loop nor a thread of the default
executor is ever lowered.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

LOWEST_PRIORITY = 19


def _lower_this_thread() -> None:
    with contextlib.suppress(OSError, AttributeError):  # not Linux, or not allowed
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), LOWEST_PRIORITY)


async def in_background(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on a new low-priority thread; its result or its exception. A cancelled
    caller stops waiting (``fn`` runs on to its end: give it a way to stop, as the SQLite copy
    has)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def settle(result: Any, error: BaseException | None) -> None:
        if done.done():  # the caller stopped waiting
            return
        if error is None:
            done.set_result(result)
        else:
            done.set_exception(error)

    def run() -> None:
        _lower_this_thread()
        try:
            outcome: tuple[Any, BaseException | None] = (fn(*args), None)
        except BaseException as exc:
            outcome = (None, exc)
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (a shutdown)
            loop.call_soon_threadsafe(settle, *outcome)

    threading.Thread(target=run, name="backup", daemon=True).start()
    return await done
