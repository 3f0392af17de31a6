"""A club event's life in Discord: its message kept up to date, a round started (its tables'
threads opened, the seating posted with every player mentioned, each player told privately),
a round closed, the live standings message, and the watch that ends a round once every table
has played its hands.

**Live standings.** One message per event, posted with the first round and edited whenever
what it shows changes: after a hand is confirmed, voided or corrected at any of the event's
tables, whichever command did it. The watch (:meth:`ClubPosts.watch_once`, every
:data:`WATCH_S` seconds) looks at each open event; when its tables' sessions, players or rounds
changed since the last pass (their versions: three small reads), it reads the standings and
edits the message only when they differ from what it shows — at most one edit per event per
pass, so a busy night of sixteen tables costs a handful of requests a minute, within the
request budget's share.

**DMs.** A player whose DMs are closed is told nothing privately; the seating message mentions
every member all the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable, Sequence

import discord

from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.service.club_events import ClubDesk, EventSheet
from shangrao_bot.service.club_rounds import ClubRounds, FillChoice, StartedRound
from shangrao_bot.service.club_standings import Standings
from shangrao_bot.service.club_tables import PhysicalTables, RoundTables, VirtualTables
from shangrao_bot.service.model import TableInfo
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.tables import TableService
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.store.ledger import get_session
from shangrao_bot.store.ledger.event_rounds import EventRound, tables_version
from shangrao_bot.store.ledger.events import Event, list_events, set_event_messages
from shangrao_bot.ui.club_texts import dm_text, event_embed, seating_text, standings_embed
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.language import public_language
from shangrao_bot.ui.session_board import post_board

log = logging.getLogger(__name__)

WATCH_S = 5.0  # how often the open events' standings and rounds are looked at
SHOWN_KEPT = 256  # events whose last standings shown are remembered (an edit saved each)
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)

ViewFor = Callable[[EventSheet, str], discord.ui.View]


class ClubPosts:
    """Everything an event posts, edits and sends, over the service's desk and rounds."""

    def __init__(
        self,
        client: discord.Client,
        db: Database,
        tables: TableService,
        book: ScoreBook,
        view_for: ViewFor,
        post_lobby: Callable[[TableInfo], Awaitable[None]] | None = None,
    ) -> None:
        self.client = client
        self.db = db
        self.tables = tables
        self.book = book
        self.view_for = view_for
        self.post_lobby = post_lobby
        self.desk = ClubDesk(db)
        self.rounds = ClubRounds(db)
        self._shown: RecentlyUsed[int, bytes] = RecentlyUsed(SHOWN_KEPT)
        self._done: RecentlyUsed[int, tuple[int, int, int]] = RecentlyUsed(SHOWN_KEPT)
        #: each event's inputs when the watch last looked (its tables' sessions' versions, its
        #: players, its rounds), so that an event nothing happened to costs three reads a pass
        self._seen: RecentlyUsed[int, tuple[int, int, tuple[tuple[int, str], ...]]] = RecentlyUsed(
            SHOWN_KEPT
        )
        self._locks: RecentlyUsed[int, asyncio.Lock] = RecentlyUsed(SHOWN_KEPT)
        self._names: RecentlyUsed[tuple[int, int], str] = RecentlyUsed(SHOWN_KEPT)

    def lang(self, guild_id: int) -> str:
        guild = self.client.get_guild(guild_id)
        return public_language(
            self.client, guild_id, guild.preferred_locale if guild is not None else None
        )

    def lock(self, event_id: int) -> asyncio.Lock:
        """One change of an event at a time in this process (two organisers pressing Start)."""
        found = self._locks.get(event_id)
        if found is None:
            found = asyncio.Lock()
            self._locks.put(event_id, found)
        return found

    # --- the event's message ------------------------------------------------------------------

    async def _organiser(self, event: Event) -> str:
        """The organiser's name (a footer shows no mention): from the member cache, else
        fetched once and remembered."""
        key = (event.guild_id, event.organiser)
        known = self._names.get(key)
        if known is not None:
            return known
        guild = self.client.get_guild(event.guild_id)
        if guild is None:
            return f"<@{event.organiser}>"
        member = guild.get_member(event.organiser)
        if member is None:
            try:
                member = await guild.fetch_member(event.organiser)
            except discord.HTTPException:  # left the server (rare): named as before
                return f"<@{event.organiser}>"
        self._names.put(key, member.display_name)
        return member.display_name

    async def event_message(self, sheet: EventSheet) -> tuple[discord.Embed, discord.ui.View]:
        lang = self.lang(sheet.event.guild_id)
        done = await self.rounds.tables_done(sheet)
        embed = event_embed(sheet, done, await self._organiser(sheet.event), lang)
        return embed, self.view_for(sheet, lang)

    async def refresh_event(self, sheet: EventSheet) -> None:
        """Edit the event's message to what the event is now."""
        event = sheet.event
        if event.message_id is None:
            return
        embed, view = await self.event_message(sheet)
        channel = self.client.get_partial_messageable(event.channel_id)
        with contextlib.suppress(discord.NotFound):
            await channel.get_partial_message(event.message_id).edit(embed=embed, view=view)

    async def remember_message(self, event: Event, message_id: int) -> None:
        await set_event_messages(self.db, event.guild_id, event.id, message_id=message_id)

    # --- rounds -------------------------------------------------------------------------------

    async def _tables_for(self, event: Event) -> RoundTables:
        lang = self.lang(event.guild_id)
        channel = self.client.get_channel(event.channel_id)

        async def thread(name: str) -> int:
            if not isinstance(channel, discord.TextChannel):
                return event.channel_id
            made = await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=1440
            )
            return made.id

        if event.settings.tables_kind == "virtual":

            async def table_thread(table_id: int) -> int:
                return await thread(t("table.thread_name", lang, table=table_id))

            return VirtualTables(self.tables, table_thread, self.post_lobby)

        async def session_thread(event_: Event, round_no: int, table_no: int) -> int:
            return await thread(t("club.ui.table_thread", lang, round=round_no, table=table_no))

        stake = (await get_settings(self.db, event.guild_id)).stake
        return PhysicalTables(
            self.db,
            session_thread,
            lambda n: t("club.ui.substitute_name", lang, n=n),
            stake,
        )

    async def start_round(
        self,
        guild_id: int,
        event_id: int,
        actor: Actor,
        choice: FillChoice | None = None,
        manual: Sequence[Sequence[int | None]] | None = None,
    ) -> StartedRound:
        """Start the event's next round and tell everyone (module docstring)."""
        async with self.lock(event_id):
            sheet = await self.rounds.sheet(guild_id, event_id)
            tables = await self._tables_for(sheet.event)
            started = await self.rounds.start(guild_id, event_id, actor, tables, choice, manual)
            where = await self._table_channels(sheet.event, started)
            if sheet.event.settings.tables_kind == "physical":
                await self._post_boards(sheet.event, started, where)
            await self._announce(sheet.event, started, where)
            sheet = await self.rounds.sheet(guild_id, event_id)
            await self.refresh_event(sheet)
            await self.refresh_standings(sheet, force=True)
            return started

    async def _table_channels(self, event: Event, started: StartedRound) -> dict[int, int]:
        """Each table's channel (its thread): a physical table's session's, a virtual table's
        bot table's."""
        sessions = {t.session_id: t.table_no for t in started.round.tables if t.session_id}
        if event.settings.tables_kind == "virtual":
            return {
                sessions[info.ledger_session_id]: info.thread_id
                for info in self.tables.tables(event.guild_id)
                if info.ledger_session_id in sessions and info.thread_id is not None
            }
        return {
            table_no: (await get_session(self.db, event.guild_id, session_id)).channel_id
            for session_id, table_no in sessions.items()
        }

    async def _post_boards(
        self, event: Event, started: StartedRound, where: dict[int, int]
    ) -> None:
        """Each physical table's live scoreboard with its Record button, in its thread: the
        players record their hands there as at any session."""
        lang = self.lang(event.guild_id)
        for table in started.round.tables:
            if table.session_id is None or table.table_no not in where:
                continue
            info = await get_session(self.db, event.guild_id, table.session_id)
            channel = self.client.get_partial_messageable(where[table.table_no])
            try:
                await post_board(channel, self.db, self.book, info, lang)
            except discord.HTTPException:  # the thread is gone: /session show posts it again
                log.warning("event %d: table %d's board not posted", event.id, table.table_no)

    async def _announce(self, event: Event, started: StartedRound, where: dict[int, int]) -> None:
        lang = self.lang(event.guild_id)
        channel = self.client.get_partial_messageable(event.channel_id)
        text = seating_text(event, started.round, started.players, where, lang)
        await channel.send(text[:2000], allowed_mentions=MENTION_USERS)
        for player in started.players.values():
            if player.user_id is None:
                continue
            note = dm_text(event, started.round, player.id, where, lang)
            await self._dm(player.user_id, note)

    async def _dm(self, user_id: int, text: str) -> None:
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException:  # DMs closed: the seating message mentioned them
            log.debug("event DM to a player not delivered")

    async def close_round(self, guild_id: int, event_id: int, actor: Actor) -> int:
        """The organiser closes the round being played; its number."""
        async with self.lock(event_id):
            sheet = await self.rounds.sheet(guild_id, event_id)
            tables = await self._tables_for(sheet.event)
            closed = await self.rounds.close(guild_id, event_id, actor, tables)
            await self._after_round(guild_id, event_id, "club.ui.round_closed", closed.round_no)
            return closed.round_no

    async def _after_round(self, guild_id: int, event_id: int, key: str, round_no: int) -> None:
        sheet = await self.rounds.sheet(guild_id, event_id)
        lang = self.lang(guild_id)
        channel = self.client.get_partial_messageable(sheet.event.channel_id)
        await channel.send(t(key, lang, round=round_no))
        await self.refresh_event(sheet)
        await self.refresh_standings(sheet, force=True)

    async def finish(self, guild_id: int, event_id: int, actor: Actor) -> EventSheet:
        """The organiser finishes the event (its tables' sessions settled)."""
        async with self.lock(event_id):
            sheet = await self.rounds.sheet(guild_id, event_id)
            tables = await self._tables_for(sheet.event)
            return await self.rounds.finish(guild_id, event_id, actor, tables)

    async def swap(
        self, guild_id: int, event_id: int, actor: Actor, first: str, second: str
    ) -> EventRound:
        """The organiser's correction of the round being played (two players change places,
        their recorded hands with them); the live standings follow."""
        async with self.lock(event_id):
            swapped = await self.rounds.swap(guild_id, event_id, actor, first, second)
        await self.refresh_standings(await self.rounds.sheet(guild_id, event_id), force=True)
        return swapped

    # --- standings ----------------------------------------------------------------------------

    async def standings(self, sheet: EventSheet) -> Standings:
        return await self.rounds.standings(sheet)

    async def refresh_standings(self, sheet: EventSheet, *, force: bool = False) -> None:
        """Post the live standings (the first time) or edit them when they changed."""
        event = sheet.event
        if not sheet.rounds:
            return
        lang = self.lang(event.guild_id)
        embed = standings_embed(sheet, await self.standings(sheet), lang)
        seen = hashlib.blake2b(repr(embed.to_dict()).encode(), digest_size=16).digest()
        if not force and self._shown.get(event.id) == seen:
            return
        channel = self.client.get_partial_messageable(event.channel_id)
        if event.standings_message_id is not None:
            try:
                await channel.get_partial_message(event.standings_message_id).edit(embed=embed)
                self._shown.put(event.id, seen)
                return
            except discord.NotFound:
                pass  # deleted: post it again
        message = await channel.send(embed=embed)
        await set_event_messages(self.db, event.guild_id, event.id, standings_message_id=message.id)
        self._shown.put(event.id, seen)

    # --- the watch ----------------------------------------------------------------------------

    async def watch_once(self, guild_ids: Sequence[int]) -> None:
        """One pass over the open events of ``guild_ids``: a round whose tables are all done
        ends; changed standings are shown (between rounds too: a physical table's session
        stays open for corrections until the event is finished)."""
        for guild_id in guild_ids:
            for event in await list_events(self.db, guild_id, open_only=True):
                try:
                    await self._watch_event(guild_id, event.id)
                except Exception:  # one event's fault must not stop the others' upkeep
                    log.exception("event %d: upkeep failed", event.id)

    async def _watch_event(self, guild_id: int, event_id: int) -> None:
        sheet = await self.rounds.sheet(guild_id, event_id)
        # what the round's end and the standings are read from: nothing changed, nothing to do
        seen = (
            await tables_version(self.db, event_id),
            len(sheet.players),
            tuple((r.round_no, r.status) for r in sheet.rounds),
        )
        if self._seen.get(event_id) == seen:
            return
        playing = sheet.playing
        if playing is None:  # between rounds a hand may still be voided or corrected
            await self.refresh_standings(sheet)
            self._seen.put(event_id, seen)
            return
        done, tables = await self.rounds.tables_done(sheet)
        if tables and done == tables:
            async with self.lock(event_id):
                sheet = await self.rounds.sheet(guild_id, event_id)
                if sheet.playing is None or sheet.playing.round_no != playing.round_no:
                    return
                await self.rounds.end_round(sheet, 0, await self._tables_for(sheet.event))
            await self._after_round(guild_id, event_id, "club.ui.round_done", playing.round_no)
            return
        progress = (playing.round_no, done, tables)
        if self._done.get(event_id) != progress:  # a table finished: the message says so
            self._done.put(event_id, progress)
            await self.refresh_event(sheet)
        await self.refresh_standings(sheet)
        self._seen.put(event_id, seen)

    async def run_watch(self, guild_ids: Callable[[], Sequence[int]], stop: asyncio.Event) -> None:
        """:meth:`watch_once` every :data:`WATCH_S` seconds until ``stop``."""
        while not stop.is_set():
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), WATCH_S)
            if stop.is_set():
                return
            try:
                await self.watch_once(guild_ids())
            except Exception:
                log.exception("events' upkeep failed")
