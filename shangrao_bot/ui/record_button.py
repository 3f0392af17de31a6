"""The Record button under a session's live scoreboard: it opens a scorepad for that session
(``sk:pad:{session}``; the scorepad's module answers the click, after a restart too)."""

from __future__ import annotations

import discord

from shangrao_bot.ui.i18n import t


def record_custom_id(session_id: int) -> str:
    return f"sk:pad:{session_id}"


def record_view(session_id: int, lang: str) -> discord.ui.View:
    """A view holding only the Record button of ``session_id``."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label=t("pad.btn.record", lang),
            emoji="📝",
            style=discord.ButtonStyle.primary,
            custom_id=record_custom_id(session_id),
        )
    )
    return view
