"""Bad input against Discord's limits, with the real bot and the loopback fake Discord: every
option a user types declares its bounds (so Discord itself refuses what is too long, as the
fake does), a refusal quotes at most the start of what was typed, and the one guard on the
reply path keeps any message within Discord's sizes."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.errors import Refusal
from shangrao_bot.rules.errors import RulesError
from shangrao_bot.rules.tiles import parse_tile
from shangrao_bot.ui.errors import message_for
from shangrao_bot.ui.limits import ECHO, fit_content, fit_embed, fit_embeds, shorten_quotes
from tests.e2e.conftest import StartBot
from tests.e2e.discord_rules import embed_length
from tests.e2e.fake_discord import DriverError, FakeDiscord
from tests.e2e.test_bot_commands import bot_settings
from tests.e2e.test_scorekeeping import counts, mention, start_session

QUOTED = re.compile(r"'([^'\n]*)'|“([^”\n]*)”")


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path)))


def options(fake: FakeDiscord) -> Iterator[tuple[str, dict[str, Any]]]:
    def walk(path: str, items: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
        for o in items:
            if o["type"] in (1, 2):
                yield from walk(f"{path} {o['name']}", o.get("options") or [])
            else:
                yield f"{path} {o['name']}", o

    for command in fake.commands(fake.guild):
        yield from walk(command["name"], command.get("options") or [])


# Options that hold a whole event's players, each a mention of about 22 characters: 64 players
# to add, or a round's 16 tables of four. Every other text stays within 400.
LONG_TEXT = {"event add people": 1500, "event seat tables": 4000}


async def test_every_typed_option_declares_its_bounds(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    unbounded = []
    for name, option in options(fake_discord):
        if option.get("choices"):
            continue  # Discord accepts only a listed value
        if option["type"] == 3 and not 1 <= option.get("max_length", 0) <= LONG_TEXT.get(name, 400):
            unbounded.append(name)
        if option["type"] in (4, 10) and ("min_value" not in option or "max_value" not in option):
            unbounded.append(name)
    assert unbounded == []


async def test_discord_refuses_what_is_too_long_and_nothing_is_written(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    await start_session(fake, alice, f"{mention(alice)} {mention(bob)} C D")
    before = await counts(bot)
    for command, given in (
        ("score undo", {"reason": "r" * 201}),
        ("score quick", {"winner": "w" * 6000, "pattern": "平胡自摸"}),
        ("score quick", {"winner": "", "pattern": "平胡自摸"}),
        ("session start", {"players": "p" * 401}),
        ("rules set", {"stake": 1001}),
        ("session start", {"players": "A B C D", "stake": -3}),  # (its own refusal stays)
        ("session start", {"players": "A B C D", "stake": 10**7}),
    ):
        with pytest.raises(DriverError, match=r"length must be|must be [<>]="):
            await fake.slash(alice, command, **given)
    assert await counts(bot) == before


@pytest.mark.parametrize(
    ("command", "given"),
    [
        ("score quick", {"winner": "w" * 100, "pattern": "平胡自摸"}),
        ("score quick", {"winner": "1", "pattern": "平胡自摸", "bonuses": "x" * 290 + ":暗杠"}),
        (
            "score tiles",
            {"hand": "123m456p789s11z22z", "bao": "5m", "win": "2z", "melds": "x" * 200},
        ),
        ("score tiles", {"hand": "q" * 200, "bao": "5m", "win": "2z"}),
        ("score draw", {"bonuses": "1:" + "k" * 290}),
        ("history", {"player": "h" * 100}),
    ],
)
async def test_a_refusal_quotes_only_the_start_of_what_was_typed(
    fake_discord: FakeDiscord, bot: ShangraoBot, command: str, given: dict[str, Any]
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    await start_session(fake, alice, f"{mention(alice)} {mention(bob)} C D")
    for who in (alice, bob):  # English and Chinese
        message = await (await fake.slash(who, command, **given)).response()
        assert message.ephemeral
        quoted = ["".join(q) for q in QUOTED.findall(message.text())]
        assert quoted, message.text()
        assert max(len(q) for q in quoted) <= ECHO + 1, message.text()
        assert any(q.endswith("…") for q in quoted), message.text()


def test_only_quoted_typed_text_is_cut() -> None:
    prose = "You can't confirm it: " + "another seated player does it, " * 4 + "it's the rule."
    assert shorten_quotes(prose) == prose  # apostrophes are not quotes
    perms = Refusal("table.missing_permissions", missing=", ".join(["**Send Messages**"] * 6))
    assert message_for(perms, "en").count("Send Messages") == 6  # what the bot wrote stays
    assert shorten_quotes("“" + "z" * 61 + "”") == "“" + "z" * 60 + "…”"


def test_the_error_path_keeps_a_reply_within_a_message() -> None:
    with pytest.raises(RulesError) as bad:
        parse_tile("x" * 5000)
    huge = bad.value
    assert len(message_for(huge, "en")) <= 2000
    long_reason = Refusal("score.bad_input", reason="x" * 3000)
    assert len(message_for(long_reason, "zh-CN")) <= 2000
    assert fit_content("y" * 2500) == "y" * 1999 + "…"


def test_fit_embed_keeps_every_part_and_the_total_within_discords_limits() -> None:
    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    for i in range(30):
        embed.add_field(name="n" * 300, value=f"{i}" + "v" * 2000)
    embed.set_footer(text="f" * 3000)
    embed.set_author(name="a" * 300)
    fitted = fit_embed(embed)
    data = fitted.to_dict()
    assert len(data["title"]) == 256 and data["title"].endswith("…")
    assert len(fitted.fields) <= 25
    assert all(len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in fitted.fields)
    assert len(fitted.footer.text or "") <= 2048 and len(fitted.author.name or "") <= 256
    assert embed_length(data) <= 6000
    two = fit_embeds([discord.Embed(description="x" * 4000), discord.Embed(description="y" * 4000)])
    assert sum(embed_length(e.to_dict()) for e in two) <= 6000
