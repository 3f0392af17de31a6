"""The replay page's pictures: a finished hand's board at one step, as
:func:`~shangrao_bot.render.replay.render_frame` draws it, each at an address that names
everything the picture depends on.

A picture's address ends in ``<step>.<lang>.<hash>.png``, the hash covering the hand (its server,
ledger id, table, number there and revealed seed — a database restored elsewhere that reuses the
id gets other addresses), the view, the step, the language and :data:`RENDER_VERSION`. The same
address is therefore always the same picture, and the browser may keep it for a year
(:data:`LIFETIME`); a change of the drawing bumps :data:`RENDER_VERSION` and every address with
it.

Drawing a board takes tens of milliseconds of Pillow: it runs on a thread
(:func:`asyncio.to_thread`), one at a time (the machine's cores belong to the tables first), and
each picture is drawn once — a second request for a picture being drawn waits for that drawing —
then kept among the :data:`PICTURES_KEPT` most recently used (about 120 kB each).
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass

from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.render.replay import render_frame, replay_frame
from shangrao_bot.service.replay import LoadedReplay

RENDER_VERSION = "1"  # bump when render/replay.py draws the same frame differently
PICTURES_KEPT = 64
DRAWINGS_AT_ONCE = 1
HASH_DIGITS = 16
LIFETIME = "private, max-age=31536000, immutable"


@dataclass(frozen=True)
class PictureKey:
    """One picture: a hand (by server and ledger id), a view, a step, a language."""

    guild_id: int
    hand_id: int
    seat: int | None  # whose view; None: the table's
    step: int
    lang: str


def picture_hash(loaded: LoadedReplay, view: str, step: int, lang: str) -> str:
    """The hash a picture's address carries (``view`` as the page's address names it)."""
    source = loaded.source
    seed = loaded.replay.final.seed.hex()
    text = "|".join(
        str(part)
        for part in (
            RENDER_VERSION,
            source.guild_id,
            source.hand_id,
            source.table_id,
            loaded.hand_no,
            seed,
            view,
            step,
            lang,
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()[:HASH_DIGITS]


class BoardPictures:
    """The pictures drawn, the most recently used kept; each drawn once while kept."""

    def __init__(self, kept: int = PICTURES_KEPT, at_once: int = DRAWINGS_AT_ONCE) -> None:
        self._kept: RecentlyUsed[PictureKey, bytes] = RecentlyUsed(kept)
        self._drawing: dict[PictureKey, asyncio.Task[bytes]] = {}
        self._slots = asyncio.Semaphore(at_once)
        self.drawn = 0  # pictures drawn so far (what the tests count)

    async def get(self, loaded: LoadedReplay, seat: int | None, step: int, lang: str) -> bytes:
        """The PNG of ``step`` from ``seat``'s view in ``lang``."""
        key = PictureKey(loaded.source.guild_id, loaded.source.hand_id, seat, step, lang)
        found = self._kept.get(key)
        if found is not None:
            return found
        task = self._drawing.get(key)
        if task is None:
            task = asyncio.create_task(self._draw(key, loaded))
            self._drawing[key] = task
            task.add_done_callback(lambda done: self._done(key, done))
        # a reader who leaves does not cancel a drawing another reader may be waiting for
        return await asyncio.shield(task)

    async def _draw(self, key: PictureKey, loaded: LoadedReplay) -> bytes:
        frame = replay_frame(loaded.replay, key.hand_id, key.step, key.seat)
        async with self._slots:
            png = await asyncio.to_thread(render_frame, frame, lang=key.lang)
        self._kept.put(key, png)
        self.drawn += 1
        return png

    def _done(self, key: PictureKey, task: asyncio.Task[bytes]) -> None:
        self._drawing.pop(key, None)
        if not task.cancelled():
            task.exception()  # retrieved: a failure nobody waited for is not reported twice
