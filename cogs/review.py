"""``/review hand [hand] [player]`` and ``/review session [session]``: a player's decisions in
finished bot-table hands, judged by the 何切 analysis from that player's own view.

``/review hand`` reviews one hand (default: the member's last at a bot table) for one human seat
(default: the member's own): the message and its ◀ ▶ buttons are
:mod:`shangrao_bot.ui.review_views`'. ``/review session`` sums a whole session per player
(default: the session of the member's last bot-table hand). Reviews are private — shown only to
the member, of the member's own decisions — unless the server made them public with
``/rules set review_public:``; then anyone may review anyone, in the open. The analysis of a
hand takes a fraction of a second and runs off the event loop after the acknowledgement.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.model import TableStatus
from shangrao_bot.service.replay import NothingPlayed, last_played
from shangrao_bot.service.review import ReviewStillPlaying, last_session, review_session
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.finished_hands import REVIEWS
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.review_views import REVIEW_ITEMS, open_review, review_public

from .help import EMBED_COLOUR

MAX_ID = 2**53 - 1  # the largest integer option Discord takes (beyond any ledger id)


@app_commands.guild_only()
class Review(
    commands.GroupCog,
    group_name=_("review"),
    group_description=_("Review your decisions in bot-table hands"),
):
    """``/review hand`` and ``/review session`` (see the module docstring)."""

    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*REVIEW_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*REVIEW_ITEMS)

    @app_commands.command(
        name=_("hand"),
        description=_("Your decisions in a finished bot-table hand, judged by the analysis"),
    )
    @app_commands.describe(
        hand=_("The hand's id from /history (default: the last hand you played)"),
        player=_("Whose decisions (default: yours)"),
    )
    async def hand(
        self,
        interaction: discord.Interaction,
        hand: app_commands.Range[int, 1, MAX_ID] | None = None,
        player: discord.Member | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        if hand is None:
            try:
                table_id = self.bot.service.table_of(interaction.guild_id, interaction.user.id)
                if (
                    player is None
                    and table_id is not None
                    and self.bot.service.get(table_id).status is TableStatus.PLAYING
                ):
                    raise ReviewStillPlaying(table=table_id)  # its hand is not reviewable yet
                hand = await last_played(
                    self.bot.db,
                    interaction.guild_id,
                    interaction.user.id if player is None else player.id,
                )
                if hand is None:
                    raise NothingPlayed()
            except Exception as error:
                await reply_error(interaction, error)
                return
        await open_review(interaction, hand, None if player is None else player.id)

    @app_commands.command(
        name=_("session"),
        description=_("Every player's decisions over a session of bot-table hands"),
    )
    @app_commands.describe(
        session=_("The session's number (default: the session of your last bot-table hand)")
    )
    async def session(
        self,
        interaction: discord.Interaction,
        session: app_commands.Range[int, 1, MAX_ID] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        db = self.bot.db
        try:
            if session is None:
                session = await last_session(db, interaction.guild_id, interaction.user.id)
            public = await review_public(interaction)
            await interaction.response.defer(thinking=True, ephemeral=not public)
            shown = await review_session(
                db,
                REVIEWS,
                interaction.guild_id,
                session,
                only_user=None if public else interaction.user.id,
            )
        except Exception as error:
            await reply_error(interaction, error)
            return
        lang = lang_of(interaction.locale)
        text = "\n".join(
            t(
                "review.session_line",
                lang,
                name=p.name,
                rating=f"{p.rating:.0f}",
                hands=p.hands,
                matched=p.matched,
                judged=p.judged,
                lost=f"{p.lost:.1f}",
            )
            for p in shown
        )
        if not public:
            text = (text + "\n\n" if text else "") + t("review.session_private", lang)
        embed = discord.Embed(
            title=t("review.session_title", lang, session=session),
            description=text[:4000],
            colour=EMBED_COLOUR,
        )
        try:
            await interaction.followup.send(embed=embed, ephemeral=not public)
        except Exception as error:
            await reply_error(interaction, error)


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Review(bot))
