"""Edits that only move a message forward: an edit drawn from an older state than the message
already shows is dropped, whatever order concurrent edits finish in, across processes too.

Every message that shows a session's state (its live scoreboard, a hand's preview, its
settlement) is edited from a snapshot read with the session version it is
(:mod:`.versioned_reads`). :meth:`ForwardEdits.edit` takes that version and the edit itself (an
async callable: no Discord here) and:

1. takes the message's **lease** (:func:`~shangrao_bot.store.message_versions.take_lease`, one
   conditional ``UPDATE`` in the shared database), so that edits of one message go one at a
   time across every process; it is refused at once, and the edit **dropped**, when the message
   already shows a newer version. While another holder's lease runs it **waits**: woken at
   once by a release in this process, else looking at the lease now and then with a read (a
   release elsewhere, or a lease that ran out because its holder died), and only then trying
   the ``UPDATE`` again;
2. **edits**, renewing the lease while the edit is in flight (a live holder never loses it to
   a slow request; a dead one stops renewing and lets go within :data:`LEASE_SECONDS`);
3. **releases** the lease, recording the version the message now shows (not when the edit
   failed: it then shows what it showed).

Editing from the same version again is allowed (idempotent); only a strictly older one is
dropped. A caller that must answer soon (an interaction's response) gives ``patience``: past
it, the lease still held elsewhere, it gets :attr:`Outcome.BUSY` and may acknowledge first and
edit afterwards. When the database cannot take the lease (a storage fault), the edit is made
all the same, unguarded, as it was before leases: a press or a refresh must not fail for it.

The limit: a lease is a promise between processes, not a fence Discord checks. A holder that
stops renewing while its request is still on its way (its event loop stalled, or cut off from
the database, for longer than the lease) may have its edit land after a newer one. Leases run
on the database's clock, so processes on several machines agree on when one ran out.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from enum import Enum

from shangrao_bot.errors import StorageUnavailable
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.message_versions import (
    Claim,
    forget_untouched,
    lease_left,
    release_lease,
    renew_lease,
    shown_version,
    take_lease,
)

log = logging.getLogger(__name__)

LEASE_SECONDS = 10.0
"""How long a lease runs without renewal: how long a holder that died blocks the message."""
POLL_SECONDS = 0.05
"""How often a waiting edit looks (a read) at a lease held by another process."""
FORGET_DAYS = 30
"""Messages not edited for this long are forgotten (:meth:`ForwardEdits.forget_untouched`)."""


class Outcome(Enum):
    EDITED = "edited"  # the edit ran; the message shows its version
    DROPPED = "dropped"  # the message already shows a newer version: the edit did not run
    BUSY = "busy"  # patience ran out while another holder edited: the edit did not run


Edit = Callable[[], Awaitable[object]]


class ForwardEdits:
    """Forward-only edits of messages, over the database all the bot's processes share.
    ``holder`` names this instance in the leases (by default the host, the process and a
    random part); each edit holds the lease under a name of its own beneath it."""

    def __init__(
        self,
        db: Database,
        *,
        holder: str | None = None,
        lease_seconds: float = LEASE_SECONDS,
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        self.db = db
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.lease_seconds = lease_seconds
        self.poll_seconds = poll_seconds
        self._edits = itertools.count(1)
        self._released: dict[int, asyncio.Event] = {}  # message id → set at its release
        self._waiting: dict[int, int] = {}  # message id → edits waiting for its release

    def waiting(self, message_id: int) -> int:
        """How many edits of this instance wait for the lease on ``message_id`` now."""
        return self._waiting.get(message_id, 0)

    async def behind(self, message_id: int, version: int) -> bool:
        """Whether the message already shows a version newer than ``version`` (an edit from it
        would be dropped: spare drawing it)."""
        shown = await shown_version(self.db, message_id)
        return shown is not None and shown > version

    async def edit(
        self, message_id: int, version: int, edit: Edit, *, patience: float | None = None
    ) -> Outcome:
        """Run ``edit`` (an edit of ``message_id`` drawn from session version ``version``)
        unless the message shows a newer version; one edit of the message at a time, in every
        process. ``patience``: the longest to wait for another holder's lease (None: as long as
        it takes). An exception of ``edit`` comes out here, the lease released."""
        loop = asyncio.get_running_loop()
        give_up = None if patience is None else loop.time() + patience
        holder = f"{self.holder}#{next(self._edits)}"
        while True:
            try:
                answer = await take_lease(self.db, message_id, version, holder, self.lease_seconds)
            except StorageUnavailable as exc:  # an edit is best effort: as it was without leases
                log.warning("message %d: edited without a lease: %s", message_id, exc.detail)
                await edit()
                return Outcome.EDITED
            if answer.claim is Claim.OLDER:
                return Outcome.DROPPED
            if answer.claim is Claim.TAKEN:
                break
            left = answer.wait
            while True:  # until the lease looks free: woken by a release here, else a read
                if give_up is not None and loop.time() >= give_up:
                    return Outcome.BUSY
                pause = min(self.poll_seconds, left + 0.001)
                if give_up is not None:
                    pause = min(pause, give_up - loop.time())
                if await self._released_or(message_id, pause):
                    break
                now_shows, left = await lease_left(self.db, message_id)
                if now_shows is not None and now_shows > version:
                    return Outcome.DROPPED
                if left <= 0:
                    break
        shown: int | None = None
        renewing = asyncio.create_task(self._renew(message_id, holder), name="lease-renewal")
        try:
            await edit()
            shown = version
        finally:
            renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await renewing
            await self._release(message_id, holder, shown)
        return Outcome.EDITED

    async def _release(self, message_id: int, holder: str, shown: int | None) -> None:
        """Let go of the lease (recording ``shown``) and wake this process's waiters. A storage
        fault here is only logged: the edit is done, and the lease runs out by itself."""
        try:
            if not await release_lease(self.db, message_id, holder, shown):
                log.warning("message %d: the lease ran out during the edit", message_id)
        except Exception as exc:
            log.warning("message %d: the lease was not released: %s", message_id, exc)
        finally:
            released = self._released.pop(message_id, None)
            if released is not None:
                released.set()

    async def _released_or(self, message_id: int, seconds: float) -> bool:
        """Wait for a release of ``message_id`` in this process (True), or ``seconds``."""
        released = self._released.setdefault(message_id, asyncio.Event())
        self._waiting[message_id] = self._waiting.get(message_id, 0) + 1
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(seconds):
                    await released.wait()
        finally:
            left = self._waiting.pop(message_id) - 1
            if left:
                self._waiting[message_id] = left
            elif self._released.get(message_id) is released:  # nobody waits on it any more
                del self._released[message_id]
        return released.is_set()

    async def _renew(self, message_id: int, holder: str) -> None:
        """Keep ``holder``'s lease while its edit is in flight."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                if not await renew_lease(self.db, message_id, holder, self.lease_seconds):
                    log.warning("message %d: the lease was lost during the edit", message_id)
                    return
            except Exception as exc:  # the edit goes on; the lease may run out meanwhile
                log.warning("message %d: the lease was not renewed: %s", message_id, exc)

    async def forget_untouched(self, days: int = FORGET_DAYS) -> int:
        """Forget what the messages not edited for ``days`` show (an edit that old is long
        done; the leader's sweep calls this); returns how many."""
        before = datetime.now(UTC) - timedelta(days=days)
        return await forget_untouched(self.db, before.isoformat(timespec="milliseconds"))
