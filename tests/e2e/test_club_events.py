"""Club events through the loopback fake Discord, in zh-CN.

**At physical tables**: thirteen members play three one-hand rounds of a swiss event. The
organiser makes the choice a count of thirteen needs with the buttons (one rests, then three
substitutes fill the seats, then one rests again); each round's seating is posted with its
tables, winds and mentions, every player is told privately, and each table's thread carries its
session's live scoreboard, where the players record their hand with the scorepad's taps and
another seated member confirms it. A round ends by itself once every table has played its hand.
One player arrives late (before round 2), one leaves after round 1. The standings are each
player's deltas summed over the tables' sessions, read from the ledger; a hand voided after
round 2 changes them (the live message follows); no pair meets again in a round where the
fewest possible repeats (an exhaustive search in the test) is zero, and no round has more than
that fewest; the live standings message shows the final standings; ``/event standings`` and
``/event show`` answer.

**At virtual tables**: six members and two AI fill-ins play one round of two bot tables, each
in its thread with its players in their winds; the members play from their DMs; the round ends
when both tables have played their hand, and the standings count only the members.
"""

from __future__ import annotations

import asyncio
import itertools
import re
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.club_events import EventSheet
from shangrao_bot.service.club_standings import Standings
from shangrao_bot.settings import Settings
from shangrao_bot.store.ledger import get_session
from shangrao_bot.store.ledger.events import list_events
from shangrao_bot.ui import club_posts
from shangrao_bot.ui.club_views import club_of
from shangrao_bot.ui.score_views import bot_book
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, FakeUser
from tests.e2e.test_score_pad import Taps, confirm, newest_preview
from tests.e2e.test_tables import FAST, PACING, move_ids, pick, seeds, until

pytestmark = pytest.mark.slow

WINDS = "东南西北"  # as the scorepad names seats
SEATS = ("东家", "南家", "西家", "北家")  # as the seating names them
EVENT_NAME = "周五牌局"


def make_bot(fake: FakeDiscord, db: Path) -> ShangraoBot:
    settings = Settings(
        discord_token=fake.token, database_url=f"sqlite:///{db}", dev_guild_id=fake.guild.id
    )
    return ShangraoBot(settings, service_config=FAST, seeds=seeds, pacing=PACING)


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[ShangraoBot]:
    monkeypatch.setattr(club_posts, "WATCH_S", 0.05)  # a round ends as soon as it is done
    yield await start_bot(make_bot(fake_discord, tmp_path / "bot.db"))


def members(fake: FakeDiscord, count: int, prefix: str = "p") -> list[FakeUser]:
    """``count`` new members of the guild whose Discord is in simplified Chinese."""
    made = []
    for i in range(1, count + 1):
        user = fake.add_user(f"{prefix}{i:02d}", locale="zh-CN")
        fake.guild.add_member(user)
        made.append(user)
    return made


async def click_label(fake: FakeDiscord, user: FakeUser, message: FakeMessage, label: str) -> Any:
    found = [b for b in message.buttons() if b.get("label") == label]
    assert found, f"no button {label!r} on {message.button_labels()}"
    return await fake.click(user, message, found[0]["custom_id"])


async def sheet_of(bot: ShangraoBot) -> EventSheet:
    (event,) = await list_events(bot.db, bot.guilds[0].id)
    return await club_of(bot).desk.sheet(event.guild_id, event.id)


async def ledger_totals(bot: ShangraoBot, sheet: EventSheet) -> dict[int, int]:
    """Each event player's deltas summed over the confirmed hands of every table's session
    (substitutes' seats count for no one), read from the sessions' scoreboards."""
    totals: dict[int, int] = {p.player.id: 0 for p in sheet.players}
    for round_ in sheet.rounds:
        for table in round_.tables:
            assert table.session_id is not None
            info = await get_session(bot.db, sheet.event.guild_id, table.session_id)
            board = await bot_book(bot).scoreboard(info)
            for seat, pid in enumerate(table.seats):
                assert info.seats[seat].id == (pid if pid is not None else info.seats[seat].id)
                if pid is not None:
                    totals[pid] += sum(d[seat] for d in board.deltas)
    return totals


