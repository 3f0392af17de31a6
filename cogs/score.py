"""``/score tiles | quick | draw | undo | void``: scoring hands at a physical table.

In a channel with an open session (``/session start``) a scored hand is recorded pending and
posted as a preview with Confirm/Cancel (see :mod:`shangrao_bot.service.scorebook` for who may
press what); elsewhere ``/score tiles`` is a calculator and records nothing. The cog only reads
options, acknowledges, and posts: every rule is the scorebook's.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.hand_voiding import VoidRequest
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.ui.i18n import lang_of
from shangrao_bot.ui.score_posting import post_preview
from shangrao_bot.ui.score_views import (
    actor_for,
    after_void,
    bot_book,
    player_name,
    public_lang,
    request_text,
    request_view,
    voided_text,
)

from .ledger import MAX_ID

log = logging.getLogger(__name__)

HOWS = [
    app_commands.Choice(name=_("self-draw (自摸)"), value="self"),
    app_commands.Choice(name=_("kong replacement (杠开)"), value="kong"),
    app_commands.Choice(name=_("robbed kong (抢杠)"), value="rob"),
    app_commands.Choice(name=_("天胡"), value="tianhu"),
    app_commands.Choice(name=_("地胡"), value="dihu"),
]
QUICK_HOWS = HOWS  # 天胡/地胡 with an ordinary pattern: the larger of it and the flat value
AUTOCOMPLETE_LIMIT = 25  # Discord's maximum number of choices


def guild_of(interaction: discord.Interaction) -> int:
    """The server the command runs in; a DM is refused with the guild-only message (the
    ``score`` group is usable in DMs for the calculator, so its other subcommands check)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


