"""A finished event's podium picture (:func:`~shangrao_bot.render.podium.render_podium`),
drawn on a thread (Pillow never runs on the event loop) from the standings' top three."""

from __future__ import annotations

import asyncio

from shangrao_bot.render.podium import render_podium
from shangrao_bot.service.club_standings import Standings

PODIUM = 3


async def podium_png(standings: Standings, lang: str) -> bytes:
    top = [(line.rank, line.total) for line in standings.lines[:PODIUM]]
    return await asyncio.to_thread(render_podium, top, lang=lang)
