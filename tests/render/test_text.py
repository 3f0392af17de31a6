"""Every label readable at the size Discord shows it, inside its box, in the table's language.

Each image kind is rendered over many scenes in all three languages while
:func:`~shangrao_bot.render.canvas.record_text` records every text drawn with its font size, its
box on the canvas and the box it belongs in. Discord shows a message attachment (the board, the
private hand) about 550 px wide and an embed's image (the result card, the leaderboard, the
running totals) about 400 px wide, so a text drawn ``size`` px high on a canvas ``width`` px
wide is ``size × display / width`` px on screen: it must be at least 11. Then no text leaves
its box or the image, no two texts overlap, no text lies on a tile, and each image speaks one
language: zh-CN simplified Chinese, zh-TW traditional, English with only the Chinese terms
English-speaking players of this game use.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from shangrao_bot.catalog.fields import TO_TRADITIONAL
from shangrao_bot.engine.hand_records import SEATS, Outcome
from shangrao_bot.engine.state import HandState
from shangrao_bot.engine.views import PlayerView, public_view, view_for
from shangrao_bot.render import (
    Wait,
    render_board,
    render_hand,
    render_leaderboard,
    render_panel,
    render_result,
    render_running_totals,
    render_score,
    waits_for,
)
from shangrao_bot.render.board import layout_board
from shangrao_bot.render.canvas import Box, Drawn, record_text
from shangrao_bot.render.hand import layout_hand
from shangrao_bot.render.labels import scorer_names
from shangrao_bot.render.panel import layout_panel
from shangrao_bot.render.result import result_card, score_card
from shangrao_bot.render.samples import SampleRow
from shangrao_bot.render.tiles import Look, geometry
from shangrao_bot.rules.ruleset import Preset, RuleSet
from shangrao_bot.rules.score_model import WinHow, WinInput
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.tiles import parse_melds, parse_tile, parse_tiles
from tests.render.played import played
from tests.render.scenes import (
    LANGS,
    ROWS,
    ROWS_NO_WIN,
    SOUTH_WAITS,
    TOTALS,
    baodiao_score,
    claim_board,
    doubling_score,
    exhausted_state,
    largest_score,
    north_turn_view,
    rob_state,
    seven_pairs_state,
    south_view,
    thirteen_lan_state,
    turn_view,
)
from tests.render.test_board import crowded_views

ATTACHMENT, EMBED = 550, 400
MIN_SCREEN = 11


@dataclass
class Scene:
    kind: str  # board, hand, result, leaderboard, totals
    name: str
    draw: Callable[[str], bytes]
    #: the faces of the tiles on the image, for the no-text-on-a-tile check
    tiles: Callable[[str], list[Box]] | None = None


DISPLAY = {"board": ATTACHMENT, "hand": ATTACHMENT, "panel": ATTACHMENT, "result": EMBED}
DISPLAY |= {"leaderboard": EMBED, "totals": EMBED}


def _face(look: Look, x: int, y: int) -> Box:
    g = geometry(look.width, look.sideways)
    return x, y + g.top, x + g.face_w, y + g.top + g.face_h


def _board_scene(name: str, view: object) -> Scene:
    def draw(lang: str) -> bytes:
        return render_board(view, lang=lang)  # type: ignore[arg-type]

    def tiles(lang: str) -> list[Box]:
        return [_face(p.look, p.x, p.y) for p in layout_board(view, lang=lang).tiles]  # type: ignore[arg-type]

    return Scene("board", name, draw, tiles)


def _hand_scene(name: str, view: object, waits: object = None) -> Scene:
    def draw(lang: str) -> bytes:
        return render_hand(view, waits, lang=lang)  # type: ignore[arg-type]

    def tiles(lang: str) -> list[Box]:
        layout = layout_hand(view, waits, lang=lang)  # type: ignore[arg-type]
        return [_face(p.look, p.x, p.y) for p in layout.pieces]

    return Scene("hand", name, draw, tiles)


def _panel_scene(name: str, view: PlayerView, waits: list[Wait] | None = None) -> Scene:
    def draw(lang: str) -> bytes:
        return render_panel(view, waits, lang=lang)

    def tiles(lang: str) -> list[Box]:
        return [_face(t.look, t.x, t.y) for t in layout_panel(view, waits, lang=lang).tiles()]

    return Scene("panel", name, draw, tiles)


def _result_scene(name: str, state: HandState) -> Scene:
    result = state.result
    assert result is not None

    def draw(lang: str) -> bytes:
        return render_result(
            result, dealer=state.dealer, bao=state.bao, indicator=state.indicator, lang=lang
        )

    def tiles(lang: str) -> list[Box]:
        card = result_card(result, state.dealer, state.bao, state.indicator, lang=lang)
        return [_face(p.look, p.x, p.y) for p in card.pieces]

    return Scene("result", name, draw, tiles)


def _score_scene(name: str, made: tuple[object, WinInput], dealer: int | None = None) -> Scene:
    score, inp = made

    def draw(lang: str) -> bytes:
        return render_score(
            score,  # type: ignore[arg-type]
            bao=inp.bao,
            winning_tile=inp.winning_tile,
            how=inp.how,
            winner=inp.winner,
            dealer=dealer,
            lang=lang,
        )

    def tiles(lang: str) -> list[Box]:
        card = score_card(score, inp.bao, inp.winning_tile, inp.how, inp.winner, dealer, lang=lang)  # type: ignore[arg-type]
        return [_face(p.look, p.x, p.y) for p in card.pieces]

    return Scene("result", name, draw, tiles)


def _extra_scores() -> list[tuple[str, tuple[object, WinInput]]]:
    """Wins that stretch the card: a robbed kong with doubling, baike, 天胡, melds of every kind."""
    rob = WinInput(
        concealed=tuple(parse_tiles("123m456p789s11z4s5s6s")),
        bao=parse_tile("5m"),
        winning_tile=parse_tile("6s"),
        how=WinHow.ROB,
        robbed_seat=2,
        winner=1,
        flown=(1, 0, 2, 0),
    )
    baike = WinInput(
        concealed=tuple(parse_tiles("11m22p33s44z55z66z7z7z")),
        bao=parse_tile("9s"),
        winning_tile=parse_tile("7z"),
        flown=(2, 0, 0, 1),
    )
    melds = WinInput(
        concealed=tuple(parse_tiles("9p9p")),
        bao=parse_tile("2s"),
        winning_tile=parse_tile("9p"),
        melds=tuple(parse_melds("[123m] [777s] [4444p] (111s)")),
        flown=(0, 1, 1, 1),
    )
    tianhu = WinInput(
        concealed=tuple(parse_tiles("123m456p789s111z22z")), bao=parse_tile("5p"), how=WinHow.TIANHU
    )
    out: list[tuple[str, tuple[object, WinInput]]] = []
    for name, inp, rules in (
        ("rob", rob, RuleSet()),
        ("baike", baike, RuleSet(preset=Preset.BAIKE)),
        ("melds", melds, RuleSet()),
        ("tianhu", tianhu, RuleSet()),
    ):
        score = score_win(inp, rules)
        if score.winning:
            out.append((name, (score, inp)))
    return out


def _rows(seed: int) -> list[SampleRow]:
    rng = random.Random(seed)
    rows = []
    for _ in range(15):
        hands = rng.randint(1, 400)
        wins = rng.randint(0, hands // 3)
        rows.append(
            SampleRow(
                rng.randint(-9999, 9999),
                hands,
                wins,
                wins,
                rng.randint(-40, 2560),
                rng.randint(0, 30),
            )
        )
    return sorted(rows, key=lambda r: -r.total)


def scenes() -> list[Scene]:
    out = [
        _board_scene("claim", claim_board()),
        _board_scene("exhausted", public_view(exhausted_state())),
        _board_scene("thirteen", public_view(thirteen_lan_state())),
        _board_scene("seven_pairs", public_view(seven_pairs_state())),
        _board_scene("rob", public_view(rob_state())),
        *(_board_scene(f"crowded{i}", v) for i, v in enumerate(crowded_views())),
        _hand_scene("south", south_view()),
        _hand_scene("south_waits", south_view(), SOUTH_WAITS),
        _hand_scene("south_no_waits", south_view(), []),
        _hand_scene("turn", turn_view()),
        _hand_scene("rob", view_for(rob_state(), 3)),
        _panel_scene("south_waits", south_view(), SOUTH_WAITS),
        _panel_scene("south_no_waits", south_view(), []),
        _panel_scene("north_turn", north_turn_view()),
        _panel_scene("turn", turn_view()),
        _panel_scene("rob", view_for(rob_state(), 3)),
        _score_scene("baodiao", baodiao_score()),
        _score_scene("kongs", largest_score()),
        _score_scene("doubling", doubling_score()),
        _score_scene("doubling_dealer", doubling_score(), dealer=2),
        *(_score_scene(name, made) for name, made in _extra_scores()),
        _result_scene("exhausted", exhausted_state()),
        _result_scene("thirteen", thirteen_lan_state()),
        _result_scene("seven_pairs", seven_pairs_state()),
    ]
    for seed in (5, 6, 7, 8):
        for i, state in enumerate(played(seed, every=23)):
            out.append(_board_scene(f"played{seed}.{i}", public_view(state)))
            for seat in range(SEATS):
                view = view_for(state, seat)
                if seat in state.to_act() or (seat + i) % 3 == 0:
                    out.append(_hand_scene(f"played{seed}.{i}.{seat}", view, waits_for(view)))
                if (seat + i + seed) % 4 == 0:
                    out.append(_panel_scene(f"played{seed}.{i}.{seat}", view, waits_for(view)))
            if state.over:
                out.append(_result_scene(f"played{seed}", state))
    deltas = [s.result.deltas for s in played(9, every=1000) if s.result is not None] * 3
    for name, rows in (("rows", ROWS), ("no_win", ROWS_NO_WIN), ("big", _rows(1)), ("none", [])):
        for metric in ("total", "average", "win_rate", "biggest"):
            out.append(
                Scene(
                    "leaderboard",
                    f"{name}.{metric}",
                    lambda lang, r=rows, m=metric: render_leaderboard(r, m, lang=lang),
                )
            )
    out += [
        Scene("totals", "golden", lambda lang: render_running_totals(TOTALS, lang=lang)),
        Scene("totals", "empty", lambda lang: render_running_totals([], lang=lang)),
        Scene("totals", "played", lambda lang: render_running_totals(deltas * 20, lang=lang)),
        Scene(
            "totals",
            "labels",
            lambda lang: render_running_totals(TOTALS, 4, ["座1", "座2", "座3", "座4"], lang=lang),
        ),
        Scene(
            "totals",
            "trend",
            lambda lang: render_running_totals([[3], [-250], [12]], 1, [""], lang=lang),
        ),
        Scene(
            "totals",
            "big",
            lambda lang: render_running_totals([(9999, -3333, -3333, -3333)] * 9, lang=lang),
        ),
    ]
    return out


SCENES = scenes()
assert {s.kind for s in SCENES} == set(DISPLAY)


_RECORDED: dict[tuple[str, str, str], list[Drawn]] = {}


def _recorded(scene: Scene, lang: str) -> list[Drawn]:
    """What drawing ``scene`` in ``lang`` drew (once per test session: the tests share it)."""
    key = (scene.kind, scene.name, lang)
    if key not in _RECORDED:
        with record_text() as log:
            scene.draw(lang)
        assert log, scene.name
        _RECORDED[key] = log
    return _RECORDED[key]


def _inside(inner: Box, outer: Box, slack: float = 1.0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _overlap(a: Box, b: Box, slack: float = 1.0) -> bool:
    return (
        a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack
    )


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_label_is_at_least_11_px_on_screen(lang: str) -> None:
    for scene in SCENES:
        display = DISPLAY[scene.kind]
        for d in _recorded(scene, lang):
            if d.kind != "text":
                continue
            on_screen = d.size * display / d.canvas[0]
            assert on_screen >= MIN_SCREEN, (scene.kind, scene.name, d.text, d.size, on_screen)


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_stays_in_its_box_and_off_the_others(lang: str) -> None:
    for scene in SCENES:
        drawn = _recorded(scene, lang)
        where = (scene.kind, scene.name)
        for d in drawn:
            w, h = d.canvas
            assert _inside(d.box, (0, 0, w, h)), (*where, d.text, d.box)
            assert _inside(d.box, d.within), (*where, d.text, d.box, d.within)
        texts = [d for d in drawn if d.kind == "text" and d.text.strip()]
        for a, b in itertools.combinations(texts, 2):
            assert not _overlap(a.box, b.box), (*where, a.text, b.text)
        pills = [d for d in drawn if d.kind == "pill"]
        for p in pills:
            for t in texts:
                if t.within != p.box:  # not the pill's own text
                    assert not _overlap(p.box, t.box), (*where, p.text, t.text)
        if scene.tiles is not None:
            faces = scene.tiles(lang)
            for t in texts:
                for f in faces:
                    assert not _overlap(t.box, f, 2.0), (*where, t.text, t.box, f)


# --- one language per image --------------------------------------------------------------------

_CJK = re.compile(r"[\u3400-\u9fff]+")
_HEX = re.compile(r"\b[0-9a-f]{16,}\b")
_SIMPLIFIED = set(
    "宝对烂头无调杠开万条发东单飞个华双连抢补饼庄余轮计总暂数据听标准饶张种录结奖胜须从"
)
_TRADITIONAL = {chr(TO_TRADITIONAL[ord(c)]) for c in _SIMPLIFIED}  # type: ignore[arg-type]
#: Chinese words an English image may keep: the game's own terms, as its English players say them
_EN_TERMS = {"宝", "飞宝", "流局", "无宝", "有宝", "杠开", "抢杠", "天胡", "地胡", "跌宝"}
_EN_TERMS |= {"碰杠", "自摸杠", "接宝", "四个宝", "十三浪", "九幺"}
_EN_TERMS |= {part for name in scorer_names() for part in name.split()}


def _texts(lang: str) -> Iterator[tuple[Scene, str]]:
    for scene in SCENES:
        if scene.name == "labels":  # the caller's own legend
            continue
        for d in _recorded(scene, lang):
            if d.kind == "text":
                yield scene, _HEX.sub("", d.text)


def test_simplified_chinese_images_carry_simplified_chinese_only() -> None:
    for scene, s in _texts("zh-CN"):
        assert not re.search(r"[A-Za-z]", s), (scene.name, s)
        assert not set(s) & _TRADITIONAL, (scene.name, s)


def test_traditional_chinese_images_carry_traditional_chinese_only() -> None:
    assert _SIMPLIFIED.isdisjoint(_TRADITIONAL)
    for scene, s in _texts("zh-TW"):
        assert not re.search(r"[A-Za-z]", s), (scene.name, s)
        assert not set(s) & _SIMPLIFIED, (scene.name, s)


def test_english_images_carry_english_and_the_games_own_terms() -> None:
    words = 0
    for scene, s in _texts("en"):
        for term in _CJK.findall(s):
            assert term in _EN_TERMS, (scene.name, s, term)
        words += bool(re.search(r"[A-Za-z]{3}", s))
    assert words > 100


@pytest.mark.slow
def test_seats_are_never_numbered_from_zero() -> None:
    for lang in LANGS:
        for scene, s in _texts(lang):
            assert not re.search(r"(座|Seat )0", s), (scene.name, s)


def test_the_scenes_cover_every_outcome() -> None:
    names = {s.name for s in SCENES}
    assert {"thirteen", "seven_pairs", "doubling", "rob", "exhausted"} <= names
    results = [s for s in SCENES if s.kind == "result"]
    assert len(results) >= 10
    assert any(
        st.result is not None and st.result.outcome is Outcome.EXHAUSTED
        for st in (exhausted_state(),)
    )
