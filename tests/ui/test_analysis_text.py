"""``/analyze``'s reading and text (:mod:`shangrao_bot.ui.analysis_text`): odd input is refused
with a translated sentence, never another exception; every hand that is accepted is ranked,
written within Discord's limits in each language, and drawn."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrao_bot.errors import Refusal
from shangrao_bot.render.analysis import AnalysisPicture, render_analysis
from shangrao_bot.rules.tiles import format_tiles
from shangrao_bot.ui.analysis_text import DESCRIPTION_LIMIT, analyse, analysis_text, read_input
from shangrao_bot.ui.errors import message_for

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOKENS = st.sampled_from(
    ["1", "5", "9", "0", "m", "p", "s", "z", "8z", "[", "]", "(", ")", "{", "}", " ", "东",
     "五万", "宝", "\x00", "`", "@everyone", "123m", "[777z]", "(1111z)", "{111m}", "5m"]
)  # fmt: skip


@FUZZ
@given(
    hand=st.lists(TOKENS, max_size=30).map("".join),
    bao=st.lists(TOKENS, max_size=3).map("".join),
    melds=st.none() | st.lists(TOKENS, max_size=8).map("".join),
    seen=st.none() | st.lists(TOKENS, max_size=10).map("".join),
)
def test_odd_input_is_a_user_error_or_a_ranking(
    hand: str, bao: str, melds: str | None, seen: str | None
) -> None:
    try:
        inp = read_input(hand, bao, melds, seen)
    except Refusal as error:
        for lang in ("en", "zh-CN", "zh-TW"):
            text = message_for(error, lang)
            assert 0 < len(text) <= 2000 and "error id" not in text
        return
    rows = analyse(inp)
    assert rows
    for lang in ("en", "zh-CN", "zh-TW"):
        assert 0 < len(analysis_text(inp, rows, lang)) <= DESCRIPTION_LIMIT


@pytest.mark.parametrize("seed", range(12))
def test_random_hands_are_ranked_written_and_drawn(seed: int) -> None:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    size = rng.choice([13, 14])
    tiles, seen = wall[:size], wall[size : size + rng.randrange(0, 60)]
    bao = rng.randrange(34)
    try:
        inp = read_input(format_tiles(tiles), format_tiles([bao]), None, format_tiles(seen))
    except Refusal:
        return  # the indicator's kind was all in sight: a hand that cannot exist
    rows = analyse(inp)
    for lang in ("en", "zh-CN", "zh-TW"):
        assert len(analysis_text(inp, rows, lang)) <= DESCRIPTION_LIMIT
    png = render_analysis(AnalysisPicture(inp.tiles, inp.bao, inp.melds, inp.seen, rows))
    assert png.startswith(b"\x89PNG")
