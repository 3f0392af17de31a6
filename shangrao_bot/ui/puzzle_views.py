"""The 何切 puzzle message: its question, its answer buttons, its reveal.

A puzzle is posted publicly in the server's language, with the hand as a picture (the 宝 and
the tiles in sight under it), one button per kind that may be discarded (in tile order: the
order must not give the answer away) and a Reveal button. Buttons are
:class:`discord.ui.DynamicItem` templates carrying the puzzle's id (``pz:{id}:{tile}``,
``pz:{id}:reveal``), so a puzzle posted before a restart still takes answers.

**Answers.** One per player; pressing another button changes it, until the reveal (the store
refuses an answer once the puzzle is revealed, in the same transaction that writes it). The
player is told privately, in their own language, what they answered; nobody else sees it
before the reveal.

**The reveal.** At the deadline (the server's ``puzzle_minutes`` after posting, swept by the
puzzle cog), or earlier when the member who posed it (or an administrator) presses Reveal. The
message is edited in place: the picture is drawn again with the ranking, the text says the
answer, why it clearly beats the second best (the rule of :mod:`shangrao_bot.engine.puzzle`), the
ranking, and who answered what; the buttons go. The store reveals a puzzle once only, so the sweep
and a press at the same moment cannot both announce it.
"""

from __future__ import annotations

import io
import logging
import re
from datetime import datetime
from typing import Any

import discord

from shangrao_bot.engine.puzzle import Puzzle
from shangrao_bot.errors import Refusal
from shangrao_bot.render.analysis import AnalysisPicture, render_analysis
from shangrao_bot.render.labels import labels_for
from shangrao_bot.rules.tile_names import tile_label
from shangrao_bot.rules.tiles import parse_tile, tile_str
from shangrao_bot.store.ledger.puzzles import (
    StoredPuzzle,
    answer_puzzle,
    answers,
    close_puzzle,
    get_puzzle,
)
from shangrao_bot.ui.analysis_text import fit_lines, ranking_lines
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.pictures import PICTURES

log = logging.getLogger(__name__)

FILENAME = "puzzle.png"
COLOUR = 0x1F8A5B
RANKING_LINES = 5  # candidates spelled out at the reveal (the picture shows more)
WHO_LIMIT = 1500  # characters of the "who answered what" part


def deadline_mention(deadline: str) -> str:
    """Discord's own timestamp markup (shown in each reader's language and time zone)."""
    return f"<t:{int(datetime.fromisoformat(deadline).timestamp())}:R>"


def wind_name(wind: int, lang: str) -> str:
    lb = labels_for(lang)
    return lb.house.format(wind=lb.winds[wind]) if lang != "en" else lb.winds[wind]


def _title(stored: StoredPuzzle, lang: str) -> str:
    if stored.daily:
        return t("pz.daily_title", lang, id=stored.id, date=stored.daily)
    return t("pz.title", lang, id=stored.id)


