"""Typed refusals of the store: each a :class:`~shangrao_bot.errors.Refusal` (a ``store.``
key and its arguments, texts in the catalogs' ``store`` area), safe to show to the user who
caused it. A :class:`StoreError` itself also says why the database ``DATABASE_URL`` names
cannot be used (``store.db.*``): the operator reads it at start-up, or from the command line."""

from __future__ import annotations

from shangrao_bot.errors import Refusal


class StoreError(Refusal):
    """Base class of the ledger's refusals (bad input, unknown ids, impossible changes)."""


class NotFound(StoreError):
    """A hand, session, player or transfer that does not exist in this guild."""


class InvalidRecord(StoreError):
    """A record the ledger refuses: payments not zero-sum, wrong seats, closed session …"""


class UniqueViolation(StoreError):
    """A statement would have made a second row with the same unique key. Raised alike by both
    databases (each driver has its own exception for it), as ``store.duplicate`` with the
    driver's own (English) words as ``detail``, so a transaction function can catch it and say
    what was duplicated; the transaction is rolled back all the same."""


class LogMovedOn(StoreError):
    """A table's event log holds events its writer did not know of: another process wrote
    them (two processes must never run one table). The write is refused whole."""
