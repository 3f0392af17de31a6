"""``/score tiles``: score a hand from its tiles with the guild's preset and stake.

Outside a session it is a calculator: nothing is recorded. (Recording into a session, the quick
pattern form and confirmations belong to the scorekeeping issue.) Bad input gets the rules
core's precise message, which names the offending token.
"""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.cli import CliError, parse_flown
from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.errors import UserError
from shangrao_bot.render import render_score
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.scoring import ScoreResult, WinHow, WinInput, score_win
from shangrao_bot.rules.tiles import format_tiles_zh, parse_melds, parse_tile, parse_tiles
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.ui.i18n import lang_of, t

from .help import EMBED_COLOUR

HOWS = [
    app_commands.Choice(name=_("self-draw (自摸)"), value="self"),
    app_commands.Choice(name=_("kong replacement (杠开)"), value="kong"),
    app_commands.Choice(name=_("robbed kong (抢杠)"), value="rob"),
    app_commands.Choice(name=_("天胡"), value="tianhu"),
    app_commands.Choice(name=_("地胡"), value="dihu"),
]


def build_input(
    hand: str,
    win: str | None,
    bao: str,
    melds: str | None,
    how: str,
    kong_chain: int,
    robbed: int | None,
    flown: str | None,
) -> WinInput:
    """The scorer's input from the command's options; raises UserError naming what is wrong."""
    try:
        how_ = WinHow(how)
        winning = parse_tile(win) if win else None
        if winning is None and how_ is not WinHow.TIANHU:
            raise UserError(text="name the winning tile in `win` (e.g. 9s); only 天胡 has none")
        if robbed is not None and not 1 <= robbed <= 3:
            raise UserError(text=f"robbed seat {robbed} is not a seat: use 1-3 (you are seat 0)")
        return WinInput(
            concealed=tuple(parse_tiles(hand)),
            bao=parse_tile(bao),
            winning_tile=winning,
            melds=tuple(parse_melds(melds or "")),
            how=how_,
            kong_chain=kong_chain,
            robbed_seat=robbed,
            winner=0,
            flown=parse_flown(flown),
        )
    except (RulesError, CliError) as exc:
        raise UserError("score.bad_input", reason=str(exc)) from None


def result_embed(result: ScoreResult, lang: str) -> discord.Embed:
    if not result.winning:
        return discord.Embed(
            title=t("score.title", lang),
            description=t("score.not_win", lang, reason=result.reason or ""),
            colour=EMBED_COLOUR,
        )
    lines = [t("score.pattern", lang, pattern=result.pattern, factor=result.pattern_factor)]
    lines += [
        f"{m.name} ×{m.factor}" + (f" ({m.note})" if m.note else "") for m in result.modifiers
    ]
    lines.append(t("score.value", lang, value=result.value))
    deltas = ", ".join(f"{s}: {d:+d}" for s, d in enumerate(result.deltas))
    lines.append(t("score.deltas", lang, deltas=deltas))
    if result.interpretation is not None:
        lines.append(f"`{result.interpretation.to_str()}`")
        if lang != "en":  # tile names in the reader's language
            lines.append(format_tiles_zh(result.interpretation.kinds))
    return discord.Embed(
        title=t("score.title", lang), description="\n".join(lines), colour=EMBED_COLOUR
    )


class Score(commands.GroupCog, group_name=_("score"), group_description=_("Score a hand")):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=_("tiles"),
        description=_("Score a hand from its tiles (a calculator outside a session)"),
    )
    @app_commands.describe(
        hand=_("Every concealed tile, the winning tile included (e.g. 123m4p5m6p777s111z5m9s)"),
        win=_("The winning tile (e.g. 9s); not needed for 天胡"),
        bao=_("The 宝 kind (e.g. 5m)"),
        melds=_("Melds, e.g. [123m] [777s] (1111z)"),
        how=_("How the hand was won"),
        kong_chain=_("Kongs in the chain that ended with the winning replacement (杠开)"),
        robbed=_("The seat whose 补杠 was robbed (1-3)"),
        flown=_("宝 discarded per seat, e.g. 0:1,2:1"),
    )
    @app_commands.choices(how=HOWS)
    async def tiles(
        self,
        interaction: discord.Interaction,
        hand: app_commands.Range[str, 1, 200],
        bao: app_commands.Range[str, 1, 10],
        win: app_commands.Range[str, 1, 10] | None = None,
        melds: app_commands.Range[str, 1, 200] | None = None,
        how: app_commands.Choice[str] | None = None,
        kong_chain: app_commands.Range[int, 1, 8] = 1,
        robbed: int | None = None,
        flown: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        inp = build_input(
            hand, win, bao, melds, how.value if how else "self", kong_chain, robbed, flown
        )
        rules = RuleSet()
        if interaction.guild_id is not None:
            s = await get_settings(self.bot.db, interaction.guild_id)
            rules = RuleSet(Preset(s.preset), s.stake, **s.switches)
        # scoring a hand with several 宝 can take tens of ms: acknowledge first, work off the loop
        await interaction.response.defer(thinking=True)
        try:
            result = await asyncio.to_thread(score_win, inp, rules)
        except RulesError as exc:
            raise UserError("score.bad_input", reason=str(exc)) from None
        embed = result_embed(result, lang)
        embed.set_footer(text=t("score.calculator", lang))
        if not result.winning:
            await interaction.followup.send(embed=embed)
            return
        png = await asyncio.to_thread(
            render_score, result, bao=inp.bao, winning_tile=inp.winning_tile, how=inp.how
        )
        embed.set_image(url="attachment://score.png")
        await interaction.followup.send(
            embed=embed, file=discord.File(io.BytesIO(png), filename="score.png")
        )


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Score(bot))
