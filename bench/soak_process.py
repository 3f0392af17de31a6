"""The bot's process of the soak benchmark (``bench/soak.py``), seen from the harness: started
(``bench/soak_bot.py``, importing the bot from the checkout to measure), known to be up, stopped
cleanly (SIGTERM) or killed (SIGKILL), started again; its output appended to one log file."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import time
from pathlib import Path

from soak_probe import last_report

from tests.e2e.fake_discord import FakeDiscord, WaitTimeout

SERVED = Path(__file__).resolve().with_name("soak_bot.py")
UP_S = 180.0  # a start's limit: connected, commands synced, tables resumed
STOP_S = 60.0  # a clean stop's limit (then it is killed)
REPORT_S = 5.0  # how often the bot's process reports its tasks


class BotProcess:
    """The bot in a process of its own, started as often as it is stopped."""

    def __init__(self, fake: FakeDiscord, code: Path, out: Path, tables: int) -> None:
        self.fake, self.code = fake, code
        self.log_path, self.reports = out / "bot.log", out / "bot-reports.jsonl"
        self.env = fake.subprocess_env(
            SOAK_CODE=str(code),
            SOAK_DB=str(out / "soak.db"),
            SOAK_GUILD=str(fake.guild.id),
            SOAK_TABLES=str(tables),
            SOAK_REPORTS=str(self.reports),
            SOAK_REPORT_S=str(REPORT_S),
        )
        # Bytecode cached beside the soak's files, whatever the environment says: every start
        # after the first (and every picture worker) reads it instead of compiling the bot
        # again, and no checkout is written to.
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.env["PYTHONPYCACHEPREFIX"] = str(out / "pycache")
        self.proc: asyncio.subprocess.Process | None = None
        self.started_at = 0.0  # loop time
        self.starts = 0
        self.planned_stop = False
        self.unplanned_exits: list[str] = []

    @property
    def pid(self) -> int:
        return self.proc.pid if self.proc is not None else -1

    def age_s(self) -> float:
        return asyncio.get_running_loop().time() - self.started_at

    async def start(self) -> None:
        self.starts += 1
        with self.log_path.open("a") as log:
            log.write(f"--- start {self.starts} at {time.strftime('%H:%M:%S')} ---\n")
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                str(SERVED),
                env=self.env,
                cwd=self.code,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )
        self.started_at = asyncio.get_running_loop().time()
        self.planned_stop = False

    def ready(self) -> bool:
        """Connected to the fake, its commands there, and the process says it is ready (its
        tables resumed)."""
        fake = self.fake
        if not (fake.connected and "table" in fake.command_names(fake.guild)):
            return False
        report = last_report(self.reports, self.pid, time.time())
        return report is not None and bool(report["ready"])

    async def until_ready(self) -> float:
        """Wait for :meth:`ready`; the seconds it took. Raises RuntimeError when the process
        exits first or it does not come up within :data:`UP_S`."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        while not self.ready():
            if self.proc is not None and self.proc.returncode is not None:
                raise RuntimeError(f"the bot exited ({self.proc.returncode}); see {self.log_path}")
            if loop.time() - began > UP_S:
                raise RuntimeError(f"the bot did not come up in {UP_S:.0f} s; see {self.log_path}")
            with contextlib.suppress(WaitTimeout):
                await self.fake.wait_for(lambda: False, 0.2)
        return loop.time() - began

    async def stop(self, sig: signal.Signals) -> float:
        """Send ``sig`` and wait for the process to end (killed after :data:`STOP_S`); the
        seconds it took."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return 0.0
        self.planned_stop = True
        loop = asyncio.get_running_loop()
        began = loop.time()
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(sig)
        try:
            await asyncio.wait_for(proc.wait(), STOP_S)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
        return loop.time() - began

    async def keep_running(self) -> None:
        """Start the bot again whenever it exits without being asked to (counted)."""
        while True:
            proc = self.proc
            if proc is None:
                await asyncio.sleep(1)
                continue
            code = await proc.wait()
            if proc is not self.proc or self.planned_stop:
                await asyncio.sleep(0.2)  # a planned restart starts the next one itself
                continue
            self.unplanned_exits.append(f"exit status {code} at {time.strftime('%H:%M:%S')}")
            await self.start()
