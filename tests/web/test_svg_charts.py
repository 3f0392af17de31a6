"""The SVG line charts' geometry: points inside the plot, the y axis ticks covering the data,
the zero line where it belongs, links on the latest points only, and an empty chart."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from shangrao_bot.web.svg_charts import HEIGHT, PAD_TOP, WIDTH, Point, line_chart
from shangrao_bot.web.templating import render


def coords(path: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in re.findall(r"[ML](-?[\d.]+),(-?[\d.]+)", path)]


@settings(deadline=None)  # pure and quick, but a busy machine may stall any example
@given(st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=80))
def test_every_point_is_inside_the_plot(values: list[int]) -> None:
    chart = line_chart("t", [("a", [Point(i, v) for i, v in enumerate(values)])])
    left, top, right, bottom = chart.plot
    points = coords(chart.series[0].path)
    assert len(points) == len(values)
    for x, y in points:
        assert left - 0.05 <= x <= right + 0.05 and top - 0.05 <= y <= bottom + 0.05
    # a higher value is drawn no lower (a smaller or equal y)
    for (_, y1), (_, y2), v1, v2 in zip(points, points[1:], values, values[1:], strict=False):
        if v1 < v2:
            assert y1 >= y2  # drawn no lower (a tenth of a pixel may hold both)
    ticks = [float(t.label) for t in chart.y_ticks]
    assert min(ticks) <= min(values) and max(ticks) >= max(values)
    if min(values) < 0 < max(values):
        assert chart.zero_y is not None and top <= chart.zero_y <= bottom
    else:
        assert chart.zero_y is None


def test_links_only_on_the_latest_points() -> None:
    points = [Point(i, i % 7, href=f"/h/{i}", title=f"#{i}") for i in range(1000)]
    chart = line_chart("t", [("a", points)], max_linked=300)
    linked = chart.series[0].points
    assert [p.href for p in linked] == [f"/h/{i}" for i in range(700, 1000)]
    assert line_chart("t", [("a", points)], max_linked=0).series[0].points == ()
    assert len(line_chart("t", [("a", points[:5])], max_linked=300).series[0].points) == 5


def test_an_empty_chart_and_its_drawing() -> None:
    empty = line_chart("nothing", [])
    assert empty.series == () and (empty.width, empty.height) == (WIDTH, HEIGHT)
    chart = line_chart(
        '<script>"x"</script>',
        [("<b>a</b>", [Point(1, 2, "/x?a=1&b=2", "<i>")]), ("b", [Point(1, 3)])],
    )
    svg = render("_line_chart.html", {"chart": chart})
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "<b>" not in svg
    assert 'href="/x?a=1&amp;b=2"' in svg
    assert chart.plot[1] == PAD_TOP
