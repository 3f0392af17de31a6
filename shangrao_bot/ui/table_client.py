"""What the virtual tables' buttons need of the bot they run in (:class:`TableClient`: the
table service, the table presenter, the presenter queue) and of the clicking member, shared by
the table's buttons (:mod:`.table_buttons`) and a hand's (:mod:`.hand_buttons`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import discord

from shangrao_bot.engine.views import PlayerView
from shangrao_bot.service.model import TableInfo

if TYPE_CHECKING:
    from shangrao_bot.service.presenter import Presenter
    from shangrao_bot.service.tables import TableService


class TablePanels(Protocol):
    """What the buttons need of the bot's table presenter (the Discord presenter, which builds
    on the panels' views, :mod:`.panel_parts`, and pictures, :mod:`.hand_pictures`)."""

    def remember_lang(self, user_id: int, lang: str) -> None: ...

    def remember_panel(
        self, table_id: int, user_id: int, interaction: discord.Interaction
    ) -> None: ...

    async def panel(
        self, table: TableInfo, view: PlayerView, lang: str
    ) -> tuple[str, discord.File | None, discord.ui.View | None]: ...

    def answer_move(
        self, table_id: int, user_id: int, interaction: discord.Interaction, *, again: bool
    ) -> None: ...


class TableClient(Protocol):
    """What the buttons need of the bot (the ShangraoBot sets them in ``setup_hook``)."""

    service: TableService
    table_presenter: TablePanels
    presenter_queue: Presenter


def client_of(interaction: discord.Interaction) -> TableClient:
    """The bot an interaction came to, as the buttons see it."""
    return interaction.client  # type: ignore[return-value]


def member_name(interaction: discord.Interaction) -> str:
    """The clicking member's name in the server (their user name outside one)."""
    user = interaction.user
    return getattr(user, "display_name", None) or user.name
