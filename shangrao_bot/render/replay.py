"""Replay pictures: one step of a finished hand as a board, and the whole hand as a GIF.

A frame is the public board (:mod:`.board`) of that step with the hands the viewer chose face
up — one seat's (what that player saw) or all four (the table) — under a caption strip naming
the hand, the step and the view. Only finished hands are replayed (their end revealed every
hand); the board renderer itself still draws a live hand's tiles as backs.

The animation is a GIF: Discord plays GIF attachments inline (animated WebP it shows as a still
picture in some clients). It must fit Discord's upload limit (10 MB without boosts): frames are
drawn at half the board's size, on the board's own 256-colour palette, and each frame after
the first stores only the rectangle that changed, its unchanged pixels transparent (Pillow's
``optimize`` for frames of one size and palette: the frames shown are the same pixels, a third
of the bytes). A 110-step hand takes about 2 MB that way; when one would not fit, the frames
are drawn smaller, then every other step is dropped (the last frame always stays), until it
fits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from io import BytesIO

from PIL import Image, ImageDraw

from shangrao_bot import catalog
from shangrao_bot.engine.replay import TABLE, Replay
from shangrao_bot.engine.views import PublicView
from shangrao_bot.render import palette as pal
from shangrao_bot.render.board import MIN_TEXT, WIDTH, layout_board, paint_board
from shangrao_bot.render.canvas import encode_png, shorten, text
from shangrao_bot.render.fixed_palette import table_palette
from shangrao_bot.render.labels import DEFAULT_LANG, labels_for

UPLOAD_LIMIT = 10 * 1024 * 1024  # bytes: Discord's attachment limit without server boosts
CAPTION_H = 52
STEP_MS = 900  # how long each step shows in the animation
LAST_MS = 4000  # the end stays up longer
SCALES = (0.5, 0.4, 0.3)  # of the board's width, tried in turn until the animation fits

#: The caption's words: the catalogs' ``pic.replay.*`` texts; every character is in the shipped
#: font subset (a test draws them).
_CAPTION_KEYS = ("pic.replay.caption", "pic.replay.table_view", "pic.replay.seat_view")


def caption_strings() -> list[str]:
    """The caption's fixed words in every language (the font subset must hold them)."""
    return [text for key in _CAPTION_KEYS for text in catalog.BY_KEY[key].values()]


def _caption_lang(lang: str) -> str:
    return lang if lang in catalog.LANGS else DEFAULT_LANG


class AnimationTooLarge(ValueError):
    """Even the smallest animation does not fit the upload limit."""


@dataclass(frozen=True)
class ReplayFrame:
    """One step as drawn: the board, the concealed hands shown face up (seat -> tiles), and
    what the caption names. Plain data: it is pickled to a picture worker."""

    public: PublicView
    shown: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    hand: int = 0  # the ledger hand id
    step: int = 0  # 0-based
    steps: int = 1
    seat: int | None = None  # whose view; None: the table's


def replay_frame(replay: Replay, hand: int, step: int, seat: int | None) -> ReplayFrame:
    """Step ``step`` of ``replay`` (clamped to the hand) as ``seat``'s view shows it (None: the
    table's, every hand face up); ``hand`` is the ledger id the caption names."""
    shown = replay.step(step)
    return ReplayFrame(
        public=shown.public,
        shown=replay.shown_hands(shown.index, TABLE if seat is None else seat),
        hand=hand,
        step=shown.index,
        steps=len(replay),
        seat=seat,
    )


def frame_size(frame: ReplayFrame, *, lang: str = DEFAULT_LANG) -> tuple[int, int]:
    """The size of :func:`render_frame`'s picture of ``frame``, without drawing it (a page
    reserves the picture's room before it arrives)."""
    width, height = layout_board(frame.public, lang=lang, shown=frame.shown).size
    return width, height + CAPTION_H


