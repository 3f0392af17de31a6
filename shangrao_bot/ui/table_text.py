"""The texts of a virtual table, built from what the reader may see.

Seats are named the way players name them: by wind this hand and person (``西家 Alice``), or,
before a hand is dealt, by number 1-4. Tiles are named, never written in mpsz
(:mod:`~.game_terms`). Public texts (thread messages) name humans by mention, which
Discord shows with each reader's own view of the name; private panels (DMs) use the plain display
name.

Everything here is a pure function of a :class:`~shangrao_bot.service.model.TableInfo`, a
seat's :class:`~shangrao_bot.engine.views.PlayerView` or public events — no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.advice import discard_options, hand_shanten, ready_waits
from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.engine.hand_records import Phase
from shangrao_bot.engine.views import PlayerView
from shangrao_bot.rules.tile_names import bao_word, hand_text, tile_label
from shangrao_bot.service.model import SeatInfo, TableInfo, TableStatus
from shangrao_bot.ui import game_terms
from shangrao_bot.ui.game_terms import ai_name, seat_number
from shangrao_bot.ui.i18n import t

MAX_RECENT = 6  # public events a panel recalls ("since your last move")
MAX_HINT_LINES = 14
MESSAGE_LIMIT = 2000


# --- seats -------------------------------------------------------------------------------------


def seat_name(info: TableInfo, seat: int, lang: str, *, mention: bool = True) -> str:
    """A seat's player: a mention (public texts) or display name (panels); an AI by its name
    in ``lang``."""
    s = info.seats[seat]
    if s is None:
        return t("table.seat.empty", lang)
    if s.user_id is not None:
        return f"<@{s.user_id}>" if mention else discord.utils.escape_markdown(s.name)
    return ai_name(seat, s.ai_level or "normal", lang)


def seat_place(info: TableInfo, seat: int, lang: str) -> str:
    """``西家`` / ``West`` during a hand, ``2号位`` / ``seat 2`` before one is dealt."""
    return game_terms.seat_place(seat, info.dealer if info.public is not None else None, lang)


def seat_who(info: TableInfo, seat: int, lang: str, *, mention: bool = True) -> str:
    """``西家 <@Alice>``: where a seat sits and who plays it."""
    return f"{seat_place(info, seat, lang)} {seat_name(info, seat, lang, mention=mention)}"


def _seat_flags(info: TableInfo, s: SeatInfo, lang: str) -> str:
    flags = []
    if s.user_id is not None and s.user_id == info.host_id:
        flags.append("👑")
    if s.away:
        flags.append(t("table.seat.away", lang))
    return (" " + " ".join(flags)) if flags else ""


def seat_map(info: TableInfo, lang: str) -> list[str]:
    """The seats by wind, 东 (the dealer) first: who plays each wind and their running score —
    or, before a hand is dealt, by number 1-4."""
    order = list(range(len(info.seats)))
    if info.dealer is not None:
        order = [(info.dealer + i) % len(info.seats) for i in range(len(info.seats))]
    lines = []
    for seat in order:
        s = info.seats[seat]
        if s is None:
            lines.append(f"**{seat_place(info, seat, lang)}** {t('table.seat.empty', lang)}")
            continue
        who = seat_name(info, seat, lang)
        dealer = f" {t('table.seat.dealer', lang)}" if seat == info.dealer else ""
        score = ""
        if info.status is not TableStatus.LOBBY and info.totals:
            score = f" · {signed(info.totals[seat])}"
        number = game_terms.seat_place(seat, None, lang)
        place = seat_place(info, seat, lang)
        label = f"**{place}**" if place == number else f"**{place}** ({number})"
        lines.append(f"{label} {who}{dealer}{_seat_flags(info, s, lang)}{score}")
    return lines


def signed(value: int) -> str:
    """``+12``, ``−4``, ``±0`` (a true minus sign reads better in a narrow column)."""
    if value == 0:
        return "±0"
    return f"+{value}" if value > 0 else f"−{-value}"


# --- the table message -------------------------------------------------------------------------


def status_line(info: TableInfo, lang: str) -> str:
    """``牌桌 #3 · 第 2/4 手 · 轮到 西家 <@Alice> · ⏱ <t:…:R>``."""
    parts = [
        t("table.status.hand", lang, table=info.id, hand=info.hand_no, hands=info.hands_planned)
    ]
    if info.paused:
        parts.append(t("table.status.paused", lang))
    elif info.turn_seat is not None:
        parts.append(t("table.status.turn", lang, name=seat_who(info, info.turn_seat, lang)))
    elif info.phase is not None and info.phase in (Phase.CLAIM, Phase.ROB):
        parts.append(t("table.status.claim", lang))
    if info.deadline is not None:
        parts.append(f"⏱ <t:{int(info.deadline)}:R>")
    return " · ".join(parts)


