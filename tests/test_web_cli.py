"""``shangrao-bot web``: the league's pages in a process of their own, over a real SQLite file:
it prints where it serves, answers /healthz and a server's page, refuses a bad port with one
line, and ends cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import aiohttp

from shangrao_bot.store.database.opening import open_database
from shangrao_bot.store.web_sites import open_site

GUILD = 1001


async def test_serves_pages_and_health_until_sigterm(tmp_path: Path) -> None:
    path = tmp_path / "ledger.db"
    db = await open_database(path)
    site = await open_site(db, GUILD, 7)
    await db.close()
    env = {**os.environ, "WEB_PORT": "", "WEB_PUBLIC_URL": "", "DATABASE_URL": ""}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "shangrao_bot",
        "web",
        "--database",
        f"sqlite:///{path}",
        "--port",
        "0",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
        cwd=tmp_path,
    )
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        found = re.search(r"(http://127\.0\.0\.1:[0-9]+)", line)
        assert found, line
        base = found.group(1)
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{base}/healthz") as r:
                assert (r.status, await r.text()) == (200, "ok\n")
            async with http.get(f"{base}/s/{site.token}/") as r:
                assert r.status == 200 and "<html" in await r.text()
            async with http.get(f"{base}/s/{'A' * 32}/") as r:
                assert r.status == 404
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 30) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_a_bad_port_is_one_line(tmp_path: Path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "shangrao_bot",
        "web",
        "--database",
        f"sqlite:///{tmp_path / 'ledger.db'}",
        "--port",
        "70000",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=tmp_path,
    )
    _, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 2
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and "70000" in lines[0] and "Traceback" not in err.decode()
