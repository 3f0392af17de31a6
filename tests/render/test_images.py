"""The other images: private hand, result cards, charts; golden images."""

from __future__ import annotations

import dataclasses
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO
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
from shangrao_bot.render.canvas import Drawn, record_text
from shangrao_bot.render.charts import nice_ticks, running_totals
from shangrao_bot.render.hand import claimable, hand_key, layout_hand, paint_hand
from shangrao_bot.render.result import score_card
from shangrao_bot.render.tiles import geometry, sprite
from shangrao_bot.rules.tiles import parse_tile, parse_tiles
from tests.engine.builders import make_state
from tests.render.pixels import decode, gold_share, identify
from tests.render.regenerate import GOLDEN_DIR
from tests.render.scenes import (
    GOLDEN,
    ROWS,
    ROWS_NO_WIN,
    SOUTH_WAITS,
    TOTALS,
    baodiao_score,
    claim_state,
    exhausted_state,
    largest_score,
    rob_state,
    south_view,
    turn_view,
)


def _mode(png: bytes) -> tuple[str, tuple[int, int]]:
    img = Image.open(BytesIO(png))
    assert img.format == "PNG"
    return img.mode, img.size


def _texts(draw: object) -> list[Drawn]:
    """Every text drawn while ``draw()`` runs."""
    with record_text() as log:
        draw()  # type: ignore[operator]
    return [d for d in log if d.kind == "text"]


# --- the private hand ----------------------------------------------------------------------


def test_hand_layout_sorted_bao_first_drawn_apart_and_marked() -> None:
    view = turn_view()
    assert view.drawn == parse_tile("8s")
    layout = layout_hand(view)
    concealed = [p for p in layout.pieces if p.zone == "concealed"]
    assert [p.look.kind for p in concealed[:2]] == [parse_tile("5m")] * 2
    rest = [p.look.kind for p in concealed[2:]]
    assert rest == sorted(rest)
    drawn = [p for p in layout.pieces if p.zone == "drawn"]
    assert len(drawn) == 1 and drawn[0].look.kind == parse_tile("8s")
    gap = drawn[0].x - (concealed[-1].x + sprite(concealed[-1].look).width)
    assert gap >= 20  # set apart
    img = paint_hand(view)
    for p in layout.pieces:
        assert identify(img, p.look, (p.x, p.y), parse_tile("5m"))[0][1] == p.look.kind
        share = gold_share(img, p.look, (p.x, p.y))
        assert (share > 0.25) == (p.look.kind == parse_tile("5m")), p
    # the 摸 tag right above the drawn tile
    for lang, word in (("zh-CN", "摸"), ("en", "drawn"), ("zh-TW", "摸")):
        tags = [d for d in _texts(lambda lang=lang: paint_hand(view, lang=lang)) if d.text == word]
        assert len(tags) == 1
        (x0, _, x1, y1) = tags[0].box
        d = next(p for p in layout_hand(view, lang=lang).pieces if p.zone == "drawn")
        face_top = d.y + geometry(d.look.width).top
        assert x0 < d.x + d.look.width and x1 > d.x and face_top - 40 < y1 <= face_top


def test_hand_shows_the_claimable_discard_beside_it() -> None:
    view = south_view()  # West discarded 2m, South may pong
    claim = claimable(view)
    assert claim is not None and claim.tile == parse_tile("2m") and not claim.robbing
    layout = layout_hand(view)
    pieces = [p for p in layout.pieces if p.zone == "claim"]
    assert len(pieces) == 1 and pieces[0].look.kind == parse_tile("2m") and pieces[0].look.last
    assert layout.claim_box is not None
    row = [p for p in layout.pieces if p.zone in ("concealed", "meld")]
    right = max(p.x + sprite(p.look).width for p in row)
    assert layout.claim_box[0] >= right + 20  # clearly apart
    for lang, words in (
        ("zh-CN", ["西家打出"]),
        ("zh-TW", ["西家打出"]),
        ("en", ["discarded", "by West"]),
    ):
        drawn = _texts(lambda lang=lang: paint_hand(view, lang=lang))
        labels = [d for d in drawn if d.text in words]
        assert [d.text for d in labels] == words
        box = layout_hand(view, lang=lang).claim_box
        assert box is not None and all(d.within[0] >= box[0] for d in labels)
    # only another seat's tile, only while it may be claimed
    assert claimable(view_for(claim_state(), 2)) is None  # West's own discard
    assert claimable(turn_view()) is None
    assert not [p for p in layout_hand(turn_view()).pieces if p.zone == "claim"]


def test_hand_shows_a_kong_that_may_be_robbed() -> None:
    view = view_for(rob_state(), 3)
    claim = claimable(view)
    assert claim is not None and claim.robbing and claim.tile == parse_tile("5z")
    for lang, word in (("zh-CN", "西家补杠"), ("zh-TW", "西家補槓"), ("en", "by West")):
        assert word in {d.text for d in _texts(lambda lang=lang: paint_hand(view, lang=lang))}


