"""The waits overlay's data, worked out from what the player may see.

A convenience for callers of :func:`~.hand.render_hand`: the waits of
:func:`shangrao_bot.engine.advice.ready_waits`, which reads only the player's own view (their
tiles and melds, the 宝, the 飞宝 counts on the table), so it tells the player nothing they
could not work out themselves. Values are per payer for a self-drawn win now, before the
payers' own 飞宝 doubling, as the scorer reports them.
"""

from __future__ import annotations

from shangrao_bot.engine.advice import TILES_BEFORE_DRAW, ready_waits
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.render.hand import Wait


def waits_for(view: PlayerView) -> list[Wait] | None:
    """Each wait with its value (an empty list when the hand is not ready), or None when the
    hand is not 13 tiles (a kong counts as 3) — e.g. the player is on turn and must discard
    first."""
    melds = view.public.seats[view.seat].melds
    held = len(view.concealed) + (view.drawn is not None)
    if held + 3 * len(melds) != TILES_BEFORE_DRAW:
        return None
    return [Wait(w.tile, w.value, w.pattern) for w in ready_waits(view) or ()]
