"""The suite's own scheduling (tests/scheduling.py): the heavy tests head the workers' first
runs, one worker each in turn, and nothing is lost or repeated."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.scheduling import heavy_first, runs_of, workers_for


@dataclass(frozen=True)
class Item:
    name: str
    heavy: bool = False

    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "heavy" and self.heavy else None


def test_two_workers_per_core_within_bounds() -> None:
    assert [workers_for(n) for n in (None, 1, 2, 3, 4, 16)] == [2, 2, 4, 6, 8, 8]


def test_runs_are_the_schedulers_even_split() -> None:
    assert runs_of(10, 4) == [2, 2, 3, 3]
    assert sum(runs_of(3021, 4)) == 3021


@pytest.mark.parametrize("workers", [2, 3, 4])
def test_heavy_tests_head_the_workers_runs(workers: int) -> None:
    items = [Item(f"t{i}", heavy=i % 7 == 5) for i in range(40)]
    ordered = heavy_first(items, workers)  # type: ignore[arg-type]
    assert sorted(i.name for i in ordered) == sorted(i.name for i in items)
    heavy = [i for i in items if i.heavy]
    starts, at = [], 0
    for size in runs_of(len(items), workers):
        starts.append(at)
        at += size
    for n, item in enumerate(heavy):  # the n-th heavy test: its worker's run, in turn
        run = starts[n % workers]
        assert ordered.index(item) == run + n // workers  # type: ignore[arg-type]
    light = [i for i in ordered if not i.heavy]
    assert light == [i for i in items if not i.heavy]  # the others keep their order


def test_without_workers_the_order_is_kept() -> None:
    items = [Item("a"), Item("b", heavy=True), Item("c")]
    assert heavy_first(items, 0) == items  # type: ignore[arg-type]
