"""``shangrao-bot play``: one human (seat 0) against three AI players, in a terminal or a pipe.

This is an edge of the engine, like the Discord cogs: it turns typed lines into
:class:`~shangrao_bot.engine.actions.Action` objects and the engine's events into text. Why it is
built the way it is:

* It prints only what seat 0 may see — :func:`~shangrao_bot.engine.views.view_for` for the table
  and :meth:`~shangrao_bot.engine.events.Event.visible_to` for the narration — so no other seat's
  concealed or drawn tile can leak before the hand ends (then the engine reveals every hand and
  the seed, which is what makes the hand verifiable).
* The engine is the referee: an illegal command is passed to :meth:`HandState.apply`, and its
  player-readable error is what the player reads. Bad input never ends the game.
* It reads whole lines with ``readline`` and flushes after each prompt (no termios, no curses),
  so it works over a pipe, and with a seed text the walls *and* the AI decisions are derived from
  it: the same seed and the same input give the same output.

The modules, one purpose each: :mod:`.text` (how tiles and seats are written), :mod:`.narration`
(events as lines), :mod:`.screen` (the table when seat 0 must act), :mod:`.commands` (typed
lines into actions), :mod:`.hints`, :mod:`.results` (the end of a hand), :mod:`.config`,
:mod:`.console` (line I/O) and :mod:`.game` (the session loop and :func:`run_play`).
"""

from __future__ import annotations

from shangrao_bot.engine.typed_moves import Command, parse_command
from shangrao_bot.play.commands import HELP
from shangrao_bot.play.config import config_from_args
from shangrao_bot.play.console import Console
from shangrao_bot.play.game import Table, run_play
from shangrao_bot.play.hints import hint_lines
from shangrao_bot.play.results import result_lines
from shangrao_bot.play.screen import legal_line, render_view
from shangrao_bot.play.text import marked, marked_zh, spaced, spaced_zh

__all__ = [
    "HELP",
    "Command",
    "Console",
    "Table",
    "config_from_args",
    "hint_lines",
    "legal_line",
    "marked",
    "marked_zh",
    "parse_command",
    "render_view",
    "result_lines",
    "run_play",
    "spaced",
    "spaced_zh",
]
