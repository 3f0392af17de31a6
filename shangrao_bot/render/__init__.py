"""Pictures of the game with Pillow: tiles, the private hand, the private panel (her hand over
the whole table), the public board, result cards and charts.

Every function takes plain view data — what the viewer may see and nothing more — and returns
PNG bytes, labelled in the keyword ``lang`` ("en", "zh-CN" — the default — or "zh-TW"). They
are pure and synchronous (the bot runs them in picture worker processes); tile sprites are drawn
once per look and cached, then pasted. Each image is designed for the width Discord shows it at
(an attachment about 550 px wide: the board, the hand and the panel; an embed's image about
400 px wide: the result card and the charts), drawn at twice that, with no label under 11 px on
screen.
Text uses the fonts shipped in ``assets/`` (Noto CJK subsets, SIL OFL 1.1), never the
machine's, so a picture is the same everywhere. Player names are never drawn: images carry seat
winds or seat numbers 1-4, embeds carry names.

The modules: ``board``, ``hand``, ``panel`` (with ``table_section``), ``result``, ``charts``,
``analysis``, ``replay`` (the pictures), ``tiles`` and ``melds`` (tile art), ``waits`` (the
waits overlay's data), ``labels`` and ``charset`` (every word drawn, and the characters the
fonts must hold), ``canvas``, ``fonts``, ``palette`` (colours by meaning) and ``fixed_palette``
with ``fixed_palette_build`` (the palette the move pictures are encoded with), ``png_strips``
(a PNG joined from strips compressed once each), ``samples`` and ``cli``
(``shangrao-bot render``).

The names below are imported on first use, so that ``shangrao-bot score`` (whose parser adds
the ``render`` subcommand from :mod:`.cli`) does not pay for Pillow and the art at start-up.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from shangrao_bot.render.board import render_board
    from shangrao_bot.render.charts import render_leaderboard, render_running_totals
    from shangrao_bot.render.hand import Wait, render_hand
    from shangrao_bot.render.panel import panel_key, render_panel
    from shangrao_bot.render.result import render_result, render_score
    from shangrao_bot.render.waits import waits_for

_EXPORTS = {
    "Wait": "hand",
    "panel_key": "panel",
    "render_board": "board",
    "render_hand": "hand",
    "render_leaderboard": "charts",
    "render_panel": "panel",
    "render_result": "result",
    "render_running_totals": "charts",
    "render_score": "result",
    "waits_for": "waits",
}

__all__ = [
    "Wait",
    "panel_key",
    "render_board",
    "render_hand",
    "render_leaderboard",
    "render_panel",
    "render_result",
    "render_running_totals",
    "render_score",
    "waits_for",
]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(f"shangrao_bot.render.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
