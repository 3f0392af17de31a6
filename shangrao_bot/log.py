"""Logging set-up: one stderr handler on the root logger that never prints the bot token."""

from __future__ import annotations

import logging
import sys
from typing import TextIO

from shangrao_bot.redact import RedactFilter

TOKEN_MASK = "[token]"
_HANDLER_NAME = "shangrao-bot"
_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"


class TokenFilter(logging.Filter):
    """Replaces the secret token with `[token]` in a record's message and traceback text."""

    def __init__(self, token: str | None) -> None:
        super().__init__()
        self.token = token or None

    def filter(self, record: logging.LogRecord) -> bool:
        token = self.token
        if token is None:
            return True
        try:
            message = record.getMessage()
        except Exception:  # a malformed call: let the handler report it as usual
            return True
        if token in message:
            record.msg = message.replace(token, TOKEN_MASK)
            record.args = None
        if record.exc_info and not record.exc_text:
            # Format the traceback now (as Formatter would later) so it can be masked.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text and token in record.exc_text:
            record.exc_text = record.exc_text.replace(token, TOKEN_MASK)
        if record.stack_info and token in record.stack_info:
            record.stack_info = record.stack_info.replace(token, TOKEN_MASK)
        return True


def configure_logging(
    level: str, token: str | None = None, stream: TextIO | None = None
) -> logging.Handler:
    """Install (once) the root handler with a TokenFilter; calling again only updates it.

    Returns the handler, so callers and tests can inspect or remove it.
    """
    root = logging.getLogger()
    handler = next((h for h in root.handlers if h.get_name() == _HANDLER_NAME), None)
    if handler is None:
        handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
        handler.set_name(_HANDLER_NAME)
        handler.setFormatter(logging.Formatter(_FORMAT))
        root.addHandler(handler)
    elif stream is not None and isinstance(handler, logging.StreamHandler):
        handler.setStream(stream)
    for old in [f for f in handler.filters if isinstance(f, TokenFilter | RedactFilter)]:
        handler.removeFilter(old)
    handler.addFilter(TokenFilter(token))
    handler.addFilter(RedactFilter(token))  # payloads, interaction tokens, seeds
    root.setLevel(level)
    return handler
