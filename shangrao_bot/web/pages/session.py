"""A session's page, ``session/<id>``: the session (its table, seats, times, rules, stake and
status), every hand in order — voided ones struck through with their reason, pending ones
marked, each row the anchor ``#hand-<id>`` that the player pages link to, a bot table's hand
linked to its replay —, the seats' running totals as a chart, their totals, and the
settlement: what ``/session end`` posted for a closed session, what would settle an open one
as it stands (labelled so).

Read through :func:`~shangrao_bot.service.session_sheet.read_session_sheet`: a few queries
whatever the number of hands. Another server's session, an unknown or malformed id: the 404.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from aiohttp import web

from shangrao_bot.catalog.fields import term
from shangrao_bot.service.hand_voiding import void_reason
from shangrao_bot.service.session_sheet import SessionSheet, read_session_sheet
from shangrao_bot.store.errors import NotFound
from shangrao_bot.store.ledger import Player
from shangrao_bot.store.ledger.session_hands import WIN_WAYS, HandLine
from shangrao_bot.web.site_pages import PageContext, SitePages, number
from shangrao_bot.web.svg_charts import LineChart, Point, line_chart

DRAW_PATTERN = "流局"  # what a hand recorded as a draw carries as its pattern
CHART_WIDTH, CHART_HEIGHT = 400, 240  # about a phone's width: its labels stay legible there
DOTTED_HANDS = 32  # a chart of more hands is lines only (4 dots a hand would overlap)
ISOLATE, END_ISOLATE = "\u2068", "\u2069"  # a name inside a tooltip cannot reorder its line


@dataclass(frozen=True)
class Win:
    player: Player
    how: str  # how the player won, in the reader's language


@dataclass(frozen=True)
class Cell:
    """One seat's part of a hand as the row writes it (a page of many hands computes its cells
    here, once, rather than in the template): ``text`` the delta, ``css`` its classes (sign,
    winner), ``flown`` and ``flown_title`` the 宝 it flew ("" when none)."""

    text: str
    css: str
    flown: str
    flown_title: str


def signed(value: int) -> str:
    """A delta or total as the page writes it: ``+6``, ``-2``, ``0``."""
    return f"{value:+d}" if value else "0"


def sign_class(value: int) -> str:
    return "plus" if value > 0 else "minus" if value < 0 else "nil"


@dataclass(frozen=True)
class HandRow:
    hand: HandLine
    wins: tuple[Win, ...]  # none for a draw
    pattern: str | None  # in the reader's script; None for a draw
    cells: tuple[Cell, ...]  # by seat
    why: str | None = None  # a voided hand's reason, in the reader's language


@dataclass(frozen=True)
class SeatHead:
    seat: int  # 0-3
    player: Player
    initial: str  # the column's head: the first letter of the name
    total: int

    @property
    def total_text(self) -> str:
        return signed(self.total)

    @property
    def total_class(self) -> str:
        return sign_class(self.total)


class Words:
    """The page's words that repeat on every row (how a hand was won, the 宝 flown), each
    written once per page: a session of many hands costs no more catalog formatting than one."""

    def __init__(self, context: PageContext) -> None:
        self.context = context
        self.how = {way: context.t(f"web.session.how.{way}") for way in WAYS}
        self._flown: dict[int, tuple[str, str]] = {}

    def flown(self, n: int) -> tuple[str, str]:
        """The mark of ``n`` 宝 flown and its tooltip ("" for none)."""
        if not n:
            return "", ""
        if n not in self._flown:
            t = self.context.t
            self._flown[n] = (t("web.session.flown", n=n), t("web.session.flown_title", n=n))
        return self._flown[n]


WAYS = (*WIN_WAYS, "other", "draw")


def initial(name: str) -> str:
    """The first visible character of ``name`` (a direction override or a space before it is
    skipped), upper case; "?" for a name with none."""
    for char in name:
        if unicodedata.category(char)[0] not in "CZM":
            return char.upper()
    return "?"


def way_of(hand: HandLine, seat: int) -> str:
    """How ``seat`` won ``hand``: as its record says, else by whether it drew the tile."""
    way = hand.ways.get(seat)
    if way is not None:
        return way
    return "self" if seat in hand.self_drawn else "other"


def hand_row(hand: HandLine, seats: tuple[Player, ...], words: Words) -> HandRow:
    wins = tuple(Win(seats[s], words.how[way_of(hand, s)]) for s in hand.won if s < len(seats))
    shown = hand.pattern if hand.outcome == "win" and hand.pattern != DRAW_PATTERN else None
    cells = tuple(
        Cell(
            signed(delta),
            sign_class(delta) + (" won" if seat in hand.won else ""),
            *words.flown(flown),
        )
        for seat, (delta, flown) in enumerate(zip(hand.deltas, hand.flown, strict=True))
    )
    why = void_text(words.context, hand.void_reason) if hand.status == "voided" else None
    return HandRow(hand, wins, term(shown, words.context.lang) if shown else None, cells, why)


def void_text(context: PageContext, reason: str | None) -> str:
    """Why a hand was voided, as the scoreboard says it: the bot's own reasons (cancelled,
    not confirmed in time, undone) in the reader's language, a player's words as typed."""
    kind, detail = void_reason(reason or "")
    if kind == "cancelled":
        return context.t("skv.void.cancelled", name=detail)
    if kind == "expired":
        return context.t("skv.void.expired")
    if kind == "undo":
        return context.t("skv.void.undo", reason=detail)
    return detail


def running_chart(context: PageContext, sheet: SessionSheet) -> LineChart | None:
    """The seats' running totals over the confirmed hands, from 0 before the first. Up to
    :data:`DOTTED_HANDS` hands each point is a dot linking to its hand's row, its tooltip the
    seat's name, the hand's number and the total (no word to translate: no catalog text is
    formatted per point); beyond, the dots would overlap at a phone's width and the chart is
    lines only. None before a hand counts."""
    running = sheet.running()
    if not running:
        return None
    dotted = len(running) <= DOTTED_HANDS
    series = []
    for seat, player in enumerate(sheet.session.seats):
        name = ISOLATE + player.display_name + END_ISOLATE
        points = [Point(0, 0)]
        for r in running:
            total = r.totals[seat]
            if dotted:
                link, title = f"#hand-{r.hand.id}", f"{name} #{r.hand.seq} {total:+d}"
                points.append(Point(r.hand.seq, total, link, title))
            else:
                points.append(Point(r.hand.seq, total))
        series.append((player.display_name, points))
    return line_chart(
        context.t("web.session.chart"), series, width=CHART_WIDTH, height=CHART_HEIGHT
    )


def when(iso: str | None) -> str:
    """A stored UTC time as the page writes it: ``2026-03-01 20:15 UTC``."""
    return f"{iso[:16].replace('T', ' ')} UTC" if iso else ""


async def session_page(context: PageContext, session_id: str) -> web.StreamResponse:
    sid = number(session_id)
    try:
        sheet = await read_session_sheet(context.db, context.guild_id, sid)
    except NotFound:
        raise web.HTTPNotFound() from None
    info = sheet.session
    words = Words(context)
    heads = tuple(
        SeatHead(t.seat, t.player, initial(t.player.display_name), t.total) for t in sheet.totals
    )
    return await context.page(
        "session.html",
        sheet=sheet,
        info=info,
        heads=heads,
        rows=[hand_row(h, info.seats, words) for h in sheet.hands],
        draw_word=words.how["draw"],
        pending=sum(1 for h in sheet.hands if h.status == "pending"),
        chart=running_chart(context, sheet),
        preset=str(info.rules.get("preset", "shangrao")),
        opened=when(info.opened_at),
        closed=when(info.closed_at),
    )


def routes(pages: SitePages) -> None:
    pages.page("session/{session_id}", session_page)
