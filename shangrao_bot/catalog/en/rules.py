"""Refusals of the rules core: tiles that cannot be read, impossible hands, inconsistent
scoring input, and why a hand is not a win.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # tiles (rules/tiles.py) — TileParseError
    "tile.bad_rank": "'{token}' is not a tile: ranks are 1-9",
    "tile.bad_honour_rank": "'{token}' is not a tile: ranks are 1-7 for honours (z)",
    "tile.no_suit": "'{token}' has no suit: add m (万), p (筒), s (条) or z (字), e.g. '{token}m'",
    "tile.no_rank": "'{token}' has no rank before it: write e.g. '5{token}'",
    "tile.bad_suit": (
        "'{token}' is not a tile: '{suit}' is not a suit, use m (万), p (筒), s (条) or z (字)"
    ),
    "tile.unknown": (
        "'{token}' is not a tile: use mpsz (123m 456p 789s 1234567z), "
        "honour letters E S W N P F C, or Chinese names (一万 5筒 7条 东 中)"
    ),
    "tile.not_one": "'{token}' should be exactly one tile, it reads as {n}",
    # melds as typed (rules/tiles.py) — TileParseError
    "meld.bad_claimed_kong": (
        "'{token}' is not a claimed 跌宝杠: braces hold the three tiles of the "
        "indicator's kind, like {{111m}}"
    ),
    "meld.bad_concealed_kong": (
        "'{token}' is not a concealed kong: write four of a kind like (1111z), "
        "or the three indicator tiles of a 跌宝杠 like (111m)"
    ),
    "meld.bad": (
        "'{token}' is not a meld: use a sequence [123m], a pong [777s], "
        "an exposed kong [2222p] or a concealed kong (1111z)"
    ),
    "meld.no_bracket": (
        "'{token}' is not a meld: put exposed melds in brackets [123m], "
        "concealed kongs in parentheses (1111z) and a claimed 跌宝杠 in braces {{111m}}"
    ),
    "meld.unclosed": "'{token}' is missing its closing '{closer}'",
    # a possible hand (rules/hand.py) — HandError
    "hand.too_many_melds": "{n} melds: a hand has at most four",
    "hand.size_win": "hand has {size} tiles, a win needs {sizes:or}",
    "hand.size_win_melds": (
        "hand has {size} tiles, a win needs {sizes:or} "
        "(with {melds} melds the concealed part needs {need:list})"
    ),
    "hand.size": "hand has {size} tiles, expected {sizes:or}",
    "hand.size_melds": (
        "hand has {size} tiles, expected {sizes:or} "
        "(with {melds} melds the concealed part needs {need:list})"
    ),
    "hand.five_copies": "{n:word} {tile} in one hand: there are only four",
    "hand.indicator_held": (
        "four {tile} in one hand, but one {tile} is the face-up indicator of 宝 {bao}"
    ),
    "hand.bao_meld": (
        "'{token}' cannot be a meld: a pong or exposed kong of the 宝 kind needs a "
        "discarded 宝, and a discarded 宝 is dead (only a concealed kong of 宝 exists)"
    ),
    "hand.not_indicator_kong": (
        "'{token}' is not a 跌宝杠: three of a kind count as a kong only for the "
        "indicator's kind (the indicator is {indicator})"
    ),
    "hand.indicator_kong_no_bao": (
        "'{token}' is not a 跌宝杠: three of a kind count as a kong only for the "
        "indicator's kind (no 宝 given)"
    ),
    # the description of a win (rules/win_checks.py) — ScoringInputError, ImpossibleHandError
    "win.bad_flown": "flown 宝 per seat must be four numbers from 0 to 4",
    "win.bad_winner": "winner seat {seat} is not a seat: use 0-3",
    "win.flown_before_dealt": (
        "no 宝 can have been flown before 天胡 or 地胡: nobody has discarded one yet"
    ),
    "win.tianhu_melds": "天胡 is won on the 14 dealt tiles: there can be no melds",
    "win.no_winning_tile": (
        "the winning tile is missing: name it (e.g. --win 5p), except for 天胡"
    ),
    "win.tile_not_in_hand": (
        "the winning tile {tile} is not in the hand: the hand must include the winning tile"
    ),
    "win.rob_no_seat": ("抢杠 needs the robbed seat (another seat, 1-3 when the winner is seat 0)"),
    "win.rob_bao": "a 宝 cannot be robbed: a 补杠 is made of natural tiles",
    "win.rob_indicator": (
        "{tile} cannot be robbed: one {tile} is the face-up indicator, so nobody "
        "can add a fourth to a pong of it"
    ),
    "win.rob_held": (
        "{n} {tile} in the robber's hand: the robbed player's pong and added "
        "tile are the other {tile}, so the robber holds only the one robbed"
    ),
    "win.rob_baike": "抢杠 is not allowed: the baike preset has no robbing a kong",
    "win.rob_off": "抢杠 is switched off at this table",
    "win.dihu_off": "地胡 is switched off at this table",
    "win.dihu_on_bao": "地胡 cannot be won on a discarded 宝 (it is dead)",
    "win.dihu_melds": "地胡 is won on the 13 dealt tiles: there can be no melds",
    "win.indicator_kong_off": "'{token}': 跌宝杠 is switched off at this table",
    "win.own_kongs": (
        "the winner's own kongs are counted from the melds: list them there, not as bonuses"
    ),
    "win.gangkai_no_kong": (
        "杠开 needs a four-tile kong among the winner's melds: the replacement tile follows "
        "a kong, and a 跌宝杠 draws none"
    ),
    "win.bad_kong_chain": (
        "kong chain {n}: it counts the winner's four-tile kongs in the chain (a "
        "跌宝杠 draws no replacement), so from 1 to the {kongs} among the melds"
    ),
    "win.too_many_flown": "{flown} 宝 flown, but there are only four 宝 tiles",
    "win.too_many_bao": (
        "{flown} 宝 flown and {held} held by the winner make {total}, but there "
        "are only four 宝 tiles"
    ),
    "win.jiebao_and_sigebao": (
        "接宝 and 四个宝 cannot both happen: the fourth 宝 is either discarded or drawn"
    ),
    "win.sigebao_flown_elsewhere": (
        "四个宝 means one player drew all four 宝, but another player flew a 宝"
    ),
    "win.sigebao_winner_holds": "四个宝 for another player, but the winner holds {n} 宝",
    "win.sigebao_short": (
        "四个宝 for the winner, but the winner's 宝 (held, in melds and flown) add up "
        "to {n}, not four"
    ),
    "win.jiebao_no_fourth": (
        "接宝 needs the fourth 宝 discarded by another player, but no other player flew a 宝"
    ),
    "win.jiebao_too_many": (
        "接宝: the receiver drew three 宝 and another player discarded the fourth, so "
        "the other players flew or hold one 宝 in all, not {n}"
    ),
    "win.jiebao_not_three": (
        "接宝 for the winner needs three 宝 drawn by the winner, but the winner's 宝 "
        "(held, in melds and flown) add up to {n}"
    ),
    # why a hand is not a win (rules/scoring.py and the presets' valuations)
    "win.incomplete": (
        "these tiles are not a complete hand: no arrangement as four sets and a pair, seven "
        "pairs, 十三浪 or 九幺 fits (they are {n} tile(s) away)"
    ),
    "win.youbao_pinghu": (
        "有宝平胡 is not a win under the shangrao preset: a 宝 acts as a wildcard in a hand "
        "with a sequence. Discard into 宝吊头 (four sets and a lone 宝) or complete the hand "
        "clean."
    ),
    "win.baike_needs_feibao": (
        "{pattern:term} is not a win under the baike preset unless the winner flew a 宝 "
        "(飞宝): then it is worth 2 × 2^f"
    ),
    "win.baike_no_win": "{pattern:term} is not a win under the baike preset",
    "win.not_a_win": "not a win",
    "win.draw": "流局 (exhaustive draw): only bonus points are settled",
    # a modifier's note (rules/shangrao_preset.py, rules/baike_preset.py)
    "win.note.chain": "chain of {n}",
    "win.note.flown": "{n} 宝 flown",
    # a hand scored from its pattern (rules/quick.py) — ScoringInputError
    "quick.bad_pattern": (
        "'{token}' is not a pattern of the {preset:preset} preset: pick one from the list"
    ),
    "quick.flat": "{pattern:term} is a flat value: it takes no 杠开, 抢杠, 单吊 or 九幺",
    "quick.rob_pattern": (
        "抢杠 as a pattern is an 有宝平胡 that robbed a 补杠: choose how 抢杠 (robbed kong)"
    ),
    "quick.rob_with_bao_off": (
        "an 有宝平胡 may not rob a kong at this table (rob_with_bao is off)"
    ),
    "quick.rob_dandiao": (
        "an 有宝平胡 that robs a kong is never 单吊: a lone 宝 waiting on the robbed tile is 宝吊头"
    ),
    "quick.baike_dandiao": "the baike preset has no 单吊 doubling",
    "quick.baike_yaojiu": "in the baike preset 九幺 is part of the pattern: pick a 九幺 row",
    "quick.rob_no_player": "抢杠 needs the robbed player (not the winner)",
    "quick.bad_robbed_seat": "robbed seat {seat} is not a seat: use 0-3",
    "quick.rob_bao": "a 宝 cannot be robbed: 宝吊宝 is won on a drawn 宝, never by 抢杠",
    "quick.bad_kong_chain": "kong chain {n}: a chain has 1 to 4 kongs",
    "quick.yaojiu_pattern": (
        "九幺 doubles a standard or 七对 hand, never the 十三浪 or 九幺 patterns"
    ),
    "quick.yaojiu_sequence": (
        "{pattern:term} has a sequence, so not every tile is a terminal or honor: no 九幺"
    ),
    "quick.meldless": (
        "{pattern:term} has no melds, so it cannot be won 单吊 or on a kong replacement (杠开)"
    ),
    "quick.dealt_dandiao": (
        "{dealt:term} is won on the dealt tiles: there are no melds, so it is never 单吊"
    ),
    "quick.dealt_baodiao": (
        "{dealt:term} cannot be {pattern:term}: a 宝吊 win needs a drawn tile, and 地胡 is "
        "never won on a 宝"
    ),
    # bonus events (rules/bonus_text.py — BonusTextError; rules/win_checks.py)
    "bonus.no_colon": "'{token}' should be SEAT:KIND, e.g. 1:暗杠",
    "bonus.bad_kind": "'{token}' is not a bonus kind",
    "bonus.bad_times": "'{token}': a bonus repeats 1-{most} times, e.g. 暗杠×2",
    "bonus.bad_seat": "bonus seat {seat} is not a seat: use 0-3",
    "bonus.two_sigebao": "四个宝 can go to one player only: there are four 宝",
    "bonus.two_jiebao": "接宝 happens once at most: there is one fourth 宝",
    "bonus.too_many_kongs": "{n} kongs for seat {seat}: a player makes at most four",
    # the rule set (rules/ruleset.py)
    "ruleset.bad_stake": "stake {n} is not allowed: use a whole number of 1 or more",
    "ruleset.bad_preset": "'{token}' is not a preset: use 'shangrao' (default) or 'baike'",
}
