"""Two humans claim the same discard at once: each click is handled once and correctly.

A crafted wall (``tests/engine/builders.make_setup``) makes it happen on the first discard of the
hand, every time: alice (seat 0) and bob (seat 1) sit with two AI players; the dealer is the AI
in seat 3 and throws 5p, its only useless tile; alice, its 下家, holds 4p 6p (chi) and bob holds
5p 5p (pong). Both click their claim button concurrently (``asyncio.gather`` of the two fake
clicks), in either order, in either phase of the window:

* ``hold`` — inside the minimum claim hold (``min_claim_seconds``), where answers are collected
  and handed to the engine when the hold ends;
* ``window`` — after the hold, where each answer goes to the engine at once.

Every time: each click is acknowledged once and answered once, rule book §4 gives the discard to
the pong (pong beats chi), the claim is carried out once (engine state and the table's event
log), the loser is told (the prompt is outdated, or the panel shows nothing left to do), the
winner goes on to discard, and nothing logs an error.

Both answers are collected by the table's claim hold, which lasts until the window is decided
(:mod:`shangrao_bot.service.claim_hold`): with a short hold (``window``) as with a long one
(``hold``), whichever click comes first, bob's pong is never refused as outdated, and alice's
losing chi never reaches the engine (:func:`test_a_losing_claim_leaves_no_public_trace`).

The tables' sessions deal through ``HandState``; the test swaps the name the session module
looks up for a factory that deals the crafted wall (the seeds path cannot lay out a wall).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.engine import session as session_module
from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.wall import WallSetup
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import parse_tile
from shangrao_bot.service import ServiceConfig
from shangrao_bot.service.autoplay import ai_action
from shangrao_bot.service.model import Table
from shangrao_bot.settings import Settings
from shangrao_bot.store.games import load_events
from shangrao_bot.ui.i18n import t
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser, InteractionRecord
from tests.e2e.test_tables import PACING, check_public, move_ids, open_table, seeds, until
from tests.engine.builders import make_setup

DEALER, ALICE, BOB = 3, 0, 1
CLAIMED = parse_tile("5p")
# The dealer (an AI) is ready but for the lone 5p; alice can only chi it (456p), bob can only
# pong it; seat 2 (filler) holds at most the fourth 5p, so it has no claim.
SETUP = make_setup(
    {
        DEALER: "123m456m789m11s23s5p",
        ALICE: "4p6p1p1p9p9s9s1z1z2z2z3z4z",
        BOB: "5p5p7p8p2s4s6s8s5z5z3m3m7m",
    },
    dealer=DEALER,
)
# "hold": both players click inside the minimum hold. The claim prompts are shown only once
# the bot's picture workers have started and drawn them, which can take two seconds on a
# loaded machine: the hold must outlast that by a margin, or the clicks land after it.
HOLD_SECONDS = {"hold": 5.0, "window": 0.02}


def crafted_hand(
    rules: RuleSet,
    seed: bytes | None = None,
    dealer: int | None = None,
    setup: WallSetup | None = None,
) -> HandState:
    """``HandState`` as the session calls it, dealing ``SETUP`` whatever the seed."""
    return HandState(rules, dealer=dealer, setup=SETUP)


def test_the_crafted_deal_gives_a_chi_and_a_pong_on_the_first_discard() -> None:
    """The premise of the race, from the engine alone: the AI dealer throws 5p; exactly alice
    (chi) and bob (pong) may claim it."""
    state = HandState(RuleSet(), setup=SETUP)
    assert state.dealer == DEALER
    first = ai_action(state, DEALER, "normal")
    assert (first.kind, first.tile) == (ActionKind.DISCARD, CLAIMED)
    state.apply(first)
    assert state.phase is Phase.CLAIM
    kinds = {s: sorted(a.kind.value for a in state.legal_actions(s)) for s in state.options}
    assert kinds == {ALICE: ["chi", "pass"], BOB: ["pass", "pong"]}


def responses(rec: InteractionRecord) -> int:
    """How many answers the clicker got: the deferred update is filled in once, either by an
    edit of the panel or by one follow-up."""
    return len(rec.followups) or int(rec.responded)


async def logged_since(
    bot: ShangraoBot, table_id: int, start: int, until_event: Callable[[dict[str, Any]], bool]
) -> list[dict[str, Any]]:
    """The table's event log from entry ``start`` on, once an entry ``until_event`` accepts is
    saved (the table changes in memory first and is saved before anything is shown)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 10
    while True:
        log = (await load_events(bot.db, table_id))[start:]
        if any(until_event(e) for e in log):
            return log
        assert loop.time() < end, f"not logged: {log}"
        await asyncio.sleep(0.01)


