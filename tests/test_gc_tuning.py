"""The garbage collector's settings for the bot's own process, checked in a fresh interpreter
(freezing objects in the test process would keep them alive for the rest of the run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import gc, json
from shangrao_bot.gc_tuning import FULL_EVERY, freeze_startup_objects, tune_for_serving
before = gc.get_threshold()
tune_for_serving()
tuned = gc.get_threshold()
kept = [[i] for i in range(1000)]  # objects of the running bot
frozen = freeze_startup_objects()
print(json.dumps({"before": before, "tuned": tuned, "full_every": FULL_EVERY,
                  "frozen": frozen, "freeze_count": gc.get_freeze_count()}))
"""


def test_full_collections_are_rarer_and_the_bot_built_is_frozen() -> None:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, check=True
    )
    result = json.loads(out.stdout)
    young, middle, full = result["before"]
    assert result["tuned"] == [young, middle, result["full_every"]]
    assert result["full_every"] > full  # full collections rarer than Python's default
    assert result["frozen"] == result["freeze_count"] > 1000  # the kept lists among them


@pytest.mark.slow
def test_the_command_line_keeps_pythons_defaults() -> None:
    """Only the bot's process is tuned: importing the package changes nothing."""
    script = (
        "import gc, shangrao_bot.entrypoints.cli, shangrao_bot.entrypoints.bot_runner;"
        "print(gc.get_threshold()[2], gc.get_freeze_count())"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["10", "0"]


RELEASE_SCRIPT = """
import json
from shangrao_bot.gc_tuning import release_free_memory

def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20

# 200 MB of 4 KB objects from the C allocator's heap; every 64th kept, so the heap's top
# stays in use and only pages in its middle are free
blocks = [bytes(4000) + bytes([i % 256]) for i in range(50_000)]
kept = blocks[::64]
del blocks
before = rss_mb()
released = release_free_memory()
print(json.dumps({"before": before, "after": rss_mb(), "released": released, "kept": len(kept)}))
"""


def test_free_memory_goes_back_to_the_system() -> None:
    """Freed objects leave the C allocator's heap full of free pages the process still holds;
    releasing hands them back (the bot does it once a minute)."""
    out = subprocess.run(
        [sys.executable, "-c", RELEASE_SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(out.stdout)
    assert result["released"]
    assert result["before"] - result["after"] > 100  # MB: most of the 200 freed


COLLECT_SCRIPT = """
import gc, json
from shangrao_bot.gc_tuning import collect_everything, freeze_startup_objects, tune_for_serving
tune_for_serving()
freeze_startup_objects()
gc.disable()  # nothing but the call below may collect the pile
for _ in range(5000):
    a, b = [], []
    a.append(b)
    b.append(a)  # a cycle, dead at the next turn: only a collection frees it
found, took = collect_everything()
print(json.dumps({"found": found, "took": took, "left": len(gc.garbage)}))
"""


def test_a_full_collection_on_the_clock_frees_the_pile_of_cycles() -> None:
    out = subprocess.run(
        [sys.executable, "-c", COLLECT_SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(out.stdout)
    assert result["found"] >= 2 * 5000 - 2  # every list of every cycle (the last pair aside)
    assert 0 <= result["took"] < 5 and result["left"] == 0
