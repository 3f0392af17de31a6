"""Private panels under races, through the loopback fake Discord: a move on a DM panel that
vanishes while the move is played, edits that must never overtake one another (a burst shows
only its newest state), and a hand picture that cannot be drawn.

Every panel update of a player goes through one latest-wins queue of the presenter, so the
player's panel only ever moves forward, and a click is answered by that queue's edit.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot import render
from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.engine import session as session_module
from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.wall import WallSetup
from shangrao_bot.errors import Refusal
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.ui.pictures import PICTURES
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import (
    FakeDiscord,
    FakeMessage,
    FakeUser,
    InteractionNotAcknowledged,
    WaitTimeout,
)
from tests.e2e.test_tables import (
    make_bot,
    move_ids,
    open_table,
    pick,
    result_posted,
    seat_ais_and_start,
    started_at_turn,
    until,
)
from tests.engine.builders import make_setup

TILES_LEFT = re.compile(r"(\d+) tiles left")
APOLOGY = "something went wrong"


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))


def heavenly_hand(
    rules: RuleSet,
    seed: bytes | None = None,
    dealer: int | None = None,
    setup: WallSetup | None = None,
) -> HandState:
    """The dealer (seat 0: the host) is dealt a complete hand: 天胡 is offered at once."""
    return HandState(rules, dealer=0, setup=make_setup({0: "123m456m789m123p11s"}, dealer=0))


@pytest.mark.slow
@pytest.mark.parametrize("hands", [1, 2])
async def test_a_winning_click_on_a_panel_that_vanished_gets_no_apology(
    hands: int,
    fake_discord: FakeDiscord,
    bot: ShangraoBot,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The panel a player presses can be deleted meanwhile (a prompt re-sends a panel older
    than 20 s, so Discord notifies): the move is taken, so the player must read no apology —
    whether the win ends the table (one hand) or only the hand (two)."""
    caplog.set_level(logging.WARNING)
    monkeypatch.setattr(session_module, "HandState", heavenly_hand)
    fake = fake_discord
    alice = fake.user("alice")
    table_id, thread, lobby = await open_table(fake, bot, alice, hands=hands)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice) and move_ids(fake.dm_messages(alice)[-1]))
    panel = fake.dm_messages(alice)[-1]
    win = next(c for c in move_ids(panel) if ":a:win" in c)
    rec = await fake.click(alice, panel, win)
    fake._delete(panel)  # the bot's own re-send, landing while the move is played
    await until(lambda: result_posted(fake, thread))
    await bot.presenter_queue.drain()
    await asyncio.sleep(0.2)  # an apology would follow the result
    assert rec.ack_type == 6
    assert not [m.text() for m in rec.followups], "the player was answered with a follow-up"
    assert not [r for r in caplog.records if "unexpected error" in r.getMessage()]
    result = next(m for m in fake.channel_messages(thread) if "result.png" in str(m.attachments))
    assert f"<@{alice.id}>: **" in result.text()  # alice won


def newest_panel(fake: FakeDiscord, user: FakeUser) -> FakeMessage | None:
    panels = [m for m in fake.dm_messages(user) if not m.deleted]
    return panels[-1] if panels else None


