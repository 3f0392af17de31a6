"""Discord screens of scorekeeping at physical tables: the hand preview with Confirm/Cancel,
the live scoreboard, the settlement with a Paid button per transfer.

Buttons are :class:`discord.ui.DynamicItem` templates whose custom_id carries the hand or
transfer id (``sk:confirm:{hand}``, ``sk:cancel:{hand}``, ``sk:paid:{transfer}``), so a prompt
posted before a restart still works. A recorder's request to void a hand that counts
(``sk:vreq:{ok|no}:{request}``) lives in memory: after a restart its buttons say to ask again.
Every rule (who may confirm, expiry, double presses) is the scorebook's
(:mod:`shangrao_bot.service.scorebook`); refusals go through the one error path.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from shangrao_bot.catalog.fields import term
from shangrao_bot.errors import NotAllowed
from shangrao_bot.rules.interpret import Interpretation
from shangrao_bot.rules.score_model import WinHow
from shangrao_bot.rules.tile_names import hand_text, tile_label
from shangrao_bot.rules.tiles import MeldKind
from shangrao_bot.service.hand_recording import Preview
from shangrao_bot.service.hand_voiding import VoidRequest, void_reason
from shangrao_bot.service.scorebook import ScoreBook
from shangrao_bot.service.seating import Actor
from shangrao_bot.service.session_scoreboard import Scoreboard
from shangrao_bot.store.guilds import get_settings
from shangrao_bot.store.ledger import Hand, SessionInfo, TransferRow, get_session
from shangrao_bot.ui.errors import reply_error
from shangrao_bot.ui.forward_messages import answer_forward
from shangrao_bot.ui.game_terms import ai_name, seat_place
from shangrao_bot.ui.i18n import in_lang, lang_of, t
from shangrao_bot.ui.language import public_language
from shangrao_bot.ui.limits import EMBED_TOTAL, fit_embed
from shangrao_bot.ui.payments import payment_line
from shangrao_bot.ui.record_button import record_view
from shangrao_bot.ui.scoreboard_chart import scoreboard_files
from shangrao_bot.ui.web_links import link_button, session_page, with_link

if TYPE_CHECKING:
    from shangrao_bot.store.database.interface import Database

log = logging.getLogger(__name__)

COLOUR = 0x2E7D32
MAX_PAID_BUTTONS = 25  # Discord: five rows of five buttons


def esc(name: str) -> str:
    return discord.utils.escape_markdown(discord.utils.escape_mentions(name))


# How the ledger names the guest an AI seat of a virtual table is recorded as
# (``service.recording.ai_name``): ``AI 2 (normal)``.
_AI_GUEST = re.compile(r"AI ([1-4]) \(([a-z]+)\)")


def ai_guest(name: str) -> tuple[int, str] | None:
    """The seat (0-3) and level of a player named as the ledger names an AI seat, else None.
    (A human guest who chose exactly that name is read the same way.)"""
    found = _AI_GUEST.fullmatch(name)
    return (int(found[1]) - 1, found[2]) if found else None


def player_name(name: str, lang: str) -> str:
    """A player's name as the reader sees it: an AI seat's guest in the reader's language
    (``电脑2号（普通）``), anyone else as they are called."""
    ai = ai_guest(name)
    return ai_name(ai[0], ai[1], lang) if ai else name


def shown(name: str, lang: str) -> str:
    """:func:`player_name`, escaped for Discord markdown (and mentions)."""
    return esc(player_name(name, lang))


def void_reason_text(reason: str, lang: str) -> str:
    """Why a hand was voided, in ``lang`` (the audit trail keeps English); what a player
    typed is quoted as typed."""
    kind, detail = void_reason(reason)
    if kind == "cancelled":
        return t("skv.void.cancelled", lang, name=shown(detail, lang))
    if kind == "expired":
        return t("skv.void.expired", lang)
    if kind == "undo":
        return t("skv.void.undo", lang, reason=esc(detail))
    return esc(detail)


def undo_reason(reason: str) -> str:
    """What the player gave ``/score undo`` (the stored reason without its ``undo:``)."""
    kind, detail = void_reason(reason)
    return detail if kind == "undo" else reason


def interpretation_text(reading: Interpretation, lang: str) -> str:
    """How the scorer read a hand, as players write it (``一二三万 四五六筒 东东东`` …; melds in
    brackets, a concealed kong in parentheses, a 跌宝杠 claimed on a discard in braces) and what
    each acting 宝 stood for."""
    parts = []
    for g in reading.groups:
        text = hand_text(g.tiles, lang)
        if g.meld is not None:
            if g.meld.kind is MeldKind.KONG_INDICATOR_EXPOSED:
                text = "{" + text + "}"
            else:
                text = f"({text})" if g.meld.kind.is_concealed else f"[{text}]"
        parts.append(text)
    out = (" · " if lang == "en" else " ").join(parts)
    if reading.acting:
        gap = " " if lang == "en" else ""  # Chinese brackets carry their own space
        out += gap + t("skv.preview.acting", lang, tiles=hand_text(reading.acting, lang))
    return out


def seat_names(p: Preview, lang: str) -> list[str]:
    """Each seat as the reader sees it (escaped): its player, or in the calculator its number
    (the winner is seat 1)."""
    if p.session is None:
        return [seat_place(i, None, lang) for i in range(len(p.seats))]
    return [shown(name, lang) for name in p.seats]


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


async def official_id(db: Database, interaction: discord.Interaction) -> int:
    """The acting user's id when they may keep the book (an administrator or a scorer:
    merging guests, starting seasons), else :class:`NotAllowed`."""
    actor = await actor_for(db, interaction)
    if not actor.official:
        raise NotAllowed("skv.scorer_only")
    return actor.user_id


def public_lang(interaction: discord.Interaction) -> str:
    """The language of a message everyone in the channel reads (a preview, the scoreboard,
    the settlement, an announcement): the server's, so an edit never switches it; in a DM,
    where the user is the only reader, theirs."""
    if interaction.guild_id is None:
        return lang_of(interaction.locale)
    return public_language(interaction.client, interaction.guild_id, interaction.guild_locale)


def reason_name(reason: str, lang: str) -> str:
    return t(f"skv.reason.{reason}", lang)


def _payment_lines(
    pays: list[tuple[str, str, int, str]], lang: str, value: int | None = None
) -> list[str]:
    """Payments with the payer's and payee's names as shown (already escaped); ``value``: the
    win's value per payer, so a payer's 飞宝 doubling is spelled out."""
    return [
        payment_line(payer, payee, amount, reason, lang, value)
        for payer, payee, amount, reason in pays
    ]


def expires_at(hand: Hand, minutes: int) -> datetime:
    return datetime.fromisoformat(hand.created_at) + timedelta(minutes=minutes)


def preview_embed(p: Preview, lang: str, minutes: int, hand: Hand | None = None) -> discord.Embed:
    """The scored hand with names; ``hand`` (the stored record, current) sets the status."""
    r = p.result
    hand = hand or p.hand
    names = seat_names(p, lang)
    lines: list[str] = []
    if p.winner is not None and r.pattern:
        lines.append(t("skv.preview.winner", lang, name=names[p.winner]))
        pattern = term(r.pattern, lang)
        lines.append(t("score.pattern", lang, pattern=pattern, factor=r.pattern_factor))
        lines += [
            f"{term(m.name, lang)} ×{m.factor}" + (f" ({in_lang(m.note, lang)})" if m.note else "")
            for m in r.modifiers
        ]
        lines.append(t("score.value", lang, value=r.value))
        if p.bao is not None and p.winning_tile is not None:
            bao, win = tile_label(p.bao, lang), tile_label(p.winning_tile, lang)
            lines.append(t("skv.preview.tiles", lang, bao=bao, win=win))
        elif p.bao is not None:
            lines.append(t("skv.preview.bao", lang, bao=tile_label(p.bao, lang)))
        if r.interpretation is not None:
            reading = interpretation_text(r.interpretation, lang)
            lines.append(t("skv.preview.reading", lang, hand=reading))
    else:
        lines.append(t("skv.preview.draw", lang))
    lines.append("")
    pays = [(names[x.payer], names[x.payee], x.amount, x.reason.value) for x in r.payments]
    lines += _payment_lines(pays, lang, r.value) or [t("skv.preview.no_payments", lang)]
    title = (
        t("skv.preview.title", lang, seq=hand.seq, session=hand.session_id)
        if hand is not None
        else t("score.title", lang)
    )
    embed = discord.Embed(title=title, description="\n".join(lines)[:4000], colour=COLOUR)
    net = "\n".join(f"{n} **{d:+d}**" for n, d in zip(names, r.deltas, strict=True))
    net_title = t("skv.calc.net" if p.session is None else "skv.preview.net", lang)
    embed.add_field(name=net_title, value=net[:1024], inline=False)
    if hand is None:
        embed.set_footer(text=t("score.calculator", lang))
    else:
        embed.add_field(
            name="\u200b", value=status_line(hand, p.needed, lang, minutes), inline=False
        )
    return fit_embed(embed)


def status_line(hand: Hand, needed: int, lang: str, minutes: int) -> str:
    if hand.status == "confirmed":
        return t("skv.preview.counted", lang)
    if hand.status == "voided":
        kind, why = void_reason(hand.void_reason or "")
        if kind == "undo":
            return t("skv.preview.undone", lang, reason=esc(why))
        return t("skv.preview.voided", lang, reason=void_reason_text(hand.void_reason or "", lang))
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
            name=shown(s.player.display_name, lang),
            total=s.total,
        )
        for i, s in enumerate(ranked)
    ]
    lines.append("")
    lines.append(
        t(
            "skv.board.meta",
            lang,
            preset=t(f"rules.preset_name.{info.rules.get('preset', 'shangrao')}", lang),
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
                name=shown(last.players[w].display_name, lang),
                pattern=term(last.pattern or "?", lang),
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
    return fit_embed(embed, EMBED_TOTAL // 2)  # /session end sends it with the settlement


async def refresh_scoreboard(
    client: discord.Client, book: ScoreBook, info: SessionInfo, lang: str
) -> None:
    """Edit the session's live scoreboard after a change, forward only: a snapshot older than
    what the board already shows is dropped (:mod:`shangrao_bot.service.forward_edits`), so
    concurrent refreshes (a preview posted and its Confirm, the sweep of another process) end
    at the newest whatever order they finish in. Best effort: a deleted message or a missing
    permission is logged, never an error for the player who confirmed."""
    info = await get_session(book.db, info.guild_id, info.id)
    if info.board_channel_id is None or info.board_message_id is None:
        return
    message_id = info.board_message_id
    board = await book.scoreboard(info)
    if board.version is None:  # it kept changing: the refreshes of those changes follow
        log.info("scoreboard of session %d not read steadily: left to the next refresh", info.id)
        return
    if await book.edits.behind(message_id, board.version):
        return
    closed = board.session.status == "closed"  # as read with the rest of the board
    files = await scoreboard_files(board, lang)
    message = client.get_partial_messageable(info.board_channel_id).get_partial_message(message_id)

    async def edit() -> None:
        await message.edit(
            embed=scoreboard_embed(board, lang, closed=closed),
            attachments=files,
            view=None if closed else record_view(info.id, lang),
        )

    try:
        await book.edits.edit(message_id, board.version, edit)
    except discord.HTTPException as exc:
        log.warning("scoreboard of session %d not updated: %s", info.id, exc.status)


# --- settlement ---------------------------------------------------------------------------------


def settlement_embed(transfers: list[TransferRow], lang: str) -> discord.Embed:
    lines = [
        t(
            "skv.settle.row",
            lang,
            mark="✅" if tr.paid_at else "▫️",
            payer=shown(tr.payer.display_name, lang),
            payee=shown(tr.payee.display_name, lang),
            amount=tr.amount,
        )
        for tr in transfers
    ] or [t("skv.settle.none", lang)]
    if any(tr.paid_at is None for tr in transfers):
        lines += ["", t("skv.settle.help", lang)]
    embed = discord.Embed(
        title=t("skv.settle.title", lang), description="\n".join(lines)[:4000], colour=COLOUR
    )
    return fit_embed(embed, EMBED_TOTAL // 2)  # beside the final scoreboard


def settlement_view(
    transfers: list[TransferRow], lang: str, link: discord.ui.Button[Any] | None = None
) -> discord.ui.View | None:
    """A Paid button per unpaid transfer, and ``link`` (the session's 🌐 button) after them;
    None when there is neither."""
    room = MAX_PAID_BUTTONS - (link is not None)
    unpaid = [tr for tr in transfers if tr.paid_at is None][:room]
    view = None
    if unpaid:
        view = discord.ui.View(timeout=None)
        for tr in unpaid:
            view.add_item(PaidButton(tr.id, lang, tr))
    return with_link(view, link)


# --- buttons ------------------------------------------------------------------------------------


class BookButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sk:never"):
    """Shared callback plumbing of the scorebook's buttons (subclasses give ``run``): errors
    through the one path; a preview found expired on the way has its prompt closed at once."""

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
    """Show a settled preview (voided, expired, counted elsewhere) as it now stands, forward
    only (a press answered meanwhile from a newer state is kept); best effort like the
    scoreboard."""
    if hand.message_channel_id is None or hand.message_id is None:
        return
    book = bot_book(client)
    state = await book.preview_state(hand.guild_id, hand.id, hand.session_id)
    if state.version is None:  # it kept changing: the answers to those changes follow
        return
    minutes = (await get_settings(book.db, hand.guild_id)).confirm_minutes
    channel = client.get_partial_messageable(hand.message_channel_id)
    message_id = hand.message_id

    async def edit() -> None:
        message = await channel.fetch_message(message_id)
        embeds = [e.copy() for e in message.embeds]
        if embeds:
            update_status(embeds[0], state.hand, state.needed, lang, minutes)
        await message.edit(embeds=embeds, view=preview_view(state.hand, lang))

    try:
        await book.edits.edit(message_id, state.version, edit)
    except discord.HTTPException as exc:
        log.warning("preview of hand %d not updated: %s", hand.id, exc.status)


async def _answer_prompt(interaction: discord.Interaction, book: ScoreBook, hand: Hand) -> None:
    """Answer the press by editing the preview message the button is on (its status and its
    buttons) to ``hand`` as it now stands, forward only: a press answered after another one
    that showed a newer state only acknowledges."""
    lang = public_lang(interaction)
    assert interaction.guild_id is not None
    state = await book.preview_state(interaction.guild_id, hand.id, hand.session_id)
    minutes = (await get_settings(book.db, interaction.guild_id)).confirm_minutes
    message = interaction.message
    embeds = [e.copy() for e in message.embeds] if message is not None else []
    if embeds:
        update_status(embeds[0], state.hand, state.needed, lang, minutes)
    await answer_forward(
        interaction,
        book.edits,
        state.version,
        embeds=embeds,
        view=preview_view(state.hand, lang),
        attachments=message.attachments if message else [],
    )


class PreviewButton(BookButton, template=r"sk:(?P<op>confirm|cancel):(?P<hand>\d+)"):
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
            await _answer_prompt(interaction, book, hand)
        else:
            outcome = await book.confirm(interaction.guild_id, self.hand, actor)
            hand = outcome.hand
            await _answer_prompt(interaction, book, hand)
            if not outcome.counted:  # the scoreboard changes only once it counts
                await interaction.followup.send(
                    t("skv.reply.confirmed", lang_of(interaction.locale), id=self.hand),
                    ephemeral=True,
                )
                return
        info = await get_session(book.db, interaction.guild_id, hand.session_id)
        await refresh_scoreboard(interaction.client, book, info, public_lang(interaction))


class PaidButton(BookButton, template=r"sk:paid:(?P<transfer>\d+)"):
    def __init__(self, transfer: int, lang: str = "en", row: TransferRow | None = None) -> None:
        label = (
            t(
                "skv.btn.paid",
                lang,
                payer=player_name(row.payer.display_name, lang)[:20],
                payee=player_name(row.payee.display_name, lang)[:20],
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
        settled = await book.transfers(interaction.guild_id, row.session_id)
        transfers = list(settled.rows)
        lang = public_lang(interaction)
        message = interaction.message
        embeds = list(message.embeds) if message is not None else []
        # the settlement is the last embed of the closing message; two Paid pressed at once:
        # the one answered from the older read only acknowledges, no tick goes missing
        if embeds:
            embeds[-1] = settlement_embed(transfers, lang)
        link = await link_button(
            interaction.client, interaction.guild_id, session_page(row.session_id), lang
        )
        await answer_forward(
            interaction,
            book.edits,
            settled.version,
            embeds=embeds,
            view=settlement_view(transfers, lang, link),
        )


def request_view(request: VoidRequest, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(VoidRequestButton("ok", request.id, lang))
    view.add_item(VoidRequestButton("no", request.id, lang))
    return view


def request_text(request: VoidRequest, lang: str) -> str:
    return t(
        "skv.request.undo" if request.undo else "skv.request.void",
        lang,
        who=shown(request.requester_name, lang),
        seq=request.hand_seq,
        id=request.hand_id,
        reason=esc(request.reason),
        when=f"<t:{int(request.expires.timestamp())}:R>",
    )


def voided_text(hand: Hand, undo: bool, lang: str) -> str:
    """What the channel reads once a hand is voided (``undo``: undone)."""
    if undo:
        return t(
            "skv.undone",
            lang,
            seq=hand.seq,
            id=hand.id,
            reason=esc(undo_reason(hand.void_reason or "")),
        )
    return t("skv.voided", lang, id=hand.id, reason=esc(hand.void_reason or ""))


async def after_void(client: discord.Client, book: ScoreBook, hand: Hand, lang: str) -> None:
    """A voided hand's preview loses its buttons; its session's scoreboard is redrawn."""
    await close_prompt(client, hand, lang)
    info = await get_session(book.db, hand.guild_id, hand.session_id)
    await refresh_scoreboard(client, book, info, lang)


class VoidRequestButton(BookButton, template=r"sk:vreq:(?P<op>ok|no):(?P<req>[0-9a-f]{8})"):
    """Confirm or Cancel on a recorder's request to void a hand that counts."""

    STYLES: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "ok": ("confirm", discord.ButtonStyle.danger),
        "no": ("cancel", discord.ButtonStyle.secondary),
    }

    def __init__(self, op: str, request: str, lang: str = "en") -> None:
        label, style = self.STYLES[op]
        super().__init__(
            discord.ui.Button(
                label=t(f"skv.btn.{label}", lang), style=style, custom_id=f"sk:vreq:{op}:{request}"
            )
        )
        self.op, self.request = op, request

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> VoidRequestButton:
        return cls(match["op"], match["req"])

    async def run(self, interaction: discord.Interaction) -> None:
        book = book_of(interaction)
        assert interaction.guild_id is not None
        actor = await actor_for(book.db, interaction)
        lang = public_lang(interaction)
        if self.op == "no":
            request = await book.cancel_void(interaction.guild_id, self.request, actor)
            text = t(
                "skv.request.withdrawn", lang, id=request.hand_id, name=shown(actor.name, lang)
            )
            await interaction.response.edit_message(content=text, view=None)
            return
        hand, request = await book.confirm_void(interaction.guild_id, self.request, actor)
        await interaction.response.edit_message(
            content=voided_text(hand, request.undo, lang), view=None
        )
        await after_void(interaction.client, book, hand, lang)


SCORE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PreviewButton,
    PaidButton,
    VoidRequestButton,
)
