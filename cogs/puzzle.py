"""``/puzzle new [seed]`` and ``/puzzle leaderboard``: 何切 problems from AI games, answered with
buttons, revealed at a deadline or by the member who posed them; and the daily puzzle.

The puzzle (:mod:`shangrao_bot.engine.puzzle`) is picked off the event loop, from the seed
given or a fresh random one; the same seed poses the same puzzle again. Its message and buttons
are :mod:`shangrao_bot.ui.puzzle_views`' (they survive restarts). A puzzle stays open for the
server's ``puzzle_minutes`` (``/rules set``, default 10); its deadline is stored, so a restart
loses nothing: a background task reveals every puzzle whose deadline has passed.

**The daily puzzle.** Switched on in ``/rules set`` (``daily_puzzle`` and
``puzzle_channel``), it is posted at the first tick of each UTC day (or as soon as it is
switched on), from the seed ``daily:{server}:{date}`` — the same puzzle whoever posts it. A day
is claimed in the database before the post (:func:`~shangrao_bot.store.ledger.puzzles.claim_daily`),
so it is posted once even across restarts; and of several shard processes only the leader
(:mod:`shangrao_bot.store.processes.coordination`) runs the task. A post that fails after the claim
is not retried that day (at most once, never twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.engine.puzzle import MAX_SEED, Puzzle, clean_seed, pick_puzzle
from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.rules.tiles import tile_str
from shangrao_bot.store.ledger.puzzles import (
    StoredPuzzle,
    add_puzzle,
    claim_daily,
    daily_due,
    due_puzzles,
    get_puzzle_settings,
    leaderboard,
    set_message,
)
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.language import public_language
from shangrao_bot.ui.puzzle_views import (
    COLOUR,
    PUZZLE_ITEMS,
    puzzle_picture,
    question_embed,
    question_view,
    reveal_in_channel,
)

from .analysis import guild_rules

log = logging.getLogger(__name__)

TICK_SECONDS = 30.0  # how often deadlines and the daily puzzle are looked at


def utc_now() -> datetime:
    return datetime.now(UTC)


@app_commands.guild_only()
class Puzzles(
    commands.GroupCog,
    group_name=_("puzzle"),
    group_description=_("何切 puzzles: what would you discard?"),
):
    """``clock``: the time the deadlines and the daily puzzle's date are read from, and
    ``tick_seconds`` how often they are looked at (tests move the one and shorten the other
    with :meth:`set_tick`)."""

    def __init__(self, bot: ShangraoBot) -> None:
        self.bot = bot
        self.clock: Callable[[], datetime] = utc_now
        self.tick_seconds = TICK_SECONDS
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        super().__init__()

    def set_tick(self, seconds: float) -> None:
        """Look at deadlines every ``seconds`` from now on (and at once)."""
        self.tick_seconds = seconds
        self._wake.set()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*PUZZLE_ITEMS)
        self._task = asyncio.create_task(self._forever(), name="puzzles")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*PUZZLE_ITEMS)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    # --- posing a puzzle ------------------------------------------------------------------

    async def pose(
        self,
        guild_id: int,
        channel_id: int,
        poster_id: int | None,
        seed: str,
        lang: str,
        daily: str | None = None,
    ) -> tuple[StoredPuzzle, Puzzle, discord.Embed, discord.File, discord.ui.View] | None:
        """Pick the puzzle of ``seed`` (None when its games give none), record it and make its
        message (still to be posted)."""
        rules = await guild_rules(self.bot, guild_id)
        puzzle = await asyncio.to_thread(pick_puzzle, seed, rules)
        if puzzle is None:
            return None
        minutes = (await get_puzzle_settings(self.bot.db, guild_id)).minutes
        deadline = self.clock() + timedelta(minutes=minutes)
        stored = await add_puzzle(
            self.bot.db,
            guild_id=guild_id,
            channel_id=channel_id,
            poster_id=poster_id,
            seed=seed,
            spec=puzzle.to_json(),
            answer=tile_str(puzzle.answer),
            lang=lang,
            deadline=deadline.isoformat(timespec="milliseconds"),
            daily=daily,
        )
        file = await puzzle_picture(puzzle, stored.id, lang, ranked=False)
        embed = question_embed(stored, puzzle, lang)
        return stored, puzzle, embed, file, question_view(stored, puzzle, lang)

    @app_commands.command(
        name=_("new"), description=_("Pose a 何切 puzzle from an AI game (answers by buttons)")
    )
    @app_commands.describe(seed=_("Replay the puzzle of this seed (empty: a new one)"))
    async def new(
        self,
        interaction: discord.Interaction,
        seed: app_commands.Range[str, 1, MAX_SEED] | None = None,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        lang = public_language(self.bot, interaction.guild_id, interaction.guild_locale)
        chosen = clean_seed(seed) or secrets.token_hex(4)
        await interaction.response.defer(thinking=True)
        made = await self.pose(
            interaction.guild_id, interaction.channel_id, interaction.user.id, chosen, lang
        )
        if made is None:
            await interaction.followup.send(t("pz.none_found", lang, seed=chosen))
            return
        stored, _puzzle, embed, file, view = made
        message = await interaction.followup.send(embed=embed, file=file, view=view, wait=True)
        await set_message(self.bot.db, stored.id, message.id)

    @app_commands.command(
        name=_("leaderboard"), description=_("Correct answers to this server's 何切 puzzles")
    )
    async def leaderboard_(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        lang = lang_of(interaction.locale)
        board = await leaderboard(self.bot.db, interaction.guild_id)
        lines = [
            t("pz.board_line", lang, rank=i, user=b.user_id, right=b.right, answered=b.answered)
            for i, b in enumerate(board, start=1)
        ]
        embed = discord.Embed(
            title=t("pz.board_title", lang),
            description="\n".join(lines) or t("pz.board_empty", lang),
            colour=COLOUR,
        )
        await interaction.response.send_message(embed=embed)

    # --- the background task ----------------------------------------------------------------

    async def _forever(self) -> None:
        while not self.bot.is_closed():  # a closed bot's cogs stay loaded: stop with it
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.tick_seconds)
            self._wake.clear()
            if self.bot.is_closed():
                return
            # one process runs it: several would post the daily puzzle and reveal twice over
            if self.bot.coordination.is_leader:
                await self.tick()

    async def tick(self) -> None:
        """Reveal the puzzles past their deadline, then post the daily puzzles due; a failure
        is logged and the next tick tries again (it never ends the task)."""
        try:
            moment = self.clock()  # one reading: yesterday's puzzle is revealed before today's
            now = moment.isoformat(timespec="milliseconds")
            for stored in await due_puzzles(self.bot.db, now):
                if await reveal_in_channel(self.bot, stored):
                    log.info("puzzle %d revealed at its deadline", stored.id)
            today = moment.date().isoformat()
            for settings in await daily_due(self.bot.db, today):
                await self.post_daily(settings.guild_id, settings.daily_channel_id, today)
        except StorageUnavailable as exc:
            log.warning("puzzles: storage unavailable (%s)", exc.detail)
        except Exception:
            log.exception("puzzles: the background task failed")

    async def post_daily(self, guild_id: int, channel_id: int | None, today: str) -> bool:
        """Post today's puzzle of the server once (True when this call posted it)."""
        if channel_id is None or not await claim_daily(self.bot.db, guild_id, today):
            return False
        guild = self.bot.get_guild(guild_id)
        lang = public_language(self.bot, guild_id, guild.preferred_locale if guild else None)
        made = await self.pose(
            guild_id, channel_id, None, f"daily:{guild_id}:{today}", lang, daily=today
        )
        if made is None:
            log.warning("guild %d: no daily puzzle for %s", guild_id, today)
            return False
        stored, _puzzle, embed, file, view = made
        channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        try:
            message = await channel.send(embed=embed, file=file, view=view)
        except discord.HTTPException as exc:
            log.warning("guild %d: the daily puzzle could not be posted (%s)", guild_id, exc)
            return False
        await set_message(self.bot.db, stored.id, message.id)
        log.info("guild %d: daily puzzle %d posted for %s", guild_id, stored.id, today)
        return True


async def setup(bot: ShangraoBot) -> None:
    await bot.add_cog(Puzzles(bot))
