"""The rule book in Discord: both books have the same sections and say what the scorer does
(the pattern tables, the modifiers, the bonuses, the house rules and their defaults), every
part fits Discord's limits in every language and its pages put together are the part, the
Markdown is rendered for Discord, the Chinese pages are Chinese, and the traditional text is
converted completely."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
from discord import app_commands

from cogs.rules import DEFAULTS, Rules
from shangrao_bot.catalog import BY_KEY
from shangrao_bot.rules.baike_preset import BAIKE_FLAT, BAIKE_PATTERNS
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.score_model import BONUS_POINTS, BonusKind
from shangrao_bot.rules.shangrao_preset import SHANGRAO_FLAT, SHANGRAO_MODIFIERS, SHANGRAO_PATTERNS
from shangrao_bot.store.guilds import SWITCHES
from shangrao_bot.traditional_book import TW_CHARS, build, to_traditional
from shangrao_bot.ui import i18n
from shangrao_bot.ui.i18n import LANGS, t
from shangrao_bot.ui.rulebook import (
    BOOK_LANGS,
    PAGE_CHARS,
    PRESET_SECTIONS,
    TOC,
    TOPICS,
    BookButton,
    book_message,
    book_source,
    load_book,
    pages,
    paginate,
    part_text,
    preset_part,
    render,
)
from shangrao_bot.ui.translator import COMMAND_TEXT
from tests.e2e.language_check import offending
from tests.ui.command_names import command_names

SECTIONS = tuple(range(1, 13))
PARTS = (*TOPICS, *(f"s{n}" for n in SECTIONS))
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
ZH_ALLOWED = ("Discord",)  # the brand


@pytest.fixture
def long_command_ids() -> Iterator[None]:
    """Commands mentioned with real-looking ids: the longest a page can get."""
    saved = dict(i18n.COMMAND_IDS)
    i18n.remember_commands({name: 10**18 + 1 for name in ("rules", "score", "session", "table")})
    try:
        yield
    finally:
        i18n.remember_commands(saved)


# --- the books --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_book_has_the_same_numbered_sections(lang: str) -> None:
    book = load_book(lang)
    assert tuple(book.sections) == SECTIONS
    for n, section in book.sections.items():
        assert section.title.startswith(f"§{n} ")
        assert section.markdown.startswith(f"## §{n} ")
    assert book.intro and book.title


def test_every_section_belongs_to_one_topic() -> None:
    shown = [n for numbers in TOPICS.values() for n in numbers]
    assert sorted(shown) == list(SECTIONS)


def test_the_table_rules_button_part_is_its_presets_section() -> None:
    assert preset_part("shangrao") == "s7" and preset_part("baike") == "s8"
    english, chinese = load_book("en").sections, load_book("zh-CN").sections
    assert "shangrao" in english[PRESET_SECTIONS["shangrao"]].title
    assert "baike" in english[PRESET_SECTIONS["baike"]].title
    assert "上饶方案" in chinese[PRESET_SECTIONS["shangrao"]].title
    assert "百科方案" in chinese[PRESET_SECTIONS["baike"]].title


def _table_rows(markdown: str, first: str) -> dict[str, list[str]]:
    """The rows of the Markdown table whose header starts with ``first``: name → cells."""
    lines = markdown.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first} |"))
    rows = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0]] = cells[1:]
    return rows


HEADERS = {
    "en": {"pattern": "pattern", "modifier": "modifier", "shape": "shape", "bonus": "bonus"},
    "zh-CN": {"pattern": "牌型", "modifier": "名目", "shape": "牌型", "bonus": "奖励"},
}


def _factor(cell: str) -> int:
    match = re.fullmatch(r"(?:每杠 |每张 )?×(\d+)(?: per (?:kong|宝))?", cell)
    assert match, cell
    return int(match.group(1))


@pytest.mark.parametrize("lang", BOOK_LANGS)
def test_the_shangrao_tables_are_the_scorers(lang: str) -> None:
    section = load_book(lang).sections[7].markdown
    rows = _table_rows(section, HEADERS[lang]["pattern"])
    found = {}
    for name, (value, _when) in rows.items():
        key = re.sub(r"\s*[(（]有宝[)）]$", "/有宝", name)
        found[key] = _factor(value)
    flat = found.pop("天胡、地胡" if lang == "zh-CN" else "天胡, 地胡")
    assert found == SHANGRAO_PATTERNS and flat == SHANGRAO_FLAT
    modifiers = {
        name: _factor(value)
        for name, (value, _when) in _table_rows(section, HEADERS[lang]["modifier"]).items()
    }
    assert modifiers == {**SHANGRAO_MODIFIERS, "杠开": 2, "飞宝": 2}


def _baike_cell(cell: str) -> int | None:
    if cell.isdigit():
        return int(cell)
    if cell in ("not a win (base 2)", "不算胡（底分 2）"):
        return -2
    assert cell in ("not a win", "不算胡", "—"), cell
    return None


@pytest.mark.parametrize("lang", BOOK_LANGS)
def test_the_baike_table_is_the_scorers(lang: str) -> None:
    section = load_book(lang).sections[8].markdown
    rows = _table_rows(section, HEADERS[lang]["shape"])
    assert {name: tuple(_baike_cell(c) for c in cells) for name, cells in rows.items()} == (
        BAIKE_PATTERNS
    )
    flat = "固定 16 分" if lang == "zh-CN" else "a flat 16"
    assert flat in section and BAIKE_FLAT == 16


@pytest.mark.parametrize("lang", BOOK_LANGS)
def test_the_bonus_points_are_the_scorers(lang: str) -> None:
    rows = _table_rows(load_book(lang).sections[9].markdown, HEADERS[lang]["bonus"])
    points = {name: int(cells[0]) for name, cells in rows.items()}
    assert points.pop("碰杠") == BONUS_POINTS[BonusKind.MINGGANG]
    assert points.pop("自摸杠") == BONUS_POINTS[BonusKind.ANGANG]
    assert points.pop("接宝") == BONUS_POINTS[BonusKind.JIEBAO]
    assert points.pop("四个宝") == BONUS_POINTS[BonusKind.SIGEBAO]
    assert list(points.values()) == [0]  # a robbed kong


@pytest.mark.parametrize("lang", BOOK_LANGS)
def test_every_house_rule_is_listed_with_its_default(lang: str) -> None:
    first = "house rule" if lang == "en" else "房规"
    rows = _table_rows(load_book(lang).sections[11].markdown, first)
    defaults = {}
    for name, (default, _what) in rows.items():
        switch = re.search(r"`(\w+)`", name)
        assert switch, name
        defaults[switch.group(1)] = default
    on, off = ("on", "off") if lang == "en" else ("开", "关")
    assert set(SWITCHES) | {"rob_with_bao", "stake"} == set(defaults)
    for name in SWITCHES:
        assert defaults[name] == (on if DEFAULTS[name] else off), name
        assert getattr(RuleSet(), name) is DEFAULTS[name]
    assert defaults["rob_with_bao"] == on  # robbing with 有宝 is on by default
    assert defaults["stake"] == str(RuleSet().stake)


async def test_commands_named_in_the_book_exist() -> None:
    names = await command_names()
    for lang in BOOK_LANGS:
        named = set(re.findall(r"`/([a-z_]+(?: [a-z_]+)?)`", book_source(lang)))
        assert {"rules explain", "rules set", "score tiles"} <= named <= names


def test_the_topics_are_the_commands_choices_with_the_same_names() -> None:
    explain = next(c for c in Rules.__cog_app_commands__ if c.name == "explain")
    assert isinstance(explain, app_commands.Command)
    choices = explain.parameters[0].choices
    assert [c.value for c in choices] == list(TOPICS)
    for choice in choices:
        english = choice._locale_name.message  # type: ignore[attr-defined]
        assert english == t(f"book.topic.{choice.value}", "en")
        assert COMMAND_TEXT[english] == (
            t(f"book.topic.{choice.value}", "zh-CN"),
            t(f"book.topic.{choice.value}", "zh-TW"),
        )


# --- pages ------------------------------------------------------------------------------------


def _buttons(view: discord.ui.View) -> list[discord.ui.Button[discord.ui.View]]:
    """The view's buttons (a dynamic item wraps its button)."""
    out = []
    for child in view.children:
        button = getattr(child, "item", child)
        assert isinstance(button, discord.ui.Button)
        out.append(button)
    return out