@pytest.mark.heavy
@pytest.mark.slow
@pytest.mark.parametrize("latency", [None, (0.0, 0.15)], ids=["in-order", "reordered"])
async def test_a_panel_never_goes_back_to_an_older_state(
    fake_discord: FakeDiscord, bot: ShangraoBot, latency: tuple[float, float] | None
) -> None:
    """Each move changes the panel twice (the click's answer, the presenter's update); an
    answer that is slow to land (Discord rate-limits it) must not overwrite a newer panel.
    Every state the player's panel shows is at least as late in the hand as the one before,
    and once the table waits for the player, their panel offers the moves of that moment —
    also when Discord answers each request after a random wait of up to 150 ms, so that
    concurrent requests land in any order."""
    fake = fake_discord
    fake.latency, fake.latency_seed = latency, 3
    alice = fake.user("alice")
    table_id, thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    shown: list[int] = []  # tiles left, as each panel state was seen

    def watch() -> bool:
        panel = newest_panel(fake, alice)
        found = TILES_LEFT.search(panel.content) if panel is not None else None
        if found is not None and (not shown or shown[-1] != int(found[1])):
            shown.append(int(found[1]))
        return result_posted(fake, thread)

    watcher = asyncio.create_task(fake.wait_for(watch, 120))

    # the moment of alice's last click (the table's sequence and her moves then): its
    # acknowledgement can come before the table has taken the move, and that moment must not be
    # mistaken for a new prompt. Her moves are part of it: a pass of a claim, and the draw
    # that follows, leave the public sequence as it was
    clicked: tuple[int, list[object]] = (-1, [])

    def must_act() -> bool:
        if result_posted(fake, thread):
            return True
        try:
            view = bot.service.private_view(table_id, alice.id)
        except Refusal:
            return False
        sequence = bot.service.get(table_id).sequence
        moment = (sequence, list(view.legal))
        return bool(view.legal) and sequence == view.public.sequence and moment != clicked

    stale = []
    clicks = 0
    while not result_posted(fake, thread):
        await until(must_act, 60)
        if result_posted(fake, thread):
            break
        view = bot.service.private_view(table_id, alice.id)

        # a pass of a claim and the draw after it share the sequence: the moment's moves are
        # discards or not, as the table's are
        discards = any(a.kind is ActionKind.DISCARD for a in view.legal)

        def current(seq: int = view.public.sequence, discards: bool = discards) -> bool:
            panel = newest_panel(fake, alice)
            ids = move_ids(panel) if panel is not None else []
            offered = [c for c in ids if c.split(":")[3] == str(seq)]
            return bool(offered) and any(":d:" in c for c in offered) == discards

        with contextlib.suppress(AssertionError):
            await until(current, 5)  # the prompt is shown (after the board's edit)
        await asyncio.sleep(0.6)  # and a late answer to the last move would have landed
        panel = newest_panel(fake, alice)
        assert panel is not None
        if not current():
            stale.append(f"{panel.content} seq={view.public.sequence}")
            break
        ids = move_ids(panel)
        for _ in range(2):  # the click's answer is rate-limited: it lands late
            fake.fail_next(
                "PATCH",
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                status=429,
                retry_after=0.25,
            )
        await fake.click(alice, panel, pick(ids))
        clicked = (view.public.sequence, list(view.legal))
        clicks += 1
    if stale:
        watcher.cancel()
    else:
        await watcher
    assert not stale, f"the table waits for alice but her panel is stale: {stale[0]!r}"
    assert clicks > 3
    assert shown == sorted(shown, reverse=True), f"a panel went back in time: {shown}"


