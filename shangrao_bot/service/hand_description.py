"""Reading what a recorder typed about a hand besides its tiles: the 宝 each seat flew
(``WHO:N, …``) and the kong and 宝 bonuses (``WHO:KIND, …``).

In a session WHO is a seat 1-4, a mention or a player's name (:func:`.seating.seat_named`). The
calculator (``/score tiles`` outside a session) numbers its seats 1-4 like a session, the winner
being seat 1; the rules core counts 0-3 with the winner at 0.
"""

from __future__ import annotations

from shangrao_bot.rules.bonus_text import BonusTextError, read_bonus, split_items
from shangrao_bot.rules.score_model import Bonus, BonusKind
from shangrao_bot.service.scorekeeping import SEATS, ScoreError, number
from shangrao_bot.service.seating import seat_named
from shangrao_bot.store.database.interface import Database
from shangrao_bot.store.ledger import SessionInfo

MAX_FLOWN = 4  # a seat flies at most the four 宝 of the wall


async def parse_flown(db: Database, info: SessionInfo, text: str | None) -> tuple[int, ...]:
    """``WHO:N, …`` (WHO a seat 1-4, a mention or a name) → 宝 flown per seat."""
    flown = [0] * SEATS
    for item in split_items(text):
        who, sep, n_s = item.rpartition(":")
        n = number(n_s)
        if not sep or n is None:
            raise ScoreError("sk.bad_flown", item=item)
        seat = await seat_named(db, info, who, "flown")
        flown[seat] += n
        if flown[seat] > MAX_FLOWN:
            raise ScoreError("sk.flown_many", item=item)
    return tuple(flown)


async def parse_bonuses(db: Database, info: SessionInfo, text: str | None) -> tuple[Bonus, ...]:
    """``WHO:KIND, …`` with KIND 明杠/暗杠/接宝/四个宝 (or minggang, angang, jiebao,
    sigebao); a kind may carry a count: ``2:angang×2``."""
    out: list[Bonus] = []
    for item in split_items(text):
        try:
            bonus = read_bonus(item)
        except BonusTextError:
            raise ScoreError("sk.bad_bonus", item=item) from None
        seat = await seat_named(db, info, bonus.who, "bonuses")
        out += [Bonus(seat, BonusKind(bonus.kind))] * bonus.times
    return tuple(out)


# --- the calculator -----------------------------------------------------------------------------


def calc_seat(text: str) -> int | None:
    """A calculator seat typed as 1-4, as the rules core counts it (0-3), else None."""
    seat = number(text)
    return seat - 1 if seat is not None and 1 <= seat <= SEATS else None


def calc_robbed(text: str | None) -> int | None:
    """The calculator's robbed seat: 2-4 (the winner is seat 1)."""
    if not text:
        return None
    raw = text.strip()
    seat = calc_seat(raw)
    if seat is None or seat == 0:
        raise ScoreError("sk.calc_robbed", value=raw)
    return seat


def calc_flown(text: str | None) -> tuple[int, ...]:
    """The calculator's ``SEAT:N`` list, seats 1-4 (the winner is seat 1)."""
    flown = [0] * SEATS
    for item in split_items(text):
        seat_s, sep, n_s = item.partition(":")
        seat, n = calc_seat(seat_s), number(n_s)
        if not sep or seat is None or n is None:
            raise ScoreError("sk.calc_flown", item=item)
        flown[seat] += n
        if flown[seat] > MAX_FLOWN:
            raise ScoreError("sk.flown_many", item=item)
    return tuple(flown)


def calc_bonuses(text: str | None) -> tuple[Bonus, ...]:
    """The calculator's ``SEAT:KIND`` list (a kind may carry a count, ``2:暗杠×2``), seats 1-4
    (the winner is seat 1)."""
    out: list[Bonus] = []
    for item in split_items(text):
        try:
            bonus = read_bonus(item)
        except BonusTextError:
            raise ScoreError("sk.calc_bonus", item=item) from None
        seat = calc_seat(bonus.who)
        if seat is None:
            raise ScoreError("sk.calc_bonus", item=item)
        out += [Bonus(seat, BonusKind(bonus.kind))] * bonus.times
    return tuple(out)
