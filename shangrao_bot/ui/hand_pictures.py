"""The pictures of the players' private panels — her hand over the whole table
(:func:`~shangrao_bot.render.panel.render_panel`) —, cached (:class:`HandPictures`): a panel
shown again (a repeated press, her DM and her ephemeral panel, a picture started while the move
was being saved) reuses its picture, and a picture is drawn once however many panels ask for it
meanwhile."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import TYPE_CHECKING

from shangrao_bot.engine.views import PlayerView
from shangrao_bot.ui.pictures import PICTURES

if TYPE_CHECKING:
    from shangrao_bot.render.hand import Wait

# pictures kept: a panel's picture changes with every move at the table, so it is reused only
# between its drawing and its showing (or when shown again); a few tables' worth is plenty
HAND_CACHE_SIZE = 128
KEYS_KEPT = 256  # the views whose picture keys are kept, between their preparing and showing


class HandPictures:
    """Panel pictures by :func:`~shangrao_bot.render.panel.panel_key` (least recently used
    dropped first): a panel showing what was drawn already reuses the picture instead of
    drawing it again. The key is worked out on the event loop (well under a millisecond);
    only a picture not found here is drawn, by
    :data:`~.pictures.PICTURES`, once however many panels ask for it meanwhile.
    :meth:`prefetch` starts a drawing early (while the move it shows is being saved). One per
    presenter (so one bot's pictures never leak into another's)."""

    def __init__(self, size: int = HAND_CACHE_SIZE) -> None:
        self.size = size
        self.pictures: OrderedDict[tuple[object, ...], bytes] = OrderedDict()
        # the drawings under way, and whether a panel waits for each (directly: see get)
        self.drawing: dict[tuple[object, ...], tuple[asyncio.Future[bytes], bool]] = {}
        self.keys: OrderedDict[
            int, tuple[PlayerView, str, tuple[object, ...], list[Wait] | None]
        ] = OrderedDict()
        self.drawn = 0  # pictures drawn (not found here)
        self.reused = 0  # pictures found here, or being drawn already

    def prefetch(self, view: PlayerView, lang: str) -> None:
        """Start drawing ``view``'s picture unless it is here or being drawn. Nothing is
        shown: a picture never asked for is only a cache entry (a failed one is dropped)."""
        key, waits = self._key(view, lang)
        if key not in self.pictures and key not in self.drawing:
            self._start(key, view, waits, lang, awaited=False)

    async def get(self, view: PlayerView, lang: str) -> bytes:
        key, waits = self._key(view, lang)
        png = self.pictures.get(key)
        if png is not None:
            self.pictures.move_to_end(key)
            self.reused += 1
            return png
        drawing = self.drawing.get(key)
        if drawing is None:
            return await self._start(key, view, waits, lang, awaited=True)
        self.reused += 1
        future, awaited = drawing
        if awaited:  # another panel waits on it directly: this one must not cancel it
            return await asyncio.shield(future)
        # the first to wait: directly, so that it wakes as soon as the picture is back
        self.drawing[key] = (future, True)
        return await future

    def _key(self, view: PlayerView, lang: str) -> tuple[tuple[object, ...], list[Wait] | None]:
        """The picture's key and the waits it shows; worked out once for a view prepared
        and then shown (the same object)."""
        from shangrao_bot import render

        known = self.keys.get(id(view))
        if known is not None and known[0] is view and known[1] == lang:
            return known[2], known[3]
        waits = render.waits_for(view)
        key = render.panel_key(view, waits, lang=lang)
        self.keys[id(view)] = (view, lang, key, waits)  # the view is kept: its id stays its own
        while len(self.keys) > KEYS_KEPT:
            self.keys.popitem(last=False)
        return key, waits

    def _start(
        self,
        key: tuple[object, ...],
        view: PlayerView,
        waits: list[Wait] | None,
        lang: str,
        *,
        awaited: bool,
    ) -> asyncio.Future[bytes]:
        from shangrao_bot import render

        future = PICTURES.start(render.render_panel, view, waits, lang=lang)
        self.drawing[key] = (future, awaited)
        future.add_done_callback(lambda done: self._drawn(key, done))
        return future

    def _drawn(self, key: tuple[object, ...], future: asyncio.Future[bytes]) -> None:
        if key in self.drawing and self.drawing[key][0] is future:
            del self.drawing[key]
        # a failed drawing is not kept (the next panel asking draws anew), and its error is
        # the waiting panel's to report
        if future.cancelled() or future.exception() is not None:
            return
        self.drawn += 1
        self.pictures[key] = future.result()
        while len(self.pictures) > self.size:
            self.pictures.popitem(last=False)