def view_name(public: PublicView, seat: int | None, lang: str) -> str:
    """The caption's name of a view: a seat by its wind, or the table."""
    if seat is None:
        return catalog.text("pic.replay.table_view", _caption_lang(lang))
    wind = labels_for(lang).winds[public.seats[seat].wind]
    return catalog.text("pic.replay.seat_view", _caption_lang(lang), {"wind": wind})


def caption(frame: ReplayFrame, lang: str) -> str:
    args = {
        "hand": frame.hand,
        "step": frame.step + 1,
        "steps": frame.steps,
        "view": view_name(frame.public, frame.seat, lang),
    }
    return catalog.text("pic.replay.caption", _caption_lang(lang), args)


def paint_frame(frame: ReplayFrame, *, lang: str = DEFAULT_LANG) -> Image.Image:
    """The frame as an RGB image: the caption strip above the board."""
    board = paint_board(
        frame.public, layout_board(frame.public, lang=lang, shown=frame.shown), lang=lang
    )
    img = Image.new("RGB", (board.width, board.height + CAPTION_H), pal.FELT_DARK)
    img.paste(board, (0, CAPTION_H))
    draw = ImageDraw.Draw(img)
    line = shorten(caption(frame, lang), WIDTH - 40, MIN_TEXT)
    text(draw, (20, CAPTION_H / 2), line, MIN_TEXT, pal.TEXT_ON_FELT, anchor="lm")
    return img


def render_frame(frame: ReplayFrame, *, lang: str = DEFAULT_LANG) -> bytes:
    """One step as PNG bytes (pure: the same frame and language give the same bytes)."""
    return encode_png(paint_frame(frame, lang=lang), table_palette())


def _gif(images: Sequence[Image.Image], durations: Sequence[int]) -> bytes:
    buf = BytesIO()
    images[0].save(
        buf,
        "GIF",
        save_all=True,
        append_images=list(images[1:]),
        duration=list(durations),
        loop=0,
        optimize=True,
        disposal=1,
    )
    return buf.getvalue()


def _durations(count: int) -> list[int]:
    return [STEP_MS] * (count - 1) + [LAST_MS]


def _thin(items: Sequence[Image.Image]) -> list[Image.Image]:
    """Every other frame, the first and the last kept."""
    kept = list(items[:-1:2])
    return [*kept, items[-1]] if items[-1] is not kept[-1] else kept


def render_animation(
    frames: Sequence[ReplayFrame], *, lang: str = DEFAULT_LANG, limit: int = UPLOAD_LIMIT
) -> bytes:
    """The frames as one looping GIF of at most ``limit`` bytes (see the module's docstring
    for how it is made to fit); :class:`AnimationTooLarge` when nothing fits."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    palette = table_palette()
    painted = _same_size([paint_frame(f, lang=lang) for f in frames])
    for scale in SCALES:
        size = max(1, round(painted[0].width * scale))

        def small(img: Image.Image, size: int = size) -> Image.Image:
            height = max(1, round(img.height * size / img.width))
            shrunk = img.resize((size, height), Image.Resampling.BOX)
            return shrunk.quantize(palette=palette, dither=Image.Dither.NONE)

        images = [small(img) for img in painted]
        while True:
            data = _gif(images, _durations(len(images)))
            if len(data) <= limit:
                return data
            if len(images) <= 2:
                break
            images = _thin(images)
    raise AnimationTooLarge(f"the animation does not fit {limit} bytes")


def _same_size(images: list[Image.Image]) -> list[Image.Image]:
    """Frames padded to the tallest (a board grows a row of discards during a hand): a GIF's
    frames share one screen, and frames of one size store only what changed."""
    height = max(img.height for img in images)
    out: list[Image.Image] = []
    for img in images:
        if img.height == height:
            out.append(img)
            continue
        padded = Image.new("RGB", (img.width, height), pal.FELT)
        padded.paste(img, (0, 0))
        out.append(padded)
    return out
