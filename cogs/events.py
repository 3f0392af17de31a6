"""``/event create | add | remove | show | standings | seat | swap | finish``: club nights and
tournaments over several tables and rounds (see :mod:`shangrao_bot.ui.club_posts` for what an
event posts, :mod:`shangrao_bot.service.club_rounds` for its rounds).

An event lives in the channel it was created in: its message (with Join, Leave, Start round,
Close round and Standings), each round's seating, its tables' threads, its live standings. A
command that names no event acts on the newest open event of this channel (or of the channel a
table's thread belongs to). Also registers the events' buttons (they work across restarts) and
runs the events' upkeep: a round ends once every table has played its hands, and the live
standings follow every confirmed, voided or corrected hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import io

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.club_events import ClubRefused, require_organiser
from shangrao_bot.service.club_roster import players_named, tables_named
from shangrao_bot.service.session_opening import parse_roster
from shangrao_bot.store.ledger.events import (
    MAX_EVENT_NAME,
    Event,
    EventSettings,
)
from shangrao_bot.ui.club_podium import podium_png
from shangrao_bot.ui.club_posts import ClubPosts
from shangrao_bot.ui.club_texts import names_list, standings_embed
from shangrao_bot.ui.club_views import CLUB_ITEMS, club_of
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.score_views import actor_for, shown

PODIUM_FILE = "podium.png"
EventNumber = app_commands.Range[int, 1, 10**15]  # the ``event:`` option of every subcommand
EVENT_HELP = _("The event's number (default: this channel's)")


@app_commands.guild_only()
class Events(
    commands.GroupCog,
    group_name=_("event"),
    group_description=_("Club nights and tournaments: several tables, several rounds"),
):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        self._stop = asyncio.Event()
        self._watch: asyncio.Task[None] | None = None
        super().__init__()

    @property
    def club(self) -> ClubPosts:
        return club_of(self.bot)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*CLUB_ITEMS)
        self._watch = asyncio.create_task(self._upkeep(), name="club-events")

    async def _upkeep(self) -> None:
        await self.bot.wait_until_ready()
        await self.club.run_watch(lambda: [g.id for g in self.bot.guilds], self._stop)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*CLUB_ITEMS)
        self._stop.set()
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch

    async def _event_here(self, interaction: discord.Interaction, event: int | None) -> Event:
        """The event named, else the newest open event of this channel (or of the channel
        this thread belongs to)."""
        assert interaction.guild_id is not None
        here = {interaction.channel_id, getattr(interaction.channel, "parent_id", None)}
        channels = {c for c in here if c is not None}
        return await self.club.desk.event_here(interaction.guild_id, channels, event)

    @app_commands.command(
        name=_("create"), description=_("Open a club night or tournament in this channel")
    )
    @app_commands.describe(
        name=_("The event's name"),
        rounds=_("How many rounds (default 4)"),
        seating=_("How each round is seated (default swiss)"),
        tables=_("Physical tables (scored here) or virtual tables (played here)"),
        preset=_("Scoring preset: shangrao (multipliers) or baike (flat points)"),
        hands=_("Hands each table plays a round (default 4)"),
        resting=_("What a resting player scores for the round (default 0)"),
        priority=_("What seating puts first: new opponents (default) or even winds"),
    )
    @app_commands.choices(
        seating=[
            app_commands.Choice(name=_("swiss"), value="swiss"),
            app_commands.Choice(name=_("random"), value="random"),
            app_commands.Choice(name=_("manual"), value="manual"),
        ],
        tables=[
            app_commands.Choice(name=_("physical"), value="physical"),
            app_commands.Choice(name=_("virtual"), value="virtual"),
        ],
        preset=[
            app_commands.Choice(name=_("shangrao (multipliers)"), value="shangrao"),
            app_commands.Choice(name=_("baike (flat points)"), value="baike"),
        ],
        resting=[
            app_commands.Choice(name=_("0"), value="zero"),
            app_commands.Choice(name=_("the round's lowest"), value="lowest"),
        ],
        priority=[
            app_commands.Choice(name=_("new opponents"), value="opponents"),
            app_commands.Choice(name=_("each wind once every four rounds"), value="winds"),
        ],
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, MAX_EVENT_NAME],
        rounds: app_commands.Range[int, 1, 16] = 4,
        seating: app_commands.Choice[str] | None = None,
        tables: app_commands.Choice[str] | None = None,
        preset: app_commands.Choice[str] | None = None,
        hands: app_commands.Range[int, 1, 64] = 4,
        resting: app_commands.Choice[str] | None = None,
        priority: app_commands.Choice[str] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        if not isinstance(interaction.channel, discord.TextChannel):
            raise ClubRefused("club.text_channel_only")
        actor = await actor_for(self.bot.db, interaction)
        event = await self.club.desk.create(
            interaction.guild_id,
            interaction.channel.id,
            name,
            actor,
            EventSettings(
                rounds=rounds,
                seating=seating.value if seating is not None else "swiss",
                tables_kind=tables.value if tables is not None else "physical",
                rules={},  # the server's, with the preset chosen
                hands_per_round=hands,
                resting=resting.value if resting is not None else "zero",
                seed=0,
                winds_first=priority is not None and priority.value == "winds",
            ),
            preset.value if preset is not None else None,
        )
        sheet = await self.club.desk.sheet(interaction.guild_id, event.id)
        embed, view = await self.club.event_message(sheet)
        await interaction.response.send_message(
            t("club.ui.created", self.club.lang(interaction.guild_id)), embed=embed, view=view
        )
        message = await interaction.original_response()
        await self.club.remember_message(event, message.id)

    @app_commands.command(name=_("add"), description=_("Add players to an event (its organiser)"))
    @app_commands.describe(
        people=_("@mentions and/or guests' names (commas between names)"),
        event=EVENT_HELP,
    )
    async def add(
        self,
        interaction: discord.Interaction,
        people: app_commands.Range[str, 1, 1500],
        event: EventNumber | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        found = await self._event_here(interaction, event)
        actor = await actor_for(self.bot.db, interaction)
        roster = parse_roster(people)
        guild = interaction.guild
        assert guild is not None
        # members not in the cache are fetched, one request each: answered within 3 s first
        await interaction.response.defer(ephemeral=True, thinking=True)
        names: dict[int, str] = {}
        for entry in roster:
            if entry.user_id is None or entry.user_id in names:
                continue
            member = guild.get_member(entry.user_id)
            if member is None:
                try:
                    member = await guild.fetch_member(entry.user_id)
                except discord.NotFound:
                    raise ClubRefused("club.not_member", id=entry.user_id) from None
            names[entry.user_id] = member.display_name
        added = await self.club.desk.add(interaction.guild_id, found.id, actor, roster, names)
        lang = lang_of(interaction.locale)
        await interaction.followup.send(
            t("club.ui.added", lang, names=names_list([a.player for a in added], lang)),
            ephemeral=True,
        )
        await self.club.refresh_event(await self.club.desk.sheet(interaction.guild_id, found.id))

    @app_commands.command(
        name=_("remove"),
        description=_("Take a player out of an event from its next round (its organiser)"),
    )
    @app_commands.describe(
        player=_("A @mention or a guest's name"),
        event=EVENT_HELP,
    )
    async def remove(
        self,
        interaction: discord.Interaction,
        player: app_commands.Range[str, 1, 100],
        event: EventNumber | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        found = await self._event_here(interaction, event)
        actor = await actor_for(self.bot.db, interaction)
        sheet = await self.club.desk.sheet(interaction.guild_id, found.id)
        ids = await players_named(self.bot.db, interaction.guild_id, sheet, player)
        if len(ids) != 1:
            raise ClubRefused("club.nobody_named")
        await self.club.desk.remove(interaction.guild_id, found.id, actor, ids[0])
        who = next(p.player for p in sheet.players if p.player.id == ids[0])
        lang = lang_of(interaction.locale)
        await interaction.response.send_message(
            t("club.ui.removed", lang, name=shown(who.display_name, lang)), ephemeral=True
        )
        await self.club.refresh_event(await self.club.desk.sheet(interaction.guild_id, found.id))

    @app_commands.command(name=_("show"), description=_("An event: its settings and players"))
    @app_commands.describe(event=EVENT_HELP)
    async def show(
        self,
        interaction: discord.Interaction,
        event: EventNumber | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        found = await self._event_here(interaction, event)
        sheet = await self.club.desk.sheet(interaction.guild_id, found.id)
        embed, _view = await self.club.event_message(sheet)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=_("standings"), description=_("An event's standings"))
    @app_commands.describe(event=EVENT_HELP)
    async def standings(
        self,
        interaction: discord.Interaction,
        event: EventNumber | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        found = await self._event_here(interaction, event)
        await interaction.response.defer(ephemeral=True, thinking=True)
        sheet = await self.club.desk.sheet(interaction.guild_id, found.id)
        standings = await self.club.standings(sheet)
        await interaction.followup.send(
            embed=standings_embed(sheet, standings, lang_of(interaction.locale)), ephemeral=True
        )

    @app_commands.command(
        name=_("seat"),
        description=_("Seat the next round by hand: one table of four per line (its organiser)"),
    )
    @app_commands.describe(
        tables=_("Tables separated by ';' or new lines; '-' for a fill-in seat"),
        event=EVENT_HELP,
    )
    async def seat(
        self,
        interaction: discord.Interaction,
        tables: app_commands.Range[str, 1, 4000],
        event: EventNumber | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        found = await self._event_here(interaction, event)
        if found.settings.seating != "manual":
            raise ClubRefused("club.not_manual")
        actor = await actor_for(self.bot.db, interaction)
        sheet = await self.club.desk.sheet(interaction.guild_id, found.id)
        require_organiser(found, actor)
        manual = await tables_named(self.bot.db, interaction.guild_id, sheet, tables)
        await interaction.response.defer(ephemeral=True, thinking=True)
        started = await self.club.start_round(interaction.guild_id, found.id, actor, manual=manual)
        await interaction.followup.send(
            t("club.ui.round_started", lang_of(interaction.locale), round=started.round.round_no),
            ephemeral=True,
        )

    @app_commands.command(
        name=_("swap"),
        description=_("Correct the round being played: two players change seats (its organiser)"),
    )
    @app_commands.describe(
        first=_("A @mention or a guest's name"),
        second=_("A @mention or a guest's name"),
        event=EVENT_HELP,
    )
    async def swap(
        self,
        interaction: discord.Interaction,
        first: app_commands.Range[str, 1, 100],
        second: app_commands.Range[str, 1, 100],
        event: EventNumber | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        found = await self._event_here(interaction, event)
        actor = await actor_for(self.bot.db, interaction)
        swapped = await self.club.swap(interaction.guild_id, found.id, actor, first, second)
        lang = self.club.lang(interaction.guild_id)
        await interaction.response.send_message(
            t(
                "club.ui.swapped",
                lang,
                round=swapped.round_no,
                first=discord.utils.escape_mentions(first),
                second=discord.utils.escape_mentions(second),
            )
        )

    @app_commands.command(
        name=_("finish"), description=_("Finish an event and post its podium (its organiser)")
    )
    @app_commands.describe(event=EVENT_HELP)
    async def finish(
        self,
        interaction: discord.Interaction,
        event: EventNumber | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        found = await self._event_here(interaction, event)
        actor = await actor_for(self.bot.db, interaction)
        require_organiser(found, actor)
        await interaction.response.defer(thinking=True)
        sheet = await self.club.finish(interaction.guild_id, found.id, actor)
        standings = await self.club.standings(sheet)
        lang = self.club.lang(interaction.guild_id)
        embed = standings_embed(sheet, standings, lang)
        embed.set_image(url=f"attachment://{PODIUM_FILE}")
        podium = discord.File(io.BytesIO(await podium_png(standings, lang)), PODIUM_FILE)
        await interaction.followup.send(
            t("club.ui.finished", lang, name=shown(found.name, lang)), embed=embed, file=podium
        )
        await self.club.refresh_event(sheet)
        await self.club.refresh_standings(sheet, force=True)


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Events(bot))
