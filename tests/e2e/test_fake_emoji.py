"""The fake's application emoji and component emoji rules: each refusal Discord would make,
provoked through the real discord.py client, answered with Discord's error shape; and
discord.py's own emoji calls working against the fake."""

from __future__ import annotations

import io
import os
from typing import Any

import discord
import pytest

from tests.e2e.conftest import StartBot
from tests.e2e.discord_rules import is_unicode_emoji
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.minibot import MiniBot
from tests.e2e.test_fake_rules import _walk, only_violation

EMOJIS = "/applications/{application_id}/emojis"


def png(size: int = 16, *, noise: bool = False) -> bytes:
    from PIL import Image

    if noise:  # incompressible: the PNG is about 4 bytes a pixel
        image = Image.frombytes("RGBA", (size, size), os.urandom(size * size * 4))
    else:
        image = Image.new("RGBA", (size, size), (20, 120, 60, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def gif(frames: int) -> bytes:
    from PIL import Image

    images = [Image.new("RGB", (16, 16), (i * 60, 100, 200 - i * 60)) for i in range(frames)]
    out = io.BytesIO()
    images[0].save(out, "GIF", save_all=frames > 1, append_images=images[1:], duration=100)
    return out.getvalue()


def data_uri(data: bytes, mime: str = "image/png") -> str:
    import base64

    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


class EmojiBot(MiniBot):
    """MiniBot plus ``/emojibutton`` (answers with one button carrying the emoji given as
    ``<:name:id>`` or unicode) and a way to post such buttons in a channel."""

    def __init__(self, *, guild_id: int | None) -> None:
        super().__init__(guild_id=guild_id)

        @self.tree.command(description="Answer with a button carrying an emoji")
        async def emojibutton(interaction: discord.Interaction, emoji: str) -> None:
            try:
                await interaction.response.send_message("pick", view=button_view(emoji))
            except discord.HTTPException as exc:
                await interaction.response.send_message(f"rejected {exc.status} {exc.code}")


def button_view(emoji: str | discord.PartialEmoji, *, select: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=60)
    if select:
        option = discord.SelectOption(label="five", value="5m", emoji=emoji)
        view.add_item(discord.ui.Select(custom_id="e:pick", options=[option]))
    else:
        view.add_item(discord.ui.Button(label="5m", custom_id="e:5m", emoji=emoji))
    return view


@pytest.fixture
async def bot(fake_discord: FakeDiscord, start_bot: StartBot) -> EmojiBot:
    return await start_bot(EmojiBot(guild_id=fake_discord.guild.id))


def general(bot: discord.Client, fake: FakeDiscord) -> discord.TextChannel:
    channel = bot.get_channel(fake.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def form_errors(fake: FakeDiscord) -> list[tuple[str, str]]:
    violation = only_violation(fake)
    assert (violation.status, violation.code, violation.message) == (
        400,
        50035,
        "Invalid Form Body",
    )
    return _walk(violation.errors or {})


# ----------------------------------------------------------------------------- the routes


async def test_discord_py_creates_lists_edits_and_deletes_application_emoji(
    fake_discord: FakeDiscord, bot: EmojiBot
) -> None:
    fake = fake_discord
    image = png()
    created = await bot.create_application_emoji(name="tile_5m", image=image)
    assert created.is_application_owned() and created.name == "tile_5m"
    assert created.user is not None and created.user.id == fake.bot_user.id
    assert (created.animated, created.require_colons, created.managed) == (False, True, False)
    assert created.available and created.roles == []
    stored = fake.application_emoji(created.id)
    assert stored is not None and stored.image == image and stored.content_type == "image/png"
    assert fake.application_emoji("tile_5m") is stored
    assert [e.id for e in await bot.fetch_application_emojis()] == [created.id]
    fetched = await bot.fetch_application_emoji(created.id)
    assert (fetched.id, fetched.name) == (created.id, "tile_5m")
    renamed = await created.edit(name="tile_five_m")
    assert renamed.name == "tile_five_m" == stored.name
    await renamed.delete()
    assert fake.application_emojis() == [] and await bot.fetch_application_emojis() == []
    assert (fake.emoji_uploads, fake.emoji_deletions) == (["tile_5m"], ["tile_five_m"])


async def test_an_animated_gif_is_an_animated_emoji(
    fake_discord: FakeDiscord, bot: EmojiBot
) -> None:
    still = await bot.create_application_emoji(name="still", image=gif(1))
    moving = await bot.create_application_emoji(name="moving", image=gif(3))
    assert (still.animated, moving.animated) == (False, True)
    assert str(moving) == f"<a:moving:{moving.id}>"


async def test_the_format_is_told_from_the_bytes(fake_discord: FakeDiscord, bot: EmojiBot) -> None:
    data = await bot.http.create_application_emoji(
        fake_discord.application_id, "declared_jpeg", data_uri(png(), "image/jpeg")
    )
    stored = fake_discord.application_emoji(int(data["id"]))
    assert stored is not None and stored.content_type == "image/png"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("a", "BASE_TYPE_BAD_LENGTH"),
        ("x" * 33, "BASE_TYPE_BAD_LENGTH"),
        ("tile-5m", "STRING_TYPE_REGEX"),
        ("has space", "STRING_TYPE_REGEX"),
        ("五万", "STRING_TYPE_REGEX"),
        ("🀄🀄", "STRING_TYPE_REGEX"),
    ],
)
async def test_emoji_names_follow_discords_rule(
    fake_discord: FakeDiscord, bot: EmojiBot, name: str, code: str
) -> None:
    with pytest.raises(discord.HTTPException) as caught:
        await bot.create_application_emoji(name=name, image=png())
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert form_errors(fake_discord) == [("name", code)]
    assert fake_discord.application_emojis() == []


async def test_emoji_names_are_unique_in_the_application(
    fake_discord: FakeDiscord, bot: EmojiBot
) -> None:
    fake = fake_discord
    fake.add_application_emoji("logo")
    mine = await bot.create_application_emoji(name="mine", image=png())
    for attempt in (
        bot.create_application_emoji(name="logo", image=png()),
        mine.edit(name="logo"),
    ):
        with pytest.raises(discord.HTTPException) as caught:
            await attempt
        assert caught.value.code == 50035
        assert form_errors(fake) == [("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN")]
    assert (await mine.edit(name="mine")).name == "mine"  # its own name is not taken
    with pytest.raises(ValueError, match="ALREADY_TAKEN"):
        fake.add_application_emoji("mine")


@pytest.mark.parametrize(
    ("image", "code"),
    [
        ("iVBORw0KGgo=", "BINARY_TYPE_INVALID_DATA_URI"),  # base64 without the data URI
        ("https://example.com/5m.png", "BINARY_TYPE_INVALID_DATA_URI"),
        ("data:image/png;base64,%%%", "BINARY_TYPE_INVALID_DATA_URI"),
        ("data:image/png;base64," + "QUJD", "IMAGE_INVALID"),  # "ABC"
        ("data:image/png;base64,iVBORw0KGgoAAAAN", "IMAGE_INVALID"),  # a PNG's first bytes
        ("big", "BINARY_TYPE_MAX_SIZE"),
    ],
)
async def test_emoji_images_follow_discords_rules(
    fake_discord: FakeDiscord, bot: EmojiBot, image: str, code: str
) -> None:
    if image == "big":
        image = data_uri(png(300, noise=True))  # ~352 KiB
    with pytest.raises(discord.HTTPException) as caught:
        await bot.http.create_application_emoji(fake_discord.application_id, "tile", image)
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert form_errors(fake_discord) == [("image", code)]


async def test_an_image_of_256_kib_is_accepted(fake_discord: FakeDiscord, bot: EmojiBot) -> None:
    image = png(250, noise=True)  # ~244 KiB
    assert 200 * 1024 < len(image) <= 256 * 1024
    emoji = await bot.create_application_emoji(name="noise", image=image)
    stored = fake_discord.application_emoji(emoji.id)
    assert stored is not None and stored.image == image


async def test_an_application_owns_at_most_2000_emoji(
    fake_discord: FakeDiscord, bot: EmojiBot
) -> None:
    fake = fake_discord
    for i in range(2000):
        fake.add_application_emoji(f"e{i}")
    with pytest.raises(discord.HTTPException) as caught:
        await bot.create_application_emoji(name="one_more", image=png())
    assert (caught.value.status, caught.value.code) == (400, 30008)
    assert caught.value.text == "Maximum number of emojis reached (2000)"
    assert fake.violations == []  # a bot cannot always know: a refusal, not a violation
    assert [r.code for r in fake.rejections] == [30008]
    with pytest.raises(ValueError, match="2000"):
        fake.add_application_emoji("one_more")
    listed = await bot.fetch_application_emojis()
    assert len(listed) == 2000 and listed[0].user is not None  # uploaded by a team member
    await listed[0].delete()
    assert (await bot.create_application_emoji(name="one_more", image=png())).name == "one_more"


async def test_unknown_emoji_is_10014(fake_discord: FakeDiscord, bot: EmojiBot) -> None:
    app = fake_discord.application_id
    for call in (
        bot.fetch_application_emoji(1234),
        bot.http.delete_application_emoji(app, 1234),
        bot.http.edit_application_emoji(app, 1234, payload={"name": "renamed"}),
    ):
        with pytest.raises(discord.NotFound) as caught:
            await call
        assert (caught.value.code, caught.value.text) == (10014, "Unknown Emoji")
    assert fake_discord.violations == []


async def test_another_applications_emoji_are_out_of_reach(
    fake_discord: FakeDiscord, bot: EmojiBot
) -> None:
    with pytest.raises(discord.Forbidden) as caught:
        await bot.http.get_application_emojis(fake_discord.application_id + 1)
    assert caught.value.code == 50001
    assert only_violation(fake_discord).code == 50001


async def test_fail_next_times_fails_that_many_requests(
    fake_discord: FakeDiscord, bot: EmojiBot
) -> None:
    fake = fake_discord
    fake.fail_next("POST", EMOJIS, status=503, times=2)
    for _ in range(2):
        with pytest.raises(discord.DiscordServerError):
            await bot.create_application_emoji(name="later", image=png())
    assert (await bot.create_application_emoji(name="later", image=png())).name == "later"
    assert [r.status for r in fake.rejections] == [503, 503] and fake.violations == []


# ----------------------------------------------------------------------------- components


async def test_a_button_may_carry_an_application_emoji(
    fake_discord: FakeDiscord, bot: EmojiBot
) -> None:
    fake = fake_discord
    emoji = await bot.create_application_emoji(name="tile_5m", image=png())
    sent = await general(bot, fake).send("pick", view=button_view(emoji._to_partial()))
    message = fake.get_message(sent.id)
    assert message is not None
    stored = message.buttons()[0]["emoji"]
    assert stored["id"] == str(emoji.id) and stored["name"] == "tile_5m"
    row = sent.components[0]  # as discord.py reads Discord's answer
    assert isinstance(row, discord.ActionRow)
    button = row.children[0]
    assert isinstance(button, discord.Button) and button.emoji is not None
    assert (button.emoji.id, button.emoji.name) == (emoji.id, "tile_5m")


@pytest.mark.parametrize("emoji", ["🀄", "✅", "1️⃣", "🟥", "👍🏽", "🇨🇳", "❤️", "👨‍👩‍👧"])
async def test_a_button_may_carry_a_unicode_emoji(
    fake_discord: FakeDiscord, bot: EmojiBot, emoji: str
) -> None:
    sent = await general(bot, fake_discord).send("pick", view=button_view(emoji))
    message = fake_discord.get_message(sent.id)
    assert message is not None and message.buttons()[0]["emoji"]["name"] == emoji


@pytest.mark.parametrize(
    ("emoji", "field"),
    [
        (discord.PartialEmoji(name="tile_5m", id=1234), "id"),  # no such emoji
        ("thumbsup", "name"),  # a shortcode is not an emoji
        (":tada:", "name"),
        ("tile_5m", "name"),  # a custom emoji's name without its id
        ("五", "name"),
        ("🀇", "name"),  # mahjong tiles are no emoji, except 🀄
    ],
)
async def test_a_button_emoji_must_exist(
    fake_discord: FakeDiscord, bot: EmojiBot, emoji: str | discord.PartialEmoji, field: str
) -> None:
    with pytest.raises(discord.HTTPException) as caught:
        await general(bot, fake_discord).send("pick", view=button_view(emoji))
    assert caught.value.code == 50035
    assert form_errors(fake_discord) == [
        (f"components.0.components.0.emoji.{field}", "BUTTON_COMPONENT_INVALID_EMOJI")
    ]


async def test_a_deleted_emoji_is_refused_and_so_is_an_edit_keeping_it(
    fake_discord: FakeDiscord, bot: EmojiBot
) -> None:
    fake = fake_discord
    emoji = await bot.create_application_emoji(name="old_art", image=png())
    sent = await general(bot, fake).send("pick", view=button_view(emoji._to_partial()))
    await emoji.delete()
    with pytest.raises(discord.HTTPException):
        await sent.edit(content="still picking", view=button_view(emoji._to_partial()))
    assert form_errors(fake) == [
        ("components.0.components.0.emoji.id", "BUTTON_COMPONENT_INVALID_EMOJI")
    ]
    await sent.edit(content="text only", view=button_view("🀄"))  # built again: accepted


async def test_a_select_options_emoji_must_exist(fake_discord: FakeDiscord, bot: EmojiBot) -> None:
    unknown = discord.PartialEmoji(name="tile_5m", id=1234)
    with pytest.raises(discord.HTTPException):
        await general(bot, fake_discord).send("pick", view=button_view(unknown, select=True))
    assert form_errors(fake_discord) == [
        ("components.0.components.0.options.0.emoji.id", "BUTTON_COMPONENT_INVALID_EMOJI")
    ]


async def test_interaction_responses_are_checked_too(
    fake_discord: FakeDiscord, bot: EmojiBot
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    emoji = await bot.create_application_emoji(name="tile_5m", image=png())
    ok = await (await fake.slash(alice, "emojibutton", emoji=str(emoji))).response()
    assert ok.buttons()[0]["emoji"]["id"] == str(emoji.id)
    rec = await fake.slash(alice, "emojibutton", emoji="<:gone:1234567890123456789>")
    assert (await rec.response()).content == "rejected 400 50035"
    assert form_errors(fake) == [
        ("data.components.0.components.0.emoji.id", "BUTTON_COMPONENT_INVALID_EMOJI")
    ]


def test_unicode_emoji_names() -> None:
    good: list[Any] = ["🀄", "✅", "#️⃣", "7⃣", "‼️", "ℹ️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "↔️", "🧑🏿‍🦱"]
    bad: list[Any] = ["", None, 5, "x", "ok", "✅ok", "🀐", "🂡", "宝", "  ", "\u200d", ":100:"]
    assert [n for n in good if not is_unicode_emoji(n)] == []
    assert [n for n in bad if is_unicode_emoji(n)] == []
