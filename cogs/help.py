"""``/help``: what the bot does, its commands and the rules in short (the whole rule book is
``/rules explain``), in the user's language."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.ui.i18n import lang_of, t

EMBED_COLOUR = discord.Colour.from_rgb(176, 32, 32)


def help_embed(lang: str) -> discord.Embed:
    # the command list goes in the description (4096 characters): as clickable mentions
    # (</table watch:ID>) it outgrows an embed field's 1024
    description = "\n\n".join(
        [t("help.intro", lang), f"**{t('help.commands', lang)}**\n{t('help.command_list', lang)}"]
    )
    embed = discord.Embed(title=t("help.title", lang), description=description, colour=EMBED_COLOUR)
    # the rules in short, and where the whole book is (/rules explain)
    rules = f"{t('help.rules_text', lang)}\n{t('book.help', lang)}"
    embed.add_field(name=t("help.rules", lang), value=rules, inline=False)
    return embed


class Help(commands.Cog):
    @app_commands.command(
        name=_("help"), description=_("What the bot does, its commands and the rules in short")
    )
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=help_embed(lang_of(interaction.locale)), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help())
