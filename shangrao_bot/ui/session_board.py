"""A score session's live scoreboard as it is first posted: the opening line (the session's
number and its seats), the scoreboard embed and the Record button, then the message remembered
as the session's board so that every counted hand edits it
(:func:`~shangrao_bot.ui.score_views.refresh_scoreboard`).

Two places open sessions and post their board: ``/session start`` (as its answer) and a club
event's physical tables (one in each table's thread, :mod:`.club_posts`); both use these.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import SessionInfo, set_board_message
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.record_button import record_view
from shangrao_bot.ui.score_views import scoreboard_embed, shown

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BoardMessage:
    """What a session's board message holds when it is posted."""

    content: str
    embed: discord.Embed
    view: discord.ui.View


async def board_message(book: ScoreBook, info: SessionInfo, lang: str) -> BoardMessage:
    """The board of a session just opened, in ``lang`` (the server's: everyone reads it)."""
    board = await book.scoreboard(info)
    seated = ", ".join(f"{i + 1}. {shown(p.display_name, lang)}" for i, p in enumerate(info.seats))
    return BoardMessage(
        t("skv.started", lang, session=info.id, players=seated),
        scoreboard_embed(board, lang),
        record_view(info.id, lang),
    )


async def link_board(db: Database, info: SessionInfo, channel_id: int, message_id: int) -> None:
    """Remember the posted message as the session's board. When storage is unavailable the
    session is saved and its board posted all the same: telling the players that nothing was
    saved would be wrong; the board just does not update itself (``/session show`` does)."""
    try:
        await set_board_message(db, info.guild_id, info.id, channel_id, message_id)
    except StorageUnavailable as exc:
        log.warning("session %d: board not linked, storage unavailable (%s)", info.id, exc.detail)


async def post_board(
    channel: discord.abc.Messageable, db: Database, book: ScoreBook, info: SessionInfo, lang: str
) -> discord.Message:
    """Post a session's board in ``channel`` (a table's thread) and remember it."""
    parts = await board_message(book, info, lang)
    message = await channel.send(parts.content, embed=parts.embed, view=parts.view)
    await link_board(db, info, message.channel.id, message.id)
    return message
