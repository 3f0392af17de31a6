"""A 跌宝杠 claimed on a discard at a virtual table, end to end (the rule book §4).

A crafted wall (as in :mod:`tests.e2e.test_tables_claim_race`): 中 (7z) is face up, so the 宝
is 发 and only three 中 are live. The AI dealer throws its lone 中; bob holds the two others.
His panel offers the 跌宝杠 beside the pong; he takes it: the meld is on the public board with
its source, the 碰杠 bonus is paid, no replacement is drawn, and bob goes on to discard.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from shangrao_bot.engine import session as session_module
from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.wall import WallSetup
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import Bonus, BonusKind
from shangrao_bot.rules.tiles import MeldKind, parse_tile
from shangrao_bot.service.autoplay import ai_action
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.test_tables import check_public, move_ids, until
from tests.e2e.test_tables_claim_race import BOB, DEALER, race_table
from tests.engine.builders import make_setup

RED = parse_tile("7z")  # the default indicator of the builders: 中 face up, 宝 发
SETUP = make_setup(
    {
        DEALER: "123m456m789m11s23s7z",
        0: "4p6p1p1p9p9s9s1z1z2z2z3z4z",  # alice
        BOB: "7z7z7p8p2s4s6s8s5z5z3m3m7m",
    },
    dealer=DEALER,
)


def crafted_hand(
    rules: RuleSet,
    seed: bytes | None = None,
    dealer: int | None = None,
    setup: WallSetup | None = None,
) -> HandState:
    return HandState(rules, dealer=dealer, setup=SETUP)


def test_the_crafted_deal_offers_bob_the_indicator_kong() -> None:
    state = HandState(RuleSet(), setup=SETUP)
    first = ai_action(state, DEALER, "normal")
    assert (first.kind, first.tile) == (ActionKind.DISCARD, RED)
    state.apply(first)
    assert state.phase is Phase.CLAIM and sorted(state.options) == [BOB]
    assert {(a.kind, a.tiles) for a in state.legal_actions(BOB)} == {
        (ActionKind.KONG, (RED,) * 3),
        (ActionKind.PONG, ()),
        (ActionKind.PASS, ()),
    }


@pytest.mark.slow
async def test_s4_bob_claims_the_indicator_kong_from_his_panel(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING)
    monkeypatch.setattr(session_module, "HandState", crafted_hand)
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    race = await race_table(fake, start_bot, tmp_path, 0.02)
    bot, table_id, thread, table = race.bot, race.table_id, race.thread, race.table

    kong_id = f":a:kong.{RED}.{RED}-{RED}-{RED}"
    await until(
        lambda: (
            fake.dm_messages(bob) and any(kong_id in c for c in move_ids(fake.dm_messages(bob)[-1]))
        )
    )
    panel = fake.dm_messages(bob)[-1]
    assert bob.locale == "zh-CN"
    labels = [b.get("label", "") for row in panel.components for b in row.get("components", [])]
    assert "跌宝杠 中" in labels and "碰 中" in labels, labels
    wall = table.hand.wall.position if table.hand is not None else None
    rec = await fake.click(bob, panel, next(c for c in move_ids(panel) if kong_id in c))
    await rec.response()

    await until(lambda: table.hand is not None and table.hand.phase is Phase.TURN)
    hand = table.hand
    assert hand is not None and hand.current == BOB and hand.drawn is None
    assert hand.wall.position == wall  # no replacement
    assert [(r.meld.kind, r.from_seat) for r in hand.melds[BOB]] == [
        (MeldKind.KONG_INDICATOR_EXPOSED, DEALER)
    ]
    assert hand.bonuses == [Bonus(BOB, BonusKind.MINGGANG)]
    public = bot.service.get(table_id).public
    assert public is not None and [len(s.melds) for s in public.seats] == [0, 1, 0, 0]

    # bob must discard now, and does
    await until(lambda: any(":d:" in c for c in move_ids(fake.dm_messages(bob)[-1])))
    bob_dm = fake.dm_messages(bob)[-1]
    assert not any(":a:" in c for c in move_ids(bob_dm))  # no win, no kong: a discard only
    await (
        await fake.click(bob, bob_dm, [c for c in move_ids(bob_dm) if ":d:" in c][-1])
    ).response()
    await until(lambda: table.hand is None or bool(table.hand.discards[BOB]))
    # alice, who reads English, is told what happened the next time her panel speaks
    await until(
        lambda: any("跌宝 kong Red (on a discard)" in m.text() for m in fake.dm_messages(alice))
    )
    check_public(fake, thread, [alice, bob])
    await (await fake.slash(alice, "table end", in_channel=thread)).response()
    await until(lambda: any("was ended" in m.text() for m in fake.channel_messages(thread)))
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]