def table_message_text(info: TableInfo, lang: str) -> str:
    """The table message: the status line, then the seat map with running scores."""
    return "\n".join([status_line(info, lang), *seat_map(info, lang)])[:MESSAGE_LIMIT]


def hand_start_text(info: TableInfo, lang: str) -> str:
    """Announces a hand: who deals, the 宝, the fairness hash; the first hand also says where
    each player's tiles are (their DMs, or My hand)."""
    pub = info.public
    assert pub is not None and info.dealer is not None
    text = t(
        "table.hand_start",
        lang,
        hand=info.hand_no,
        hands=info.hands_planned,
        dealer=seat_name(info, info.dealer, lang),
        bao=tile_label(pub.bao, lang),
        indicator=tile_label(pub.indicator, lang),
        commitment=pub.commitment,  # all 64 digits: what `verify --hash` takes
    )
    if info.hand_no == 1:
        text += "\n" + t("table.hand_start.dms", lang)
    return text


# --- events ------------------------------------------------------------------------------------


def event_line(info: TableInfo, event: Event, lang: str, *, mention: bool = False) -> str | None:
    """A public event as a short sentence (``东家 Alice 打出 五万``); None for events a player
    does not need to read (draws, the hand's start and end markers)."""
    k = event.kind
    if event.seat is None:
        return t("table.event.exhausted", lang) if k is EventKind.EXHAUSTED else None
    who = seat_who(info, event.seat, lang, mention=mention)
    tile = tile_label(event.tiles[0], lang) if event.tiles else ""
    if k is EventKind.DISCARDED:
        key = "table.event.flown" if event.detail == "flown" else "table.event.discarded"
        return t(key, lang, who=who, tile=tile)
    if k is EventKind.CHI:
        return t("table.event.chi", lang, who=who, tiles=hand_text(event.tiles, lang))
    if k is EventKind.KONG and len(event.tiles) == 3:  # a 跌宝杠 claimed on a discard (§4)
        return t("table.event.kong_indicator", lang, who=who, tile=tile)
    if k in (EventKind.PONG, EventKind.KONG, EventKind.ANGANG, EventKind.BUGANG_DECLARED):
        return t(f"table.event.{k.value}", lang, who=who, tile=tile)
    if k is EventKind.WON:
        how = t(f"table.how.{event.detail}", lang) if event.detail else ""
        return t("table.event.won", lang, who=who, how=how)
    if k is EventKind.BONUS:
        return t("table.event.bonus", lang, who=who, bonus=t(f"skv.reason.{event.detail}", lang))
    return None


OWN_MOVES = frozenset(
    {
        EventKind.DISCARDED,
        EventKind.CHI,
        EventKind.PONG,
        EventKind.KONG,
        EventKind.ANGANG,
        EventKind.BUGANG_DECLARED,
        EventKind.WON,
    }
)


def since_last_move(events: Sequence[Event], seat: int) -> list[Event]:
    """The events after ``seat``'s own last move (all of them when it has not moved yet)."""
    last = max(
        (i for i, e in enumerate(events) if e.seat == seat and e.kind in OWN_MOVES), default=-1
    )
    return list(events[last + 1 :])


# --- private panels ----------------------------------------------------------------------------


def action_label(action: Action, lang: str) -> str:
    """A move button's label: ``碰 五万``, ``吃 四五六万``, ``胡``, ``过``."""
    k = action.kind
    tile = tile_label(action.tile, lang) if action.tile is not None else ""
    if k is ActionKind.CHI:
        return t("table.btn.chi", lang, tiles=hand_text(action.tiles, lang))
    if k is ActionKind.KONG and action.tiles:  # a 跌宝杠 claimed on a discard (§4)
        return t("table.btn.kong_indicator", lang, tile=tile)
    return t(f"table.btn.{k.value}", lang, tile=tile).strip()


def prompt_line(info: TableInfo, view: PlayerView, lang: str) -> str:
    """What the player must do now, in words: who discarded what and what each button does
    (``西家 Alice 打出 五万：碰 / 吃 四五六万 / 过``), their turn with the tile they drew, or
    that they wait."""
    pub = view.public
    when = f" · ⏱ <t:{int(info.deadline)}:R>" if info.deadline is not None and view.legal else ""
    if not view.legal:
        return t("table.panel.wait", lang)
    options = " / ".join(
        f"**{action_label(a, lang)}**" for a in view.legal if a.kind is not ActionKind.DISCARD
    )
    if pub.phase is Phase.CLAIM and pub.last_discard is not None:
        seat, tile = pub.last_discard
        who = seat_who(info, seat, lang, mention=False)
        return (
            t("table.panel.claim", lang, who=who, tile=tile_label(tile, lang), options=options)
            + when
        )
    if pub.phase is Phase.ROB and pub.added_kong is not None:
        seat, tile = pub.added_kong
        who = seat_who(info, seat, lang, mention=False)
        return (
            t("table.panel.rob", lang, who=who, tile=tile_label(tile, lang), options=options) + when
        )
    if view.drawn is not None:
        line = t("table.panel.turn_drew", lang, tile=tile_label(view.drawn, lang))
    else:
        line = t("table.panel.turn", lang)
    if any(a.kind is ActionKind.WIN for a in view.legal):
        line += " " + t("table.panel.can_win", lang)
    if options:
        line += "\n" + t("table.panel.or", lang, options=options)
    return line + when


