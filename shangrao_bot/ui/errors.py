"""The one error path of every slash command: a :class:`~shangrao_bot.errors.Refusal` becomes a
short ephemeral message in the user's language; anything else is a bug, logged with its
traceback and an error id, and the user gets an apology quoting that id (never a traceback).

Every layer refuses with a :class:`~shangrao_bot.errors.Refusal` (a catalog key and its
arguments, a nested reason among them), so the refusal is simply written in the reader's
language here: a Chinese player never reads "不算胡：your tiles …".
"""

from __future__ import annotations

import logging
import secrets

import discord
from discord import app_commands

from shangrao_bot.errors import Refusal
from shangrao_bot.ui.i18n import lang_of, link_commands, t
from shangrao_bot.ui.limits import fit_content, shorten_quotes

log = logging.getLogger(__name__)


def message_for(error: BaseException, lang: str) -> str:
    """What the user reads for ``error`` (logging unexpected ones): never longer than a
    Discord message, and quoting at most the start of what the user typed."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, Refusal):
        return fit_content(shorten_quotes(link_commands(error.in_lang(lang))))
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("error.guild_only", lang)
    if isinstance(error, app_commands.MissingPermissions):
        return t("error.admin_only", lang)
    if isinstance(error, app_commands.CheckFailure):
        return t("error.generic", lang)
    error_id = secrets.token_hex(4)
    log.error("unexpected error %s", error_id, exc_info=error)
    return t("error.internal", lang, error_id=error_id)


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    text = message_for(error, lang_of(interaction.locale))
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user about an error (interaction expired?)")


async def on_app_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    await reply_error(interaction, error)