async def claim_prompt(fake: FakeDiscord, user: FakeUser, kind: str) -> tuple[FakeMessage, str]:
    await until(
        lambda: (
            fake.dm_messages(user)
            and any(f":a:{kind}." in c for c in move_ids(fake.dm_messages(user)[-1]))
        )
    )
    dm = fake.dm_messages(user)[-1]
    return dm, next(c for c in move_ids(dm) if f":a:{kind}." in c)


@dataclass
class RaceTable:
    """A table of the race and the bot (in this process) that runs it."""

    bot: ShangraoBot
    table_id: int
    thread: Any
    table: Table


async def race_table(
    fake: FakeDiscord, start_bot: StartBot, tmp_path: Path, hold: float
) -> RaceTable:
    """A started table on the crafted wall: alice (host) in seat 0, bob in seat 1, AIs in
    seats 2 and 3; the claim hold lasts ``hold`` seconds."""
    alice, bob = fake.user("alice"), fake.user("bob")
    config = ServiceConfig(ai_delay=0.005, min_claim_seconds=hold, min_between_hands=0.05)
    settings = Settings(
        discord_token=fake.token,
        database_url=f"sqlite:///{tmp_path / 'bot.db'}",
        dev_guild_id=fake.guild.id,
    )
    bot = await start_bot(ShangraoBot(settings, service_config=config, seeds=seeds, pacing=PACING))
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await (await fake.click(bob, lobby, f"mj:{table_id}:join")).response()
    for _ in range(2):
        await (await fake.click(alice, lobby, f"mj:{table_id}:ai-normal")).response()
    await (await fake.click(alice, lobby, f"mj:{table_id}:start")).response()
    table = bot.service._tables[table_id]
    assert [table.seat_of(alice.id), table.seat_of(bob.id)] == [ALICE, BOB]
    return RaceTable(bot, table_id, thread, table)