@pytest.mark.slow
async def test_a_burst_of_changes_is_one_edit_of_the_newest_state(
    fake_discord: FakeDiscord, bot: ShangraoBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five changes of alice's panel in a burst: the edit in flight, then one edit showing the
    newest of the others — never five edits in any order. (The table waits for alice, the
    dealer, so nothing else changes her panel meanwhile.)"""
    monkeypatch.setattr(session_module, "HandState", heavenly_hand)
    fake = fake_discord
    alice = fake.user("alice")
    table_id, _thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: newest_panel(fake, alice) is not None)
    await bot.presenter_queue.drain()
    await asyncio.sleep(0.2)
    panel = newest_panel(fake, alice)
    assert panel is not None
    info = bot.service.get(table_id)
    view = bot.service.private_view(table_id, alice.id)
    base = int(info.at) + 1000
    states = [dataclasses.replace(info, deadline=base + i, at=info.at + i) for i in range(1, 6)]
    before = panel.edits
    presenter = bot.table_presenter
    await asyncio.gather(*(presenter.private_changed(s, 0, view) for s in states))
    await until(lambda: f"<t:{base + 5}:R>" in panel.content, 10)
    await asyncio.sleep(0.3)
    assert f"<t:{base + 5}:R>" in panel.content
    assert panel.edits - before <= 2, f"{panel.edits - before} edits for one burst"


@pytest.mark.usefixtures("pictures_in_threads")
async def test_a_hand_picture_that_fails_still_shows_a_text_panel(
    fake_discord: FakeDiscord,
    bot: ShangraoBot,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """When the hand picture cannot be drawn, the prompt still reaches the player: a panel of
    text and buttons. The log names the failure, never the hand."""

    def broken(*args: object, **kwargs: object) -> bytes:
        raise ValueError("concealed 1m 2m 3m: cannot draw")

    caplog.set_level(logging.DEBUG)
    monkeypatch.setattr(render, "render_panel", broken)
    fake = fake_discord
    alice = fake.user("alice")
    table_id, _thread, lobby = await open_table(fake, bot, alice)
    await seat_ais_and_start(fake, alice, lobby, table_id)
    await until(lambda: fake.dm_messages(alice) and move_ids(fake.dm_messages(alice)[-1]))
    panel = fake.dm_messages(alice)[-1]
    assert panel.attachments == [] and "tiles left" in panel.content
    assert any("hand picture" in r.getMessage() for r in caplog.records)
    for record in caplog.records:
        text = record.getMessage() + (caplog.text if record.exc_info else "")
        assert "concealed 1m" not in text


@pytest.mark.slow
async def test_a_panel_whose_picture_did_not_change_keeps_it(
    fake_discord: FakeDiscord,
    bot: ShangraoBot,
) -> None:
    """A change of the panel's text alone (her turn's deadline) edits the DM panel without
    uploading its picture again, and Discord (the fake) still shows the picture it had; a
    change the picture shows — another seat drew (the live tiles), her own hand — brings a new
    one."""
    fake = fake_discord
    alice = fake.user("alice")
    presenter = bot.table_presenter
    table_id, _thread = await started_at_turn(fake, bot, alice)
    panel = fake.dm_messages(alice)[-1]
    assert [a.filename for a in panel.attachments] == ["hand.png"]
    picture = panel.attachments[0]
    info = bot.service.get(table_id)
    view = bot.service.private_view(table_id, alice.id)
    assert view.drawn is not None and info.deadline is not None
    # her turn's deadline moves: the text says so, the picture stays
    later = dataclasses.replace(info, deadline=info.deadline + 600)
    edits = panel.edits
    await presenter.private_changed(later, view.seat, view)
    await presenter.settled()
    assert panel.edits == edits + 1
    assert f"<t:{int(later.deadline or 0)}:R>" in panel.content, panel.content
    assert [a.id for a in panel.attachments] == [picture.id]
    assert fake.attachment_bytes(panel) == picture.data
    # the live tiles drop (another seat drew): the picture's header shows it, a new upload
    fewer = dataclasses.replace(view, public=dataclasses.replace(view.public, live=1))
    await presenter.private_changed(later, view.seat, fewer)
    await presenter.settled()
    assert panel.edits == edits + 2
    assert [a.filename for a in panel.attachments] == ["hand.png"]
    assert panel.attachments[0].id != picture.id
    picture = panel.attachments[0]
    # the hand changes (the drawn tile goes into it): a new picture is uploaded
    moved = dataclasses.replace(
        fewer, concealed=tuple(sorted((*view.concealed, view.drawn))), drawn=None
    )
    await presenter.private_changed(later, view.seat, moved)
    await presenter.settled()
    assert panel.edits == edits + 3
    assert [a.filename for a in panel.attachments] == ["hand.png"]
    assert panel.attachments[0].id != picture.id
    assert fake.attachment_bytes(panel) != picture.data


async def test_a_passive_update_keeps_the_picture_while_the_picture_workers_are_busy(
    fake_discord: FakeDiscord, bot: ShangraoBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the picture workers are busy, an update that only tells alice of the others'
    moves (her panel offers no move before it nor after it) edits the text and keeps her
    panel's picture; when they are not, it shows the table anew; her prompt always does."""
    fake = fake_discord
    alice = fake.user("alice")
    presenter = bot.table_presenter
    table_id, _thread = await started_at_turn(fake, bot, alice)
    panel = fake.dm_messages(alice)[-1]
    info = bot.service.get(table_id)
    view = bot.service.private_view(table_id, alice.id)
    waiting = dataclasses.replace(view, legal=())
    await presenter.private_changed(info, view.seat, waiting)  # her panel offers no move
    await presenter.settled()
    picture = panel.attachments[0]
    load = {"share": 1.0}
    monkeypatch.setattr(PICTURES, "load", lambda: load["share"])
    fewer = dataclasses.replace(waiting, public=dataclasses.replace(waiting.public, live=3))
    await presenter.private_changed(info, view.seat, fewer)
    await presenter.settled()
    assert "3 tiles left" in panel.content, panel.content
    assert [a.id for a in panel.attachments] == [picture.id]  # kept
    load["share"] = 0.0
    fewer = dataclasses.replace(waiting, public=dataclasses.replace(waiting.public, live=2))
    await presenter.private_changed(info, view.seat, fewer)
    await presenter.settled()
    assert [a.filename for a in panel.attachments] == ["hand.png"]
    assert panel.attachments[0].id != picture.id  # the table anew
    picture = panel.attachments[0]
    load["share"] = 1.0
    await presenter.prompt(info, view.seat, view, 0.0)  # a prompt: never kept
    await presenter.settled()
    newest = fake.dm_messages(alice)[-1]
    assert newest.attachments and newest.attachments[0].id != picture.id


