"""The league's web application: every server's pages (:mod:`.pages`), the content-hashed
files, the icon, and what else the process serves beside them (``/healthz``), behind the
guard (:mod:`.page_guard`: headers, GET and HEAD only, each client's budget, one 404)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from functools import cache

from aiohttp import web
from PIL import Image, ImageDraw

from shangrao_bot.settings import WebPlan
from shangrao_bot.store.database.interface import Database
from shangrao_bot.web.client_budget import ClientBudget
from shangrao_bot.web.page_guard import PICTURES_PER_PAGE, guard
from shangrao_bot.web.pages import add_every_page
from shangrao_bot.web.site_pages import SitePages
from shangrao_bot.web.static_files import LIFETIME, STATIC

PAGES = web.AppKey("pages", SitePages)  # the pages' routes and their rendered answers
BURST_SHARE = 0.5  # a client's burst: half its minute's budget (a page and its files at once)


@cache
def icon_png() -> bytes:
    """``/favicon.ico`` (browsers ask for it by that name): a small tile, as PNG."""
    img = Image.new("RGBA", (32, 32), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (5, 2, 26, 29), radius=4, fill=(245, 241, 230), outline=(47, 107, 79), width=2
    )
    draw.rectangle((12, 9, 19, 22), outline=(179, 38, 30), width=2)
    draw.line((15, 5, 15, 26), fill=(179, 38, 30), width=2)
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


async def icon(_request: web.Request) -> web.StreamResponse:
    response = web.Response(body=icon_png(), content_type="image/png")
    response.headers["Cache-Control"] = LIFETIME
    return response


def build_site_app(
    database: Callable[[], Database | None],
    plan: WebPlan,
    *others: Iterable[web.AbstractRouteDef],
    link_base: str = "",
) -> web.Application:
    """The application of the servers' pages over ``database()``, with ``others`` (each a
    module's routes: ``/healthz``) served beside them."""
    rate, burst = plan.requests_per_minute, max(1, round(plan.requests_per_minute * BURST_SHARE))
    budget = ClientBudget(rate, burst)
    pictures = ClientBudget(rate * PICTURES_PER_PAGE, burst * PICTURES_PER_PAGE)
    trust_proxy = plan.public_url is not None
    app = web.Application(middlewares=[guard(budget, trust_proxy, pictures)])
    pages = SitePages(database, link_base)
    add_every_page(pages)
    STATIC.load()
    app[PAGES] = pages
    app.add_routes(pages.routes())
    app.add_routes(STATIC.routes())
    app.add_routes([web.get("/favicon.ico", icon)])
    for routes in others:
        app.add_routes(routes)
    return app
