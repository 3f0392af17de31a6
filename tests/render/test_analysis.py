"""The 何切 picture (:mod:`shangrao_bot.render.analysis`): real PNGs of several hands in every
language, inside Discord's limits, every label readable at Discord's display size and inside
the picture, every character in the shipped font subset; and the Hint of a virtual table
ranks its discards exactly as the analysis does."""

from __future__ import annotations

import pickle
from io import BytesIO

import pytest
from PIL import Image

from shangrao_bot.engine.analysis import analyze_hand, rank_discards, rank_view
from shangrao_bot.engine.analysis_input import AnalysisInput
from shangrao_bot.engine.views import view_for
from shangrao_bot.render.analysis import (
    MAX_ROWS,
    MIN_TEXT,
    WIDTH,
    AnalysisPicture,
    paint_analysis,
    picture_size,
    render_analysis,
)
from shangrao_bot.render.canvas import record_text
from shangrao_bot.render.charset import ui_charset
from shangrao_bot.rules.tile_names import tile_label
from shangrao_bot.rules.tiles import parse_hand_and_melds, parse_tile, parse_tiles
from shangrao_bot.ui.table_text import hint_text
from tests.engine.builders import make_state

DISCORD_FILE_LIMIT = 10 * 1024 * 1024
LANGS = ("en", "zh-CN", "zh-TW")


def picture(hand: str, bao: str, seen: str = "", puzzle: int | None = None) -> AnalysisPicture:
    tiles, melds = parse_hand_and_melds(hand)
    inp = AnalysisInput(tuple(tiles), parse_tile(bao), tuple(melds), tuple(parse_tiles(seen)))
    rows = (analyze_hand(inp),) if inp.size == 13 else rank_discards(inp)
    return AnalysisPicture(inp.tiles, inp.bao, inp.melds, inp.seen, rows, puzzle)


SCENES = {
    "turn": picture("123m456p78s1199s5m2z", "5m", "9s6s"),
    "melds": picture("123m456p1199s5m (1111z) [777z]", "5m"),
    "ready": picture("123m456p789s1199s", "5m"),
    "far": picture("1m4m7m2p5p8p3s6s9s1z2z3z4z", "5m"),
    "baodiao": picture("123m456p789s111z5m", "5m"),
    "scattered": picture("1m4m7m2p5p8p3s6s9s1z2z3z4z5z", "6z", "1m2m3m4m5m6m7m8m9m" * 3),
    "puzzle": picture("123m456p78s1199s5m2z", "5m", "1z2z3z4z5z6z7z9m9p" * 3, puzzle=12),
}


@pytest.mark.parametrize("scene", sorted(SCENES))
@pytest.mark.parametrize("lang", LANGS)
def test_pictures_are_real_pngs_inside_discords_limits(scene: str, lang: str) -> None:
    pic = SCENES[scene]
    png = render_analysis(pic, lang=lang)
    assert len(png) < DISCORD_FILE_LIMIT
    img = Image.open(BytesIO(png))
    assert img.format == "PNG" and img.size == picture_size(pic)
    assert img.width == WIDTH and img.height < 2.5 * WIDTH


@pytest.mark.parametrize("scene", sorted(SCENES))
@pytest.mark.parametrize("lang", LANGS)
def test_labels_are_readable_inside_the_picture_and_in_the_font(scene: str, lang: str) -> None:
    chars = set(ui_charset())
    with record_text() as drawn:
        img = paint_analysis(SCENES[scene], lang)
    assert drawn
    for d in drawn:
        assert d.size >= MIN_TEXT, d
        x0, y0, x1, y1 = d.box
        assert x0 >= 0 and x1 <= img.width and y0 >= 0 and y1 <= img.height, d
        missing = set(d.text) - chars
        assert not missing, (d.text, missing)


def test_rows_are_the_ranking_best_first_and_capped() -> None:
    pic = SCENES["turn"]
    assert len(pic.rows) == 12 > MAX_ROWS
    with record_text() as drawn:
        paint_analysis(pic, "en")
    texts = [d.text for d in drawn]
    assert [s for s in texts if s.isdigit() and len(s) == 1][:MAX_ROWS] == [
        str(i) for i in range(1, MAX_ROWS + 1)
    ]
    assert "4 more discards in the text" in texts and "best" in texts
    state = picture("123m456p789s1199s", "5m")
    with record_text() as drawn:
        paint_analysis(state, "zh-CN")
    assert "现在的手牌" in [d.text for d in drawn]


def test_a_picture_travels_to_a_worker_process() -> None:
    pic = SCENES["baodiao"]
    assert pickle.loads(pickle.dumps(pic)) == pic


def test_the_tables_hint_ranks_the_discards_as_the_analysis_does() -> None:
    """The Hint button's text lists the discards in the analysis' order (it reads the same
    ranking): checked on hands of one, two and three shanten."""
    for hand in ("129m147p258s1357z9s", "123m456p78s1199s5m2z", "1239m45p789s11234z"):
        state = make_state({0: hand})
        view = view_for(state, 0)
        ranked = [d.tile for d in rank_view(view)]
        text = hint_text(view, "en")
        shown = [line.split(" → ")[0] for line in text.splitlines()[1:]]
        names = [tile_label(t, "en") for t in ranked if t is not None]
        assert shown and shown == names[: len(shown)], (shown, names)
