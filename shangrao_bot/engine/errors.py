"""Typed errors of the engine: each carries a message a player understands (ARCHITECTURE.md)."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class: an action or a saved state the engine refuses."""


class NotYourTurn(EngineError):
    """The seat may not act now (another seat's turn, or its claim window has closed)."""


class IllegalAction(EngineError):
    """The seat may act now, but not this way; the message says why."""


class StateFormatError(EngineError):
    """A saved state that cannot be loaded (unknown version, missing or bad fields)."""