@pytest.mark.slow
@pytest.mark.parametrize("first", ["chi", "pong"])
@pytest.mark.parametrize("phase", ["hold", "window"])
async def test_chi_and_pong_clicked_at_once_pong_wins_once(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    phase: str,
    first: str,
) -> None:
    caplog.set_level(logging.WARNING)
    monkeypatch.setattr(session_module, "HandState", crafted_hand)
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    race = await race_table(fake, start_bot, tmp_path, HOLD_SECONDS[phase])
    bot, table_id, thread, table = race.bot, race.table_id, race.thread, race.table

    chi_dm, chi_id = await claim_prompt(fake, alice, "chi")
    pong_dm, pong_id = await claim_prompt(fake, bob, "pong")
    if phase == "hold":
        assert table.hold is not None, "the claim hold ended before the players could click"
    else:  # past the hold's minimum: the window stays held until it is decided
        await asyncio.sleep(HOLD_SECONDS["window"] + 0.1)
        assert table.hold is not None, "the window ended before anyone answered"
    hand = table.hand
    assert hand is not None and hand.phase is Phase.CLAIM
    assert sorted(hand.options) == [ALICE, BOB]
    log_before = len(await load_events(bot.db, table_id))

    clicks = {"chi": (alice, chi_dm, chi_id), "pong": (bob, pong_dm, pong_id)}
    order = [first, "pong" if first == "chi" else "chi"]
    recs = dict(
        zip(order, await asyncio.gather(*(fake.click(*clicks[k]) for k in order)), strict=True)
    )
    for rec in recs.values():
        await rec.response()
    chi_rec, pong_rec = recs["chi"], recs["pong"]

    # each click: acknowledged once (a second acknowledgement would be a fake violation) at
    # once with a deferred update, then answered exactly once
    for rec in recs.values():
        assert rec.ack_type == 6
        await rec.wait_until(lambda r: r.responded)
        assert responses(rec) == 1, rec.followups
    outdated_zh = t("table.prompt_outdated", "zh-CN")
    assert outdated_zh not in pong_rec.text()
    assert pong_rec.followups == [], pong_rec.text()  # the pong was taken: the panel moved on

    # §4: the pong wins, carried out once; the chi never happens
    await until(lambda: table.hand is not None and table.hand.phase is Phase.TURN)
    hand = table.hand
    assert hand is not None and hand.current == BOB
    assert [r.meld.tiles for r in hand.melds[BOB]] == [(CLAIMED,) * 3]
    assert hand.melds[ALICE] == [] and hand.discards[DEALER][-1].claimed_by == BOB
    assert Counter(a.kind for a in hand.actions)[ActionKind.PONG] == 1
    log = await logged_since(bot, table_id, log_before, lambda e: e.get("kind") == "pong")
    calls = [e for e in log if e["type"] == "engine" and e["kind"] in ("chi", "pong", "kong")]
    assert [(e["kind"], e["seat"]) for e in calls] == [("pong", BOB)]
    answers = sorted(e["action"][0] for e in log if e.get("what") == "answer")
    if phase == "hold" or first == "chi":  # both answers reached the hold, each once
        assert answers == [ALICE, BOB], answers
    else:  # past the minimum, the pong alone decides the window: the chi comes too late
        assert answers == [BOB], answers
    public = bot.service.get(table_id).public
    assert public is not None and [len(s.melds) for s in public.seats] == [0, 1, 0, 0]

    # the loser is told: her click came too late (outdated), or her answer was taken and her
    # panel says there is nothing left to do; her claim is never offered again
    chi_text = chi_rec.text() if chi_rec.followups else chi_dm.text()
    assert t("table.prompt_outdated", "en") in chi_text or "Waiting for the others." in chi_text
    await bot.presenter_queue.drain()
    latest = fake.dm_messages(alice)[-1]
    assert not move_ids(latest), latest.custom_ids

    # the winner goes on: bob must discard, and his discard is taken
    await until(lambda: any(":d:" in c for c in move_ids(fake.dm_messages(bob)[-1])))
    bob_dm = fake.dm_messages(bob)[-1]
    discard = [c for c in move_ids(bob_dm) if ":d:" in c][-1]
    rec = await fake.click(bob, bob_dm, discard)
    await rec.response()
    assert outdated_zh not in rec.text()
    await until(lambda: table.hand is None or table.hand.discards[BOB])
    check_public(fake, thread, [alice, bob])
    rec = await fake.slash(alice, "table end", in_channel=thread)
    await rec.response()
    await until(lambda: any("was ended" in m.text() for m in fake.channel_messages(thread)))
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]


@pytest.mark.slow
async def test_a_losing_claim_leaves_no_public_trace(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Passes are not counted in the public sequence because they would reveal a claim
    (``PublicView.sequence``); a chi that loses to a pong must not be either: after the pong
    the table looks the same whether alice answered chi or pass."""
    monkeypatch.setattr(session_module, "HandState", crafted_hand)
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    race = await race_table(fake, start_bot, tmp_path, HOLD_SECONDS["hold"])
    chi_dm, chi_id = await claim_prompt(fake, alice, "chi")
    pong_dm, pong_id = await claim_prompt(fake, bob, "pong")
    await (await fake.click(alice, chi_dm, chi_id)).response()
    await (await fake.click(bob, pong_dm, pong_id)).response()
    table = race.table
    await until(lambda: table.hand is not None and table.hand.phase is Phase.TURN)
    public = race.bot.service.get(race.table_id).public
    assert public is not None and [len(s.melds) for s in public.seats] == [0, 1, 0, 0]
    assert public.sequence == 2  # the discard and the pong, as if alice had passed
