"""Typed errors of the rules core.

Every error a player can cause is a ``ValueError`` subclass that carries the offending token, so
the CLI and the bot can show one precise line ("'0m' is not a tile: ranks are 1-9") and never a
stack trace.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every bad-input error raised by ``shangrao_bot.rules``."""

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.token = token

    def __str__(self) -> str:
        return self.message


class TileParseError(RulesError):
    """A tile or meld string could not be read."""


class HandError(RulesError):
    """The tiles read fine but do not form a possible hand (wrong size, five copies …)."""


class ScoringInputError(RulesError):
    """The description of how a hand was won is inconsistent (e.g. 抢杠 under ``baike``)."""
