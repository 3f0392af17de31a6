"""Discord screens of scorekeeping at physical tables: the hand preview with Confirm/Cancel,
the live scoreboard, the settlement with a Paid button per transfer.

Buttons are :class:`discord.ui.DynamicItem` templates whose custom_id carries the hand or
transfer id (``sk:confirm:{hand}``, ``sk:cancel:{hand}``, ``sk:paid:{transfer}``), so a prompt
posted before a restart still works. Every rule (who may confirm, expiry, double presses) is
the scorebook's (:mod:`shangrao_bot.service.scorebook`); refusals go through the one error path.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from shangrao_bot.rules.scoring import WinHow
from shangrao_bot.service.scorebook import (
    Actor,
    Preview,
    Scoreboard,
    ScoreBook,
)
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.store.ledger import Hand, SessionInfo, TransferRow, get_session, list_transfers
from shangrao_bot.ui.core_text import localize_reason
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.i18n import lang_of, t
from shangrao_bot.ui.language import public_language

if TYPE_CHECKING:
    from shangrao_bot.store.db import Database

log = logging.getLogger(__name__)

COLOUR = 0x2E7D32
MAX_PAID_BUTTONS = 25  # Discord: five rows of five buttons


def esc(name: str) -> str:
    return discord.utils.escape_markdown(discord.utils.escape_mentions(name))


async def actor_for(db: Database, interaction: discord.Interaction) -> Actor:
    """Who is acting, with what the guild lets them do: administrators (Manage Server or
    Administrator) and members holding the guild's scorer role."""
    user = interaction.user
    perms = getattr(user, "guild_permissions", None)
    is_admin = bool(perms and (perms.administrator or perms.manage_guild))
    is_scorer = False
    if interaction.guild_id is not None:
        role = (await get_settings(db, interaction.guild_id)).scorer_role_id
        roles = getattr(user, "roles", [])
        is_scorer = role is not None and any(r.id == role for r in roles)
    name = getattr(user, "display_name", None) or user.name
    return Actor(user.id, name, is_admin=is_admin, is_scorer=is_scorer)


def public_lang(interaction: discord.Interaction) -> str:
    """The language of messages everyone at the table reads and several people change (a
    preview, the scoreboard, the settlement): the server's, so an edit never switches it."""
    return public_language(interaction.client, interaction.guild_id, interaction.guild_locale)


def reason_name(reason: str, lang: str) -> str:
    return t(f"skv.reason.{reason}", lang)


def _payment_lines(pays: list[tuple[str, str, int, str]], lang: str) -> list[str]:
    return [
        t(
            "table.result.payment",
            lang,
            payer=esc(payer),
            payee=esc(payee),
            amount=amount,
            reason=reason_name(reason, lang),
        )
        for payer, payee, amount, reason in pays
    ]


def expires_at(hand: Hand, minutes: int) -> datetime:
    return datetime.fromisoformat(hand.created_at) + timedelta(minutes=minutes)


def preview_embed(p: Preview, lang: str, minutes: int, hand: Hand | None = None) -> discord.Embed:
    """The scored hand with names; ``hand`` (the stored record, current) sets the status."""
    r = p.result
    hand = hand or p.hand
    lines: list[str] = []
    if p.winner is not None and r.pattern:
        lines.append(t("skv.preview.winner", lang, name=esc(p.seats[p.winner])))
        lines.append(t("score.pattern", lang, pattern=r.pattern, factor=r.pattern_factor))
        lines += [
            f"{m.name} ×{m.factor}" + (f" ({localize_reason(m.note, lang)})" if m.note else "")
            for m in r.modifiers
        ]
        lines.append(t("score.value", lang, value=r.value))
        if r.interpretation is not None:
            lines.append(f"`{r.interpretation.to_str()}`")
    else:
        lines.append(t("skv.preview.draw", lang))
    lines.append("")
    pays = [(p.seats[x.payer], p.seats[x.payee], x.amount, x.reason.value) for x in r.payments]
    lines += _payment_lines(pays, lang) or [t("skv.preview.no_payments", lang)]
    title = (
        t("skv.preview.title", lang, seq=hand.seq, session=hand.session_id)
        if hand is not None
        else t("score.title", lang)
    )
    embed = discord.Embed(title=title, description="\n".join(lines)[:4000], colour=COLOUR)
    net = "\n".join(f"{esc(n)} **{d:+d}**" for n, d in zip(p.seats, r.deltas, strict=True))
    embed.add_field(name=t("skv.preview.net", lang), value=net[:1024], inline=False)
    if hand is None:
        embed.set_footer(text=t("score.calculator", lang))
    else:
        embed.add_field(
            name="\u200b", value=status_line(hand, p.needed, lang, minutes), inline=False
        )
    return embed


