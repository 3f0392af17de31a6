"""Retrying what Discord fails for a moment, for the messages a player must receive.

Discord and Cloudflare answer some requests 500, 502, 503 or 504 on a bad day, or the request
times out. discord.py retries some of those itself, a few times; a 503 it does not retry at
all. A message that carries a player's turn must arrive all the same, so :func:`deliver` tries
such a call again after 0.5 s, 1 s, 2 s … (a few times, each try a fresh request: a file to
upload is made anew) and logs each transient failure as one warning line with the route and
the status — never a traceback, which would say "bug" where Discord merely hiccupped. Any other
error (a 403 for closed DMs, a 404, a 400) is not transient and is raised at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp
import discord

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How many times a transient failure is tried, and the first pause (doubled each time).
ATTEMPTS = 4
FIRST_PAUSE = 0.5


def _route(error: discord.HTTPException) -> str:
    response = error.response
    method = getattr(response, "method", "")
    url = getattr(response, "url", None)
    path = getattr(url, "path", "") if url is not None else ""
    return f"{method} {path}".strip() or "a request"


async def deliver(
    call: Callable[[], Awaitable[T]],
    *,
    what: str,
    attempts: int = ATTEMPTS,
    first_pause: float = FIRST_PAUSE,
    superseded: Callable[[], bool] | None = None,
) -> T:
    """``await call()``, tried again on a transient Discord failure (5xx, a timeout, a lost
    connection); the last failure is raised, at once when ``superseded()`` says a newer version
    of the message waits (which is sent instead). ``what`` names the message in the log."""
    pause = first_pause
    for attempt in range(1, attempts + 1):
        try:
            return await call()
        except discord.DiscordServerError as error:
            reason = f"{_route(error)} answered {error.status}"
            last: Exception = error
        except (TimeoutError, aiohttp.ClientError) as error:
            reason = f"{type(error).__name__}"
            last = error
        if superseded is not None and superseded():
            log.warning("%s: %s; a newer version follows", what, reason)
            raise last
        if attempt == attempts:
            log.warning("%s not delivered: %s (%d tries)", what, reason, attempts)
            raise last
        log.warning("%s: %s; trying again in %.1f s", what, reason, pause)
        await asyncio.sleep(pause)
        pause *= 2
    raise AssertionError("unreachable")


def discord_fault(error: BaseException) -> bool:
    """Discord's passing fault or its network's, not a bug: a 5xx, a 429 discord.py gave up
    on, a message deleted meanwhile (404), a timeout, a lost connection — one warning line,
    never a traceback. Any other refusal (a 400: the bot sent what Discord rejects) is a bug."""
    if isinstance(error, discord.DiscordServerError | discord.NotFound):
        return True
    if isinstance(error, discord.HTTPException):
        return error.status == 429
    return isinstance(error, TimeoutError | aiohttp.ClientError)
