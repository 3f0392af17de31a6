"""Refusals of the game engine: moves out of turn, illegal moves, sessions, saved states.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # a hand's deal and its seats (engine/hand_table.py, engine/state.py) — IllegalAction
    "engine.bad_dealer": "dealer {dealer} is not a seat: use 0-3",
    "engine.hand_over": "the hand is over",
    "engine.bad_seat": "seat {seat} is not a seat: use 0-3",
    # a seat that may not act now (engine/why_not.py) — NotYourTurn
    "engine.turn.someone_else": "it is {wind:wind} (seat {seat})'s turn, not yours",
    "engine.turn.answered": "you have already answered this discard",
    "engine.turn.cannot_rob": "you cannot rob this kong: the tile does not complete your hand",
    "engine.turn.no_claim": "you have no claim on this discard; wait for your turn",
    # a move the seat may not make (engine/why_not.py) — IllegalAction
    "engine.illegal.discard_in_window": "this is a claim window: claim the discard or pass",
    "engine.illegal.rob_or_pass": "a 补杠 can only be robbed (hu) or let pass",
    "engine.illegal.dead_bao": "a discarded 宝 is dead: nobody may claim it",
    "engine.illegal.chi_not_next": "only the discarder's 下家 (the next player) may chi",
    "engine.illegal.chi_no_fit": (
        "that chi does not fit: name a sequence with the discard and two of your tiles"
    ),
    "engine.illegal.pong_needs_two": "a pong needs two tiles like the discard in your hand",
    "engine.illegal.indicator_kong_off": "跌宝杠 is switched off at this table",
    "engine.illegal.no_replacement": "no kong now: no live tile is left for its replacement",
    "engine.illegal.indicator_kong_needs_two": (
        "a 跌宝杠 on a discard needs the other two live tiles of the indicator's kind in your hand"
    ),
    "engine.illegal.kong_needs_three": "a kong on a discard needs three tiles like it in your hand",
    "engine.illegal.not_a_claim": "that is not a claim on this discard",
    "engine.illegal.nothing_to_pass": "there is nothing to pass: it is your turn, discard a tile",
    "engine.illegal.claim_on_turn": (
        "chi, pong and kong on a discard are claimed after someone discards"
    ),
    "engine.illegal.no_such_tile": "you have no {tile} to discard",
    "engine.illegal.discard_one_tile": "a discard names one tile and nothing else",
    "engine.illegal.kong_after_indicator_kong": (
        "after claiming a 跌宝杠 you must discard: no kong until your next draw"
    ),
    "engine.illegal.kong_after_call": (
        "after a chi or pong you must discard: no kong until your next draw"
    ),
    "engine.illegal.angang_needs_four": "a concealed kong needs four {tile} in your hand",
    "engine.illegal.bugang_no_pong": (
        "补杠 adds a fourth {tile} to your own pong of {tile}: you have no such pong and tile"
    ),
    "engine.illegal.not_now": "that action is not possible now",
    # why a seat cannot win now (engine/why_not.py)
    "engine.no_win.after_indicator_kong": (
        "after claiming a 跌宝杠 you must discard: you can win only on a draw"
    ),
    "engine.no_win.after_call": "after a chi or pong you must discard: you can win only on a draw",
    "engine.no_win.drawn_into_kong": (
        "the tile you drew went into your 跌宝杠, so there is no winning tile: win before "
        "declaring the 跌宝杠, or discard"
    ),
    "engine.no_win.dead_bao": "a discarded 宝 is dead: nobody may win on it",
    "engine.no_win.no_dianpao": (
        "nobody wins on another player's discard in Shangrao mahjong (no 点炮), except 地胡 on "
        "the dealer's first discard"
    ),
    "engine.no_win.not_now": "you can win only on your own draw, by 抢杠, or by 地胡",
    "engine.no_win.incomplete": "your tiles are not a complete hand yet",
    "engine.no_win.not_a_win": "not a win",
    # a sitting of several hands (engine/session.py) — IllegalAction
    "engine.session.bad_length": "a session of {hands} hands is not possible: use 1 or more",
    "engine.session.over": "the session is over: start a new one",
    "engine.session.hand_in_play": "a hand is still being played",
    "engine.session.hand_not_settled": (
        "the last hand is over but not settled: call finish_hand first"
    ),
    "engine.session.nothing_to_settle": "no finished hand to settle",
    # saved states that cannot be loaded (engine/persist.py, engine/session.py) — StateFormatError;
    # ``detail`` is the English description of the damage, for the log
    "engine.saved.hand_not_object": "a saved hand must be a JSON object",
    "engine.saved.hand_version": (
        "saved hand has version {version}; this engine reads version {supported}"
    ),
    "engine.saved.hand_damaged": "saved hand is damaged: {detail}",
    "engine.saved.wall_tiles": "saved wall is not the 136 tiles",
    "engine.saved.session_version": (
        "saved session has version {version}; this engine reads version {supported}"
    ),
    "engine.saved.session_damaged": "saved session is damaged: {detail}",
    # the wall and its seed (engine/wall.py) — WallError
    "engine.wall.seed_not_hex": (
        "'{token}' is not a seed: write the 64 hex digits the table revealed"
    ),
    "engine.wall.seed_length": (
        "'{token}' is not a seed: it has {digits} hex digits, a seed has {expected}"
    ),
    "engine.wall.seed_bytes": "a seed has {expected} bytes, this one {size}",
    "engine.wall.empty": "no live tile left to draw",
    "engine.wall.no_replacement": "no live tile left for a kong replacement",
    "engine.wall.bad_position": "wall positions {head}, {tail} are not inside the wall",
    # AI players by level (engine/levels.py)
    "engine.ai.bad_level": "'{token}' is not an AI level: use {levels:or}",
    # a hand log rebuilt for a replay (engine/replay.py) — ReplayError, HandNotOver
    "engine.replay.bad_seat": "seat {seat} is not a seat: use 0-3 or the table",
    "engine.replay.no_seat": "a logged {kind} names no seat",
    "engine.replay.not_allowed": (
        "the log has seat {seat} {kind} {match} at action {at}, which the engine does not allow "
        "there"
    ),
    "engine.replay.out_of_turn": "the log has seat {seat} acting on seat {current}'s turn",
    "engine.replay.turn_expected": "the log has {kind} where a turn's action was due",
    "engine.replay.answer_expected": "the log has {kind} where a claim window's answer was due",
    "engine.replay.unanswered": "seat {seat} left a claim window unanswered in the log",
    "engine.replay.log_ends": "the log ends before the hand does: it is still being played",
    "engine.replay.event_differs": (
        "event {number} of the log is {logged} (seat {logged_seat}); the engine makes {made} "
        "(seat {made_seat})"
    ),
    "engine.replay.not_ended": "the hand has not ended: it is still being played",
    "engine.replay.too_long": "the log holds more than {limit} actions",
    "engine.replay.refused": "the engine refuses the logged action: {reason}",
    "engine.replay.no_action": "the log's event {number} follows from no action",
    "engine.replay.goes_on": "the log goes on after the hand's end ({more} more)",
    "engine.replay.no_start": "the log has no hand_started event",
    "engine.replay.seed_not_hex": "the logged seed {detail} is not hex",
    # 何切 analysis input (engine/analysis_input.py) — HandError
    "engine.analysis.size": (
        "hand has {size} tiles (a meld counts 3): the analysis takes {sizes:or} — 14 on a turn, "
        "to choose a discard; 13 between turns or when a discard is offered"
    ),
    "engine.analysis.five_in_sight": (
        "{n} {tile} in sight (hand, melds, seen tiles and the indicator): there are only four"
    ),
    "engine.analysis.bad_flown": "flown 宝 per seat must be four numbers of 0 or more",
    "engine.analysis.flown_unseen": (
        "{flown} 宝 flown but {seen} {tile} among the seen tiles: a flown 宝 lies face up in the "
        "discards, so list it with the seen tiles"
    ),
}
