"""The live scoreboard's running-total chart, drawn once per state of the counted hands.

A session's scoreboard is redrawn after every change it shows, but its chart changes only when
a hand starts or stops counting: a preview posted, a confirmation on the way, a cancelled
preview leave it as it was. The last few charts drawn are kept by what they show (the counted
hands' deltas and the language), so such a refresh sends the same picture without drawing it
again.
"""

from __future__ import annotations

import asyncio
import io

import discord

from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.service.session_scoreboard import Scoreboard

KEPT = 32
"""How many charts are kept (the sessions being played at once, roughly)."""

_drawn: RecentlyUsed[tuple[str, tuple[tuple[int, ...], ...]], bytes] = RecentlyUsed(KEPT)


async def chart_png(deltas: tuple[tuple[int, ...], ...], lang: str) -> bytes:
    """The running totals of ``deltas`` (one tuple per counted hand), seats 1-4 in ``lang``."""
    key = (lang, deltas)
    png = _drawn.get(key)
    if png is None:
        from shangrao_bot.render import render_running_totals

        png = await asyncio.to_thread(
            render_running_totals, [list(d) for d in deltas], 4, lang=lang
        )
        _drawn.put(key, png)
    return png


async def scoreboard_files(board: Scoreboard, lang: str) -> list[discord.File]:
    """The running-total chart (seats 1-4 in ``lang``, no names), when a hand counts."""
    if not board.deltas:
        return []
    png = await chart_png(board.deltas, lang)
    return [discord.File(io.BytesIO(png), filename="totals.png")]
