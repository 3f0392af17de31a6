"""The scorepad's side of the scorebook: a :class:`~.pad_hand.PadHand` scored (running payments,
nothing written) or recorded pending through the very calls ``/score quick`` and ``/score
draw`` make, and what the session's counted hands suggest (its patterns most used first, its
three commonest hands, the last hand's shape).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from shangrao_bot.rules.quick import quick_patterns
from shangrao_bot.rules.score_model import WinHow
from shangrao_bot.service.hand_recording import Preview
from shangrao_bot.service.pad_hand import HOWS, PadHand
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.scorekeeping import session_rules
from shangrao_bot.service.seating import Actor
from shangrao_bot.store.ledger import SessionInfo

COMMON = 3  # the commonest hands offered on the pad's first screen


@dataclass(frozen=True)
class PadHabits:
    """``patterns``: the preset's patterns, this session's most used first; ``common``: its
    commonest pattern-and-how shapes (at most three, seen at least twice); ``last``: the last
    counted win's shape; ``hows``: how a hand may be won under the session's rules (抢杠 only
    where robbing a kong is allowed)."""

    patterns: tuple[str, ...]
    common: tuple[PadHand, ...]
    last: PadHand | None
    hows: tuple[WinHow, ...] = HOWS


async def pad_habits(book: ScoreBook, info: SessionInfo) -> PadHabits:
    """What the session's counted hands suggest to the pad."""
    rules = session_rules(info)
    names = quick_patterns(rules.preset)
    hows = tuple(h for h in HOWS if h is not WinHow.ROB or rules.robbing_allowed)
    rows = await book.db.fetchall(
        "SELECT pattern, outcome, detail FROM hands WHERE session_id = ? AND status = 'confirmed'"
        " ORDER BY seq, id",
        (info.id,),
    )
    shapes: list[PadHand] = []
    for row in rows:
        if row["outcome"] != "win" or row["pattern"] not in names:
            continue
        detail = json.loads(row["detail"])
        try:
            how = WinHow(detail.get("how", "self"))
        except ValueError:
            how = WinHow.SELF
        shapes.append(
            PadHand(
                how=how,
                pattern=row["pattern"],
                dandiao=bool(detail.get("dandiao")),
                yaojiu=bool(detail.get("yaojiu")),
            )
        )
    used = Counter(s.pattern for s in shapes)
    order = {name: i for i, name in enumerate(names)}
    patterns = tuple(sorted(names, key=lambda n: (-used[n], order[n])))
    pairs = Counter((s.pattern, s.how) for s in shapes)
    common = tuple(
        PadHand(pattern=pattern, how=how)
        for (pattern, how), n in pairs.most_common(COMMON)
        if n >= 2
    )
    return PadHabits(patterns, common, shapes[-1] if shapes else None, hows)


async def estimate(
    book: ScoreBook, guild_id: int, channel_id: int, actor: Actor, hand: PadHand
) -> Preview:
    """The pad's hand scored as ``/score quick`` or ``/score draw`` would, nothing written
    (a :class:`~.scorekeeping.ScoreError` when they would refuse it)."""
    if hand.draw:
        return await book.estimate_draw(guild_id, channel_id, actor, **hand.draw_options())
    return await book.estimate_quick(guild_id, channel_id, actor, **hand.quick_options())


async def record(
    book: ScoreBook, guild_id: int, channel_id: int, actor: Actor, hand: PadHand, key: str
) -> Preview:
    """The pad's hand recorded pending through ``/score quick``'s or ``/score draw``'s own
    call (same rules, same refusals, same idempotency ``key``)."""
    if hand.draw:
        return await book.preview_draw(guild_id, channel_id, actor, key=key, **hand.draw_options())
    return await book.preview_quick(guild_id, channel_id, actor, key=key, **hand.quick_options())
