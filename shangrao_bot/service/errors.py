"""Every refusal of the table service, as a typed :class:`~shangrao_bot.errors.UserError`.

The Discord layer's one error path shows ``key`` (a message of :mod:`.messages`) with ``args_``
in the user's language; tests match on the type. Engine refusals keep the engine's own reason
(``reason``), which names the tiles involved.
"""

from __future__ import annotations

from typing import Any

from shangrao_bot.errors import UserError


class TableError(UserError):
    """Base class of the service's refusals; each subclass has its own message key."""

    key_default = "error.generic"

    def __init__(self, **args: Any) -> None:
        super().__init__(self.key_default, **args)


class TableNotFound(TableError):
    key_default = "table.not_found"


class TooManyTables(TableError):
    key_default = "table.too_many"


class BadTableConfig(TableError):
    key_default = "table.bad_config"


class TableFull(TableError):
    key_default = "table.full"


class SeatTaken(TableError):
    key_default = "table.seat_taken"


class BadSeat(TableError):
    key_default = "table.bad_seat"


class AlreadySeated(TableError):
    """The member sits at a table already (this one or another in the guild)."""

    key_default = "table.already_seated"


class NotSeated(TableError):
    key_default = "table.not_seated"


class NotHost(TableError):
    key_default = "table.not_host"


class NotHostOrAdmin(TableError):
    key_default = "table.not_host_or_admin"


class AlreadyStarted(TableError):
    key_default = "table.already_started"


class NotEnoughPlayers(TableError):
    key_default = "table.not_full_yet"


class BadAILevel(TableError):
    key_default = "table.bad_ai_level"


class NotAnAI(TableError):
    key_default = "table.not_an_ai"


class NotPlaying(TableError):
    key_default = "table.not_playing"


class PromptOutdated(TableError):
    """The button was made for an earlier moment of the game (``seq`` or hand differs)."""

    key_default = "table.prompt_outdated"


class NotYourTurnError(TableError):
    """The engine's :class:`~shangrao_bot.engine.errors.NotYourTurn`, with its reason."""

    key_default = "table.not_your_turn"


class IllegalMove(TableError):
    """The engine's :class:`~shangrao_bot.engine.errors.IllegalAction`, with its reason."""

    key_default = "table.illegal"


class BadCommand(TableError):
    """A typed command that cannot be read (the parser's message is the reason)."""

    key_default = "table.bad_command"


class WaitForClaims(TableError):
    """The discard may still be claimed: only seats that may claim can answer now."""

    key_default = "table.wait_for_claims"


class AlreadyAnswered(TableError):
    key_default = "table.already_answered"


ALL_ERRORS: tuple[type[TableError], ...] = (
    TableNotFound,
    TooManyTables,
    BadTableConfig,
    TableFull,
    SeatTaken,
    BadSeat,
    AlreadySeated,
    NotSeated,
    NotHost,
    NotHostOrAdmin,
    AlreadyStarted,
    NotEnoughPlayers,
    BadAILevel,
    NotAnAI,
    NotPlaying,
    PromptOutdated,
    NotYourTurnError,
    IllegalMove,
    BadCommand,
    WaitForClaims,
    AlreadyAnswered,
)