def _words(text: str) -> list[str]:
    return text.split()


def _embed_size(embed: discord.Embed) -> int:
    footer = embed.footer.text or ""
    return len(embed.title or "") + len(embed.description or "") + len(footer)


@pytest.mark.usefixtures("long_command_ids")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("part", [*PARTS, TOC])
def test_every_page_fits_discords_limits(part: str, lang: str) -> None:
    count = 1 if part == TOC else len(pages(part, lang))
    for page in range(count):
        embed, view = book_message(part, lang, page)
        assert len(embed.title or "") <= 256
        assert 0 < len(embed.description or "") <= 4096
        assert len(embed.footer.text or "") <= 2048
        assert _embed_size(embed) <= 6000
        items = _buttons(view)
        assert 0 < len(items) <= 25
        ids = [item.custom_id for item in items]
        assert len(set(ids)) == len(ids)
        for item in items:
            assert item.custom_id is not None and len(item.custom_id) <= 100
            assert item.label and len(item.label) <= 80
            assert BookButton.__discord_ui_compiled_template__.fullmatch(item.custom_id)
        if part != TOC:
            assert t("book.page", lang, page=page + 1, pages=count) == embed.footer.text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("part", PARTS)
def test_the_pages_of_a_part_are_the_whole_part(part: str, lang: str) -> None:
    shown = pages(part, lang)
    # cut between blocks (or, for a list longer than a page, between its items): nothing is
    # lost, nothing repeated
    assert _words("\n".join(shown)) == _words(part_text(part, lang))
    assert all(len(page) <= PAGE_CHARS for page in shown)
    headings = [p for p in shown if p.startswith("**§")]
    assert len(headings) == len(TOPICS.get(part, (0,)))  # each section starts a page
    for page in shown:
        assert page.count("```") % 2 == 0  # no code block cut in two


