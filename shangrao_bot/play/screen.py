"""The table as seat 0 sees it when it must act, built from
:func:`~shangrao_bot.engine.views.view_for` only, so no other seat's concealed tile can be shown."""

from __future__ import annotations

from shangrao_bot.engine.actions import ActionKind
from shangrao_bot.engine.hand_records import MeldRecord, Phase, seat_name
from shangrao_bot.engine.typed_moves import DISCARD_DRAWN, claim_tile, drawn_discardable
from shangrao_bot.engine.views import PlayerView, SeatView
from shangrao_bot.play.text import (
    BAO_CLOSE,
    BAO_OPEN,
    HUMAN,
    marked,
    marked_one,
    marked_zh,
    spaced_zh,
    who,
    wind_letter,
)
from shangrao_bot.rules.tiles import both_notations, tile_name, tile_str


def _meld_text(rec: MeldRecord, dealer: int) -> str:
    src = f"←{wind_letter(rec.from_seat, dealer)}" if rec.from_seat is not None else ""
    return rec.meld.to_str() + src


def _discard_text(sv: SeatView, dealer: int) -> str:
    out = []
    for d in sv.discards:
        mark = "(飞)" if d.flown else ""
        if d.claimed_by is not None:
            mark += f"(→{wind_letter(d.claimed_by, dealer)})"
        out.append(tile_str(d.tile) + mark)
    return " ".join(out) or "-"


def seat_lines(view: PlayerView) -> list[str]:
    """Every seat's public part: tiles held, melds, discards (never a concealed tile)."""
    pub = view.public
    lines = []
    for sv in pub.seats:
        tags = (" you" if sv.seat == HUMAN else "") + (" dealer" if sv.dealer else "")
        melds = " ".join(_meld_text(r, pub.dealer) for r in sv.melds) or "-"
        lines.append(
            f"  {seat_name(sv.seat, pub.dealer)}{tags}: {sv.concealed_count} tiles · "
            f"melds {melds} · discards {_discard_text(sv, pub.dealer)}"
        )
    return lines


def _situation(view: PlayerView) -> str:
    pub = view.public
    if pub.phase is Phase.CLAIM and pub.last_discard is not None:
        seat, tile = pub.last_discard
        return f"{who(seat, pub.dealer)} discarded {both_notations(tile)}: claim it or pass"
    if pub.phase is Phase.ROB:
        robbed = claim_tile(view)
        t = both_notations(robbed) if robbed is not None else "a tile"
        return f"{who(pub.current, pub.dealer)} adds {t} to a pong (补杠): rob it (hu) or pass"
    return "Your turn"


def legal_line(view: PlayerView) -> str:
    """The legal actions as the commands a player types, claims and wins first; ``.`` (discard
    the drawn tile) just before the discards."""
    order = {ActionKind.WIN: 0, ActionKind.DISCARD: 9, ActionKind.PASS: 8}
    acts = sorted(view.legal, key=lambda a: order.get(a.kind, 1))
    commands = [a.command() for a in acts if a.kind is not ActionKind.DISCARD]
    if drawn_discardable(view):
        commands.append(DISCARD_DRAWN)
    commands += [a.command() for a in acts if a.kind is ActionKind.DISCARD]
    return "Legal: " + " | ".join(commands)


def render_view(view: PlayerView, hand_no: int, hands: int) -> list[str]:
    """What seat 0 sees when it must act: the situation, the table, its hand, its choices."""
    pub = view.public
    me = pub.seats[HUMAN]
    head = (
        f"── Hand {hand_no}/{hands} · {_situation(view)} · {seat_name(HUMAN, pub.dealer)} · "
        f"live tiles {pub.live} ──"
    )
    bao = pub.bao
    lines = [
        head,
        f"宝 {tile_str(bao)} {tile_name(bao)} ({BAO_OPEN}{BAO_CLOSE} in your hand) · indicator "
        f"{tile_str(pub.indicator)} {tile_name(pub.indicator)}",
        *seat_lines(view),
    ]
    drawn = zh_drawn = ""
    if view.drawn is not None:
        drawn = f"   drew {marked_one(view.drawn, bao, both_notations(view.drawn))}"
        if drawn_discardable(view):
            drawn += f" — {DISCARD_DRAWN} discards it"
        zh_drawn = f"   + {marked_one(view.drawn, bao, tile_name(view.drawn))}"
    lines.append(f"Your hand: {marked(view.concealed, bao)}{drawn}")
    lines.append(f"           {marked_zh(view.concealed, bao)}{zh_drawn}")
    if me.melds:
        own = " ".join(_meld_text(r, pub.dealer) for r in me.melds)
        zh = " ".join(spaced_zh(r.meld.tiles) for r in me.melds)
        lines.append(f"Your melds: {own}   ({zh})")
    if me.bao_flown:
        lines.append(f"宝 you flew this hand: {me.bao_flown} (each doubles what you win and pay)")
    lines.append(legal_line(view))
    return lines
