"""The virtual table's texts: seats by wind and name, claim prompts that say who discarded
what and what each button does, recent events, hints, 飞宝 explained."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import Discard, Phase
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, public_view, view_for
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.service.config import TableConfig
from shangrao_bot.service.model import SeatInfo, SeatKind, TableInfo, TableStatus
from shangrao_bot.ui.table_text import (
    event_line,
    hint_text,
    panel_text,
    prompt_line,
    seat_map,
    since_last_move,
    status_line,
)
from tests.engine.builders import cmd, make_state, tile

MPSZ = re.compile(r"\b[1-9]+[mpsz]\b")


def info_for(
    state: HandState | None,
    *,
    totals: tuple[int, ...] = (0, 0, 0, 0),
    preset: Preset = Preset.SHANGRAO,
    away: int | None = None,
) -> TableInfo:
    """A table of alice (seat 0, host), bob (seat 1) and two AIs around ``state``."""
    seats = (
        SeatInfo(0, SeatKind.HUMAN, "alice", 10, None, away == 0, 0, False),
        SeatInfo(1, SeatKind.HUMAN, "bob", 11, None, away == 1, 0, False),
        SeatInfo(2, SeatKind.AI, "AI 3 (normal)", None, "normal", False, 0, True),
        SeatInfo(3, SeatKind.AI, "AI 4 (easy)", None, "easy", False, 0, True),
    )
    pub = public_view(state) if state is not None else None
    return TableInfo(
        id=7,
        guild_id=1,
        channel_id=2,
        thread_id=3,
        host_id=10,
        status=TableStatus.PLAYING if state is not None else TableStatus.LOBBY,
        config=TableConfig(RuleSet(preset=preset), 4, 45, 15),
        seats=seats,
        spectators=frozenset(),
        hand_no=2 if state is not None else 0,
        hands_planned=4,
        totals=totals,
        dealer=pub.dealer if pub is not None else None,
        dice=None,
        public=pub,
        phase=pub.phase if pub is not None else None,
        turn_seat=pub.current if pub is not None and pub.phase is Phase.TURN else None,
        deadline=1000.0 if pub is not None else None,
        ready_deadline=None,
        paused=False,
        idle_deadline=None,
        ledger_session_id=None,
        at=0.0,
    )


def chi_and_pong_window() -> tuple[HandState, PlayerView]:
    """The dealer (seat 1, bob) discards 5m: seat 2 may chi it; seat 0 (alice) may pong it."""
    state = make_state(
        {1: "5m19p19s1234567z1m9m", 2: "46m19p19s123456z9m", 0: "55m28p28s234567z1z"}, dealer=1
    )
    cmd(state, 1, "d 5m")
    assert state.phase is Phase.CLAIM
    return state, view_for(state, 0)


def test_seat_map_names_winds_players_and_running_scores() -> None:
    state = make_state({}, dealer=1)
    info = info_for(state, totals=(12, -4, 0, -8))
    lines = seat_map(info, "zh-CN")
    # 东 is the dealer (seat 2 in 1-4 numbering), then 南 西 北 in turn order
    assert lines[0] == "**东家** (2号位) <@11> 庄 · −4"
    assert lines[1] == "**南家** (3号位) 电脑3号（普通） · ±0"
    assert lines[2] == "**西家** (4号位) 电脑4号（简单） · −8"
    assert lines[3] == "**北家** (1号位) <@10> 👑 · +12"
    lobby = seat_map(info_for(None), "en")
    assert [line.split(" ", 2)[:2] for line in lobby] == [
        ["**seat", "1**"],
        ["**seat", "2**"],
        ["**seat", "3**"],
        ["**seat", "4**"],
    ]
    assert "seat 0" not in "\n".join(lobby)


def test_a_claim_prompt_says_who_discarded_what_and_what_each_button_does() -> None:
    state, view = chi_and_pong_window()
    info = info_for(state)
    line = prompt_line(info, view, "zh-CN")
    assert line.startswith("东家 bob 打出 **五万**：")
    assert "**碰 五万**" in line and "**过**" in line
    assert "<t:1000:R>" in line
    english = prompt_line(info, view, "en")
    assert english.startswith("East bob discarded **5 Crak**: ")
    assert "**Pong 5 Crak**" in english and "**Pass**" in english
    for text in (line, english):
        assert not MPSZ.search(text)


def test_a_turn_prompt_names_the_drawn_tile() -> None:
    state = make_state({0: "123m456p789s11z23s5z"})
    view = view_for(state, 0)
    line = prompt_line(info_for(state), view, "zh-CN")
    assert "摸到 **白**" in line


def test_panels_recall_the_events_since_the_players_last_move() -> None:
    state = make_state({}, dealer=0)
    own = Event(EventKind.DISCARDED, 0, (tile("5m"),))
    others = [
        Event(EventKind.DISCARDED, 1, (tile("9p"),)),
        Event(EventKind.PONG, 2, (tile("9p"),) * 3, "from=1"),
        Event(EventKind.DISCARDED, 2, (tile("1z"),), "flown"),
    ]
    recent = since_last_move([Event(EventKind.DISCARDED, 3, (tile("1m"),)), own, *others], 0)
    assert recent == others
    info = info_for(make_state({}, dealer=0))
    said = [event_line(info, e, "zh-CN") for e in recent]
    assert said == [
        "南家 bob 打出 九筒",
        "西家 电脑3号（普通） 碰 九筒",
        "西家 电脑3号（普通） 打出 东（飞宝）",
    ]
    view = view_for(state, 1)
    text = panel_text(info, view, "zh-CN", recent, "https://discord.com/channels/1/3")
    assert "你上次出牌后：" in text and "· 南家 bob 打出 九筒" in text
    assert "[前往牌桌](https://discord.com/channels/1/3)" in text
    assert not MPSZ.search(text)


@pytest.mark.parametrize("lang", ["en", "zh-CN", "zh-TW"])
def test_status_line_names_whose_turn_it_is(lang: str) -> None:
    state = make_state({}, dealer=0)
    text = status_line(info_for(state), lang)
    assert "<@10>" in text and "<t:1000:R>" in text


def test_the_hint_before_tenpai_gives_shanten_and_unseen_effective_tiles() -> None:
    state = make_state({0: "129m147p258s1357z9s"})
    view = view_for(state, 0)
    text = hint_text(view, "en")
    assert text.startswith("Best discards leave you")
    assert re.search(r"→ shanten \d, \d+ kinds? help, \d+ unseen", text)
    chinese = hint_text(view, "zh-CN")
    assert "向听" in chinese and "进张" in chinese and not MPSZ.search(chinese)


def test_the_hint_when_tenpai_gives_values_and_marks_dead_waits() -> None:
    state = make_state({0: "999p1234567m11z5z9s", 1: "123m456m789m111s9p"})
    view = view_for(state, 1)
    pub = view.public
    shown = replace(pub.seats[0], discards=tuple(Discard(tile("9p")) for _ in range(3)))
    view = replace(view, public=replace(pub, seats=(shown, *pub.seats[1:])))
    text = hint_text(view, "zh-CN")
    assert text.startswith("**听牌：**")
    assert "九筒（绝张：已无可摸）" in text
    assert "English" not in hint_text(view, "en")
    assert "9 Dot (dead: none left)" in hint_text(view, "en")


def test_a_payers_flown_bao_doubling_is_spelled_out() -> None:
    from shangrao_bot.ui.payments import amount_text, payment_line

    assert amount_text(4, 2, "en") == "**4** = 2 × 2, flew 1 宝"
    assert amount_text(12, 3, "zh-CN") == "**12** = 3 × 4，飞宝 2 张"
    assert amount_text(3, 3, "zh-CN") == "**3**"
    assert amount_text(9, 3, "en") == "**9**"  # × 3 is no 飞宝 doubling
    line = payment_line("北家 <@1>", "东家 <@2>", 4, "win", "zh-CN", 2)
    assert line == "北家 <@1> → 东家 <@2>：**4** = 2 × 2，飞宝 1 张（胡）"
    assert payment_line("a", "b", 2, "angang", "en", 2) == "a → b: **2** (暗杠 bonus)"


def test_s4_the_claimed_indicator_kong_has_its_own_button_and_event_line() -> None:
    """§4: two 7z held (7z is face up, 宝 6z) and the third discarded: the panel offers
    跌宝杠 beside 碰, and the table says what happened."""
    hands = {
        0: "1m1m4m7m2p5p8p3s6s9s1z2z3z7z",
        2: "3m6m9m1p4p7p2s5s8s4z4z7z7z",
    }
    state = make_state(hands, dealer=0)
    cmd(state, 0, "d 7z")
    view = view_for(state, 2)
    info = info_for(state)
    line = prompt_line(info, view, "zh-CN")
    assert "**跌宝杠 中**" in line and "**碰 中**" in line
    assert "**跌寶槓 中**" in prompt_line(info, view, "zh-TW")
    assert "**跌宝 kong Red**" in prompt_line(info, view, "en")
    events = cmd(state, 2, "kong")
    info = info_for(state)
    said = event_line(info, events[0], "zh-CN")
    assert said is not None and said.endswith("杠出跌宝杠 中")
    english = event_line(info, events[0], "en")
    assert english is not None and english.endswith("跌宝 kong Red (on a discard)")