def test_the_buttons_lead_through_the_pages() -> None:
    count = len(pages("examples", "en"))
    assert count > 2
    _, first = book_message("examples", "en", 0)
    prev, nxt, contents = _buttons(first)
    assert prev.disabled and prev.label == "◀ Previous"
    assert nxt.custom_id == "rb:examples:en:1" and not nxt.disabled
    assert contents.custom_id == "rb:toc:en:0"
    _, last = book_message("examples", "en", count + 5)  # past the end: the last page
    prev, nxt, _ = _buttons(last)
    assert nxt.disabled and prev.custom_id == f"rb:examples:en:{count - 2}"
    _, toc = book_message(TOC, "zh-TW")
    assert [b.custom_id for b in _buttons(toc)] == [f"rb:{topic}:zh-TW:0" for topic in TOPICS]
    assert [b.label for b in _buttons(toc)][:2] == ["牌、牌桌與牌牆", "跌寶與寶"]


def test_a_one_page_part_has_only_contents() -> None:
    assert len(pages("bao", "en")) == 1
    _, view = book_message("bao", "en")
    assert [b.custom_id for b in _buttons(view)] == ["rb:toc:en:0"]


def test_a_block_longer_than_a_page_is_cut_at_line_ends() -> None:
    code = "```console\n" + "\n".join(f"line {i:03d} " + "x" * 40 for i in range(100)) + "\n```"
    text = "\n\n".join(["intro", code, "y" * 700, "z" * 2500])
    shown = paginate(text, 1000)
    assert all(len(p) <= 1000 for p in shown)
    assert all(p.count("```") % 2 == 0 for p in shown)
    assert "".join(shown).count("line 099") == 1 and sum(p.count("z") for p in shown) == 2500


# --- rendering ----------------------------------------------------------------------------------


