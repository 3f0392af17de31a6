"""Refusals of the game engine: moves out of turn, illegal moves, sessions, saved states.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # a hand's deal and its seats (engine/hand_table.py, engine/state.py) — IllegalAction
    "engine.bad_dealer": "庄家 {dealer} 不是座位：请用 0-3",
    "engine.hand_over": "这一手已经结束了",
    "engine.bad_seat": "没有 {seat} 号座位：座位是 0-3",
    # a seat that may not act now (engine/why_not.py) — NotYourTurn
    "engine.turn.someone_else": "轮到{wind:wind}（{seat} 号座位）了，还没轮到你",
    "engine.turn.answered": "你已经对这张牌作出了选择",
    "engine.turn.cannot_rob": "你不能抢这个杠：这张牌胡不了你的牌",
    "engine.turn.no_claim": "这张牌你不能吃、碰或杠；请等轮到你",
    # a move the seat may not make (engine/why_not.py) — IllegalAction
    "engine.illegal.discard_in_window": "现在是吃碰杠的时候：要么吃碰杠这张牌，要么过",
    "engine.illegal.rob_or_pass": "对补杠只能抢杠（胡）或者过",
    "engine.illegal.dead_bao": "打出的宝是死牌：谁都不能吃碰杠",
    "engine.illegal.chi_not_next": "只有打牌人的下家才能吃",
    "engine.illegal.chi_no_fit": "这样吃不行：要用这张牌和你手里的两张组成顺子",
    "engine.illegal.pong_needs_two": "碰要手里有两张和这张一样的牌",
    "engine.illegal.indicator_kong_off": "本桌没有开跌宝杠",
    "engine.illegal.no_replacement": "现在不能杠：牌墙里已经没有可以补的牌了",
    "engine.illegal.indicator_kong_needs_two": (
        "杠别人打出的牌成跌宝杠，要手里有跌宝牌那种牌的另外两张"
    ),
    "engine.illegal.kong_needs_three": "杠别人打的牌要手里有三张一样的",
    "engine.illegal.not_a_claim": "这张牌不能这样吃碰杠",
    "engine.illegal.nothing_to_pass": "没有什么可以过的：现在轮到你，请打一张牌",
    "engine.illegal.claim_on_turn": "吃、碰、明杠要等别人打出牌以后才能叫",
    "engine.illegal.no_such_tile": "你手里没有 {tile} 可以打",
    "engine.illegal.discard_one_tile": "打牌只能指定一张牌",
    "engine.illegal.kong_after_indicator_kong": (
        "杠别人打出的牌成跌宝杠之后必须先打一张牌：下次摸牌后才能杠"
    ),
    "engine.illegal.kong_after_call": "吃或碰之后必须先打一张牌：下次摸牌后才能杠",
    "engine.illegal.angang_needs_four": "暗杠要手里有四张 {tile}",
    "engine.illegal.bugang_no_pong": (
        "补杠是把第四张 {tile} 加到你自己碰的 {tile} 上：你没有这样的碰和牌"
    ),
    "engine.illegal.not_now": "现在不能这样做",
    # why a seat cannot win now (engine/why_not.py)
    "engine.no_win.after_indicator_kong": (
        "杠别人打出的牌成跌宝杠之后必须先打一张牌：只有摸牌时才能胡"
    ),
    "engine.no_win.after_call": "吃或碰之后必须先打一张牌：只有摸牌时才能胡",
    "engine.no_win.drawn_into_kong": (
        "你摸的牌用进了跌宝杠，所以没有可以胡的牌：要胡就得在开跌宝杠之前胡，现在请打一张牌"
    ),
    "engine.no_win.dead_bao": "打出的宝是死牌：谁都不能胡",
    "engine.no_win.no_dianpao": (
        "上饶麻将不能胡别人打的牌（没有点炮），只有庄家打出的第一张牌可以地胡"
    ),
    "engine.no_win.not_now": "只有自摸、抢杠或地胡才能胡",
    "engine.no_win.incomplete": "你的牌还没成胡",
    "engine.no_win.not_a_win": "不算胡",
    # a sitting of several hands (engine/session.py) — IllegalAction
    "engine.session.bad_length": "不能打 {hands} 手：至少要 1 手",
    "engine.session.over": "这一场已经结束：请开新的一场",
    "engine.session.hand_in_play": "还有一手牌没打完",
    "engine.session.hand_not_settled": "上一手已经结束但还没结算：请先调用 finish_hand",
    "engine.session.nothing_to_settle": "没有打完的牌局可以结算",
    # saved states that cannot be loaded (engine/persist.py, engine/session.py) — StateFormatError;
    # ``detail`` is the English description of the damage, for the log
    "engine.saved.hand_not_object": "保存的牌局必须是一个 JSON 对象",
    "engine.saved.hand_version": "保存的牌局版本为 {version}；本引擎只能读取版本 {supported}",
    "engine.saved.hand_damaged": "保存的牌局已损坏：{detail}",
    "engine.saved.wall_tiles": "保存的牌墙不是那 136 张牌",
    "engine.saved.session_version": (
        "保存的牌局场次版本为 {version}；本引擎只能读取版本 {supported}"
    ),
    "engine.saved.session_damaged": "保存的牌局场次已损坏：{detail}",
    # the wall and its seed (engine/wall.py) — WallError
    "engine.wall.seed_not_hex": "“{token}”不是种子：请写出牌桌公布的 64 位十六进制数字",
    "engine.wall.seed_length": (
        "“{token}”不是种子：它有 {digits} 位十六进制数字，种子应有 {expected} 位"
    ),
    "engine.wall.seed_bytes": "种子应有 {expected} 个字节，这个有 {size} 个",
    "engine.wall.empty": "牌墙里已经没有可以摸的牌了",
    "engine.wall.no_replacement": "牌墙里已经没有可以给杠补的牌了",
    "engine.wall.bad_position": "牌墙位置 {head}、{tail} 不在牌墙之内",
    # AI players by level (engine/levels.py)
    "engine.ai.bad_level": "“{token}”不是 AI 难度：请用 {levels:or}",
    # a hand log rebuilt for a replay (engine/replay.py) — ReplayError, HandNotOver
    "engine.replay.bad_seat": "没有 {seat} 号座位：请用 0-3 或全桌",
    "engine.replay.no_seat": "记录里的 {kind} 没有写座位",
    "engine.replay.not_allowed": (
        "记录里第 {at} 个动作处是 {seat} 号座位的 {kind} {match}，引擎不允许在那里这样做"
    ),
    "engine.replay.out_of_turn": "记录里 {seat} 号座位在 {current} 号座位的回合行动",
    "engine.replay.turn_expected": "记录里该是回合动作的地方是 {kind}",
    "engine.replay.answer_expected": "记录里该是吃碰杠回答的地方是 {kind}",
    "engine.replay.unanswered": "记录里 {seat} 号座位没有回答吃碰杠",
    "engine.replay.log_ends": "记录在这一手结束之前就断了：这一手还在进行",
    "engine.replay.event_differs": (
        "记录的第 {number} 个事件是 {logged}（{logged_seat} 号座位）；引擎得出的是 "
        "{made}（{made_seat} 号座位）"
    ),
    "engine.replay.not_ended": "这一手还没有结束：还在进行",
    "engine.replay.too_long": "记录里的动作超过 {limit} 个",
    "engine.replay.refused": "引擎拒绝记录里的动作：{reason}",
    "engine.replay.no_action": "记录的第 {number} 个事件不是由任何动作引起的",
    "engine.replay.goes_on": "这一手结束后记录还在继续（多了 {more} 个）",
    "engine.replay.no_start": "记录里没有“这一手开始”的事件",
    "engine.replay.seed_not_hex": "记录里的种子 {detail} 不是十六进制",
    # 何切 analysis input (engine/analysis_input.py) — HandError
    "engine.analysis.size": (
        "这手牌有 {size} 张（一组副露算 3 张）：分析要 {sizes:or} 张——轮到自己时 14 张，"
        "选一张打出；不在自己回合或别人打出牌时 13 张"
    ),
    "engine.analysis.five_in_sight": (
        "看得见的 {tile} 有 {n} 张（手牌、副露、已见的牌和跌宝牌）：每种牌只有四张"
    ),
    "engine.analysis.bad_flown": "各座位的飞宝数必须是四个不小于 0 的数",
    "engine.analysis.flown_unseen": (
        "飞了 {flown} 张宝，但已见的牌里只有 {seen} 张 {tile}：飞出的宝摆在弃牌里，"
        "请把它列进已见的牌"
    ),
}
