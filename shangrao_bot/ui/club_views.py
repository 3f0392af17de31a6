"""The buttons of a club event, as :class:`discord.ui.DynamicItem` templates whose custom_id
carries the event (and the round they act on), so that the buttons of a message posted before a
restart still work once ``bot.add_dynamic_items(*CLUB_ITEMS)`` ran:

* on the event's message: Join, Leave, Start round, Close round, Standings;
* to the organiser, privately: when the count needs a choice, "N rest" / "fill N seats"; before
  a round is closed, the confirmation.

Every press is answered within Discord's three seconds: a quick change (join, leave) answers
at once, anything longer (seating a round, opening its tables) is deferred first.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from shangrao_bot.service.club_events import ClubRefused, EventSheet, require_organiser
from shangrao_bot.service.club_rounds import FillChoice, plan_round
from shangrao_bot.service.seating import Actor
from shangrao_bot.ui.club_posts import ClubPosts
from shangrao_bot.ui.club_texts import standings_embed
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.score_views import actor_for, bot_book


def club_of(client: Any) -> ClubPosts:
    """The bot's one :class:`ClubPosts` (made on first use, over the bot's database and table
    service, its tables' lobbies posted by the bot's presenter)."""
    club = getattr(client, "club", None)
    if not isinstance(club, ClubPosts):
        club = ClubPosts(
            client,
            client.db,
            client.service,
            bot_book(client),
            event_view,
            client.table_presenter.post_lobby,
        )
        client.club = club
    return club


def event_view(sheet: EventSheet, lang: str) -> discord.ui.View:
    """The event message's buttons for where the event stands."""
    view = discord.ui.View(timeout=None)
    event = sheet.event
    if not event.is_open:
        view.add_item(EventButton(event.id, "standings", lang))
        return view
    view.add_item(EventButton(event.id, "join", lang))
    view.add_item(EventButton(event.id, "leave", lang))
    playing = sheet.playing
    if playing is not None:
        view.add_item(EventButton(event.id, "close", lang, round_no=playing.round_no))
    elif sheet.next_round <= event.settings.rounds:
        view.add_item(EventButton(event.id, "start", lang, round_no=sheet.next_round))
    view.add_item(EventButton(event.id, "standings", lang))
    return view


_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "close": discord.ButtonStyle.danger,
    "standings": discord.ButtonStyle.secondary,
}


class EventButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ev:(?P<event>\d{1,18}):(?P<op>join|leave|start|close|standings)",
):
    def __init__(self, event_id: int, op: str, lang: str = "en", round_no: int = 0) -> None:
        label = t(
            f"club.ui.{op if op != 'standings' else 'standings_button'}", lang, round=round_no
        )
        super().__init__(
            discord.ui.Button(label=label, style=_STYLES[op], custom_id=f"ev:{event_id}:{op}")
        )
        self.event_id, self.op = event_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EventButton:
        return cls(int(match["event"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await getattr(self, f"_{self.op}")(interaction)
        except Exception as error:
            await reply_error(interaction, error)

    async def _join(self, interaction: discord.Interaction) -> None:
        club, lang = club_of(interaction.client), lang_of(interaction.locale)
        assert interaction.guild_id is not None
        actor = await actor_for(club.db, interaction)
        joined = await club.desk.join(interaction.guild_id, self.event_id, actor)
        sheet = await club.desk.sheet(interaction.guild_id, self.event_id)
        await interaction.response.send_message(
            t("club.ui.joined", lang, name=sheet.event.name, round=joined.joined_round),
            ephemeral=True,
        )
        await club.refresh_event(sheet)

    async def _leave(self, interaction: discord.Interaction) -> None:
        club, lang = club_of(interaction.client), lang_of(interaction.locale)
        assert interaction.guild_id is not None
        actor = await actor_for(club.db, interaction)
        await club.desk.leave(interaction.guild_id, self.event_id, actor)
        sheet = await club.desk.sheet(interaction.guild_id, self.event_id)
        await interaction.response.send_message(
            t("club.ui.left", lang, name=sheet.event.name), ephemeral=True
        )
        await club.refresh_event(sheet)

    async def _start(self, interaction: discord.Interaction) -> None:
        club, lang = club_of(interaction.client), lang_of(interaction.locale)
        assert interaction.guild_id is not None
        actor = await actor_for(club.db, interaction)
        sheet = await club.desk.sheet(interaction.guild_id, self.event_id)
        require_organiser(sheet.event, actor)
        plan = plan_round(sheet)
        if plan.needs_choice and sheet.event.settings.seating != "manual":
            await interaction.response.send_message(
                t("club.ui.choice", lang, count=len(plan.players), round=plan.round_no),
                view=choice_view(sheet, plan.resting, plan.fill_ins, lang),
                ephemeral=True,
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        started = await club.start_round(interaction.guild_id, self.event_id, actor)
        await interaction.followup.send(
            t("club.ui.round_started", lang, round=started.round.round_no), ephemeral=True
        )

    async def _close(self, interaction: discord.Interaction) -> None:
        club, lang = club_of(interaction.client), lang_of(interaction.locale)
        assert interaction.guild_id is not None
        actor = await actor_for(club.db, interaction)
        sheet = await club.desk.sheet(interaction.guild_id, self.event_id)
        require_organiser(sheet.event, actor)
        playing = sheet.playing
        if playing is None:
            raise ClubRefused("club.no_round_playing")
        done, tables = await club.rounds.tables_done(sheet)
        view = discord.ui.View(timeout=None)
        view.add_item(CloseConfirm(self.event_id, playing.round_no, "yes", lang))
        view.add_item(CloseConfirm(self.event_id, playing.round_no, "no", lang))
        await interaction.response.send_message(
            t("club.ui.close_confirm", lang, round=playing.round_no, unfinished=tables - done),
            view=view,
            ephemeral=True,
        )

    async def _standings(self, interaction: discord.Interaction) -> None:
        club, lang = club_of(interaction.client), lang_of(interaction.locale)
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        sheet = await club.desk.sheet(interaction.guild_id, self.event_id)
        standings = await club.standings(sheet)
        await interaction.followup.send(
            embed=standings_embed(sheet, standings, lang), ephemeral=True
        )


def choice_view(sheet: EventSheet, rest: int, fill: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    round_no = sheet.next_round
    view.add_item(FillButton(sheet.event.id, round_no, "rest", lang, rest))
    kind = sheet.event.settings.tables_kind
    view.add_item(FillButton(sheet.event.id, round_no, "fill", lang, fill, kind))
    return view


class FillButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"evf:(?P<event>\d{1,18}):(?P<round>\d{1,2}):(?P<choice>rest|fill)",
):
    """The organiser's choice for a count that is not a multiple of four."""

    def __init__(
        self,
        event_id: int,
        round_no: int,
        choice: str,
        lang: str = "en",
        n: int = 0,
        kind: str = "physical",
    ) -> None:
        key = "club.ui.choice.rest" if choice == "rest" else f"club.ui.choice.fill_{kind}"
        super().__init__(
            discord.ui.Button(
                label=t(key, lang, n=n),
                style=discord.ButtonStyle.primary,
                custom_id=f"evf:{event_id}:{round_no}:{choice}",
            )
        )
        self.event_id, self.round_no, self.choice = event_id, round_no, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FillButton:
        return cls(int(match["event"]), int(match["round"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def start(club: ClubPosts, guild_id: int, actor: Actor) -> None:
            await club.start_round(guild_id, self.event_id, actor, FillChoice(self.choice))

        await act_on_round(  # pressed twice, or the round started since: said as done
            interaction,
            self.event_id,
            lambda sheet: sheet.next_round == self.round_no,
            start,
            t_key="club.ui.round_started",
            round_no=self.round_no,
        )


class CloseConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"evc:(?P<event>\d{1,18}):(?P<round>\d{1,2}):(?P<op>yes|no)",
):
    """Closing a round, confirmed (or not)."""

    def __init__(self, event_id: int, round_no: int, op: str, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(f"club.ui.close_{op}", lang, round=round_no),
                style=discord.ButtonStyle.danger if op == "yes" else discord.ButtonStyle.secondary,
                custom_id=f"evc:{event_id}:{round_no}:{op}",
            )
        )
        self.event_id, self.round_no, self.op = event_id, round_no, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CloseConfirm:
        return cls(int(match["event"]), int(match["round"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.op == "no":
            try:
                await interaction.response.edit_message(view=None)
            except Exception as error:
                await reply_error(interaction, error)
            return

        async def close(club: ClubPosts, guild_id: int, actor: Actor) -> None:
            await club.close_round(guild_id, self.event_id, actor)

        await act_on_round(  # closed since (or pressed twice): said as done
            interaction,
            self.event_id,
            lambda sheet: sheet.playing is not None and sheet.playing.round_no == self.round_no,
            close,
            t_key="club.ui.round_closed",
            round_no=self.round_no,
        )


async def act_on_round(
    interaction: discord.Interaction,
    event_id: int,
    still_due: Callable[[EventSheet], bool],
    act: Callable[[ClubPosts, int, Actor], Awaitable[None]],
    *,
    t_key: str,
    round_no: int,
) -> None:
    """An organiser's private button on a round (start it with a choice, close it): deferred
    first (seating a round or closing its tables takes seconds), done only while it is still
    due — a second press, or a round another press already started or closed, is answered as
    done — and answered with ``t_key`` in the presser's language."""
    try:
        club = club_of(interaction.client)
        assert interaction.guild_id is not None
        actor = await actor_for(club.db, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if still_due(await club.desk.sheet(interaction.guild_id, event_id)):
            await act(club, interaction.guild_id, actor)
        await interaction.followup.send(
            t(t_key, lang_of(interaction.locale), round=round_no), ephemeral=True
        )
    except Exception as error:
        await reply_error(interaction, error)


CLUB_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (EventButton, FillButton, CloseConfirm)
