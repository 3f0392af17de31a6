"""``/replay [hand]``: a finished hand of a bot table, step by step, from any seat's view or the
table's, and as an animation.

The hand is a ledger hand id (``/history`` lists them); without one, the last hand the member
played at a bot table in this server. Only finished virtual hands replay — a hand recorded with
``/score`` at a physical table has no moves, and a hand still being played is refused (its log
holds every concealed tile): :mod:`shangrao_bot.service.replay` says why, in the member's
language. The hand is found and rebuilt before the acknowledgement (database reads and a few
milliseconds of engine work), so a refusal is private; the picture is drawn by the picture
workers after a deferral. The message and its buttons are :mod:`shangrao_bot.ui.replay_views`'
(they survive restarts).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.model import TableStatus
from shangrao_bot.service.replay import HandStillPlaying, NothingPlayed, last_played
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.finished_hands import REPLAYS
from shangrao_bot.ui.language import public_language
from shangrao_bot.ui.replay_views import REPLAY_ITEMS, replay_message

MAX_HAND_ID = 2**53 - 1  # the largest integer option Discord takes (beyond any ledger id)


@app_commands.guild_only()
class Replays(commands.Cog):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*REPLAY_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*REPLAY_ITEMS)

    def _playing_table(self, guild_id: int, user_id: int) -> int | None:
        """The member's table in this process while a hand is being played there."""
        table_id = self.bot.service.table_of(guild_id, user_id)
        if table_id is None:
            return None
        info = self.bot.service.get(table_id)
        return table_id if info.status is TableStatus.PLAYING else None

    @app_commands.command(
        name=_("replay"),
        description=_("Replay a finished hand of a bot table, step by step or animated"),
    )
    @app_commands.describe(
        hand=_("The hand's id from /history (default: the last hand you played)")
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        hand: app_commands.Range[int, 1, MAX_HAND_ID] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        guild_id, user_id = interaction.guild_id, interaction.user.id
        try:
            if hand is None:
                playing = self._playing_table(guild_id, user_id)
                if playing is not None:
                    raise HandStillPlaying(table=playing)
                hand = await last_played(self.bot.db, guild_id, user_id)
                if hand is None:
                    raise NothingPlayed()
            loaded = await REPLAYS.get(self.bot.db, guild_id, hand)
        except Exception as error:
            await reply_error(interaction, error)
            return
        await interaction.response.defer(thinking=True)
        lang = public_language(self.bot, guild_id, interaction.guild_locale)
        try:
            text, file, view = await replay_message(loaded, 0, None, lang, self.bot)
            await interaction.followup.send(text, file=file, view=view)
        except Exception as error:
            await reply_error(interaction, error)


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Replays(bot))
