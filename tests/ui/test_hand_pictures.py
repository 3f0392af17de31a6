"""The presenter's panel pictures (:class:`~shangrao_bot.ui.table_views.HandPictures`, her
hand over the whole table): a picture started early (while its move is saved) is the one the
panel gets, a picture is drawn once however many ask for it meanwhile, and a failed drawing is
not kept."""

from __future__ import annotations

import asyncio

import pytest

from shangrao_bot import render
from shangrao_bot.render.samples import turn_hand, waiting_hand
from shangrao_bot.ui.hand_pictures import HandPictures

# drawn on threads of this process, so that a patched drawing applies
pytestmark = pytest.mark.usefixtures("pictures_in_threads")


async def test_a_prefetched_picture_is_the_one_the_panel_gets() -> None:
    view, waits = waiting_hand("prefetch")
    pictures = HandPictures()
    pictures.prefetch(view, "zh-CN")
    pictures.prefetch(view, "zh-CN")  # already being drawn
    png = await pictures.get(view, "zh-CN")
    assert png == render.render_panel(view, waits, lang="zh-CN")
    assert (pictures.drawn, pictures.reused) == (1, 1)
    assert await pictures.get(view, "zh-CN") is png
    assert (pictures.drawn, pictures.reused) == (1, 2)
    assert await pictures.get(view, "en") != png  # another language, another picture
    assert pictures.drawn == 2


async def test_panels_asking_at_once_share_one_drawing() -> None:
    view = turn_hand("at once")
    pictures = HandPictures()
    pngs = await asyncio.gather(*(pictures.get(view, "en") for _ in range(5)))
    assert len(set(pngs)) == 1
    assert (pictures.drawn, pictures.reused) == (1, 4)


async def test_a_failed_drawing_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    view = turn_hand("fails")
    pictures = HandPictures()
    real = render.render_panel

    def broken(*args: object, **kwargs: object) -> bytes:
        raise ValueError("cannot draw")

    monkeypatch.setattr(render, "render_panel", broken)
    pictures.prefetch(view, "en")
    with pytest.raises(ValueError, match="cannot draw"):
        await pictures.get(view, "en")  # the prefetched drawing's own error
    pictures.prefetch(view, "en")
    while pictures.drawing:  # a failed head start nobody awaits is dropped
        await asyncio.sleep(0.01)
    monkeypatch.setattr(render, "render_panel", real)
    png = await pictures.get(view, "en")
    assert png == real(view, render.waits_for(view), lang="en")
    assert pictures.drawn == 1 and not pictures.drawing
