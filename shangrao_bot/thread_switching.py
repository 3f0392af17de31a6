"""How often a serving process hands the interpreter's lock from one thread to another.

The event loop shares the process with threads that run Python code: the league's pages are
rendered on one (:mod:`shangrao_bot.web.page_thread`), the database drivers convert rows on
theirs. A thread that computes holds the lock until the interpreter asks it to let go, every
*switch interval* (five milliseconds by default); the loop, waking for a click, a reply from
Discord or a row, then waits up to that long at each of its turns. With pages being rendered
beside 40 tables that wait raised the players' update p99 by half; at one millisecond it was
within a few percent of the figure without pages (``bench/tables.py --web-load``).
"""

from __future__ import annotations

import sys

SWITCH_INTERVAL_S = 0.001


def switch_threads_often() -> None:
    """Hand the lock between threads every :data:`SWITCH_INTERVAL_S` seconds."""
    sys.setswitchinterval(SWITCH_INTERVAL_S)
