"""A review picture (:class:`~shangrao_bot.render.analysis.AnalysisPicture` with ``chosen``,
``preferred`` and ``caption``): a decision's hand with the ranking's best row and the row of the
tile played. It renders in every language inside Discord's limits with its labels readable, in
the font and off each other; the caption replaces the title; one copy of the tile played wears a
red frame and a "yours" pill, one copy of the preferred tile a gold frame and a "better" pill,
and the row played a "yours" pill in place of its rank; when the tile played is the preferred
one the hand has one mark only."""

from __future__ import annotations

import pickle
from io import BytesIO

import pytest
from PIL import Image

from shangrao_bot.engine.analysis_input import AnalysisInput
from shangrao_bot.engine.ranking import rank_discards
from shangrao_bot.render.analysis import (
    CHOSEN_MARK,
    HAND_TOP,
    MARGIN,
    MARK_LINE,
    MIN_TEXT,
    PREFERRED_MARK,
    WIDTH,
    AnalysisPicture,
    HandSlot,
    hand_slots,
    label,
    mark_frame,
    paint_analysis,
    picture_size,
    render_analysis,
)
from shangrao_bot.render.canvas import Box, Drawn, record_text
from shangrao_bot.render.charset import ui_charset
from shangrao_bot.render.tiles import geometry
from shangrao_bot.rules.tiles import parse_tile, parse_tiles
from tests.render.pixels import decode

DISCORD_FILE_LIMIT = 10 * 1024 * 1024
LANGS = ("en", "zh-CN", "zh-TW")
#: Captions a review might draw (every character in the font subset).
CAPTIONS = {
    "en": "Review · hand #3 · decision 7 of 12",
    "zh-CN": "何切 · 第 3 局 · 第 7 手",
    "zh-TW": "何切 · 第 3 局 · 第 7 手",
}
RGB = tuple[int, int, int]


def review(lang: str, played: int = 3, hand: str = "123m456p78s1199s5m2z") -> AnalysisPicture:
    """The position of a 14-tile hand ranked by :func:`rank_discards`, the ``played``-th
    discard (from 0) chosen: rows are the best and the row played."""
    inp = AnalysisInput(tuple(parse_tiles(hand)), parse_tile("5m"), seen=tuple(parse_tiles("9s6s")))
    ranked = rank_discards(inp)
    best, chosen = ranked[0], ranked[played]
    rows = (best,) if played == 0 else (best, chosen)
    return AnalysisPicture(
        inp.tiles,
        inp.bao,
        inp.melds,
        inp.seen,
        rows,
        chosen=chosen.tile,
        preferred=best.tile,
        caption=CAPTIONS[lang],
    )


def _overlap(a: Box, b: Box, slack: float = 1.0) -> bool:
    return (
        a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack
    )


