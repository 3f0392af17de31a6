"""``/review`` through the loopback fake Discord: alice plays a hand at a bot table with two
clear mistakes — she flies a 宝 the analysis would keep, and later breaks a ready hand — and
both are flagged, in a private message whose ◀ ▶ walk the flagged moments (also after a
restart), whose pictures are the hand at that moment from her seat only, and which the result's
Review button and the replay's "Review this decision" open too. Another member may not see her
review until the server makes reviews public. Refusals (a hand still being played, a hand
recorded with ``/score``) in English, simplified and traditional Chinese."""

from __future__ import annotations

import asyncio
import hashlib
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.levels import make_ai
from shangrao_bot.engine.ranking import closeness, rank_view, ranking_group
from shangrao_bot.engine.review import FLAG_LOSS, DecisionKind, review_hand
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, view_for
from shangrao_bot.render.analysis import render_analysis
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.shapes import shanten
from shangrao_bot.rules.tiles import counts_of
from shangrao_bot.service.replay import last_played, load_replay
from shangrao_bot.service.review import hand_seats
from shangrao_bot.settings import Settings
from shangrao_bot.ui.hand_buttons import encode_action
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.replay_views import forget_cached
from shangrao_bot.ui.review_views import picture_of
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.test_replay import physical_hand
from tests.e2e.test_tables import FAST, PACING, move_ids, open_table, result_posted, until

WAIT = 60.0
TRIES = 3  # tables opened until one hand had both mistakes (the first should)
LATE_WALL = 30  # live tiles from which alice flies her 宝 even before breaking a ready hand


PLANNED: dict[int, bytes] = {}  # table id → a seed on which alice makes both mistakes


def plan_seed(table_id: int) -> bytes:
    """A seed whose hand, played by alice's policy (:func:`choose`) in seat 1 against three
    ``normal`` AIs (whose decisions depend on their view only), offers both mistakes: found by
    playing the hand in the engine, as the table will."""
    for i in range(200):
        seed = hashlib.sha256(f"e2e-review/{table_id}/{i}".encode()).digest()
        state = HandState(RuleSet(), seed)
        hand = counts_of(state.concealed(0))
        if hand[state.bao] != 1 or shanten(hand, state.bao, 0, True) > 2:
            continue
        ais = [make_ai("normal", random.Random(s)) for s in range(4)]
        made: set[str] = set()
        while not state.over:
            seat = state.to_act()[0]
            view = view_for(state, seat)
            state.apply(choose(view, made) if seat == 0 else ais[seat].choose(view))
        if made == {"fly", "break"}:
            return seed
    raise AssertionError("no seed offers both mistakes")


def seeds(table_id: int, hand_no: int) -> bytes:
    planned = PLANNED.get(table_id)
    if planned is not None and hand_no == 1:
        return planned
    return hashlib.sha256(f"e2e-review/{table_id}/{hand_no}".encode()).digest()


def make_bot(fake: FakeDiscord, db: Path) -> ShangraoBot:
    settings = Settings(
        discord_token=fake.token, database_url=f"sqlite:///{db}", dev_guild_id=fake.guild.id
    )
    return ShangraoBot(settings, service_config=FAST, seeds=seeds, pacing=PACING)


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path, pictures_in_threads: None
) -> AsyncIterator[ShangraoBot]:
    forget_cached()
    yield await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))


def choose(view: PlayerView, made: set[str]) -> Action:
    """Alice's move: the analysis' first choice, except two mistakes made once each — break a
    hand that is really ready, then fly the 宝 when the analysis keeps it (and flying loses
    enough to be flagged); late in the wall she flies it anyway."""
    legal = view.legal
    win = next((a for a in legal if a.kind is ActionKind.WIN), None)
    if win is not None:
        return win
    if view.public.phase is not Phase.TURN:
        return next(a for a in legal if a.kind is ActionKind.PASS)
    discards = {a.tile: a for a in legal if a.kind is ActionKind.DISCARD}
    ranked = rank_view(view)
    best = ranked[0]
    assert best.expected is not None
    bao = view.public.bao
    late = view.public.live < LATE_WALL
    if "fly" not in made and ("break" in made or late) and bao in discards and best.tile != bao:
        flying = next(d for d in ranked if d.tile == bao)
        assert flying.expected is not None
        if best.expected - flying.expected >= FLAG_LOSS or ranking_group(flying) > ranking_group(
            best
        ):
            made.add("fly")
            return discards[bao]
    if "break" not in made and closeness(best) == 0:
        broken = [d for d in ranked if closeness(d) > 0 and d.tile != bao]
        if broken:
            made.add("break")
            worst = min(broken, key=lambda d: d.expected or 0.0)
            return discards[worst.tile]
    return discards[best.tile]


def button_for(action: Action, ids: list[str]) -> str | None:
    if action.kind is ActionKind.DISCARD:
        end = f":d:{action.tile}"
    else:
        end = f":a:{encode_action(action)}"
    return next((c for c in ids if c.endswith(end)), None)


