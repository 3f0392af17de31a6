"""Posting a scored hand's preview: the answer of ``/score tiles | quick | draw`` and of the
scorepad's Preview button — one public message with the payments (and the scored hand's
picture when it was given by its tiles) and Confirm/Cancel, linked to the pending hand so its
prompt can be closed on expiry; the session's scoreboard updated."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.service.hand_recording import Preview
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.store.ledger import set_hand_message
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.score_views import (
    bot_book,
    preview_embed,
    preview_view,
    public_lang,
    refresh_scoreboard,
)

log = logging.getLogger(__name__)


async def post_preview(bot: Any, interaction: discord.Interaction, preview: Preview) -> None:
    """Answer the command with the preview (or, when the interaction was answered already, as
    the scorepad's Preview is, follow it with the preview); remember where the prompt is. The
    preview is public, so in the server's language (the calculator's in a DM: the user's)."""
    hand = preview.hand
    lang = public_lang(interaction)
    minutes = 0  # the calculator (also in DMs) shows no expiry
    if hand is not None:
        minutes = (await get_settings(bot.db, hand.guild_id)).confirm_minutes
    followed = interaction.response.is_done()
    if hand is not None and hand.message_id is not None:
        # a double submit: the first one's prompt is already there
        text = t("skv.duplicate", lang_of(interaction.locale), id=hand.id, seq=hand.seq)
        if followed:
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
        return
    embed = preview_embed(preview, lang, minutes)
    files: list[discord.File] = []
    if preview.result.interpretation is not None and preview.bao is not None:
        from shangrao_bot.render import render_score

        png = await asyncio.to_thread(
            render_score,
            preview.result,
            bao=preview.bao,
            winning_tile=preview.winning_tile,
            how=preview.how,
            winner=preview.winner or 0,
            lang=lang,
        )
        embed.set_image(url="attachment://score.png")
        files.append(discord.File(io.BytesIO(png), filename="score.png"))
    view = preview_view(hand, lang) if hand is not None else None
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    posted: discord.Message | None = None
    if followed:
        posted = await interaction.followup.send(embed=embed, files=files, wait=True, **extra)
    else:
        await interaction.response.send_message(embed=embed, files=files, **extra)
    if hand is not None and preview.session is not None:
        message = posted if posted is not None else await interaction.original_response()
        try:
            await set_hand_message(bot.db, hand.guild_id, hand.id, message.channel.id, message.id)
        except StorageUnavailable as exc:
            # the hand is saved and its preview posted (its buttons name the hand): telling the
            # player "nothing was saved" would be wrong; only closing the prompt on expiry is lost
            log.warning(
                "hand %d: preview not linked, storage unavailable (%s)", hand.id, exc.detail
            )
        await refresh_scoreboard(bot, bot_book(bot), preview.session, lang)
