"""The server's league: the leaderboard with ``/leaderboard``'s periods, metrics, minimum hands,
guests and seasons, showing the same figures and sortable by any column; the same rows as CSV;
the seasons with their champions; the recent sessions and bot-table hands.

The filters are links (a tap, not a form): ``?period=week|month|season|all`` or
``?season=<id>``, ``?metric=total|average|win_rate|biggest|rating``, ``?min=<hands>``,
``?guests=1``; the first :data:`ROWS_SHOWN` rows unless ``?all=1`` (the CSV has every row). A
value that is none of these is the 404, as any malformed address.
"""

from __future__ import annotations

import csv
import dataclasses
import io
from dataclasses import dataclass

from aiohttp import web

from shangrao_bot.errors import Refusal
from shangrao_bot.service.book_reading import BoardPeriod, board_period
from shangrao_bot.store.ledger.league import (
    recent_sessions,
    recent_table_hands,
    seasons_with_champions,
)
from shangrao_bot.store.ledger.seasons import list_seasons
from shangrao_bot.store.ledger.stats import (
    RATING_MIN_GAMES,
    BoardRow,
    RatingRow,
    leaderboard,
    rating_leaderboard,
)
from shangrao_bot.web.site_pages import PageContext, SitePages, number

METRICS = ("total", "average", "win_rate", "biggest", "rating")
PERIODS = ("all", "season", "month", "week")
MIN_CHOICES = (5, 10, 20, 50)
ROWS_SHOWN = 50  # a phone's long scroll already; "all" shows the rest
MAX_MIN_HANDS = 10_000
ALL_ROWS = 100_000
CSV_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Filters:
    """A leaderboard's filters, as ``/leaderboard`` takes them."""

    period: str | None  # None with a season
    season_id: int | None
    metric: str
    min_hands: int | None
    guests: bool
    every_row: bool = False

    def query(self, **changes: str | int | None) -> dict[str, str | int | None]:
        """These filters as a link's query, with ``changes``."""
        base: dict[str, str | int | None] = {
            "period": self.period if self.period not in (None, "all") else None,
            "season": self.season_id,
            "metric": self.metric if self.metric != "total" else None,
            "min": self.min_hands,
            "guests": 1 if self.guests else None,
            "all": 1 if self.every_row else None,
        }
        if "period" in changes:
            base["season"] = None
        if "season" in changes:
            base["period"] = None
        base.update(changes)
        return base


def read_filters(query: dict[str, str]) -> Filters:
    """The filters of a page's query; the 404 for a value that is none of the choices."""
    period = query.get("period")
    season = query.get("season")
    metric = query.get("metric", "total")
    minimum = query.get("min")
    guests = query.get("guests")
    every_row = query.get("all")
    if period is not None and (period not in PERIODS or season is not None):
        raise web.HTTPNotFound()
    if metric not in METRICS or guests not in (None, "1") or every_row not in (None, "1"):
        raise web.HTTPNotFound()
    min_hands = None
    if minimum is not None:
        min_hands = number(minimum)
        if not 1 <= min_hands <= MAX_MIN_HANDS:
            raise web.HTTPNotFound()
    season_id = number(season) if season is not None else None
    return Filters(period, season_id, metric, min_hands, guests == "1", every_row == "1")


@dataclass(frozen=True)
class Board:
    """The rows a page or a CSV shows, and what they were read under."""

    period: BoardPeriod | None
    rows: list[BoardRow]
    rating_rows: list[RatingRow]
    min_hands: int
    refusal: Refusal | None  # why there is no board (no open season)


async def read_board(context: PageContext, filters: Filters) -> Board:
    db, guild = context.db, context.guild_id
    season_name = None
    if filters.season_id is not None:
        seasons = {s.id: s for s in await list_seasons(db, guild, limit=10**6)}
        if filters.season_id not in seasons:
            raise web.HTTPNotFound()
        season_name = f"#{filters.season_id}"
    try:
        period = await board_period(db, guild, filters.period, season_name)
    except Refusal as refusal:
        return Board(None, [], [], filters.min_hands or 1, refusal)
    if filters.metric == "rating":
        minimum = filters.min_hands or RATING_MIN_GAMES
        rating_rows = await rating_leaderboard(
            db,
            guild,
            since=period.since,
            until=period.until,
            min_games=minimum,
            include_guests=filters.guests,
            limit=ALL_ROWS,
        )
        return Board(period, [], rating_rows, minimum, None)
    minimum = filters.min_hands or 1
    rows = await leaderboard(
        db,
        guild,
        metric=filters.metric,
        since=period.since,
        until=period.until,
        min_hands=minimum,
        include_guests=filters.guests,
        limit=ALL_ROWS,
    )
    if filters.metric == "biggest":  # as /leaderboard: a player who never won has no biggest
        rows = [r for r in rows if r.wins]
    return Board(period, rows, [], minimum, None)


@dataclass(frozen=True)
class Cell:
    """A leaderboard cell as written: what it sorts by, its text, its class."""

    key: str
    text: str
    css: str = ""


@dataclass(frozen=True)
class Line:
    """A leaderboard row as written (formatted here, once, rather than cell by cell in the
    template: a server of 200 players is 2,000 cells)."""

    rank: int
    name: str
    href: str
    guest: bool
    cells: tuple[Cell, ...]


def _signed_css(value: int) -> str:
    return "plus" if value > 0 else "minus" if value < 0 else ""


