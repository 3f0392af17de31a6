"""Typed refusals of club events' seating and standings (:mod:`.seating`,
:mod:`.standings`): each a keyed :class:`~shangrao_bot.errors.Refusal` whose texts are in
the catalogs' ``event`` area, and a ``ValueError`` (what the organiser gave cannot be used)."""

from __future__ import annotations

from shangrao_bot.engine.errors import EngineError


class EventRefused(EngineError):
    """A round that cannot be seated as asked, or results the standings cannot read: the key
    says which (``event.seating.…``, ``event.manual.…``, ``event.resting.…``,
    ``event.standings.…``)."""
