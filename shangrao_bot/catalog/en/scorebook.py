"""The scorebook's refusals (recording, confirming and taking back hands).

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "sk.no_session": (
        "There is no open score session in this channel: start one with `/session start`."
    ),
    "sk.bad_preset": "'{preset}' is not a preset: use shangrao or baike.",
    "sk.roster_size": (
        "A session seats four players; you named {count}. Write four, in seat order, "
        "e.g. `@Alice @Bob Lao Wang, Xiao Li`."
    ),
    "sk.roster_twice": "The same player is named twice: each seat needs a different player.",
    "sk.bad_stake": "A stake of {stake} is not possible: use a whole number from 1 to {limit}.",
    "sk.name_long": "The name '{name}' is too long: use at most {limit} characters.",
    "sk.name_empty": "A guest needs a name with letters you can see: write it, e.g. Lao Wang.",
    "sk.name_number": (
        "'{name}' cannot be a name: a number means a seat (1-4) or a player (#12). "
        "Add a letter, e.g. Player {name}."
    ),
    "sk.name_member": (
        "'{name}' is already the name of a member at this table: give the guest "
        "another name, so everyone knows who is who."
    ),
    "sk.session_open": (
        "This channel already has an open score session: end it with `/session end` "
        "first, or start the new one in another channel."
    ),
    "sk.no_transfer": "Transfer #{id} does not exist in this server.",
    "sk.paid_not_payee": (
        "Only {payee} (who receives it), a scorer or an administrator can mark this paid."
    ),
    "sk.not_seated": (
        "You are not seated in this session: only its players or a member with the "
        "scorer role can do this."
    ),
    "sk.bad_seat.winner": "'{value}' in winner is not a seat: use 1-4, a name or a mention.",
    "sk.bad_seat.robbed": "'{value}' in robbed is not a seat: use 1-4, a name or a mention.",
    "sk.bad_seat.flown": "'{value}' in flown is not a seat: use 1-4, a name or a mention.",
    "sk.bad_seat.bonuses": "'{value}' in bonuses is not a seat: use 1-4, a name or a mention.",
    "sk.not_in_session.winner": (
        "'{name}' (in winner) is not a player of this session: use a seat 1-4 or the "
        "name of someone seated."
    ),
    "sk.not_in_session.robbed": (
        "'{name}' (in robbed) is not a player of this session: use a seat 1-4 or the "
        "name of someone seated."
    ),
    "sk.not_in_session.flown": (
        "'{name}' (in flown) is not a player of this session: use a seat 1-4 or the "
        "name of someone seated."
    ),
    "sk.not_in_session.bonuses": (
        "'{name}' (in bonuses) is not a player of this session: use a seat 1-4 or "
        "the name of someone seated."
    ),
    "sk.bad_flown": "'{item}' in flown should be WHO:N, e.g. `2:1` or `Alice:1` (宝 discarded).",
    "sk.flown_many": "'{item}': a player can fly at most 4 宝.",
    "sk.bad_bonus": (
        "'{item}' in bonuses should be WHO:KIND, KIND one of 明杠 暗杠 接宝 四个宝 "
        "(or minggang angang jiebao sigebao), e.g. `2:暗杠` or `Alice:minggang×2`."
    ),
    "sk.bad_how": "'{how}' is not a way of winning: pick one from the list.",
    "sk.need_win": "Name the winning tile in `win` (e.g. 9s); only 天胡 has none.",
    "sk.name_winner": "You are not seated in this session: name the winner in `winner`.",
    "sk.hand_voided": "Hand #{id} was voided ({reason}): record it again if it was played.",
    "sk.hand_counted": "Hand #{id} is already confirmed and counts.",
    "sk.hand_expired": (
        "Hand #{id} was not confirmed within {minutes} {minutes:minute|minutes} and "
        "expired: record it again."
    ),
    "sk.confirm_not_seated": (
        "Only the players seated in this session (or a member with the scorer role) "
        "can confirm its hands."
    ),
    "sk.confirm_own": "You recorded this hand: another seated player (or a scorer) confirms it.",
    "sk.nothing_to_undo": "This session has no hand to undo.",
    "sk.undo_not_yours": (
        "The last hand (#{id}) was recorded by someone else: only its recorder, a "
        "scorer or an administrator can undo it."
    ),
    "sk.request_gone": (
        "This request is no longer open (it lapsed, was answered, or the bot "
        "restarted): ask again with `/score undo` or `/score void`."
    ),
    "sk.request_own": "You asked for this: another seated player (or a scorer) confirms it.",
    "sk.void_not_yours": (
        "Hand #{id} was recorded by someone else: only its recorder, a scorer or an "
        "administrator can void it."
    ),
    "sk.need_reason": "Say why in `reason` (it is kept in the audit trail).",
    "sk.calc_robbed": (
        "'{value}' in robbed: outside a session the winner is seat 1, so name the "
        "robbed seat as 2, 3 or 4."
    ),
    "sk.calc_flown": (
        "'{item}' in flown should be SEAT:N with SEAT 1-4 (the winner is 1), e.g. `1:1`."
    ),
    "sk.calc_bonus": (
        "'{item}' in bonuses should be SEAT:KIND with SEAT 1-4 (the winner is 1), e.g. `2:暗杠`."
    ),
    "sk.ledger": "The book refused that: {reason}",
    "sk.no_player": "Nobody called '{name}' has played in this server.",
    "sk.not_guest": "'{name}' is not a guest: link merges a guest's history into a member.",
    "sk.no_session_id": "Session #{id} does not exist in this server: see `/session list`.",
}
