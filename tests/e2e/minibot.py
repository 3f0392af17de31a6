"""A minimal discord.py bot for testing the fake itself (not the project's bot).

Its commands exercise each route and rule of the fake through the real client: views with
buttons, a select and a modal; deferrals, follow-ups and edits; DMs with files; threads;
attachments; a subcommand group; an admin-only command; a localized command name; and
``/bad KIND``, which makes one request Discord would refuse and reports the refusal in a
follow-up (``rejected STATUS CODE``).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_message_response_params

PNG_1X1 = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
    b"\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99=\x1d\x00\x00\x00\x00IEND\xaeB`\x82"
)

log = logging.getLogger("minibot")

BAD_KINDS = [
    "content",
    "embed_title",
    "embed_description",
    "embed_fields",
    "field_name",
    "field_value",
    "footer",
    "author",
    "embed_total",
    "embeds_11",
    "rows_6",
    "buttons_6",
    "select_not_alone",
    "duplicate_ids",
    "options_26",
    "label_81",
    "custom_id_101",
    "files_11",
    "file_too_big",
    "empty",
    "ephemeral_flag",
    "openapi",
    "unknown_route",
    "edit_ephemeral_via_channel",
    "followup_content",
    "edit_original_embeds",
]


def _button(custom_id: str, label: str = "b", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id, **extra}


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _select(custom_id: str, n: int) -> dict[str, Any]:
    return {
        "type": 3,
        "custom_id": custom_id,
        "options": [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)],
    }


def bad_payload(kind: str) -> dict[str, Any]:
    """A channel-message body with the defect ``kind`` (for raw requests discord.py would
    refuse to build itself)."""
    long = "x" * 4097
    embeds: dict[str, list[dict[str, Any]]] = {
        "embed_title": [{"title": "t" * 257}],
        "embed_description": [{"description": long}],
        "embed_fields": [{"fields": [{"name": "n", "value": "v"}] * 26}],
        "field_name": [{"fields": [{"name": "n" * 257, "value": "v"}]}],
        "field_value": [{"fields": [{"name": "n", "value": "v" * 1025}]}],
        "footer": [{"footer": {"text": "f" * 2049}}],
        "author": [{"author": {"name": "a" * 257}}],
        "embed_total": [{"description": "d" * 4000}, {"description": "d" * 2001}],
        "embeds_11": [{"title": "t"}] * 11,
    }
    if kind in embeds:
        return {"embeds": embeds[kind]}
    components: dict[str, list[dict[str, Any]]] = {
        "rows_6": [_row(_button(f"r{i}")) for i in range(6)],
        "buttons_6": [_row(*[_button(f"b{i}") for i in range(6)])],
        "select_not_alone": [_row(_select("s", 2), _button("b"))],
        "duplicate_ids": [_row(_button("same"), _button("same"))],
        "options_26": [_row(_select("s", 26))],
        "label_81": [_row(_button("b", "L" * 81))],
        "custom_id_101": [_row(_button("c" * 101))],
    }
    if kind in components:
        return {"content": "components", "components": components[kind]}
    if kind == "content":
        return {"content": "x" * 2001}
    if kind == "empty":
        return {"content": ""}
    if kind == "ephemeral_flag":
        return {"content": "hidden?", "flags": 64}
    if kind == "openapi":
        return {"content": "ok", "tts": "yes"}  # a string where a boolean belongs
    raise ValueError(kind)


class Panel(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Hit", custom_id="mini:hit", style=discord.ButtonStyle.primary)
    async def hit(self, interaction: discord.Interaction, button: discord.ui.Button[Panel]) -> None:
        await interaction.response.edit_message(
            content=f"hit by {interaction.user.name}", view=self
        )

    @discord.ui.button(label="Off", custom_id="mini:off", disabled=True)
    async def off(self, interaction: discord.Interaction, button: discord.ui.Button[Panel]) -> None:
        await interaction.response.send_message("never")

    @discord.ui.button(label="Form", custom_id="mini:form")
    async def form(
        self, interaction: discord.Interaction, button: discord.ui.Button[Panel]
    ) -> None:
        await interaction.response.send_modal(NameForm())

    @discord.ui.button(label="Later", custom_id="mini:later")
    async def later(
        self, interaction: discord.Interaction, button: discord.ui.Button[Panel]
    ) -> None:
        await interaction.response.defer()
        assert interaction.message is not None
        await interaction.followup.edit_message(interaction.message.id, content="updated later")

    @discord.ui.select(
        custom_id="mini:pick",
        options=[discord.SelectOption(label=x, value=x) for x in ("one", "two", "three")],
        max_values=2,
    )
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.Select[Panel]
    ) -> None:
        await interaction.response.send_message(f"picked {','.join(select.values)}", ephemeral=True)

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="mini:who", max_values=2)
    async def who(
        self, interaction: discord.Interaction, select: discord.ui.UserSelect[Panel]
    ) -> None:
        names = ",".join(sorted(u.name for u in select.values))
        await interaction.response.send_message(f"chose {names}", ephemeral=True)


class NameForm(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[NameForm] = discord.ui.TextInput(
        label="Name", custom_id="mini:name", max_length=20
    )
    note: discord.ui.TextInput[NameForm] = discord.ui.TextInput(
        label="Note", custom_id="mini:note", required=False, style=discord.TextStyle.paragraph
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"hello {self.name.value} ({self.note.value or '-'})"
        )


class MiniTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        table = {"lang": {discord.Locale.chinese: "语言", discord.Locale.taiwan_chinese: "語言"}}
        return table.get(string.message, {}).get(locale)


class MiniBot(commands.Bot):
    def __init__(self, *, guild_id: int | None, intents: discord.Intents | None = None) -> None:
        super().__init__(command_prefix="!", intents=intents or discord.Intents.default())
        self.guild_id = guild_id
        self.errors: list[BaseException] = []
        self.synced: list[app_commands.AppCommand] = []
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        _register(self)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(MiniTranslator())
        if self.guild_id:
            guild = discord.Object(self.guild_id)
            self.tree.copy_global_to(guild=guild)
            self.synced = await self.tree.sync(guild=guild)
        else:
            self.synced = await self.tree.sync()

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        self.errors.append(error)
        log.info("command error: %r", error)


def _register(bot: MiniBot) -> None:
    tree = bot.tree

    @tree.command(description="Answer with a callback type a slash command cannot take")
    async def wrongtype(interaction: discord.Interaction) -> None:
        params = interaction_message_response_params(type=7, content="update?")
        try:
            await async_context.get().create_interaction_response(
                interaction.id, interaction.token, session=interaction._session, params=params
            )
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"rejected {exc.status} {exc.code}")

    @tree.command(description="Open a modal with a title over 45 characters")
    async def badmodal(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_modal(NameForm(title="T" * 46))
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"rejected {exc.status} {exc.code}")

    @tree.command(description="Answer with a panel")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", view=Panel())

    @tree.command(description="Echo a text")
    async def echo(interaction: discord.Interaction, text: str) -> None:
        try:
            await interaction.response.send_message(text)
        except discord.HTTPException as exc:
            await interaction.response.send_message(
                f"rejected {exc.status} {exc.code}", ephemeral=True
            )

    @tree.command(description="Make a request Discord refuses")
    async def bad(interaction: discord.Interaction, kind: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await _do_bad(interaction, kind)
        except discord.HTTPException as exc:
            await interaction.followup.send(f"rejected {exc.status} {exc.code}", ephemeral=True)
        else:
            await interaction.followup.send("accepted", ephemeral=True)

    @tree.command(description="Defer, then answer")
    async def later(interaction: discord.Interaction, ephemeral: bool = False) -> None:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        await asyncio.sleep(0)
        await interaction.followup.send("deferred done")
        await interaction.followup.send("second", ephemeral=True)

    @tree.command(description="Answer too late")
    async def late(interaction: discord.Interaction, delay: float = 0.2) -> None:
        await asyncio.sleep(delay)
        await interaction.response.send_message("late")

    @tree.command(description="Never answer")
    async def silent(interaction: discord.Interaction) -> None:
        return None

    @tree.command(description="Acknowledge twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        params = interaction_message_response_params(type=4, content="two")
        await async_context.get().create_interaction_response(
            interaction.id, interaction.token, session=interaction._session, params=params
        )

    game = app_commands.Group(name="game", description="Game commands")
    admin = app_commands.Group(name="admin", description="Game admin", parent=game)

    @game.command(name="start", description="Start a game")
    @app_commands.describe(players="How many players")
    @app_commands.choices(
        stake=[
            app_commands.Choice(name="Low", value="low"),
            app_commands.Choice(name="High", value="high"),
        ]
    )
    async def game_start(
        interaction: discord.Interaction,
        players: app_commands.Range[int, 2, 4],
        stake: str = "low",
        rival: discord.Member | None = None,
    ) -> None:
        extra = f" vs {rival.name}" if rival else ""
        await interaction.response.send_message(f"start {players} {stake}{extra}")

    @admin.command(name="reset", description="Reset the game")
    async def game_reset(
        interaction: discord.Interaction, where: discord.TextChannel | None = None
    ) -> None:
        await interaction.response.send_message(f"reset {where.name if where else '-'}")

    tree.add_command(game)

    @tree.command(name="admin-only", description="Administrators only")
    @app_commands.default_permissions(administrator=True)
    async def admin_only(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok admin", ephemeral=True)

    @tree.command(name=app_commands.locale_str("lang"), description="Greets in your language")
    async def lang(interaction: discord.Interaction) -> None:
        text = (
            "你好"
            if interaction.locale in (discord.Locale.chinese, discord.Locale.taiwan_chinese)
            else "hello"
        )
        await interaction.response.send_message(
            f"{text} [{interaction.locale.value}/{interaction.guild_locale}]"
        )

    @tree.command(description="DM the invoking user a picture")
    async def dm(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send(
                "your hand", file=discord.File(io.BytesIO(PNG_1X1), "hand.png")
            )
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"dms closed {exc.code}", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    @tree.command(description="Open a thread")
    async def thread(interaction: discord.Interaction, from_message: bool = False) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        await interaction.response.defer(ephemeral=True)
        if from_message:
            table = await channel.send("table 2")
            new = await table.create_thread(name="table-2")
        else:
            new = await channel.create_thread(
                name="table-3", type=discord.ChannelType.private_thread
            )
            await new.add_user(interaction.user)
        await new.send("welcome")
        await interaction.followup.send(f"thread {new.name} {new.id}", ephemeral=True)

    @tree.command(description="Size an attachment")
    async def upload(interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        await interaction.response.send_message(f"{file.filename} {len(data)} {data[:4]!r}")

    @tree.command(description="Edit the response and follow-ups")
    async def edits(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "v1", file=discord.File(io.BytesIO(b"one"), "one.txt")
        )
        await interaction.edit_original_response(
            content="v2", attachments=[discord.File(io.BytesIO(b"two"), "two.txt")]
        )
        follow = await interaction.followup.send("f1", ephemeral=True, wait=True)
        await follow.edit(content="f2")
        gone = await interaction.followup.send("gone", wait=True)
        await gone.delete()
        original = await interaction.original_response()
        assert original.content == "v2"

    @tree.command(description="Channel messages: send, edit, fetch, history, delete")
    async def channel(interaction: discord.Interaction) -> None:
        ch = interaction.channel
        assert isinstance(ch, discord.TextChannel | discord.Thread)
        await interaction.response.defer(ephemeral=True)
        first = await ch.send(
            "hello",
            file=discord.File(io.BytesIO(PNG_1X1), "tiles.png"),
            embed=discord.Embed(title="Table").set_image(url="attachment://tiles.png"),
        )
        await first.edit(content="hello again")
        fetched = await ch.fetch_message(first.id)
        temp = await ch.send("temp")
        await temp.delete()
        history = [m.content async for m in ch.history(limit=10)]
        async with ch.typing():
            pass
        await interaction.followup.send(f"{fetched.content}|{history}", ephemeral=True)

    @tree.command(description="Search with autocomplete")
    async def find(interaction: discord.Interaction, tile: str) -> None:
        await interaction.response.send_message(f"found {tile}")

    @find.autocomplete("tile")
    async def find_tile(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=t, value=t)
            for t in ("1m", "2m", "1p", "1s")
            if t.startswith(current)
        ]

    @tree.context_menu(name="Quote")
    async def quote(interaction: discord.Interaction, message: discord.Message) -> None:
        await interaction.response.send_message(f"> {message.content}")

    @tree.context_menu(name="Inspect")
    async def inspect(interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.send_message(f"inspect {member.name}", ephemeral=True)


async def _do_bad(interaction: discord.Interaction, kind: str) -> None:
    bot = interaction.client
    channel = interaction.channel
    assert channel is not None
    if kind == "content":  # through the ordinary API: discord.py does not check this
        await channel.send("x" * 2001)  # type: ignore[union-attr]
    elif kind == "file_too_big":
        await channel.send(file=discord.File(io.BytesIO(b"0" * 2048), "big.bin"))  # type: ignore[union-attr]
    elif kind == "files_11":
        form: list[dict[str, Any]] = [
            {"name": "payload_json", "value": discord.utils._to_json({"content": "many"})}
        ]
        form += [{"name": f"files[{i}]", "value": b"x", "filename": f"f{i}.txt"} for i in range(11)]
        await bot.http.request(
            Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id), form=form
        )
    elif kind == "followup_content":
        await interaction.followup.send("y" * 2001)
    elif kind == "edit_original_embeds":
        await interaction.edit_original_response(embed=discord.Embed(title="t" * 257))
    elif kind == "unknown_route":
        await bot.http.request(
            Route("POST", "/channels/{channel_id}/no-such-route", channel_id=channel.id), json={}
        )
    elif kind == "edit_ephemeral_via_channel":
        message = await interaction.followup.send("secret", ephemeral=True, wait=True)
        await bot.http.request(
            Route(
                "PATCH",
                "/channels/{channel_id}/messages/{message_id}",
                channel_id=channel.id,
                message_id=message.id,
            ),
            json={"content": "changed"},
        )
    else:
        await bot.http.request(
            Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id),
            json=bad_payload(kind),
        )
