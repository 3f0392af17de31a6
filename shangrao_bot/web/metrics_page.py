"""``/metrics``: the bot's registry in Prometheus's text format, or OpenMetrics when the
scraper asks for it (prometheus_client's own exposition and content negotiation), collected
on the event loop at each scrape (a few dozen series: well under a millisecond)."""

from __future__ import annotations

from aiohttp import web
from prometheus_client import CollectorRegistry
from prometheus_client.exposition import choose_encoder


def metrics_routes(registry: CollectorRegistry) -> list[web.RouteDef]:
    """``GET /metrics`` over ``registry``."""

    async def metrics(request: web.Request) -> web.Response:
        encode, content_type = choose_encoder(request.headers.get("Accept", ""))
        response = web.Response(body=encode(registry))
        response.headers["Content-Type"] = content_type
        return response

    return [web.get("/metrics", metrics)]
