"""Refusals of the rules core: tiles that cannot be read, impossible hands, inconsistent
scoring input, and why a hand is not a win.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # tiles (rules/tiles.py) — TileParseError
    "tile.bad_rank": "“{token}”不是牌：点数只能是 1-9",
    "tile.bad_honour_rank": "“{token}”不是牌：字牌（z）的点数只能是 1-7",
    "tile.no_suit": "“{token}”没有花色：请加上 m（万）、p（筒）、s（条）或 z（字），如“{token}m”",
    "tile.no_rank": "“{token}”前面没有点数：请写成如“5{token}”",
    "tile.bad_suit": "“{token}”不是牌：“{suit}”不是花色，请用 m（万）、p（筒）、s（条）或 z（字）",
    "tile.unknown": (
        "“{token}”不是牌：请用 mpsz 写法（123m 456p 789s 1234567z）、字牌字母 E S W N P F C，"
        "或中文牌名（一万 5筒 7条 东 中）"
    ),
    "tile.not_one": "“{token}”应该正好是一张牌，但读出来是 {n} 张",
    # melds as typed (rules/tiles.py) — TileParseError
    "meld.bad_claimed_kong": (
        "“{token}”不是杠别人打出的牌而成的跌宝杠：花括号里写跌宝牌那种牌的三张，如 ｛111m｝"
    ),
    "meld.bad_concealed_kong": (
        "“{token}”不是暗杠：请写四张一样的牌，如 (1111z)；或跌宝杠的三张跌宝牌，如 (111m)"
    ),
    "meld.bad": "“{token}”不是副露：请写顺子 [123m]、碰 [777s]、明杠 [2222p] 或暗杠 (1111z)",
    "meld.no_bracket": (
        "“{token}”不是副露：明的副露写在方括号里 [123m]，暗杠写在圆括号里 (1111z)，"
        "杠别人打出的牌而成的跌宝杠写在花括号里 ｛111m｝"
    ),
    "meld.unclosed": "“{token}”缺少右括号“{closer}”",
    # a possible hand (rules/hand.py) — HandError
    "hand.too_many_melds": "{n} 组副露：一手牌最多四组",
    "hand.size_win": "这手牌有 {size} 张，胡牌要 {sizes:or} 张",
    "hand.size_win_melds": (
        "这手牌有 {size} 张，胡牌要 {sizes:or} 张（有 {melds} 组副露时，"
        "暗牌部分需要 {need:list} 张）"
    ),
    "hand.size": "这手牌有 {size} 张，应该是 {sizes:or} 张",
    "hand.size_melds": (
        "这手牌有 {size} 张，应该是 {sizes:or} 张（有 {melds} 组副露时，"
        "暗牌部分需要 {need:list} 张）"
    ),
    "hand.five_copies": "一手牌里有 {n:word} 张 {tile}：每种牌只有四张",
    "hand.indicator_held": "一手牌里有四张 {tile}，但有一张 {tile} 是翻开的跌宝牌（宝是 {bao}）",
    "hand.bao_meld": (
        "“{token}”不可能是副露：碰或明杠宝牌都要别人打出的宝，而打出的宝是死牌（宝只能暗杠）"
    ),
    "hand.not_indicator_kong": (
        "“{token}”不是跌宝杠：只有跌宝牌那种牌的三张才算杠（跌宝牌是 {indicator}）"
    ),
    "hand.indicator_kong_no_bao": "“{token}”不是跌宝杠：只有跌宝牌那种牌的三张才算杠（没有给出宝）",
    # the description of a win (rules/win_checks.py) — ScoringInputError, ImpossibleHandError
    "win.bad_flown": "各座位的飞宝数必须是四个 0 到 4 的数",
    "win.bad_winner": "赢家座位 {seat} 不存在：请用 0-3",
    "win.flown_before_dealt": "天胡或地胡之前不可能有人飞宝：那时还没有人打过牌",
    "win.tianhu_melds": "天胡是用起手的 14 张牌胡的：不能有副露",
    "win.no_winning_tile": "缺少胡的那张牌：请写出来（如 --win 5p），天胡除外",
    "win.tile_not_in_hand": "胡的牌 {tile} 不在手牌里：手牌要包括胡的那张牌",
    "win.rob_no_seat": "抢杠要写明被抢的座位（别的座位；赢家是 0 号座位时为 1-3）",
    "win.rob_bao": "宝不能被抢杠：补杠只能用本身的牌，不能用宝",
    "win.rob_indicator": "{tile} 不能被抢杠：有一张 {tile} 是翻开的跌宝牌，谁也凑不出第四张来补杠",
    "win.rob_held": (
        "抢杠的人手里有 {n} 张 {tile}：其余的 {tile} 都在被抢者的碰和补杠里，"
        "抢杠的人只能有被抢的那一张"
    ),
    "win.rob_baike": "不能抢杠：百科方案没有抢杠",
    "win.rob_off": "本桌没有开抢杠",
    "win.dihu_off": "本桌没有开地胡",
    "win.dihu_on_bao": "地胡不能胡打出的宝（打出的宝是死牌）",
    "win.dihu_melds": "地胡是用起手的 13 张牌胡的：不能有副露",
    "win.indicator_kong_off": "“{token}”：本桌没有开跌宝杠",
    "win.own_kongs": "赢家自己的杠按副露计算：请写在副露里，不要写成奖励分",
    "win.gangkai_no_kong": "杠开要求赢家的副露里有四张牌的杠：开杠之后才有补牌，而跌宝杠不补牌",
    "win.bad_kong_chain": (
        "连杠数 {n} 不对：它数的是赢家连着开的四张牌的杠（跌宝杠不补牌，不算），"
        "应在 1 到副露里这种杠的数目 {kongs} 之间"
    ),
    "win.too_many_flown": "飞了 {flown} 张宝，可宝牌只有四张",
    "win.too_many_bao": (
        "飞了 {flown} 张宝，赢家手里和副露里还有 {held} 张，一共 {total} 张，可宝牌只有四张"
    ),
    "win.jiebao_and_sigebao": "接宝和四个宝不能同时发生：第四张宝要么被打出，要么被摸到",
    "win.sigebao_flown_elsewhere": "四个宝是一个人摸到了全部四张宝，可别人飞过宝",
    "win.sigebao_winner_holds": "四个宝记在别人名下，可赢家手里有 {n} 张宝",
    "win.sigebao_short": (
        "四个宝记在赢家名下，可赢家的宝（手里、副露里和飞掉的）一共 {n} 张，不是四张"
    ),
    "win.jiebao_no_fourth": "接宝要别人打出第四张宝，可别人都没有飞过宝",
    "win.jiebao_too_many": (
        "接宝：接宝的人摸了三张宝，第四张是别人打出的，所以其他人飞掉的和手里的宝加起来只有"
        "一张，不是 {n} 张"
    ),
    "win.jiebao_not_three": (
        "赢家接宝要赢家自己摸过三张宝，可赢家的宝（手里、副露里和飞掉的）一共 {n} 张"
    ),
    # why a hand is not a win (rules/scoring.py and the presets' valuations)
    "win.incomplete": "这些牌还不成胡：凑不成四组面子加一对将、七对、十三浪或九幺（还差 {n} 张）",
    "win.youbao_pinghu": (
        "上饶方案不算有宝平胡：有顺子的牌里宝当了百搭。"
        "请打成宝吊头（四组面子加一张单吊的宝），或者打成无宝。"
    ),
    "win.baike_needs_feibao": (
        "百科方案里 {pattern:term} 不算胡，除非赢家飞过宝（飞宝）：飞宝后算 2 × 2^f 分"
    ),
    "win.baike_no_win": "百科方案里 {pattern:term} 不算胡",
    "win.not_a_win": "不算胡",
    "win.draw": "流局：只结算奖励分",
    # a modifier's note (rules/shangrao_preset.py, rules/baike_preset.py)
    "win.note.chain": "连开 {n} 杠",
    "win.note.flown": "飞了 {n} 张宝",
    # a hand scored from its pattern (rules/quick.py) — ScoringInputError
    "quick.bad_pattern": "“{token}”不是{preset:preset}方案的牌型：请从列表里选",
    "quick.flat": "{pattern:term}是固定分：不能再算杠开、抢杠、单吊或九幺",
    "quick.rob_pattern": "牌型“抢杠”是有宝平胡抢了别人的补杠：胡法请选抢杠",
    "quick.rob_with_bao_off": "本桌有宝平胡不能抢杠（没有开有宝抢杠）",
    "quick.rob_dandiao": "有宝平胡抢杠不会是单吊：单吊一张宝等被抢的牌，那是宝吊头",
    "quick.baike_dandiao": "百科方案没有单吊翻倍",
    "quick.baike_yaojiu": "百科方案里九幺算在牌型里：请选带九幺的牌型",
    "quick.rob_no_player": "抢杠要写明被抢的人（不能是赢家自己）",
    "quick.bad_robbed_seat": "被抢的座位 {seat} 不存在：请用 0-3",
    "quick.rob_bao": "宝不能被抢杠：宝吊宝是摸到宝才胡的，不可能是抢杠",
    "quick.bad_kong_chain": "连杠数 {n} 不对：连杠是 1 到 4 个杠",
    "quick.yaojiu_pattern": "九幺翻倍只算在普通胡或七对上，不算在十三浪或九幺牌型上",
    "quick.yaojiu_sequence": "{pattern:term}里有顺子，不是每张都是幺九或字牌：不能算九幺",
    "quick.meldless": "{pattern:term}没有副露，不可能单吊，也不可能杠开",
    "quick.dealt_dandiao": "{dealt:term}是用起手的牌胡的：没有副露，不可能单吊",
    "quick.dealt_baodiao": "{dealt:term}不可能是{pattern:term}：宝吊要有摸到的牌，而地胡不能胡宝",
    # bonus events (rules/bonus_text.py — BonusTextError; rules/win_checks.py)
    "bonus.no_colon": "“{token}”应写成 座位:种类，如 1:暗杠",
    "bonus.bad_kind": "“{token}”不是奖励分的种类",
    "bonus.bad_times": "“{token}”：奖励分可以重复 1-{most} 次，如 暗杠×2",
    "bonus.bad_seat": "奖励分的座位 {seat} 不存在：请用 0-3",
    "bonus.two_sigebao": "四个宝只能给一个人：宝一共只有四张",
    "bonus.two_jiebao": "接宝最多一次：第四张宝只有一张",
    "bonus.too_many_kongs": "{seat} 号座位有 {n} 个杠：一个人最多开四个杠",
    # the rule set (rules/ruleset.py)
    "ruleset.bad_stake": "底分 {n} 不可用：请用 1 或以上的整数",
    "ruleset.bad_preset": "“{token}”不是计分方案：请用 shangrao（上饶，默认）或 baike（百科）",
}
