"""Chinese for the English sentences of the pure core (rules, engine, table service, parsers).

Why this exists: the rules core and the engine must stay standard-library only, and their
English texts are part of their contract (the CLI prints them, many tests assert them). They
still reach Chinese players inside localized frames ("不算胡：{reason}", "输入有误：{reason}",
"现在不行：{reason}" …). Rather than teaching the core about languages, the UI translates the
finished English sentence here, on its way out.

Each :class:`CoreText` is one *message form* of the core: a regular expression that matches the
whole English sentence, with named groups for what varies (tile tokens, numbers, what the player
typed), and a zh-CN and a zh-TW template. Captured values are carried over as they are (``5m``
stays ``5m``; what the player typed is quoted back verbatim), except for groups whose name says
they need converting (see :data:`_CONVERTERS`): ``reason`` is itself a core sentence and is
translated recursively, ``wind`` is a seat's wind, ``count`` an English number word, ``alts``
a list joined with "or", ``term``/``named`` Chinese words the core wrote in simplified
characters (converted for zh-TW), ``preset`` a preset's name, ``meldsnote`` a fixed clause.

:func:`localize_reason` is the one entry point; anything it does not recognise goes out in
English unchanged (a warning with the sentence's shape, never the player's tiles, is logged),
so a new core message degrades gracefully — and ``tests/ui/test_core_text.py`` fails until it
gets its entry here.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

#: Languages with a Chinese template; any other language gets the English sentence.
ZH_LANGS = ("zh-CN", "zh-TW")

_TILE = r"\d[mpsz]"
_NUM = r"-?\d+"


@dataclass(frozen=True)
class CoreText:
    """One English message form of the core and its Chinese (placeholders = group names)."""

    pattern: re.Pattern[str]
    zh_cn: str
    zh_tw: str

    def template(self, lang: str) -> str:
        return self.zh_tw if lang == "zh-TW" else self.zh_cn


def _e(regex: str, zh_cn: str, zh_tw: str) -> CoreText:
    # DOTALL: a quoted token is whatever the player typed, newlines included
    return CoreText(re.compile(regex, re.DOTALL), zh_cn, zh_tw)


# --- converters of captured values -------------------------------------------------------------

# The core writes its Chinese terms (宝, 杠, pattern and tile names) in simplified characters;
# Taiwan readers get them in traditional ones. Only characters that occur in those terms.
_TO_TRADITIONAL = str.maketrans(
    "宝对烂头无调杠开万条发东单飞个华双连抢补饼",
    "寶對爛頭無調槓開萬條發東單飛個華雙連搶補餅",
)
_WINDS = {
    "zh-CN": {"East": "东家", "South": "南家", "West": "西家", "North": "北家"},
    "zh-TW": {"East": "東家", "South": "南家", "West": "西家", "North": "北家"},
}
_COUNT_WORDS = {"five": "5", "six": "6", "seven": "7", "eight": "8"}
_PRESETS = {
    "zh-CN": {"shangrao": "上饶", "baike": "百科"},
    "zh-TW": {"shangrao": "上饒", "baike": "百科"},
}
_MELDS_NOTE = re.compile(r" \(with (?P<m>\d+) melds the concealed part needs (?P<need>[\d, ]+)\)")


def _term(value: str, lang: str) -> str:
    return value.translate(_TO_TRADITIONAL) if lang == "zh-TW" else value


def _alts(value: str, lang: str) -> str:
    """``13 or 14`` → ``13 或 14``; ``10, 11`` → ``10、11`` (commands inside stay as typed)."""
    return _term(value.replace(" or ", " 或 ").replace(", ", "、"), lang)


def _melds_note(value: str, lang: str) -> str:
    found = _MELDS_NOTE.fullmatch(value)
    if found is None:
        return value
    need = _alts(found["need"], lang)
    if lang == "zh-TW":
        return f"（有 {found['m']} 組副露時，暗牌部分需要 {need} 張）"
    return f"（有 {found['m']} 组副露时，暗牌部分需要 {need} 张）"


_CONVERTERS: dict[str, Callable[[str, str], str]] = {
    "reason": lambda v, lang: localize_reason(v, lang),
    "wind": lambda v, lang: _WINDS[lang].get(v, v),
    "count": lambda v, lang: _COUNT_WORDS.get(v, v),
    "alts": _alts,
    "term": _term,
    "named": _term,
    "preset": lambda v, lang: _PRESETS[lang].get(v, v),
    "meldsnote": _melds_note,
}


def converter_of(group: str) -> Callable[[str, str], str] | None:
    """The converter of a group (``reason2`` → ``reason``), None for a verbatim value."""
    return _CONVERTERS.get(group.rstrip("0123456789"))


# --- the catalog -------------------------------------------------------------------------------

CATALOG: tuple[CoreText, ...] = (
    # rules/tiles.py — TileParseError
    _e(
        r"'(?P<token>.*)' is not a tile: ranks are 1-9",
        "“{token}”不是牌：点数只能是 1-9",
        "「{token}」不是牌：點數只能是 1-9",
    ),
    _e(
        r"'(?P<token>.*)' is not a tile: ranks are 1-7 for honours \(z\)",
        "“{token}”不是牌：字牌（z）的点数只能是 1-7",
        "「{token}」不是牌：字牌（z）的點數只能是 1-7",
    ),
    _e(
        r"'(?P<token>.*)' has no suit: add m \(万\), p \(筒\), s \(条\) or z \(字\), "
        r"e\.g\. '(?P=token)m'",
        "“{token}”没有花色：请加上 m（万）、p（筒）、s（条）或 z（字），如“{token}m”",
        "「{token}」沒有花色：請加上 m（萬）、p（筒）、s（條）或 z（字），如「{token}m」",
    ),
    _e(
        r"'(?P<token>.*)' has no rank before it: write e\.g\. '5(?P=token)'",
        "“{token}”前面没有点数：请写成如“5{token}”",
        "「{token}」前面沒有點數：請寫成如「5{token}」",
    ),
    _e(
        r"'(?P<token>.*)' is not a tile: '(?P<suit>.)' is not a suit, "
        r"use m \(万\), p \(筒\), s \(条\) or z \(字\)",
        "“{token}”不是牌：“{suit}”不是花色，请用 m（万）、p（筒）、s（条）或 z（字）",
        "「{token}」不是牌：「{suit}」不是花色，請用 m（萬）、p（筒）、s（條）或 z（字）",
    ),
    _e(
        r"'(?P<token>.*)' is not a tile: use mpsz \(123m 456p 789s 1234567z\), "
        r"honour letters E S W N P F C, or Chinese names \(一万 5筒 7条 东 中\)",
        "“{token}”不是牌：请用 mpsz 写法（123m 456p 789s 1234567z）、字牌字母 E S W N P F C，"
        "或中文牌名（一万 5筒 7条 东 中）",
        "「{token}」不是牌：請用 mpsz 寫法（123m 456p 789s 1234567z）、字牌字母 E S W N P F C，"
        "或中文牌名（一萬 5筒 7條 東 中）",
    ),
    _e(
        rf"'(?P<token>.*)' should be exactly one tile, it reads as (?P<n>{_NUM})",
        "“{token}”应该正好是一张牌，但读出来是 {n} 张",
        "「{token}」應該正好是一張牌，但讀出來是 {n} 張",
    ),
    _e(
        r"'(?P<token>.*)' is not a concealed kong: write four of a kind like \(1111z\), "
        r"or the three indicator tiles of a 跌宝杠 like \(111m\)",
        "“{token}”不是暗杠：请写四张一样的牌，如 (1111z)；或跌宝杠的三张跌宝牌，如 (111m)",
        "「{token}」不是暗槓：請寫四張一樣的牌，如 (1111z)；或跌寶槓的三張跌寶牌，如 (111m)",
    ),
    _e(
        r"'(?P<token>.*)' is not a meld: use a sequence \[123m\], a pong \[777s\], "
        r"an exposed kong \[2222p\] or a concealed kong \(1111z\)",
        "“{token}”不是副露：请写顺子 [123m]、碰 [777s]、明杠 [2222p] 或暗杠 (1111z)",
        "「{token}」不是副露：請寫順子 [123m]、碰 [777s]、明槓 [2222p] 或暗槓 (1111z)",
    ),
    _e(
        r"'(?P<token>.*)' is not a meld: put exposed melds in brackets \[123m\], "
        r"concealed kongs in parentheses \(1111z\) and a claimed 跌宝杠 in braces \{111m\}",
        "“{token}”不是副露：明的副露写在方括号里 [123m]，暗杠写在圆括号里 (1111z)，"
        "杠别人打出的牌而成的跌宝杠写在花括号里 ｛111m｝",
        "「{token}」不是副露：明的副露寫在方括號裡 [123m]，暗槓寫在圓括號裡 (1111z)，"
        "槓別人打出的牌而成的跌寶槓寫在大括號裡 ｛111m｝",
    ),
    _e(
        r"'(?P<token>.*)' is not a claimed 跌宝杠: braces hold the three tiles of the "
        r"indicator's kind, like \{111m\}",
        "“{token}”不是杠别人打出的牌而成的跌宝杠：花括号里写跌宝牌那种牌的三张，如 ｛111m｝",
        "「{token}」不是槓別人打出的牌而成的跌寶槓：大括號裡寫跌寶牌那種牌的三張，如 ｛111m｝",
    ),
    _e(
        r"'(?P<token>.*)' is missing its closing '(?P<closer>.)'",
        "“{token}”缺少右括号“{closer}”",
        "「{token}」缺少右括號「{closer}」",
    ),
    # rules/hand.py — HandError
    _e(
        rf"(?P<n>{_NUM}) melds: a hand has at most four",
        "{n} 组副露：一手牌最多四组",
        "{n} 組副露：一手牌最多四組",
    ),
    _e(
        rf"hand has (?P<size>{_NUM}) tiles, a win needs (?P<alts>\d+(?: or \d+)*)"
        r"(?P<meldsnote> \(with \d+ melds the concealed part needs [\d, ]+\))?",
        "这手牌有 {size} 张，胡牌要 {alts} 张{meldsnote}",
        "這手牌有 {size} 張，胡牌要 {alts} 張{meldsnote}",
    ),
    _e(
        rf"hand has (?P<size>{_NUM}) tiles, expected (?P<alts>\d+(?: or \d+)*)"
        r"(?P<meldsnote> \(with \d+ melds the concealed part needs [\d, ]+\))?",
        "这手牌有 {size} 张，应该是 {alts} 张{meldsnote}",
        "這手牌有 {size} 張，應該是 {alts} 張{meldsnote}",
    ),
    _e(
        rf"(?P<count>five|six|seven|eight|\d+) (?P<tile>{_TILE}) in one hand: "
        r"there are only four",
        "一手牌里有 {count} 张 {tile}：每种牌只有四张",
        "一手牌裡有 {count} 張 {tile}：每種牌只有四張",
    ),
    _e(
        rf"four (?P<tile>{_TILE}) in one hand, but one (?P=tile) is the face-up indicator "
        rf"of 宝 (?P<bao>{_TILE})",
        "一手牌里有四张 {tile}，但有一张 {tile} 是翻开的跌宝牌（宝是 {bao}）",
        "一手牌裡有四張 {tile}，但有一張 {tile} 是翻開的跌寶牌（寶是 {bao}）",
    ),
    _e(
        r"'(?P<meld>.*)' cannot be a meld: a pong or exposed kong of the 宝 kind needs a "
        r"discarded 宝, and a discarded 宝 is dead \(only a concealed kong of 宝 exists\)",
        "“{meld}”不可能是副露：碰或明杠宝牌都要别人打出的宝，而打出的宝是死牌（宝只能暗杠）",
        "「{meld}」不可能是副露：碰或明槓寶牌都要別人打出的寶，而打出的寶是死牌（寶只能暗槓）",
    ),
    _e(
        r"'(?P<meld>.*)' is not a 跌宝杠: three of a kind count as a kong only for the "
        rf"indicator's kind \(the indicator is (?P<tile>{_TILE})\)",
        "“{meld}”不是跌宝杠：只有跌宝牌那种牌的三张才算杠（跌宝牌是 {tile}）",
        "「{meld}」不是跌寶槓：只有跌寶牌那種牌的三張才算槓（跌寶牌是 {tile}）",
    ),
    _e(
        r"'(?P<meld>.*)' is not a 跌宝杠: three of a kind count as a kong only for the "
        r"indicator's kind \(no 宝 given\)",
        "“{meld}”不是跌宝杠：只有跌宝牌那种牌的三张才算杠（没有给出宝）",
        "「{meld}」不是跌寶槓：只有跌寶牌那種牌的三張才算槓（沒有給出寶）",
    ),
    # engine/analysis.py — check_input (HandError of /analyze)
    _e(
        rf"hand has (?P<size>{_NUM}) tiles \(a meld counts 3\): the analysis takes "
        r"(?P<alts>\d+(?: or \d+)*) — 14 on a turn, to choose a discard; 13 between turns or "
        r"when a discard is offered",
        "这手牌有 {size} 张（一组副露算 3 张）：分析要 {alts} 张——轮到自己时 14 张，选一张打出；"
        "不在自己回合或别人打出牌时 13 张",
        "這手牌有 {size} 張（一組副露算 3 張）：分析要 {alts} 張——輪到自己時 14 張，選一張打出；"
        "不在自己回合或別人打出牌時 13 張",
    ),
    _e(
        rf"(?P<n>{_NUM}) (?P<tile>{_TILE}) in sight \(hand, melds, seen tiles and the "
        r"indicator\): there are only four",
        "看得见的 {tile} 有 {n} 张（手牌、副露、已见的牌和跌宝牌）：每种牌只有四张",
        "看得見的 {tile} 有 {n} 張（手牌、副露、已見的牌和跌寶牌）：每種牌只有四張",
    ),
    _e(
        r"flown 宝 per seat must be four numbers of 0 or more",
        "各座位的飞宝数必须是四个不小于 0 的数",
        "各座位的飛寶數必須是四個不小於 0 的數",
    ),
    _e(
        rf"(?P<n>{_NUM}) 宝 flown but (?P<k>{_NUM}) (?P<tile>{_TILE}) among the seen tiles: "
        r"a flown 宝 lies face up in the discards, so list it with the seen tiles",
        "飞了 {n} 张宝，但已见的牌里只有 {k} 张 {tile}：飞出的宝摆在弃牌里，请把它列进已见的牌",
        "飛了 {n} 張寶，但已見的牌裡只有 {k} 張 {tile}：飛出的寶擺在棄牌裡，請把它列進已見的牌",
    ),
    # rules/scoring.py — ScoringInputError
    _e(
        r"flown 宝 per seat must be four numbers from 0 to 4",
        "各座位的飞宝数必须是四个 0 到 4 的数",
        "各座位的飛寶數必須是四個 0 到 4 的數",
    ),
    _e(
        rf"(?P<a>{_NUM}) 宝 flown and (?P<b>{_NUM}) held by the winner make (?P<c>{_NUM}), "
        r"but there are only four 宝 tiles",
        "飞了 {a} 张宝，赢家手里和副露里还有 {b} 张，一共 {c} 张，可宝牌只有四张",
        "飛了 {a} 張寶，贏家手裡和副露裡還有 {b} 張，一共 {c} 張，可寶牌只有四張",
    ),
    _e(
        r"四个宝 means one player drew all four 宝, but another player flew a 宝",
        "四个宝是一个人摸到了全部四张宝，可别人飞过宝",
        "四個寶是一個人摸到了全部四張寶，可別人飛過寶",
    ),
    _e(
        rf"四个宝 for another player, but the winner holds (?P<n>{_NUM}) 宝",
        "四个宝记在别人名下，可赢家手里有 {n} 张宝",
        "四個寶記在別人名下，可贏家手裡有 {n} 張寶",
    ),
    _e(
        r"四个宝 for the winner, but the winner's 宝 \(held, in melds and flown\) add up "
        rf"to (?P<n>{_NUM}), not four",
        "四个宝记在赢家名下，可赢家的宝（手里、副露里和飞掉的）一共 {n} 张，不是四张",
        "四個寶記在贏家名下，可贏家的寶（手裡、副露裡和飛掉的）一共 {n} 張，不是四張",
    ),
    _e(
        r"接宝 needs the fourth 宝 discarded by another player, but no other player flew a 宝",
        "接宝要别人打出第四张宝，可别人都没有飞过宝",
        "接寶要別人打出第四張寶，可別人都沒有飛過寶",
    ),
    _e(
        r"接宝: the receiver drew three 宝 and another player discarded the fourth, so the "
        rf"other players flew or hold one 宝 in all, not (?P<n>{_NUM})",
        "接宝：接宝的人摸了三张宝，第四张是别人打出的，所以其他人飞掉的和手里的宝加起来只有"
        "一张，不是 {n} 张",
        "接寶：接寶的人摸了三張寶，第四張是別人打出的，所以其他人飛掉的和手裡的寶加起來只有"
        "一張，不是 {n} 張",
    ),
    _e(
        r"接宝 for the winner needs three 宝 drawn by the winner, but the winner's 宝 "
        rf"\(held, in melds and flown\) add up to (?P<n>{_NUM})",
        "赢家接宝要赢家自己摸过三张宝，可赢家的宝（手里、副露里和飞掉的）一共 {n} 张",
        "贏家接寶要贏家自己摸過三張寶，可贏家的寶（手裡、副露裡和飛掉的）一共 {n} 張",
    ),
    _e(
        r"no 宝 can have been flown before 天胡 or 地胡: nobody has discarded one yet",
        "天胡或地胡之前不可能有人飞宝：那时还没有人打过牌",
        "天胡或地胡之前不可能有人飛寶：那時還沒有人打過牌",
    ),
    _e(
        r"接宝 happens once at most: there is one fourth 宝",
        "接宝最多一次：第四张宝只有一张",
        "接寶最多一次：第四張寶只有一張",
    ),
    _e(
        r"接宝 and 四个宝 cannot both happen: the fourth 宝 is either discarded or drawn",
        "接宝和四个宝不能同时发生：第四张宝要么被打出，要么被摸到",
        "接寶和四個寶不能同時發生：第四張寶要麼被打出，要麼被摸到",
    ),
    _e(
        rf"(?P<k>{_NUM}) kongs for seat (?P<n>{_NUM}): a player makes at most four",
        "{n} 号座位有 {k} 个杠：一个人最多开四个杠",
        "{n} 號座位有 {k} 個槓：一個人最多開四個槓",
    ),
    _e(
        r"(?P<term>[^A-Za-z]+) has a sequence, so not every tile is a terminal or honor: no 九幺",
        "{term}里有顺子，不是每张都是幺九或字牌：不能算九幺",
        "{term}裡有順子，不是每張都是幺九或字牌：不能算九幺",
    ),
    _e(
        r"(?P<term>[^A-Za-z]+) has no melds, so it cannot be won 单吊 or on a kong replacement "
        r"\(杠开\)",
        "{term}没有副露，不可能单吊，也不可能杠开",
        "{term}沒有副露，不可能單吊，也不可能槓開",
    ),
    _e(
        r"四个宝 can go to one player only: there are four 宝",
        "四个宝只能给一个人：宝一共只有四张",
        "四個寶只能給一個人：寶一共只有四張",
    ),
    _e(
        rf"winner seat (?P<n>{_NUM}) is not a seat: use 0-3",
        "赢家座位 {n} 不存在：请用 0-3",
        "贏家座位 {n} 不存在：請用 0-3",
    ),
    _e(
        r"天胡 is won on the 14 dealt tiles: there can be no melds",
        "天胡是用起手的 14 张牌胡的：不能有副露",
        "天胡是用起手的 14 張牌胡的：不能有副露",
    ),
    _e(
        r"the winning tile is missing: name it \(e\.g\. --win 5p\), except for 天胡",
        "缺少胡的那张牌：请写出来（如 --win 5p），天胡除外",
        "缺少胡的那張牌：請寫出來（如 --win 5p），天胡除外",
    ),
    _e(
        rf"the winning tile (?P<tile>{_TILE}) is not in the hand: "
        r"the hand must include the winning tile",
        "胡的牌 {tile} 不在手牌里：手牌要包括胡的那张牌",
        "胡的牌 {tile} 不在手牌裡：手牌要包括胡的那張牌",
    ),
    _e(
        rf"kong chain (?P<n>{_NUM}): it counts the winner's four-tile kongs in the chain "
        rf"\(a 跌宝杠 draws no replacement\), so from 1 to the (?P<k>{_NUM}) among the melds",
        "连杠数 {n} 不对：它数的是赢家连着开的四张牌的杠（跌宝杠不补牌，不算），"
        "应在 1 到副露里这种杠的数目 {k} 之间",
        "連槓數 {n} 不對：它數的是贏家連著開的四張牌的槓（跌寶槓不補牌，不算），"
        "應在 1 到副露裡這種槓的數目 {k} 之間",
    ),
    _e(
        r"杠开 needs a four-tile kong among the winner's melds: the replacement tile follows "
        r"a kong, and a 跌宝杠 draws none",
        "杠开要求赢家的副露里有四张牌的杠：开杠之后才有补牌，而跌宝杠不补牌",
        "槓開要求贏家的副露裡有四張牌的槓：開槓之後才有補牌，而跌寶槓不補牌",
    ),
    _e(
        r"抢杠 is not allowed: the baike preset has no robbing a kong",
        "不能抢杠：百科方案没有抢杠",
        "不能搶槓：百科方案沒有搶槓",
    ),
    _e(
        r"(?P<term>抢杠|地胡|跌宝杠) is switched off at this table",
        "本桌没有开{term}",
        "本桌沒有開{term}",
    ),
    _e(
        r"抢杠 needs the robbed seat \(another seat, 1-3 when the winner is seat 0\)",
        "抢杠要写明被抢的座位（别的座位；赢家是 0 号座位时为 1-3）",
        "搶槓要寫明被搶的座位（別的座位；贏家是 0 號座位時為 1-3）",
    ),
    _e(
        r"a 宝 cannot be robbed: a 补杠 is made of natural tiles",
        "宝不能被抢杠：补杠只能用本身的牌，不能用宝",
        "寶不能被搶槓：補槓只能用本身的牌，不能用寶",
    ),
    _e(
        rf"(?P<tile>{_TILE}) cannot be robbed: one (?P=tile) is the face-up indicator, "
        r"so nobody can add a fourth to a pong of it",
        "{tile} 不能被抢杠：有一张 {tile} 是翻开的跌宝牌，谁也凑不出第四张来补杠",
        "{tile} 不能被搶槓：有一張 {tile} 是翻開的跌寶牌，誰也湊不出第四張來補槓",
    ),
    _e(
        rf"(?P<n>{_NUM}) (?P<tile>{_TILE}) in the robber's hand: the robbed player's pong "
        r"and added tile are the other (?P=tile), so the robber holds only the one robbed",
        "抢杠的人手里有 {n} 张 {tile}：其余的 {tile} 都在被抢者的碰和补杠里，"
        "抢杠的人只能有被抢的那一张",
        "搶槓的人手裡有 {n} 張 {tile}：其餘的 {tile} 都在被搶者的碰和補槓裡，"
        "搶槓的人只能有被搶的那一張",
    ),
    _e(
        r"地胡 cannot be won on a discarded 宝 \(it is dead\)",
        "地胡不能胡打出的宝（打出的宝是死牌）",
        "地胡不能胡打出的寶（打出的寶是死牌）",
    ),
    _e(
        r"地胡 is won on the 13 dealt tiles: there can be no melds",
        "地胡是用起手的 13 张牌胡的：不能有副露",
        "地胡是用起手的 13 張牌胡的：不能有副露",
    ),
    _e(
        r"'(?P<meld>.*)': 跌宝杠 is switched off at this table",
        "“{meld}”：本桌没有开跌宝杠",
        "「{meld}」：本桌沒有開跌寶槓",
    ),
    _e(
        rf"bonus seat (?P<n>{_NUM}) is not a seat: use 0-3",
        "奖励分的座位 {n} 不存在：请用 0-3",
        "獎勵分的座位 {n} 不存在：請用 0-3",
    ),
    _e(
        r"the winner's own kongs are counted from the melds: list them there, not as bonuses",
        "赢家自己的杠按副露计算：请写在副露里，不要写成奖励分",
        "贏家自己的槓按副露計算：請寫在副露裡，不要寫成獎勵分",
    ),
    # rules/scoring.py — ScoreResult.reason of a hand that is not a win, and modifier notes
    _e(
        r"these tiles are not a complete hand: no arrangement as four sets and a pair, seven "
        rf"pairs, 十三浪 or 九幺 fits \(they are (?P<n>{_NUM}) tile\(s\) away\)",
        "这些牌还不成胡：凑不成四组面子加一对将、七对、十三浪或九幺（还差 {n} 张）",
        "這些牌還不成胡：湊不成四組面子加一對眼、七對、十三浪或九幺（還差 {n} 張）",
    ),
    _e(
        r"有宝平胡 is not a win under the shangrao preset: a 宝 acts as a wildcard in a hand "
        r"with a sequence\. Discard into 宝吊头 \(four sets and a lone 宝\) or complete the "
        r"hand clean\.",
        "上饶方案不算有宝平胡：有顺子的牌里宝当了百搭。"
        "请打成宝吊头（四组面子加一张单吊的宝），或者打成无宝。",
        "上饒方案不算有寶平胡：有順子的牌裡寶當了百搭。"
        "請打成寶吊頭（四組面子加一張單吊的寶），或者打成無寶。",
    ),
    _e(
        r"(?P<term>[^A-Za-z]+) is not a win under the baike preset unless the winner flew a 宝 "
        r"\(飞宝\): then it is worth 2 × 2\^f",
        "百科方案里 {term} 不算胡，除非赢家飞过宝（飞宝）：飞宝后算 2 × 2^f 分",
        "百科方案裡 {term} 不算胡，除非贏家飛過寶（飛寶）：飛寶後算 2 × 2^f 分",
    ),
    _e(
        r"(?P<term>[^A-Za-z]+) is not a win under the baike preset",
        "百科方案里 {term} 不算胡",
        "百科方案裡 {term} 不算胡",
    ),
    _e(r"not a win", "不算胡", "不算胡"),
    _e(
        r"流局 \(exhaustive draw\): only bonus points are settled",
        "流局：只结算奖励分",
        "流局：只結算獎勵分",
    ),
    _e(rf"chain of (?P<n>{_NUM})", "连开 {n} 杠", "連開 {n} 槓"),
    _e(rf"(?P<n>{_NUM}) 宝 flown", "飞了 {n} 张宝", "飛了 {n} 張寶"),
    # rules/quick.py — ScoringInputError of a hand scored from its pattern
    _e(
        r"'(?P<token>.*)' is not a pattern of the (?P<preset>shangrao|baike) preset: "
        r"pick one from the list",
        "“{token}”不是{preset}方案的牌型：请从列表里选",
        "「{token}」不是{preset}方案的牌型：請從列表裡選",
    ),
    _e(
        rf"(?P<n>{_NUM}) 宝 flown, but there are only four 宝 tiles",
        "飞了 {n} 张宝，可宝牌只有四张",
        "飛了 {n} 張寶，可寶牌只有四張",
    ),
    _e(
        r"(?P<term>[^A-Za-z]+) is a flat value: it takes no 杠开, 抢杠, 单吊 or 九幺",
        "{term}是固定分：不能再算杠开、抢杠、单吊或九幺",
        "{term}是固定分：不能再算槓開、搶槓、單吊或九幺",
    ),
    _e(
        r"抢杠 as a pattern is an 有宝平胡 that robbed a 补杠: choose how 抢杠 \(robbed kong\)",
        "牌型“抢杠”是有宝平胡抢了别人的补杠：胡法请选抢杠",
        "牌型「搶槓」是有寶平胡搶了別人的補槓：胡法請選搶槓",
    ),
    _e(
        r"an 有宝平胡 may not rob a kong at this table \(rob_with_bao is off\)",
        "本桌有宝平胡不能抢杠（没有开有宝抢杠）",
        "本桌有寶平胡不能搶槓（沒有開有寶搶槓）",
    ),
    _e(
        r"an 有宝平胡 that robs a kong is never 单吊: a lone 宝 waiting on the robbed tile is "
        r"宝吊头",
        "有宝平胡抢杠不会是单吊：单吊一张宝等被抢的牌，那是宝吊头",
        "有寶平胡搶槓不會是單吊：單吊一張寶等被搶的牌，那是寶吊頭",
    ),
    _e(
        r"(?P<term>天胡|地胡) is won on the dealt tiles: there are no melds, so it is never 单吊",
        "{term}是用起手的牌胡的：没有副露，不可能单吊",
        "{term}是用起手的牌胡的：沒有副露，不可能單吊",
    ),
    _e(
        r"(?P<term>天胡|地胡) cannot be (?P<term2>[^:]+): a 宝吊 win needs a drawn tile, and "
        r"地胡 is never won on a 宝",
        "{term}不可能是{term2}：宝吊要有摸到的牌，而地胡不能胡宝",
        "{term}不可能是{term2}：寶吊要有摸到的牌，而地胡不能胡寶",
    ),
    _e(
        r"the baike preset has no 单吊 doubling",
        "百科方案没有单吊翻倍",
        "百科方案沒有單吊翻倍",
    ),
    _e(
        r"in the baike preset 九幺 is part of the pattern: pick a 九幺 row",
        "百科方案里九幺算在牌型里：请选带九幺的牌型",
        "百科方案裡九幺算在牌型裡：請選帶九幺的牌型",
    ),
    _e(
        r"抢杠 needs the robbed player \(not the winner\)",
        "抢杠要写明被抢的人（不能是赢家自己）",
        "搶槓要寫明被搶的人（不能是贏家自己）",
    ),
    _e(
        rf"robbed seat (?P<n>{_NUM}) is not a seat: use 0-3",
        "被抢的座位 {n} 不存在：请用 0-3",
        "被搶的座位 {n} 不存在：請用 0-3",
    ),
    _e(
        r"a 宝 cannot be robbed: 宝吊宝 is won on a drawn 宝, never by 抢杠",
        "宝不能被抢杠：宝吊宝是摸到宝才胡的，不可能是抢杠",
        "寶不能被搶槓：寶吊寶是摸到寶才胡的，不可能是搶槓",
    ),
    _e(
        rf"kong chain (?P<n>{_NUM}): a chain has 1 to 4 kongs",
        "连杠数 {n} 不对：连杠是 1 到 4 个杠",
        "連槓數 {n} 不對：連槓是 1 到 4 個槓",
    ),
    _e(
        r"九幺 doubles a standard or 七对 hand, never the 十三浪 or 九幺 patterns",
        "九幺翻倍只算在普通胡或七对上，不算在十三浪或九幺牌型上",
        "九幺翻倍只算在普通胡或七對上，不算在十三浪或九幺牌型上",
    ),
    # rules/ruleset.py
    _e(
        rf"stake (?P<n>{_NUM}) is not allowed: use a whole number of 1 or more",
        "底分 {n} 不可用：请用 1 或以上的整数",
        "底分 {n} 不可用：請用 1 或以上的整數",
    ),
    _e(
        r"'(?P<name>.*)' is not a preset: use 'shangrao' \(default\) or 'baike'",
        "“{name}”不是计分方案：请用 shangrao（上饶，默认）或 baike（百科）",
        "「{name}」不是計分方案：請用 shangrao（上饒，預設）或 baike（百科）",
    ),
    # engine/state.py — IllegalAction and NotYourTurn
    _e(
        rf"dealer (?P<n>{_NUM}) is not a seat: use 0-3",
        "庄家 {n} 不是座位：请用 0-3",
        "莊家 {n} 不是座位：請用 0-3",
    ),
    _e(r"the hand is over", "这一手已经结束了", "這一手已經結束了"),
    _e(
        rf"seat (?P<n>{_NUM}) is not a seat: use 0-3",
        "没有 {n} 号座位：座位是 0-3",
        "沒有 {n} 號座位：座位是 0-3",
    ),
    _e(
        r"it is (?P<wind>East|South|West|North) \(seat (?P<seat>\d)\)'s turn, not yours",
        "轮到{wind}（{seat} 号座位）了，还没轮到你",
        "輪到{wind}（{seat} 號座位）了，還沒輪到你",
    ),
    _e(
        r"you have already answered this discard",
        "你已经对这张牌作出了选择",
        "你已經對這張牌作出了選擇",
    ),
    _e(
        r"you cannot rob this kong: the tile does not complete your hand",
        "你不能抢这个杠：这张牌胡不了你的牌",
        "你不能搶這個槓：這張牌胡不了你的牌",
    ),
    _e(
        r"you have no claim on this discard; wait for your turn",
        "这张牌你不能吃、碰或杠；请等轮到你",
        "這張牌你不能吃、碰或槓；請等輪到你",
    ),
    _e(
        r"this is a claim window: claim the discard or pass",
        "现在是吃碰杠的时候：要么吃碰杠这张牌，要么过",
        "現在是吃碰槓的時候：要麼吃碰槓這張牌，要麼過",
    ),
    _e(
        r"a 补杠 can only be robbed \(hu\) or let pass",
        "对补杠只能抢杠（胡）或者过",
        "對補槓只能搶槓（胡）或者過",
    ),
    _e(
        r"a discarded 宝 is dead: nobody may claim it",
        "打出的宝是死牌：谁都不能吃碰杠",
        "打出的寶是死牌：誰都不能吃碰槓",
    ),
    _e(
        r"only the discarder's 下家 \(the next player\) may chi",
        "只有打牌人的下家才能吃",
        "只有打牌者的下家才能吃",
    ),
    _e(
        r"that chi does not fit: name a sequence with the discard and two of your tiles",
        "这样吃不行：要用这张牌和你手里的两张组成顺子",
        "這樣吃不行：要用這張牌和你手裡的兩張組成順子",
    ),
    _e(
        r"a pong needs two tiles like the discard in your hand",
        "碰要手里有两张和这张一样的牌",
        "碰要手裡有兩張和這張一樣的牌",
    ),
    _e(
        r"no kong now: no live tile is left for its replacement",
        "现在不能杠：牌墙里已经没有可以补的牌了",
        "現在不能槓：牌牆裡已經沒有可以補的牌了",
    ),
    _e(
        r"a 跌宝杠 on a discard needs the other two live tiles of the indicator's kind in your "
        r"hand",
        "杠别人打出的牌成跌宝杠，要手里有跌宝牌那种牌的另外两张",
        "槓別人打出的牌成跌寶槓，要手裡有跌寶牌那種牌的另外兩張",
    ),
    _e(
        r"after claiming a 跌宝杠 you must discard: no kong until your next draw",
        "杠别人打出的牌成跌宝杠之后必须先打一张牌：下次摸牌后才能杠",
        "槓別人打出的牌成跌寶槓之後必須先打一張牌：下次摸牌後才能槓",
    ),
    _e(
        r"after claiming a 跌宝杠 you must discard: you can win only on a draw",
        "杠别人打出的牌成跌宝杠之后必须先打一张牌：只有摸牌时才能胡",
        "槓別人打出的牌成跌寶槓之後必須先打一張牌：只有摸牌時才能胡",
    ),
    _e(
        r"a kong on a discard needs three tiles like it in your hand",
        "杠别人打的牌要手里有三张一样的",
        "槓別人打的牌要手裡有三張一樣的",
    ),
    _e(
        r"that is not a claim on this discard",
        "这张牌不能这样吃碰杠",
        "這張牌不能這樣吃碰槓",
    ),
    _e(
        r"there is nothing to pass: it is your turn, discard a tile",
        "没有什么可以过的：现在轮到你，请打一张牌",
        "沒有什麼可以過的：現在輪到你，請打一張牌",
    ),
    _e(
        r"chi, pong and kong on a discard are claimed after someone discards",
        "吃、碰、明杠要等别人打出牌以后才能叫",
        "吃、碰、明槓要等別人打出牌以後才能喊",
    ),
    _e(
        rf"you have no (?P<tile>{_TILE}|\?) to discard",
        "你手里没有 {tile} 可以打",
        "你手裡沒有 {tile} 可以打",
    ),
    _e(
        r"a discard names one tile and nothing else",
        "打牌只能指定一张牌",
        "打牌只能指定一張牌",
    ),
    _e(
        r"after a chi or pong you must discard: no kong until your next draw",
        "吃或碰之后必须先打一张牌：下次摸牌后才能杠",
        "吃或碰之後必須先打一張牌：下次摸牌後才能槓",
    ),
    _e(
        rf"a concealed kong needs four (?P<tile>{_TILE}|\?) in your hand",
        "暗杠要手里有四张 {tile}",
        "暗槓要手裡有四張 {tile}",
    ),
    _e(
        rf"补杠 adds a fourth (?P<tile>{_TILE}|\?) to your own pong of (?P=tile): "
        r"you have no such pong and tile",
        "补杠是把第四张 {tile} 加到你自己碰的 {tile} 上：你没有这样的碰和牌",
        "補槓是把第四張 {tile} 加到你自己碰的 {tile} 上：你沒有這樣的碰和牌",
    ),
    _e(r"that action is not possible now", "现在不能这样做", "現在不能這樣做"),
    # engine/state.py — why_not_win
    _e(
        r"after a chi or pong you must discard: you can win only on a draw",
        "吃或碰之后必须先打一张牌：只有摸牌时才能胡",
        "吃或碰之後必須先打一張牌：只有摸牌時才能胡",
    ),
    _e(
        r"the tile you drew went into your 跌宝杠, so there is no winning tile: "
        r"win before declaring the 跌宝杠, or discard",
        "你摸的牌用进了跌宝杠，所以没有可以胡的牌：要胡就得在开跌宝杠之前胡，现在请打一张牌",
        "你摸的牌用進了跌寶槓，所以沒有可以胡的牌：要胡就得在開跌寶槓之前胡，現在請打一張牌",
    ),
    _e(
        r"a discarded 宝 is dead: nobody may win on it",
        "打出的宝是死牌：谁都不能胡",
        "打出的寶是死牌：誰都不能胡",
    ),
    _e(
        r"nobody wins on another player's discard in Shangrao mahjong \(no 点炮\), "
        r"except 地胡 on the dealer's first discard",
        "上饶麻将不能胡别人打的牌（没有点炮），只有庄家打出的第一张牌可以地胡",
        "上饒麻將不能胡別人打的牌（沒有放槍），只有莊家打出的第一張牌可以地胡",
    ),
    _e(
        r"you can win only on your own draw, by 抢杠, or by 地胡",
        "只有自摸、抢杠或地胡才能胡",
        "只有自摸、搶槓或地胡才能胡",
    ),
    _e(
        r"your tiles are not a complete hand yet",
        "你的牌还没成胡",
        "你的牌還沒成胡",
    ),
    # engine/session.py
    _e(
        rf"a session of (?P<n>{_NUM}) hands is not possible: use 1 or more",
        "不能打 {n} 手：至少要 1 手",
        "不能打 {n} 手：至少要 1 手",
    ),
    _e(
        r"the session is over: start a new one",
        "这一场已经结束：请开新的一场",
        "這一場已經結束：請開新的一場",
    ),
    _e(r"a hand is still being played", "还有一手牌没打完", "還有一手牌沒打完"),
    _e(
        r"the last hand is over but not settled: call finish_hand first",
        "上一手已经结束但还没结算：请先调用 finish_hand",
        "上一手已經結束但還沒結算：請先呼叫 finish_hand",
    ),
    _e(r"no finished hand to settle", "没有打完的牌局可以结算", "沒有打完的牌局可以結算"),
    # engine/ai.py
    _e(
        r"'(?P<level>.*)' is not an AI level: use (?P<alts>.+)",
        "“{level}”不是 AI 难度：请用 {alts}",
        "「{level}」不是 AI 難度：請用 {alts}",
    ),
    # service/config.py — BadTableConfig reasons
    _e(
        r"'(?P<name>.*)' is not a preset: use shangrao or baike",
        "“{name}”不是计分方案：请用 shangrao（上饶）或 baike（百科）",
        "「{name}」不是計分方案：請用 shangrao（上饒）或 baike（百科）",
    ),
    _e(
        rf"(?P<n>{_NUM}) hands: use 1 to (?P<max>{_NUM})",
        "{n} 手不行：请用 1 到 {max} 手",
        "{n} 手不行：請用 1 到 {max} 手",
    ),
    _e(
        r"(?P<n>\S+) s per turn: use (?P<low>\S+) to (?P<high>\S+)",
        "每回合 {n} 秒不行：请用 {low} 到 {high} 秒",
        "每回合 {n} 秒不行：請用 {low} 到 {high} 秒",
    ),
    _e(
        r"(?P<n>\S+) s per claim: use (?P<low>\S+) to (?P<high>\S+)",
        "吃碰 {n} 秒不行：请用 {low} 到 {high} 秒",
        "吃碰 {n} 秒不行：請用 {low} 到 {high} 秒",
    ),
    # service/tables.py and engine/typed_moves.py — BadCommand reasons of a typed move
    _e(
        r"'(?P<request>.*)' is not a move here: use the buttons",
        "“{request}”在这里不是有效的操作：请用按钮",
        "「{request}」在這裡不是有效的操作：請用按鈕",
    ),
    _e(
        r"d needs a tile: e\.g\. d 5m, d 7z or d 五万",
        "d 后面要写一张牌：如 d 5m、d 7z 或 d 五万",
        "d 後面要寫一張牌：如 d 5m、d 7z 或 d 五萬",
    ),
    _e(
        r"(?P<reason>.+) — write one tile, e\.g\. (?P<alts>.+)",
        "{reason}——请写一张牌，如 {alts}",
        "{reason}——請寫一張牌，如 {alts}",
    ),
    _e(
        r"(?P<reason>.+) — name the sequence, e\.g\. chi 345m",
        "{reason}——请写出顺子，如 chi 345m",
        "{reason}——請寫出順子，如 chi 345m",
    ),
    _e(
        r"'(?P<rest>.*)' is not a sequence of three tiles: name it, e\.g\. chi 345m",
        "“{rest}”不是三张牌的顺子：请写出顺子，如 chi 345m",
        "「{rest}」不是三張牌的順子：請寫出順子，如 chi 345m",
    ),
    _e(
        r"several chi fit: type (?P<alts>.+)",
        "有几种吃法：请输入 {alts}",
        "有幾種吃法：請輸入 {alts}",
    ),
    _e(
        r"the tile on offer is (?P<named>.+), not (?P<named2>.+): type (?P<verb>\w+)",
        "现在能叫的牌是 {named}，不是 {named2}：请直接输入 {verb}",
        "現在能喊的牌是 {named}，不是 {named2}：請直接輸入 {verb}",
    ),
    _e(
        r"several kongs are possible: type (?P<alts>.+)",
        "有几种杠法：请输入 {alts}",
        "有幾種槓法：請輸入 {alts}",
    ),
    _e(
        r"pass takes no tile: type pass",
        "pass 后面不用写牌：直接输入 pass",
        "pass 後面不用寫牌：直接輸入 pass",
    ),
    _e(
        r"empty line: type a command such as d 5m or pass \('help' lists them\)",
        "空行：请输入命令，如 d 5m 或 pass（输入 help 查看全部命令）",
        "空行：請輸入指令，如 d 5m 或 pass（輸入 help 查看全部指令）",
    ),
    _e(
        rf"that line has (?P<n>{_NUM}) characters: commands are short, e\.g\. d 5m",
        "这一行有 {n} 个字符：命令都很短，如 d 5m",
        "這一行有 {n} 個字元：指令都很短，如 d 5m",
    ),
    _e(
        r"'(?P<word>.*)' is not a command: type help for the list \(e\.g\. d 5m, pong, pass\)",
        "“{word}”不是命令：输入 help 查看命令列表（如 d 5m、pong、pass）",
        "「{word}」不是指令：輸入 help 查看指令列表（如 d 5m、pong、pass）",
    ),
)


# --- lookup ------------------------------------------------------------------------------------


def match(text: str) -> tuple[CoreText, re.Match[str]] | None:
    """The first catalog entry whose pattern matches the whole of ``text``, with its match."""
    for entry in CATALOG:
        found = entry.pattern.fullmatch(text)
        if found is not None:
            return entry, found
    return None


def _shape(text: str) -> str:
    """``text`` with what the player typed and every tile or number masked: safe to log."""
    masked = re.sub(r"'[^']*'", "'…'", text)
    return re.sub(r"\d+[mpsz]?", "#", masked)[:160]


def localize_reason(text: str, lang: str) -> str:
    """``text`` (an English core message) in ``lang``: the Chinese when the catalog knows the
    sentence, else ``text`` unchanged — and always unchanged for English."""
    if lang not in ZH_LANGS or not text:
        return text
    found = match(text)
    if found is None:
        log.warning("no %s for a core message shaped %r", lang, _shape(text))
        return text
    entry, m = found
    values: dict[str, str] = {}
    for name, value in m.groupdict(default="").items():
        convert = converter_of(name)
        values[name] = convert(value, lang) if convert is not None and value else value
    return entry.template(lang).format(**values)
