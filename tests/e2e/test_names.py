"""Players' names through the real bot and the loopback fake Discord: a name typed with
full-width letters, invisible characters or direction controls is the same name as its plain
spelling; a name that is empty once those are gone, that reads as a seat number, or that is a
seated member's name is refused in the user's language and nothing is written."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shangrao_bot.discord_bot import ShangraoBot
from shangrao_bot.names import name_problem, normalize_name, same_name, shorten
from tests.e2e.conftest import StartBot
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.test_bot_commands import bot_settings
from tests.e2e.test_scorekeeping import counts, mention, start_session

ZWSP, RLO, LRM, ZWJ = "\u200b", "\u202e", "\u200e", "\u200d"


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[ShangraoBot]:
    yield await start_bot(ShangraoBot(bot_settings(fake_discord, tmp_path)))


def test_normalize_name() -> None:
    assert normalize_name("Ｌａｏ\u3000Ｗａｎｇ") == "Lao Wang"  # full-width, ideographic space
    assert normalize_name(f" Lao{ZWSP} \t Wang{LRM}{RLO} ") == "Lao Wang"
    assert normalize_name(f"{ZWSP}{ZWJ}{RLO}\u2066\ufeff") == ""
    assert normalize_name("３") == "3" and normalize_name("老王") == "老王"
    assert same_name("LAO wang", f"Lao{ZWSP} Wang")


@pytest.mark.parametrize(
    ("name", "members", "problem"),
    [
        ("", (), "empty"),
        ("3", (), "number"),
        ("#12", (), "number"),
        ("x" * 65, (), "long"),
        ("bob", ("Alice", "Bob"), "member"),
        ("Lao Wang", ("Alice", "Bob"), None),
        ("3 Li", (), None),
    ],
)
def test_name_problem(name: str, members: tuple[str, ...], problem: str | None) -> None:
    assert name_problem(name, members) == problem


def test_shorten() -> None:
    assert shorten("abc", 60) == "abc"
    assert shorten("x" * 100, 60) == "x" * 60 + "…"


@pytest.mark.parametrize(
    ("who", "players", "expected"),
    [
        ("alice", "@alice @bob @carol 3", "'3' cannot be a name: a number means a seat"),
        ("alice", "@alice @bob @carol ３", "'3' cannot be a name"),  # full-width three
        ("bob", "@alice @bob @carol #7", "'#7' 不能当名字"),
        ("alice", f"@alice @bob @carol {ZWSP}{RLO}", "A guest needs a name with letters"),
        ("carol", "@alice, @bob, Bob, Lao Wang", "'Bob' 已經是這桌一位成員的名字"),
        ("alice", f"@alice, @bob, b{ZWSP}ob, Lao Wang", "'bob' is already the name of a member"),
        ("alice", "@alice @bob Ｗａｎｇ Wang", "The same player is named twice"),
    ],
)
async def test_bad_guest_names_are_refused_and_nothing_is_written(
    fake_discord: FakeDiscord, bot: ShangraoBot, who: str, players: str, expected: str
) -> None:
    fake = fake_discord
    for name in ("alice", "bob", "carol"):
        players = players.replace(f"@{name}", mention(fake.user(name)))
    before = await counts(bot)
    message = await (await fake.slash(fake.user(who), "session start", players=players)).response()
    assert message.ephemeral and expected in message.text(), message.text()
    assert await counts(bot) == before
    guests = await bot.db.fetchone("SELECT COUNT(*) FROM players WHERE guest_name IS NOT NULL")
    assert guests is not None and guests[0] == 0


async def test_one_name_however_it_is_typed(fake_discord: FakeDiscord, bot: ShangraoBot) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    started = await start_session(
        fake, alice, f"{mention(alice)} {mention(bob)}, Ｌａｏ　Ｗａｎｇ, Xiao{ZWSP} Li{RLO}"
    )
    assert "3. Lao Wang, 4. Xiao Li" in started.text()
    # typed again with invisible characters or full-width digits: the same seats
    preview = await (
        await fake.slash(alice, "score quick", winner=f"lao{ZWSP} WANG{LRM}", pattern="平胡自摸")
    ).response()
    assert "Lao Wang **+6**" in preview.text(), preview.text()
    cancel = next(c for c in preview.custom_ids if c.startswith("sk:cancel:"))
    await (await fake.click(alice, preview, cancel)).response()
    preview = await (
        await fake.slash(alice, "score quick", winner="４", pattern="平胡自摸")
    ).response()
    assert "Xiao Li **+6**" in preview.text(), preview.text()

    # renaming a guest: the same rules (an administrator renames)
    for name, expected in (
        ("2", "'2' cannot be a name"),
        (f"{ZWSP}{RLO}", "A guest needs a name"),
        ("bob", "'bob' is already the name of a member"),
    ):
        message = await (
            await fake.slash(alice, "player rename", player="Lao Wang", name=name)
        ).response()
        assert message.ephemeral and expected in message.text(), message.text()
    renamed = await (
        await fake.slash(alice, "player rename", player="Lao Wang", name=f"Ｗａｎｇ{ZWSP} Laoshi")
    ).response()
    assert "Lao Wang is now called Wang Laoshi" in renamed.text(), renamed.text()


async def test_a_members_name_is_normalized_too(
    fake_discord: FakeDiscord, bot: ShangraoBot
) -> None:
    """A nickname with a direction override and full-width letters shows, and is found, as
    its plain spelling; a guest may not take it."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    erin = fake.add_user("erin")
    fake.guild.add_member(erin, nick=f"{RLO}Ｅｒｉｎ{ZWSP}")
    roster = f"{mention(alice)}, {mention(bob)}, {mention(erin)}, erin"
    refused = await (await fake.slash(alice, "session start", players=roster)).response()
    assert "'erin' is already the name of a member" in refused.text(), refused.text()
    roster = f"{mention(alice)}, {mention(bob)}, {mention(erin)}, Wu"
    started = await (await fake.slash(alice, "session start", players=roster)).response()
    assert "3. Erin, 4. Wu" in started.text(), started.text()
    preview = await (
        await fake.slash(alice, "score quick", winner="erin", pattern="平胡自摸")
    ).response()
    assert "Erin **+6**" in preview.text(), preview.text()
