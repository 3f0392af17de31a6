"""Refusals of the game engine: moves out of turn, illegal moves, sessions, saved states.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # a hand's deal and its seats (engine/hand_table.py, engine/state.py) — IllegalAction
    "engine.bad_dealer": "莊家 {dealer} 不是座位：請用 0-3",
    "engine.hand_over": "這一手已經結束了",
    "engine.bad_seat": "沒有 {seat} 號座位：座位是 0-3",
    # a seat that may not act now (engine/why_not.py) — NotYourTurn
    "engine.turn.someone_else": "輪到{wind:wind}（{seat} 號座位）了，還沒輪到你",
    "engine.turn.answered": "你已經對這張牌作出了選擇",
    "engine.turn.cannot_rob": "你不能搶這個槓：這張牌胡不了你的牌",
    "engine.turn.no_claim": "這張牌你不能吃、碰或槓；請等輪到你",
    # a move the seat may not make (engine/why_not.py) — IllegalAction
    "engine.illegal.discard_in_window": "現在是吃碰槓的時候：要麼吃碰槓這張牌，要麼過",
    "engine.illegal.rob_or_pass": "對補槓只能搶槓（胡）或者過",
    "engine.illegal.dead_bao": "打出的寶是死牌：誰都不能吃碰槓",
    "engine.illegal.chi_not_next": "只有打牌者的下家才能吃",
    "engine.illegal.chi_no_fit": "這樣吃不行：要用這張牌和你手裡的兩張組成順子",
    "engine.illegal.pong_needs_two": "碰要手裡有兩張和這張一樣的牌",
    "engine.illegal.indicator_kong_off": "本桌沒有開跌寶槓",
    "engine.illegal.no_replacement": "現在不能槓：牌牆裡已經沒有可以補的牌了",
    "engine.illegal.indicator_kong_needs_two": (
        "槓別人打出的牌成跌寶槓，要手裡有跌寶牌那種牌的另外兩張"
    ),
    "engine.illegal.kong_needs_three": "槓別人打的牌要手裡有三張一樣的",
    "engine.illegal.not_a_claim": "這張牌不能這樣吃碰槓",
    "engine.illegal.nothing_to_pass": "沒有什麼可以過的：現在輪到你，請打一張牌",
    "engine.illegal.claim_on_turn": "吃、碰、明槓要等別人打出牌以後才能喊",
    "engine.illegal.no_such_tile": "你手裡沒有 {tile} 可以打",
    "engine.illegal.discard_one_tile": "打牌只能指定一張牌",
    "engine.illegal.kong_after_indicator_kong": (
        "槓別人打出的牌成跌寶槓之後必須先打一張牌：下次摸牌後才能槓"
    ),
    "engine.illegal.kong_after_call": "吃或碰之後必須先打一張牌：下次摸牌後才能槓",
    "engine.illegal.angang_needs_four": "暗槓要手裡有四張 {tile}",
    "engine.illegal.bugang_no_pong": (
        "補槓是把第四張 {tile} 加到你自己碰的 {tile} 上：你沒有這樣的碰和牌"
    ),
    "engine.illegal.not_now": "現在不能這樣做",
    # why a seat cannot win now (engine/why_not.py)
    "engine.no_win.after_indicator_kong": (
        "槓別人打出的牌成跌寶槓之後必須先打一張牌：只有摸牌時才能胡"
    ),
    "engine.no_win.after_call": "吃或碰之後必須先打一張牌：只有摸牌時才能胡",
    "engine.no_win.drawn_into_kong": (
        "你摸的牌用進了跌寶槓，所以沒有可以胡的牌：要胡就得在開跌寶槓之前胡，現在請打一張牌"
    ),
    "engine.no_win.dead_bao": "打出的寶是死牌：誰都不能胡",
    "engine.no_win.no_dianpao": (
        "上饒麻將不能胡別人打的牌（沒有放槍），只有莊家打出的第一張牌可以地胡"
    ),
    "engine.no_win.not_now": "只有自摸、搶槓或地胡才能胡",
    "engine.no_win.incomplete": "你的牌還沒成胡",
    "engine.no_win.not_a_win": "不算胡",
    # a sitting of several hands (engine/session.py) — IllegalAction
    "engine.session.bad_length": "不能打 {hands} 手：至少要 1 手",
    "engine.session.over": "這一場已經結束：請開新的一場",
    "engine.session.hand_in_play": "還有一手牌沒打完",
    "engine.session.hand_not_settled": "上一手已經結束但還沒結算：請先呼叫 finish_hand",
    "engine.session.nothing_to_settle": "沒有打完的牌局可以結算",
    # saved states that cannot be loaded (engine/persist.py, engine/session.py) — StateFormatError;
    # ``detail`` is the English description of the damage, for the log
    "engine.saved.hand_not_object": "儲存的牌局必須是一個 JSON 物件",
    "engine.saved.hand_version": "儲存的牌局版本為 {version}；本引擎只能讀取版本 {supported}",
    "engine.saved.hand_damaged": "儲存的牌局已損壞：{detail}",
    "engine.saved.wall_tiles": "儲存的牌牆不是那 136 張牌",
    "engine.saved.session_version": (
        "儲存的牌局場次版本為 {version}；本引擎只能讀取版本 {supported}"
    ),
    "engine.saved.session_damaged": "儲存的牌局場次已損壞：{detail}",
    # the wall and its seed (engine/wall.py) — WallError
    "engine.wall.seed_not_hex": "「{token}」不是種子：請寫出牌桌公布的 64 位十六進位數字",
    "engine.wall.seed_length": (
        "「{token}」不是種子：它有 {digits} 位十六進位數字，種子應有 {expected} 位"
    ),
    "engine.wall.seed_bytes": "種子應有 {expected} 個位元組，這個有 {size} 個",
    "engine.wall.empty": "牌牆裡已經沒有可以摸的牌了",
    "engine.wall.no_replacement": "牌牆裡已經沒有可以給槓補的牌了",
    "engine.wall.bad_position": "牌牆位置 {head}、{tail} 不在牌牆之內",
    # AI players by level (engine/levels.py)
    "engine.ai.bad_level": "「{token}」不是 AI 難度：請用 {levels:or}",
    # a hand log rebuilt for a replay (engine/replay.py) — ReplayError, HandNotOver
    "engine.replay.bad_seat": "沒有 {seat} 號座位：請用 0-3 或全桌",
    "engine.replay.no_seat": "記錄裡的 {kind} 沒有寫座位",
    "engine.replay.not_allowed": (
        "記錄裡第 {at} 個動作處是 {seat} 號座位的 {kind} {match}，引擎不允許在那裡這樣做"
    ),
    "engine.replay.out_of_turn": "記錄裡 {seat} 號座位在 {current} 號座位的回合行動",
    "engine.replay.turn_expected": "記錄裡該是回合動作的地方是 {kind}",
    "engine.replay.answer_expected": "記錄裡該是吃碰槓回答的地方是 {kind}",
    "engine.replay.unanswered": "記錄裡 {seat} 號座位沒有回答吃碰槓",
    "engine.replay.log_ends": "記錄在這一手結束之前就斷了：這一手還在進行",
    "engine.replay.event_differs": (
        "記錄的第 {number} 個事件是 {logged}（{logged_seat} 號座位）；引擎得出的是 "
        "{made}（{made_seat} 號座位）"
    ),
    "engine.replay.not_ended": "這一手還沒有結束：還在進行",
    "engine.replay.too_long": "記錄裡的動作超過 {limit} 個",
    "engine.replay.refused": "引擎拒絕記錄裡的動作：{reason}",
    "engine.replay.no_action": "記錄的第 {number} 個事件不是由任何動作引起的",
    "engine.replay.goes_on": "這一手結束後記錄還在繼續（多了 {more} 個）",
    "engine.replay.no_start": "記錄裡沒有「這一手開始」的事件",
    "engine.replay.seed_not_hex": "記錄裡的種子 {detail} 不是十六進位",
    # 何切 analysis input (engine/analysis_input.py) — HandError
    "engine.analysis.size": (
        "這手牌有 {size} 張（一組副露算 3 張）：分析要 {sizes:or} 張——輪到自己時 14 張，"
        "選一張打出；不在自己回合或別人打出牌時 13 張"
    ),
    "engine.analysis.five_in_sight": (
        "看得見的 {tile} 有 {n} 張（手牌、副露、已見的牌和跌寶牌）：每種牌只有四張"
    ),
    "engine.analysis.bad_flown": "各座位的飛寶數必須是四個不小於 0 的數",
    "engine.analysis.flown_unseen": (
        "飛了 {flown} 張寶，但已見的牌裡只有 {seen} 張 {tile}：飛出的寶擺在棄牌裡，"
        "請把它列進已見的牌"
    ),
}
