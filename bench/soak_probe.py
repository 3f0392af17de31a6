"""What the soak benchmark (``bench/soak.py``) reads of the bot's process once a minute, from
outside: resident memory, open files and threads from ``/proc``, its picture workers (its
spawned child processes) and their resident memory, the SQLite database's size; and from the
reports file the process writes itself (``bench/soak_bot.py``): its asyncio tasks. Also the
row of ``soak.csv`` those figures make with the drivers' own, and reading the file back."""

from __future__ import annotations

import csv
import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

REPORT_STALE_S = 30.0  # a task report older than this is not the process's present


def status_fields(pid: int) -> dict[str, str]:
    """``/proc/PID/status`` as a mapping (empty when the process is gone)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    return {k: v.strip() for k, _, v in (line.partition(":") for line in text.splitlines())}


def rss_mb(pid: int) -> float:
    value = status_fields(pid).get("VmRSS", "")
    return int(value.split()[0]) / 1024 if value else float("nan")


def threads(pid: int) -> int:
    return int(status_fields(pid).get("Threads", "-1"))


def open_files(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def parent_pids() -> dict[int, int]:
    """Every process's parent (pid → ppid)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # the command name is in parentheses and may hold spaces: the fields follow its end
        parents[int(entry)] = int(stat.rpartition(")")[2].split()[1])
    return parents


def picture_workers(pid: int) -> list[int]:
    """The process's descendants started by multiprocessing's ``spawn`` as workers (not its
    resource tracker)."""
    parents = parent_pids()
    found, frontier = [], [pid]
    while frontier:
        current = frontier.pop()
        for child, parent in parents.items():
            if parent == current:
                frontier.append(child)
                try:
                    cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
                except OSError:
                    continue
                if b"spawn_main" in cmdline:
                    found.append(child)
    return found


def file_mb(path: Path) -> float:
    """The size of a SQLite database: its file and its write-ahead log."""
    parts = (path, path.with_name(path.name + "-wal"))
    return sum(part.stat().st_size for part in parts if part.exists()) / 2**20


def last_report(path: Path, pid: int, now: float) -> dict[str, Any] | None:
    """The newest line of the reports file written by ``pid`` (None when it has written none
    lately)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        try:
            report = json.loads(line)
        except ValueError:  # a line being written
            continue
        if report.get("pid") == pid:
            return report if now - report["t"] <= REPORT_STALE_S else None
    return None


@dataclass
class Sample:
    """One minute of the soak: a row of ``soak.csv``. ``minute`` counts from the moment every
    table had started (the warm-up's first minute is 1); the figures of the bot's process are
    read at the minute's end, the drivers' (updates, hands, incidents) cover the minute."""

    minute: int
    phase: str  # "warmup" or "measured"
    unix_time: float
    pid: int
    process_age_s: float  # since the bot's process started
    restart: str  # "", "sigterm" or "sigkill": one happened in this minute
    rss_mb: float
    files: int
    threads: int
    tasks: int
    db_mb: float
    update_p50_ms: float
    update_p99_ms: float
    updates: int
    hands: int
    hands_total: int  # since the first table started
    workers: int
    workers_rss_mb: float
    harness_rss_mb: float  # the process of the fake and the drivers
    incidents: int  # clicks retried, moves not shown, tables stalled (drivers' side)
    load1: float  # the machine's load average
    busiest_tasks: str  # "coroutine:count;..." (the bot's report)


def write_header(path: Path) -> None:
    with path.open("w", newline="") as f:
        csv.writer(f).writerow([f.name for f in fields(Sample)])


def append(path: Path, sample: Sample) -> None:
    row = asdict(sample)
    for key, value in row.items():
        if isinstance(value, float):
            row[key] = f"{value:.3f}"
    with path.open("a", newline="") as f:
        csv.writer(f).writerow(row.values())


def read_samples(path: Path) -> list[Sample]:
    kinds = {f.name: f.type for f in fields(Sample)}
    samples = []
    with path.open(newline="") as f:
        for row in csv.DictReader(f):
            values: dict[str, Any] = {}
            for name, text in row.items():
                kind = kinds[name]
                values[name] = (
                    int(text) if kind == "int" else float(text) if kind == "float" else text
                )
            samples.append(Sample(**values))
    return samples
