"""Typed errors of the store. Messages are safe to show to the user who caused them."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of the ledger's refusals (bad input, unknown ids, impossible changes)."""


class NotFound(StoreError):
    """A hand, session, player or transfer that does not exist in this guild."""


class InvalidRecord(StoreError):
    """A record the ledger refuses: payments not zero-sum, wrong seats, closed session …"""


class UniqueViolation(StoreError):
    """A statement would have made a second row with the same unique key. Raised alike by both
    databases (each driver has its own exception for it), so a transaction function can catch
    it and say what was duplicated; the transaction is rolled back all the same."""


class LogMovedOn(StoreError):
    """A table's event log holds events its writer did not know of: another process wrote
    them (two processes must never run one table). The write is refused whole."""
