"""Refusals of the rules core: tiles that cannot be read, impossible hands, inconsistent
scoring input, and why a hand is not a win.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # tiles (rules/tiles.py) — TileParseError
    "tile.bad_rank": "「{token}」不是牌：點數只能是 1-9",
    "tile.bad_honour_rank": "「{token}」不是牌：字牌（z）的點數只能是 1-7",
    "tile.no_suit": (
        "「{token}」沒有花色：請加上 m（萬）、p（筒）、s（條）或 z（字），如「{token}m」"
    ),
    "tile.no_rank": "「{token}」前面沒有點數：請寫成如「5{token}」",
    "tile.bad_suit": (
        "「{token}」不是牌：「{suit}」不是花色，請用 m（萬）、p（筒）、s（條）或 z（字）"
    ),
    "tile.unknown": (
        "「{token}」不是牌：請用 mpsz 寫法（123m 456p 789s 1234567z）、字牌字母 E S W N P F C，"
        "或中文牌名（一萬 5筒 7條 東 中）"
    ),
    "tile.not_one": "「{token}」應該正好是一張牌，但讀出來是 {n} 張",
    # melds as typed (rules/tiles.py) — TileParseError
    "meld.bad_claimed_kong": (
        "「{token}」不是槓別人打出的牌而成的跌寶槓：大括號裡寫跌寶牌那種牌的三張，如 ｛111m｝"
    ),
    "meld.bad_concealed_kong": (
        "「{token}」不是暗槓：請寫四張一樣的牌，如 (1111z)；或跌寶槓的三張跌寶牌，如 (111m)"
    ),
    "meld.bad": "「{token}」不是副露：請寫順子 [123m]、碰 [777s]、明槓 [2222p] 或暗槓 (1111z)",
    "meld.no_bracket": (
        "「{token}」不是副露：明的副露寫在方括號裡 [123m]，暗槓寫在圓括號裡 (1111z)，"
        "槓別人打出的牌而成的跌寶槓寫在大括號裡 ｛111m｝"
    ),
    "meld.unclosed": "「{token}」缺少右括號「{closer}」",
    # a possible hand (rules/hand.py) — HandError
    "hand.too_many_melds": "{n} 組副露：一手牌最多四組",
    "hand.size_win": "這手牌有 {size} 張，胡牌要 {sizes:or} 張",
    "hand.size_win_melds": (
        "這手牌有 {size} 張，胡牌要 {sizes:or} 張（有 {melds} 組副露時，"
        "暗牌部分需要 {need:list} 張）"
    ),
    "hand.size": "這手牌有 {size} 張，應該是 {sizes:or} 張",
    "hand.size_melds": (
        "這手牌有 {size} 張，應該是 {sizes:or} 張（有 {melds} 組副露時，"
        "暗牌部分需要 {need:list} 張）"
    ),
    "hand.five_copies": "一手牌裡有 {n:word} 張 {tile}：每種牌只有四張",
    "hand.indicator_held": "一手牌裡有四張 {tile}，但有一張 {tile} 是翻開的跌寶牌（寶是 {bao}）",
    "hand.bao_meld": (
        "「{token}」不可能是副露：碰或明槓寶牌都要別人打出的寶，而打出的寶是死牌（寶只能暗槓）"
    ),
    "hand.not_indicator_kong": (
        "「{token}」不是跌寶槓：只有跌寶牌那種牌的三張才算槓（跌寶牌是 {indicator}）"
    ),
    "hand.indicator_kong_no_bao": (
        "「{token}」不是跌寶槓：只有跌寶牌那種牌的三張才算槓（沒有給出寶）"
    ),
    # the description of a win (rules/win_checks.py) — ScoringInputError, ImpossibleHandError
    "win.bad_flown": "各座位的飛寶數必須是四個 0 到 4 的數",
    "win.bad_winner": "贏家座位 {seat} 不存在：請用 0-3",
    "win.flown_before_dealt": "天胡或地胡之前不可能有人飛寶：那時還沒有人打過牌",
    "win.tianhu_melds": "天胡是用起手的 14 張牌胡的：不能有副露",
    "win.no_winning_tile": "缺少胡的那張牌：請寫出來（如 --win 5p），天胡除外",
    "win.tile_not_in_hand": "胡的牌 {tile} 不在手牌裡：手牌要包括胡的那張牌",
    "win.rob_no_seat": "搶槓要寫明被搶的座位（別的座位；贏家是 0 號座位時為 1-3）",
    "win.rob_bao": "寶不能被搶槓：補槓只能用本身的牌，不能用寶",
    "win.rob_indicator": "{tile} 不能被搶槓：有一張 {tile} 是翻開的跌寶牌，誰也湊不出第四張來補槓",
    "win.rob_held": (
        "搶槓的人手裡有 {n} 張 {tile}：其餘的 {tile} 都在被搶者的碰和補槓裡，"
        "搶槓的人只能有被搶的那一張"
    ),
    "win.rob_baike": "不能搶槓：百科方案沒有搶槓",
    "win.rob_off": "本桌沒有開搶槓",
    "win.dihu_off": "本桌沒有開地胡",
    "win.dihu_on_bao": "地胡不能胡打出的寶（打出的寶是死牌）",
    "win.dihu_melds": "地胡是用起手的 13 張牌胡的：不能有副露",
    "win.indicator_kong_off": "「{token}」：本桌沒有開跌寶槓",
    "win.own_kongs": "贏家自己的槓按副露計算：請寫在副露裡，不要寫成獎勵分",
    "win.gangkai_no_kong": "槓開要求贏家的副露裡有四張牌的槓：開槓之後才有補牌，而跌寶槓不補牌",
    "win.bad_kong_chain": (
        "連槓數 {n} 不對：它數的是贏家連著開的四張牌的槓（跌寶槓不補牌，不算），"
        "應在 1 到副露裡這種槓的數目 {kongs} 之間"
    ),
    "win.too_many_flown": "飛了 {flown} 張寶，可寶牌只有四張",
    "win.too_many_bao": (
        "飛了 {flown} 張寶，贏家手裡和副露裡還有 {held} 張，一共 {total} 張，可寶牌只有四張"
    ),
    "win.jiebao_and_sigebao": "接寶和四個寶不能同時發生：第四張寶要麼被打出，要麼被摸到",
    "win.sigebao_flown_elsewhere": "四個寶是一個人摸到了全部四張寶，可別人飛過寶",
    "win.sigebao_winner_holds": "四個寶記在別人名下，可贏家手裡有 {n} 張寶",
    "win.sigebao_short": (
        "四個寶記在贏家名下，可贏家的寶（手裡、副露裡和飛掉的）一共 {n} 張，不是四張"
    ),
    "win.jiebao_no_fourth": "接寶要別人打出第四張寶，可別人都沒有飛過寶",
    "win.jiebao_too_many": (
        "接寶：接寶的人摸了三張寶，第四張是別人打出的，所以其他人飛掉的和手裡的寶加起來只有"
        "一張，不是 {n} 張"
    ),
    "win.jiebao_not_three": (
        "贏家接寶要贏家自己摸過三張寶，可贏家的寶（手裡、副露裡和飛掉的）一共 {n} 張"
    ),
    # why a hand is not a win (rules/scoring.py and the presets' valuations)
    "win.incomplete": "這些牌還不成胡：湊不成四組面子加一對眼、七對、十三浪或九幺（還差 {n} 張）",
    "win.youbao_pinghu": (
        "上饒方案不算有寶平胡：有順子的牌裡寶當了百搭。"
        "請打成寶吊頭（四組面子加一張單吊的寶），或者打成無寶。"
    ),
    "win.baike_needs_feibao": (
        "百科方案裡 {pattern:term} 不算胡，除非贏家飛過寶（飛寶）：飛寶後算 2 × 2^f 分"
    ),
    "win.baike_no_win": "百科方案裡 {pattern:term} 不算胡",
    "win.not_a_win": "不算胡",
    "win.draw": "流局：只結算獎勵分",
    # a modifier's note (rules/shangrao_preset.py, rules/baike_preset.py)
    "win.note.chain": "連開 {n} 槓",
    "win.note.flown": "飛了 {n} 張寶",
    # a hand scored from its pattern (rules/quick.py) — ScoringInputError
    "quick.bad_pattern": "「{token}」不是{preset:preset}方案的牌型：請從列表裡選",
    "quick.flat": "{pattern:term}是固定分：不能再算槓開、搶槓、單吊或九幺",
    "quick.rob_pattern": "牌型「搶槓」是有寶平胡搶了別人的補槓：胡法請選搶槓",
    "quick.rob_with_bao_off": "本桌有寶平胡不能搶槓（沒有開有寶搶槓）",
    "quick.rob_dandiao": "有寶平胡搶槓不會是單吊：單吊一張寶等被搶的牌，那是寶吊頭",
    "quick.baike_dandiao": "百科方案沒有單吊翻倍",
    "quick.baike_yaojiu": "百科方案裡九幺算在牌型裡：請選帶九幺的牌型",
    "quick.rob_no_player": "搶槓要寫明被搶的人（不能是贏家自己）",
    "quick.bad_robbed_seat": "被搶的座位 {seat} 不存在：請用 0-3",
    "quick.rob_bao": "寶不能被搶槓：寶吊寶是摸到寶才胡的，不可能是搶槓",
    "quick.bad_kong_chain": "連槓數 {n} 不對：連槓是 1 到 4 個槓",
    "quick.yaojiu_pattern": "九幺翻倍只算在普通胡或七對上，不算在十三浪或九幺牌型上",
    "quick.yaojiu_sequence": "{pattern:term}裡有順子，不是每張都是幺九或字牌：不能算九幺",
    "quick.meldless": "{pattern:term}沒有副露，不可能單吊，也不可能槓開",
    "quick.dealt_dandiao": "{dealt:term}是用起手的牌胡的：沒有副露，不可能單吊",
    "quick.dealt_baodiao": "{dealt:term}不可能是{pattern:term}：寶吊要有摸到的牌，而地胡不能胡寶",
    # bonus events (rules/bonus_text.py — BonusTextError; rules/win_checks.py)
    "bonus.no_colon": "「{token}」應寫成 座位:種類，如 1:暗槓",
    "bonus.bad_kind": "「{token}」不是獎勵分的種類",
    "bonus.bad_times": "「{token}」：獎勵分可以重複 1-{most} 次，如 暗槓×2",
    "bonus.bad_seat": "獎勵分的座位 {seat} 不存在：請用 0-3",
    "bonus.two_sigebao": "四個寶只能給一個人：寶一共只有四張",
    "bonus.two_jiebao": "接寶最多一次：第四張寶只有一張",
    "bonus.too_many_kongs": "{seat} 號座位有 {n} 個槓：一個人最多開四個槓",
    # the rule set (rules/ruleset.py)
    "ruleset.bad_stake": "底分 {n} 不可用：請用 1 或以上的整數",
    "ruleset.bad_preset": "「{token}」不是計分方案：請用 shangrao（上饒，預設）或 baike（百科）",
}