def panel_text(
    info: TableInfo,
    view: PlayerView,
    lang: str,
    recent: Sequence[Event] = (),
    link: str | None = None,
) -> str:
    """A seat's private panel: where it sits, the 宝, what happened since its last move, what
    to do now, and a link to the table's thread — enough to play from the DM alone."""
    pub = view.public
    head = t(
        "table.panel.head",
        lang,
        table=info.id,
        hand=info.hand_no,
        hands=info.hands_planned,
        place=seat_place(info, view.seat, lang),
        n=seat_number(view.seat),
        bao=tile_label(pub.bao, lang),
        live=pub.live,
    )
    lines = [head]
    if pub.phase in (Phase.CLAIM, Phase.ROB) and recent and view.legal:
        recent = recent[:-1]  # the discard (or 补杠) being claimed: the prompt names it
    said = [line for e in recent if (line := event_line(info, e, lang)) is not None]
    if said:
        lines.append(t("table.panel.recent", lang))
        lines += [f"· {line}" for line in said[-MAX_RECENT:]]
    lines.append("▶ " + prompt_line(info, view, lang))
    seat = info.seats[view.seat]
    if seat is not None and seat.away:
        lines.append(t("table.panel.away", lang))
    if link:
        lines.append(t("table.panel.link", lang, url=link))
    return "\n".join(lines)[:MESSAGE_LIMIT]


def discard_label(tile: int, view: PlayerView, lang: str) -> str:
    """A discard button's label: the tile's name, the 宝 marked, the drawn tile marked."""
    label = tile_label(tile, lang)
    if tile == view.public.bao:
        label = t("table.btn.bao_tile", lang, tile=label, bao=bao_word(lang))
    if tile == view.drawn:
        label = t("table.btn.drawn_tile", lang, tile=label)
    return label


# --- hint ---------------------------------------------------------------------------------------


def _wait_text(tile: int, unseen: int, value: int | None, lang: str) -> str:
    name = tile_label(tile, lang)
    if unseen == 0:
        return t("table.hint.dead", lang, tile=name)
    if value is None:
        return t("table.hint.no_win", lang, tile=name, left=unseen)
    return t("table.hint.value", lang, tile=name, value=value, left=unseen)


def hint_text(view: PlayerView, lang: str) -> str:
    """The seat's hint: before tenpai, each discard with the shanten it leaves and how many of
    its effective tiles are still unseen; when tenpai, each wait with its value (per payer,
    self-drawn now), dead waits marked. Only the seat's own view is read."""
    lines: list[str] = []
    if (
        view.public.phase is Phase.TURN
        and view.public.current == view.seat
        and any(a.kind is ActionKind.DISCARD for a in view.legal)
    ):
        options = discard_options(view)
        best = options[0].shanten if options else None
        if best == 0:
            lines.append(t("table.hint.ready_after", lang))
        elif best is not None:
            lines.append(t("table.hint.shanten_best", lang, n=best))
        for option in options[:MAX_HINT_LINES]:
            name = tile_label(option.tile, lang)
            if option.shanten == 0:
                described = ", ".join(
                    _wait_text(w.tile, w.unseen, w.value, lang) for w in option.waits
                )
                lines.append(t("table.hint.discard_ready", lang, tile=name, waits=described))
            else:
                lines.append(
                    t(
                        "table.hint.discard",
                        lang,
                        tile=name,
                        n=option.shanten,
                        kinds=len(option.effective),
                        left=option.effective_unseen,
                    )
                )
        return "\n".join(lines)[:MESSAGE_LIMIT] or t("table.hint.none", lang)
    ready = ready_waits(view)
    if ready:
        described = ", ".join(_wait_text(w.tile, w.unseen, w.value, lang) for w in ready)
        return t("table.hint.waits", lang, waits=described)[:MESSAGE_LIMIT]
    return t("table.hint.shanten_now", lang, n=hand_shanten(view))


# --- the table's settings ------------------------------------------------------------------------


def rules_line(info: TableInfo, lang: str) -> str:
    """The table's settings in one line: preset, stake, hands, seconds per turn and claim."""
    cfg = info.config
    return t(
        "table.rules",
        lang,
        table=info.id,
        preset=t(f"rules.preset_name.{cfg.rules.preset.value}", lang),
        stake=cfg.rules.stake,
        hands=cfg.hands,
        turn=f"{cfg.turn_seconds:g}",
        claim=f"{cfg.claim_seconds:g}",
    )
