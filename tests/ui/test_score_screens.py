"""The bot's words: every catalog complete and consistent (plural syntax in
English, commands named so they become mentions, Chinese without English or tile codes), AI
seats' guests named in the reader's language, void reasons and a hand's reading said as players
say them, and a preview in Chinese with no mpsz code — calculator seats numbered 1-4."""

from __future__ import annotations

import re

import pytest

from shangrao_bot.catalog import BY_KEY, en
from shangrao_bot.service.hand_voiding import CANCELLED_BY, EXPIRED, UNDO
from shangrao_bot.service.recording import ai_name
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.seating import Actor
from shangrao_bot.store.database.interface import Database
from shangrao_bot.ui.i18n import LANGS, t
from shangrao_bot.ui.score_views import (
    ai_guest,
    interpretation_text,
    player_name,
    preview_embed,
    void_reason_text,
)
from tests.e2e.language_check import offending
from tests.ui.command_names import command_names

# The texts the bot's screens speak from (the core's refusals, which quote what players type in
# mpsz and name files and URLs, are checked in tests/test_refusals_in_chinese.py).
SCREENS = ("bot", "tables", "table_screens", "scorebook", "score_screens", "rulebook")
SCREENS += ("analysis", "replay", "ratings")
CATALOGS = {key: BY_KEY[key] for area in SCREENS for key in en.AREAS[area]}
WIN = {"hand": "123m4p5m6p777s111z5m9s", "win": "9s", "bao": "5m"}  # 宝吊头 ×3
COMMAND = re.compile(r"`/([a-z_]+(?: [a-z_]+)?)`")
ZH_ALLOWED = {"Discord", "MB"}  # the brand and a unit


@pytest.mark.parametrize("key", sorted(CATALOGS))
def test_every_message_is_complete_and_english_plurals_are_chosen(key: str) -> None:
    entry = CATALOGS[key]
    assert set(entry) == set(LANGS)
    placeholders = {lang: set(re.findall(r"{(\w+)", text)) for lang, text in entry.items()}
    assert len({frozenset(p) for p in placeholders.values()}) == 1, placeholders
    assert "(s)" not in entry["en"]
    for lang in ("zh-CN", "zh-TW"):  # no English, no tile code (placeholders aside)
        text = COMMAND.sub(" ", re.sub(r"{[^}]*}", " ", entry[lang]))
        assert offending([text], ZH_ALLOWED) == [], lang


def test_plurals_read_right() -> None:
    assert "1 hand counted" in t("skv.board.meta", "en", preset="shangrao", stake=1, hands=1)
    assert "2 hands counted" in t("skv.board.meta", "en", preset="shangrao", stake=1, hands=2)
    assert "1 confirmation by" in t("skv.preview.pending", "en", needed=1, expires="soon")
    assert "2 confirmations by" in t("skv.preview.pending", "en", needed=2, expires="soon")
    assert t("skv.export.done", "en", rows=1) == "1 row exported."
    assert t("skv.board2.row", "en", rank=1, name="A", value="+3", hands=1, wins=0) == (
        "1. A — +3 · 1 hand · 0 wins"
    )


async def test_commands_named_in_texts_exist() -> None:
    names = await command_names()
    named = {m for entry in CATALOGS.values() for m in COMMAND.findall(" ".join(entry.values()))}
    assert named and named <= names
    for entry in CATALOGS.values():  # a command is always named in backticks (a mention)
        for text in entry.values():
            bare = COMMAND.sub(" ", text)
            assert not re.search(r"(?<![\w`])/[a-z]", bare), text


@pytest.mark.parametrize("seat", range(4))
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_an_ai_seats_guest_is_named_in_the_readers_language(seat: int, level: str) -> None:
    stored = ai_name(seat, level)  # as virtual tables record it in the ledger
    assert ai_guest(stored) == (seat, level)
    assert player_name(stored, "en") == stored
    assert (
        player_name(stored, "zh-CN")
        == f"电脑{seat + 1}号（{ {'easy': '简单', 'normal': '普通', 'hard': '困难'}[level] }）"
    )
    assert player_name(stored, "zh-TW").startswith(f"電腦{seat + 1}號")


@pytest.mark.parametrize("name", ["Lao Wang", "AI 5 (normal)", "AI 2 (normal) ", "ai 2 (normal)"])
def test_other_names_stay_as_they_are(name: str) -> None:
    assert ai_guest(name) is None and player_name(name, "zh-CN") == name


def test_void_reasons_in_the_readers_language() -> None:
    assert void_reason_text(CANCELLED_BY + "Dave", "zh-CN") == "Dave 取消了这一手"
    assert void_reason_text(CANCELLED_BY + "AI 2 (easy)", "zh-TW") == "電腦2號（簡單） 取消了這一手"
    assert void_reason_text(EXPIRED, "en") == "expired: not confirmed in time"
    assert void_reason_text(EXPIRED, "zh-CN") == "超时未确认"
    assert void_reason_text(UNDO + "记错了", "zh-CN") == "已撤销：记错了"
    assert void_reason_text("wrong table", "zh-CN") == "wrong table"  # as the player typed it


async def test_a_chinese_preview_names_tiles_and_seats_as_players_do(db: Database) -> None:
    book = ScoreBook(db)
    calc = await book.preview_tiles(1, 1, Actor(1, "a"), flown="2:1", **WIN)
    kong = await book.preview_tiles(
        1,
        1,
        Actor(1, "a"),
        hand="9p9p",
        melds="(1111m) (9999m) (1111z) [777z]",
        win="9p",
        bao="5p",
    )
    assert calc.result.interpretation is not None and kong.result.interpretation is not None
    reading = interpretation_text(calc.result.interpretation, "zh-CN")
    assert reading == "九九条 一二三万 四五六筒 七七七条 东东东（宝当 九条 五筒）"
    assert interpretation_text(kong.result.interpretation, "zh-TW") == (
        "(一一一一萬) (九九九九萬) (東東東東) [中中中] 九九筒"
    )
    assert interpretation_text(calc.result.interpretation, "en").startswith("9-9 Bam · 1-2-3 Crak")
    for lang in ("zh-CN", "zh-TW"):
        embed = preview_embed(calc, lang, 0)
        texts = [embed.title or "", embed.description or "", embed.footer.text or ""]
        texts += [f"{f.name} {f.value}" for f in embed.fields]
        assert offending(texts) == [], lang
    embed = preview_embed(calc, "zh-CN", 0)
    assert "宝牌 **五万** · 胡张 **九条**" in (embed.description or "")
    # seat 2 flew a 宝: the doubling is spelled out
    assert "2号位 → 1号位：**6** = 3 × 2，飞宝 1 张（胡）" in (embed.description or "")
    assert embed.fields[0].name == "座位（赢家是 1 号位）"
    assert "牌型：**寶吊頭** ×3" in (preview_embed(calc, "zh-TW", 0).description or "")
    english = preview_embed(calc, "en", 0)
    assert "seat 2 → seat 1: **6** = 3 × 2, flew 1 宝 (win)" in (english.description or "")
    assert "宝 **5 Crak** · winning tile **9 Bam**" in (english.description or "")
