"""Tile pictures for buttons: one application emoji per tile kind and look.

A Discord button carries a label and an emoji, never an image. A bot can own up to 2000
*application emoji*, usable by it alone in every server and DM without any permission. At
start-up :class:`TileEmojis` makes sure the application owns one emoji per tile kind (34) and
one per kind marked as 宝 (34 more), drawn from the game's own tile art
(:func:`shangrao_bot.render.tiles.sprite`) on a transparent 128×128 canvas, and remembers them;
the UI asks ``bot.tile_emojis.get(tile, bao=...)`` for a button's emoji.

Names are ``sr{tile}_{hash}``, and ``sr{tile}b_{hash}`` for the 宝 look (``sr5m_1a2b3c4d``,
``sr5mb_90ef12ab``): the tile in mpsz notation and 8 hex digits of a hash of the picture's
pixels (not of its PNG bytes, so that a different PNG encoder does not upload the same pictures
again). A start lists the application's emoji once, keeps those whose names are the current
art's, deletes the other emoji of ours (names ``sr<tile>[b]_<hex>``, art of an older version)
and uploads what is missing: nothing at all when the art did not change. Emoji with other names
(uploaded by hand in the Developer Portal, or by another feature) are never touched.

The sync runs in the background (:meth:`TileEmojis.start`, called from ``setup_hook``): start-up
and commands never wait for it. Until an emoji is there — while syncing, after a failure —
``get`` answers None and a button shows its label only. Failures (HTTP errors, rate limits,
Discord's limit of 2000 emoji) are logged, never raised; the next start tries again.

Emoji of an older art are deleted as soon as the new ones are needed: messages sent before keep
their ids, so an edit of such a message builds its buttons again with :meth:`TileEmojis.get`
instead of copying them from the message (Discord refuses a component with a deleted emoji).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import io
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import aiohttp
import discord
from PIL import Image

from shangrao_bot.render.tiles import Look, geometry, sprite
from shangrao_bot.rules.tiles import NUM_KINDS, tile_str

log = logging.getLogger(__name__)

#: Discord shows emoji at up to 128×128 pixels.
SIZE = 128
#: Discord's limits: emoji per application, bytes per emoji image.
MAX_APPLICATION_EMOJIS = 2000
MAX_IMAGE_BYTES = 256 * 1024
#: The emoji this module owns (and may delete): ``sr`` + tile + ``b`` for 宝 + ``_`` + hex.
OUR_NAME = re.compile(r"sr[1-9][mpsz]b?_[0-9a-f]+")
#: Uploads stop after this many failures in a row (Discord is down: try at the next start).
MAX_FAILURES_IN_A_ROW = 3

# What a request to Discord may raise besides bugs: HTTP errors (429s discord.py could not wait
# out included), a missing application id, the network.
_REQUEST_ERRORS = (discord.DiscordException, aiohttp.ClientError, OSError)


@dataclass(frozen=True)
class EmojiArt:
    """The picture of one tile kind in one look: PNG bytes and the hash its name carries."""

    tile: int
    bao: bool
    png: bytes
    digest: str

    @property
    def name(self) -> str:
        """The emoji's name, e.g. ``sr5m_1a2b3c4d`` (``sr5mb_…`` for the 宝 look)."""
        return f"sr{tile_str(self.tile)}{'b' if self.bao else ''}_{self.digest}"


@functools.cache
def sprite_width() -> int:
    """The widest tile sprite that fits the emoji canvas (sprites are taller than wide)."""
    return max(w for w in range(8, SIZE + 1) if max(geometry(w).size) <= SIZE)


def draw_emoji(tile: int, bao: bool) -> Image.Image:
    """The tile's sprite (shadow and 宝 badge included) centred on a transparent canvas."""
    tile_image = sprite(Look(tile, sprite_width(), bao=bao))
    canvas = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    x, y = (SIZE - tile_image.width) // 2, (SIZE - tile_image.height) // 2
    canvas.alpha_composite(tile_image, (x, y))
    return canvas