def question_embed(stored: StoredPuzzle, puzzle: Puzzle, lang: str) -> discord.Embed:
    text = t(
        "pz.question",
        lang,
        wind=wind_name(puzzle.wind, lang),
        bao=tile_label(puzzle.inp.bao, lang),
        when=deadline_mention(stored.deadline),
    )
    embed = discord.Embed(
        title=_title(stored, lang),
        description=text + "\n\n" + t("pz.seed", lang, seed=stored.seed),
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{FILENAME}")
    return embed


def question_view(stored: StoredPuzzle, puzzle: Puzzle, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for tile in puzzle.choices:
        view.add_item(AnswerButton(stored.id, tile_str(tile), tile_label(tile, lang)))
    view.add_item(RevealButton(stored.id, t("pz.reveal", lang)))
    return view


def _why(puzzle: Puzzle, lang: str) -> str:
    best, second = puzzle.ranking[0], puzzle.ranking[1]
    if best.shanten < second.shanten:
        why = t("pz.why_shanten", lang, best=best.shanten, second=second.shanten)
    else:
        assert best.win_chance is not None and second.win_chance is not None
        why = t(
            "pz.why_weight",
            lang,
            chance=f"{100 * best.win_chance:.0f}",
            second_chance=f"{100 * second.win_chance:.0f}",
            points=f"{best.expected or 0.0:+.1f}",
            second_points=f"{second.expected or 0.0:+.1f}",
        )
    return t("pz.why", lang, why=why)


def result_embed(
    stored: StoredPuzzle, puzzle: Puzzle, given: dict[int, str], lang: str
) -> discord.Embed:
    right = sum(1 for tile in given.values() if tile == stored.answer)
    lines = [
        t(
            "pz.result",
            lang,
            tile=tile_label(puzzle.answer, lang),
            right=right,
            total=len(given),
        ),
        _why(puzzle, lang),
        "",
        *ranking_lines(puzzle.ranking[:RANKING_LINES], lang),
        "",
    ]
    by_tile: dict[str, list[int]] = {}
    for user, tile in given.items():
        by_tile.setdefault(tile, []).append(user)
    if not by_tile:
        lines.append(t("pz.nobody", lang))
    who: list[str] = []
    for tile in sorted(by_tile, key=lambda s: (s != stored.answer, parse_tile(s))):
        mark = "✅ " if tile == stored.answer else ""
        users = " ".join(f"<@{u}>" for u in by_tile[tile])
        who.append(mark + t("pz.who", lang, tile=tile_label(parse_tile(tile), lang), who=users))
    lines.append(fit_lines(who, WHO_LIMIT))
    lines += ["", t("pz.seed", lang, seed=stored.seed)]
    embed = discord.Embed(title=_title(stored, lang), description=fit_lines(lines), colour=COLOUR)
    embed.set_image(url=f"attachment://{FILENAME}")
    return embed


async def puzzle_picture(puzzle: Puzzle, puzzle_id: int, lang: str, ranked: bool) -> discord.File:
    """The hand (and, once revealed, the ranking) as an attachment, drawn by the workers."""
    inp = puzzle.inp
    rows = puzzle.ranking if ranked else ()
    picture = AnalysisPicture(inp.tiles, inp.bao, inp.melds, inp.seen, rows, puzzle_id)
    png = await PICTURES.draw(render_analysis, picture, lang=lang)
    return discord.File(io.BytesIO(png), filename=FILENAME)


async def revealed_message(
    client: Any, stored: StoredPuzzle
) -> tuple[discord.Embed, discord.File | None]:
    """The revealed puzzle's embed and picture (None when the picture cannot be drawn: the
    text alone still answers)."""
    puzzle = Puzzle.from_json(stored.spec)
    given = await answers(client.db, stored.id)
    embed = result_embed(stored, puzzle, given, stored.lang)
    try:
        file = await puzzle_picture(puzzle, stored.id, stored.lang, ranked=True)
    except Exception:
        log.exception("puzzle %d: the revealed picture could not be drawn", stored.id)
        embed.set_image(url=None)
        return embed, None
    return embed, file


async def reveal_in_channel(client: Any, stored: StoredPuzzle) -> bool:
    """Reveal a puzzle whose deadline passed: edit its message through the channel (no
    interaction is at hand). True when this call revealed it."""
    if not await close_puzzle(client.db, stored.id):
        return False
    if stored.message_id is None:
        return True  # never posted (the post failed): nothing to edit
    embed, file = await revealed_message(client, stored)
    message = client.get_partial_messageable(stored.channel_id).get_partial_message(
        stored.message_id
    )
    try:
        await message.edit(embed=embed, attachments=[file] if file else [], view=None)
    except discord.HTTPException as exc:
        log.warning("puzzle %d: the revealed message could not be edited (%s)", stored.id, exc)
    return True


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pz:(?P<id>\d{1,18}):(?P<tile>[1-9][mpsz])",
):
    """One discard a player may answer with."""

    def __init__(self, puzzle_id: int, tile: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or tile)[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"pz:{puzzle_id}:{tile}",
            )
        )
        self.puzzle_id, self.tile = puzzle_id, tile

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AnswerButton:
        return cls(int(match["id"]), match["tile"])

    async def callback(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        try:
            db = interaction.client.db  # type: ignore[attr-defined]
            message_id = interaction.message.id if interaction.message else None
            user_id = interaction.user.id
            if not await answer_puzzle(db, self.puzzle_id, user_id, self.tile, message_id):
                found = await get_puzzle(db, self.puzzle_id)
                raise Refusal("pz.gone" if found is None else "pz.closed")
            name = tile_label(parse_tile(self.tile), lang)
            await interaction.response.send_message(
                t("pz.answered", lang, tile=name), ephemeral=True
            )
        except Exception as error:
            await reply_error(interaction, error)


class RevealButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pz:(?P<id>\d{1,18}):reveal"
):
    """Reveal the puzzle now: for the member who posed it, or an administrator."""

    def __init__(self, puzzle_id: int, label: str = "Reveal") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"pz:{puzzle_id}:reveal",
            )
        )
        self.puzzle_id = puzzle_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RevealButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            client: Any = interaction.client
            stored = await get_puzzle(client.db, self.puzzle_id)
            if stored is None:
                raise Refusal("pz.gone")
            if not stored.open:
                raise Refusal("pz.closed")
            member = interaction.user
            admin = isinstance(member, discord.Member) and member.guild_permissions.administrator
            if member.id != stored.poster_id and not admin:
                raise Refusal("pz.only_poster", when=deadline_mention(stored.deadline))
            if not await close_puzzle(client.db, stored.id):
                raise Refusal("pz.closed")
            await interaction.response.defer()
            embed, file = await revealed_message(client, stored)
            await interaction.edit_original_response(
                embed=embed, attachments=[file] if file else [], view=None
            )
        except Exception as error:
            await reply_error(interaction, error)


PUZZLE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (AnswerButton, RevealButton)
