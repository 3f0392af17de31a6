"""How the suite's tests are spread over pytest-xdist's worker processes, so that the whole
run takes as little wall-clock time as the machine allows.

* **Two workers per core.** Many tests spend most of their time waiting — a bot process, the
  fake Discord's timers, a PostgreSQL server — rather than computing, so a worker per core
  leaves the processor idle while every worker waits (measured on a 2-core machine: the suite
  took about 11 minutes with two workers, 8 with four). More than eight buys little and starts
  as many processes.
* **The longest tests first, one worker each.** The work-stealing scheduler hands each worker
  an equal run of the collection in order, and a worker that runs dry takes the second half of
  the longest queue left — never its head. A test of a minute or more that happened to sit
  near the end of a queue would then run alone after all the others. So the tests marked
  ``heavy`` are moved to the heads of the workers' runs, dealt round in turn: each starts at
  once, while the short tests fill the other workers around it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import pytest

MAX_WORKERS = 8


def workers_for(cores: int | None) -> int:
    """Worker processes for ``-n auto`` on a machine of ``cores``."""
    return max(2, min(MAX_WORKERS, 2 * (cores or 1)))


def runs_of(total: int, workers: int) -> list[int]:
    """The sizes of the runs of the collection the work-stealing scheduler first hands the
    workers (each the items left divided by the workers left, in order)."""
    sizes = []
    left = total
    for i in range(workers):
        size = left // (workers - i)
        sizes.append(size)
        left -= size
    return sizes


def heavy_first(items: Sequence[pytest.Item], workers: int) -> list[pytest.Item]:
    """``items`` reordered so that the ``heavy`` ones head the workers' first runs, dealt in
    turn (the first heavy test to the first worker, the second to the second …); the other
    items keep their order around them."""
    heavy = [i for i in items if i.get_closest_marker("heavy") is not None]
    if workers < 2 or not heavy:
        return list(items)
    rest = [i for i in items if i.get_closest_marker("heavy") is None]
    dealt: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for n, item in enumerate(heavy):
        dealt[n % workers].append(item)
    ordered: list[pytest.Item] = []
    start = 0
    for run, size in zip(dealt, runs_of(len(items), workers), strict=True):
        take = max(0, size - len(run))
        ordered += run + rest[start : start + take]
        start += take
    ordered += rest[start:]
    return ordered


def worker_count() -> int:
    """The number of workers of this run, as pytest-xdist tells each of them (0: none)."""
    return int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
