"""The scorepad's screens without Discord: every screen in every language within Discord's
component limits and a phone's width, names shortened the same way every time, and the taps'
effects on the hand (the rules stay the scorebook's)."""

from __future__ import annotations

import discord
import pytest

from shangrao_bot.rules.score_model import BonusKind, WinHow
from shangrao_bot.service.pad_hand import PadHand
from shangrao_bot.service.score_pad import PadHabits
from shangrao_bot.store.ledger import Player, SessionInfo
from shangrao_bot.ui.score_pads import STEPS, Pad, apply, pad_view, short_name

NAMES = ("Dave", "Bob", "老王的表哥张大爷", "An Extraordinarily Long Guest Name")
PATTERNS = tuple(f"牌型{i}" for i in range(36))  # more than one select holds


def pad(lang: str = "zh-CN") -> Pad:
    seats = tuple(
        Player(i + 1, 1, 100 + i if i < 2 else None, None, n, None) for i, n in enumerate(NAMES)
    )
    info = SessionInfo(7, 1, 10, "physical", {}, 1, "open", 100, "", None, seats)
    habits = PadHabits(
        PATTERNS,
        (PadHand(pattern="碰碰胡"), PadHand(pattern="平胡自摸", how=WinHow.KONG)),
        PadHand(pattern="碰碰胡"),
    )
    return Pad(1, info, 100, "Dave", lang, habits, PadHand())


def test_names_are_cut_by_display_width_the_same_way_each_time() -> None:
    assert short_name("Bob") == "Bob"
    assert short_name("老王的表哥张大爷") == "老王的表…"  # CJK characters are two columns wide
    assert short_name("An Extraordinarily Long") == "An Extra…"
    assert short_name("An Extraordinarily Long") == short_name("An Extraordinarily Long")


@pytest.mark.parametrize("lang", ["en", "zh-CN", "zh-TW"])
@pytest.mark.parametrize("variant", ["win", "draw", "kong", "rob"])
def test_every_screen_fits_discord_and_a_phone(lang: str, variant: str) -> None:
    p = pad(lang)
    if variant == "draw":
        apply(p, "win", "draw")
    else:
        apply(p, "win", "2")
        apply(p, "how", {"kong": "kong", "rob": "rob"}.get(variant, "self"))
    for step in STEPS:
        p.step = step
        view = pad_view(p)
        rows: dict[int, int] = {}
        for child in view.children:
            item = getattr(child, "item", child)  # (a DynamicItem wraps its button or select)
            row = child.row if child.row is not None else (item.row or 0)
            rows[row] = rows.get(row, 0) + (5 if isinstance(item, discord.ui.Select) else 1)
            label = getattr(item, "label", None) or ""
            assert 0 < len(label) <= 80 or isinstance(item, discord.ui.Select)
        assert len(rows) <= 5 and all(0 <= r <= 4 for r in rows)
        assert all(n <= 5 for n in rows.values()), (step, rows)
        customs = [getattr(getattr(c, "item", c), "custom_id", "") for c in view.children]
        assert len(customs) == len(set(customs)), customs  # Discord refuses a repeated id


def test_taps_build_the_hand() -> None:
    p = pad()
    apply(p, "same", "")
    assert p.shaped and p.hand.pattern == "碰碰胡" and p.step == "winner"
    apply(p, "win", "1")
    assert p.hand.winner == 1 and p.step == "counts" and p.seat == 1  # straight to the counts
    apply(p, "step", "flown.up")
    apply(p, "seat", "3")
    apply(p, "step", f"{BonusKind.ANGANG.value}.up")
    assert p.hand.flown == (0, 1, 0, 0) and p.hand.bonuses[3] == (0, 1, 0, 0)
    apply(p, "nav", "back")
    assert p.step == "winner"  # a shaped hand skipped how and the pattern
    q = pad()
    apply(q, "win", "0")
    assert q.step == "how"
    apply(q, "how", "kong")
    assert q.step == "how"  # the chain comes first
    apply(q, "chain", "up")
    apply(q, "chain", "up")
    apply(q, "nav", "next")
    assert q.hand.kong_chain == 3 and q.step == "pattern"
    apply(q, "flag", "dandiao")
    assert q.hand.dandiao
    apply(q, "win", "draw")
    assert q.hand.draw and q.hand.winner is None and q.step == "counts"
