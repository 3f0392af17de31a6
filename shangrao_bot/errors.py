"""User-facing errors: one type, a catalog key and its arguments, shown in the user's language.

Anything raised as :class:`UserError` (or a subclass) from a command reaches the user as a short
ephemeral message; every other exception is a bug, logged with its traceback while the user gets
an apology with an error id (see :mod:`shangrao_bot.ui.errors`).
"""

from __future__ import annotations

from typing import Any


class UserError(Exception):
    """A refusal the user can act on. ``key`` names a message of :mod:`.ui.i18n`; ``text`` is a
    ready message (already in words the user reads, e.g. a rules-core error naming a token)."""

    def __init__(self, key: str = "error.generic", text: str | None = None, **args: Any) -> None:
        super().__init__(text or key)
        self.key = key
        self.text = text
        self.args_ = args


class StorageUnavailable(UserError):
    """The database could not take a write (disk full, locked by another process past the busy
    timeout, read-only, I/O error). Nothing was half-written: the change was rolled back, and the
    same action can simply be tried again once storage is back."""

    def __init__(self, detail: str = "") -> None:
        super().__init__("error.storage_unavailable")
        self.detail = detail  # sqlite's own words, for the log (never shown to users)


class NotAllowed(UserError):
    """The user lacks the role or permission the command needs."""
