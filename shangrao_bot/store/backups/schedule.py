"""The backups the running bot takes itself (``BACKUP_EVERY``, ``BACKUP_KEEP``, ``BACKUP_DIR``).

:class:`BackupSchedule` takes a checked backup (:func:`~.taking.take_backup`) at every slot —
the moments that are whole multiples of the interval since the Unix epoch, in UTC (every
``6h``: at 00:00, 06:00, 12:00 and 18:00) — into the backup folder, named after its moment
(``shangrao-backup-20250101T060000Z.db``, ``.dump`` for PostgreSQL), then deletes the oldest of
*its own* backups beyond the newest ``keep``: only files with exactly that name (and their
manifests) are its own; nothing else in the folder is ever touched.

- **Only the leader** takes them (``is_leader``: alone on SQLite, always; of several shard
  processes, the one holding the leader's lock), asked again at every slot, so the role moving
  on moves the backups with it.
- **A restart skips none**: at start, when the newest own backup is older than one interval
  (or there is none), one is taken shortly after start-up instead of waiting for the next slot.
- **A failure never stops the bot**: it is logged as one warning line, the partial files are
  gone (:mod:`.taking`), and the next slot tries again. :attr:`BackupSchedule.last` keeps the
  last outcome (for a health check).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from shangrao_bot.errors import Refusal
from shangrao_bot.store.backups.manifest import manifest_path
from shangrao_bot.store.backups.sqlite_copy import CopyStopped
from shangrao_bot.store.backups.taking import take_backup

log = logging.getLogger(__name__)

PREFIX = "shangrao-backup-"
SUFFIXES = {"sqlite": ".db", "postgresql": ".dump"}
_OWN = re.compile(r"^shangrao-backup-(\d{8}T\d{6}Z)\.(db|dump)$")
_STAMP = "%Y%m%dT%H%M%SZ"
START_DELAY_S = 30.0
"""A backup due at start-up waits this long, so the start-up's own work goes first."""
DEFAULT_FOLDER = "data/backups"
"""The backup folder of a PostgreSQL bot when ``BACKUP_DIR`` is unset."""


class Clock(Protocol):
    def now(self) -> float:
        """Unix time in seconds."""
        ...

    async def sleep(self, seconds: float) -> None: ...


class WallClock:
    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


@dataclass(frozen=True)
class ScheduledBackup:
    """One slot's outcome: when, the backup taken (or None), why it failed (or None), and the
    old backups deleted."""

    at: datetime
    file: Path | None
    failure: str | None
    removed: tuple[Path, ...] = ()


def default_folder(kind: str, path: str) -> Path:
    """The backup folder when ``BACKUP_DIR`` is unset: ``backups`` beside an SQLite file,
    :data:`DEFAULT_FOLDER` for PostgreSQL."""
    return Path(path).parent / "backups" if kind == "sqlite" else Path(DEFAULT_FOLDER)


def backup_name(moment: float, kind: str) -> str:
    """The file name of the scheduled backup taken at ``moment`` (Unix seconds)."""
    stamp = datetime.fromtimestamp(moment, UTC).strftime(_STAMP)
    return f"{PREFIX}{stamp}{SUFFIXES[kind]}"


def own_backups(folder: Path) -> list[tuple[datetime, Path]]:
    """The schedule's own backups in ``folder`` (exactly its names), oldest first."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        match = _OWN.match(path.name)
        if match and path.is_file():
            found.append((datetime.strptime(match.group(1), _STAMP).replace(tzinfo=UTC), path))
    return sorted(found)


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete the schedule's own backups (and their manifests) but the newest ``keep``;
    returns those deleted. The manifest goes first: a backup never stays without it."""
    removed = []
    for _, path in own_backups(folder)[:-keep] if keep > 0 else own_backups(folder):
        manifest_path(path).unlink(missing_ok=True)
        path.unlink(missing_ok=True)
        removed.append(path)
    return removed


def next_slot(now: float, every: float) -> float:
    """The first slot (a whole multiple of ``every`` since the epoch) after ``now``."""
    return (math.floor(now / every) + 1) * every


class BackupSchedule:
    """The running bot's backups of its database ``source`` (an SQLite file's path, or a
    ``postgresql://`` URL) into ``folder``, every ``every`` seconds, the newest ``keep`` kept.
    :meth:`start` it; :meth:`stop` stops it (a backup under way is abandoned, leaving
    nothing)."""

    def __init__(
        self,
        source: str,
        kind: str,
        folder: Path,
        every: float,
        keep: int,
        *,
        is_leader: Callable[[], bool],
        clock: Clock | None = None,
        start_delay: float | None = None,
    ) -> None:
        self.source = source
        self.kind = kind
        self.folder = folder
        self.every = every
        self.keep = keep
        self.is_leader = is_leader
        self.clock: Clock = clock or WallClock()
        self.start_delay = START_DELAY_S if start_delay is None else start_delay
        self.last: ScheduledBackup | None = None
        self._stop = threading.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="backups")

    async def stop(self) -> None:
        self._stop.set()  # an SQLite copy under way stops at its next step
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def first_wait(self) -> float:
        """Seconds until the first backup: soon after start when the newest own backup is an
        interval old (or there is none), else at the next slot."""
        now = self.clock.now()
        own = own_backups(self.folder)
        if not own or now - own[-1][0].timestamp() >= self.every:
            return self.start_delay
        return next_slot(now, self.every) - now

    async def _run(self) -> None:
        await self.clock.sleep(await asyncio.to_thread(self.first_wait))  # reads the folder
        while not self._stop.is_set():
            if self.is_leader():
                await self.run_once()
            now = self.clock.now()
            await self.clock.sleep(next_slot(now, self.every) - now)

    async def run_once(self) -> ScheduledBackup:
        """Take this slot's backup and delete the old ones beyond ``keep``; a failure is one
        warning line. Returns (and keeps in :attr:`last`) the outcome."""
        moment = self.clock.now()
        at = datetime.fromtimestamp(moment, UTC)
        out = self.folder / backup_name(moment, self.kind)
        try:
            taken = await take_backup(self.source, out, stop=self._stop)
            removed = tuple(await asyncio.to_thread(prune, self.folder, self.keep))
        except CopyStopped:
            raise asyncio.CancelledError from None
        except (Refusal, OSError) as exc:
            outcome = ScheduledBackup(at, None, str(exc))
        except Exception as exc:  # a scheduled backup must never end the bot
            outcome = ScheduledBackup(at, None, f"{type(exc).__name__}: {exc}")
        else:
            outcome = ScheduledBackup(at, taken.file, None, removed)
            log.info(
                "scheduled backup %s written (%.1f MB, %.1f s); %d old removed",
                taken.file,
                taken.manifest.size / 1e6,
                taken.manifest.seconds,
                len(removed),
            )
        if outcome.failure is not None:
            log.warning("scheduled backup failed, next try at the next slot: %s", outcome.failure)
        self.last = outcome
        return outcome
