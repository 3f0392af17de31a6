"""Typed errors of the store. Messages are safe to show to the user who caused them."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of the ledger's refusals (bad input, unknown ids, impossible changes)."""


class NotFound(StoreError):
    """A hand, session, player or transfer that does not exist in this guild."""


class InvalidRecord(StoreError):
    """A record the ledger refuses: payments not zero-sum, wrong seats, closed session …"""
