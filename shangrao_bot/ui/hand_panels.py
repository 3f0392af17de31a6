"""The ephemeral "My hand" panels: the one a player last opened at a table (or pressed) is
edited through its interaction token while the token is valid — the panel of a player without
DM panels, and a second view of it for one with them."""

from __future__ import annotations

import time

import discord

from shangrao_bot.ui.panel_parts import PanelParts

Key = tuple[int, int]  # (table, user)

PANEL_TOKEN_SECONDS = 14 * 60  # an interaction token lives 15 min: stop editing a bit before


class HandPanels:
    """The players' open "My hand" panels (one per presenter)."""

    def __init__(self) -> None:
        # (table, user) → (monotonic time opened, its interaction)
        self.panels: dict[Key, tuple[float, discord.Interaction]] = {}
        # (table, user) → the interaction whose panel shows this hand picture
        self.png: dict[Key, tuple[discord.Interaction, bytes | None]] = {}

    def remember(self, key: Key, interaction: discord.Interaction) -> None:
        """The player opened (or pressed) a panel: it is the one to edit from now on."""
        self.panels[key] = (time.monotonic(), interaction)

    def open_keys(self) -> list[Key]:
        return list(self.panels)

    def live(self, key: Key) -> discord.Interaction | None:
        """The interaction of the player's open "My hand" panel, while its token lives."""
        entry = self.panels.get(key)
        if entry is None:
            return None
        opened, interaction = entry
        if time.monotonic() - opened > PANEL_TOKEN_SECONDS:
            self.panels.pop(key, None)
            return None
        return interaction

    async def show(self, key: Key, interaction: discord.Interaction, parts: PanelParts) -> None:
        """Edit the panel (its picture kept when unchanged); a panel that cannot be edited any
        more is forgotten."""
        shown = self.png.get(key)
        try:
            if shown is not None and shown[0] is interaction and parts.png == shown[1]:
                await interaction.edit_original_response(content=parts.content, view=parts.items)
            else:
                file = parts.file()
                await interaction.edit_original_response(
                    content=parts.content, attachments=[file] if file else [], view=parts.items
                )
                if parts.png is not None:
                    self.png[key] = (interaction, parts.png)
        except discord.HTTPException:
            if key in self.panels and self.panels[key][1] is interaction:
                self.panels.pop(key, None)

    def forget(self, key: Key) -> None:
        """The hand is over: the panel is forgotten (its buttons answer that the prompt is
        outdated)."""
        self.panels.pop(key, None)
        self.png.pop(key, None)
