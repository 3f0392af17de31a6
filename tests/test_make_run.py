"""``make run`` without a token: the bot's explanation, and no "Error 2" line from make."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_make_run_without_a_token_explains_and_ends_quietly(tmp_path: Path) -> None:
    # the venv in use stands in for .venv's (-o: make does not reinstall anything)
    env = {
        **os.environ,
        "DISCORD_TOKEN": "",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
    }
    bin_dir = Path(sys.executable).parent
    proc = subprocess.run(
        ["make", "-s", "-o", ".venv/.installed-base", f"BIN={bin_dir}", "run"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    output = proc.stdout + proc.stderr
    assert "DISCORD_TOKEN is not set" in output
    assert "Error 2" not in output and "make:" not in output
    assert proc.returncode == 0
