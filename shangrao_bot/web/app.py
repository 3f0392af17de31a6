"""The operator's web application: the routes of every page module, and one plain 404.

Each page module gives its routes as a list (``health_routes(...)``, ``metrics_routes(...)``);
:func:`build_app` puts them in one application. A page added later (a status page, a table's
log) is a module of its own with a function returning its routes, passed here beside the
others. Every path no route serves gets the same plain ``404 not found``, whatever it is, so
the answer tells nothing about what else the process might serve.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable

from aiohttp import web

NOT_FOUND = "not found\n"

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def plain(text: str, status: int = 200) -> web.Response:
    """A page's answer as plain UTF-8 text."""
    return web.Response(text=text, status=status, content_type="text/plain", charset="utf-8")


@web.middleware
async def plain_not_found(request: web.Request, handler: Handler) -> web.StreamResponse:
    """aiohttp's own 404 (an HTML-ish text naming its reason) becomes the one plain 404."""
    try:
        return await handler(request)
    except web.HTTPNotFound:
        return plain(NOT_FOUND, status=404)


def build_app(*route_lists: Iterable[web.AbstractRouteDef]) -> web.Application:
    """The application serving every route of ``route_lists`` (each page module's), and a
    plain 404 for everything else."""
    app = web.Application(middlewares=[plain_not_found])
    for routes in route_lists:
        app.add_routes(routes)
    return app
