"""Files of a backup or a restore that never show half-written: each is written under a
temporary name beside where it goes (:func:`partial_beside`, a hidden name no reader looks at),
flushed to disk, and only then renamed into place (:func:`put_in_place`), which replaces the
old file in one step. On any failure the partial files are removed (:class:`Partials`).

Also what a full disk looks like from here (:func:`out_of_space`), and the free space a copy
needs checked before it starts (:func:`check_room`).
"""

from __future__ import annotations

import errno
import hashlib
import os
import secrets
import shutil
import sqlite3
from pathlib import Path
from types import TracebackType

from shangrao_bot.store.backups.refusals import BackupRefused

_SQLITE_FULL = 13
_CHUNK = 1 << 20
_NO_SPACE = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT})


def partial_beside(final: Path, purpose: str = "partial") -> Path:
    """A temporary name for a file that becomes ``final``: hidden, in the same folder (a
    rename within one filesystem is atomic), never one a reader would take for a backup."""
    return final.with_name(f".{final.name}.{purpose}-{secrets.token_hex(4)}")


def out_of_space(error: BaseException) -> bool:
    """Whether ``error`` means the disk (or the file-size limit) had no room."""
    if isinstance(error, OSError) and error.errno in _NO_SPACE:
        return True
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        return code is not None and code & 0xFF == _SQLITE_FULL
    return False


def no_room(folder: Path, error: BaseException | str) -> BackupRefused:
    """The refusal of a write that found no room in ``folder``."""
    return BackupRefused("backup.no_space", folder=str(folder), error=str(error))


def check_room(folder: Path, needed: int) -> None:
    """Refuse at once (``backup.no_space``) when ``folder``'s disk has less than ``needed``
    bytes free: nothing is written then."""
    free = shutil.disk_usage(folder).free
    if free < needed:
        raise BackupRefused(
            "backup.no_space",
            folder=str(folder),
            error=f"{free} bytes free, {needed} needed",
        )


def fsync_path(path: Path) -> None:
    """Flush the file (or folder) ``path`` to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_synced(path: Path, text: str) -> None:
    """Write ``text`` to a new file ``path`` and flush it to disk."""
    with open(path, "x", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def copy_hashing(source: Path, partial: Path) -> tuple[str, int]:
    """Copy ``source`` into the new file ``partial`` (flushed to disk); returns the sha256 of
    what was written and its size."""
    digest = hashlib.sha256()
    size = 0
    with open(source, "rb") as src, open(partial, "xb") as dst:
        while chunk := src.read(_CHUNK):
            digest.update(chunk)
            dst.write(chunk)
            size += len(chunk)
        dst.flush()
        os.fsync(dst.fileno())
    return digest.hexdigest(), size


def put_in_place(moves: list[tuple[Path, Path]]) -> None:
    """Rename each written partial file onto its final name, in order, then flush their
    folders: each final name holds either its old file or the whole new one, never a part."""
    for partial, final in moves:
        os.replace(partial, final)
    for folder in {final.parent for _, final in moves}:
        fsync_path(folder)


class Partials:
    """The partial files of one backup or restore: whichever still exist when the block ends
    (after a failure, or a file that was never put in place) are removed."""

    def __init__(self) -> None:
        self.paths: list[Path] = []

    def beside(self, final: Path, purpose: str = "partial") -> Path:
        path = partial_beside(final, purpose)
        self.paths.append(path)
        return path

    def __enter__(self) -> Partials:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        for path in self.paths:
            for leftover in (path, *(Path(f"{path}-{end}") for end in ("journal", "wal", "shm"))):
                leftover.unlink(missing_ok=True)
