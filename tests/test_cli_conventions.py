"""What every ``shangrao-bot`` subcommand shares: one error prefix (argparse's usage errors
included), ``--help`` that tells the truth, a quiet end when the reader closes the pipe
(``… | head``: exit status 141, nothing on stderr) and a quiet Ctrl-C (130)."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shangrao_bot.entrypoints import cli
from shangrao_bot.entrypoints.cli import EXIT_BROKEN_PIPE, main

REPO = Path(__file__).resolve().parents[1]
PREFIX = "shangrao-bot: error: "
SEED = "ab" * 32
HASH = hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
PINGHU = ["--hand", "123m456p789s11122z", "--win", "2z", "--bao", "5m"]


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


# --- one error prefix ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "stdin", "needle"),
    [
        pytest.param(["score", "--hand", "0m", "--win", "1m", "--bao", "5m"], "", "'0m'",
                     id="score-bad-tile"),
        pytest.param(["score", "--hand", "123m"], "", "required: --bao; try 'shangrao-bot score "
                     "--help'", id="score-argparse"),
        pytest.param(["score", *PINGHU, "--stake", "x"], "", "--stake", id="score-bad-int"),
        pytest.param(["analyze", "--bao", "0m"], "", "'0m'", id="analyze-bad-bao"),
        pytest.param(["analyze"], "", "required: --bao", id="analyze-argparse"),
        pytest.param(["analyze", "--bao", "5m"], "1m\n", "1 of 1 hand could not be analysed",
                     id="analyze-bad-line"),
        pytest.param(["verify", "--seed", "x", "--hash", HASH], "", "'x' is not a seed",
                     id="verify-bad-seed"),
        pytest.param(["verify", "--seed", SEED, "--hash", "y"], "", "'y' is not a sha256 hash",
                     id="verify-bad-hash"),
        pytest.param(["simulate", "--hands", "0"], "", "--hands 0 is too small",
                     id="simulate-bad-hands"),
        pytest.param(["simulate", "--speed", "9"], "", "unrecognized arguments: --speed 9",
                     id="simulate-argparse"),
        pytest.param(["play", "--ai", "genius"], "", "'genius' is not an AI level",
                     id="play-bad-ai"),
        pytest.param(["play", "--hands", "-1"], "", "--hands -1 is too small", id="play-hands"),
        pytest.param(["render"], "", "required: --out; try 'shangrao-bot render --help'",
                     id="render-argparse"),
        pytest.param(["replay", "--database", "sqlite:///x.db", "--out", "o"], "",
                     "required: --hand; try 'shangrao-bot replay --help'", id="replay-argparse"),
        pytest.param(["replay", "--database", "sqlite:///x.db", "--out", "o", "--hand", "0"], "",
                     "--hand: 0 is not a hand id", id="replay-bad-hand"),
        pytest.param(["deal"], "", "invalid choice: 'deal'", id="unknown-command"),
        pytest.param([], "", "required: command; try 'shangrao-bot --help'", id="no-command"),
    ],
)  # fmt: skip
def test_every_error_is_one_line_with_the_prefix(
    argv: list[str], stdin: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(argv, stdin)
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith(PREFIX), err
    assert needle in err, err
    assert "Traceback" not in err and "usage:" not in err


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "'0m' is not a tile: ranks are 1-9"),
        ("zh-CN", "“0m”不是牌：点数只能是 1-9"),
        ("zh-TW", "「0m」不是牌：點數只能是 1-9"),
    ],
)
def test_a_refusal_is_written_in_the_language_asked_for(
    lang: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(["--lang", lang, "score", "--hand", "0m", "--win", "1m", "--bao", "5m"])
    assert code == 2
    assert capsys.readouterr().err == PREFIX + expected + "\n"
    code, out = run(["--lang", lang, "analyze", "--bao", "5m"], "0m\n")
    assert code == 2 and expected in out


def test_a_bug_is_one_line_with_the_prefix(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_: object) -> int:
        raise RuntimeError("no such table")

    monkeypatch.setattr(cli, "cmd_verify", broken)
    code, _ = run(["verify", "--seed", SEED, "--hash", HASH])
    err = capsys.readouterr().err
    assert code == 1
    assert err == (
        f"{PREFIX}internal error (RuntimeError: no such table); please report it with the "
        "command you ran\n"
    )


def test_error_lines_never_carry_control_characters(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(["score", "--hand", "\x1b[31m\nx" + "y" * 500, "--win", "1m", "--bao", "5m"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "\x1b" not in err and "\\x1b" in err
    assert len(err) < 400


def test_ctrl_c_ends_quietly_with_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*_: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_simulate", interrupted)
    assert run(["simulate"]) == (130, "")
    assert capsys.readouterr().err == ""


# --- help ---------------------------------------------------------------------------------------


def test_help_lists_every_subcommand() -> None:
    code, out = run(["--help"])
    assert code == 0
    for command in (
        *("score", "analyze", "verify", "simulate", "arena"),
        *("play", "render", "replay", "run", "migrate"),
    ):
        assert command in out


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("score", ["--bonus", "暗杠", "×N", "--flown", "--how"]),
        ("analyze", ["--bao", "error", "blank lines", "exit status 2"]),
        ("verify", ["--seed", "--hash"]),
        ("simulate", ["--hands", "--ai", "--json"]),
        ("arena", ["--ai", "--vs", "--hands", "--seed", "--json"]),
        ("play", ["d 5m", "5m alone", ". (discard the drawn tile)", "【】", "--seed"]),
        ("render", ["--out", "--lang"]),
        ("replay", ["--database", "--hand", "--out", "--seat", "physical", "exit status 2"]),
    ],
)
def test_each_subcommand_help_tells_what_it_takes(command: str, words: list[str]) -> None:
    code, out = run([command, "--help"])
    assert code == 0
    flat = " ".join(out.split())
    for word in words:
        assert word in flat, (command, word)


# --- a reader that goes away --------------------------------------------------------------------


class ClosedPipe(io.StringIO):
    def write(self, s: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_broken_pipe_in_process_is_status_141_and_silent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["score", *PINGHU], stdout=ClosedPipe()) == EXIT_BROKEN_PIPE
    assert capsys.readouterr().err == ""


def _with_closed_reader(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run the CLI with its stdout a pipe whose read end is already closed."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-m", "shangrao_bot", *args],
            input=stdin,
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=REPO,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        pytest.param(["score", *PINGHU], b"", id="score"),
        pytest.param(["score", *PINGHU, "--json"], b"", id="score-json"),
        pytest.param(["analyze", "--bao", "5m"], b"123m456p789s1122z\n" * 50, id="analyze"),
        pytest.param(["simulate", "--hands", "1", "--seed", "1"], b"", id="simulate"),
        pytest.param(["verify", "--seed", SEED, "--hash", HASH], b"", id="verify"),
    ],
)
def test_a_closed_pipe_ends_quietly_with_141(args: list[str], stdin: bytes) -> None:
    proc = _with_closed_reader(args, stdin)
    assert proc.stderr == b""
    assert proc.returncode == EXIT_BROKEN_PIPE


@pytest.mark.slow
def test_render_into_a_closed_pipe_ends_quietly_with_141(tmp_path: Path) -> None:
    proc = _with_closed_reader(["render", "--out", str(tmp_path / "images")])
    assert proc.stderr == b""
    assert proc.returncode == EXIT_BROKEN_PIPE


def test_help_into_a_closed_pipe_ends_quietly() -> None:
    # argparse drops a failed write of its help itself, so the status may stay 0
    proc = _with_closed_reader(["score", "--help"])
    assert proc.stderr == b""
    assert proc.returncode in (0, EXIT_BROKEN_PIPE)


def test_analyze_into_head_ends_quietly(tmp_path: Path) -> None:
    """A real pipeline, ``shangrao-bot analyze … < hands | head -c 10``, with far more output than
    the pipe holds: the command must meet the closed pipe, and say nothing about it."""
    hands = tmp_path / "hands.txt"
    hands.write_bytes(b"123m456p789s1122z\n" * 20_000)  # about 1.5 MB of output
    with hands.open("rb") as stdin:
        producer = subprocess.Popen(
            [sys.executable, "-m", "shangrao_bot", "analyze", "--bao", "5m"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=REPO,
        )
    assert producer.stdout is not None and producer.stderr is not None
    head = subprocess.Popen(["head", "-c", "10"], stdin=producer.stdout, stdout=subprocess.PIPE)
    producer.stdout.close()  # head holds the only read end now
    first, _ = head.communicate(timeout=120)
    err = producer.stderr.read()
    assert producer.wait(timeout=120) == EXIT_BROKEN_PIPE
    assert first == b'{"hand": "'
    assert err == b""
