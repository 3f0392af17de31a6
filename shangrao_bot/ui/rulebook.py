"""The players' rule book in Discord: loaded from the package, rendered for Discord and cut into
pages, with Previous / Next / Contents buttons that keep working after a restart.

The book is two Markdown files, ``docs/rules.en.md`` and ``docs/rules.zh-CN.md`` (shipped in
the package as ``shangrao_bot/docs``, a link to the repository's ``docs/``), with the same
numbered sections (``## §5 …``). Traditional Chinese readers get the simplified text converted
by :func:`to_traditional`: a few whole words that Taiwan says
differently (伺服器, 預設 …), then a character map; code (commands, tile codes, the command
line's answers) is left as it is.

A *part* is what one message shows: a topic of ``/rules explain`` (several sections), one
section (``s7``: the table's Rules button shows its preset's patterns) or the contents
(``toc``). Each section starts a new page; a page holds whole paragraphs, tables and code blocks
up to :data:`PAGE_CHARS` characters, one embed per page (Discord allows 4096 in a description),
so the pages of a part joined by blank lines are exactly its rendered text.

Buttons are :class:`BookButton` dynamic items whose custom_id ``rb:{part}:{lang}:{page}`` says
everything a click needs; ``bot.add_dynamic_items(*RULEBOOK_ITEMS)`` makes old messages' buttons
work after a restart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, ClassVar

import discord

from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.i18n import link_commands, t

BOOK_LANGS = ("en", "zh-CN")  # the files; zh-TW is converted from zh-CN
PAGE_CHARS = 2000  # per page before command mentions are expanded; Discord allows 4096
EMBED_COLOUR = discord.Colour.from_rgb(176, 32, 32)

# /rules explain topics → the sections they show, in the order of the contents
TOPICS: dict[str, tuple[int, ...]] = {
    "basics": (1, 2),
    "bao": (3,),
    "kongs": (4,),
    "winning": (5, 6),
    "patterns": (7, 8),
    "payments": (9, 10),
    "presets": (11,),
    "examples": (12,),
}
# the section with each preset's patterns and values (the table's Rules button)
PRESET_SECTIONS = {"shangrao": 7, "baike": 8}
TOC = "toc"


# --- the files ------------------------------------------------------------------------------


def book_source(lang: str) -> str:
    """The book's Markdown in ``lang`` (zh-TW: converted from zh-CN; other languages: English)."""
    if lang == "zh-TW":
        return to_traditional(book_source("zh-CN"))
    name = f"rules.{lang if lang in BOOK_LANGS else 'en'}.md"
    return _read(name)


