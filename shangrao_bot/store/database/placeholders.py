"""The store's SQL is written once, with SQLite's ``?`` placeholders; PostgreSQL (asyncpg)
numbers them: ``$1``, ``$2`` … :func:`numbered` rewrites a statement for it.

A ``?`` inside a string literal (``'what?'``, with ``''`` as an escaped quote), a quoted
identifier (``"col?"``) or a comment (``-- why?``, ``/* why? */``) is text, not a placeholder,
and is left alone. Statements are rewritten once each (the store's SQL is a fixed set of
strings, so the cache stays small).
"""

from __future__ import annotations

from functools import lru_cache


class PlaceholderError(ValueError):
    """A statement the rewrite cannot read (an unterminated literal, identifier or comment)."""


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``sql`` with each ``?`` placeholder replaced by ``$1``, ``$2`` … in order."""
    out: list[str] = []
    n = 0
    i = 0
    length = len(sql)
    while i < length:
        c = sql[i]
        if c == "?":
            n += 1
            out.append(f"${n}")
            i += 1
        elif c in "'\"":
            end = _closing_quote(sql, i)
            out.append(sql[i : end + 1])
            i = end + 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            end = length if end < 0 else end
            out.append(sql[i:end])
            i = end
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            if end < 0:
                raise PlaceholderError(f"unterminated comment in {sql!r}")
            out.append(sql[i : end + 2])
            i = end + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _closing_quote(sql: str, start: int) -> int:
    """The index of the quote closing the literal or identifier opened at ``start`` (a doubled
    quote inside it is an escaped one)."""
    quote = sql[start]
    i = start + 1
    while True:
        end = sql.find(quote, i)
        if end < 0:
            kind = "string literal" if quote == "'" else "quoted identifier"
            raise PlaceholderError(f"unterminated {kind} in {sql!r}")
        if sql.startswith(quote * 2, end):
            i = end + 2
            continue
        return end