async def play_with_mistakes(
    fake: FakeDiscord, bot: ShangraoBot, alice: FakeUser, thread: object, table_id: int
) -> set[str]:
    """Alice plays through her DM panel until the result is posted; the mistakes she made."""
    made: set[str] = set()
    loop = asyncio.get_running_loop()
    end = loop.time() + 120
    while not result_posted(fake, thread):
        assert loop.time() < end, "the hand did not end"
        panels = fake.dm_messages(alice)
        dm = panels[-1] if panels else None
        ids = move_ids(dm) if dm is not None else []
        if dm is None or not ids:
            await asyncio.sleep(0.01)
            continue
        try:
            view = bot.service.private_view(table_id, alice.id)
        except Exception:
            await asyncio.sleep(0.01)  # between hands
            continue
        wanted = button_for(choose(view, set(made)), ids) if view.legal else None
        if wanted is None:  # the panel shows an older moment: wait for the new one
            await asyncio.sleep(0.01)
            continue
        choose(view, made)  # the same choice, now noted
        before = dm.edits
        rec = await fake.click(alice, dm, wanted)
        await rec.response()
        with_edit = loop.time() + 2
        while dm.edits == before and fake.dm_messages(alice)[-1:] == [dm]:
            if loop.time() > with_edit:
                break
            await asyncio.sleep(0.01)
    return made


async def start_table(fake: FakeDiscord, bot: ShangraoBot, alice: FakeUser) -> tuple[int, object]:
    table_id, thread, lobby = await open_table(fake, bot, alice)
    for _ in range(3):
        rec = await fake.click(alice, lobby, f"mj:{table_id}:ai-normal")
        await rec.response()
    rec = await fake.click(alice, lobby, f"mj:{table_id}:start")
    await rec.response()
    await until(lambda: fake.dm_messages(alice))
    return table_id, thread


def expected(key: str, lang: str, **args: object) -> str:
    return t(key, lang, **args)


def moment_ids(message: FakeMessage) -> list[str]:
    return [c for c in message.custom_ids if c.startswith("rv:")]


