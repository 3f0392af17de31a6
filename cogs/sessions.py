"""``/session start | show | end | list``: score sessions of a physical table, with a live
scoreboard edited after each counted hand and, at the end, the settlement with a Paid button per
transfer (``/session show`` and the settlement carry a 🌐 button to the session's web page while
the server's pages are on). Also registers the scorekeeping buttons (they work across restarts)
and sweeps previews that were not confirmed in time (and, once an hour, forgets what the
messages not edited for a month show:
:meth:`~shangrao_bot.service.forward_edits.ForwardEdits.forget_untouched`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.scorekeeping import MAX_STAKE, ScoreError
from shangrao_bot.service.session_opening import parse_roster
from shangrao_bot.store.errors import StoreError
from shangrao_bot.store.ledger import (
    get_session,
    list_sessions,
    list_transfers,
)
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.record_button import record_view
from shangrao_bot.ui.score_pads import PAD_ITEMS
from shangrao_bot.ui.score_views import (
    SCORE_ITEMS,
    actor_for,
    bot_book,
    close_expired,
    public_lang,
    refresh_scoreboard,
    scoreboard_embed,
    settlement_embed,
    settlement_view,
    shown,
)
from shangrao_bot.ui.scoreboard_chart import scoreboard_files
from shangrao_bot.ui.session_board import board_message, link_board
from shangrao_bot.ui.web_links import link_button, session_page, with_link

from .ledger import MAX_ID, fit_lines

log = logging.getLogger(__name__)

SWEEP_SECONDS = 30.0  # how often expired previews are closed
FORGET_SECONDS = 3600.0  # how often what old messages show is forgotten
MAX_LINES = 20


@app_commands.guild_only()  # the whole group (a subcommand's own decorator is ignored)
class Sessions(
    commands.GroupCog,
    group_name=_("session"),
    group_description=_("Score sessions at a physical table"),
):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        self._sweeper: asyncio.Task[None] | None = None
        self._forgotten_at = float("-inf")
        super().__init__()

    @property
    def book(self) -> ScoreBook:
        return bot_book(self.bot)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*SCORE_ITEMS, *PAD_ITEMS)
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="score-expiry")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*SCORE_ITEMS, *PAD_ITEMS)
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            # one process sweeps: several would void the same previews and edit their prompts
            if self.bot.coordination.is_leader:
                await self._sweep_once()

    async def _sweep_once(self) -> None:
        try:
            await self.sweep()
        except StorageUnavailable as exc:  # nothing half-done: the next sweep tries again
            log.warning("sweeping expired previews: storage unavailable (%s)", exc.detail)
        except Exception:  # a sweep must never end the loop
            log.exception("sweeping expired previews failed")

    async def sweep(self) -> int:
        """Void the previews not confirmed in time; close their prompts (those voided as
        expired elsewhere too), update scoreboards; once an hour, forget what the messages not
        edited for a month show."""
        await self.book.expire_due()
        closed = await close_expired(self.bot, self.book)
        if time.monotonic() - self._forgotten_at >= FORGET_SECONDS:
            self._forgotten_at = time.monotonic()
            await self.book.edits.forget_untouched()
        return closed

    @app_commands.command(
        name=_("start"), description=_("Start a score session in this channel (four players)")
    )
    @app_commands.guild_only()
    @app_commands.describe(
        players=_(
            "Four players in seat order: @mentions and/or guest names (commas for names "
            "with spaces)"
        ),
        preset=_("Scoring preset for this session (default: the server's)"),
        stake=_("Multiplies every amount (default: the server's)"),
    )
    @app_commands.choices(
        preset=[
            app_commands.Choice(name=_("shangrao (multipliers)"), value="shangrao"),
            app_commands.Choice(name=_("baike (flat points)"), value="baike"),
        ]
    )
    async def start(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[str, 1, 400],
        preset: app_commands.Choice[str] | None = None,
        stake: app_commands.Range[int, 1, MAX_STAKE] | None = None,
    ) -> None:
        assert interaction.guild is not None and interaction.channel_id is not None
        roster = parse_roster(players)
        names: dict[int, str] = {}
        for entry in roster:
            if entry.user_id is None or entry.user_id in names:
                continue
            member = interaction.guild.get_member(entry.user_id)
            if member is None:
                try:
                    member = await interaction.guild.fetch_member(entry.user_id)
                except discord.NotFound:
                    raise ScoreError("skv.not_member", id=entry.user_id) from None
            names[entry.user_id] = member.display_name
        actor = await actor_for(self.bot.db, interaction)
        info = await self.book.start(
            interaction.guild.id,
            interaction.channel_id,
            actor,
            roster,
            names,
            preset.value if preset else None,
            stake,
        )
        lang = public_lang(interaction)
        parts = await board_message(self.book, info, lang)
        await interaction.response.send_message(parts.content, embed=parts.embed, view=parts.view)
        message = await interaction.original_response()
        await link_board(self.bot.db, info, message.channel.id, message.id)

    @app_commands.command(
        name=_("show"), description=_("Show a session's scoreboard (default: this channel's)")
    )
    @app_commands.guild_only()
    @app_commands.describe(session=_("The session's number (see /session list)"))
    async def show(
        self,
        interaction: discord.Interaction,
        session: app_commands.Range[int, 1, MAX_ID] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        if session is None:
            info = await self.book.require_current(
                interaction.guild_id, interaction.channel_id or 0
            )
        else:
            try:
                info = await get_session(self.bot.db, interaction.guild_id, session)
            except StoreError:
                raise ScoreError("sk.no_session_id", id=session) from None
        board = await self.book.scoreboard(info)
        lang = public_lang(interaction)  # a public answer
        closed = info.status == "closed"
        embeds = [scoreboard_embed(board, lang, closed=closed)]
        if closed:
            embeds.append(
                settlement_embed(await list_transfers(self.bot.db, info.guild_id, info.id), lang)
            )
        files = await scoreboard_files(board, lang)
        link = await link_button(self.bot, info.guild_id, session_page(info.id), lang)
        view = with_link(None if closed else record_view(info.id, lang), link)
        if view is None:
            await interaction.response.send_message(embeds=embeds, files=files)
        else:
            await interaction.response.send_message(embeds=embeds, files=files, view=view)

    @app_commands.command(
        name=_("end"), description=_("End this channel's session: final standings and settlement")
    )
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        actor = await actor_for(self.bot.db, interaction)
        info = await self.book.require_current(interaction.guild_id, interaction.channel_id or 0)
        try:
            settlement = await self.book.end(
                interaction.guild_id, interaction.channel_id or 0, actor
            )
        finally:  # previews found expired on the way: their prompts say so
            await close_expired(self.bot, self.book)
        lang = public_lang(interaction)
        board = await self.book.scoreboard(info)
        transfers = list(settlement.transfers)
        embeds = [scoreboard_embed(board, lang, closed=True), settlement_embed(transfers, lang)]
        link = await link_button(self.bot, info.guild_id, session_page(info.id), lang)
        view = settlement_view(transfers, lang, link)
        files = await scoreboard_files(board, lang)
        if view is not None:
            await interaction.response.send_message(embeds=embeds, files=files, view=view)
        else:
            await interaction.response.send_message(embeds=embeds, files=files)
        await refresh_scoreboard(self.bot, self.book, info, lang)

    @app_commands.command(
        name=_("list"), description=_("This server's score sessions, newest first")
    )
    @app_commands.guild_only()
    async def list_(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        lang = lang_of(interaction.locale)  # an ephemeral answer
        sessions = await list_sessions(self.bot.db, interaction.guild_id, limit=MAX_LINES)
        lines = [
            t(
                "skv.sessions.row",
                lang,
                id=s.id,
                kind=t(f"skv.kind.{s.kind}", lang),
                status=t(f"skv.session.{s.status}", lang),
                opened=s.opened_at[:10],
                players=", ".join(shown(p.display_name, lang) for p in s.seats),
            )
            for s in sessions
        ]
        await interaction.response.send_message(
            fit_lines(lines) or t("sessions.none", lang), ephemeral=True
        )


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Sessions(bot))
