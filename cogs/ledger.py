"""Reading the server's book: ``/leaderboard``, ``/history``, ``/stats``, ``/export``
(``/table list`` is in :mod:`cogs.tables`, sessions in :mod:`cogs.sessions`, ``/profile`` in
:mod:`cogs.profile`, seasons in :mod:`cogs.season`).

``/leaderboard`` ranks by a running total (read from the maintained totals) or by skill rating
(``metric:rating``, the cached OpenSkill fold of :mod:`shangrao_bot.store.ledger.ratings`; by
default only players with at least 10 rated hands, ``min_hands`` changes it). ``period:season`` is
the server's current season and ``season:`` picks any season (autocomplete). What each command
reads, and which hands count, is :mod:`shangrao_bot.service.book_reading`'s: this cog words it.

Images never carry names (ranks and seats are labelled; the embed names them). While the server's
web pages are on, ``/leaderboard`` carries a 🌐 button to the league's page under the same filters.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import tempfile
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.catalog.fields import term
from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.service.book_reading import (
    BoardPeriod,
    BoardRow,
    ExportGate,
    Player,
    RatingFigures,
    RatingRow,
    board_period,
    export_file,
    hand_history,
    leaderboard,
    player_figures,
    players_matching,
    rating_figures,
    rating_leaderboard,
    ratings_stale,
    seasons_matching,
)
from shangrao_bot.service.book_reading import resolve_player as find_player
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.score_views import player_name, public_lang, shown, void_reason_text
from shangrao_bot.ui.web_links import league_page, link_button, link_only
from shangrao_bot.web.pages.league import Filters

from .help import EMBED_COLOUR

MAX_ID = 2**53 - 1  # the largest integer option Discord accepts (its OpenAPI maximum)
MAX_CONTENT = 2000  # Discord's limit for a message's content
SPARKS = "▁▂▃▄▅▆▇█"


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


async def player_choices(
    bot: ShangraoBot, interaction: discord.Interaction, current: str, guests_only: bool = False
) -> list[app_commands.Choice[str]]:
    """The server's players matching what is typed (members first), named in the user's
    language (guests marked); the value is ``#id``."""
    if interaction.guild_id is None:
        return []
    lang = lang_of(interaction.locale)
    found = await players_matching(bot.db, interaction.guild_id, current, guests_only)
    return [
        app_commands.Choice(
            name=(
                player_name(p.display_name, lang) + (t("skv.guest_tag", lang) if p.is_guest else "")
            )[:100],
            value=f"#{p.id}",
        )
        for p in found
    ]


async def resolve_player(
    bot: ShangraoBot, interaction: discord.Interaction, text: str | None
) -> Player:
    """``#id`` (from autocomplete), a mention, or a name; none = the caller
    (:func:`shangrao_bot.service.book_reading.resolve_player`)."""
    assert interaction.guild_id is not None
    user = interaction.user
    return await find_player(
        bot.db,
        interaction.guild_id,
        text,
        caller_id=user.id,
        caller_name=getattr(user, "display_name", user.name),
        account_name=user.name,
    )


