"""The 何切 picture (:mod:`shangrao_bot.render.analysis`): real PNGs of several hands in every
language, inside Discord's limits, every label readable at Discord's display size and inside
the picture, every character in the shipped font subset; each row's headline (the looked-ahead
figures: real shanten, chance of a win, points expected; the shape ranking's weight for rows
not looked ahead); and the Hint of a virtual table ranks its discards exactly as the analysis
does."""

from __future__ import annotations

import pickle
from dataclasses import replace
from io import BytesIO

import pytest
from PIL import Image

from shangrao_bot.engine.analysis import DiscardAnalysis, StealInfo
from shangrao_bot.engine.analysis_input import AnalysisInput
from shangrao_bot.engine.ranking import analyze_hand, rank_discards, rank_view
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


HAND = "123m456p78s1199s5m2z"


def headlines(row: DiscardAnalysis, lang: str) -> list[str]:
    """The headline drawn for ``row`` (as the one row of a picture of :data:`HAND`)."""
    tiles = tuple(parse_tiles(HAND))
    with record_text() as drawn:
        paint_analysis(AnalysisPicture(tiles, parse_tile("5m"), rows=(row,)), lang)
    return [d.text for d in drawn if " · " in d.text]


BASE = DiscardAnalysis(
    tile=parse_tile("9s"),
    shanten=1,
    effective=((parse_tile("7s"), 3), (parse_tile("9s"), 4)),
    weight=12,
    shape_shanten=1,
    win_chance=0.15,
    expected=-1.04,
)


def row(**kw: object) -> DiscardAnalysis:
    """:data:`BASE` with some fields changed."""
    return replace(BASE, **kw)


def test_a_looked_ahead_row_shows_its_chance_of_a_win_and_its_points() -> None:
    assert headlines(row(), "en") == ["1-shanten · 7 tiles to draw (2 kinds) · win 15% · -1.0 pts"]
    assert headlines(row(), "zh-CN") == ["1 向听 · 进张 7 张（2 种） · 和牌 15% · -1.0 分"]
    assert headlines(row(), "zh-TW") == ["1 向聽 · 進張 7 張（2 種） · 和牌 15% · -1.0 分"]
    ready = row(shanten=0, shape_shanten=0, effective=(), win_chance=0.438, expected=3.69)
    assert headlines(ready, "en") == ["ready · win 44% · +3.7 pts"]
    assert headlines(ready, "zh-TW") == ["聽牌 · 和牌 44% · +3.7 分"]
    # a chance is never rounded to a certainty, a loss of nothing has no sign of its own
    assert headlines(row(win_chance=0.001, expected=-0.04), "en") == [
        "1-shanten · 7 tiles to draw (2 kinds) · win <1% · +0.0 pts"
    ]
    assert headlines(row(win_chance=0.999), "en")[0].endswith("win >99% · -1.0 pts")


def test_a_hand_that_only_completes_into_youbao_pinghu_says_so() -> None:
    youbao = row(shape_shanten=0)
    assert headlines(youbao, "en") == [
        "1-shanten · 7 tiles to draw (2 kinds) · win 15% · -1.0 pts · 有宝平胡 only"
    ]
    assert headlines(youbao, "zh-CN")[0].endswith(" · 只成有宝平胡")
    assert headlines(youbao, "zh-TW")[0].endswith(" · 只成有寶平胡")
    steal = StealInfo(plain=3, expected_next=3.1, play_on=2.2, gain=-0.8)
    baodiao = row(shanten=0, shape_shanten=0, baodiao=True, steal=steal, win_chance=0.85)
    assert headlines(baodiao, "en") == [
        "ready · win 85% · -1.0 pts · 宝吊头: every draw wins · 偷机 -0.8"
    ]


def test_a_row_not_looked_ahead_keeps_the_shape_rankings_weight() -> None:
    old = row(shape_shanten=None, win_chance=None, expected=None)
    assert headlines(old, "en") == ["1-shanten · 7 tiles to draw (2 kinds)"]
    ready = row(shanten=0, effective=(), shape_shanten=None, win_chance=None, expected=None)
    assert headlines(ready, "en") == ["ready · expected 12"]
    assert headlines(ready, "zh-CN") == ["听牌 · 期望 12"]


def test_the_ranked_rows_show_the_truthful_figures() -> None:
    """The scenes' rows come from the ranking players see: each headline has the chance of a
    win and the points; the turn's best discard leaves a hand that only completes into an
    有宝平胡, and its headline says so."""
    with record_text() as drawn:
        paint_analysis(SCENES["turn"], "en")
    lines = [d.text for d in drawn if d.text.startswith(("1-shanten", "2-shanten", "ready"))]
    assert len(lines) == MAX_ROWS
    assert all(" · win " in s and s.endswith((" pts", " only")) for s in lines), lines
    best = SCENES["turn"].rows[0]
    assert best.shape_shanten == 0 < best.shanten
    assert lines[0].endswith(" · 有宝平胡 only")


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