async def session_players(
    bot: ShangraoBot, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The seated players of this channel's session (by seat), filtered by what is typed."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return []
    info = await bot_book(bot).current(interaction.guild_id, interaction.channel_id)
    if info is None:
        return []
    typed = current.strip().lower()
    lang = lang_of(interaction.locale)
    out = []
    for i, p in enumerate(info.seats):
        name = player_name(p.display_name, lang)
        if typed in p.display_name.lower() or typed in name.lower() or typed == str(i + 1):
            out.append(app_commands.Choice(name=f"{i + 1}. {name}"[:100], value=str(i + 1)))
    return out


class Score(commands.GroupCog, group_name=_("score"), group_description=_("Score a hand")):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def book(self) -> ScoreBook:
        return bot_book(self.bot)

    @app_commands.command(
        name=_("tiles"),
        description=_("Score a hand from its tiles (recorded in this channel's session)"),
    )
    @app_commands.describe(
        hand=_("Every concealed tile, the winning tile included (e.g. 123m4p5m6p777s111z5m9s)"),
        win=_("The winning tile (e.g. 9s); not needed for 天胡"),
        bao=_("The 宝 kind (e.g. 5m)"),
        melds=_(
            "Melds: [123m] exposed, (1111z) concealed, 跌宝杠 (111m) from hand, {111m} claimed"
        ),
        how=_("How the hand was won"),
        kong_chain=_("Kongs in the chain that ended with the winning replacement (杠开)"),
        robbed=_("Whose 补杠 was robbed (抢杠)"),
        flown=_("宝 discarded per player, e.g. 2:1, Alice:1"),
        winner=_("The winner (default: you)"),
        bonuses=_("Kong and 宝 bonuses of the other players, e.g. 2:暗杠, 3:明杠"),
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
        robbed: app_commands.Range[str, 1, 100] | None = None,
        flown: app_commands.Range[str, 1, 200] | None = None,
        winner: app_commands.Range[str, 1, 100] | None = None,
        bonuses: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        # no deferral: a refusal must be ephemeral, and scoring (off the loop) plus recording
        # take milliseconds, well inside Discord's 3 seconds
        actor = await actor_for(self.bot.db, interaction)
        preview = await self.book.preview_tiles(
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            actor,
            hand=hand,
            bao=bao,
            win=win,
            melds=melds,
            how=how.value if how else "self",
            kong_chain=kong_chain,
            robbed=robbed,
            flown=flown,
            winner=winner,
            bonuses=bonuses,
            key=f"i{interaction.id}",
        )
        await post_preview(self.bot, interaction, preview)

    @tiles.autocomplete("winner")
    async def _tiles_winner(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await session_players(self.bot, interaction, current)

    @app_commands.command(
        name=_("quick"), description=_("Record a hand from its pattern and flags, without tiles")
    )
    # (Discord ignores guild_only on subcommands: guild_of refuses DMs at run time)
    @app_commands.describe(
        winner=_("The winner"),
        pattern=_("The pattern (start typing: the list follows the session's preset)"),
        how=_("How the hand was won"),
        kong_chain=_("Kongs in the chain that ended with the winning replacement (杠开)"),
        robbed=_("Whose 补杠 was robbed (抢杠)"),
        dandiao=_("单吊: the winning tile paired a lone tile"),
        yaojiu=_("九幺: every tile a terminal or honor (standard or 七对 patterns)"),
        flown=_("宝 discarded per player, e.g. 2:1, Alice:1"),
        bonuses=_("Every kong and 宝 bonus, the winner's included, e.g. 1:暗杠, 3:明杠"),
    )
    @app_commands.choices(how=QUICK_HOWS)
    async def quick(
        self,
        interaction: discord.Interaction,
        winner: app_commands.Range[str, 1, 100],
        pattern: app_commands.Range[str, 1, 40],
        how: app_commands.Choice[str] | None = None,
        kong_chain: app_commands.Range[int, 1, 4] = 1,
        robbed: app_commands.Range[str, 1, 100] | None = None,
        dandiao: bool = False,
        yaojiu: bool = False,
        flown: app_commands.Range[str, 1, 200] | None = None,
        bonuses: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        guild_id = guild_of(interaction)
        actor = await actor_for(self.bot.db, interaction)
        preview = await self.book.preview_quick(
            guild_id,
            interaction.channel_id or 0,
            actor,
            winner=winner,
            pattern=pattern,
            how=how.value if how else "self",
            kong_chain=kong_chain,
            robbed=robbed,
            dandiao=dandiao,
            yaojiu=yaojiu,
            flown=flown,
            bonuses=bonuses,
            key=f"i{interaction.id}",
        )
        await post_preview(self.bot, interaction, preview)

    @quick.autocomplete("winner")
    async def _quick_winner(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await session_players(self.bot, interaction, current)

    @quick.autocomplete("pattern")
    async def _quick_pattern(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = await self.book.patterns_for(
            interaction.guild_id or 0, interaction.channel_id or 0, current, AUTOCOMPLETE_LIMIT
        )
        return [app_commands.Choice(name=n, value=n) for n in names]

    @app_commands.command(name=_("draw"), description=_("Record a 流局: only kong and 宝 bonuses"))
    # (Discord ignores guild_only on subcommands: guild_of refuses DMs at run time)
    @app_commands.describe(bonuses=_("Kong and 宝 bonuses, e.g. 1:暗杠, 3:明杠 (empty: none)"))
    async def draw(
        self,
        interaction: discord.Interaction,
        bonuses: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        guild_id = guild_of(interaction)
        actor = await actor_for(self.bot.db, interaction)
        preview = await self.book.preview_draw(
            guild_id,
            interaction.channel_id or 0,
            actor,
            bonuses=bonuses,
            key=f"i{interaction.id}",
        )
        await post_preview(self.bot, interaction, preview)

    @app_commands.command(
        name=_("undo"), description=_("Void the last hand of this channel's session")
    )
    # (Discord ignores guild_only on subcommands: guild_of refuses DMs at run time)
    @app_commands.describe(reason=_("Why (kept in the audit trail)"))
    async def undo(
        self, interaction: discord.Interaction, reason: app_commands.Range[str, 1, 200]
    ) -> None:
        guild_id = guild_of(interaction)
        actor = await actor_for(self.bot.db, interaction)
        hand = await self.book.undo(guild_id, interaction.channel_id or 0, actor, reason)
        lang = public_lang(interaction)
        if isinstance(hand, VoidRequest):  # another member confirmed it: one must agree
            await interaction.response.send_message(
                request_text(hand, lang), view=request_view(hand, lang)
            )
            return
        await interaction.response.send_message(voided_text(hand, True, lang))
        await after_void(self.bot, self.book, hand, lang)

    @app_commands.command(name=_("void"), description=_("Void a hand of an open session by its id"))
    # (Discord ignores guild_only on subcommands: guild_of refuses DMs at run time)
    @app_commands.describe(hand=_("The hand's id (see /history)"), reason=_("Why"))
    async def void(
        self,
        interaction: discord.Interaction,
        hand: app_commands.Range[int, 1, MAX_ID],
        reason: app_commands.Range[str, 1, 200],
    ) -> None:
        guild_id = guild_of(interaction)
        actor = await actor_for(self.bot.db, interaction)
        voided = await self.book.void(guild_id, hand, actor, reason)
        lang = public_lang(interaction)
        if isinstance(voided, VoidRequest):  # another member confirmed it: one must agree
            await interaction.response.send_message(
                request_text(voided, lang), view=request_view(voided, lang)
            )
            return
        await interaction.response.send_message(voided_text(voided, False, lang))
        await after_void(self.bot, self.book, voided, lang)


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Score(bot))
