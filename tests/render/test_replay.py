"""Replay pictures (render/replay.py): a step's board shows face up exactly the hands chosen
(one seat's, or every one), under a caption in the font; the animation is a GIF of every step
that fits the upload limit, drawn smaller or with fewer steps when it must."""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image

from shangrao_bot.engine.replay import TABLE, Replay, rebuild_hand, seed_of
from shangrao_bot.render.board import layout_board
from shangrao_bot.render.canvas import record_text
from shangrao_bot.render.charset import ui_charset
from shangrao_bot.render.replay import (
    CAPTION_H,
    UPLOAD_LIMIT,
    AnimationTooLarge,
    ReplayFrame,
    caption,
    paint_frame,
    render_animation,
    render_frame,
)
from shangrao_bot.render.tiles import BACK
from tests.engine.test_replay import play

LANGS = ("en", "zh-CN", "zh-TW")


@pytest.fixture(scope="module")
def replay() -> Replay:
    played = play(3, shuffle_answers=True)
    return rebuild_hand(played.state.rules, seed_of(played.log), played.state.dealer, played.log)


def frames(replay: Replay, seat: int | None = None) -> list[ReplayFrame]:
    return [
        ReplayFrame(
            s.public,
            replay.shown_hands(s.index, TABLE if seat is None else seat),
            7,
            s.index,
            len(replay),
            seat,
        )
        for s in replay.steps
    ]


def face_up_seats(frame: ReplayFrame) -> set[int]:
    layout = layout_board(frame.public, shown=frame.shown)
    return {
        p.seat
        for p in layout.tiles
        if p.zone == "hand" and p.look.kind != BACK and p.seat is not None
    }


def test_a_seat_view_shows_that_hand_and_the_table_every_hand(replay: Replay) -> None:
    middle = len(replay) // 2
    assert face_up_seats(frames(replay)[middle]) == {0, 1, 2, 3}
    for seat in range(4):
        frame = frames(replay, seat)[middle]
        assert face_up_seats(frame) == {seat}
    # without ``shown`` a running hand's board is all backs, as at the table
    assert not face_up_seats(ReplayFrame(replay.step(middle).public))


@pytest.mark.parametrize("lang", LANGS)
def test_the_caption_is_in_the_font_and_inside_its_strip(replay: Replay, lang: str) -> None:
    frame = frames(replay, 1)[4]
    text = caption(frame, lang)
    assert "5/" in text and set(text) <= set(ui_charset())
    with record_text() as drawn:
        img = paint_frame(frame, lang=lang)
    strip = [d for d in drawn if d.box[3] <= CAPTION_H]
    assert strip and all(d.box[2] <= img.width for d in strip)
    png = render_frame(frame, lang=lang)
    assert png == render_frame(frame, lang=lang)  # pure
    with Image.open(BytesIO(png)) as shown:
        assert shown.format == "PNG" and shown.width == 1100


@pytest.mark.slow
def test_the_animation_is_a_looping_gif_of_every_step(replay: Replay) -> None:
    gif = render_animation(frames(replay))
    assert len(gif) <= UPLOAD_LIMIT
    with Image.open(BytesIO(gif)) as img:
        assert img.format == "GIF" and img.n_frames == len(replay)
        assert img.info["loop"] == 0 and img.width == 550


@pytest.mark.slow
def test_an_animation_too_large_is_made_smaller_until_it_fits(replay: Replay) -> None:
    full = render_animation(frames(replay))
    limit = len(full) // 3
    small = render_animation(frames(replay), limit=limit)
    assert len(small) <= limit
    with Image.open(BytesIO(small)) as img:
        assert img.width < 550 or img.n_frames < len(replay)
        img.seek(img.n_frames - 1)  # the end is always kept
    with pytest.raises(AnimationTooLarge):
        render_animation(frames(replay), limit=1000)
    with pytest.raises(ValueError, match="at least one frame"):
        render_animation([])
