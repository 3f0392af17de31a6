"""A player's page: their name, their rating over their rated hands as a chart whose points
lead to the hands, the record ``/stats`` and ``/profile`` give (hands, wins, self-draws, totals,
宝 flown, the biggest hand, the winning patterns, the rating), head to head and the players
they sat with most (each leading to that player's page), their average review rating when the
server shows reviews publicly, and their latest hands.

``/s/<token>/player/<id>``: a guest merged into a member answers a redirect to the member's
page (the guest's hands are the member's now); an id of another server, of nobody, or not a
number is the one 404.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from shangrao_bot.catalog.fields import term
from shangrao_bot.recently_used import RecentlyUsed
from shangrao_bot.service.player_reading import HandPlace, RatingHistory, player_sheet
from shangrao_bot.store.errors import NotFound
from shangrao_bot.store.ledger import get_player
from shangrao_bot.web.site_pages import PageContext, SitePages, number
from shangrao_bot.web.svg_charts import MAX_LINKED, LineChart, Point, line_chart

UNNAMED_PATTERN = "?"  # a win recorded without its pattern (the totals' placeholder)
ChartKey = tuple[int, int, str, str, str | None]  # server, player, token, language, chosen


def hand_link(context: PageContext, place: HandPlace) -> str:
    """Where a hand is shown: a bot-table hand's replay, or the hand's line in its session
    (the fragment after the query, so that a chosen language survives)."""
    if place.kind == "virtual":
        return context.url(f"hand/{place.hand_id}")
    return context.url(f"session/{place.session_id}") + f"#hand-{place.hand_id}"


def rating_chart(context: PageContext, history: RatingHistory) -> LineChart | None:
    """The displayed rating after each rated hand (x: the player's rated hand number), each
    of the latest :data:`MAX_LINKED` points leading to its hand; None before the first."""
    if not history.ratings:
        return None
    count = len(history.ratings)
    first_linked = count - MAX_LINKED
    points = []
    for i, (rating, hand_id) in enumerate(zip(history.ratings, history.hand_ids, strict=True)):
        place = history.places.get(hand_id) if i >= first_linked else None
        if place is None:
            points.append(Point(i + 1, rating))
            continue
        title = context.t("web.player.point", n=i + 1, rating=f"{rating:.1f}", hand=hand_id)
        points.append(Point(i + 1, rating, hand_link(context, place), title))
    return line_chart(context.t("web.player.chart"), [(context.t("web.col.rating"), points)])


KEPT_CHARTS = 64  # drawn charts kept, the most recently shown
# the charts last drawn, by server, player, address and language, each with the history it
# was drawn from: drawn again only when the ratings have changed (a long history is thousands
# of points; the history is the same object while they have not)
_CHARTS: RecentlyUsed[ChartKey, tuple[RatingHistory, LineChart | None]] = RecentlyUsed(KEPT_CHARTS)


def kept_chart(context: PageContext, player_id: int, history: RatingHistory) -> LineChart | None:
    """:func:`rating_chart`, drawn once per history, address and language."""
    key = (context.guild_id, player_id, context.site.token, context.lang, context.chosen_lang)
    kept = _CHARTS.get(key)
    if kept is not None and kept[0] is history:
        return kept[1]
    chart = rating_chart(context, history)
    _CHARTS.put(key, (history, chart))
    return chart


@dataclass(frozen=True)
class PatternLine:
    name: str
    wins: int
    share: float  # of the player's wins
    bar: float  # 0–100: the bar's length, the most frequent pattern's being 100


def pattern_lines(context: PageContext, patterns: dict[str, int]) -> list[PatternLine]:
    """The winning patterns, most frequent first, named in the reader's script."""
    wins = sum(patterns.values())
    most = max(patterns.values(), default=0)
    return [
        PatternLine(
            context.t("web.player.pattern_unnamed")
            if name == UNNAMED_PATTERN
            else term(name, context.lang),
            n,
            n / wins,
            round(100 * n / most, 1),
        )
        for name, n in patterns.items()
        if n > 0
    ]


async def player(context: PageContext, player_id: str) -> web.StreamResponse:
    pid = number(player_id)
    try:
        who = await get_player(context.db, context.guild_id, pid)
    except NotFound:
        raise web.HTTPNotFound() from None
    if who.merged_into is not None:
        # a plain answer (not an exception), so that the guard's headers go with it
        return web.Response(
            status=302, headers={"Location": context.url(f"player/{who.merged_into}")}
        )
    try:
        sheet = await player_sheet(
            context.db,
            context.guild_id,
            pid,
            linked=MAX_LINKED,
            reviews_public=context.settings.review_public,
        )
    except NotFound:  # gone (or moved) since it was read
        raise web.HTTPNotFound() from None
    stats = sheet.figures.stats
    return await context.page(
        "player.html",
        who=stats.player,
        stats=stats,
        rivals=sheet.figures.rivals,
        rating=sheet.rating,
        chart=kept_chart(context, pid, sheet.history),
        patterns=pattern_lines(context, stats.patterns),
        tablemates=sheet.tablemates,
        recent=[(hand, hand_link(context, hand.place)) for hand in sheet.recent],
        review=sheet.review,
    )


def routes(pages: SitePages) -> None:
    pages.page("player/{player_id}", player)
