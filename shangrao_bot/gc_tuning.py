"""Python's cyclic garbage collector, set for a bot process that runs for days.

Why: the collector runs on whichever thread allocates, which in the bot is almost always the
event loop, and while it runs nothing else does. A full collection walks every object the
process holds: the modules, discord.py's caches, every table. Measured with 80 tables on a
2-core machine, the defaults made about one full collection every five seconds, each
stopping the loop for 110 to 160 ms, and every player whose move was being shown at that
moment waited that much longer (a good part of the slowest percent of updates).

Two changes, both standard for long-running Python servers:

* once the bot is up, everything it has built so far (code, caches, restored tables) is
  moved out of the collector's sight with :func:`gc.freeze`: it lives as long as the process,
  and no later collection walks it again;
* a full collection comes after :data:`FULL_EVERY` collections of the middle generation
  instead of Python's 10. The young generations are collected as usual (a millisecond or so
  each), so short-lived cycles are still freed at once; what stays longer is checked ten
  times less often.

**A full collection every little while, on a clock.** Counted in collections, a full one
comes when it comes: at 40 tables that was every three to four minutes, and what died in
between in the oldest generation waited for it. That is mostly discord.py's: every
interaction, message and view is a reference cycle (an interaction and its response point at
each other), and it lives through the young collections because it is in use while its
command runs. By the next full collection some 100,000 such objects (20 to 30 MB) had piled
up; the memory they held stayed with the process after they were freed, and the highest pile
so far set the bot's resident size, which so crept up with every higher pile. So the bot also
runs a full collection every :data:`FULL_COLLECT_EVERY_S` seconds
(:func:`collect_everything`): the pile never gets past a few seconds' worth, and with the
start-up's objects frozen a full collection walks only what the bot built since (about a
tenth of them), some milliseconds.

Only for the bot's own process (``python bot.py``, a shard process): a test run or the
command line keeps Python's defaults, since frozen objects are never freed.

**Free memory handed back.** Python frees most objects at once, but the C allocator (glibc's
``malloc``, which holds every object larger than 512 bytes: a table's saved state, a picture's
bytes, a request's body) keeps the pages it freed for later rather than giving them back to
the system. Measured with 20 tables playing, the bot's resident memory grew some 15 MB in
its first minutes and went on creeping while the memory its objects used stayed flat: the
difference was free memory held in the allocator's heaps. :func:`release_free_memory`
(``malloc_trim(0)``) gives every whole free page back; the bot calls it once a minute, off
the event loop (a few milliseconds). It does nothing where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import time
from collections.abc import Callable
from functools import cache

FULL_EVERY = 100  # middle-generation collections between two full ones (Python's default: 10)


def tune_for_serving() -> None:
    """Full collections :data:`FULL_EVERY` times rarer; the young generations unchanged."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_EVERY)


def freeze_startup_objects() -> int:
    """Collect once, then keep every object that survived out of later collections (they
    belong to the running bot). Returns how many objects were frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


FULL_COLLECT_EVERY_S = 15.0
"""Seconds between two full collections on the clock (:func:`collect_everything`)."""


def collect_everything() -> tuple[int, float]:
    """A full collection now: (objects found unreachable, seconds it took)."""
    started = time.perf_counter()
    found = gc.collect()
    return found, time.perf_counter() - started


RELEASE_EVERY_S = 60.0
"""Seconds between two hand-backs of the C allocator's free pages (:func:`release_free_memory`)."""


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none (musl, macOS)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim


def release_free_memory() -> bool:
    """Give the C allocator's free pages back to the system; True when some were (False too
    where the C library cannot)."""
    trim = _malloc_trim()
    return bool(trim(0)) if trim is not None else False
