"""The one error path of every slash command: a :class:`UserError` becomes a short ephemeral
message in the user's language; anything else is a bug, logged with its traceback and an error
id, and the user gets an apology quoting that id (never a traceback).

Refusals of the pure core (rules, engine, service) carry English sentences — a ready ``text``
or a ``reason`` argument inside a localized frame. They are translated here, on the one way out,
by :func:`.core_text.localize_reason`, so a Chinese player never reads "不算胡：your tiles …".
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands

from shangrao_bot.errors import UserError
from shangrao_bot.ui.core_text import localize_reason
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.limits import fit_content, shorten_quotes

log = logging.getLogger(__name__)


def message_for(error: BaseException, lang: str) -> str:
    """What the user reads for ``error`` (logging unexpected ones): never longer than a
    Discord message, and quoting at most the start of what the user typed."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, UserError):
        if error.text:
            return fit_content(shorten_quotes(localize_reason(error.text, lang)))
        text = t(error.key, lang, **_localized_args(error.args_, lang))
        return fit_content(shorten_quotes(text))
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("error.guild_only", lang)
    if isinstance(error, app_commands.MissingPermissions):
        return t("error.admin_only", lang)
    if isinstance(error, app_commands.CheckFailure):
        return t("error.generic", lang)
    error_id = secrets.token_hex(4)
    log.error("unexpected error %s", error_id, exc_info=error)
    return t("error.internal", lang, error_id=error_id)


def _localized_args(args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A refusal's arguments with its ``reason`` (an English core sentence) in ``lang``; the
    other arguments (numbers, what the player typed) stay as they are. What the player typed
    is quoted in every catalog ('…', “…”), and :func:`message_for` cuts long quotes."""
    reason = args.get("reason")
    if not isinstance(reason, str):
        return args
    return {**args, "reason": localize_reason(reason, lang)}  # whole: to be recognized


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
