"""``/player link | rename``: tidy the server's players. A guest (someone scored without a
Discord account) can be linked to the member they turn out to be — their whole history moves —
or renamed (the old name keeps finding them). For scorers and administrators."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.names import normalize_name, shorten
from shangrao_bot.service.scorekeeping import ScoreError
from shangrao_bot.service.session_opening import check_guest_name
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.ledger import merge_guest, player_named, rename_player, user_player
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.score_views import official_id, public_lang, shown

from .ledger import player_choices, resolve_player


@app_commands.guild_only()  # the whole group (a subcommand's own decorator is ignored)
class Players(
    commands.GroupCog,
    group_name=_("player"),
    group_description=_("Link guests to members, rename guests"),
):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=_("link"), description=_("Merge a guest's history into a member (scorers, admins)")
    )
    @app_commands.guild_only()
    @app_commands.describe(guest=_("The guest's name"), member=_("The member they are"))
    async def link(
        self,
        interaction: discord.Interaction,
        guest: app_commands.Range[str, 1, 100],
        member: discord.Member,
    ) -> None:
        assert interaction.guild_id is not None
        actor = await official_id(self.bot.db, interaction)
        found = await resolve_player(self.bot, interaction, guest)
        if not found.is_guest:
            raise ScoreError("sk.not_guest", name=found.display_name)
        name = normalize_name(member.display_name) or member.name
        target = await user_player(self.bot.db, interaction.guild_id, member.id, name)
        try:
            await merge_guest(self.bot.db, interaction.guild_id, found.id, target.id, actor)
        except StoreError as exc:
            raise ScoreError("sk.ledger", reason=exc.phrase) from None
        lang = public_lang(interaction)  # a public answer
        await interaction.response.send_message(
            t(
                "skv.player.linked",
                lang,
                guest=shown(found.display_name, lang),
                member=shown(target.display_name, lang),
            )
        )

    @link.autocomplete("guest")
    async def _link_guest(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await player_choices(self.bot, interaction, current, guests_only=True)

    @app_commands.command(name=_("rename"), description=_("Rename a guest (scorers, admins)"))
    @app_commands.guild_only()
    @app_commands.describe(player=_("The guest's current name"), name=_("The new name"))
    async def rename(
        self,
        interaction: discord.Interaction,
        player: app_commands.Range[str, 1, 100],
        name: app_commands.Range[str, 1, 64],
    ) -> None:
        assert interaction.guild_id is not None
        actor = await official_id(self.bot.db, interaction)
        found = await resolve_player(self.bot, interaction, player)
        cleaned = check_guest_name(name)
        namesake = await player_named(self.bot.db, interaction.guild_id, cleaned)
        if namesake is not None and namesake.user_id is not None:
            raise ScoreError("sk.name_member", name=shorten(cleaned, 20))
        try:
            renamed = await rename_player(
                self.bot.db, interaction.guild_id, found.id, cleaned, actor
            )
        except StoreError as exc:
            raise ScoreError("sk.ledger", reason=exc.phrase) from None
        lang = public_lang(interaction)  # a public answer
        await interaction.response.send_message(
            t(
                "skv.player.renamed",
                lang,
                old=shown(found.display_name, lang),
                new=shown(renamed.display_name, lang),
            )
        )

    @rename.autocomplete("player")
    async def _rename_player(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await player_choices(self.bot, interaction, current, guests_only=True)


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Players(bot))
