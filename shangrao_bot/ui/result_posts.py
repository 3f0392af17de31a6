"""The results a virtual table posts in its thread: each hand's result card (payments, totals,
the revealed seed, the Ready gate) and the session's final standings with its settlement."""

from __future__ import annotations

import io
from typing import Any

import discord

from shangrao_bot.service.model import TableInfo, TableStatus
from shangrao_bot.service.presenter import HandSummary, SessionSummary
from shangrao_bot.ui.discord_retry import FIRST_PAUSE, deliver
from shangrao_bot.ui.hand_buttons import ReadyButton
from shangrao_bot.ui.i18n import t
from shangrao_bot.ui.payments import payment_line
from shangrao_bot.ui.pictures import PICTURES
from shangrao_bot.ui.request_budget import Urgency, urgency
from shangrao_bot.ui.review_views import OpenReviewButton
from shangrao_bot.ui.table_text import seat_name, seat_who, signed
from shangrao_bot.ui.table_thread import TableThread
from shangrao_bot.ui.web_links import WebLinks, session_page, with_link


def seat_names(table: TableInfo, lang: str, *, by_wind: bool = True) -> list[str]:
    """Each seat's player as the thread names them: ``西家 <@Alice>`` (by wind this hand) or,
    across hands, ``<@Alice>`` alone (winds move with the dealer)."""
    if by_wind:
        return [seat_who(table, i, lang) for i in range(len(table.seats))]
    return [seat_name(table, i, lang) for i in range(len(table.seats))]


class ResultPosts:
    """Posts the hands' and sessions' results in the tables' threads (``links``: where the
    standings' 🌐 button points; none: no button)."""

    def __init__(self, thread: TableThread, links: WebLinks | None = None) -> None:
        self.thread = thread
        self.links = links
        self.retry_pause = FIRST_PAUSE  # before a post Discord failed for a moment is tried again

    async def hand_result(
        self,
        table: TableInfo,
        summary: HandSummary,
        thread: discord.PartialMessageable,
        lang: str,
    ) -> None:
        """The hand's result card: its picture, who paid whom, the running totals, the
        revealed seed, a Review button (each player's own decisions) and, when another hand
        follows, the Ready button with its countdown."""
        from shangrao_bot.render import render_result

        pub = summary.public
        png = await PICTURES.draw(
            render_result,
            summary.result,
            dealer=pub.dealer,
            bao=pub.bao,
            indicator=pub.indicator,
            lang=lang,
        )
        names = seat_names(table, lang)
        values = {w.seat: w.score.value for w in summary.result.wins}
        lines = [
            payment_line(
                names[p.payer], names[p.payee], p.amount, p.reason.value, lang, values.get(p.payee)
            )
            for p in summary.result.payments
        ] or [t("table.result.draw", lang)]
        embed = discord.Embed(
            title=t("table.result.title", lang, table=table.id, hand=summary.number),
            description="\n".join(lines)[:4000],
            colour=0xC0392B,
        )
        embed.add_field(
            name=t("table.result.totals", lang),
            value="\n".join(
                f"{n}: {signed(v)}" for n, v in zip(names, summary.totals, strict=False)
            ),
            inline=False,
        )
        embed.add_field(name=t("table.result.seed", lang), value=f"`{pub.seed}`", inline=False)
        embed.set_image(url="attachment://result.png")
        view = discord.ui.View(timeout=None)
        if table.status is TableStatus.READY:
            view.add_item(ReadyButton(table.id, summary.number, lang))
            embed.set_footer(text=t("table.result.ready", lang))
            if table.ready_deadline is not None:  # footers do not render <t:…>: a field does
                when = f"<t:{int(table.ready_deadline)}:R>"
                embed.add_field(
                    name="⏱", value=t("table.result.auto_ready", lang, when=when), inline=False
                )

        # each player reviews their own decisions (the presser's seat: ``x``)
        view.add_item(OpenReviewButton(summary.ledger_hand_id, "x", 0, t("review.open", lang)))

        async def post() -> discord.Message:
            return await thread.send(
                embed=embed,
                file=discord.File(io.BytesIO(png), filename="result.png"),  # anew every try
                view=view,
                allowed_mentions=discord.AllowedMentions.none(),
            )

        what = f"table {table.id}: result of hand {summary.number}"
        with urgency(Urgency.URGENT):  # first in line when the request budget is short
            await deliver(post, what=what, first_pause=self.retry_pause)

    async def standings(self, table: TableInfo, summary: SessionSummary) -> None:
        """The session's final standings, the transfers that settle it, the running totals'
        chart and, when the server's web pages are on, a 🌐 button to the session's page."""
        from shangrao_bot.render import render_running_totals

        thread = self.thread.thread(table)
        if thread is None:
            return
        lang = self.thread.lang(table)
        names = seat_names(table, lang, by_wind=False)
        order = sorted(range(len(summary.totals)), key=lambda i: -summary.totals[i])
        lines = [
            f"{rank + 1}. {names[i]} {signed(summary.totals[i])}" for rank, i in enumerate(order)
        ]
        seat_of_player = {p: i for i, p in enumerate(summary.players)}
        transfers = [
            t(
                "table.session.transfer",
                lang,
                payer=names[seat_of_player[tr.payer.id]]
                if tr.payer.id in seat_of_player
                else tr.payer.display_name,
                payee=names[seat_of_player[tr.payee.id]]
                if tr.payee.id in seat_of_player
                else tr.payee.display_name,
                amount=tr.amount,
            )
            for tr in summary.settlement.transfers
        ]
        embed = discord.Embed(
            title=t("table.session.title", lang, table=table.id, hands=len(summary.records)),
            description="\n".join(lines),
            colour=0xC0392B,
        )
        if transfers:
            embed.add_field(name=t("table.session.settle", lang), value="\n".join(transfers)[:1024])
        chart: bytes | None = None
        if summary.records:
            chart = await PICTURES.draw(
                render_running_totals, [r.deltas for r in summary.records], lang=lang
            )
            embed.set_image(url="attachment://totals.png")
        view = with_link(None, await self._session_link(table, lang))

        async def post() -> discord.Message:
            kwargs: dict[str, Any] = {}
            if chart is not None:  # a fresh upload every try
                kwargs["file"] = discord.File(io.BytesIO(chart), filename="totals.png")
            if view is not None:
                kwargs["view"] = view
            return await thread.send(
                embed=embed, allowed_mentions=discord.AllowedMentions.none(), **kwargs
            )

        what = f"table {table.id}: the session's standings"
        with urgency(Urgency.URGENT):
            await deliver(post, what=what, first_pause=self.retry_pause)

    async def _session_link(self, table: TableInfo, lang: str) -> discord.ui.Button[Any] | None:
        """The 🌐 button to the session's page (None without pages, or a session not kept in
        the ledger)."""
        if self.links is None or table.ledger_session_id is None:
            return None
        page = session_page(table.ledger_session_id)
        return await self.links.button(table.guild_id, page, lang)
