"""What a player's private panel shows: their view of the hand with what happened since their
last move (from the hand's public events, kept here per table), a link to the table, tile
emoji on the buttons once uploaded, and the picture of her hand over the whole table (cached
across panels)."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from shangrao_bot.engine.events import Event
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.hand_pictures import HandPictures
from shangrao_bot.ui.panel_parts import EmojiSource, PanelParts, build_panel_parts, table_link
from shangrao_bot.ui.table_text import since_last_move


class PanelContent:
    """Builds the players' panels (one per presenter, so one bot's pictures never leak into
    another's)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.hand_events: dict[int, list[Event]] = {}  # table → this hand's public events
        self.hand_pictures = HandPictures()

    def start_hand(self, table_id: int, events: Iterable[Event]) -> None:
        self.hand_events[table_id] = [e for e in events if e.public]

    def record(self, table_id: int, events: Iterable[Event]) -> None:
        self.hand_events.setdefault(table_id, []).extend(e for e in events if e.public)

    def recall(self, table_id: int, events: list[Event]) -> None:
        """The hand so far, as the table had shown it (after a restart)."""
        self.hand_events[table_id] = events

    def end_hand(self, table_id: int) -> None:
        self.hand_events.pop(table_id, None)

    def emoji(self) -> EmojiSource | None:
        """Tile pictures for buttons, once the bot's tile emoji are uploaded."""
        emojis = getattr(self.client, "tile_emojis", None)
        return None if emojis is None else emojis.get

    async def parts(
        self, table: TableInfo, view: PlayerView, lang: str, *, picture: bytes | None = None
    ) -> PanelParts:
        """The panel of ``view``; ``picture``: the one it shows already, kept instead of a new
        one (the picture workers are busy and the update is passive)."""
        return await build_panel_parts(
            table,
            view,
            lang,
            recent=since_last_move(self.hand_events.get(table.id, []), view.seat),
            link=table_link(table),
            emoji=self.emoji(),
            pictures=self.hand_pictures,
            picture=picture,
        )