async def test_a_move_is_shown_without_waiting_for_its_clicks_acknowledgement(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    """A click's acknowledgement and the move it carries go side by side: Discord (the fake)
    holds the acknowledgement until the panel shows the move, which it does — a bot that
    waited for the acknowledgement before taking the move would wait out the hold."""
    fake = fake_discord
    alice = fake.user("alice")
    await started_at_turn(fake, bot, alice)
    panel = fake.dm_messages(alice)[-1]
    clicked = move_ids(panel)
    shown_first: list[bool] = []

    def moved() -> bool:
        newest = newest_panel(fake, alice)
        return newest is not None and move_ids(newest) != clicked

    async def hold(record: object) -> None:
        with contextlib.suppress(WaitTimeout):
            await fake.wait_for(moved, 2.0, poll=False)
        shown_first.append(moved())

    fake.before_ack = hold
    rec = await fake.click(alice, panel, pick(clicked))
    fake.before_ack = None
    assert rec.ack_type == 6
    assert shown_first == [True], "the move waited for its click's acknowledgement"


async def test_a_move_whose_acknowledgement_is_refused_is_still_taken(
    fake_discord: FakeDiscord, bot: ShangraoBot, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord refusing a click's acknowledgement (it came too late) does not undo the move
    the click carried, and nobody is answered with an apology: the panel shows the move."""
    caplog.set_level(logging.WARNING)
    fake = fake_discord
    alice = fake.user("alice")
    table_id, _thread = await started_at_turn(fake, bot, alice)
    panel = fake.dm_messages(alice)[-1]
    clicked = move_ids(panel)
    sequence = bot.service.get(table_id).sequence
    with pytest.raises(InteractionNotAcknowledged):
        await fake.click(alice, panel, pick(clicked), deadline=0.0)
    await until(lambda: bot.service.get(table_id).sequence != sequence)
    await until(lambda: move_ids(newest_panel(fake, alice) or panel) != clicked)
    await until(lambda: len(fake.violations) >= 2)  # no acknowledgement; a refused one
    assert {v.code for v in fake.take_violations()} == {10062}
    assert any("not acknowledged" in r.getMessage() for r in caplog.records)
    assert not [r for r in caplog.records if "unexpected error" in r.getMessage()]
