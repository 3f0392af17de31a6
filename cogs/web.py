"""``/web on | off | rotate | link``: the server's league on the web.

A server's read-only pages (:mod:`shangrao_bot.web`) live under a secret address
(:mod:`shangrao_bot.store.web_sites`): administrators switch them on (a new address), give them a
new one (every old link then leads nowhere) or switch them off; each change is audited. Anyone
may ask for the link. Every answer is private: the address is the only key to the pages, so it
goes only to whoever asked, who shares it where they choose.

The bot can give a link only when it knows where the pages are served: by this process
(``WEB_PORT``) or by a separate ``shangrao-bot web`` (``WEB_PUBLIC_URL``). Without either the
commands say what the bot's operator must set.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.errors import NotAllowed, Refusal
from shangrao_bot.store.web_sites import WebSite, close_site, open_site, rotate_site, site_of
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.web_links import button_to, league_page, with_link


def admin_id(interaction: discord.Interaction) -> int:
    """The administrator's id; the refusal for anyone else (the permission ``/rules set``
    asks for)."""
    member = interaction.user
    if not isinstance(member, discord.Member) or not member.guild_permissions.administrator:
        raise NotAllowed("web.discord.admin_only")
    return member.id


@app_commands.guild_only()  # the whole group (a subcommand's own decorator is ignored)
class Web(
    commands.GroupCog,
    group_name=_("web"),
    group_description=_("The league's web pages: switch them on or off, or get their link"),
):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        super().__init__()

    def _base(self) -> str:
        """Where the pages are served; the refusal naming what the operator must set when
        the bot knows of nowhere."""
        base = self.bot.web_link_base()
        if base is None:
            raise Refusal("web.discord.no_address")
        return base

    async def _answer(
        self, interaction: discord.Interaction, key: str, site: WebSite | None = None
    ) -> None:
        """The private answer ``key``; with ``site``, its address in the text (to copy) and
        as a button."""
        lang = lang_of(interaction.locale)
        if site is None:
            await interaction.response.send_message(t(key, lang), ephemeral=True)
            return
        url = self.bot.web_links.url(site, league_page({}))
        assert url is not None  # the address was checked known before
        view = with_link(None, button_to(url, t("web.discord.button.site", lang)))
        assert view is not None
        await interaction.response.send_message(t(key, lang, url=url), view=view, ephemeral=True)

    @app_commands.command(
        name=_("on"),
        description=_("Switch the league's web pages on and get their secret address (admins)"),
    )
    @app_commands.guild_only()
    async def on(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        actor = admin_id(interaction)
        self._base()
        was = await site_of(self.bot.db, interaction.guild_id)
        site = await open_site(self.bot.db, interaction.guild_id, actor)
        await self._answer(interaction, "web.discord.already_on" if was else "web.discord.on", site)

    @app_commands.command(
        name=_("rotate"),
        description=_("Give the web pages a new secret address: old links stop working (admins)"),
    )
    @app_commands.guild_only()
    async def rotate(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        actor = admin_id(interaction)
        self._base()
        site = await rotate_site(self.bot.db, interaction.guild_id, actor)
        await self._answer(interaction, "web.discord.rotated", site)

    @app_commands.command(
        name=_("off"),
        description=_("Switch the league's web pages off: every link stops working (admins)"),
    )
    @app_commands.guild_only()
    async def off(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        actor = admin_id(interaction)
        closed = await close_site(self.bot.db, interaction.guild_id, actor)
        await self._answer(interaction, "web.discord.off" if closed else "web.discord.already_off")

    @app_commands.command(
        name=_("link", catalog_key="link (the pages' address)"),
        description=_("The league's web pages: their link, only for you"),
    )
    @app_commands.guild_only()
    async def link(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        self._base()
        site = await site_of(self.bot.db, interaction.guild_id)
        if site is None:
            await self._answer(interaction, "web.discord.link_off")
            return
        await self._answer(interaction, "web.discord.link", site)


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Web(bot))