@cache
def _read(name: str) -> str:
    return (resources.files("shangrao_bot") / "docs" / name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Section:
    number: int
    title: str  # "§5 How a hand is won"
    markdown: str  # the section's text, its heading included


@dataclass(frozen=True)
class Book:
    title: str
    intro: str  # the Markdown between the title and §1
    sections: dict[int, Section]


_SECTION = re.compile(r"^## (§(\d+) .+)$", re.M)


@cache
def load_book(lang: str) -> Book:
    """The book in ``lang``, cut into its numbered sections."""
    text = book_source(lang)
    heads = list(_SECTION.finditer(text))
    title_line = text.split("\n", 1)[0]
    if not title_line.startswith("# ") or not heads:
        raise ValueError(f"the rule book ({lang}) needs a '# ' title and '## §N' sections")
    intro = text[len(title_line) : heads[0].start()].strip()
    sections = {}
    for head, following in zip(heads, [*heads[1:], None], strict=True):
        end = following.start() if following is not None else len(text)
        number = int(head.group(2))
        sections[number] = Section(number, head.group(1), text[head.start() : end].strip())
    return Book(title_line[2:].strip(), intro, sections)


# --- traditional characters -----------------------------------------------------------------

# Words said differently in Taiwan, replaced (longest first) before the character map.
TW_PHRASES: dict[str, str] = {
    "服务器": "伺服器",
    "命令行": "命令列",
    "命令": "指令",
    "默认": "預設",
    "设置": "設定",
    "优先级": "優先順序",
    "消息": "訊息",
    "哈希值": "雜湊值",
    "运行": "執行",
}

# Simplified → traditional, one character each, for every simplified character of the book
# (a test checks that none is left over). A character with several traditional forms is
# mapped to the one the book means: 发 發 (the dragon, to deal), 里 裡, 杠 槓, 松 鬆 (宽松);
# 幺 stays, as players write 九幺.
TW_CHARS: dict[str, str] = dict(
    zip(
        "万与东两个么书于从优会体关写决况凑几则别务励华单双发变号后员图场墙处头奖宝实宽对"
        "将属并庄废开张强当录抢拟择据掷数断无时显机杠条来标样没点烂独环着确种类紧级组经结"
        "给绝继续编节虚补见规计认让记许设试语说读谁调赢轮输边过运还这进远连选里针错闲间阅"
        "际随项顺颗风飞饶饼马松",
        "萬與東兩個麼書於從優會體關寫決況湊幾則別務勵華單雙發變號後員圖場牆處頭獎寶實寬對"
        "將屬並莊廢開張強當錄搶擬擇據擲數斷無時顯機槓條來標樣沒點爛獨環著確種類緊級組經結"
        "給絕繼續編節虛補見規計認讓記許設試語說讀誰調贏輪輸邊過運還這進遠連選裡針錯閒間閱"
        "際隨項順顆風飛饒餅馬鬆",
        strict=True,
    )
)
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
_TW_WORDS = re.compile("|".join(sorted(TW_PHRASES, key=len, reverse=True)))
_TW_TABLE = str.maketrans(TW_CHARS)


def to_traditional(text: str) -> str:
    """Simplified Chinese ``text`` in traditional characters, code spans and blocks unchanged."""
    out = []
    position = 0
    for code in _CODE.finditer(text):
        out.append(_convert(text[position : code.start()]))
        out.append(code.group())
        position = code.end()
    out.append(_convert(text[position:]))
    return "".join(out)


def _convert(text: str) -> str:
    return _TW_WORDS.sub(lambda m: TW_PHRASES[m.group()], text).translate(_TW_TABLE)


# --- Markdown for Discord ---------------------------------------------------------------------

_WIDE = re.compile(r"[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]")


def _join(left: str, right: str) -> str:
    """Two lines of one paragraph as one: a space between them, none between Chinese text."""
    if not left:
        return right
    if _WIDE.match(left[-1]) and _WIDE.match(right[0]):
        return left + right
    return f"{left} {right}"


def _table(rows: list[str], lang: str) -> list[str]:
    """A Markdown table as one line per row: the first cell bold, the others labelled by their
    header (a column with an empty header is not labelled) — readable on a phone."""
    colon = "：" if lang.startswith("zh") else ": "
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
    header, body = cells[0], [r for r in cells[1:] if not all(set(c) <= set("-: ") for c in r)]
    lines = []
    for row in body:
        parts = [f"**{row[0]}**"]
        for label, cell in zip(header[1:], row[1:], strict=False):
            if cell:
                parts.append(f"{label}{colon}{cell}" if label else cell)
        lines.append("• " + " · ".join(parts))
    return lines


def render(markdown: str, lang: str) -> str:
    """The book's Markdown as Discord shows it: headings as bold lines, list items as bullets,
    tables as one line per row, wrapped lines joined; code blocks kept as they are. Blocks are
    separated by one blank line."""
    blocks: list[list[str]] = []
    current: list[str] = []
    lines = markdown.strip("\n").split("\n")
    i = 0

    def close() -> None:
        nonlocal current
        if current:
            blocks.append(current)
            current = []

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("```"):
            close()
            end = next(
                (j for j in range(i + 1, len(lines)) if lines[j].strip().startswith("```")),
                len(lines) - 1,  # an unclosed block runs to the end
            )
            blocks.append(lines[i : end + 1])
            i = end + 1
            continue
        if not stripped:
            close()
        elif stripped.startswith("#"):
            close()
            blocks.append([f"**{stripped.lstrip('#').strip()}**"])
        elif stripped.startswith("|"):
            close()
            end = i
            while end < len(lines) and lines[end].strip().startswith("|"):
                end += 1
            blocks.append(_table(lines[i:end], lang))
            i = end
            continue
        elif re.match(r"\s*- ", line):
            indent = len(line) - len(line.lstrip())
            bullet = "• " if indent == 0 else "\u2003◦ "
            current.append(bullet + stripped[2:])
        elif current and (line.startswith(" ") or not current[-1].startswith(("•", "\u2003"))):
            # a wrapped line: of a list item (indented) or of a paragraph
            current[-1] = _join(current[-1], stripped)
        else:
            current.append(stripped)
        i += 1
    close()
    return "\n\n".join("\n".join(block) for block in blocks)


# --- pages ------------------------------------------------------------------------------------


def _split_long(block: str, limit: int) -> list[str]:
    """A block longer than a page, cut at line ends (a code block is closed and reopened on
    each piece); a single line longer than a page is cut where it must."""
    lines = block.split("\n")
    head = tail = ""
    if lines[0].startswith("```") and len(lines) > 1 and lines[-1].strip() == "```":
        head, tail, lines = lines[0] + "\n", "\n```", lines[1:-1]
    room = limit - len(head) - len(tail)
    cut: list[str] = []
    for line in lines:
        cut += [line[i : i + room] for i in range(0, len(line), room)] or [""]
    pieces: list[str] = []
    current: str | None = None
    for line in cut:
        if current is not None and len(current) + 1 + len(line) <= room:
            current += "\n" + line
        else:
            if current is not None:
                pieces.append(current)
            current = line
    if current is not None:
        pieces.append(current)
    return [head + piece + tail for piece in pieces]


def paginate(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """``text`` (blocks separated by blank lines) in pages of at most ``limit`` characters,
    cut between blocks; ``"\\n\\n".join(pages) == text`` unless one block alone is longer than
    a page."""
    pages: list[str] = []
    current = ""
    blocks = []
    for block in _blocks(text):
        blocks.extend(_split_long(block, limit) if len(block) > limit else [block])
    for block in blocks:
        candidate = f"{current}\n\n{block}" if current else block
        if len(candidate) > limit and current:
            pages.append(current)
            current = block
        else:
            current = candidate
    if current or not pages:
        pages.append(current)
    return pages


def _blocks(text: str) -> list[str]:
    """Blank-line separated blocks, a code block (which may hold blank lines) kept whole."""
    out: list[str] = []
    inside = False
    for chunk in text.split("\n\n"):
        if inside:
            out[-1] += "\n\n" + chunk
        else:
            out.append(chunk)
        if chunk.count("```") % 2:
            inside = not inside
    return out


def part_sections(part: str) -> tuple[int, ...]:
    """The sections a part shows: a topic's, or one section (``s7``)."""
    if part in TOPICS:
        return TOPICS[part]
    match = re.fullmatch(r"s(\d+)", part)
    if match and int(match.group(1)) in load_book("en").sections:
        return (int(match.group(1)),)
    raise KeyError(part)


def part_text(part: str, lang: str) -> str:
    """A part's sections rendered for Discord, one after the other."""
    book = load_book(lang)
    return "\n\n".join(render(book.sections[n].markdown, lang) for n in part_sections(part))


@cache
def pages(part: str, lang: str) -> tuple[str, ...]:
    """A part's pages; every section starts a page."""
    book = load_book(lang)
    out: list[str] = []
    for n in part_sections(part):
        out += paginate(render(book.sections[n].markdown, lang))
    return tuple(out)


def preset_part(preset: str) -> str:
    """The part with a preset's patterns and values (``s7`` or ``s8``)."""
    return f"s{PRESET_SECTIONS.get(preset, PRESET_SECTIONS['shangrao'])}"


def _part_name(part: str, lang: str) -> str:
    if part in TOPICS:
        return t(f"book.topic.{part}", lang)
    return load_book(lang).sections[part_sections(part)[0]].title


# --- Discord messages --------------------------------------------------------------------------


def page_embed(part: str, lang: str, page: int) -> discord.Embed:
    """Page ``page`` (from 0) of a part: one embed, the page in its description."""
    shown = pages(part, lang)
    page = max(0, min(page, len(shown) - 1))
    embed = discord.Embed(
        title=f"{t('book.title', lang)} · {_part_name(part, lang)}"[:256],
        description=link_commands(shown[page]),
        colour=EMBED_COLOUR,
    )
    embed.set_footer(text=t("book.page", lang, page=page + 1, pages=len(shown)))
    return embed


def toc_embed(lang: str) -> discord.Embed:
    """The contents: the book's opening words, then each topic with its sections."""
    book = load_book(lang)
    lines = []
    for topic, numbers in TOPICS.items():
        titles = " · ".join(book.sections[n].title for n in numbers)
        lines.append(f"**{t(f'book.topic.{topic}', lang)}** — {titles}")
    description = "\n\n".join(
        [render(book.intro, lang), "\n".join(lines), t("book.toc.pick", lang)]
    )
    return discord.Embed(
        title=book.title[:256], description=link_commands(description), colour=EMBED_COLOUR
    )


def book_message(part: str, lang: str, page: int = 0) -> tuple[discord.Embed, discord.ui.View]:
    """What a part's message shows: the embed of one page (or the contents) and its buttons."""
    if part == TOC:
        return toc_embed(lang), toc_view(lang)
    count = len(pages(part, lang))
    page = max(0, min(page, count - 1))
    view = discord.ui.View(timeout=None)
    if count > 1:
        view.add_item(BookButton(part, lang, max(page - 1, 0), "prev", disabled=page == 0))
        view.add_item(
            BookButton(part, lang, min(page + 1, count - 1), "next", disabled=page == count - 1)
        )
    view.add_item(BookButton(TOC, lang, 0, "contents"))
    return page_embed(part, lang, page), view


def toc_view(lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for topic in TOPICS:
        view.add_item(BookButton(topic, lang, 0, f"topic.{topic}"))
    return view


class BookButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rb:(?P<part>[a-z0-9]+):(?P<lang>en|zh-CN|zh-TW):(?P<page>\d{1,3})",
):
    """A button of the rule book: show page ``page`` of ``part`` in ``lang`` (the message is
    edited in place). ``label`` names the catalog key of its text (``prev``, ``next``,
    ``contents``, ``topic.bao`` …)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "prev": discord.ButtonStyle.secondary,
        "next": discord.ButtonStyle.primary,
    }

    def __init__(
        self, part: str, lang: str, page: int, label: str = "next", disabled: bool = False
    ) -> None:
        style = self.STYLES.get(label, discord.ButtonStyle.secondary)
        super().__init__(
            discord.ui.Button(
                label=t(f"book.{label}", lang)[:80],
                style=style,
                custom_id=f"rb:{part}:{lang}:{page}",
                disabled=disabled,
            )
        )
        self.part, self.lang, self.page = part, lang, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BookButton:
        return cls(match["part"], match["lang"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            part = self.part
            if part != TOC:
                try:
                    part_sections(part)
                except KeyError:  # a part this version of the book no longer has
                    part = TOC
            embed, view = book_message(part, self.lang, self.page)
            await interaction.response.edit_message(embed=embed, view=view)
        except Exception as error:
            await reply_error(interaction, error)


RULEBOOK_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (BookButton,)
