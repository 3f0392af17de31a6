"""Why a move is not possible now, in words a player understands: the reasons the engine's
refusals (:class:`~.errors.NotYourTurn`, :class:`~.errors.IllegalAction`) carry, and why a seat
cannot win.

Each reason is a :class:`~shangrao_bot.errors.Phrase` of the catalogs' ``engine`` area (its
English text, and its key and arguments for the reader's language); a reason the rules core
gives (why a complete hand is no win under the preset) is passed on as it is.
"""

from __future__ import annotations

from shangrao_bot.engine.actions import Action, ActionKind
from shangrao_bot.engine.hand_records import SEATS, Phase, melds_yaojiu
from shangrao_bot.engine.hand_table import HandTable
from shangrao_bot.errors import Phrase
from shangrao_bot.rules.score_model import WinHow
from shangrao_bot.rules.scoring import score_win
from shangrao_bot.rules.shapes import is_complete
from shangrao_bot.rules.tiles import NUM_KINDS, tile_str


def why_not_win(table: HandTable, seat: int) -> Phrase:
    """Why ``seat`` cannot win now."""
    if table.phase is Phase.TURN and seat == table.current:
        if table.after_call:
            if table.claimed_indicator_kong(seat):
                return Phrase("engine.no_win.after_indicator_kong")
            return Phrase("engine.no_win.after_call")
        if table.drawn is None and table.actions:
            return Phrase("engine.no_win.drawn_into_kong")
        c = table.hands[seat]
        how, extra = table.turn_how(), None
    elif table.phase is Phase.CLAIM and table.claim_tile is not None:
        if table.claim_tile == table.bao:
            return Phrase("engine.no_win.dead_bao")
        if not table.dihu_possible(seat):
            return Phrase("engine.no_win.no_dianpao")
        c, how, extra = list(table.hands[seat]), WinHow.DIHU, table.claim_tile
        c[extra] += 1
    elif table.phase is Phase.ROB:
        c, how, extra = list(table.hands[seat]), WinHow.ROB, table.claim_tile
        assert extra is not None
        c[extra] += 1
    else:
        return Phrase("engine.no_win.not_now")
    melds = table.melds[seat]
    if not is_complete(c, table.bao, len(melds), melds_yaojiu(melds)):
        return Phrase("engine.no_win.incomplete")
    scored = score_win(table.win_input(seat, how, extra), table.rules)
    return scored.reason or Phrase("engine.no_win.not_a_win")


def not_your_turn(table: HandTable, seat: int) -> Phrase:
    """Why ``seat`` may not act at all now."""
    if table.phase is Phase.TURN:
        wind = (table.current - table.dealer) % SEATS
        return Phrase("engine.turn.someone_else", wind=wind, seat=table.current)
    if seat in table.responses:
        return Phrase("engine.turn.answered")
    if table.phase is Phase.ROB:
        return Phrase("engine.turn.cannot_rob")
    return Phrase("engine.turn.no_claim")


def why_illegal(table: HandTable, action: Action) -> Phrase:
    """Why ``action`` is not one of its seat's legal actions (the seat may act now)."""
    k, seat = action.kind, action.seat
    known = action.tile is not None and 0 <= action.tile < NUM_KINDS
    t = tile_str(action.tile) if action.tile is not None and known else "?"
    if k is ActionKind.WIN:
        return why_not_win(table, seat)
    if table.phase in (Phase.CLAIM, Phase.ROB):
        return _why_not_claim(table, action)
    if k is ActionKind.PASS:
        return Phrase("engine.illegal.nothing_to_pass")
    if k in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG):
        return Phrase("engine.illegal.claim_on_turn")
    if k is ActionKind.DISCARD:
        if action.tile is None or not known or not table.hands[seat][action.tile]:
            return Phrase("engine.illegal.no_such_tile", tile=t)
        return Phrase("engine.illegal.discard_one_tile")
    if table.after_call:
        if table.claimed_indicator_kong(seat):
            return Phrase("engine.illegal.kong_after_indicator_kong")
        return Phrase("engine.illegal.kong_after_call")
    if table.wall.live < 1:
        return Phrase("engine.illegal.no_replacement")
    if k is ActionKind.ANGANG:
        if action.tile == table.indicator and not table.rules.indicator_kong:
            return Phrase("engine.illegal.indicator_kong_off")
        return Phrase("engine.illegal.angang_needs_four", tile=t)
    if k is ActionKind.BUGANG:
        return Phrase("engine.illegal.bugang_no_pong", tile=t)
    return Phrase("engine.illegal.not_now")


def _why_not_claim(table: HandTable, action: Action) -> Phrase:
    """Why ``action`` is not an answer its seat may give to the open claim window."""
    k, seat = action.kind, action.seat
    if k is ActionKind.DISCARD:
        return Phrase("engine.illegal.discard_in_window")
    if table.phase is Phase.ROB:
        return Phrase("engine.illegal.rob_or_pass")
    if table.claim_tile == table.bao:
        return Phrase("engine.illegal.dead_bao")
    if k is ActionKind.CHI:
        if table.claim_from is not None and seat != (table.claim_from + 1) % SEATS:
            return Phrase("engine.illegal.chi_not_next")
        return Phrase("engine.illegal.chi_no_fit")
    if k is ActionKind.PONG:
        return Phrase("engine.illegal.pong_needs_two")
    if k is ActionKind.KONG and action.tile == table.indicator:
        if not table.rules.indicator_kong:
            return Phrase("engine.illegal.indicator_kong_off")
        if table.wall.live < 1:
            return Phrase("engine.illegal.no_replacement")
        return Phrase("engine.illegal.indicator_kong_needs_two")
    if k is ActionKind.KONG:
        if table.wall.live < 1:
            return Phrase("engine.illegal.no_replacement")
        return Phrase("engine.illegal.kong_needs_three")
    return Phrase("engine.illegal.not_a_claim")
