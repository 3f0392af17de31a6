"""The table service's :class:`~shangrao_bot.service.presenter.Presenter` for Discord.

:class:`DiscordPresenter` is a facade: each call is passed to the part that does that job.

* Public calls go to the table's thread (:mod:`.table_thread`): the lobby message, edited as
  seats change (:mod:`.lobby_posts`); one table message per hand whose board one worker keeps
  up to date (:mod:`.board_updates`); the result card with payments and the revealed seed, and
  the final standings (:mod:`.result_posts`); notices.
* Private calls (``private_changed``, ``prompt``) go to the seat's owner only
  (:mod:`.panel_delivery`): through the player's latest-wins queue (:mod:`.panel_queues`) to
  their DM panel (:mod:`.dm_panels`) and the ephemeral "My hand" panel they last opened
  (:mod:`.hand_panels`), built by :mod:`.panel_content`.
* Players' preferences (their language, DM panels on or off) are kept, saved and passed on to
  the bot's other processes by :mod:`.player_prefs`.

The bot wraps this in :class:`~shangrao_bot.service.queued.QueuedPresenter`, so each call runs
off the table's lock, in order; a failing Discord call is logged and never stops the game.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

from shangrao_bot.engine.actions import Action
from shangrao_bot.engine.events import Event
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.errors import Refusal
from shangrao_bot.metrics import UNMEASURED, BotMetrics
from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.service.model import TableInfo, TableStatus
from shangrao_bot.service.presenter import HandSummary, SessionSummary
from shangrao_bot.store.database.interface import Database
from shangrao_bot.ui.board_updates import BoardUpdates
from shangrao_bot.ui.game_terms import action_text
from shangrao_bot.ui.hand_pictures import HandPictures
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.lobby_posts import LobbyPosts
from shangrao_bot.ui.pacing import Pacing
from shangrao_bot.ui.panel_content import PanelContent
from shangrao_bot.ui.panel_delivery import PanelDelivery
from shangrao_bot.ui.player_prefs import PlayerPreferences
from shangrao_bot.ui.request_budget import RequestBudget
from shangrao_bot.ui.result_posts import ResultPosts
from shangrao_bot.ui.table_text import hand_start_text, seat_who
from shangrao_bot.ui.table_thread import TableThread
from shangrao_bot.ui.web_links import WebLinks

log = logging.getLogger(__name__)

# notices after which the seat's own panel changes (I'm back appears or goes)
AWAY_OR_BACK = frozenset({"table.notice.away", "table.notice.autopilot", "table.notice.back"})


class DiscordPresenter:
    # the calls that return at once: they hand the panel or board update to the player's
    # panel queue or to the board worker (only a table message missing for the hand being
    # played is posted by ``table_changed`` itself)
    INSTANT = frozenset({"table_changed", "private_changed", "prompt"})

    def __init__(
        self,
        client: discord.Client,
        pacing: Pacing | None = None,
        *,
        db: Database | None = None,
        budget: RequestBudget | None = None,
        spare: Callable[[str, str], int | None] | None = None,
        metrics: BotMetrics = UNMEASURED,
        links: WebLinks | None = None,
    ) -> None:
        """``pacing``: how often messages are edited (:class:`~.pacing.Pacing`; its defaults
        when None). ``db``: where players' preferences are saved (none: kept in memory only).
        ``budget``: the bot's request budget, whose use sets the boards' pace and whose
        pressure holds them back (none: the boards keep the slow pace). ``spare``: what a
        request's per-route window still allows now
        (:meth:`~.route_buckets.RouteBuckets.spare`; none: not known). ``metrics``: the
        bot's, where the turns' latency is observed. ``links``: where the 🌐 buttons of the results
        point (none: no buttons)."""
        pacing = Pacing() if pacing is None else pacing
        self.client = client
        self.thread = TableThread(client)
        self.prefs = PlayerPreferences(db)
        self.content = PanelContent(client)
        self.lobby = LobbyPosts(self.thread)
        self.boards = BoardUpdates(
            self.thread, pacing.board_edit_seconds, pacing.board_fresh_seconds
        )
        self.boards.budget = budget
        self.boards.spare = spare
        self.results = ResultPosts(self.thread, links)
        self.delivery = PanelDelivery(
            self.thread,
            self.prefs,
            self.content,
            dm_fresh_seconds=pacing.dm_fresh_seconds,
            panel_quiet=pacing.panel_quiet_seconds,
            turn_latency=metrics.turn_latency,
        )

    # --- settings and figures kept by the parts ----------------------------------------------

    @property
    def langs(self) -> RecentlyUsed[int, str]:
        """User → the language seen in their interactions (the latest users')."""
        return self.prefs.langs

    @langs.setter
    def langs(self, value: Mapping[int, str]) -> None:
        """Take the languages saved (at start-up): the latest users' are kept."""
        self.prefs.langs.clear()
        for user, lang in value.items():
            self.prefs.langs.put(user, lang)

    @property
    def dm_off(self) -> set[int]:
        """The users who chose /table dm off (My hand only)."""
        return self.prefs.dm_off

    @dm_off.setter
    def dm_off(self, value: set[int]) -> None:
        self.prefs.dm_off = value

    @property
    def share(self) -> Callable[[dict[str, Any]], Awaitable[None]] | None:
        """Tells the bot's other processes of a player's changed preference (None: there are
        none)."""
        return self.prefs.share

    @share.setter
    def share(self, value: Callable[[dict[str, Any]], Awaitable[None]] | None) -> None:
        self.prefs.share = value

    @property
    def saving(self) -> set[asyncio.Task[None]]:
        """Background saves and edits under way."""
        return self.prefs.saving | self.delivery.retiring

    @property
    def board_interval(self) -> float:
        return self.boards.interval

    @board_interval.setter
    def board_interval(self, value: float) -> None:
        self.boards.interval = value

    @property
    def dm_fresh_seconds(self) -> float:
        return self.delivery.dms.fresh_seconds

    @dm_fresh_seconds.setter
    def dm_fresh_seconds(self, value: float) -> None:
        self.delivery.dms.fresh_seconds = value

    @property
    def hand_pictures(self) -> HandPictures:
        return self.content.hand_pictures

    @property
    def boards_drawn(self) -> int:
        """Board pictures drawn for table messages (the bench reports it)."""
        return self.boards.drawn

    # --- players' preferences ----------------------------------------------------------------

    def remember_lang(self, user_id: int, lang: str) -> None:
        self.prefs.remember_lang(user_id, lang)

    async def _save_lang(self, db: Database, user_id: int, lang: str) -> None:
        await self.prefs.save_lang(db, user_id, lang)

    async def preference_changed(self, change: dict[str, Any]) -> None:
        """Another process (or this one) changed a player's preference: take it here too."""
        user = int(change["user"])
        if "lang" in change:
            self.prefs.langs.put(user, str(change["lang"]))
        if "dm" in change:
            await self.apply_dm(user, on=bool(change["dm"]))

    async def set_dm(self, user_id: int, *, on: bool) -> None:
        """A player's preference: ``off`` → no DM panels (My hand only); their open DM
        panels say so and lose their buttons (in every process of the bot)."""
        await self.prefs.save_dm(user_id, on=on)
        await self.apply_dm(user_id, on=on)
        await self.prefs.pass_on({"user": user_id, "dm": on})

    async def apply_dm(self, user_id: int, *, on: bool) -> None:
        """The preference's effect in this process: its DM panels of the player."""
        self.prefs.note_dm(user_id, on=on)
        if not on:
            await self.delivery.dm_turned_off(user_id)

    # --- the panels' buttons -----------------------------------------------------------------

    def remember_panel(self, table_id: int, user_id: int, interaction: discord.Interaction) -> None:
        self.delivery.remember_panel(table_id, user_id, interaction)

    async def panel(
        self, table: TableInfo, view: PlayerView, lang: str
    ) -> tuple[str, discord.File | None, discord.ui.View | None]:
        return await self.delivery.panel(table, view, lang)

    def answer_move(
        self, table_id: int, user_id: int, interaction: discord.Interaction, *, again: bool
    ) -> None:
        self.delivery.answer_move(table_id, user_id, interaction, again=again)

    def prepare(self, table: TableInfo, seat: int, view: PlayerView) -> None:
        self.delivery.prepare(table, seat, view)

    # --- the lobby and the hand --------------------------------------------------------------

    async def post_lobby(self, table: TableInfo) -> None:
        """The lobby message, posted once the thread exists (the cog calls this)."""
        await self.lobby.post(table)

    async def lobby_changed(self, table: TableInfo) -> None:
        await self.lobby.changed(table)

    async def hand_started(self, table: TableInfo, events: Sequence[Event]) -> None:
        self.boards.drop(table.id)
        self.content.start_hand(table.id, events)
        await self.lobby.started(table)
        await self.thread.add_members(table)
        if table.public is not None:
            await self.thread.say(table, hand_start_text(table, self.thread.lang(table)))
        await self.boards.post_message(table)

    async def table_changed(self, table: TableInfo, events: Sequence[Event]) -> None:
        self.content.record(table.id, events)
        await self.boards.changed(table)

    def _drop_board(self, table_id: int) -> None:
        self.boards.drop(table_id)

    async def private_changed(self, table: TableInfo, seat: int, view: PlayerView) -> None:
        self.delivery.private(table, seat, view)

    async def prompt(self, table: TableInfo, seat: int, view: PlayerView, deadline: float) -> None:
        # at a human's turn the thread's board is brought up to date before her prompt goes
        # out (whether she plays from her DM panel or from the thread), unless the request
        # budget is short: a turn is public, so its edit runs now. A claim prompt is secret,
        # so the board keeps its schedule (an early edit would tell everyone that someone may
        # claim). Her prompt waits for that edit a moment at most
        # (:data:`~.panel_delivery.BOARD_WAIT_S`): it is never lost behind a slow board
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return
        board = self.boards.turn_board(table.id) if table.turn_seat == seat else None
        self.delivery.private(table, seat, view, fresh=True, after=board)

    # --- the end of a hand and of the session ------------------------------------------------

    async def hand_ended(self, table: TableInfo, summary: HandSummary) -> None:
        self.content.end_hand(table.id)
        thread = self.thread.thread(table)
        if thread is None:
            return
        lang = self.thread.lang(table)
        await self.delivery.close_all(table)
        try:
            await self.boards.show_final(table, summary, thread, lang)
        except Exception:  # the result must follow whatever became of the final board
            log.warning("table %s: the final board failed", table.id, exc_info=True)
        await self.results.hand_result(table, summary, thread, lang)

    async def session_ended(self, table: TableInfo, summary: SessionSummary) -> None:
        await self.results.standings(table, summary)

    # --- notices -----------------------------------------------------------------------------

    async def notice(self, table: TableInfo, key: str, **args: object) -> None:
        """A service notice in the table's language: the seat it is about named as the thread
        names it, a move as players say it (never the command line's ``d 5p``)."""
        lang = self.thread.lang(table)
        seat = args.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(table.seats):
            args["name"] = seat_who(table, seat, lang)
        for name, value in args.items():
            if isinstance(value, Action):
                args[name] = action_text(value, lang)
        await self.thread.say(table, t(key, lang, **args))
        if key in AWAY_OR_BACK and isinstance(seat, int):
            await self._refresh_panel(table, seat)

    async def _refresh_panel(self, table: TableInfo, seat: int) -> None:
        """Show a seat's panel again (it gains or loses I'm back as its player steps away or
        comes back, which changes nothing in the hand itself)."""
        s = table.seats[seat] if 0 <= seat < len(table.seats) else None
        service = getattr(self.client, "service", None)
        if s is None or s.user_id is None or service is None:
            return
        try:
            view = service.private_view(table.id, s.user_id)
        except Refusal:  # between hands: no panel to show
            return
        self.delivery.private(table, seat, view)

    async def refresh(self) -> None:
        """Discord's gateway came back after an outage (clicks were lost meanwhile, edits may
        have failed): every table's board and every seated player's panel is shown again as
        it is now — a panel offering moves as a new message, which notifies."""
        service = getattr(self.client, "service", None)
        if service is None:
            return
        for table in service.tables():
            if table.status is not TableStatus.PLAYING:
                continue
            await self.boards.changed(table)
            for seat, s in enumerate(table.seats):
                if s is None or s.user_id is None:
                    continue
                try:
                    view = service.private_view(table.id, s.user_id)
                except Refusal:
                    continue
                self.delivery.private(table, seat, view, fresh=bool(view.legal), force=True)

    async def paused(self, table: TableInfo) -> None:
        minutes = 0
        if table.idle_deadline is not None:
            minutes = max(1, round((table.idle_deadline - table.at) / 60))
        await self.thread.say(
            table, t("table.notice.paused", self.thread.lang(table), minutes=minutes)
        )

    async def resumed(self, table: TableInfo) -> None:
        await self.thread.say(table, t("table.resumed", self.thread.lang(table)))

    async def restored(self, table: TableInfo) -> None:
        await self.thread.say(table, t("table.notice.restored", self.thread.lang(table)))
        self.boards.drop(table.id)
        service = getattr(self.client, "service", None)
        if service is not None:  # the panels recall the hand so far, as before the restart
            self.content.recall(table.id, service.public_events(table.id))
        if table.status is TableStatus.LOBBY:
            await self.lobby.post(table)
        elif table.status is TableStatus.PLAYING:
            await self.boards.post_message(table)

    async def table_closed(self, table: TableInfo, reason: str) -> None:
        await self.boards.flush(table.id)
        self.boards.forget(table.id)
        await self.delivery.close_all(table)
        await self.lobby.closed(table)
        await self.boards.close_message(table, reason)
        await self.thread.say(table, t(f"table.closed.{reason}", self.thread.lang(table)))
        self.delivery.forget_table(table.id)
        self.content.end_hand(table.id)
        self.thread.forget(table.id)

    # --- shutdown ----------------------------------------------------------------------------

    async def stop(self) -> None:
        """At shutdown (before Discord closes): the board worker stops; boards not yet drawn
        are dropped (the restored table posts its message anew)."""
        await self.boards.stop()

    async def settled(self) -> None:
        """Wait until every queued panel update is shown and every board edit a turn
        started is made."""
        while tasks := self.delivery.tasks() | self.boards.tasks():
            await asyncio.wait(tasks)
