"""A throwaway PostgreSQL server for tests: a cluster of its own in a temporary folder, reached
through a Unix socket in that folder (no TCP port), with durability off (``fsync=off``: the
tests never survive a crash of the machine). Stopped and deleted at the end.

The server binaries are Debian's (``/usr/lib/postgresql/<version>/bin``) or whatever
``pg_config --bindir`` names. PostgreSQL refuses to run as root, so when the tests run as root
the cluster belongs to the ``postgres`` user and its commands run through ``runuser``.

Where the binaries are missing, :func:`find_bindir` returns None: the PostgreSQL tests then
skip with that reason, unless ``REQUIRE_POSTGRES`` is set (CI sets it), where they fail.

One cluster serves a whole run, however many processes run the tests (:func:`shared`): the first
process that needs it starts it and writes where it is into the run's folder, the others read
that, and the process that ran the session stops it at the end (:func:`stop_shared`).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

SERVER_USER = "postgres"
SHARED_INFO = "postgresql.json"  # in the run's folder: where the run's cluster is
SHARED_LOCK = "postgresql.lock"
MISSING = (
    "PostgreSQL's server binaries (initdb, pg_ctl) were not found: install the postgresql "
    "package to run the PostgreSQL half of the tests"
)


def find_bindir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest Debian version first), or None."""
    debian = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        reverse=True,
    )
    for candidate in debian:
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    pg_config = shutil.which("pg_config")
    if pg_config is not None:
        done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        path = Path(done.stdout.strip())
        if done.returncode == 0 and (path / "initdb").exists():
            return path
    return None


def required() -> bool:
    """True where a missing server is a failure, not a skip (CI)."""
    return bool(os.environ.get("REQUIRE_POSTGRES"))


@dataclass
class Cluster:
    """A running throwaway cluster; :attr:`url` is a ``DATABASE_URL`` for its ``postgres``
    database, :meth:`url_for` one for another database of it."""

    bindir: Path
    root: Path
    owner: str | None  # the user the server runs as, when the tests run as root

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def socket_dir(self) -> Path:
        return self.root

    @property
    def url(self) -> str:
        return self.url_for("postgres")

    def url_for(self, database: str) -> str:
        return f"postgresql://{SERVER_USER}@/{database}?host={self.socket_dir}"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.owner is not None:
            command = ["runuser", "-u", self.owner, "--", *command]
        return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)

    def _checked(self, *args: str) -> None:
        done = self._run(*args)
        if done.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{args[0]} failed ({done.returncode}): {done.stderr.strip()}\n{tail}".strip()
            )

    @classmethod
    def start(cls, bindir: Path) -> Cluster:
        """initdb, then start the server (waiting until it accepts connections)."""
        # short: a Unix socket's path must stay under about 100 bytes
        root = Path(tempfile.mkdtemp(prefix="srpg-"))
        owner = SERVER_USER if os.geteuid() == 0 else None
        cluster = cls(bindir, root, owner)
        try:
            if owner is not None:
                entry = pwd.getpwnam(owner)
                os.chown(root, entry.pw_uid, entry.pw_gid)
            cluster._checked(
                "initdb",
                "-D",
                str(cluster.data),
                "-U",
                SERVER_USER,
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            )
            options = " ".join(
                [
                    "-c listen_addresses=''",
                    f"-c unix_socket_directories={root}",
                    "-c fsync=off",
                    "-c synchronous_commit=off",
                    "-c full_page_writes=off",
                    "-c max_connections=200",
                ]
            )
            cluster._checked(
                "pg_ctl", "-D", str(cluster.data), "-l", str(root / "server.log"),
                "-o", options, "-w", "-t", "60", "start",
            )  # fmt: skip
        except BaseException:
            cluster.remove()
            raise
        return cluster

    def stop(self) -> None:
        """Stop the server at once (nothing is kept) and delete the cluster."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            self.remove()

    def to_json(self) -> str:
        return json.dumps({"bindir": str(self.bindir), "root": str(self.root), "owner": self.owner})

    @classmethod
    def from_json(cls, text: str) -> Cluster:
        data = json.loads(text)
        return cls(Path(data["bindir"]), Path(data["root"]), data["owner"])

    def remove(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            shutil.rmtree(self.root)


def shared(folder: Path, bindir: Path, prepare: Callable[[Cluster], None] | None = None) -> Cluster:
    """The run's cluster, whose whereabouts ``folder`` (shared by every process of the run)
    keeps: started here (then ``prepare(cluster)``) when no process of the run has started it
    yet. Processes asking at once wait for each other (a lock file in ``folder``)."""
    folder.mkdir(parents=True, exist_ok=True)
    info = folder / SHARED_INFO
    with open(folder / SHARED_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if info.exists():
            return Cluster.from_json(info.read_text())
        cluster = Cluster.start(bindir)
        try:
            if prepare is not None:
                prepare(cluster)
        except BaseException:
            cluster.stop()
            raise
        info.write_text(cluster.to_json())
        return cluster


def stop_shared(folder: Path) -> None:
    """Stop and delete the run's cluster, if a process of the run started one."""
    info = folder / SHARED_INFO
    if not info.exists():
        return
    with open(folder / SHARED_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if info.exists():
            Cluster.from_json(info.read_text()).stop()
            info.unlink()