def status_line(hand: Hand, needed: int, lang: str, minutes: int) -> str:
    if hand.status == "confirmed":
        return t("skv.preview.counted", lang)
    if hand.status == "voided":
        return t("skv.preview.voided", lang, reason=hand.void_reason or "")
    stamp = f"<t:{int(expires_at(hand, minutes).timestamp())}:R>"
    if needed <= 0 or (needed == 1 and not hand.confirmations and _alone(hand)):
        return t("skv.preview.pending_self", lang, expires=stamp)
    return t("skv.preview.pending", lang, needed=needed, expires=stamp)


def _alone(hand: Hand) -> bool:
    """No seated member but the recorder: the recorder confirms their own preview."""
    return not any(p.user_id not in (None, hand.recorded_by) for p in hand.players)


def update_status(embed: discord.Embed, hand: Hand, needed: int, lang: str, minutes: int) -> None:
    """Rewrite the status field of a posted preview (its last field)."""
    idx = len(embed.fields) - 1
    if idx >= 0 and embed.fields[idx].name == "\u200b":
        embed.set_field_at(
            idx, name="\u200b", value=status_line(hand, needed, lang, minutes), inline=False
        )


def preview_view(hand: Hand, lang: str) -> discord.ui.View | None:
    """Confirm and Cancel while the hand waits; nothing once it counts or is voided."""
    if hand.status != "pending":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PreviewButton("confirm", hand.id, lang))
    view.add_item(PreviewButton("cancel", hand.id, lang))
    return view


def how_label(how: WinHow, lang: str) -> str:
    return t(f"skv.how.{how.value}", lang)


# --- the live scoreboard ------------------------------------------------------------------------


def scoreboard_embed(board: Scoreboard, lang: str, closed: bool = False) -> discord.Embed:
    info = board.session
    ranked = sorted(board.standings, key=lambda s: (-s.total, s.seat))
    lines = [
        t(
            "skv.board.row",
            lang,
            rank=i + 1,
            seat=s.seat + 1,  # seats are numbered 1-4 in a session
            name=esc(s.player.display_name),
            total=s.total,
        )
        for i, s in enumerate(ranked)
    ]
    lines.append("")
    lines.append(
        t(
            "skv.board.meta",
            lang,
            preset=info.rules.get("preset", "shangrao"),
            stake=info.stake,
            hands=len(board.deltas),
        )
    )
    if board.last is not None:
        last = board.last
        if last.outcome == "win" and last.winners:
            w = last.winners[0]
            what = t(
                "skv.board.last_win",
                lang,
                name=esc(last.players[w].display_name),
                pattern=last.pattern or "?",
                delta=last.deltas[w],
            )
        else:
            what = "流局"
        lines.append(t("skv.board.last", lang, seq=last.seq, what=what))
    if board.pending and not closed:
        lines.append(t("skv.board.pending", lang, count=board.pending))
    if not closed:
        lines.append(t("skv.board.help", lang))
    key = "skv.board.closed_title" if closed else "skv.board.title"
    embed = discord.Embed(
        title=t(key, lang, session=info.id), description="\n".join(lines)[:4000], colour=COLOUR
    )
    if board.deltas:
        embed.set_image(url="attachment://totals.png")
    return embed