def _inside(inner: Box, outer: Box, slack: float = 1.0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _faces(slots: list[HandSlot]) -> list[Box]:
    out = []
    for s in slots:
        g = geometry(s.look.width)
        out.append((s.x, HAND_TOP + g.top, s.x + g.face_w, HAND_TOP + g.top + g.face_h))
    return out


def _share(img: Image.Image, box: Box, colour: RGB, tolerance: int = 0) -> float:
    """Share of the pixels in ``box`` within ``tolerance`` (per channel) of ``colour``."""
    region = img.crop(tuple(round(v) for v in box)).convert("RGB")
    raw = region.tobytes()
    hits = sum(
        1
        for i in range(0, len(raw), 3)
        if all(abs(raw[i + c] - colour[c]) <= tolerance for c in range(3))
    )
    return hits / max(1, region.width * region.height)


def _left_bar(frame: Box) -> Box:
    """The middle of a frame's left side (clear of its rounded corners)."""
    x0, y0, _, y1 = frame
    return x0, y0 + 20, x0 + MARK_LINE, y1 - 20


def _pills(drawn: list[Drawn], s: str) -> list[Drawn]:
    return [d for d in drawn if d.kind == "pill" and d.text == s]


@pytest.mark.parametrize("lang", LANGS)
def test_a_review_picture_renders_inside_discords_limits(lang: str) -> None:
    pic = review(lang)
    png = render_analysis(pic, lang=lang)
    assert len(png) < DISCORD_FILE_LIMIT
    img = Image.open(BytesIO(png))
    assert img.format == "PNG" and img.size == picture_size(pic)
    assert img.width == WIDTH and img.height < 2.5 * WIDTH
    slots = hand_slots(pic, lang)
    last = slots[-1]
    assert last.x + geometry(last.look.width).size[0] <= WIDTH - MARGIN


@pytest.mark.parametrize("lang", LANGS)
def test_its_labels_are_readable_in_the_font_and_off_each_other_and_the_tiles(lang: str) -> None:
    pic = review(lang)
    chars = set(ui_charset())
    with record_text() as drawn:
        img = paint_analysis(pic, lang)
    texts = [d for d in drawn if d.kind == "text" and d.text.strip()]
    assert CAPTIONS[lang] in [d.text for d in texts]
    assert label("title", lang) not in [d.text for d in texts]
    for d in drawn:
        assert d.size >= MIN_TEXT, d
        assert _inside(d.box, (0, 0, img.width, img.height)), d
        assert _inside(d.box, d.within), d
        assert not set(d.text) - chars, d.text
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            assert not _overlap(a.box, b.box), (a.text, b.text)
    pills = [d for d in drawn if d.kind == "pill"]
    for p in pills:
        for t in texts:
            if t.within != p.box:  # not the pill's own text
                assert not _overlap(p.box, t.box), (p.text, t.text)
        for q in pills:
            assert q is p or not _overlap(p.box, q.box), (p.text, q.text)
    faces = _faces(hand_slots(pic, lang))
    for d in [*texts, *pills]:
        for f in faces:
            assert not _overlap(d.box, f, 2.0), (d.text, d.box, f)


@pytest.mark.parametrize("lang", LANGS)
def test_the_tile_played_and_the_preferred_one_are_marked_once_each(lang: str) -> None:
    pic = review(lang)
    assert pic.chosen != pic.preferred
    with record_text() as drawn:
        img = paint_analysis(pic, lang)
    slots = hand_slots(pic, lang)
    marked = [s for s in slots if s.mark is not None]
    assert sorted((s.mark, s.look.kind) for s in marked) == sorted(
        [("chosen", pic.chosen), ("preferred", pic.preferred)]
    )
    for slot, colour in (
        (s, CHOSEN_MARK if s.mark == "chosen" else PREFERRED_MARK) for s in marked
    ):
        frame = mark_frame(slot)
        assert _share(img, _left_bar(frame), colour) > 0.9, slot
        _, y0, x1, y1 = frame  # the frame's right side too (Pillow's right edge is inclusive)
        assert _share(img, (x1 + 1 - MARK_LINE, y0 + 20, x1 + 1, y1 - 20), colour) > 0.9, slot
    # no other tile of the hand is framed: the felt just left of each is plain
    for slot in slots:
        if slot.mark is None:
            g = geometry(slot.look.width)
            strip = (slot.x - 2, HAND_TOP + g.top + 20, slot.x, HAND_TOP + g.top + g.face_h - 20)
            assert _share(img, strip, CHOSEN_MARK) == 0 and _share(img, strip, PREFERRED_MARK) == 0
    # the labels: under their tiles; the row played says "yours" in place of its rank
    yours, better = label("yours", lang), label("better", lang)
    hand_bottom = HAND_TOP + geometry(slots[0].look.width).size[1]
    for slot in marked:
        s = yours if slot.mark == "chosen" else better
        hand_pill = [p for p in _pills(drawn, s) if p.box[1] < hand_bottom + 20]
        assert len(hand_pill) == 1, s
        px0, py0, px1, _ = hand_pill[0].box
        centre = slot.x + slot.look.width / 2
        assert py0 >= hand_bottom and px0 - 20 <= centre <= px1 + 20, (s, hand_pill[0].box)
    assert len(_pills(drawn, yours)) == 2 and len(_pills(drawn, better)) == 1
    assert len(_pills(drawn, label("best", lang))) == 1
    ranks = [d.text for d in drawn if d.kind == "text" and d.text.isdigit() and len(d.text) == 1]
    assert ranks == ["1"]  # the row played has no rank: its place here is not its rank


def test_the_marks_survive_the_png_palette() -> None:
    pic = review("en")
    img = decode(render_analysis(pic, lang="en"))
    for slot in hand_slots(pic, "en"):
        if slot.mark is not None:
            colour = CHOSEN_MARK if slot.mark == "chosen" else PREFERRED_MARK
            assert _share(img, _left_bar(mark_frame(slot)), colour, tolerance=12) > 0.9


@pytest.mark.parametrize("lang", LANGS)
def test_a_tile_played_that_is_the_preferred_one_is_marked_once(lang: str) -> None:
    pic = review(lang, played=0)
    assert pic.chosen == pic.preferred and len(pic.rows) == 1
    with record_text() as drawn:
        img = paint_analysis(pic, lang)
    slots = hand_slots(pic, lang)
    marked = [s for s in slots if s.mark is not None]
    assert [(s.mark, s.look.kind) for s in marked] == [("preferred", pic.preferred)]
    assert _share(img, _left_bar(mark_frame(marked[0])), PREFERRED_MARK) > 0.9
    g = geometry(slots[0].look.width)
    band = (0, HAND_TOP, WIDTH, HAND_TOP + g.size[1] + 8)
    assert _share(img, band, CHOSEN_MARK) == 0  # no red frame anywhere on the hand's line
    better, yours = label("better", lang), label("yours", lang)
    assert len(_pills(drawn, better)) == 1
    # the one row is the best and the one played: it keeps "best" and says "yours" too
    assert len(_pills(drawn, label("best", lang))) == 1 and len(_pills(drawn, yours)) == 1
    assert img.size == picture_size(pic)


def test_adjacent_marks_keep_their_labels_apart() -> None:
    """The tile played right beside the preferred one (8s and 9s): both pills drawn, apart."""
    inp = AnalysisInput(tuple(parse_tiles("123m456p78s1199s5m2z")), parse_tile("5m"))
    ranked = rank_discards(inp)
    best = ranked[0]
    assert best.tile == parse_tile("9s")
    played = next(r for r in ranked if r.tile == parse_tile("8s"))
    pic = AnalysisPicture(
        inp.tiles, inp.bao, rows=(best, played), chosen=played.tile, preferred=best.tile
    )
    slots = [s for s in hand_slots(pic, "zh-CN") if s.mark is not None]
    assert len(slots) == 2
    with record_text() as drawn:
        paint_analysis(pic, "zh-CN")
    line_bottom = HAND_TOP + geometry(slots[0].look.width).size[1] + 60
    hand_pills = _pills(drawn, label("better", "zh-CN"))
    hand_pills += [p for p in _pills(drawn, label("yours", "zh-CN")) if p.box[3] < line_bottom]
    assert len(hand_pills) == 2 and not _overlap(hand_pills[0].box, hand_pills[1].box)


def test_a_picture_without_marks_has_no_marks_nor_their_line() -> None:
    pic = review("en")
    plain = AnalysisPicture(pic.tiles, pic.bao, pic.melds, pic.seen, pic.rows)
    assert all(s.mark is None for s in hand_slots(plain, "en"))
    assert picture_size(plain)[1] < picture_size(pic)[1]  # the marks' labels take a line
    assert pickle.loads(pickle.dumps(pic)) == pic
    assert _share(paint_analysis(plain, "en"), (0, 0, WIDTH, HAND_TOP + 140), CHOSEN_MARK) == 0