@pytest.mark.slow
async def test_two_mistakes_are_flagged_privately_and_nothing_else_leaks(
    fake_discord: FakeDiscord, bot: ShangraoBot, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    mahjong = fake.channel("mahjong")
    assert fake.guild is not None
    guild = fake.guild.id
    for attempt in range(TRIES):
        PLANNED[attempt + 1] = await asyncio.to_thread(plan_seed, attempt + 1)
        table_id, thread = await start_table(fake, bot, alice)
        assert table_id == attempt + 1
        if attempt == 0:
            # a hand still being played: refused, in the member's language
            for locale, lang, words in (
                ("en-US", "en", "still being played"),
                ("zh-CN", "zh-CN", "还在进行"),
                ("zh-TW", "zh-TW", "還在進行"),
            ):
                alice.locale = locale
                rec = await fake.slash(alice, "review hand", in_channel=mahjong)
                reply = await rec.response()
                assert reply.ephemeral and not reply.attachments
                assert reply.text() == expected("review.running_table", lang, table=table_id)
                assert words in reply.text()
            alice.locale = "en-US"
        made = await play_with_mistakes(fake, bot, alice, thread, table_id)
        await bot.presenter_queue.drain()
        await until(lambda: bot.service.table_of(guild, alice.id) is None, 30)
        if made == {"fly", "break"}:
            break
    else:
        pytest.fail(f"no hand in {TRIES} offered both mistakes")
    hand = await last_played(bot.db, guild, alice.id)
    assert hand is not None

    # the engine's review of alice's seat flags both mistakes
    loaded = await load_replay(bot.db, guild, hand)
    final = loaded.replay.final
    seats = await hand_seats(bot.db, hand)
    seat = next(s.seat for s in seats if s.user_id == alice.id)
    name = seats[seat].name
    review = review_hand(
        final.rules, final.seed, final.dealer, tuple(final.actions), seat,
        loaded.replay.action_steps,
    )  # fmt: skip
    flown = [d for d in review.decisions if d.kind is DecisionKind.FLY]
    assert flown and all(d.flagged for d in flown)
    broken = [d for d in review.decisions if d.gave_up_ready]
    assert broken and all(d.flagged for d in broken)
    assert set(review.flagged) >= {flown[0], broken[0]}
    # every position judged is alice's own: her tiles at that step of the replay
    for d in review.decisions:
        shown = loaded.replay.steps[max(d.step - 1, 0)].hands[seat]
        assert (
            sorted(d.concealed + ((d.drawn,) if d.drawn is not None else ())) == sorted(shown)
            or d.step == 0
        )

    # /review hand: private, the summary and the first flagged moment with its picture
    rec = await fake.slash(alice, "review hand", in_channel=mahjong)
    message = await rec.response(timeout=WAIT)
    assert message.ephemeral
    text = message.text()
    assert f"Review of {name} · hand #{hand}" in text
    assert f"rating **{review.rating}**/100" in text
    assert [a.filename for a in message.attachments] == ["review.png"]
    flagged = review.flagged
    first = picture_of(
        await _loaded_review(bot, guild, hand, seat), flagged[0], "en", 0, len(flagged)
    )
    assert fake.attachment_bytes(message) == render_analysis(first, lang="en")
    # the picture holds alice's tiles at that moment and nothing else
    at = flagged[0]
    own = at.concealed + ((at.drawn,) if at.drawn is not None else ())
    assert sorted(first.tiles) == sorted(own)
    assert sorted(own) == sorted(loaded.replay.steps[at.step - 1].hands[seat])

    # ▶ through every flagged moment: the 宝 flown and the broken ready hand are among them
    texts = [text]
    for _ in range(len(flagged) - 1):
        before = message.edits
        nxt = next(c for c in moment_ids(message) if c.endswith(":next"))
        await fake.click(alice, message, nxt)
        await fake.wait_for(lambda before=before: message.edits > before, timeout=WAIT)
        texts.append(message.text())
    assert any("You: fly the 宝" in x for x in texts)
    assert any("gave up a hand that was ready for a real win" in x for x in texts)

    # the replay from alice's seat, at the step of her first flagged decision: "Review this
    # decision" opens her review there
    rec = await fake.slash(alice, "replay", in_channel=mahjong, hand=hand)
    replay = await rec.response(timeout=WAIT)
    before = replay.edits
    select = next(c for c in replay.custom_ids if c.startswith("rps:"))
    await fake.select(alice, replay, select, [str(seat)])
    await fake.wait_for(lambda: replay.edits > before, timeout=WAIT)
    for _ in range(flagged[0].step):
        before = replay.edits
        nxt = next(c for c in replay.custom_ids if c.startswith("rp:") and c.endswith(":next"))
        await fake.click(alice, replay, nxt)
        await fake.wait_for(lambda before=before: replay.edits > before, timeout=WAIT)
    link = f"rvo:{hand}:{seat}:{flagged[0].step}"
    assert link in replay.custom_ids
    rec = await fake.click(alice, replay, link)
    linked = await rec.response(timeout=WAIT)
    assert linked.ephemeral and linked.text() == texts[0]

    # bob may not see alice's review while reviews are private (in his language) …
    rec = await fake.slash(bob, "review hand", in_channel=mahjong, hand=hand, player=alice)
    reply = await rec.response()
    assert reply.ephemeral and reply.text() == expected("review.private", "zh-CN", name=name)
    # … until an administrator makes them public: then it is posted for all
    rec = await fake.slash(alice, "rules set", in_channel=mahjong, review_public=True)
    await rec.response()
    rec = await fake.slash(bob, "review hand", in_channel=mahjong, hand=hand, player=alice)
    public = await rec.response(timeout=WAIT)
    assert not public.ephemeral and f"{name} 的复盘" in public.text()

    # the result's Review button: the presser's own decisions
    result = next(m for m in fake.channel_messages(thread) if any(
        a.filename == "result.png" for a in m.attachments))  # fmt: skip
    review_button = next(c for c in result.custom_ids if c.startswith("rvo:"))
    rec = await fake.click(alice, result, review_button)
    again = await rec.response(timeout=WAIT)
    assert f"Review of {name} · hand #{hand}" in again.text()

    # /review session sums her session (public now: everyone's line); /profile averages
    rec = await fake.slash(alice, "review session", in_channel=mahjong)
    summed = await rec.response(timeout=WAIT)
    assert not summed.ephemeral
    assert f"**{name}** — rating {review.rating}/100 over 1 hand ·" in summed.text()
    rec = await fake.slash(alice, "profile", in_channel=mahjong)
    card = await rec.response(timeout=WAIT)
    assert f"Review rating: **{review.rating}**/100 (average of the last 1 reviewed hand)" in (
        card.text()
    )

    # a restart: the ◀ of the review posted before it still works
    await bot.close()
    forget_cached()
    await start_bot(make_bot(fake, tmp_path / "bot.db"))
    before = message.edits
    prev = next(c for c in moment_ids(message) if c.endswith(":prev"))
    await fake.click(alice, message, prev)
    await fake.wait_for(lambda: message.edits > before, timeout=WAIT)
    assert texts[-2] == message.text()


async def _loaded_review(bot: ShangraoBot, guild: int, hand: int, seat: int):  # type: ignore[no-untyped-def]
    from shangrao_bot.ui.finished_hands import REVIEWS

    seats = await hand_seats(bot.db, hand)
    return await REVIEWS.get(bot.db, guild, hand, seats[seat], seats)


async def test_a_hand_recorded_with_score_is_refused_in_three_languages(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    recorded = await physical_hand(bot, fake, alice)
    for locale, lang in (("en-US", "en"), ("zh-CN", "zh-CN"), ("zh-TW", "zh-TW")):
        alice.locale = locale
        rec = await fake.slash(
            alice, "review hand", in_channel=fake.channel("mahjong"), hand=recorded.id
        )
        reply = await rec.response()
        assert reply.ephemeral and not reply.attachments
        assert reply.text() == expected("review.physical", lang, hand=recorded.id)
    alice.locale = "en-US"