def test_hand_without_live_tiles_is_keyed_by_what_it_draws() -> None:
    """The bot's panels draw the hand without the live tiles (their text says it): a draw
    elsewhere at the table leaves that picture and its key as they were, while a picture
    with the count differs; a change of the hand changes both key and picture."""
    view = south_view()
    fewer = dataclasses.replace(view, public=dataclasses.replace(view.public, live=3))
    assert view.public.live != 3
    assert render_hand(view, live=False) == render_hand(fewer, live=False)
    assert hand_key(view, live=False) == hand_key(fewer, live=False)
    assert render_hand(view) != render_hand(fewer)
    assert hand_key(view) != hand_key(fewer)
    moved = dataclasses.replace(view, concealed=(view.concealed[0],) * len(view.concealed))
    assert hand_key(moved, live=False) != hand_key(view, live=False)
    assert render_hand(moved, live=False) != render_hand(view, live=False)
    waits = list(SOUTH_WAITS)
    assert hand_key(view, waits, live=False) != hand_key(view, live=False)
    assert hand_key(view, lang="en", live=False) != hand_key(view, live=False)


def test_hand_size_mode_and_waits() -> None:
    plain = render_hand(south_view())
    with_waits = render_hand(south_view(), SOUTH_WAITS)
    mode, (w, h) = _mode(plain)
    assert mode == "P" and w == 1100 and h < 330
    _, (w2, h2) = _mode(with_waits)
    assert w2 == w and h2 > h + 150
    layout = layout_hand(south_view(), SOUTH_WAITS)
    # grouped by what they pay, best first, the tile that is no win last
    waits = [p.look.kind for p in layout.pieces if p.zone == "wait"]
    assert waits == [parse_tile("2m"), parse_tile("6z"), parse_tile("5s")]
    assert [key for _, key, _ in layout.groups] == [(6, "宝吊无宝"), (3, "宝吊头"), (None, None)]


def test_waits_of_a_hand_that_waits_on_everything_stay_short() -> None:
    state = make_state({1: "123m4p5m6p777s111z5m"}, 0, indicator="4m")
    view = view_for(state, 1)
    waits = waits_for(view)
    assert waits is not None and len(waits) == 34
    _, (w, h) = _mode(render_hand(view, waits))
    assert h <= 0.8 * w


def test_waits_for_values_the_worked_examples() -> None:
    """宝 = 5m, 123m 4p5m6p 777s 111z 5m waits on everything; 9s is a 宝吊头 (×3), 5p a 宝吊无宝
    (×6)."""
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
        for lang in ("en", "zh-CN", "zh-TW"):
            png = render_score(
                score, bao=inp.bao, winning_tile=inp.winning_tile, how=inp.how, lang=lang
            )
            mode, (w, h) = _mode(png)
            assert mode == "P" and w == 800 and 400 < h <= 800
    state = exhausted_state()
    assert state.result is not None
    png = render_result(state.result, dealer=state.dealer, bao=state.bao)
    assert _mode(png)[1][0] == 800


def test_score_card_seats_are_numbered_from_one() -> None:
    score, inp = baodiao_score()
    for first_seat in (0, 1):
        texts = {
            d.text
            for d in _texts(
                lambda f=first_seat: render_score(
                    score, bao=inp.bao, winning_tile=inp.winning_tile, first_seat=f
                )
            )
        }
        assert {"座1", "座2", "座3", "座4"} <= texts and "座0" not in texts


def test_not_a_win_has_no_card() -> None:
    from shangrao_bot.rules.ruleset import RuleSet
    from shangrao_bot.rules.score_model import WinInput
    from shangrao_bot.rules.scoring import score_win

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
    assert _mode(render_running_totals(TOTALS)) == ("P", (800, 560))
    assert _mode(render_running_totals([]))[1] == (800, 560)
    mode, (w, _) = _mode(render_leaderboard(ROWS))
    assert mode == "P" and w == 800
    assert _mode(render_leaderboard(ROWS, "win_rate"))[1][0] == 800
    assert _mode(render_leaderboard([]))[1][0] == 800
    with pytest.raises(ValueError, match="not one of"):
        render_leaderboard(ROWS, "luck")
    with pytest.raises(ValueError, match="not one of"):
        render_leaderboard(ROWS, lang="fr")


def test_totals_legend_numbers_seats_from_one_or_takes_the_callers_labels() -> None:
    zh = {d.text for d in _texts(lambda: render_running_totals(TOTALS))}
    assert {"座1", "座2", "座3", "座4"} <= zh and "座0" not in zh
    en = {d.text for d in _texts(lambda: render_running_totals(TOTALS, lang="en"))}
    assert {"Seat 1", "Seat 4"} <= en
    own = {d.text for d in _texts(lambda: render_running_totals(TOTALS, 4, ["A", "B", "C", "D"]))}
    assert {"A", "B", "C", "D"} <= own and "座1" not in own
    trend = [d.text for d in _texts(lambda: render_running_totals([[3], [-2]], 1, [""]))]
    assert "" not in trend and "+1" in trend


def test_leaderboard_shows_no_biggest_hand_for_a_player_who_never_won() -> None:
    for metric in ("total", "biggest"):
        drawn = _texts(lambda m=metric: render_leaderboard(ROWS_NO_WIN, m))
        texts = [d.text for d in drawn]
        assert "−2" not in texts and "−1" not in texts, metric
        assert texts.count("—") == (2 if metric == "total" else 4)  # the best column (and bar)
        assert "+48" in texts


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
