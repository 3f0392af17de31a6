"""How the command line ends on bad input, shared by every subcommand (the parser, ``play``,
``render``, ``replay``, ``arena``): exit statuses, :class:`CliError`, and the one line an error is
reported with (``shangrao-bot: error: …``), its echoed input escaped and cut. A module of its own
at the bottom, so that the subcommands' modules need not import the command line that imports
them."""

from __future__ import annotations

import re

from shangrao_bot.errors import Refusal

PROG = "shangrao-bot"
ERROR_PREFIX = f"{PROG}: error: "
EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE
EXIT_INTERRUPTED = 130  # 128 + SIGINT
ECHO_LIMIT = 60  # characters of a bad input line echoed back
TOKEN_LIMIT = 40  # characters of a quoted token in an error message
MESSAGE_LIMIT = 400  # characters of a whole error message
_LONG_TOKEN = re.compile(r"'([^'\s]{" + str(TOKEN_LIMIT + 1) + r",})'")


class CliError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


def shown(text: str, limit: int | None = ECHO_LIMIT) -> str:
    """``text`` as it may be echoed to a terminal: every non-printable character (control
    characters, newlines, bidi overrides) escaped as ``\\x1b`` / ``\\u202e``, and at most
    ``limit`` characters, the cut marked with ``…``."""
    pieces: list[str] = []
    size = 0
    end = len(text) if limit is None else min(len(text), limit + 1)
    for ch in text[:end]:
        piece = ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
        pieces.append(piece)
        size += len(piece)
    if limit is None or (size <= limit and end == len(text)):
        return "".join(pieces)
    while pieces and size > limit - 1:
        size -= len(pieces.pop())
    return "".join(pieces) + "…"


def one_line(message: str) -> str:
    """An error message fit for one line: long quoted tokens cut, nothing non-printable."""
    cut = _LONG_TOKEN.sub(lambda m: "'" + shown(m.group(1), TOKEN_LIMIT) + "'", message)
    return shown(cut, MESSAGE_LIMIT)


def said(error: BaseException, lang: str = "en") -> str:
    """What ``error`` says in ``lang``: a refusal (of the rules core, the engine …) in the
    language asked for with ``--lang``, any other error in its own words."""
    return error.in_lang(lang) if isinstance(error, Refusal) else str(error)


def error_line(message: str) -> str:
    """The one line every subcommand reports an error with: ``shangrao-bot: error: …``."""
    return ERROR_PREFIX + one_line(message)
