"""The buttons of a table itself, ``mj:{table}:{op}`` (:class:`TableButton`): the lobby's
(join, leave, add an AI player, start, rules, the host's "remove" of an AI seat), the table
message's (watch, rules) and a private panel's "I'm back"; and the lobby message they sit on
(:func:`lobby_message`).

Every callback funnels refusals and bugs through :func:`.errors.reply_error`; game logic stays
in the service.
"""

from __future__ import annotations

import io
import re
from typing import Any, ClassVar

import discord

from shangrao_bot.service.model import TableInfo
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.pictures import PICTURES
from shangrao_bot.ui.rulebook import book_message, preset_part
from shangrao_bot.ui.table_client import client_of, member_name
from shangrao_bot.ui.table_text import rules_line, seat_map, seat_place, status_line


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mj:(?P<table>\d+):(?P<op>join|leave|ai-easy|ai-normal|ai-hard|start|rules|back|watch|rm[0-3])",
):
    """Lobby and table-message buttons: the table id and what to do (``rm{seat}``: the host
    removes the AI player of that seat)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "start": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.danger,
    }

    def __init__(self, table: int, op: str, lang: str = "en", label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(t(f"table.btn.{op}", lang) if label is None else label)[:80],
                style=self.STYLES.get(op, discord.ButtonStyle.secondary),
                custom_id=f"mj:{table}:{op}",
            )
        )
        self.table = table
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        # made for its click only (never shown): the label the message carries stays
        return cls(int(match["table"]), match["op"], label=match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._run(interaction)
        except Exception as error:
            await reply_error(interaction, error)

    async def _run(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        service, lang = bot.service, lang_of(interaction.locale)
        user = interaction.user.id
        bot.table_presenter.remember_lang(user, lang)
        op = self.op
        if op == "rules":  # the table's settings and the rule book's part on its preset
            info = service.get(self.table)
            embed, view = book_message(preset_part(info.config.rules.preset.value), lang)
            await interaction.response.send_message(
                rules_line(info, lang), embed=embed, view=view, ephemeral=True
            )
            return
        if op == "join":
            info = service.get(self.table)
            seat = info.seat_of(user)
            if seat is not None:  # the host (seated by /table create) or a second click
                await interaction.response.send_message(
                    t("table.reply.already_here", lang, seat=seat_place(info, seat, lang)),
                    ephemeral=True,
                )
                return
        if op == "watch":
            await self._watch(interaction, lang)
            return
        # acknowledge before the service's work (a start deals and writes to the ledger): a
        # busy server must never let an interaction pass Discord's 3 seconds
        await interaction.response.defer(ephemeral=True, thinking=True)
        if op == "join":
            info = await service.join(self.table, user, member_name(interaction))
            seat = info.seat_of(user)
            where = seat_place(info, seat, lang) if seat is not None else ""
            await interaction.followup.send(
                t("table.reply.joined", lang, table=self.table, seat=where), ephemeral=True
            )
            return
        elif op == "leave":
            await service.leave(self.table, user)
            key = "table.reply.left"
        elif op in ("ai-easy", "ai-normal", "ai-hard"):
            await service.add_ai(self.table, user, op.removeprefix("ai-"))
            key = "table.reply.ai_added"
        elif op == "start":
            await service.start(self.table, user)
            key = "table.reply.started"
        elif op.startswith("rm"):
            seat = int(op.removeprefix("rm"))
            info = await service.remove_ai(self.table, user, seat)
            await interaction.followup.send(
                t("table.reply.ai_removed", lang, seat=seat_place(info, seat, lang)),
                ephemeral=True,
            )
            return
        else:  # back
            await service.back(self.table, user)
            key = "table.reply.back"
        await interaction.followup.send(t(key, lang, table=self.table), ephemeral=True)

    async def _watch(self, interaction: discord.Interaction, lang: str) -> None:
        """Watch from the table message: the public board, ephemeral — never a hand."""
        from shangrao_bot.render import render_board

        service = client_of(interaction).service
        info = await service.watch(self.table, interaction.user.id)
        text = t("table.reply.watch_board", lang, table=info.id)
        if info.public is None:
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await PICTURES.draw(render_board, info.public, lang=lang)
        await interaction.followup.send(
            f"{text}\n{status_line(info, lang)}"[:2000],
            file=discord.File(io.BytesIO(png), filename="board.png"),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


def lobby_message(info: TableInfo, lang: str) -> tuple[discord.Embed, discord.ui.View]:
    embed = discord.Embed(
        title=t("table.lobby.title", lang, table=info.id),
        description="\n".join(seat_map(info, lang)),
        colour=0xC0392B,
    )
    embed.add_field(name=t("table.lobby.rules", lang), value=rules_line(info, lang), inline=False)
    if info.spectators:
        embed.set_footer(text=t("table.lobby.watching", lang, n=len(info.spectators)))
    view = discord.ui.View(timeout=None)
    # seven buttons, and at most three "remove" ones (the host is human): two rows of Discord's
    # five, well inside its limit of five rows
    for op in ("join", "leave", "ai-easy", "ai-normal", "ai-hard", "start", "rules"):
        view.add_item(TableButton(info.id, op, lang))
    for i, s in enumerate(info.seats):  # the host may remove an AI player
        if s is not None and s.user_id is None:
            label = t("table.btn.rm", lang, name=seat_place(info, i, lang))
            view.add_item(TableButton(info.id, f"rm{i}", lang, label=label))
    return embed, view
