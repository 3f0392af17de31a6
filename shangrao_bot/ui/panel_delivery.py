"""Where a player's private panel goes: their DM panel (:mod:`.dm_panels`) unless they turned
DM panels off or their DMs are closed, and the ephemeral "My hand" panel they last opened
(:mod:`.hand_panels`) while its token lives. Every update goes through the player's latest-wins
queue (:mod:`.panel_queues`), which this module feeds — the service's private calls, the
answer to a move, the close at the end of the hand — and whose states it shows."""

from __future__ import annotations

import asyncio
import logging
import time

import discord
from prometheus_client import Histogram

from shangrao_bot.engine.views import PlayerView
from shangrao_bot.metrics import UNMEASURED
from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.dm_panels import DmPanels
from shangrao_bot.ui.hand_buttons import release_view
from shangrao_bot.ui.hand_panels import HandPanels
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.panel_content import PanelContent
from shangrao_bot.ui.panel_parts import PanelParts
from shangrao_bot.ui.panel_queues import Key, PanelQueue, PanelQueues, PanelState
from shangrao_bot.ui.pictures import PICTURES
from shangrao_bot.ui.player_prefs import PlayerPreferences
from shangrao_bot.ui.table_thread import TableThread

log = logging.getLogger(__name__)

REDELIVER_PAUSE = 5.0  # a panel Discord kept failing is queued again after this long
REDELIVER_TRIES = 6  # ... this many times in a row at most
# A turn prompt waits at most this long for the board edit of its turn (which shows every move
# before it in the thread): a slow board never holds a player's turn up for long
BOARD_WAIT_S = 2.0
# While the picture workers have been busy this share of the last few seconds, a passive update
# (the others' moves, while her panel offers no move) keeps the picture her panel shows and
# updates its text: the players' prompts and moves keep the workers, and their pictures show
# the whole table anew
BUSY_PICTURES = 0.5