class Ledger(commands.Cog):
    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        self._exports = ExportGate()  # one export at a time per server

    @app_commands.command(
        name=_("leaderboard"), description=_("The server's ranking of confirmed hands")
    )
    @app_commands.guild_only()
    @app_commands.describe(
        period=_("Which hands count (default: all time)"),
        metric=_("What ranks players (default: total)"),
        min_hands=_(
            "Only players with at least this many hands (default 1; by rating: 10 rated hands)"
        ),
        guests=_("Include guests (players without a Discord account)"),
        season=_("A season, past or current (start typing a name; default: all time)"),
    )
    @app_commands.choices(
        period=[
            app_commands.Choice(name=_("last 7 days"), value="week"),
            app_commands.Choice(name=_("last 30 days"), value="month"),
            app_commands.Choice(name=_("current season"), value="season"),
            app_commands.Choice(name=_("all time"), value="all"),
        ],
        metric=[
            app_commands.Choice(name=_("total"), value="total"),
            app_commands.Choice(name=_("average per hand"), value="average"),
            app_commands.Choice(name=_("win rate"), value="win_rate"),
            app_commands.Choice(name=_("biggest hand"), value="biggest"),
            app_commands.Choice(name=_("rating"), value="rating"),
        ],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        period: app_commands.Choice[str] | None = None,
        metric: app_commands.Choice[str] | None = None,
        min_hands: app_commands.Range[int, 1, 10000] | None = None,
        guests: bool = False,
        season: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        lang = public_lang(interaction)  # a public answer
        metric_key = metric.value if metric else "total"
        chosen = await board_period(
            self.bot.db, interaction.guild_id, period.value if period else None, season
        )
        if chosen.season is not None:
            period_name = t("rt.season.title", lang, name=chosen.season.name) + (
                t("rt.season.open_tag", lang) if chosen.season.is_open else ""
            )
        else:
            period_name = t(f"skv.period.{chosen.key}", lang)
        named = chosen.season if season is not None else None  # a season picked by name
        filters = Filters(
            None if named is not None else chosen.key,
            None if named is None else named.id,
            metric_key,
            min_hands,
            guests,
        )
        if metric_key == "rating":
            await self._rating_board(
                interaction, lang, period_name, chosen, min_hands, guests, filters
            )
            return
        board = await leaderboard(
            self.bot.db, interaction.guild_id, chosen, metric_key, min_hands, guests
        )
        rows, ranked = board.rows, board.ranked
        metric_name = t(f"skv.metric.{metric_key}", lang)
        lines = [
            t(
                "skv.board2.row",
                lang,
                rank=i + 1,
                name=shown(r.player.display_name, lang),
                value=_metric_value(r, metric_key),
                hands=r.hands,
                wins=r.wins,
            )
            for i, r in enumerate(rows)
        ]
        guests_note = t("skv.board2.guests", lang) if guests else ""
        lines += ["", t("skv.board2.filter", lang, min_hands=board.min_hands, guests=guests_note)]
        if metric_key == "biggest":
            lines.append(t("skv.board2.winners_only", lang))
        empty = t("skv.board2.winners_only" if ranked else "board.empty", lang)
        embed = discord.Embed(
            title=t("skv.board2.title", lang, period=period_name, metric=metric_name),
            description=fit_lines(lines, 4000) if rows else empty,
            colour=EMBED_COLOUR,
        )
        link = await self._league_link(interaction, filters, lang)
        if not rows:
            await send(interaction, embed=embed, **link)
            return
        from shangrao_bot.render import render_leaderboard

        png = await asyncio.to_thread(render_leaderboard, rows, metric_key, lang=lang)
        embed.set_image(url="attachment://leaderboard.png")
        await send(
            interaction,
            embed=embed,
            file=discord.File(io.BytesIO(png), filename="leaderboard.png"),
            **link,
        )

    async def _league_link(
        self, interaction: discord.Interaction, filters: Filters, lang: str
    ) -> dict[str, Any]:
        """The 🌐 button to the league's page under the same filters, as a message's
        ``view`` (nothing when the server's pages are off)."""
        page = league_page(filters.query())
        return link_only(await link_button(self.bot, interaction.guild_id, page, lang))

    @leaderboard.autocomplete("season")
    async def _leaderboard_season(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await season_choices(self.bot, interaction, current)

    async def _rating_board(
        self,
        interaction: discord.Interaction,
        lang: str,
        period_name: str,
        period: BoardPeriod,
        min_hands: int | None,
        guests: bool,
        filters: Filters,
    ) -> None:
        """``/leaderboard metric:rating``: the ratings (as they stood at the season's end, or
        now) of the players with at least ``min_hands`` rated hands in the period."""
        assert interaction.guild_id is not None
        await defer_unless_rated(self.bot, interaction)
        board = await rating_leaderboard(
            self.bot.db, interaction.guild_id, period, min_hands, guests
        )
        rows, minimum = board.rows, board.min_hands
        lines = [rating_line(i + 1, r, lang) for i, r in enumerate(rows)]
        where = ""
        if period.season is not None:
            where = t("rt.board.in_season", lang)
        elif period.since is not None:
            where = t("rt.board.in_period", lang)
        guests_note = t("skv.board2.guests", lang) if guests else ""
        filter_line = t("rt.board.filter", lang, min_hands=minimum, where=where, guests=guests_note)
        embed = discord.Embed(
            title=t(
                "skv.board2.title",
                lang,
                period=period_name,
                metric=t("skv.metric.rating", lang),
            ),
            description=fit_lines([*lines, "", filter_line], 4000)
            if rows
            else t("rt.board.empty", lang, min_hands=minimum) + "\n" + filter_line,
            colour=EMBED_COLOUR,
        )
        await send(interaction, embed=embed, **await self._league_link(interaction, filters, lang))

    @app_commands.command(name=_("history"), description=_("The latest recorded hands"))
    @app_commands.guild_only()
    @app_commands.describe(
        player=_("Only hands of this player"), session=_("Only hands of this session")
    )
    async def history(
        self,
        interaction: discord.Interaction,
        player: app_commands.Range[str, 1, 100] | None = None,
        session: app_commands.Range[int, 1, MAX_ID] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        lang = lang_of(interaction.locale)
        who = await resolve_player(self.bot, interaction, player) if player else None
        hands = await hand_history(self.bot.db, interaction.guild_id, who, session)
        lines = []
        for h in hands:
            if h.outcome == "win" and h.winners:
                w = h.winners[0]
                name = shown(h.players[w].display_name, lang)
                what = f"{name} {term(h.pattern or '', lang)} {h.deltas[w]:+d}"
            else:
                what = "流局"
            if h.status == "voided" and h.void_reason:
                what += f" ({void_reason_text(h.void_reason, lang)[:80]})"
            lines.append(
                t(
                    "skv.history.row",
                    lang,
                    id=h.id,
                    session=h.session_id,
                    seq=h.seq,
                    date=h.created_at[:10],
                    status=t(f"skv.status.{h.status}", lang),
                    what=what,
                )
            )
        embed = discord.Embed(
            title=t("skv.history.title", lang)
            + (f" · {shown(who.display_name, lang)}" if who else "")
            + (f" · #{session}" if session else ""),
            description=fit_lines(lines, 4000) or t("skv.history.none", lang),
            colour=EMBED_COLOUR,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @history.autocomplete("player")
    async def _history_player(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await player_choices(self.bot, interaction, current)

    @app_commands.command(name=_("stats"), description=_("A player's figures (default: yours)"))
    @app_commands.guild_only()
    @app_commands.describe(player=_("The player (start typing a name)"))
    async def stats(
        self,
        interaction: discord.Interaction,
        player: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        lang = public_lang(interaction)  # a public answer
        who = await resolve_player(self.bot, interaction, player)
        figures = await player_figures(self.bot.db, interaction.guild_id, who.id)
        s = figures.stats
        rate = f"{s.wins / s.hands:.0%}" if s.hands else "—"
        lines = [
            t(
                "skv.stats.summary",
                lang,
                hands=s.hands,
                wins=s.wins,
                rate=rate,
                self_draws=s.self_draws,
                total=s.total,
                biggest=f"{s.biggest:+d}" if s.wins else "—",  # no win, no biggest hand
            ),
            t("skv.stats.feibao", lang, count=s.fei_bao, net=s.fei_bao_net),
        ]
        await defer_unless_rated(self.bot, interaction)
        lines += rating_lines(await rating_figures(self.bot.db, interaction.guild_id, who.id), lang)
        embed = discord.Embed(
            title=t("skv.stats.title", lang, name=shown(who.display_name, lang)),
            description="\n".join(lines),
            colour=EMBED_COLOUR,
        )
        patterns = "\n".join(
            f"{term(name, lang)} × {n}" for name, n in list(s.patterns.items())[:15]
        )
        embed.add_field(
            name=t("skv.stats.patterns", lang),
            value=patterns[:1024] or t("skv.stats.none", lang),
            inline=True,
        )
        h2h_text = "\n".join(
            f"{shown(rival.display_name, lang)} {net:+d}" for rival, net in figures.rivals
        )
        embed.add_field(
            name=t("skv.stats.h2h", lang),
            value=h2h_text[:1024] or t("skv.stats.none", lang),
            inline=True,
        )
        if not s.trend:
            await send(interaction, embed=embed)
            return
        from shangrao_bot.render import render_running_totals

        steps = [[step] for step in figures.steps]
        png = await asyncio.to_thread(render_running_totals, steps, 1, [""], lang=lang)
        embed.set_image(url="attachment://trend.png")
        await send(
            interaction, embed=embed, file=discord.File(io.BytesIO(png), filename="trend.png")
        )

    @stats.autocomplete("player")
    async def _stats_player(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await player_choices(self.bot, interaction, current)

    @app_commands.command(name=_("export"), description=_("Download the book as a file"))
    @app_commands.guild_only()
    @app_commands.describe(
        session=_("One session's hands (default: every hand of the server)"),
        format=_("csv (spreadsheets) or json"),
    )
    @app_commands.choices(
        format=[
            app_commands.Choice(name="csv", value="csv"),
            app_commands.Choice(name="json", value="json"),
        ]
    )
    async def export(
        self,
        interaction: discord.Interaction,
        format: app_commands.Choice[str],
        session: app_commands.Range[int, 1, MAX_ID] | None = None,
    ) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None
        with self._exports.turn(guild_id):  # refused while the server's last one runs
            await interaction.response.defer(thinking=True, ephemeral=True)
            limit = interaction.filesize_limit  # Discord's upload limit for this server
            with tempfile.TemporaryDirectory(prefix="shangrao-export-") as tmp:
                try:
                    done = await export_file(
                        self.bot.db, guild_id, session, format.value, Path(tmp), limit
                    )
                except asyncio.CancelledError:  # the bot is stopping: say so, then stop
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(
                            interaction.followup.send(
                                t("skv.export.stopped", lang_of(interaction.locale)),
                                ephemeral=True,
                            ),
                            2,
                        )
                    raise
                await interaction.followup.send(
                    t("skv.export.done", lang_of(interaction.locale), rows=done.rows),
                    file=discord.File(done.path, filename=done.filename),
                    ephemeral=True,
                )


async def season_choices(
    bot: ShangraoBot, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The server's seasons whose name contains what is typed, newest first (the open one
    marked); the value is ``#id``."""
    if interaction.guild_id is None:
        return []
    lang = lang_of(interaction.locale)
    return [
        app_commands.Choice(
            name=(s.name + (t("rt.season.open_tag", lang) if s.is_open else ""))[:100],
            value=f"#{s.id}",
        )
        for s in await seasons_matching(bot.db, interaction.guild_id, current)
    ]


async def defer_unless_rated(bot: ShangraoBot, interaction: discord.Interaction) -> None:
    """Defer the (public) answer when the ratings must be folded again first: resumed from
    their checkpoints after a restart it is quick, but a book without them (the first read
    after the upgrade that brought them) takes longer than Discord's three seconds."""
    assert interaction.guild_id is not None
    if await ratings_stale(bot.db, interaction.guild_id):
        await interaction.response.defer(thinking=True)


async def send(interaction: discord.Interaction, **kwargs: Any) -> None:
    """The public answer: the response, or its follow-up when the response was deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


def rating_text(value: float) -> str:
    return f"{value:.1f}"


def rating_line(rank: int, row: RatingRow, lang: str) -> str:
    return t(
        "rt.board.row",
        lang,
        rank=rank,
        name=shown(row.player.display_name, lang),
        rating=rating_text(row.ordinal),
        mu=rating_text(row.mu),
        sigma=rating_text(row.sigma),
        games=row.games,
    )


def sparkline(values: list[float]) -> str:
    """Values as a row of block characters, lowest to highest."""
    if not values:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    return "".join(SPARKS[round((v - low) / span * (len(SPARKS) - 1))] for v in values)


def rating_lines(figures: RatingFigures, lang: str) -> list[str]:
    """/stats' rating: the value, how it moved over the last hands, and its sparkline."""
    rating, recent = figures.rating, figures.recent
    if not rating.games:
        return [t("rt.stats.unrated", lang)]
    return [
        t(
            "rt.stats.rating",
            lang,
            rating=rating_text(rating.ordinal),
            mu=rating_text(rating.mu),
            sigma=rating_text(rating.sigma),
            games=rating.games,
            recent=len(recent),
            change=f"{figures.change:+.1f}",
        ),
        t("rt.stats.trend", lang, count=len(recent), points=sparkline(recent)),
    ]


def _metric_value(row: BoardRow, metric: str) -> str:
    if metric == "average":
        return f"{row.average:+.1f}"
    if metric == "win_rate":
        return f"{row.win_rate:.0%}"
    if metric == "biggest":
        return f"{row.biggest:+d}" if row.wins else "—"  # no win, no biggest hand
    return f"{row.total:+d}"


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Ledger(bot))