async def scoreboard_files(board: Scoreboard) -> list[discord.File]:
    """The running-total chart (seats 座0-座3, no names), when a hand counts."""
    if not board.deltas:
        return []
    from shangrao_bot.render import render_running_totals

    labels = [f"座{s + 1}" for s in range(4)]  # seats are numbered 1-4 in a session
    png = await asyncio.to_thread(render_running_totals, [list(d) for d in board.deltas], 4, labels)
    return [discord.File(io.BytesIO(png), filename="totals.png")]


async def refresh_scoreboard(
    client: discord.Client, book: ScoreBook, info: SessionInfo, lang: str
) -> None:
    """Edit the session's live scoreboard after a change (best effort: a deleted message or a
    missing permission is logged, never an error for the player who confirmed)."""
    info = await get_session(book.db, info.guild_id, info.id)
    if info.board_channel_id is None or info.board_message_id is None:
        return
    board = await book.scoreboard(info)
    channel = client.get_partial_messageable(info.board_channel_id)
    try:
        await channel.get_partial_message(info.board_message_id).edit(
            embed=scoreboard_embed(board, lang, closed=info.status == "closed"),
            attachments=await scoreboard_files(board),
        )
    except discord.HTTPException as exc:
        log.warning("scoreboard of session %d not updated: %s", info.id, exc.status)


# --- settlement ---------------------------------------------------------------------------------


def settlement_embed(transfers: list[TransferRow], lang: str) -> discord.Embed:
    lines = [
        t(
            "skv.settle.row",
            lang,
            mark="✅" if tr.paid_at else "▫️",
            payer=esc(tr.payer.display_name),
            payee=esc(tr.payee.display_name),
            amount=tr.amount,
        )
        for tr in transfers
    ] or [t("skv.settle.none", lang)]
    if any(tr.paid_at is None for tr in transfers):
        lines += ["", t("skv.settle.help", lang)]
    return discord.Embed(
        title=t("skv.settle.title", lang), description="\n".join(lines)[:4000], colour=COLOUR
    )


def settlement_view(transfers: list[TransferRow], lang: str) -> discord.ui.View | None:
    unpaid = [tr for tr in transfers if tr.paid_at is None][:MAX_PAID_BUTTONS]
    if not unpaid:
        return None
    view = discord.ui.View(timeout=None)
    for tr in unpaid:
        view.add_item(PaidButton(tr.id, lang, tr))
    return view


# --- buttons ------------------------------------------------------------------------------------


class _BookButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sk:never"):
    """Shared callback plumbing: errors through the one path; a preview found expired on the
    way has its prompt closed at once."""

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.run(interaction)
        except Exception as error:
            await reply_error(interaction, error)
        await close_expired(interaction.client, book_of(interaction))

    async def run(self, interaction: discord.Interaction) -> None:  # pragma: no cover
        raise NotImplementedError


def bot_book(client: Any) -> ScoreBook:
    """The bot's one :class:`ScoreBook` (made on first use, over the bot's database)."""
    book = getattr(client, "scorebook", None)
    if not isinstance(book, ScoreBook):
        book = ScoreBook(client.db)
        client.scorebook = book
    return book


async def close_expired(client: discord.Client, book: ScoreBook) -> int:
    """Close the prompts of the previews voided as expired (by the sweep, a late Confirm, the
    end of a session) and update their sessions' scoreboards; returns how many."""
    expired = book.take_expired()
    for hand in expired:
        guild = client.get_guild(hand.guild_id)
        lang = public_language(
            client, hand.guild_id, guild.preferred_locale if guild is not None else None
        )
        await close_prompt(client, hand, lang)
        info = await get_session(book.db, hand.guild_id, hand.session_id)
        await refresh_scoreboard(client, book, info, lang)
    return len(expired)


def book_of(interaction: discord.Interaction) -> ScoreBook:
    return bot_book(interaction.client)


