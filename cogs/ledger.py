"""``/leaderboard`` and ``/session list``: reading the server's book (``/table list`` is in
:mod:`cogs.tables`).

(Opening sessions and tables, recording hands and the richer leaderboard options belong to the
scorekeeping and virtual-table issues; these read what the ledger holds.)
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.store.ledger import list_sessions
from shangrao_bot.store.stats import leaderboard
from shangrao_bot.ui.i18n import lang_of, t

from .help import EMBED_COLOUR

MAX_LINES = 20
MAX_CONTENT = 2000  # Discord's limit for a message's content


def fit_lines(lines: list[str], limit: int = MAX_CONTENT) -> str:
    """As many whole lines as fit in one message (names can be long: never over the limit)."""
    out: list[str] = []
    size = 0
    for line in lines:
        size += len(line) + 1
        if size > limit:
            break
        out.append(line)
    return "\n".join(out)


class Ledger(commands.Cog):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("leaderboard"), description=_("The server's ranking of confirmed hands")
    )
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        lang = lang_of(interaction.locale)
        rows = await leaderboard(self.bot.db, interaction.guild_id, limit=MAX_LINES)
        lines = [
            t(
                "board.row",
                lang,
                rank=i + 1,
                name=discord.utils.escape_markdown(r.player.display_name),
                total=r.total,
                hands=r.hands,
                wins=r.wins,
            )
            for i, r in enumerate(rows)
        ]
        embed = discord.Embed(
            title=t("board.title", lang),
            description="\n".join(lines) or t("board.empty", lang),
            colour=EMBED_COLOUR,
        )
        await interaction.response.send_message(embed=embed)

    session = app_commands.Group(
        name=_("session"), description=_("Score sessions at a physical table"), guild_only=True
    )

    @session.command(name=_("list"), description=_("This server's score sessions, newest first"))
    async def session_list(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        lang = lang_of(interaction.locale)
        sessions = await list_sessions(self.bot.db, interaction.guild_id, limit=MAX_LINES)
        lines = [
            t(
                "sessions.row",
                lang,
                id=s.id,
                kind=s.kind,
                status=s.status,
                opened=s.opened_at[:10],
                players=", ".join(discord.utils.escape_markdown(p.display_name) for p in s.seats),
            )
            for s in sessions
        ]
        await interaction.response.send_message(
            fit_lines(lines) or t("sessions.none", lang), ephemeral=True
        )


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Ledger(bot))
