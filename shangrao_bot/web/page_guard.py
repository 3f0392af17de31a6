"""What stands between the web and the pages: the headers on every answer, GET and HEAD only,
each client's request budget, and one answer for every address that leads nowhere.

* **Headers.** Every answer (a page, a picture, a 404, a 429) carries a Content-Security-Policy
  that lets the page load only this server's own files (no inline script or style, no other
  host, no frames, no forms), ``Referrer-Policy: no-referrer`` (the addresses hold secrets),
  ``X-Content-Type-Options: nosniff`` and ``X-Frame-Options: DENY``. Pages are ``no-store``;
  the content-hashed files set their own long lifetime.
* **Methods.** Everything is read-only: any method but GET and HEAD is ``405`` with ``Allow``.
* **Budget.** A page costs its client one request of a :class:`~.client_budget.ClientBudget`;
  past it the answer is ``429`` with ``Retry-After``. A picture at a content-hashed address
  (a replay's boards: ``….<16 hex>.png``) costs one of a budget of its own,
  :data:`PICTURES_PER_PAGE` times the pages', so that stepping through a hand is not refused
  long before a page would be; the pages' own files (``/static/``) cost nothing.
  The client is the connection's address, or behind a reverse proxy on this machine
  (``trust_proxy``) the last address its ``X-Forwarded-For`` names.
* **One 404.** A bad token, an unknown or another server's id and a malformed address all get
  the same bytes (:data:`NOT_FOUND_PAGE`): the answer tells nothing of what exists.
* **Failures.** A page that fails answers a plain ``500`` page; the log names the route, never
  the address (it holds the server's secret).
"""

from __future__ import annotations

import ipaddress
import logging
import math
import re
from collections.abc import Awaitable, Callable
from importlib import resources

from aiohttp import web

from shangrao_bot.web.client_budget import ClientBudget

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

POLICY = (
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'none'"
)
HEADERS = {
    "Content-Security-Policy": POLICY,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
METHODS = ("GET", "HEAD")
FREE_PREFIX = "/static/"  # content-hashed files: no budget spent
PICTURE = re.compile(r"\.[0-9a-f]{16}\.png$")  # a picture at a content-hashed address
PICTURES_PER_PAGE = 10

NOT_FOUND_PAGE = (
    resources.files("shangrao_bot.web").joinpath("templates/not_found.html").read_bytes()
)
FAILED_PAGE = resources.files("shangrao_bot.web").joinpath("templates/failed.html").read_bytes()
BUSY_PAGE = resources.files("shangrao_bot.web").joinpath("templates/busy.html").read_bytes()


def html(body: bytes, status: int) -> web.Response:
    return web.Response(body=body, status=status, content_type="text/html", charset="utf-8")


def not_found() -> web.Response:
    """The one 404 answer."""
    return html(NOT_FOUND_PAGE, 404)


def client_of(request: web.Request, trust_proxy: bool) -> str:
    """The address a request's budget is counted against."""
    remote = request.remote or "?"
    if trust_proxy and _loopback(remote):
        forwarded = request.headers.get("X-Forwarded-For", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last[:64]
    return remote


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def guard(
    budget: ClientBudget, trust_proxy: bool = False, pictures: ClientBudget | None = None
) -> Callable[..., Awaitable[web.StreamResponse]]:
    """The middleware doing all of the above."""

    @web.middleware
    async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
        spent = pictures if pictures is not None and PICTURE.search(request.path) else budget
        response = await _answer(request, handler, spent, trust_proxy)
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    return guarded


async def _answer(
    request: web.Request, handler: Handler, budget: ClientBudget, trust_proxy: bool
) -> web.StreamResponse:
    if request.method not in METHODS:
        return web.Response(
            text="method not allowed\n", status=405, headers={"Allow": ", ".join(METHODS)}
        )
    if not request.path.startswith(FREE_PREFIX):
        wait = budget.take(client_of(request, trust_proxy))
        if wait > 0:
            retry = str(math.ceil(wait)) if math.isfinite(wait) else "3600"
            response = html(BUSY_PAGE, 429)
            response.headers["Retry-After"] = retry
            return response
    try:
        return await handler(request)
    except web.HTTPNotFound:
        return not_found()
    except web.HTTPException as exc:
        if exc.status == 405:
            return web.Response(
                text="method not allowed\n", status=405, headers={"Allow": ", ".join(METHODS)}
            )
        if 300 <= exc.status < 400:
            raise
        return not_found()
    except Exception:
        route = request.match_info.route.resource
        name = route.canonical if route is not None else "?"
        log.exception("web page %s failed", name)
        return html(FAILED_PAGE, 500)