class PanelDelivery:
    """The players' private panels (one per presenter)."""

    def __init__(
        self,
        thread: TableThread,
        prefs: PlayerPreferences,
        content: PanelContent,
        *,
        dm_fresh_seconds: float,
        panel_quiet: float,
        turn_latency: Histogram = UNMEASURED.turn_latency,
    ) -> None:
        """``dm_fresh_seconds``: a prompt on an older DM panel comes as a new message;
        ``panel_quiet``: how long a passive update waits after the panel's last edit;
        ``turn_latency``: the bot's histogram of the time from a turn's start (the change
        that made it, ``TableInfo.at``) to its prompt shown."""
        self.thread = thread
        self.prefs = prefs
        self.content = content
        self.dms = DmPanels(thread, prefs, self.panel_lang, dm_fresh_seconds)
        self.hand = HandPanels()
        self.queues = PanelQueues(self._show, panel_quiet)
        self.retiring: set[asyncio.Task[None]] = set()  # older DM panels being retired
        self.redelivered: dict[Key, int] = {}  # states Discord refused, queued again
        self.redeliver_pause = REDELIVER_PAUSE
        self.turn_latency = turn_latency

    def panel_lang(self, user_id: int, table: TableInfo) -> str:
        """A player's panels speak their own language, else the table's."""
        return self.prefs.langs.get(user_id) or self.thread.lang(table)

    def remember_panel(self, table_id: int, user_id: int, interaction: discord.Interaction) -> None:
        self.hand.remember((table_id, user_id), interaction)

    def prepare(self, table: TableInfo, seat: int, view: PlayerView) -> None:
        """The service's head start on a seat's view (the move is being saved): its hand
        picture starts drawing now, for the panel that shows the view once it is saved."""
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return
        key = (table.id, s.user_id)
        if not self.dms.wanted(key) and self.hand.live(key) is None:
            return  # no panel to show it on
        q = self.queues.get(key)
        if q is not None and self.queues.passive(q, PanelState(table, view)):
            return  # a passive update, which a newer state may replace before it shows
        self.content.hand_pictures.prefetch(view, self.panel_lang(s.user_id, table))

    def private(
        self,
        table: TableInfo,
        seat: int,
        view: PlayerView,
        *,
        fresh: bool = False,
        force: bool = False,
        after: asyncio.Future[None] | None = None,
    ) -> None:
        """Queue a seat's view for its player's panels (``fresh``: a prompt, which a DM panel
        may show as a new message; ``force``: shown even when the panel shows it already;
        ``after``: an edit the panel follows once it is made, waiting :data:`BOARD_WAIT_S` at
        most — her turn's board)."""
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return
        state = PanelState(table, view, after=after)
        self.queues.update((table.id, s.user_id), state, fresh=fresh, force=force)

    async def close_all(self, table: TableInfo) -> None:
        """The end of the hand for every panel of the table, each after its queued updates."""
        keys = {
            k
            for k in [*self.dms.open_keys(), *self.hand.open_keys(), *self.queues.keys()]
            if k[0] == table.id
        }
        closing = []
        for key in keys:
            lang = self.panel_lang(key[1], table)
            state = PanelState(table, None, t("table.panel.over", lang))
            closing.append(self.queues.update(key, state))
        if closing:
            await asyncio.gather(*closing)

    async def dm_turned_off(self, user_id: int) -> None:
        """The player turned DM panels off: their open DM panels say so and lose their
        buttons, each after an update in flight (which checks the preference first)."""
        lang = self.prefs.langs.get(user_id) or "en"
        for key in [k for k in self.dms.open_keys() if k[1] == user_id]:
            await self.queues.idle(key)
            await self.dms.close(key, t("table.panel.dm_off", lang))

    async def panel(
        self, table: TableInfo, view: PlayerView, lang: str
    ) -> tuple[str, discord.File | None, discord.ui.View | None]:
        """A seat's panel with what happened since its last move and a link to the table (no
        file when the hand picture could not be drawn)."""
        parts = await self.content.parts(table, view, lang)
        return parts.content, parts.file(), parts.items

    def answer_move(
        self,
        table_id: int,
        user_id: int,
        interaction: discord.Interaction,
        *,
        again: bool,
    ) -> None:
        """A move the player made on a panel (its click acknowledged with a deferred update)
        was taken. The seat's updates (the service's ``private_changed`` and ``prompt``, the
        view after the move the click queues behind them, the hand's end) show it through the
        player's panel queue; the click makes no edit of its own, which a newer panel could
        overtake or which could meet the panel's re-send. A
        press on an ephemeral panel makes its token the one to edit (the freshest); ``again``:
        the press repeated a move already taken, nothing changed — the panel is shown again.
        A pressed DM panel that is not the current one (sent before a restart) says it
        moved."""
        key = (table_id, user_id)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            self.remember_panel(table_id, user_id, interaction)
        elif message is not None:
            dm = self.dms.get(key)
            if dm is None or dm.message.id != message.id:
                # a panel sent before a restart: the restored table sends a new one (its
                # prompt), so this one says it moved and loses its buttons
                task = asyncio.create_task(self._retire(interaction, user_id))
                self.retiring.add(task)
                task.add_done_callback(self.retiring.discard)
            elif interaction.response.is_done():  # (acknowledged: its token edits)
                self.dms.clicked(key, interaction)  # the panel's next states
        q = self.queues.get(key)
        if again and q is not None and q.last is not None:
            # shown again — unless a newer state waits, which answers the press itself (the
            # last state shown must never replace a newer one: the panel would go back)
            state = q.pending if q.pending is not None else q.last
            self.queues.update(key, state, force=True)

    async def _retire(self, interaction: discord.Interaction, user_id: int) -> None:
        text = t("table.panel.moved", self.prefs.langs.get(user_id) or "en")
        try:
            await interaction.edit_original_response(content=text, attachments=[], view=None)
        except discord.HTTPException:
            log.debug("an older DM panel of %s was not retired", user_id)

    async def _show(
        self, key: Key, q: PanelQueue, state: PanelState, *, fresh: bool, force: bool
    ) -> None:
        """Show a queued state on the player's panels (the panel queue's one way to show)."""
        table, view = state.table, state.view
        user_id = key[1]
        lang = self.panel_lang(user_id, table)
        if view is None:  # the panels close; whatever comes next is a new panel
            q.last, q.shown, q.picture = None, None, None
            await self._close(key, state.closing or t("table.panel.over", lang))
            return
        passive = not fresh and not force and self.queues.passive(q, state)
        q.last = state
        dm_wanted = self.dms.wanted(key)
        ephemeral = self.hand.live(key)
        if not dm_wanted and ephemeral is None:
            return
        keep = q.picture if passive and PICTURES.load() >= BUSY_PICTURES else None
        parts = await self.content.parts(table, view, lang, picture=keep)
        try:
            if state.after is not None:  # (the panel's picture was drawn meanwhile)
                await asyncio.wait({state.after}, timeout=BOARD_WAIT_S)
            shown = (parts.content, view, lang)
            if shown == q.shown and not fresh and not force:
                return  # the panels show exactly this already
            q.shown = shown
            jobs = []
            if dm_wanted:
                jobs.append(
                    self.dms.show(
                        table, user_id, parts, fresh=fresh, superseded=lambda: q.pending is not None
                    )
                )
            if ephemeral is not None:
                jobs.append(self._show_hand(key, ephemeral, parts))
            if not all(await asyncio.gather(*jobs)):  # Discord kept failing: tried again
                q.shown = None
                self._again_later(key, q, state, fresh=fresh or bool(view.legal))
            else:
                q.picture = parts.png
                self.redelivered.pop(key, None)
                if fresh and view.legal:  # a prompt (a turn, a claim window) is shown
                    self.turn_latency.observe(max(0.0, time.time() - table.at))
        finally:
            release_view(parts.items)

    async def _show_hand(
        self, key: Key, interaction: discord.Interaction, parts: PanelParts
    ) -> bool:
        await self.hand.show(key, interaction, parts)
        return True

    def _again_later(self, key: Key, q: PanelQueue, state: PanelState, *, fresh: bool) -> None:
        """A state Discord would not take (every try failed) is queued again after a pause,
        unless a newer one is queued meanwhile: a turn prompt must reach the player."""
        tries = self.redelivered.get(key, 0) + 1
        self.redelivered[key] = tries
        if tries > REDELIVER_TRIES:
            log.warning("table %s: the panel of %s given up for now", key[0], key[1])
            self.redelivered.pop(key, None)
            return

        async def again() -> None:
            await asyncio.sleep(self.redeliver_pause)
            if q.pending is None and q.last is state:
                self.queues.update(key, state, fresh=fresh)

        task = asyncio.create_task(again())
        self.retiring.add(task)
        task.add_done_callback(self.retiring.discard)

    async def _close(self, key: Key, text: str) -> None:
        """The hand is over for this player: the DM panel says so and loses its buttons; the
        ephemeral one is forgotten (its buttons answer that the prompt is outdated)."""
        await self.dms.close(key, text)
        self.hand.forget(key)

    def forget_table(self, table_id: int) -> None:
        """The table is closed: what its panels no longer need goes."""
        self.dms.forget_closed(table_id)
        self.queues.forget_idle(table_id)

    def tasks(self) -> set[asyncio.Task[None]]:
        """The panel updates under way."""
        return self.queues.tasks()
