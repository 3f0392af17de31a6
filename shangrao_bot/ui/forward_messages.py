"""Discord's side of the edits that only move forward (:mod:`shangrao_bot.service.forward_edits`):
an edit of a message through its interaction's response, which must acknowledge the press
whatever happens to the edit.

A press on a button of a message that shows a session's state (Confirm on a preview, Paid on a
settlement) edits that message as its response. When the message already shows a newer state
(another press landed first) the press is acknowledged without editing; when another process
holds the message's lease past :data:`RESPONSE_PATIENCE`, the press is acknowledged first and
the message edited afterwards through the interaction's token, still forward only.
"""

from __future__ import annotations

from typing import Any

import discord

from shangrao_bot.service.forward_edits import ForwardEdits, Outcome

RESPONSE_PATIENCE = 1.5
"""The longest a press waits for another holder's lease before it acknowledges (Discord wants
an answer within 3 s of the press, and the press has done its own work by then)."""


async def answer_forward(
    interaction: discord.Interaction, edits: ForwardEdits, version: int | None, **fields: Any
) -> Outcome:
    """Edit the message ``interaction``'s component is on to ``fields`` (drawn from session
    version ``version``) as the press's response, forward only; the press is acknowledged in
    every case. ``version`` None (a read that never settled): acknowledged, not edited."""
    message = interaction.message
    if message is None or version is None:
        if not interaction.response.is_done():
            await interaction.response.defer()
        return Outcome.DROPPED
    outcome = await edits.edit(
        message.id,
        version,
        lambda: interaction.response.edit_message(**fields),
        patience=RESPONSE_PATIENCE,
    )
    if outcome is Outcome.EDITED:
        return outcome
    if not interaction.response.is_done():
        await interaction.response.defer()  # a component's deferral: the message stays as is
    if outcome is Outcome.BUSY:
        return await edits.edit(
            message.id, version, lambda: interaction.edit_original_response(**fields)
        )
    return outcome
