"""The other images: private hand, result cards, charts; golden images (issue 5)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from shangrao_bot.engine.views import view_for
from shangrao_bot.render import (
    render_hand,
    render_leaderboard,
    render_result,
    render_running_totals,
    render_score,
    waits_for,
)
from shangrao_bot.render.charts import nice_ticks, running_totals
from shangrao_bot.render.hand import layout_hand, paint_hand
from shangrao_bot.render.result import score_card
from shangrao_bot.render.tiles import sprite
from shangrao_bot.rules.tiles import parse_tile, parse_tiles
from tests.engine.builders import make_state
from tests.render.pixels import decode, gold_share, identify
from tests.render.regenerate import GOLDEN_DIR
from tests.render.scenes import (
    GOLDEN,
    ROWS,
    SOUTH_WAITS,
    TOTALS,
    baodiao_score,
    exhausted_state,
    largest_score,
    south_view,
)


def _mode(png: bytes) -> tuple[str, tuple[int, int]]:
    from io import BytesIO

    img = Image.open(BytesIO(png))
    assert img.format == "PNG"
    return img.mode, img.size


# --- the private hand ----------------------------------------------------------------------


def test_hand_layout_sorted_bao_first_drawn_apart() -> None:
    state = make_state({0: "5m1m9p2s3s4s6z6z7z5m1z2z3z8s"}, 0, indicator="4m")  # 宝 = 5m
    view = view_for(state, 0)
    assert view.drawn == parse_tile("8s")
    _, pieces = layout_hand(view)
    concealed = [p for p in pieces if p.zone == "concealed"]
    assert [p.look.kind for p in concealed[:2]] == [parse_tile("5m")] * 2
    rest = [p.look.kind for p in concealed[2:]]
    assert rest == sorted(rest)
    drawn = [p for p in pieces if p.zone == "drawn"]
    assert len(drawn) == 1 and drawn[0].look.kind == parse_tile("8s")
    gap = drawn[0].x - (concealed[-1].x + sprite(concealed[-1].look).width)
    assert gap >= 20  # set apart
    img = paint_hand(view)
    for p in pieces:
        assert identify(img, p.look, (p.x, p.y), parse_tile("5m"))[0][1] == p.look.kind
        share = gold_share(img, p.look, (p.x, p.y))
        assert (share > 0.25) == (p.look.kind == parse_tile("5m")), p


def test_hand_size_mode_and_waits() -> None:
    plain = render_hand(south_view())
    with_waits = render_hand(south_view(), SOUTH_WAITS)
    mode, (w, h) = _mode(plain)
    assert mode == "P" and w >= 940 and h < 260
    _, (w2, h2) = _mode(with_waits)
    assert w2 == w and h2 > h + 60
    _, pieces = layout_hand(south_view(), SOUTH_WAITS)
    assert [p.look.kind for p in pieces if p.zone == "wait"] == [x.tile for x in SOUTH_WAITS]


def test_waits_for_values_the_worked_examples() -> None:
    """RULES.md §10 ex. 6/7: 宝 = 5m, 123m 4p5m6p 777s 111z 5m waits on everything; 9s is a
    宝吊头 (×3), 5p a 宝吊无宝 (×6)."""
    state = make_state({1: "123m4p5m6p777s111z5m"}, 0, indicator="4m")
    waits = {w.tile: w for w in waits_for(view_for(state, 1)) or []}
    assert waits[parse_tile("9s")].value == 3
    assert waits[parse_tile("5p")].value == 6
    assert waits[parse_tile("5p")].pattern == "宝吊无宝"
    on_turn = view_for(state, 0)
    assert waits_for(on_turn) is None  # 14 tiles: discard first


# --- result cards --------------------------------------------------------------------------


def test_result_card_shows_the_interpretation() -> None:
    score, inp = baodiao_score()
    interp = score.interpretation
    assert interp is not None
    card = score_card(score, inp.bao, inp.winning_tile)
    img = card.paint()
    hand = [p for p in card.pieces if p.zone == "hand"]
    assert len(hand) == 14
    acting = [p for p in hand if p.look.acting]
    assert sorted(p.look.kind for p in acting) == sorted(interp.acting)
    ringed = [p for p in hand if p.look.last]
    assert len(ringed) == 1 and ringed[0].look.kind == parse_tile("9s")
    for p in card.pieces:
        marked = p.look.bao or p.look.acting
        assert (gold_share(img, p.look, (p.x, p.y)) > 0.25) == marked, p


def test_result_cards_sizes() -> None:
    for score, inp in (baodiao_score(), largest_score()):
        png = render_score(score, bao=inp.bao, winning_tile=inp.winning_tile, how=inp.how)
        mode, (w, h) = _mode(png)
        assert mode == "P" and w == 1000 and 300 < h < 700
    state = exhausted_state()
    assert state.result is not None
    png = render_result(state.result, dealer=state.dealer, bao=state.bao)
    assert _mode(png)[1][0] == 1000


def test_not_a_win_has_no_card() -> None:
    from shangrao_bot.rules.ruleset import RuleSet
    from shangrao_bot.rules.scoring import WinInput, score_win

    inp = WinInput(tuple(parse_tiles("123m4p5m6p777s111z9s9s")), parse_tile("5m"), parse_tile("9s"))
    score = score_win(inp, RuleSet())
    assert not score.winning
    with pytest.raises(ValueError, match="not a win"):
        render_score(score, bao=inp.bao, winning_tile=inp.winning_tile)


# --- charts --------------------------------------------------------------------------------


def test_running_totals_and_ticks() -> None:
    assert running_totals([(6, -2, -2, -2), (-3, 9, -3, -3)]) == [
        [0, 6, 3],
        [0, -2, 7],
        [0, -2, -5],
        [0, -2, -5],
    ]
    ticks = nice_ticks(-17, 43)
    assert ticks[0] <= -17 and ticks[-1] >= 43 and 0 in ticks


def test_chart_sizes() -> None:
    assert _mode(render_running_totals(TOTALS)) == ("P", (1000, 560))
    assert _mode(render_running_totals([]))[1] == (1000, 560)
    mode, (w, _) = _mode(render_leaderboard(ROWS))
    assert mode == "P" and w == 1000
    assert _mode(render_leaderboard(ROWS, "win_rate"))[1][0] == 1000
    assert _mode(render_leaderboard([]))[1][0] == 1000
    with pytest.raises(ValueError, match="not one of"):
        render_leaderboard(ROWS, "luck")


# --- golden images -------------------------------------------------------------------------


def _close(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(share of pixels off by more than 48 in a channel, mean absolute difference)."""
    diff = ImageChops.difference(a, b)
    raw = diff.tobytes()
    off = sum(1 for i in range(0, len(raw), 3) if max(raw[i], raw[i + 1], raw[i + 2]) > 48)
    return off / (a.width * a.height), sum(raw) / len(raw)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_image(name: str) -> None:
    """Regenerate with ``python -m tests.render.regenerate`` after an intended art change."""
    path: Path = GOLDEN_DIR / f"{name}.png"
    assert path.exists(), f"missing {path}: run python -m tests.render.regenerate"
    want = Image.open(path).convert("RGB")
    got = decode(GOLDEN[name]())
    assert got.size == want.size
    off, mean = _close(got, want)
    assert off < 0.005 and mean < 1.5, f"{name}: {off:.2%} pixels off, mean {mean:.2f}"


# --- purity --------------------------------------------------------------------------------


def test_same_bytes_from_several_threads() -> None:
    """The bot renders in asyncio.to_thread: concurrent calls share the caches safely."""
    jobs = [GOLDEN["board_claim"], GOLDEN["hand_waits"], GOLDEN["result_kongs"]] * 3
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda f: f(), jobs))
    for i, png in enumerate(results):
        assert png == results[i % 3]
