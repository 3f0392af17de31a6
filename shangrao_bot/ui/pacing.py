"""How often the Discord presenter edits the messages people watch: intervals that exist only
so that humans can follow the game (and Discord is not asked for an edit per move). Production
uses the defaults; the tests set them small, as they do the table timings
(:class:`~shangrao_bot.service.config.ServiceConfig`), and a test about one of them sets it
itself."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pacing:
    """* ``board_edit_seconds`` — under load, a table message (the board) is edited at most once
      per this interval, showing the latest state; at every human's turn it is brought up to
      date before her prompt goes out, while the request budget has room. Discord counts every
      edit against the bot's global limit.
    * ``board_fresh_seconds`` — the interval while the request budget is mostly free (the
      load most servers have); it grows to ``board_edit_seconds`` as the budget fills.
    * ``panel_quiet_seconds`` — a player's panel that offers no move shows the others' moves at
      most this often.
    * ``dm_fresh_seconds`` — a prompt re-sends a DM panel older than this (Discord notifies a
      new message, not an edit)."""

    board_edit_seconds: float = 4.0
    board_fresh_seconds: float = 1.0
    panel_quiet_seconds: float = 1.5
    dm_fresh_seconds: float = 20.0
