"""Line input and output for the game.

Whole lines are read with ``readline`` and every prompt is flushed (no termios, no curses), so
the game works the same in a terminal, over a pipe and on ``io.StringIO``.
"""

from __future__ import annotations

import io
from typing import TextIO

PROMPT = "> "


class Console:
    """Line input and output over any text streams (a terminal, a pipe, ``io.StringIO``)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self._bad_reads = 0
        if isinstance(stdin, io.TextIOWrapper):
            # a strict decoder drops the whole buffered chunk on one bad byte, later lines too
            stdin.reconfigure(errors="replace")

    def say(self, *lines: str) -> None:
        for line in lines:
            self.stdout.write(line + "\n")
        self.stdout.flush()

    def ask(self) -> str | None:
        """One line, without its newline; None at the end of input."""
        self.stdout.write(PROMPT)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except UnicodeDecodeError:
            self._bad_reads += 1
            if self._bad_reads > 3:
                return None  # a stream that keeps failing is as good as closed
            return "\ufffd"
        self._bad_reads = 0
        if line == "":
            return None
        return line.rstrip("\r\n")