def make_art(tile: int, bao: bool, image: Image.Image) -> EmojiArt:
    """PNG bytes of ``image`` and a short hash of its pixels."""
    out = io.BytesIO()
    image.save(out, "PNG")
    pixels = hashlib.sha256(f"{image.mode} {image.size}".encode())
    pixels.update(image.tobytes())
    return EmojiArt(tile, bao, out.getvalue(), pixels.hexdigest()[:8])


@functools.cache
def tile_art(tile: int, bao: bool) -> EmojiArt:
    """The emoji art of one tile kind and look (drawn once per process)."""
    return make_art(tile, bao, draw_emoji(tile, bao))


def all_art() -> list[EmojiArt]:
    """The 68 pictures: every kind plain, then every kind as 宝. Synchronous Pillow work (the
    first call draws for about a second): run it in a thread."""
    return [tile_art(tile, bao) for bao in (False, True) for tile in range(NUM_KINDS)]


@dataclass
class SyncReport:
    """What one sync did, by emoji name. ``failed``: pictures still without an emoji;
    ``stopped``: why the sync gave up early (None when it went through)."""

    kept: list[str] = field(default_factory=list)
    uploaded: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    stopped: str | None = None


def _partial(emoji: discord.Emoji) -> discord.PartialEmoji:
    return discord.PartialEmoji(name=emoji.name, id=emoji.id, animated=emoji.animated)


ADOPT_SECONDS = 10.0
"""How often a process that does not upload looks again for the emoji the leader uploads."""


