"""The waits overlay's data, worked out from what the player may see.

A convenience for callers of :func:`~shangrao_bot.render.hand.render_hand`: it uses only the
player's own view (their tiles and melds, the 宝, the 飞宝 counts on the table), so it tells
the player nothing they could not work out themselves. Values are per payer for a self-drawn
win now, before the payers' own 飞宝 doubling, as the scorer reports them.
"""

from __future__ import annotations

from shangrao_bot.engine.views import PlayerView
from shangrao_bot.render.hand import Wait
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.hand import analyze_waiting
from shangrao_bot.rules.scoring import WinHow, WinInput, score_win


def waits_for(view: PlayerView) -> list[Wait] | None:
    """Each wait with its value, or None when the hand is not 13 tiles (a kong counts as 3)
    — e.g. the player is on turn and must discard first."""
    pub = view.public
    tiles = list(view.concealed) + ([view.drawn] if view.drawn is not None else [])
    melds = tuple(r.meld for r in pub.seats[view.seat].melds)
    if len(tiles) + 3 * len(melds) != 13:
        return None
    try:
        analysis = analyze_waiting(tiles, melds, pub.bao)
    except RulesError:
        return None
    flown = tuple(s.bao_flown for s in pub.seats)
    out = []
    for tile in analysis.waits:
        result = score_win(
            WinInput(
                concealed=tuple(sorted([*tiles, tile])),
                bao=pub.bao,
                winning_tile=tile,
                melds=melds,
                how=WinHow.SELF,
                winner=view.seat,
                flown=flown,
            ),
            pub.rules,
        )
        if result.winning:
            out.append(Wait(tile, result.value, result.pattern))
        else:
            out.append(Wait(tile, None))
    return out
