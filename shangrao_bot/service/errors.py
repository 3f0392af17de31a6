"""Every refusal of the table service, as a typed :class:`~shangrao_bot.errors.Refusal`.

The Discord layer's one error path writes ``key`` (a text of the catalogs' ``tables`` area) with
``args_`` in the user's language; tests match on the type. Engine refusals carry the engine's
own reason (``reason``, a :class:`~shangrao_bot.errors.Phrase` naming the tiles involved), which
is written in the same language.
"""

from __future__ import annotations

from typing import Any

from shangrao_bot.errors import Refusal


class TableError(Refusal):
    """Base class of the service's refusals; each subclass has its own message key and is
    raised with its arguments alone (``TableFull(table=3)``)."""

    def __init__(self, **args: Any) -> None:
        super().__init__(**args)


class TableNotFound(TableError):
    default_key = "table.not_found"


class TooManyTables(TableError):
    default_key = "table.too_many"


class BadTableConfig(TableError):
    default_key = "table.bad_config"


class TableFull(TableError):
    default_key = "table.full"


class SeatTaken(TableError):
    default_key = "table.seat_taken"


class BadSeat(TableError):
    default_key = "table.bad_seat"


class AlreadySeated(TableError):
    """The member sits at a table already (this one or another in the guild)."""

    default_key = "table.already_seated"


class NotSeated(TableError):
    default_key = "table.not_seated"


class NotHost(TableError):
    default_key = "table.not_host"


class NotHostOrAdmin(TableError):
    default_key = "table.not_host_or_admin"


class AlreadyStarted(TableError):
    default_key = "table.already_started"


class NotEnoughPlayers(TableError):
    default_key = "table.not_full_yet"


class BadAILevel(TableError):
    default_key = "table.bad_ai_level"


class NotAnAI(TableError):
    default_key = "table.not_an_ai"


class NotPlaying(TableError):
    default_key = "table.not_playing"


class PromptOutdated(TableError):
    """The button was made for an earlier moment of the game (``seq`` or hand differs)."""

    default_key = "table.prompt_outdated"


class NotYourTurnError(TableError):
    """The engine's :class:`~shangrao_bot.engine.errors.NotYourTurn`, with its reason."""

    default_key = "table.not_your_turn"


class IllegalMove(TableError):
    """The engine's :class:`~shangrao_bot.engine.errors.IllegalAction`, with its reason."""

    default_key = "table.illegal"


class BadCommand(TableError):
    """A typed command that cannot be read (the parser's message is the reason)."""

    default_key = "table.bad_command"


class WaitForClaims(TableError):
    """The discard may still be claimed: only seats that may claim can answer now."""

    default_key = "table.wait_for_claims"


class AlreadyAnswered(TableError):
    default_key = "table.already_answered"


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
