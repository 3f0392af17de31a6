"""The one refusal model: a refusal is a typed exception with a catalog key and arguments.

Every layer — the rules core, the engine, the store, the services, the Discord layer and the
command line — refuses what a user asked by raising a :class:`Refusal` (or a subclass that says
which layer and why, e.g. :class:`~.rules.errors.TileParseError`). A refusal carries no
sentence: it carries a ``key`` of :mod:`.catalog` and structured ``args`` (tiles as their codes,
seats as numbers, what the user typed, a nested :class:`Phrase` for the reason underneath), and
whoever shows it writes it in the reader's language (:meth:`Refusal.in_lang`). ``str()`` of a
refusal is its English text, so the command line, logs and tests read English.

A :class:`Phrase` is the same thing for a value rather than an exception: the reason a hand is
not a win, why a move is not possible now. It *is* its English text (a ``str``), and it keeps
its key and arguments so the reader's language can be chosen later.

Anything raised that is not a refusal is a bug: the Discord layer logs it with its traceback and
the user gets an apology with an error id (see :mod:`.ui.errors`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shangrao_bot import catalog


class Phrase(str):
    """A catalog text with its arguments: its English words, and the key to say it in another
    language (:meth:`in_lang`)."""

    key: str
    args: Mapping[str, Any]

    def __new__(cls, key: str, /, **args: Any) -> Phrase:
        if catalog.strict():
            catalog.check(key, args)
        self = super().__new__(cls, catalog.text(key, "en", args))
        self.key = key
        self.args = args
        return self

    def in_lang(self, lang: str) -> str:
        return catalog.text(self.key, lang, self.args)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_phrase, (self.key, dict(self.args)))


def _phrase(key: str, args: dict[str, Any]) -> Phrase:
    return Phrase(key, **args)


class Refusal(Exception):
    """Something a user asked that cannot be done, and how to do it instead.

    Raise it with a key and arguments (``Refusal("table.full", table=3)``), with a ready
    :class:`Phrase`, or — for a subclass with its own :attr:`default_key` — with the arguments
    alone. ``args_`` are the arguments; ``phrase`` is the refusal as a phrase."""

    default_key = "error.generic"

    def __init__(self, key: str | Phrase | None = None, /, **args: Any) -> None:
        if isinstance(key, Phrase):
            self.key, self.args_ = key.key, {**key.args, **args}
        else:
            self.key, self.args_ = key or self.default_key, args
        self.phrase = Phrase(self.key, **self.args_)
        super().__init__(str(self.phrase))

    def __str__(self) -> str:
        return str.__str__(self.phrase)

    def in_lang(self, lang: str) -> str:
        """The refusal in ``lang`` (``en``, ``zh-CN``, ``zh-TW``)."""
        return self.phrase.in_lang(lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.__dict__))


def _rebuild(cls: type[Refusal], state: dict[str, Any]) -> Refusal:
    refusal = cls.__new__(cls)
    refusal.__dict__.update(state)
    Exception.__init__(refusal, str(refusal.phrase))
    return refusal


class StorageUnavailable(Refusal):
    """The database could not take a write (disk full, locked by another process past the busy
    timeout, read-only, I/O error). Nothing was half-written: the change was rolled back, and the
    same action can simply be tried again once storage is back."""

    default_key = "error.storage_unavailable"

    def __init__(self, detail: str = "") -> None:
        super().__init__()
        self.detail = detail  # sqlite's own words, for the log (never shown to users)


class NotAllowed(Refusal):
    """The user lacks the role or permission the command needs."""
