"""``/analyze``: a hand's discards ranked by the hand analysis (何切), as a picture and as text.

The answer is in the asker's language (they asked; the hand is theirs, no secret of a table).
Reading the hand is quick and happens before the acknowledgement: bad input is refused
privately, with the rules core's sentence naming the token. The ranking (usually a millisecond
or two, tens of ms for a hand holding several 宝) and the picture are made by the picture
workers after a deferral, off the event loop; should the picture fail, the text still answers.
"""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.render.analysis import AnalysisPicture, render_analysis
from shangrao_bot.rules.ruleset import RuleSet
from shangrao_bot.rules.tiles import tile_str
from shangrao_bot.service.config import rules_for
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.ui.analysis_text import analyse, analysis_text, read_input
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.pictures import PICTURES

from .help import EMBED_COLOUR

log = logging.getLogger(__name__)

FILENAME = "analysis.png"


async def guild_rules(bot: ShangraoBot, guild_id: int | None) -> RuleSet:
    """The server's rule set (its preset, switches and stake), the default one in a DM."""
    if guild_id is None:
        return RuleSet()
    return rules_for(await get_settings(bot.db, guild_id))


class Analysis(commands.Cog):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("analyze"),
        description=_("What to discard (何切): a hand's discards ranked, as a picture and text"),
    )
    @app_commands.describe(
        hand=_("14 tiles to choose a discard, or 13 as they stand (e.g. 123m456p78s1199s5m2z)"),
        bao=_("The 宝 kind (e.g. 5m)"),
        melds=_("Your melds: [123m] exposed, (1111z) concealed"),
        seen=_("Other tiles in sight: discards on the table, other players' melds"),
    )
    async def analyze(
        self,
        interaction: discord.Interaction,
        hand: app_commands.Range[str, 1, 200],
        bao: app_commands.Range[str, 1, 10],
        melds: app_commands.Range[str, 1, 200] | None = None,
        seen: app_commands.Range[str, 1, 400] | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        rules = await guild_rules(self.bot, interaction.guild_id)
        inp = read_input(hand, bao, melds, seen, rules)
        await interaction.response.defer(thinking=True)
        # off the event loop: a hand with several 宝 has every wait scored (tens of ms)
        rows = await PICTURES.draw(analyse, inp)
        key = "an.title_state" if rows[0].tile is None else "an.title"
        embed = discord.Embed(
            title=t(key, lang, bao=tile_str(inp.bao)),
            description=analysis_text(inp, rows, lang),
            colour=EMBED_COLOUR,
        )
        picture = AnalysisPicture(inp.tiles, inp.bao, inp.melds, inp.seen, rows)
        try:
            png = await PICTURES.draw(render_analysis, picture, lang=lang)
        except Exception:
            log.exception("the analysis picture could not be drawn")
            embed.set_footer(text=t("an.no_picture", lang))
            await interaction.followup.send(embed=embed)
            return
        embed.set_image(url=f"attachment://{FILENAME}")
        file = discord.File(io.BytesIO(png), filename=FILENAME)
        await interaction.followup.send(embed=embed, file=file)


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Analysis(bot))
