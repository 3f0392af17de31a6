"""A logging filter that keeps secrets out of every log line, whatever the level.

At DEBUG, discord.py logs far more than our own code does: every HTTP request's URL and JSON
body and every gateway event. Those carry secrets a log must never hold:

- interaction tokens, in the URLs ``/interactions/{id}/{token}/callback`` and
  ``/webhooks/{application_id}/{token}/…`` (whoever holds one may answer for the bot for 15
  minutes) and in the INTERACTION_CREATE event;
- a player's concealed tiles, in the body of the DM panel the bot sends them;
- the bot token (also masked by :class:`shangrao_bot.log.TokenFilter`).

A database wrapper may log each statement with its parameters (aiosqlite does, at DEBUG: a
table's snapshot holds the seed and every hand). So a record's payload arguments (a dict, a
list, bytes, a JSON text, a statement's parameters) are replaced by a placeholder with their
size; URL tokens, the bot token and 64-hex-digit runs (a table's seed looks like one) are
masked in the final text. Our own log calls never pass snapshots or events either: this
filter is the net under them.
"""

from __future__ import annotations

import functools
import logging
import re

TOKEN_MASK = "[token]"
HEX_MASK = "[hex]"
_URL_TOKEN = re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/\s?'\"]+")
_HEX_RUN = re.compile(r"(?<![0-9A-Fa-f])[0-9A-Fa-f]{64,}(?![0-9A-Fa-f])")


def _payload(value: object) -> object:
    """``value`` if it is plain (a number, a short word, a URL), else a placeholder. A call
    (aiosqlite logs each as a ``functools.partial`` with its SQL parameters: a table's
    snapshot among them) keeps its name and SQL text only."""
    if isinstance(value, functools.partial):
        name = getattr(value.func, "__name__", "call")
        sql = [a for a in value.args[:1] if isinstance(a, str)]
        return f"{name}({sql[0]!r}, …)" if sql else f"{name}(…)"
    if isinstance(value, dict | list | tuple | bytes | bytearray):
        return f"[payload: {len(value)} items]"
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        return f"[payload: {len(value)} chars]"
    return value


def redact_text(text: str, token: str | None = None) -> str:
    """``text`` with interaction/webhook URL tokens, ``token`` and long hex runs masked."""
    if token:
        text = text.replace(token, TOKEN_MASK)
    text = _URL_TOKEN.sub(rf"\1{TOKEN_MASK}", text)
    return _HEX_RUN.sub(HEX_MASK, text)


class RedactFilter(logging.Filter):
    """Masks secrets in a record's message, arguments and traceback (see the module doc).
    Installed on the bot's log handler by :func:`shangrao_bot.log.configure_logging`."""

    def __init__(self, token: str | None = None) -> None:
        super().__init__()
        self.token = token or None

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple):
            args = tuple(_payload(a) for a in args)
        elif isinstance(args, dict):
            args = {k: _payload(v) for k, v in args.items()}
        try:
            message = str(record.msg) % args if args else str(record.msg)
        except Exception:  # a malformed call: let the handler report it as usual
            return True
        record.msg = redact_text(message, self.token)
        record.args = None
        if record.exc_info and not record.exc_text:
            # Format the traceback now (as Formatter would later) so it can be masked.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact_text(record.exc_text, self.token)
        if record.stack_info:
            record.stack_info = redact_text(record.stack_info, self.token)
        return True
