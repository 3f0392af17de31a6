"""The review message: a player's decisions in a finished hand, one flagged moment at a time.

One message: the summary (decisions that were the analysis' first choice, points of
expectation lost, the hand's 0-100 rating), then the flagged moment shown — what the player
did and what the analysis preferred, each with its distance to a real win, useful tiles, win
chance and expected points — and a picture of the hand at that moment with the chosen and the
preferred tile marked. ◀ ▶ move through the flagged moments; each names its replay step.

Every control is a :class:`discord.ui.DynamicItem` whose custom_id carries the whole state
(``rv:{hand}:{seat}:{moment}:{op}``), so a review posted before a restart keeps working. A press
checks again who may see the review (:func:`~shangrao_bot.service.review.pick_seat`'s rule): the
reviewed player, or anyone when the server made reviews public. The Review buttons on a hand's
result and on a replay's step (``rvo:{hand}:{seat}:{step}``) open the review at the decision
of that step (or the first flagged one). The reviewed player's own review carries, when the
server's web pages are on, a 🌐 button to its page (an address only that player is given).
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.analysis import DiscardAnalysis
from shangrao_bot.engine.review import Decision, Option
from shangrao_bot.render.analysis import AnalysisPicture, render_analysis
from shangrao_bot.rules.tile_names import tile_label
from shangrao_bot.service.review import LoadedReview
from shangrao_bot.service.review import find_review as service_find_review
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.finished_hands import REVIEWS
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.pictures import PICTURES
from shangrao_bot.ui.web_links import link_button, review_page

FILENAME = "review.png"
MAX_TEXT = 1900  # a message's content, within Discord's 2,000 characters


def _tiles(tiles: tuple[int, ...], lang: str) -> str:
    return "".join(tile_label(k, lang) for k in tiles)


def action_words(action: Action, lang: str, points: float | None = None) -> str:
    k = action.kind
    tile = tile_label(action.tile, lang) if action.tile is not None else ""
    if k is ActionKind.DISCARD:
        return t("review.do.discard", lang, tile=tile)
    if k is ActionKind.PASS:
        return t("review.do.pass", lang, tile=tile)
    if k is ActionKind.CHI:
        return t("review.do.chi", lang, tiles=_tiles(action.tiles, lang))
    if k is ActionKind.PONG:
        return t("review.do.pong", lang, tile=tile)
    if k in (ActionKind.KONG, ActionKind.ANGANG, ActionKind.BUGANG):
        return t("review.do.kong", lang, tile=tile)
    if points is not None and points > 0:
        return t("review.do.win_points", lang, points=f"{points:.0f}")
    return t("review.do.win", lang)


def option_words(option: Option, decision: Decision, lang: str) -> tuple[str, str]:
    """What the option does, and why the analysis values it so."""
    action = option.action
    if action.kind is ActionKind.PASS and decision.offered is not None:
        action = Action(action.seat, ActionKind.PASS, decision.offered)
    if action.kind is ActionKind.DISCARD and action.tile == decision.bao:
        what = t("review.do.fly", lang, tile=tile_label(decision.bao, lang))
    else:
        what = action_words(action, lang, option.expected if option.outcome is None else None)
    return what, outcome_words(option.outcome, option.expected, lang)


def outcome_words(d: DiscardAnalysis | None, expected: float, lang: str) -> str:
    if d is None or d.win_chance is None:
        return t("an.outlook", lang, chance="100", points=f"{expected:+.1f}")
    chance = f"{100 * d.win_chance:.0f}"
    points = f"{expected:+.1f}"
    if d.shanten == 0:
        return t("review.why_ready", lang, chance=chance, points=points)
    return t(
        "review.why",
        lang,
        shanten=t("review.shanten", lang, n=d.shanten),
        tiles=d.effective_unseen,
        chance=chance,
        points=points,
    )


def summary_lines(loaded: LoadedReview, lang: str) -> list[str]:
    """The review's title and summary: first choices matched, points lost, the rating."""
    review = loaded.review
    return [
        "**" + t("review.title", lang, name=loaded.seat.name, hand=loaded.hand_id) + "**",
        t(
            "review.summary",
            lang,
            matched=review.matched,
            judged=len(review.judged),
            lost=f"{review.lost:.1f}",
            rating=review.rating,
        ),
    ]


