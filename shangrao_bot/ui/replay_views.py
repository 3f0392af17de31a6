"""The replay message: a finished virtual hand's board at one step, with its controls.

Controls, on three rows: ⏮ ◀ [step counter] ▶ ⏭; a select of the view (the table — every hand
face up — or one seat's view: that seat's hand face up, as the player saw the game); and
Animate (the whole hand from the chosen view, as a GIF in a new message); from a seat's view,
at a step where that seat moved, "Review this decision" opens the review of that seat's
decisions at that moment. Each press edits the message with that step's picture.

Every control is a :class:`discord.ui.DynamicItem` template whose custom_id carries the whole
state — the ledger hand id, the step shown and the view (``rp:{hand}:{step}:{view}:{op}``,
``rps:{hand}:{step}``) — so a replay posted before a restart keeps working, and nothing is kept
per message. The hand is looked up in the pressing member's server only (a custom_id copied
elsewhere finds nothing), and rebuilt by :mod:`shangrao_bot.service.replay` (cached).

Every step press is acknowledged first (a deferral), then the picture is drawn on the picture
workers, off the event loop. Animate finds the hand first (so that a refusal stays private),
then defers; animations are drawn one at a time per process (each keeps a worker busy for
seconds) and the last few are kept. The message's words are in the server's language (it is public);
refusals in the presser's own.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord

from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.render.labels import labels_for
from shangrao_bot.render.replay import (
    ReplayFrame,
    render_animation,
    render_frame,
    replay_frame,
)
from shangrao_bot.service.replay import LoadedReplay, UnknownHand
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.finished_hands import REPLAYS
from shangrao_bot.ui.finished_hands import forget_cached as forget_hands
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.language import public_language
from shangrao_bot.ui.pictures import PICTURES
from shangrao_bot.ui.review_views import OpenReviewButton

FILENAME = "replay.png"
ANIMATION = "replay.gif"
OPS = ("first", "prev", "next", "last")
ICONS = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}
VIEW_TABLE = "t"


def view_code(seat: int | None) -> str:
    return VIEW_TABLE if seat is None else str(seat)


def seat_of_code(code: str) -> int | None:
    return None if code == VIEW_TABLE else int(code)


def target(op: str, step: int, steps: int) -> int:
    """The step a control leads to from ``step`` (clamped to the hand)."""
    last = steps - 1
    moved = {"first": 0, "prev": step - 1, "next": step + 1, "last": last}.get(op, step)
    return max(0, min(moved, last))


def frame_of(loaded: LoadedReplay, step: int, seat: int | None) -> ReplayFrame:
    return replay_frame(loaded.replay, loaded.source.hand_id, step, seat)


def view_words(loaded: LoadedReplay, seat: int | None, lang: str) -> str:
    if seat is None:
        return t("replay.view_table", lang)
    wind = labels_for(lang).winds[loaded.replay.steps[0].public.seats[seat].wind]
    return t("replay.view_seat", lang, seat=seat + 1, wind=wind)


def content(loaded: LoadedReplay, step: int, seat: int | None, lang: str) -> str:
    title = t(
        "replay.title",
        lang,
        hand=loaded.source.hand_id,
        table=loaded.source.table_id,
        number=loaded.hand_no,
    )
    line = t(
        "replay.step",
        lang,
        step=step + 1,
        steps=len(loaded.replay),
        view=view_words(loaded, seat, lang),
    )
    return f"**{title}**\n{line}"


def replay_view(loaded: LoadedReplay, step: int, seat: int | None, lang: str) -> discord.ui.View:
    hand, steps = loaded.source.hand_id, len(loaded.replay)
    view = discord.ui.View(timeout=None)
    code = view_code(seat)
    for op in OPS[:2]:
        view.add_item(StepButton(hand, step, code, op, disabled=step == 0))
    counter = discord.ui.Button[Any](
        label=f"{step + 1}/{steps}",
        style=discord.ButtonStyle.secondary,
        custom_id=f"rp:{hand}:{step}:{code}:count",
        disabled=True,
        row=0,
    )
    view.add_item(counter)
    for op in OPS[2:]:
        view.add_item(StepButton(hand, step, code, op, disabled=step >= steps - 1))
    view.add_item(
        ViewSelect(hand, step, seat_options(loaded, seat, lang), t("replay.pick_view", lang))
    )
    view.add_item(AnimateButton(hand, step, code, t("replay.animate", lang)))
    if seat is not None and loaded.replay.moved(step, seat):
        button = OpenReviewButton(hand, code, step, t("review.open_step", lang))
        button.item.row = 2
        view.add_item(button)
    return view


def seat_options(loaded: LoadedReplay, seat: int | None, lang: str) -> list[discord.SelectOption]:
    winds = labels_for(lang).winds
    public = loaded.replay.steps[0].public
    options = [
        discord.SelectOption(
            label=t("replay.option_table", lang)[:100], value=VIEW_TABLE, default=seat is None
        )
    ]
    for s in range(len(public.seats)):
        name = loaded.names[s] if s < len(loaded.names) else "?"
        label = t(
            "replay.option_seat", lang, seat=s + 1, wind=winds[public.seats[s].wind], name=name
        )
        options.append(discord.SelectOption(label=label[:100], value=str(s), default=seat == s))
    return options


async def replay_message(
    loaded: LoadedReplay, step: int, seat: int | None, lang: str
) -> tuple[str, discord.File, discord.ui.View]:
    """The message of ``step`` from ``seat``'s view (None: the table's): its text, its
    picture (drawn on the picture workers) and its controls."""
    frame = frame_of(loaded, step, seat)
    png = await PICTURES.draw(render_frame, frame, lang=lang)
    file = discord.File(io.BytesIO(png), filename=FILENAME)
    return (
        content(loaded, frame.step, seat, lang),
        file,
        replay_view(loaded, frame.step, seat, lang),
    )


# A whole hand's animation keeps a picture worker busy for seconds (a frame a step): one at a
# time per process, so the tables' own pictures always find a worker; and the last few made
# are kept (a finished hand never changes), so pressing Animate again costs nothing.
_ANIMATING = asyncio.Semaphore(1)
ANIMATIONS_KEPT = 4
_ANIMATIONS: RecentlyUsed[tuple[int, int, int | None, str], bytes] = RecentlyUsed(ANIMATIONS_KEPT)


async def animation_file(loaded: LoadedReplay, seat: int | None, lang: str) -> discord.File:
    """The whole hand from ``seat``'s view as a GIF within the upload limit (drawn on the
    picture workers, one animation at a time)."""
    key = (loaded.source.guild_id, loaded.source.hand_id, seat, lang)
    async with _ANIMATING:
        gif = _ANIMATIONS.get(key)
        if gif is None:
            frames = [frame_of(loaded, i, seat) for i in range(len(loaded.replay))]
            gif = await PICTURES.draw(render_animation, frames, lang=lang)
            _ANIMATIONS.put(key, gif)
    return discord.File(io.BytesIO(gif), filename=ANIMATION)


def forget_cached() -> None:
    """Drop every cached replay, review and animation (tests: a new database reuses hand
    ids)."""
    forget_hands()
    _ANIMATIONS.clear()


def _lang(interaction: discord.Interaction) -> str:
    return public_language(interaction.client, interaction.guild_id, interaction.guild_locale)


async def _loaded(interaction: discord.Interaction, hand: int) -> LoadedReplay:
    if interaction.guild_id is None:
        raise UnknownHand(hand)
    db = interaction.client.db  # type: ignore[attr-defined]
    return await REPLAYS.get(db, interaction.guild_id, hand)


async def show_step(
    interaction: discord.Interaction, hand: int, step: int, seat: int | None
) -> None:
    """Edit the replay message to ``step`` from ``seat``'s view (acknowledged first)."""
    try:
        await interaction.response.defer()
        loaded = await _loaded(interaction, hand)
        text, file, view = await replay_message(loaded, step, seat, _lang(interaction))
        await interaction.edit_original_response(content=text, attachments=[file], view=view)
    except Exception as error:
        await reply_error(interaction, error)


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rp:(?P<hand>\d{1,18}):(?P<step>\d{1,5}):(?P<view>[t0-3]):(?P<op>first|prev|next|last)",
):
    """⏮ ◀ ▶ ⏭: to the first, previous, next or last step."""

    def __init__(self, hand: int, step: int, view: str, op: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=ICONS[op],
                style=discord.ButtonStyle.primary
                if op in ("prev", "next")
                else discord.ButtonStyle.secondary,
                custom_id=f"rp:{hand}:{step}:{view}:{op}",
                disabled=disabled,
                row=0,
            )
        )
        self.hand, self.step, self.code, self.op = hand, step, view, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepButton:
        return cls(int(match["hand"]), int(match["step"]), match["view"], match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        seat = seat_of_code(self.code)
        # the step count is known once the hand is loaded: "last" and "next" clamp there
        try:
            await interaction.response.defer()
            loaded = await _loaded(interaction, self.hand)
            step = target(self.op, self.step, len(loaded.replay))
            text, file, view = await replay_message(loaded, step, seat, _lang(interaction))
            await interaction.edit_original_response(content=text, attachments=[file], view=view)
        except Exception as error:
            await reply_error(interaction, error)


class ViewSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rps:(?P<hand>\d{1,18}):(?P<step>\d{1,5})",
):
    """Whose view: the table (every hand) or one seat's."""

    def __init__(
        self,
        hand: int,
        step: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rps:{hand}:{step}",
                placeholder=placeholder[:150] if placeholder else None,
                options=options or [discord.SelectOption(label="-", value=VIEW_TABLE)],
                min_values=1,
                max_values=1,
                row=1,
            )
        )
        self.hand, self.step = hand, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ViewSelect:
        return cls(int(match["hand"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or [VIEW_TABLE]
        code = str(values[0])
        seat = seat_of_code(code) if code in ("t", "0", "1", "2", "3") else None
        await show_step(interaction, self.hand, self.step, seat)


class AnimateButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rp:(?P<hand>\d{1,18}):(?P<step>\d{1,5}):(?P<view>[t0-3]):anim",
):
    """The whole hand as a GIF, from the view chosen, in a new message."""

    def __init__(self, hand: int, step: int, view: str, label: str = "Animate") -> None:
        super().__init__(
            discord.ui.Button(
                label=f"🎞 {label}"[:80],
                style=discord.ButtonStyle.success,
                custom_id=f"rp:{hand}:{step}:{view}:anim",
                row=2,
            )
        )
        self.hand, self.step, self.code = hand, step, view

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AnimateButton:
        return cls(int(match["hand"]), int(match["step"]), match["view"])

    async def callback(self, interaction: discord.Interaction) -> None:
        seat = seat_of_code(self.code)
        try:
            # found before the acknowledgement (a cached or quick read): a refusal stays private
            loaded = await _loaded(interaction, self.hand)
        except Exception as error:
            await reply_error(interaction, error)
            return
        try:
            await interaction.response.defer(thinking=True)
            lang = _lang(interaction)
            file = await animation_file(loaded, seat, lang)
            text = t(
                "replay.animation",
                lang,
                hand=loaded.source.hand_id,
                steps=len(loaded.replay),
                view=view_words(loaded, seat, lang),
            )
            await interaction.followup.send(text, file=file)
        except Exception as error:
            await reply_error(interaction, error)


REPLAY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    StepButton,
    ViewSelect,
    AnimateButton,
)
