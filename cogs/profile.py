"""``/profile [player]``: a player's card as a rich embed — rating (with rank and trend), record
(hands, wins, win rate, total), favourite patterns, biggest hand, 宝 flown and the average
rating of their last 20 reviewed hands (``/review``); and, when the server's web pages are on,
a 🌐 button to the player's page.

An embed rather than a picture: every figure is text the reader can copy and Discord lays it out
in the reader's theme; the figures come from the maintained totals and the cached ratings
(:mod:`shangrao_bot.service.book_reading`), so the card costs a few reads.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.catalog.fields import term
from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.book_reading import player_figures, rating_figures
from shangrao_bot.store.ledger.reviews import average_rating
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.score_views import public_lang, shown
from shangrao_bot.ui.web_links import link_button, link_only, player_page

from .help import EMBED_COLOUR
from .ledger import (
    defer_unless_rated,
    player_choices,
    rating_text,
    resolve_player,
    send,
    sparkline,
)

FAVOURITES = 3  # patterns shown


class Profile(commands.Cog):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("profile"),
        description=_("A player's card: rating, record, favourite patterns (default: yours)"),
    )
    @app_commands.guild_only()
    @app_commands.describe(player=_("The player (start typing a name)"))
    async def profile(
        self,
        interaction: discord.Interaction,
        player: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        lang = public_lang(interaction)  # a public answer
        who = await resolve_player(self.bot, interaction, player)
        s = (await player_figures(self.bot.db, interaction.guild_id, who.id)).stats
        await defer_unless_rated(self.bot, interaction)
        figures = await rating_figures(self.bot.db, interaction.guild_id, who.id)
        rating = figures.rating
        embed = discord.Embed(
            title=t("rt.profile.title", lang, name=shown(who.display_name, lang)),
            colour=EMBED_COLOUR,
        )
        if rating.games:
            value = t(
                "rt.profile.rating_value",
                lang,
                rating=rating_text(rating.ordinal),
                mu=rating_text(rating.mu),
                sigma=rating_text(rating.sigma),
                rank=figures.rank,  # among the server's rated players
                ranked=figures.ranked,
            )
        else:
            value = t("rt.profile.unrated", lang)
        embed.add_field(name=t("rt.profile.rating", lang), value=value, inline=True)
        embed.add_field(
            name=t("rt.profile.record", lang),
            value=t(
                "rt.profile.record_value",
                lang,
                hands=s.hands,
                wins=s.wins,
                rate=f"{s.wins / s.hands:.0%}" if s.hands else "—",
                total=s.total,
            ),
            inline=True,
        )
        favourites = "\n".join(
            f"{term(name, lang)} × {n}" for name, n in list(s.patterns.items())[:FAVOURITES]
        )
        embed.add_field(
            name=t("rt.profile.patterns", lang),
            value=favourites[:1024] or t("skv.stats.none", lang),
            inline=False,
        )
        embed.add_field(
            name=t("rt.profile.biggest", lang),
            value=f"{s.biggest:+d}" if s.wins else t("skv.stats.none", lang),
            inline=True,
        )
        embed.add_field(
            name=t("rt.profile.flown", lang),
            value=t("rt.profile.flown_value", lang, count=s.fei_bao, net=s.fei_bao_net),
            inline=True,
        )
        reviewed = await average_rating(self.bot.db, interaction.guild_id, who.id)
        if reviewed is not None:
            embed.add_field(
                name=t("review.open", lang),
                value=t("review.profile", lang, rating=f"{reviewed[0]:.0f}", n=reviewed[1]),
                inline=False,
            )
        trend = figures.recent
        if len(trend) > 1:
            embed.add_field(
                name=t("rt.profile.trend", lang),
                value=f"{sparkline(trend)} {rating_text(trend[0])} → {rating_text(trend[-1])}",
                inline=False,
            )
        avatar = _avatar(interaction, who.user_id)
        if avatar is not None:
            embed.set_thumbnail(url=avatar)
        link = await link_button(self.bot, interaction.guild_id, player_page(who.id), lang)
        await send(interaction, embed=embed, **link_only(link))

    @profile.autocomplete("player")
    async def _profile_player(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await player_choices(self.bot, interaction, current)


def _avatar(interaction: discord.Interaction, user_id: int | None) -> str | None:
    """The member's avatar when the server's member cache has them (guests have none)."""
    if user_id is None or interaction.guild is None:
        return None
    member = interaction.guild.get_member(user_id)
    return member.display_avatar.url if member is not None else None


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Profile(bot))
