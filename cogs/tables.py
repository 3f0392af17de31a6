"""``/table create|leave|end|watch|dm|list``: virtual tables in a thread.

Thin: parse, check, call the :class:`~shangrao_bot.service.TableService`, answer. The lobby,
the table messages and the private panels are the presenter's
(``shangrao_bot.ui.discord_presenter``) and the buttons' (``shangrao_bot.ui.table_views``) work.
"""

from __future__ import annotations

import contextlib

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.errors import Refusal
from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.language import public_language
from shangrao_bot.ui.table_client import member_name

from .ledger import MAX_ID

TableId = app_commands.Range[int, 1, MAX_ID]  # a table's number, as Discord bounds it

MAX_LINES = 20

# What a table needs in its channel, in the order they are reported.
NEEDED_PERMISSIONS = (
    "send_messages",
    "attach_files",
    "embed_links",
    "create_public_threads",
    "send_messages_in_threads",
)


def missing_permissions(perms: discord.Permissions) -> list[str]:
    return [name for name in NEEDED_PERMISSIONS if not getattr(perms, name)]


class Tables(commands.Cog):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot

    table = app_commands.Group(
        name=_("table"), description=_("Virtual mahjong tables in a thread"), guild_only=True
    )

    def _table_here(self, interaction: discord.Interaction, table_id: int | None) -> TableInfo:
        """The table named, else the one whose thread this is, else the member's own."""
        service = self.bot.service
        assert interaction.guild_id is not None
        if table_id is not None:
            info = service.get(table_id)
            if info.guild_id == interaction.guild_id:
                return info
        else:
            for info in service.tables(interaction.guild_id):
                if info.thread_id == interaction.channel_id:
                    return info
            seated = service.table_of(interaction.guild_id, interaction.user.id)
            if seated is not None:
                return service.get(seated)
        raise Refusal("table.none_here")

    @table.command(name=_("create"), description=_("Open a virtual table in a new thread"))
    @app_commands.describe(
        preset=_("Scoring preset: shangrao (multipliers) or baike (flat points)"),
        hands=_("Hands to play (default 4)"),
        turn_seconds=_("Seconds per turn (default 45)"),
        claim_seconds=_("Seconds to claim a discard (default 15)"),
    )
    @app_commands.choices(
        preset=[
            app_commands.Choice(name=_("shangrao (multipliers)"), value="shangrao"),
            app_commands.Choice(name=_("baike (flat points)"), value="baike"),
        ]
    )
    async def create(
        self,
        interaction: discord.Interaction,
        preset: app_commands.Choice[str] | None = None,
        hands: app_commands.Range[int, 1, 64] | None = None,
        turn_seconds: app_commands.Range[int, 10, 600] | None = None,
        claim_seconds: app_commands.Range[int, 3, 120] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        lang = lang_of(interaction.locale)
        self.bot.table_presenter.remember_lang(interaction.user.id, lang)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise Refusal("table.text_channel_only")
        missing = missing_permissions(interaction.app_permissions)
        if missing:
            names = ", ".join(f"**{t(f'perm.{m}', lang)}**" for m in missing)
            raise Refusal("table.missing_permissions", missing=names)
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_lang = public_language(self.bot, interaction.guild_id, interaction.guild_locale)
        opened: list[discord.Thread] = []

        async def open_thread(table_id: int) -> int:
            made = await channel.create_thread(
                name=t("table.thread_name", guild_lang, table=table_id),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=1440,
            )
            opened.append(made)
            return made.id

        try:  # the thread is saved with the table: both or neither
            info = await self.bot.service.create_table(
                interaction.guild_id,
                channel.id,
                interaction.user.id,
                member_name(interaction),
                preset=preset.value if preset is not None else None,
                hands=hands,
                turn_seconds=turn_seconds,
                claim_seconds=claim_seconds,
                thread=open_thread,
            )
        except BaseException:
            for made in opened:
                with contextlib.suppress(discord.HTTPException):
                    await made.delete()
            raise
        thread = opened[0]
        await self.bot.table_presenter.post_lobby(info)
        await interaction.followup.send(
            t("table.reply.created", lang, table=info.id, thread=thread.id), ephemeral=True
        )

    @table.command(name=_("leave"), description=_("Leave your table (an AI plays for you)"))
    @app_commands.describe(table=_("The table's number (default: yours or this thread's)"))
    async def leave(
        self,
        interaction: discord.Interaction,
        table: TableId | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        info = self._table_here(interaction, table)
        await self.bot.service.leave(info.id, interaction.user.id)
        await interaction.response.send_message(
            t("table.reply.left", lang, table=info.id), ephemeral=True
        )

    @table.command(name=_("end"), description=_("End a table (its host or an administrator)"))
    @app_commands.describe(table=_("The table's number (default: yours or this thread's)"))
    async def end(
        self,
        interaction: discord.Interaction,
        table: TableId | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        info = self._table_here(interaction, table)
        perms = interaction.permissions
        is_admin = perms.administrator or perms.manage_guild
        await self.bot.service.end(info.id, interaction.user.id, is_admin=is_admin)
        await interaction.response.send_message(
            t("table.reply.ended", lang, table=info.id), ephemeral=True
        )

    @table.command(name=_("watch"), description=_("Watch a table (the public board only)"))
    @app_commands.describe(table=_("The table's number (default: yours or this thread's)"))
    async def watch(
        self,
        interaction: discord.Interaction,
        table: TableId | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        info = self._table_here(interaction, table)
        info = await self.bot.service.watch(info.id, interaction.user.id)
        await interaction.response.send_message(
            t(
                "table.reply.watching",
                lang,
                table=info.id,
                thread=info.thread_id or info.channel_id,
            ),
            ephemeral=True,
        )

    @table.command(name=_("dm"), description=_("Private panels by DM: on, or off (use My hand)"))
    @app_commands.describe(mode=_("on: your hand by DM; off: only My hand"))
    @app_commands.choices(
        mode=[
            app_commands.Choice(name=_("on"), value="on"),
            app_commands.Choice(name=_("off"), value="off"),
        ]
    )
    async def dm(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        lang = lang_of(interaction.locale)
        presenter = self.bot.table_presenter
        presenter.remember_lang(interaction.user.id, lang)
        on = mode.value == "on"
        await presenter.set_dm(interaction.user.id, on=on)
        await interaction.response.send_message(
            t("table.reply.dm_on" if on else "table.reply.dm_off", lang), ephemeral=True
        )

    @table.command(name=_("list"), description=_("The virtual tables open in this server"))
    async def table_list(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        assert interaction.guild_id is not None
        tables = self.bot.service.tables(interaction.guild_id)
        lines = [
            t(
                "tables.row_status",
                lang,
                id=info.id,
                channel=info.thread_id or info.channel_id,
                status=t(f"tables.status.{info.status.value}", lang),
                seated=sum(s is not None for s in info.seats),
            )
            for info in tables[:MAX_LINES]
        ]
        await interaction.response.send_message(
            "\n".join(lines) or t("tables.none", lang), ephemeral=True
        )


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Tables(bot))
