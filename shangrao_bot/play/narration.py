"""One line of narration per engine event, as seat 0 may see it."""

from __future__ import annotations

from shangrao_bot.engine.events import Event, EventKind
from shangrao_bot.play.text import BONUS_NAMES, HOW_NAMES, HUMAN, spaced, verb, who
from shangrao_bot.rules.score_model import BONUS_POINTS, BonusKind, WinHow
from shangrao_bot.rules.tiles import both_notations, format_tiles


def _from(detail: str) -> int | None:
    if detail.startswith("from="):
        try:
            return int(detail[5:])
        except ValueError:
            return None
    return None


def _claim_line(e: Event, dealer: int, verbs: tuple[str, str], what: str) -> str:
    s = e.seat if e.seat is not None else HUMAN
    src = _from(e.detail)
    origin = f" from {who(src, dealer)}" if src is not None else ""
    return f"{who(s, dealer)} {verb(s, *verbs)} {what}{origin}"


def _meld_event_line(e: Event, seat: int, dealer: int) -> str | None:
    """Calls and kongs: public, with the seat a claimed tile came from."""
    name, k = who(seat, dealer), e.kind
    if k is EventKind.CHI:
        return _claim_line(e, dealer, ("chi", "chis"), format_tiles(e.tiles))
    if k is EventKind.PONG:
        return _claim_line(e, dealer, ("pong", "pongs"), both_notations(e.tiles[0]))
    if k is EventKind.KONG:  # three tiles: a 跌宝杠 claimed on a discard
        kind = "跌宝杠" if len(e.tiles) == 3 else "明杠"
        return _claim_line(e, dealer, ("kong", "kongs"), f"{both_notations(e.tiles[0])} ({kind})")
    if k is EventKind.ANGANG:
        kind = "跌宝杠" if len(e.tiles) == 3 else "concealed kong (暗杠)"
        return f"{name} {verb(seat, 'declare')} a {kind} ({format_tiles(e.tiles)})"
    if k is EventKind.BUGANG_DECLARED:
        return f"{name} {verb(seat, 'add')} {both_notations(e.tiles[0])} to a pong (补杠)"
    if k is EventKind.BUGANG:
        return f"The 补杠 of {both_notations(e.tiles[0])} stands"
    return None


def _secret(e: Event) -> tuple[int, ...]:
    """The event's secret tiles only when they are seat 0's own (defence in depth: the event
    has already passed through ``visible_to``)."""
    return e.secret if e.owner == HUMAN else ()


def _play_event_line(e: Event, seat: int, dealer: int, stake: int) -> str | None:
    """Deals, draws, discards, passes, bonuses and the end of play."""
    name, k = who(seat, dealer), e.kind
    if k is EventKind.DEALT:
        return f"You are dealt {spaced(_secret(e))}" if _secret(e) else None
    if k is EventKind.DREW:
        extra = " a replacement tile" if e.detail == "replacement" else ""
        tile = f" {both_notations(_secret(e)[0])}" if _secret(e) else ""
        return f"{name} {verb(seat, 'draw')}{extra}{tile}"
    if k is EventKind.DISCARDED:
        flown = " — 飞宝: a discarded 宝 is dead" if e.detail == "flown" else ""
        return f"{name} {verb(seat, 'discard')} {both_notations(e.tiles[0])}{flown}"
    if k is EventKind.PASSED:
        return f"{name} {verb(seat, 'pass', 'passes')}"
    if k is EventKind.BONUS:
        bonus = BonusKind(e.detail)
        pts = BONUS_POINTS[bonus] * stake
        return f"{name} {verb(seat, 'earn')} the bonus {BONUS_NAMES[bonus]}: {pts} from each other"
    if k is EventKind.WON:
        return f"{name} {verb(seat, 'win')} by {HOW_NAMES[WinHow(e.detail)]}!"
    if k is EventKind.EXHAUSTED:
        return "No live tile is left: 流局 (exhaustive draw)"
    return None


def narrate(e: Event, dealer: int, stake: int) -> str | None:
    """One line for an event as seat 0 sees it (``e`` already passed through ``visible_to``);
    None for events that need no line (the hand's start and end are shown in full elsewhere,
    and a claim window says nothing: who may claim is nobody's business)."""
    seat = e.seat if e.seat is not None else HUMAN
    line = _meld_event_line(e, seat, dealer)
    return line if line is not None else _play_event_line(e, seat, dealer, stake)