def fewest_repeats(
    seated: Sequence[int], fillers: int, met: Counter[tuple[int, int]]
) -> tuple[int, int]:
    """(the fewest repeated pairs any seating of ``seated`` at tables of four, ``fillers`` of
    them with one fill-in seat, can have; how many seatings were tried): every partition."""
    sizes = [3] * fillers + [4] * ((len(seated) - 3 * fillers) // 4)

    def parts(left: tuple[int, ...], sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
        if not left:
            yield []
            return
        first, rest = left[0], left[1:]
        for size in sorted(set(sizes)):
            others = list(sizes)
            others.remove(size)
            for mates in itertools.combinations(rest, size - 1):
                remaining = tuple(p for p in rest if p not in mates)
                for tail in parts(remaining, others):
                    yield [(first, *mates), *tail]

    best, tried = None, 0
    for seating in parts(tuple(sorted(seated)), sizes):
        tried += 1
        cost = sum(met[pair] > 0 for g in seating for pair in itertools.combinations(sorted(g), 2))
        best = cost if best is None else min(best, cost)
    assert best is not None
    return best, tried


def pairs_of(seats: Sequence[int | None]) -> list[tuple[int, int]]:
    return list(itertools.combinations(sorted(p for p in seats if p is not None), 2))


def shows(message: FakeMessage, standings: Standings, after: int) -> bool:
    """The standings message shows ``standings`` (each player's total), after round
    ``after``."""
    text = message.text()
    return f"第 {after}/3 轮后" in text and all(
        f"{line.player.display_name} **{line.total:+d}**" in text for line in standings.lines
    )


def standings_totals(standings: Standings) -> dict[int, int]:
    return {line.player.id: line.total for line in standings.lines}


async def void_a_hand(
    fake: FakeDiscord, bot: ShangraoBot, admin: FakeUser, thread: Any, standings: Standings
) -> None:
    """An administrator undoes the hand of ``thread``'s table after its round ended: the
    standings lose its deltas (its players' only), and the live message shows it between
    rounds too."""
    before = standings_totals(standings)
    rec = await fake.slash(admin, "score undo", in_channel=thread, reason="记错了")
    await rec.response()
    sheet = await sheet_of(bot)
    new = await club_of(bot).standings(sheet)
    after = standings_totals(new)
    assert after == await ledger_totals(bot, sheet) and after != before
    table = next(t for t in sheet.rounds[1].tables if t.table_no == 1)
    assert all(before[p] == after[p] for p in before if p not in table.seats)
    live = fake.get_message(sheet.event.standings_message_id or 0)
    assert live is not None
    await until(lambda: shows(live, new, 2), 10)


class Night:
    """The physical-table event being played: the fake, the bot and the players."""

    def __init__(self, fake: FakeDiscord, bot: ShangraoBot, channel: Any) -> None:
        self.fake, self.bot, self.channel = fake, bot, channel
        self.taps = Taps(fake)
        self.users: dict[int, FakeUser] = {}  # by Discord id
        self.previews: dict[int, list[int]] = defaultdict(list)  # per thread

    def thread(self, round_no: int, table_no: int) -> Any:
        return self.fake.channel(f"第 {round_no} 轮 · 第 {table_no} 桌")

    def board(self, thread: Any) -> FakeMessage:
        return next(
            m
            for m in self.fake.channel_messages(thread)
            if any(c.startswith("sk:pad:") for c in m.custom_ids)
        )

    async def record(self, round_no: int, table_no: int, winner: int) -> None:
        """The table's hand: the seat after the winner taps it on the scorepad (平胡自摸, seat
        ``winner``), the next member confirms it."""
        sheet = await sheet_of(self.bot)
        table = next(t for t in sheet.rounds[round_no - 1].tables if t.table_no == table_no)
        players = {p.player.id: p.player for p in sheet.players}
        seated = [
            self.users[players[pid].user_id]  # type: ignore[index]
            for pid in (table.seats[(winner + k) % 4] for k in range(1, 4))
            if pid is not None
        ]
        tapper, confirmer = seated[0], seated[1]
        thread = self.thread(round_no, table_no)
        board = self.board(thread)
        record_id = next(c for c in board.custom_ids if c.startswith("sk:pad:"))
        pad = await (await self.fake.click(tapper, board, record_id)).response()
        assert pad.ephemeral and "谁胡了" in pad.text()
        seat_button = pad.buttons()[winner]
        assert seat_button["label"].startswith(WINDS[winner])
        await self.taps.button(tapper, pad, seat_button["label"])
        await self.taps.button(tapper, pad, "自摸")
        await self.taps.pick(tapper, pad, "平胡自摸")
        await self.taps.button(tapper, pad, "下一步 ▶")
        await self.taps.button(tapper, pad, "预览 ✓")
        preview = await newest_preview(self.fake, thread, self.previews[thread.id])
        await confirm(self.fake, confirmer, preview)

    def posted(self, text: str) -> list[FakeMessage]:
        return [m for m in self.fake.channel_messages(self.channel) if text in m.text()]

    async def start_round(
        self, organiser: FakeUser, event_message: FakeMessage, round_no: int, choice: str
    ) -> FakeMessage:
        """The organiser presses Start, then the choice ``choice``; the seating posted."""
        start = f"开始第 {round_no} 轮"
        await until(lambda: start in event_message.button_labels())  # the round before ended
        rec = await click_label(self.fake, organiser, event_message, start)
        asked = await rec.response()
        assert asked.ephemeral and f"13 名玩家凑不成四人一桌。第 {round_no} 轮怎么开始？" in (
            asked.text()
        )
        assert asked.button_labels() == ["1 人轮空", "补 3 个替补"]
        rec = await click_label(self.fake, organiser, asked, choice)
        (said,) = await rec.wait_followups(1)
        assert f"第 {round_no} 轮开始了" in said.text()
        title = f"第 {round_no} 轮排位"
        await until(lambda: self.posted(title))
        return self.posted(title)[-1]

    async def told(self, user: FakeUser, round_no: int) -> FakeMessage:
        """The DM that told ``user`` where they play round ``round_no``."""

        def dms() -> list[FakeMessage]:
            return [m for m in self.fake.dm_messages(user) if f"第 {round_no} 轮" in m.text()]

        await until(dms)
        return dms()[-1]

    async def round_ends(self, round_no: int) -> None:
        await until(lambda: self.posted(f"每桌都打完了：第 {round_no} 轮结束。"), 20)


async def test_thirteen_members_three_rounds_at_physical_tables(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    await (await fake.slash(alice, "rules set", language="zh-CN")).response()
    organiser, *players = members(fake, 15, "m")
    first13, late = players[:13], players[13]
    leaver = first13[4]
    mahjong = fake.channel("mahjong")
    night = Night(fake, bot, mahjong)
    night.users = {u.id: u for u in players}

    # the event: created, twelve added by the organiser, one joins with the button
    rec = await fake.slash(
        organiser, "event create", in_channel=mahjong, name=EVENT_NAME, rounds=3, hands=1
    )
    event_message = await rec.response()
    assert not event_message.ephemeral and "比赛已开放" in event_message.text()
    assert event_message.button_labels() == ["加入", "退出", "开始第 1 轮", "排名"]
    people = " ".join(f"<@{u.id}>" for u in first13[:12])
    rec = await fake.slash(organiser, "event add", in_channel=mahjong, people=people)
    assert "已加入" in (await rec.response()).text()
    rec = await click_label(fake, first13[12], event_message, "加入")
    assert "你从第 1 轮起参加“周五牌局”" in (await rec.response()).text()
    await until(lambda: "玩家（13）" in event_message.text())
    rec = await click_label(fake, players[0], event_message, "开始第 1 轮")
    refused = await rec.response()
    assert refused.ephemeral and "只有“周五牌局”的组织者" in refused.text()

    choices = {1: "1 人轮空", 2: "补 3 个替补", 3: "1 人轮空"}
    met: Counter[tuple[int, int]] = Counter()
    for round_no in (1, 2, 3):
        if round_no == 2:  # one leaves after round 1, one arrives
            rec = await click_label(fake, leaver, event_message, "退出")
            assert "从下一轮起" in (await rec.response()).text()
            rec = await click_label(fake, late, event_message, "加入")
            assert "你从第 2 轮起参加" in (await rec.response()).text()
        seating = await night.start_round(organiser, event_message, round_no, choices[round_no])
        sheet = await sheet_of(bot)
        round_ = sheet.rounds[round_no - 1]
        assert round_.is_playing and round_.round_no == round_no
        in_round = {p.player.id for p in sheet.players_in(round_no)}
        assert len(in_round) == 13
        by_id = {p.player.id: p.player for p in sheet.players}
        seated = [p for t in round_.tables for p in t.seats if p is not None]
        assert sorted(seated + list(round_.resting)) == sorted(in_round)  # everyone once
        if choices[round_no] == "1 人轮空":
            assert len(round_.tables) == 3 and len(round_.resting) == 1
            resting = by_id[round_.resting[0]]
            assert f"轮空：<@{resting.user_id}>" in seating.text()
        else:
            assert len(round_.tables) == 4 and not round_.resting
            assert sorted(t.seats.count(None) for t in round_.tables) == [0, 1, 1, 1]
            assert seating.text().count("替补") == 3
        # the seating: each table, its thread, its winds and players (mentioned)
        for table in round_.tables:
            thread = night.thread(round_no, table.table_no)
            assert f"**第 {table.table_no} 桌** <#{thread.id}>" in seating.text()
            line = " · ".join(
                f"{SEATS[seat]} " + ("替补" if pid is None else f"<@{by_id[pid].user_id}>")
                for seat, pid in enumerate(table.seats)
            )
            assert line in seating.text()
            board = night.board(thread)  # the table's scoreboard, with its Record button
            assert board.button_labels() == ["记一手"]
            assert table.session_id is not None and f"#{table.session_id}" in board.text()
        for pid in in_round:  # every member named so that each is told
            assert f"<@{by_id[pid].user_id}>" in seating.content
        for pid in in_round:  # a DM each: their table and wind, or their rest
            user = night.users[by_id[pid].user_id]  # type: ignore[index]
            dm = await night.told(user, round_no)
            assert ("本轮轮空" in dm.text()) == (pid in round_.resting)
        # nobody meets again while avoidable: the round's repeats are the fewest possible
        repeats = sum(met[pair] > 0 for t in round_.tables for pair in pairs_of(t.seats))
        fillers = sum(t.seats.count(None) for t in round_.tables)
        fewest, tried = fewest_repeats(seated, fillers, met)
        assert repeats == round_.repeats == fewest, (round_no, repeats, round_.repeats, fewest)
        print(f"round {round_no}: repeats {repeats}, fewest {fewest} of {tried} seatings")
        if round_.repeats == 0:
            assert "没有人和同一个人同桌两次" in seating.text()
        for t in round_.tables:
            met.update(pairs_of(t.seats))
        # each table plays its hand on the scorepad; the round then ends by itself
        for table in round_.tables:
            await night.record(round_no, table.table_no, winner=(round_no + table.table_no) % 4)
        await night.round_ends(round_no)
        sheet = await sheet_of(bot)
        standings = await club_of(bot).standings(sheet)
        assert standings_totals(standings) == await ledger_totals(bot, sheet)
        if round_no == 2:  # a hand of round 2 voided: the standings (and their message) follow
            await void_a_hand(fake, bot, alice, night.thread(2, 1), standings)

    # the live standings: the final ones, as players see them
    sheet = await sheet_of(bot)
    assert sheet.playing is None and len(sheet.rounds) == 3
    final = await club_of(bot).standings(sheet)
    assert standings_totals(final) == await ledger_totals(bot, sheet)
    assert sheet.event.standings_message_id is not None
    live = fake.get_message(sheet.event.standings_message_id)
    assert live is not None

    await until(lambda: shows(live, final, 3))
    names = {line.player.user_id: line.player.display_name for line in final.lines}
    assert names == {u.id: u.username.title() for u in players}  # members by their names
    print("LIVE STANDINGS:\n" + live.text())
    print("EVENT MESSAGE:\n" + event_message.text())
    assert "3 轮都已打完" in event_message.text() and "组织者：M01" in event_message.text()
    assert event_message.button_labels() == ["加入", "退出", "排名"]
    leaver_line = next(x for x in final.lines if x.player.user_id == leaver.id)
    late_line = next(x for x in final.lines if x.player.user_id == late.id)
    assert leaver_line.rounds_played + leaver_line.rested_rounds == 1
    assert late_line.rounds_played + late_line.rested_rounds == 2
    # /event standings and /event show answer
    rec = await fake.slash(players[1], "event standings", in_channel=mahjong)
    answer = await rec.response()
    assert answer.ephemeral and "周五牌局 · 排名" in answer.text()
    assert answer.embeds[0]["description"] == live.embeds[0]["description"]
    rec = await fake.slash(players[1], "event show", in_channel=night.thread(3, 1))
    shown = await rec.response()
    assert shown.ephemeral and "🀄 周五牌局" in shown.text() and "玩家（13）" in shown.text()
    assert "3 轮都已打完" in shown.text()
    # the organiser finishes the event: every table's session settled, the podium posted
    rec = await fake.slash(organiser, "event finish", in_channel=mahjong)
    podium = await rec.response()
    assert "“周五牌局”结束了" in podium.text()
    assert podium.embeds[0]["description"] == live.embeds[0]["description"]
    assert [a.filename for a in podium.attachments] == ["podium.png"]
    assert podium.embeds[0]["image"]["url"].endswith("/podium.png")  # the uploaded picture
    assert podium.attachments[0].data.startswith(b"\x89PNG")
    sheet = await sheet_of(bot)
    assert not sheet.event.is_open
    for round_ in sheet.rounds:
        for table in round_.tables:
            info = await get_session(bot.db, fake.guild.id, table.session_id or 0)
            assert info.status == "closed"
    await until(lambda: event_message.button_labels() == ["排名"])
    assert "已结束" in event_message.text()


async def test_a_round_of_two_virtual_tables_with_ai_fill_ins(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    await (await fake.slash(fake.user("alice"), "rules set", language="zh-CN")).response()
    organiser, *players = members(fake, 7, "v")
    mahjong = fake.channel("mahjong")
    rec = await fake.slash(
        organiser,
        "event create",
        in_channel=mahjong,
        name="线上赛",
        rounds=1,
        hands=1,
        tables="virtual",
    )
    event_message = await rec.response()
    people = " ".join(f"<@{u.id}>" for u in players)
    await (await fake.slash(organiser, "event add", in_channel=mahjong, people=people)).response()
    rec = await click_label(fake, organiser, event_message, "开始第 1 轮")
    asked = await rec.response()
    assert asked.button_labels() == ["2 人轮空", "补 2 个电脑"]
    rec = await click_label(fake, organiser, asked, "补 2 个电脑")
    (said,) = await rec.wait_followups(1, timeout=30)
    assert "第 1 轮开始了" in said.text()
    sheet = await sheet_of(bot)
    round_ = sheet.rounds[0]
    assert len(round_.tables) == 2 and [t.seats.count(None) for t in round_.tables] == [1, 1]
    by_id = {p.player.id: p.player for p in sheet.players}
    seating = next(m for m in fake.channel_messages(mahjong) if "第 1 轮排位" in m.text())
    for table in round_.tables:  # each a bot table in its thread: the players in their winds
        assert table.session_id is not None
        info = next(
            i for i in bot.service.tables(fake.guild.id) if i.ledger_session_id == table.session_id
        )
        assert info.thread_id is not None and f"<#{info.thread_id}>" in seating.text()
        opened = bot.service.get(info.id)
        assert opened.dealer == 0 and opened.hand_no == 1  # seat 0, the event's East, deals
        seats = opened.seats
        for seat, pid in enumerate(table.seats):
            sat = seats[seat]
            assert sat is not None
            if pid is None:
                assert sat.user_id is None and sat.ai_level is not None
            else:
                assert sat.user_id == by_id[pid].user_id
        line = " · ".join(
            f"{SEATS[seat]} " + ("电脑" if pid is None else f"<@{by_id[pid].user_id}>")
            for seat, pid in enumerate(table.seats)
        )
        assert line in seating.text()

    async def play(user: FakeUser) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + 120
        while not any("第 1 轮结束" in m.text() for m in fake.channel_messages(mahjong)):
            assert loop.time() < end, "the round did not end"
            panels = fake.dm_messages(user)
            ids = move_ids(panels[-1]) if panels else []
            if not ids:
                await asyncio.sleep(0.02)
                continue
            panel = panels[-1]
            edits = panel.edits
            rec = await fake.click(user, panel, pick(ids))
            await rec.response()
            with_edit = loop.time() + 2
            while panel.edits == edits and fake.dm_messages(user)[-1:] == [panel]:
                if loop.time() > with_edit:
                    break
                await asyncio.sleep(0.01)

    await asyncio.gather(*(play(u) for u in players))
    sheet = await sheet_of(bot)
    assert sheet.playing is None
    standings = await club_of(bot).standings(sheet)
    assert {line.player.user_id for line in standings.lines} == {u.id for u in players}
    assert standings_totals(standings) == await ledger_totals(bot, sheet)
    assert standings.hands == 2
    live = fake.get_message(sheet.event.standings_message_id or 0)
    assert live is not None
    await until(lambda: re.search(r"第 1/1 轮后 · 2 局", live.text()))


async def test_a_seating_by_hand_and_a_correction(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    """A manual event of six members and two guests: the organiser pastes the tables (a line
    of three seats is refused in words), a hand is recorded in table 1's thread, then two
    players found in each other's places are swapped: the hand moves with the seat (the
    ledger's seat rows and the standings), the audit trail names the organiser, and anyone
    else asking is refused."""
    fake = fake_discord
    alice = fake.user("alice")
    await (await fake.slash(alice, "rules set", language="zh-CN")).response()
    organiser, *six = members(fake, 7, "h")
    mahjong = fake.channel("mahjong")
    rec = await fake.slash(
        organiser,
        "event create",
        in_channel=mahjong,
        name="手排赛",
        rounds=2,
        hands=2,
        seating="manual",
    )
    event_message = await rec.response()
    people = " ".join(f"<@{u.id}>" for u in six) + " 老王, 小李"
    rec = await fake.slash(organiser, "event add", in_channel=mahjong, people=people)
    assert "老王" in (await rec.response()).text()
    await until(lambda: "玩家（8）" in event_message.text())
    # Start round is the tables' command for a manual event
    rec = await click_label(fake, organiser, event_message, "开始第 1 轮")
    assert "/event seat" in (await rec.response()).text()
    a, b, c, d, e, f = (f"<@{u.id}>" for u in six)
    rec = await fake.slash(organiser, "event seat", in_channel=mahjong, tables=f"{a} {b} {c}; x")
    refused = await rec.response()
    assert refused.ephemeral and "第 1 桌写了 3 个座位" in refused.text()
    rec = await fake.slash(
        organiser, "event seat", in_channel=mahjong, tables=f"{a} {b} 老王 {c}\n{d} {e} {f} 小李"
    )
    assert "第 1 轮开始了" in (await rec.response()).text()
    sheet = await sheet_of(bot)
    (round_,) = sheet.rounds
    by_name = {p.player.display_name: p.player.id for p in sheet.players}
    first = round_.tables[0]
    assert first.seats[2] == by_name["老王"] and round_.tables[1].seats[3] == by_name["小李"]

    # table 1 records a hand, typed: 老王 (West) wins 平胡自摸, the next member confirms
    thread = fake.channel("第 1 轮 · 第 1 桌")
    rec = await fake.slash(six[0], "score quick", in_channel=thread, winner="3", pattern="平胡自摸")
    await rec.response()
    await confirm(fake, six[1], await newest_preview(fake, thread, []))
    before = await club_of(bot).standings(await sheet_of(bot))
    totals_before = {line.player.id: line.total for line in before.lines}
    assert totals_before[by_name["老王"]] > 0

    # 老王 and the fourth member were really in each other's places
    rec = await fake.slash(six[0], "event swap", in_channel=mahjong, first="老王", second=d)
    refused = await rec.response()
    assert refused.ephemeral and "只有“手排赛”的组织者" in refused.text()
    rec = await fake.slash(organiser, "event swap", in_channel=mahjong, first="老王", second=d)
    assert "第 1 轮：老王" in (await rec.response()).text()
    sheet = await sheet_of(bot)
    swapped = sheet.rounds[0]
    assert swapped.tables[0].seats[2] == sheet.players[3].player.id  # the fourth member
    assert swapped.tables[1].seats[0] == by_name["老王"]
    seat_rows = await bot.db.fetchall(
        "SELECT hs.player_id FROM hand_seats hs JOIN hands h ON h.id = hs.hand_id"
        " WHERE h.session_id = ? AND hs.seat = 2",
        (swapped.tables[0].session_id,),
    )
    assert [int(r[0]) for r in seat_rows] == [sheet.players[3].player.id]  # the win moved
    after = await club_of(bot).standings(sheet)
    totals_after = {line.player.id: line.total for line in after.lines}
    assert totals_after[sheet.players[3].player.id] == totals_before[by_name["老王"]]
    assert totals_after[by_name["老王"]] == 0
    audit = await bot.db.fetchall(
        "SELECT actor FROM audit WHERE action = 'swap_seats' AND entity = 'event'"
    )
    (who,) = [int(r[0]) for r in audit]
    assert who == organiser.id
