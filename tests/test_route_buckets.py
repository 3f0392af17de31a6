"""Discord's per-route buckets kept from its headers: an unknown bucket lets one request go at a
time, a known one what it has left (counting those on their way), a window ends as the answer
said, a 429 empties the bucket for its Retry-After, routes sharing a bucket hash share it, and a
global 429 holds the budget."""

from __future__ import annotations

import asyncio

from shangrao_bot.ui.request_budget import RequestBudget
from shangrao_bot.ui.request_gate import RequestGate
from shangrao_bot.ui.route_buckets import RouteBuckets, bucket_route

POST = "POST /api/v10/channels/{id}/messages"


def told(limit: int, remaining: int, reset_after: float, bucket: str = "b1") -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket,
    }


def test_routes_are_named_by_template_and_major_parameter() -> None:
    assert bucket_route("POST", "/api/v10/channels/1234567890123456789/messages") == (
        POST,
        "1234567890123456789",
    )
    assert bucket_route(
        "PATCH", "/api/v10/webhooks/1234567890123456789/aBc-123/messages/@original"
    ) == ("PATCH /api/v10/webhooks/{id}/{token}/messages/@original", "aBc-123")
    assert bucket_route("GET", "/api/v10/users/@me") == ("GET /api/v10/users/@me", "")


async def test_an_unknown_bucket_lets_one_go_and_a_known_one_what_it_has_left() -> None:
    buckets = RouteBuckets()
    key = await buckets.acquire(POST, "1")
    second = asyncio.create_task(buckets.acquire(POST, "1"))
    other_channel = await asyncio.wait_for(buckets.acquire(POST, "2"), 1)  # its own bucket
    await asyncio.sleep(0.05)
    assert not second.done()  # the first answer has not told the limits yet
    buckets.answered(key, POST, "1", 200, told(limit=3, remaining=2, reset_after=0.3))
    key2 = await asyncio.wait_for(second, 1)
    key3 = await asyncio.wait_for(buckets.acquire(POST, "1"), 1)
    assert key2 == key3 == "b1:1"  # the answer told the bucket's hash
    fourth = asyncio.create_task(buckets.acquire(POST, "1"))  # the window is spent
    await asyncio.sleep(0.1)
    assert not fourth.done()
    loop = asyncio.get_running_loop()
    started = loop.time()
    await asyncio.wait_for(fourth, 1)  # when the window ends (0.3 s after the answer)
    assert loop.time() - started >= 0.1
    assert buckets.waited == 2
    assert other_channel == f"{POST}:2"


async def test_requests_on_their_way_count_as_spent() -> None:
    buckets = RouteBuckets()
    first = await buckets.acquire(POST, "1")
    buckets.answered(first, POST, "1", 200, told(limit=5, remaining=4, reset_after=5))
    keys = [await buckets.acquire(POST, "1") for _ in range(3)]  # three on their way
    # an answer counted before the others arrived says 3 left; with them it is 1 at most
    buckets.answered(keys[0], POST, "1", 200, told(limit=5, remaining=3, reset_after=5))
    await asyncio.wait_for(buckets.acquire(POST, "1"), 1)
    blocked = asyncio.create_task(buckets.acquire(POST, "1"))
    await asyncio.sleep(0.05)
    assert not blocked.done()
    blocked.cancel()


async def test_a_429_empties_the_bucket_for_its_retry_after() -> None:
    buckets = RouteBuckets()
    key = await buckets.acquire(POST, "1")
    buckets.answered(key, POST, "1", 200, told(limit=5, remaining=4, reset_after=0.01))
    key = await buckets.acquire(POST, "1")
    headers = {**told(5, 0, 0.3), "Retry-After": "1", "X-RateLimit-Scope": "user"}
    assert buckets.answered(key, POST, "1", 429, headers) is None
    loop = asyncio.get_running_loop()
    started = loop.time()
    await buckets.acquire(POST, "1")
    assert 0.29 <= loop.time() - started < 0.9 and buckets.limited == 1


async def test_routes_with_one_bucket_hash_share_it() -> None:
    buckets = RouteBuckets()
    edit = "PATCH /api/v10/webhooks/{id}/{token}/messages/@original"
    follow = "POST /api/v10/webhooks/{id}/{token}"
    key = await buckets.acquire(edit, "tok")
    buckets.answered(key, edit, "tok", 200, told(2, 1, 5, bucket="hook"))
    key = await buckets.acquire(follow, "tok")
    buckets.answered(key, follow, "tok", 200, told(2, 0, 5, bucket="hook"))
    assert buckets.key(edit, "tok") == buckets.key(follow, "tok") == "hook:tok"
    blocked = asyncio.create_task(buckets.acquire(edit, "tok"))
    await asyncio.sleep(0.05)
    assert not blocked.done()  # the follow-up spent what the edit's bucket had
    blocked.cancel()


async def test_a_global_429_holds_the_budget_through_the_gate() -> None:
    budget = RequestBudget(rate=10)
    gate = RequestGate(budget)
    url = "https://discord.com/api/v10/channels/1234567890123456789/messages"
    async with gate.passing("POST", url) as answered:
        await answered(Response(429, {"Retry-After": "1", "X-RateLimit-Global": "true"}, 0.3))
    assert budget.held_until > budget.clock()
    loop = asyncio.get_running_loop()
    started = loop.time()
    async with gate.passing("POST", url.replace("1234", "4321")) as answered:
        await answered(Response(200, {}))
    assert 0.25 <= loop.time() - started < 0.9  # the body's exact wait, not the header's


class Response:
    def __init__(self, status: int, headers: dict[str, str], retry_after: float = 0) -> None:
        self.status, self.headers, self.retry_after = status, headers, retry_after

    async def json(self, content_type: str | None = None) -> dict[str, object]:
        return {"retry_after": self.retry_after, "global": True}


async def test_a_route_that_tells_no_limits_is_not_held() -> None:
    """A 429 injected on a route whose answers carry no limits (as Discord's unlimited routes):
    after its wait, requests go freely again — never a bucket left empty with no window to
    end."""
    buckets = RouteBuckets()
    key = await buckets.acquire(POST, "1")
    buckets.answered(key, POST, "1", 429, {}, retry_after=0.05)
    key = await asyncio.wait_for(buckets.acquire(POST, "1"), 1)
    buckets.answered(key, POST, "1", 200, {})
    keys = [await asyncio.wait_for(buckets.acquire(POST, "1"), 1) for _ in range(10)]
    for key in keys:
        buckets.answered(key, POST, "1", 502, {})  # Cloudflare's page: nothing learnt
    await asyncio.wait_for(buckets.acquire(POST, "1"), 1)