def content(loaded: LoadedReview, moment: int, lang: str) -> str:
    review = loaded.review
    lines = summary_lines(loaded, lang)
    flagged = review.flagged
    if not flagged:
        lines.append(t("review.clean", lang))
        return "\n".join(lines)
    i = review.moment(moment)
    d = flagged[i]
    you, you_why = option_words(d.chosen, d, lang)
    best, best_why = option_words(d.preferred, d, lang)
    lines += [
        "",
        t("review.moment", lang, i=i + 1, n=len(flagged), step=d.step + 1, live=d.live),
        t("review.you", lang, what=you, why=you_why),
        t("review.better", lang, what=best, why=best_why),
        t("review.lost", lang, lost=f"{d.loss:.1f}"),
    ]
    if d.gave_up_ready:
        lines.append(t("review.ready_broken", lang))
    return "\n".join(lines)[:MAX_TEXT]


def picture_of(loaded: LoadedReview, d: Decision, lang: str, i: int, n: int) -> AnalysisPicture:
    """The hand at a flagged decision: the seat's own tiles only, the chosen and preferred
    discards marked, their two analyses as rows."""
    tiles = d.concealed + ((d.drawn,) if d.drawn is not None else ())
    rows = tuple(
        o.outcome
        for o in (d.preferred, d.chosen)
        if o.outcome is not None and o.outcome.tile is not None
    )
    if len(rows) == 2 and rows[0].tile == rows[1].tile:
        rows = rows[:1]

    def discarded(o: Option) -> int | None:
        a = o.action
        return a.tile if a.kind is ActionKind.DISCARD and a.tile in tiles else None

    return AnalysisPicture(
        tiles=tiles,
        bao=d.bao,
        melds=d.melds,
        rows=rows,
        chosen=discarded(d.chosen),
        preferred=discarded(d.preferred),
        caption=t("pic.analysis.review", lang, hand=loaded.hand_id, i=i + 1, n=n),
    )


