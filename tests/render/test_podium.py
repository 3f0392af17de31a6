"""A club event's podium picture: the three best on their steps (second left, first in the
middle, third right), each with its rank and total, the title in the picture's language, no
name; an empty event draws its "no data" line; every text stays on the canvas."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from shangrao_bot.render.canvas import record_text
from shangrao_bot.render.charts import WIDTH
from shangrao_bot.render.labels import labels_for
from shangrao_bot.render.podium import HEIGHT, render_podium


@pytest.mark.parametrize("lang", ["zh-CN", "zh-TW", "en"])
def test_the_three_best_on_their_steps(lang: str) -> None:
    with record_text() as drawn:
        png = render_podium([(1, 120), (2, 45), (3, -10)], lang=lang)
    img = Image.open(io.BytesIO(png))
    assert img.size == (WIDTH, HEIGHT)
    texts = [d.text for d in drawn]
    assert texts[0] == labels_for(lang).podium_title
    assert {"1", "2", "3", "+120", "+45", "−10"} <= set(texts)
    centre = {d.text: (d.box[0] + d.box[2]) / 2 for d in drawn}
    assert centre["2"] < centre["1"] < centre["3"]  # silver, gold, bronze
    for d in drawn:
        x0, y0, x1, y1 = d.box
        assert x0 >= 0 and x1 <= d.canvas[0] and y0 >= 0 and y1 <= d.canvas[1], d.text


def test_a_shared_rank_and_a_short_podium() -> None:
    with record_text() as drawn:
        render_podium([(1, 30), (1, 30)], lang="en")
    texts = [d.text for d in drawn]
    assert texts.count("1") == 2 and texts.count("+30") == 2 and "3" not in texts


def test_nobody_yet() -> None:
    with record_text() as drawn:
        render_podium([], lang="zh-CN")
    assert [d.text for d in drawn] == [
        labels_for("zh-CN").podium_title,
        labels_for("zh-CN").no_data,
    ]
