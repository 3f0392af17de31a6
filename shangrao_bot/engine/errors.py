"""Typed refusals of the engine: each a :class:`~shangrao_bot.errors.Refusal` (key and
arguments, texts in the catalogs' ``engine`` area) and a ``ValueError``."""

from __future__ import annotations

from shangrao_bot.errors import Refusal


class EngineError(Refusal, ValueError):
    """Base class: an action or a saved state the engine refuses."""


class NotYourTurn(EngineError):
    """The seat may not act now (another seat's turn, or its claim window has closed)."""


class IllegalAction(EngineError):
    """The seat may act now, but not this way; the refusal says why."""


class StateFormatError(EngineError):
    """A saved state that cannot be loaded (unknown version, missing or bad fields)."""