def review_view(loaded: LoadedReview, moment: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    flagged = loaded.review.flagged
    hand, seat = loaded.hand_id, loaded.review.seat
    if flagged:
        i = loaded.review.moment(moment)
        view.add_item(MomentButton(hand, seat, i, "prev", t("review.prev", lang), i == 0))
        view.add_item(
            MomentButton(hand, seat, i, "next", t("review.next", lang), i >= len(flagged) - 1)
        )
    return view


async def review_message(
    loaded: LoadedReview, moment: int, lang: str, link: discord.ui.Button[Any] | None = None
) -> tuple[str, list[discord.File], discord.ui.View]:
    """The message at flagged moment ``moment``: its text, its picture (none when nothing is
    flagged) and its controls (``link`` after them: the review's 🌐 button). The picture is
    drawn on the picture workers."""
    files: list[discord.File] = []
    flagged = loaded.review.flagged
    if flagged:
        i = loaded.review.moment(moment)
        pic = picture_of(loaded, flagged[i], lang, i, len(flagged))
        png = await PICTURES.draw(render_analysis, pic, lang=lang)
        files.append(discord.File(io.BytesIO(png), filename=FILENAME))
    view = review_view(loaded, moment, lang)
    if link is not None:
        view.add_item(link)
    return content(loaded, moment, lang), files, view


async def review_link(
    interaction: discord.Interaction, loaded: LoadedReview, lang: str
) -> discord.ui.Button[Any] | None:
    """The 🌐 button to the review's page, for the reviewed player alone: its address holds a
    key that opens that player's review (others reviewing them, when reviews are public, get
    none)."""
    if loaded.seat.user_id != interaction.user.id:
        return None
    page = review_page(loaded.hand_id, loaded.review.seat)
    return await link_button(interaction.client, interaction.guild_id, page, lang)


async def review_public(interaction: discord.Interaction) -> bool:
    db = interaction.client.db  # type: ignore[attr-defined]
    assert interaction.guild_id is not None
    return (await get_settings(db, interaction.guild_id)).review_public


async def find_review(
    interaction: discord.Interaction, hand: int, player: int | None, seat: int | None = None
) -> tuple[LoadedReview, bool]:
    """The review the presser asks for (:func:`~shangrao_bot.service.review.find_review`), and
    whether the server makes reviews public."""
    db = interaction.client.db  # type: ignore[attr-defined]
    assert interaction.guild_id is not None
    public = await review_public(interaction)
    loaded = await service_find_review(
        db, REVIEWS, interaction.guild_id, hand, interaction.user.id, public,
        player=player, seat=seat,
    )  # fmt: skip
    return loaded, public


async def open_review(
    interaction: discord.Interaction,
    hand: int,
    player: int | None = None,
    seat: int | None = None,
    step: int | None = None,
) -> None:
    """Post the review (public when the server allows it, else only to the presser)."""
    try:
        loaded, public = await find_review(interaction, hand, player, seat)
    except Exception as error:
        await reply_error(interaction, error)
        return
    try:
        await interaction.response.defer(thinking=True, ephemeral=not public)
        lang = lang_of(interaction.locale)
        moment = 0 if step is None else loaded.review.moment_at(step)
        link = await review_link(interaction, loaded, lang)
        text, files, view = await review_message(loaded, moment, lang, link)
        await interaction.followup.send(text, files=files, view=view, ephemeral=not public)
    except Exception as error:
        await reply_error(interaction, error)


class MomentButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rv:(?P<hand>\d{1,18}):(?P<seat>[0-3]):(?P<moment>\d{1,4}):(?P<op>prev|next)",
):
    """◀ ▶ through the flagged moments."""

    def __init__(
        self, hand: int, seat: int, moment: int, op: str, label: str = "", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or {"prev": "◀", "next": "▶"}[op])[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"rv:{hand}:{seat}:{moment}:{op}",
                disabled=disabled,
            )
        )
        self.hand, self.seat, self.moment, self.op = hand, seat, moment, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MomentButton:
        return cls(int(match["hand"]), int(match["seat"]), int(match["moment"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            loaded, _ = await find_review(interaction, self.hand, None, self.seat)
        except Exception as error:
            await reply_error(interaction, error)
            return
        lang = lang_of(interaction.locale)
        try:
            await interaction.response.defer()
            moment = self.moment + (1 if self.op == "next" else -1)
            link = await review_link(interaction, loaded, lang)
            text, files, view = await review_message(loaded, moment, lang, link)
            await interaction.edit_original_response(content=text, attachments=files, view=view)
        except Exception as error:
            await reply_error(interaction, error)


class OpenReviewButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rvo:(?P<hand>\d{1,18}):(?P<seat>[0-3x]):(?P<step>\d{1,5})",
):
    """Review: on a hand's result (``seat`` x: the presser's own seat) and on a replay's step
    (that seat's decision at that step)."""

    def __init__(self, hand: int, seat: str, step: int, label: str = "🔍") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"rvo:{hand}:{seat}:{step}",
            )
        )
        self.hand, self.seat_code, self.step = hand, seat, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OpenReviewButton:
        return cls(int(match["hand"]), match["seat"], int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        seat = None if self.seat_code == "x" else int(self.seat_code)
        step = None if self.seat_code == "x" else self.step
        await open_review(interaction, self.hand, seat=seat, step=step)


REVIEW_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (MomentButton, OpenReviewButton)