class TileEmojis:
    """The application emoji of the tile pictures, synced once per start in the background.

    ``get(tile, bao=...)`` is the emoji for a button (None while unknown); ``ready`` tells
    whether every tile has one; ``await wait_ready(timeout)`` waits for this start's sync to
    end; ``report`` says what it did."""

    def __init__(self) -> None:
        self._emojis: dict[tuple[int, bool], discord.PartialEmoji] = {}
        self._done = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        #: What this start's sync did, once it ended (None while running or if it crashed).
        self.report: SyncReport | None = None

    def get(self, tile: int, *, bao: bool = False) -> discord.PartialEmoji | None:
        """The emoji of tile kind ``tile`` (0-33), in the 宝 look when ``bao``; None until it
        is known to exist (during the sync, or when its upload failed)."""
        return self._emojis.get((tile, bao))

    @property
    def ready(self) -> bool:
        """Every tile kind has its emoji in both looks."""
        return len(self._emojis) == 2 * NUM_KINDS

    @property
    def done(self) -> bool:
        """This start's sync has ended (whether or not every emoji is there)."""
        return self._done.is_set()

    def start(self, client: discord.Client, *, uploads: Callable[[], bool] = lambda: True) -> None:
        """Start the sync in the background (once; after login, when ``client`` knows its
        application id: ``setup_hook`` is the place). ``uploads``: whether this process may
        change the application's emoji. Of a bot's several processes only one (the leader)
        does — two uploading the same names at once would be refused — and the others adopt
        the emoji it made, looking again every ``ADOPT_SECONDS`` until all are there (or
        until they become the leader themselves)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(client, uploads), name="tile emoji sync")

    async def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait until this start's sync has ended; then whether every emoji is there. Raises
        TimeoutError after ``timeout`` seconds (None: no limit)."""
        async with asyncio.timeout(timeout):
            await self._done.wait()
        return self.ready

    async def close(self) -> None:
        """Stop a sync still running (the bot is shutting down)."""
        task = self._task
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self, client: discord.Client, uploads: Callable[[], bool]) -> None:
        try:
            while True:
                try:
                    if uploads():
                        self.report = await self.sync(client)
                        return
                    self.report = await self.adopt(client)
                finally:
                    self._done.set()  # this start's first pass has ended
                if self.ready:
                    return
                await asyncio.sleep(ADOPT_SECONDS)
        except Exception:
            log.exception("tile emoji: the sync failed; buttons show text until the next start")

    async def adopt(self, client: discord.Client) -> SyncReport:
        """Take the current art's emoji the application has, changing nothing."""
        report = SyncReport()
        wanted = {item.name: item for item in await asyncio.to_thread(all_art)}
        try:
            existing = await client.fetch_application_emojis()
        except _REQUEST_ERRORS as exc:
            report.stopped = f"listing the application's emoji failed: {exc}"
            return report
        for emoji in existing:
            item = wanted.pop(emoji.name, None)
            if item is not None:
                self._emojis[(item.tile, item.bao)] = _partial(emoji)
                report.kept.append(emoji.name)
        report.failed = list(wanted)
        return report

    async def sync(self, client: discord.Client) -> SyncReport:
        """List the application's emoji, keep the current art's, delete our stale ones, upload
        the missing ones. Refusals by Discord end up in the report and the log."""
        report = SyncReport()
        art = await asyncio.to_thread(all_art)
        wanted = {item.name: item for item in art}
        try:
            existing = await client.fetch_application_emojis()
        except _REQUEST_ERRORS as exc:
            report.stopped = f"listing the application's emoji failed: {exc}"
            report.failed = list(wanted)
            log.warning("tile emoji: %s; buttons show text until the next start", report.stopped)
            return report
        stale: list[discord.Emoji] = []
        listed: set[tuple[int, bool]] = set()  # the looks this listing has an emoji for
        for emoji in existing:
            item = wanted.get(emoji.name)
            look = None if item is None else (item.tile, item.bao)
            if look is not None and look not in listed:
                # also when adopted before (a process that just became the leader): the
                # emoji is current, and other processes' messages show it
                listed.add(look)
                self._emojis[look] = _partial(emoji)
                report.kept.append(emoji.name)
            elif OUR_NAME.fullmatch(emoji.name):  # outdated art, or a second of one look
                stale.append(emoji)
        count = len(existing)
        for emoji in stale:  # first, so that they make room for the new ones
            try:
                await emoji.delete()
            except discord.NotFound:
                pass  # gone already
            except _REQUEST_ERRORS as exc:
                log.warning("tile emoji: deleting the outdated %s failed: %s", emoji.name, exc)
                continue
            count -= 1
            report.deleted.append(emoji.name)
        await self._upload(client, [a for a in art if (a.tile, a.bao) not in listed], count, report)
        log.info(
            "tile emoji: %d kept, %d uploaded, %d outdated deleted%s",
            len(report.kept),
            len(report.uploaded),
            len(report.deleted),
            f"; {len(report.failed)} missing ({report.stopped or 'uploads failed'})"
            if report.failed
            else "",
        )
        return report

    async def _upload(
        self, client: discord.Client, missing: list[EmojiArt], count: int, report: SyncReport
    ) -> None:
        in_a_row = 0
        for i, item in enumerate(missing):
            if count >= MAX_APPLICATION_EMOJIS:
                report.stopped = f"the application owns {count} emoji, Discord's limit"
                report.failed += [a.name for a in missing[i:]]
                log.warning("tile emoji: %s; delete some to get tile pictures", report.stopped)
                return
            try:
                emoji = await client.create_application_emoji(name=item.name, image=item.png)
            except _REQUEST_ERRORS as exc:
                report.failed.append(item.name)
                log.warning("tile emoji: uploading %s failed: %s", item.name, exc)
                in_a_row += 1
                limit = isinstance(exc, discord.HTTPException) and exc.code == 30008
                if limit or in_a_row >= MAX_FAILURES_IN_A_ROW:
                    report.stopped = (
                        "Discord's limit of emoji per application was reached"
                        if limit
                        else f"{in_a_row} uploads in a row failed"
                    )
                    report.failed += [a.name for a in missing[i + 1 :]]
                    return
                continue
            in_a_row = 0
            count += 1
            self._emojis[(item.tile, item.bao)] = _partial(emoji)
            report.uploaded.append(emoji.name)