def board_lines(context: PageContext, board: Board) -> list[Line]:
    """The rows of ``board`` as the page writes them."""
    if board.rating_rows:
        return [
            Line(
                i,
                r.player.display_name,
                context.url(f"player/{r.player.id}"),
                r.player.is_guest,
                (
                    Cell(f"{r.ordinal:.3f}", f"{r.ordinal:.1f}"),
                    Cell(f"{r.mu:.3f}", f"{r.mu:.1f}"),
                    Cell(f"{r.sigma:.3f}", f"{r.sigma:.2f}"),
                    Cell(str(r.games), str(r.games)),
                ),
            )
            for i, r in enumerate(board.rating_rows, 1)
        ]
    return [
        Line(
            i,
            b.player.display_name,
            context.url(f"player/{b.player.id}"),
            b.player.is_guest,
            (
                Cell(str(b.total), f"{b.total:+d}", _signed_css(b.total)),
                Cell(f"{b.average:.4f}", f"{b.average:+.1f}"),
                Cell(f"{b.win_rate:.4f}", f"{100 * b.win_rate:.0f}%"),
                Cell(str(b.biggest), f"{b.biggest:+d}" if b.wins else "–"),
                Cell(str(b.hands), str(b.hands)),
                Cell(str(b.wins), str(b.wins)),
                Cell(str(b.self_draws), str(b.self_draws)),
                Cell(str(b.fei_bao), str(b.fei_bao)),
            ),
        )
        for i, b in enumerate(board.rows, 1)
    ]


BOARD_COLUMNS = (
    "total",
    "average",
    "win_rate",
    "biggest",
    "hands",
    "wins",
    "self_draws",
    "fei_bao",
)


def board_columns(context: PageContext, metric: str) -> list[tuple[str, bool]]:
    """The headers after # and the player, as (label, whether the board is ranked by it), in
    :func:`board_lines`' cells' order."""
    if metric == "rating":
        return [
            (context.t("web.col.rating"), True),
            ("μ", False),
            ("σ", False),
            (context.t("web.col.hands"), False),
        ]
    return [(context.t(f"web.col.{col}"), col == metric) for col in BOARD_COLUMNS]


def period_title(context: PageContext, board: Board) -> str:
    period = board.period
    if period is None:
        return ""
    if period.season is not None:
        title = context.t("rt.season.title", name=period.season.name)
        return title + (context.t("rt.season.open_tag") if period.season.is_open else "")
    return context.t(f"skv.period.{period.key}")


async def league(context: PageContext) -> web.StreamResponse:
    filters = read_filters(dict(context.request.query))
    board = await read_board(context, filters)
    rows = len(board.rating_rows) + len(board.rows)  # one of them is empty
    hidden = 0 if filters.every_row else max(0, rows - ROWS_SHOWN)
    shown = dataclasses.replace(
        board, rows=board.rows[: rows - hidden], rating_rows=board.rating_rows[: rows - hidden]
    )
    seasons = await seasons_with_champions(context.db, context.guild_id)
    sessions = await recent_sessions(context.db, context.guild_id)
    table_hands = await recent_table_hands(context.db, context.guild_id)
    return await context.page(
        "league.html",
        filters=filters,
        min_hands=board.min_hands,
        lines=board_lines(context, shown),
        columns=board_columns(context, filters.metric),
        hidden=hidden,
        guest=context.t("web.guest"),
        period_title=period_title(context, board),
        periods=PERIODS,
        metrics=METRICS,
        min_choices=MIN_CHOICES,
        seasons=seasons,
        sessions=sessions,
        table_hands=table_hands,
        refusal=board.refusal.in_lang(context.lang) if board.refusal else None,
    )


def csv_cell(value: object) -> str:
    """A cell a spreadsheet shows as text: one that would start a formula gets a quote."""
    text = str(value)
    return "'" + text if text.startswith(CSV_FORMULA_START) else text


async def league_csv(context: PageContext) -> web.StreamResponse:
    filters = read_filters(dict(context.request.query))
    board = await read_board(context, filters)
    out = io.StringIO()
    writer = csv.writer(out)
    t = context.t
    if filters.metric == "rating":
        writer.writerow(
            [
                t("web.col.rank"),
                t("web.col.player"),
                t("web.col.rating"),
                "mu",
                "sigma",
                t("web.col.hands"),
            ]
        )
        for i, r in enumerate(board.rating_rows, 1):
            writer.writerow(
                [
                    i,
                    csv_cell(r.player.display_name),
                    f"{r.ordinal:.1f}",
                    f"{r.mu:.2f}",
                    f"{r.sigma:.2f}",
                    r.games,
                ]
            )
    else:
        writer.writerow(
            [
                t("web.col.rank"),
                t("web.col.player"),
                t("web.col.total"),
                t("web.col.average"),
                t("web.col.win_rate"),
                t("web.col.biggest"),
                t("web.col.hands"),
                t("web.col.wins"),
                t("web.col.self_draws"),
                t("web.col.fei_bao"),
            ]
        )
        for i, b in enumerate(board.rows, 1):
            writer.writerow(
                [
                    i,
                    csv_cell(b.player.display_name),
                    b.total,
                    f"{b.average:.2f}",
                    f"{b.win_rate:.3f}",
                    b.biggest,
                    b.hands,
                    b.wins,
                    b.self_draws,
                    b.fei_bao,
                ]
            )
    body = "\ufeff" + out.getvalue()  # the mark that makes spreadsheets read UTF-8
    return web.Response(
        text=body,
        content_type="text/csv",
        charset="utf-8",
        headers={"Content-Disposition": 'attachment; filename="leaderboard.csv"'},
    )


def routes(pages: SitePages) -> None:
    pages.page("", league)
    pages.page("leaderboard.csv", league_csv)