async def close_prompt(client: discord.Client, hand: Hand, lang: str) -> None:
    """Show a settled preview (voided, expired, counted elsewhere) as such, without buttons;
    best effort like the scoreboard."""
    if hand.message_channel_id is None or hand.message_id is None:
        return
    minutes = (await get_settings(bot_book(client).db, hand.guild_id)).confirm_minutes
    channel = client.get_partial_messageable(hand.message_channel_id)
    try:
        message = await channel.fetch_message(hand.message_id)
        embeds = [e.copy() for e in message.embeds]
        if embeds:
            update_status(embeds[0], hand, 0, lang, minutes)
        await message.edit(embeds=embeds, view=None)
    except discord.HTTPException as exc:
        log.warning("preview of hand %d not updated: %s", hand.id, exc.status)


async def _answer_prompt(
    interaction: discord.Interaction, book: ScoreBook, hand: Hand, needed: int
) -> None:
    """Edit the preview message the button is on: its status, and its buttons."""
    lang = public_lang(interaction)
    assert interaction.guild_id is not None
    minutes = (await get_settings(book.db, interaction.guild_id)).confirm_minutes
    message = interaction.message
    embeds = [e.copy() for e in message.embeds] if message is not None else []
    if embeds:
        update_status(embeds[0], hand, needed, lang, minutes)
    await interaction.response.edit_message(
        embeds=embeds,
        view=preview_view(hand, lang),
        attachments=message.attachments if message else [],
    )


class PreviewButton(_BookButton, template=r"sk:(?P<op>confirm|cancel):(?P<hand>\d+)"):
    """Confirm or Cancel on a hand's preview (``sk:{op}:{hand}``)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "confirm": discord.ButtonStyle.success,
        "cancel": discord.ButtonStyle.secondary,
    }

    def __init__(self, op: str, hand: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(f"skv.btn.{op}", lang), style=self.STYLES[op], custom_id=f"sk:{op}:{hand}"
            )
        )
        self.op, self.hand = op, hand

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PreviewButton:
        return cls(match["op"], int(match["hand"]))

    async def run(self, interaction: discord.Interaction) -> None:
        book = book_of(interaction)
        assert interaction.guild_id is not None
        actor = await actor_for(book.db, interaction)
        if self.op == "cancel":
            hand = await book.cancel(interaction.guild_id, self.hand, actor)
            await _answer_prompt(interaction, book, hand, 0)
        else:
            outcome = await book.confirm(interaction.guild_id, self.hand, actor)
            hand = outcome.hand
            await _answer_prompt(interaction, book, hand, outcome.needed)
            if not outcome.counted:  # the scoreboard changes only once it counts
                await interaction.followup.send(
                    t("skv.reply.confirmed", lang_of(interaction.locale), id=self.hand),
                    ephemeral=True,
                )
                return
        info = await get_session(book.db, interaction.guild_id, hand.session_id)
        await refresh_scoreboard(interaction.client, book, info, public_lang(interaction))


class PaidButton(_BookButton, template=r"sk:paid:(?P<transfer>\d+)"):
    def __init__(self, transfer: int, lang: str = "en", row: TransferRow | None = None) -> None:
        label = (
            t(
                "skv.btn.paid",
                lang,
                payer=row.payer.display_name[:20],
                payee=row.payee.display_name[:20],
                amount=row.amount,
            )
            if row is not None
            else t("skv.btn.paid", lang, payer="?", payee="?", amount="")
        )
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"sk:paid:{transfer}"
            )
        )
        self.transfer = transfer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PaidButton:
        return cls(int(match["transfer"]))

    async def run(self, interaction: discord.Interaction) -> None:
        book = book_of(interaction)
        assert interaction.guild_id is not None
        actor = await actor_for(book.db, interaction)
        row = await book.paid(interaction.guild_id, self.transfer, actor)
        transfers = await list_transfers(book.db, interaction.guild_id, row.session_id)
        lang = public_lang(interaction)
        message = interaction.message
        embeds = list(message.embeds) if message is not None else []
        # the settlement is the last embed of the closing message
        if embeds:
            embeds[-1] = settlement_embed(transfers, lang)
        await interaction.response.edit_message(
            embeds=embeds, view=settlement_view(transfers, lang)
        )


SCORE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PreviewButton,
    PaidButton,
)
