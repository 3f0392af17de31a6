"""The players' rule book in Discord: loaded from the package, rendered for Discord and cut into
pages, with Previous / Next / Contents buttons that keep working after a restart.

The book is two Markdown files, ``docs/rules.en.md`` and ``docs/rules.zh-CN.md`` (shipped in
the package as ``shangrao_bot/docs``, a link to the repository's ``docs/``), with the same
numbered sections (``## §5 …``), and ``docs/rules.zh-TW.md``, the traditional Chinese book
built from the simplified one by :mod:`shangrao_bot.traditional_book` (shipped as a file like
the others, so nothing rewrites the book's sentences at run time).

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

BOOK_LANGS = ("en", "zh-CN")  # the books written by hand; zh-TW's file is built from zh-CN
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
    """The book's Markdown in ``lang`` (a language without a book of its own: English)."""
    name = f"rules.{lang if lang in (*BOOK_LANGS, 'zh-TW') else 'en'}.md"
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
