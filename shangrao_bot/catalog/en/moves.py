"""Refusals of typed moves (d 5m, chi 345m) and of a table's settings.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # a typed move that cannot be read (engine/typed_moves.py)
    "move.empty_line": "empty line: type a command such as d 5m or pass ('help' lists them)",
    "move.line_too_long": "that line has {n} characters: commands are short, e.g. d 5m",
    "move.not_a_command": (
        "'{token}' is not a command: type help for the list (e.g. d 5m, pong, pass)"
    ),
    "move.discard_needs_tile": "d needs a tile: e.g. d 5m, d 7z or d 五万",
    "move.bad_discard_tile": "{reason} — write one tile, e.g. d 5m or d 五万",
    "move.bad_tile": "{reason} — write one tile, e.g. {example}",
    "move.bad_chi_tiles": "{reason} — name the sequence, e.g. chi 345m",
    "move.chi_not_three": "'{token}' is not a sequence of three tiles: name it, e.g. chi 345m",
    "move.several_chi": "several chi fit: type {options:or}",
    "move.several_kongs": "several kongs are possible: type {options:or}",
    "move.not_on_offer": "the tile on offer is {offered}, not {named}: type {verb}",
    "move.pass_takes_no_tile": "pass takes no tile: type pass",
    # a table's settings (service/config.py) and a move typed where none fits
    "table.config.preset": "'{name}' is not a preset: use shangrao or baike",
    "table.config.hands": "{n} hands: use 1 to {max}",
    "table.config.turn": "{n:g} s per turn: use {low:g} to {high:g}",
    "table.config.claim": "{n:g} s per claim: use {low:g} to {high:g}",
    "table.not_a_move": "'{request}' is not a move here: use the buttons",
}
