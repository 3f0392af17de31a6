"""Not collected by the suite (no ``test_`` prefix): ``test_a_violation_fails_the_test`` runs it
in a subprocess to prove that a violation the test body never looks at still fails the test
(through the ``fake_discord`` fixture's teardown)."""

from __future__ import annotations

import aiohttp

from tests.e2e.fake_discord import FakeDiscord


async def test_demo_unhandled_violation(fake_discord: FakeDiscord) -> None:
    url = f"{fake_discord.api_base}/nope"
    async with aiohttp.ClientSession() as session, session.get(url) as resp:
        assert resp.status == 404  # the test body passes; the fixture must fail it