def test_markdown_is_rendered_for_discord() -> None:
    markdown = (
        "## §9 Payments\n\nEvery other player pays the\nwinner.\n\n"
        "- a point\n  wrapped\n  - a sub-point\n\n"
        "| bonus | points | |\n|---|---|---|\n| 碰杠 | 1 | a 明杠 |\n\n"
        "```console\n$ shangrao-bot score\nValue per payer: 2\n```"
    )
    assert render(markdown, "en") == (
        "**§9 Payments**\n\nEvery other player pays the winner.\n\n"
        "• a point wrapped\n\u2003◦ a sub-point\n\n"
        "• **碰杠** · points: 1 · a 明杠\n\n"
        "```console\n$ shangrao-bot score\nValue per payer: 2\n```"
    )
    chinese = (
        "其他每家\n付给赢家 `/rules set` 的\n分数。\n\n| 奖励 | 分数 |\n|---|---|\n| 接宝 | 10 |"
    )
    assert render(chinese, "zh-CN") == (
        "其他每家付给赢家 `/rules set` 的分数。\n\n• **接宝** · 分数：10"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_no_raw_markdown_reaches_discord(lang: str) -> None:
    for part in TOPICS:
        text = CODE.sub(" ", part_text(part, lang))
        assert not re.search(r"^\s*(#|\||- )", text, re.M), part
        assert "|---" not in text and "<" not in text
        assert not re.search(r"(?<![\w`])_\w", text)  # no stray underscore (italics)


# --- Chinese ------------------------------------------------------------------------------------


@pytest.mark.usefixtures("long_command_ids")
@pytest.mark.parametrize("lang", ["zh-CN", "zh-TW"])
def test_the_chinese_pages_are_chinese(lang: str) -> None:
    """Outside code (commands to type, tile codes, the command line's answers) a Chinese page
    has no English word and no tile code; the patterns a table's Rules button shows have none
    even in code."""
    texts = [book_message(TOC, lang)[0].description or ""]
    for part in TOPICS:
        for page in range(len(pages(part, lang))):
            texts.append(book_message(part, lang, page)[0].description or "")
    prose = [CODE.sub(" ", text) for text in texts]
    assert offending(prose, ZH_ALLOWED) == []
    for part in ("s7", "s8"):
        whole = [
            book_message(part, lang, p)[0].description or "" for p in range(len(pages(part, lang)))
        ]
        assert offending(whole, ZH_ALLOWED) == [], part


# Characters of the Chinese book that are written the same in traditional Chinese. With the
# map's keys they must cover every character of the book, so a new simplified character
# cannot slip through unconverted.
SAME_IN_TRADITIONAL = (
    "、。「」一七三上下不且中串之乘九也了二五亮人什他付令以任但位何作你例依便保修倍候值做偷像先入全八公六共其再出基"
    "分到刻前剩副加包北十南原去又及友取另只叫可右吃各合吊同名命和哈哪唯器四回因固在地坐型外多大天好如子字它完定家"
    "密小少就尾局左差己已巴布希常平幺底座式往得循怎息情想意成或房所手才打把拒括指按掉接搭摸改整文方既明星是普暗更"
    "最有服本束果某查核格案桌次正此死母每比永求法洗流浪消清炮然片版牌理生用由留白百的目直相看真碰示科空章第等筒答"
    "算管箭繁置翻者而胡能自至色花英行表被西要角言豪起超跌跟身迫逆通遍那部都重除零露非靠面骰高麻默（），：；"
)


def test_every_chinese_character_of_the_book_is_known() -> None:
    prose = CODE.sub(" ", book_source("zh-CN"))
    chars = {c for c in prose if ord(c) > 0x2E80}
    unknown = chars - set(TW_CHARS) - set(SAME_IN_TRADITIONAL)
    assert not unknown, f"add to TW_CHARS or SAME_IN_TRADITIONAL: {''.join(sorted(unknown))}"
    assert not set(TW_CHARS) & set(SAME_IN_TRADITIONAL)


def test_the_shipped_traditional_book_equals_a_fresh_build() -> None:
    """``docs/rules.zh-TW.md`` is built from the simplified book (``make rulebook``)."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    assert book_source("zh-TW") == build(docs)


def test_the_character_map_is_simplified_to_traditional() -> None:
    assert all(s != tr for s, tr in TW_CHARS.items())
    assert not set(TW_CHARS.values()) & set(TW_CHARS)  # converting twice changes nothing
    # what the bot's own traditional texts say, the book says too
    simplified_only = {
        c
        for entry in BY_KEY.values()
        for c in entry["zh-CN"]
        if ord(c) > 0x2E80 and not any(c in e["zh-TW"] for e in BY_KEY.values())
    }
    simplified_only -= set(SAME_IN_TRADITIONAL)  # 命: the catalog says 指令 for 命令
    traditional = CODE.sub(" ", book_source("zh-TW"))
    assert simplified_only and not simplified_only & set(traditional)
    for word in ("寶吊頭", "槓開", "莊家", "閒家", "寬鬆", "九幺", "發"):
        assert word in traditional, word


def test_traditional_conversion_keeps_code_and_uses_taiwans_words() -> None:
    assert to_traditional("用 `/rules set` 设置，命令行里的 `--flown 张数` 不变") == (
        "用 `/rules set` 設定，命令列裡的 `--flown 张数` 不變"
    )
    assert to_traditional("本服务器的默认命令") == "本伺服器的預設指令"
    assert to_traditional("```console\nPattern: 宝吊头 ×3\n```") == (
        "```console\nPattern: 宝吊头 ×3\n```"
    )
    assert load_book("zh-TW").title == "上饒麻將規則書"
