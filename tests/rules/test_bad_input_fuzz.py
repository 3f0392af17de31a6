"""Bad input never crashes: arbitrary text gives a typed error that names a token, or a result.

The CLI and the bot both read players' text through these parsers, so any other exception here
would reach a user as a stack trace.
"""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shangrao_bot.entrypoints.cli import main
from shangrao_bot.rules.errors import RulesError, TileParseError
from shangrao_bot.rules.tiles import parse_hand_and_melds, parse_melds, parse_tiles
from tests.rules.test_shapes_properties import cfg

# text that looks like tiles often enough to reach the deeper checks
tile_text = st.text(
    alphabet=st.sampled_from(
        list("0123456789mpszMPSZESWNFC []()（）【】,万筒条东南西北中发白一九x ")
    ),
    max_size=40,
)


@cfg(400)
@given(st.one_of(tile_text, st.text(max_size=30)))
def test_parsers_raise_only_typed_errors(text: str) -> None:
    for parse in (parse_tiles, parse_melds, parse_hand_and_melds):
        try:
            parse(text)
        except TileParseError as err:
            assert err.token is not None
            assert str(err)


@pytest.mark.slow
@cfg(150)
@given(tile_text, tile_text, st.sampled_from(["5m", "E", "0m", "none", "7z"]))
def test_cli_score_exits_0_or_2_with_one_line(hand: str, win: str, bao: str) -> None:
    out = io.StringIO()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["score", "--hand", hand, "--win", win or "1m", "--bao", bao], stdout=out)
    assert code in (0, 2)
    if code == 2:
        lines = err.getvalue().strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("shangrao-bot: error: ")
        assert "Traceback" not in err.getvalue()


@cfg(100)
@given(st.lists(tile_text, max_size=4), st.sampled_from(["5m", "none"]))
def test_cli_analyze_exits_0_or_2(lines: list[str], bao: str) -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(
            ["analyze", "--bao", bao], stdin=io.StringIO("\n".join(lines)), stdout=io.StringIO()
        )
    assert code in (0, 2)
    assert "Traceback" not in err.getvalue()


def test_rules_errors_are_value_errors() -> None:
    assert issubclass(RulesError, ValueError)
