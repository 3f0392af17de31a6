"""Every worked example of the rule book (§12), run through the real command line.

Each example is a ``### 12.N`` heading with one ``console`` block: the command after ``$ `` and
the lines of its answer that matter. The command is run with
:func:`shangrao_bot.entrypoints.cli.main`; every shown line must appear in the answer, in order
(a line ending in ``…`` matches by its start).
An answer shown as ``shangrao-bot: error: …`` is a refusal: exit status 2, the line on stderr.

Both books hold the same examples (numbers, commands and answers), so checking one language's
commands checks the other's too.
"""

from __future__ import annotations

import io
import re
import shlex
from dataclasses import dataclass

import pytest

from shangrao_bot.entrypoints.cli import main
from shangrao_bot.ui.rulebook import BOOK_LANGS, book_source

EXAMPLE = re.compile(r"^### (12\.\d+) .*?\n(.*?)(?=^#{2,3} |\Z)", re.M | re.S)
CONSOLE = re.compile(r"^```console\n(.*?)^```", re.M | re.S)
ERROR = "shangrao-bot: error:"


@dataclass(frozen=True)
class Example:
    number: str
    command: str
    answer: tuple[str, ...]


def examples(lang: str) -> list[Example]:
    """The worked examples of the book in ``lang``, in order."""
    out = []
    for match in EXAMPLE.finditer(book_source(lang)):
        blocks = CONSOLE.findall(match.group(2))
        assert len(blocks) == 1, f"§{match.group(1)} ({lang}): one console block"
        lines = blocks[0].rstrip("\n").split("\n")
        assert lines[0].startswith("$ shangrao-bot score "), lines[0]
        out.append(Example(match.group(1), lines[0].removeprefix("$ "), tuple(lines[1:])))
    return out


EXAMPLES = examples("en")


def _matches(shown: str, line: str) -> bool:
    if shown.endswith("…"):
        return line.startswith(shown.removesuffix("…"))
    return line == shown


def run(command: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], list[str]]:
    argv = shlex.split(command)
    assert argv[0] == "shangrao-bot"
    out = io.StringIO()
    status = main(argv[1:], stdout=out)
    err = capsys.readouterr().err
    return status, [line.rstrip() for line in out.getvalue().splitlines()], err.splitlines()


def test_the_books_hold_the_same_examples() -> None:
    numbers = [e.number for e in EXAMPLES]
    assert numbers == [f"12.{n}" for n in range(1, len(numbers) + 1)]
    assert len(numbers) >= 30
    for lang in BOOK_LANGS:
        assert examples(lang) == EXAMPLES, lang


@pytest.mark.parametrize("example", [pytest.param(e, id=e.number) for e in EXAMPLES])
def test_a_worked_example_gives_the_answer_the_book_shows(
    example: Example, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(example.command, capsys)
    refused = example.answer[0].startswith(ERROR)
    if refused:
        assert status == 2, out
        lines = err
    else:
        assert status == 0, err
        lines = out
    position = 0
    for shown in example.answer:
        found = next((i for i in range(position, len(lines)) if _matches(shown, lines[i])), None)
        assert found is not None, f"{shown!r} not in the answer:\n" + "\n".join(lines)
        position = found + 1
