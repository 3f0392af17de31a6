"""Which of the bot's messages are too old to edit.

Discord limits edits of messages older than one hour much further than other edits (error
30046, counted per channel), so the bot never edits one: a table message, a lobby, a DM panel
or a live scoreboard that old is posted anew instead (and the old one deleted, or left as it is
where deleting would lose something). A message's age comes from its id (a snowflake carries
the time Discord created it); :data:`EDIT_AGE_LIMIT` keeps a margin under the hour for clocks
that disagree.
"""

from __future__ import annotations

import datetime

import discord

EDIT_AGE_LIMIT = datetime.timedelta(minutes=50)

# moved on by tests that age the bot's messages together with the fake Discord's clock
clock_offset = datetime.timedelta(0)


def now() -> datetime.datetime:
    return discord.utils.utcnow() + clock_offset


def too_old_to_edit(message_id: int) -> bool:
    """The message (by id) is older than the bot edits: post a new one instead."""
    return now() - discord.utils.snowflake_time(message_id) > EDIT_AGE_LIMIT
