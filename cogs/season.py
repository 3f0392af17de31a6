"""``/season start | end``: the server's seasons (scorers and administrators).

A season runs from its start to its end; hands recorded meanwhile belong to it
(:mod:`shangrao_bot.store.ledger.seasons`), ``/leaderboard period:season`` ranks the open one and
``/leaderboard season:`` any. Ending a season posts its summary card in the channel: champion
(best total), biggest hand, most 宝吊头 wins and the most improved rating.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.scorekeeping import ScoreError
from shangrao_bot.store.ledger.seasons import (
    MAX_SEASON_NAME,
    BadSeasonName,
    NoOpenSeason,
    SeasonNameTaken,
    SeasonOpen,
    SeasonSummary,
    clean_season_name,
    end_season,
    season_summary,
    start_season,
)
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.score_views import official_id, public_lang, shown

from .help import EMBED_COLOUR
from .ledger import defer_unless_rated, rating_text, send


@app_commands.guild_only()  # the whole group (a subcommand's own decorator is ignored)
class Seasons(
    commands.GroupCog,
    group_name=_("season"),
    group_description=_("Seasons of the server's book: start and end them (scorers, admins)"),
):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=_("start"),
        description=_("Start a season: hands recorded from now on belong to it (scorers, admins)"),
    )
    @app_commands.guild_only()
    @app_commands.describe(name=_("The season's name (1-50 characters)"))
    async def start(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]
    ) -> None:
        assert interaction.guild_id is not None
        actor = await official_id(self.bot.db, interaction)
        try:
            cleaned = clean_season_name(name)
            season = await start_season(self.bot.db, interaction.guild_id, cleaned, actor)
        except BadSeasonName:
            raise ScoreError("rt.season.bad_name", limit=MAX_SEASON_NAME) from None
        except SeasonOpen as exc:
            raise ScoreError("rt.season.still_open", name=exc.season.name) from None
        except SeasonNameTaken:
            raise ScoreError("rt.season.name_taken", name=cleaned) from None
        lang = public_lang(interaction)  # a public announcement
        await interaction.response.send_message(
            t("rt.season.started", lang, name=shown(season.name, lang))
        )

    @app_commands.command(
        name=_("end"),
        description=_("End the current season and post its summary card (scorers, admins)"),
    )
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        actor = await official_id(self.bot.db, interaction)
        try:
            season = await end_season(self.bot.db, interaction.guild_id, actor)
        except NoOpenSeason:
            raise ScoreError("rt.season.none_open") from None
        lang = public_lang(interaction)
        await defer_unless_rated(self.bot, interaction)  # the card reads the ratings
        summary = await season_summary(self.bot.db, interaction.guild_id, season)
        await send(interaction, embed=summary_card(summary, lang))


def summary_card(summary: SeasonSummary, lang: str) -> discord.Embed:
    """The season's summary as an embed (names are the embed's, as on every card)."""
    season = summary.season
    nobody = t("rt.season.nobody", lang)
    embed = discord.Embed(
        title=t("rt.season.summary_title", lang, name=shown(season.name, lang)),
        description=t(
            "rt.season.summary_intro",
            lang,
            start=season.started_at[:10],
            end=(season.ended_at or "")[:10],
            hands=summary.hands,
        ),
        colour=EMBED_COLOUR,
    )
    champion = summary.champion
    embed.add_field(
        name=t("rt.season.champion", lang),
        value=t(
            "rt.season.champion_value",
            lang,
            name=shown(champion.player.display_name, lang),
            total=champion.total,
            hands=champion.hands,
        )
        if champion
        else nobody,
        inline=False,
    )
    biggest = summary.biggest
    embed.add_field(
        name=t("rt.season.biggest", lang),
        value=t(
            "rt.season.biggest_value",
            lang,
            name=shown(biggest.player.display_name, lang),
            biggest=biggest.biggest,
        )
        if biggest
        else nobody,
        inline=True,
    )
    bao = summary.bao_diao_tou
    embed.add_field(
        name=t("rt.season.bao", lang),
        value=t("rt.season.bao_value", lang, name=shown(bao[0].display_name, lang), count=bao[1])
        if bao
        else nobody,
        inline=True,
    )
    improved = summary.improved
    embed.add_field(
        name=t("rt.season.improved", lang),
        value=t(
            "rt.season.improved_value",
            lang,
            name=shown(improved.player.display_name, lang),
            before=rating_text(improved.before),
            after=rating_text(improved.after),
            change=f"{improved.after - improved.before:+.1f}",
        )
        if improved
        else nobody,
        inline=False,
    )
    return embed


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Seasons(bot))
