"""A finished bot-table hand's replay: ``hand/<id>``, the board at each step as ``/replay`` draws
it, the step in words beside it, and the views ``/replay`` offers.

* **Which hands.** Only a finished hand of a bot table (:mod:`shangrao_bot.service.replay`
  decides, as for ``/replay``): an unknown id, another server's, a hand still being played or
  one whose log does not rebuild is the one 404; a hand recorded at a physical table has no
  moves, and its address sends the reader (302) to the hand in its session's page,
  ``session/<sid>#hand-<id>``.
* **Which views.** ``/replay`` lets anyone who presses its select show the table (every hand face
  up: the hand is over, its end revealed them all) or any seat's view; nobody is identified on
  the web, so the page offers exactly those: ``?view=t`` (the default) or ``?view=0``…``3``.
  A seat's decisions link to their review only where the server shows reviews to everyone.
* **Which step.** ``?step=N`` (0 the deal, as ``/replay`` and the reviews number steps); a step
  past the hand's end, or any malformed value, is the 404. Without JavaScript previous and next
  are links; ``static/replay.js`` steps in place (buttons, slider, ← →) and keeps the address.
* **The pictures** (:mod:`shangrao_bot.web.board_pictures`): ``hand/<id>/board/<view>/
  <step>.<lang>.<hash>.png``, drawn off the event loop once and kept by the browser; an address
  whose hash or step is not the hand's is the 404.

Rebuilt hands are kept in a small cache (a finished hand never changes), one per application.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass

from aiohttp import web

from shangrao_bot.render.replay import frame_size, replay_frame
from shangrao_bot.service.replay import (
    DamagedLog,
    LoadedReplay,
    PhysicalHand,
    ReplayCache,
    ReplayRefused,
)
from shangrao_bot.store.errors import NotFound
from shangrao_bot.store.ledger import get_hand
from shangrao_bot.store.ledger.hands import Hand
from shangrao_bot.web.addresses import review_path, site_path
from shangrao_bot.web.board_pictures import LIFETIME, BoardPictures, picture_hash
from shangrao_bot.web.replay_steps import seat_place, step_texts
from shangrao_bot.web.site_pages import PageContext, SitePages, number

log = logging.getLogger(__name__)

TABLE_VIEW = "t"
VIEWS = (TABLE_VIEW, "0", "1", "2", "3")
PICTURE_FILE = re.compile(r"(\d{1,5})\.(en|zh-CN|zh-TW)\.([0-9a-f]{16})\.png")


def seat_of(view: str) -> int | None:
    """The seat a view shows face up (None: the table's view, every hand)."""
    return None if view == TABLE_VIEW else int(view)


@dataclass(frozen=True)
class Position:
    """Where the page opens: a step (0 the deal) and a view."""

    step: int
    view: str


def read_position(query: Mapping[str, str]) -> Position:
    """The step and view of a page's query; the 404 for a value that is none of them."""
    view = query.get("view", TABLE_VIEW)
    if view not in VIEWS:
        raise web.HTTPNotFound()
    step = query.get("step")
    return Position(0 if step is None else number(step), view)


@dataclass(frozen=True)
class StepRow:
    """One step as the page lists it."""

    index: int
    text: str
    picture: str  # the picture's address
    href: str  # the page at this step (what a link without JavaScript opens)


@dataclass(frozen=True)
class ViewChoice:
    """One view the page offers: the table's, or a seat's (its wind and its player)."""

    view: str
    place: str
    name: str | None  # the seat's player as the ledger names them (typed text)
    href: str
    current: bool


def picture_address(
    context: PageContext, loaded: LoadedReplay, view: str, step: int, lang: str
) -> str:
    digest = picture_hash(loaded, view, step, lang)
    hand = loaded.source.hand_id
    return site_path(context.site.token, f"hand/{hand}/board/{view}/{step}.{lang}.{digest}.png")


def view_choices(
    context: PageContext, loaded: LoadedReplay, position: Position
) -> list[ViewChoice]:
    hand = loaded.source.hand_id
    first = loaded.replay.steps[0]
    choices = [
        ViewChoice(
            TABLE_VIEW,
            context.t("web.replay.view_table"),
            None,
            context.url(f"hand/{hand}", step=position.step, view=TABLE_VIEW),
            position.view == TABLE_VIEW,
        )
    ]
    for seat in range(len(first.public.seats)):
        view = str(seat)
        choices.append(
            ViewChoice(
                view,
                seat_place(first, seat, context.lang),
                loaded.names[seat] if seat < len(loaded.names) else None,
                context.url(f"hand/{hand}", step=position.step, view=view),
                position.view == view,
            )
        )
    # East first, as players sit
    return choices[:1] + sorted(choices[1:], key=lambda c: first.public.seats[int(c.view)].wind)


def review_address(context: PageContext, record: Hand, seat: int | None) -> str | None:
    """The review of the seat shown, where the server shows reviews to everyone and the seat is
    a member's (an AI's decisions are not reviewed)."""
    if seat is None or not context.settings.review_public or seat >= len(record.players):
        return None
    if record.players[seat].is_guest:
        return None
    return review_path(context.site, record.id, seat)


class ReplayPages:
    """The replay page and its pictures, over one cache of rebuilt hands and one of pictures."""

    def __init__(self) -> None:
        self.replays = ReplayCache()
        self.pictures = BoardPictures()

    async def _loaded(self, context: PageContext, hand_id: int) -> LoadedReplay:
        """The hand rebuilt; :class:`PhysicalHand` passes, every other refusal is the 404."""
        try:
            return await self.replays.get(context.db, context.guild_id, hand_id)
        except PhysicalHand:
            raise
        except ReplayRefused as refusal:
            if isinstance(refusal, DamagedLog):
                log.warning("hand %d does not replay: %s", hand_id, refusal.in_lang("en"))
            raise web.HTTPNotFound() from None

    async def page(self, context: PageContext, hand: str) -> web.StreamResponse:
        hand_id = number(hand)
        position = read_position(context.request.query)
        try:
            loaded = await self._loaded(context, hand_id)
        except PhysicalHand:
            record = await self._record(context, hand_id)
            raise web.HTTPFound(
                context.url(f"session/{record.session_id}") + f"#hand-{hand_id}"
            ) from None
        replay = loaded.replay
        if position.step >= len(replay):
            raise web.HTTPNotFound()
        record = await self._record(context, hand_id)
        seat = seat_of(position.view)
        lang = context.lang
        texts = step_texts(replay, seat, lang)
        rows = [
            StepRow(
                i,
                text,
                picture_address(context, loaded, position.view, i, lang),
                context.url(f"hand/{hand_id}", step=i, view=position.view),
            )
            for i, text in enumerate(texts)
        ]
        last = replay_frame(replay, hand_id, len(replay) - 1, seat)
        width, height = frame_size(last, lang=lang)  # the tallest board: room kept for any step
        return await context.page(
            "replay.html",
            hand_id=hand_id,
            loaded=loaded,
            record=record,
            rows=rows,
            current=rows[position.step],
            position=position,
            views=view_choices(context, loaded, position),
            review=review_address(context, record, seat),
            width=width,
            height=height,
        )

    async def _record(self, context: PageContext, hand_id: int) -> Hand:
        try:
            return await get_hand(context.db, context.guild_id, hand_id)
        except NotFound:
            raise web.HTTPNotFound() from None

    async def picture(
        self, context: PageContext, hand: str, view: str, file: str
    ) -> web.StreamResponse:
        hand_id = number(hand)
        named = PICTURE_FILE.fullmatch(file)
        if view not in VIEWS or named is None:
            raise web.HTTPNotFound()
        step, lang, digest = int(named[1]), named[2], named[3]
        try:
            loaded = await self._loaded(context, hand_id)
        except PhysicalHand:
            raise web.HTTPNotFound() from None
        if step >= len(loaded.replay) or digest != picture_hash(loaded, view, step, lang):
            raise web.HTTPNotFound()
        png = await self.pictures.get(loaded, seat_of(view), step, lang)
        response = web.Response(body=png, content_type="image/png")
        response.headers["Cache-Control"] = LIFETIME
        return response


def routes(pages: SitePages) -> None:
    replays = ReplayPages()
    pages.page("hand/{hand}", replays.page)
    pages.page("hand/{hand}/board/{view}/{file}", replays.picture)
