"""What makes a file a *checked backup*: its manifest, a small JSON file beside it
(``<backup>.manifest.json``) written only once the copy passed its check.

The manifest records what the check found — the schema version, the rows of every table at the
backup's moment — and what the file is: its size and sha256. :func:`read_checked` is the only way
a restore reads a backup: a file without a manifest beside it, or one whose size or digest is
not the manifest's (cut short, altered, another file put in its place), is refused before
anything is touched.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from shangrao_bot.store.backups.refusals import BackupRefused

FORMAT = "shangrao-bot checked backup"
FORMAT_VERSION = 1
KINDS = ("sqlite", "postgresql")
_CHUNK = 1 << 20


@dataclass(frozen=True)
class Manifest:
    """A checked backup's description. ``tables``: rows per table at the backup's moment, as
    counted in the database and again in the copy (equal, or there is no manifest)."""

    kind: str  # "sqlite" (the file is an SQLite database) or "postgresql" (pg_dump -Fc)
    schema_version: int
    tables: dict[str, int]
    size: int
    sha256: str
    taken_at: str  # UTC, ISO 8601
    source: str  # the database's path, or its URL without the password
    seconds: float  # how long taking and checking it took
    tool: str = ""  # PostgreSQL: the pg_dump that wrote it ("pg_dump (PostgreSQL) 15.4")

    @property
    def hands(self) -> int:
        return self.tables.get("hands", 0)

    def to_json(self) -> str:
        return json.dumps(
            {"format": FORMAT, "format_version": FORMAT_VERSION, **asdict(self)},
            indent=2,
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> Manifest:
        """The manifest ``text`` holds; ValueError when it is not one of this format."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a backup manifest")
        if data.get("format_version") != FORMAT_VERSION:
            raise ValueError(f"manifest format version {data.get('format_version')!r}")
        tables = data.get("tables")
        if not isinstance(tables, dict) or not all(
            isinstance(k, str) and isinstance(v, int) for k, v in tables.items()
        ):
            raise ValueError("tables")
        manifest = cls(
            kind=str(data["kind"]),
            schema_version=int(data["schema_version"]),
            tables=dict(tables),
            size=int(data["size"]),
            sha256=str(data["sha256"]),
            taken_at=str(data["taken_at"]),
            source=str(data["source"]),
            seconds=float(data["seconds"]),
            tool=str(data.get("tool", "")),
        )
        if manifest.kind not in KINDS or len(manifest.sha256) != 64:
            raise ValueError("kind or sha256")
        return manifest


def manifest_path(backup: Path) -> Path:
    """Where the manifest of the backup file ``backup`` is."""
    return backup.with_name(backup.name + ".manifest.json")


def digest_of(path: Path) -> tuple[str, int]:
    """The sha256 (hex) and the size of the file ``path`` (read in one pass; blocking)."""
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            digest.update(chunk)
            size += len(chunk)
    return digest.hexdigest(), size


def read_checked(backup: Path) -> Manifest:
    """The manifest of the checked backup ``backup``, once the file is shown to be exactly the
    one it describes (blocking: it reads the whole file). Refused (:class:`BackupRefused`): no
    such file; no manifest beside it or not one of this format (``backup.not_checked``); a
    size or digest not the manifest's (``backup.altered``)."""
    if not backup.is_file():
        raise BackupRefused("backup.missing", path=str(backup))
    sidecar = manifest_path(backup)
    try:
        manifest = Manifest.from_json(sidecar.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        raise BackupRefused("backup.not_checked", path=str(backup), manifest=str(sidecar)) from None
    sha, size = digest_of(backup)
    if size != manifest.size or sha != manifest.sha256:
        raise BackupRefused("backup.altered", path=str(backup), size=size, expected=manifest.size)
    return manifest
