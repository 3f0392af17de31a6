"""Every piece of text the images draw, per language, in one place.

Each public render function takes ``lang``: ``"en"``, ``"zh-CN"`` or ``"zh-TW"``
(:data:`DEFAULT_LANG` when not given). Chinese images carry Chinese labels only, zh-TW in
traditional characters; English images carry English labels and keep the Chinese terms that
English-speaking players of this game use themselves (宝, 飞宝, 杠开, pattern names, the latter
with a short English gloss: :func:`gloss`).

The scorer names patterns and modifiers in simplified Chinese; :func:`term` writes them in the
image's script. The shipped fonts are subsets: they hold only the glyphs of the labels below,
of the scorer's names in both scripts and of printable ASCII. :mod:`.charset` derives the
subset (``tests/render/make_font_subset.py``) and a test proves that every character the images
can draw is in the font: add a label here, rerun the subset script.
"""

from __future__ import annotations

from dataclasses import dataclass

from shangrao_bot.engine.hand_records import Outcome
from shangrao_bot.rules.baike_preset import BAIKE_PATTERNS
from shangrao_bot.rules.score_model import Reason, WinHow
from shangrao_bot.rules.shangrao_preset import SHANGRAO_MODIFIERS, SHANGRAO_PATTERNS
from shangrao_bot.rules.tiles import HONOR_START, rank_of, suit_of

LANGS = ("en", "zh-CN", "zh-TW")
DEFAULT_LANG = "zh-CN"

# --- tile faces (the serif tile font) ----------------------------------------------------------

NUMERALS = "一二三四五六七八九"
WAN = "萬"
#: faces of the honour tiles 1z-7z; 白 (5z) is drawn as a frame, not a glyph
HONOR_FACES = ("東", "南", "西", "北", "", "發", "中")
#: the gold badge of a 宝 tile and the tag of a flown one, simplified and traditional
BAO = "宝"
BAO_TRAD = "寶"
FLOWN_TAG = "飞"
FLOWN_TAG_TRAD = "飛"


# --- the scorer's names ------------------------------------------------------------------------

# parts of pattern names the scorer composes in code rather than lists as data (a test keeps
# them equal to shangrao_preset.LUXURY and baike_preset.STATUS_NAMES)
LUXURY = ("豪华", "双豪华", "三豪华")
BAIKE_STATUS = ("无宝自摸", "宝调", "有宝自摸")
FLAT = ("天胡", "地胡")

#: simplified → traditional, for every character of the scorer's names and of the zh-CN labels
#: that is written differently in traditional script (a test holds zh-TW images to it)
TO_TRADITIONAL = str.maketrans(
    "宝对烂头无调杠开万条发东单飞个华双连抢补饼庄余轮计总暂数据听标准饶张种录结奖胜须从",
    "寶對爛頭無調槓開萬條發東單飛個華雙連搶補餅莊餘輪計總暫數據聽標準饒張種錄結獎勝須從",
)

#: English glosses of the words pattern and modifier names are made of (longest match first)
_GLOSS = {
    "平胡自摸": "plain self-draw",
    "平胡": "plain",
    "清碰碰胡": "clean all pongs",
    "碰碰胡": "all pongs",
    "宝吊头": "宝 pair wait",
    "宝吊宝": "宝 waits on 宝",
    "宝吊无宝": "clean 宝 wait",
    "清七对": "clean seven pairs",
    "七对": "seven pairs",
    "三豪华": "triple luxury",
    "双豪华": "double luxury",
    "豪华": "luxury",
    "七星": "seven stars",
    "十三浪": "thirteen loose",
    "十三烂": "thirteen loose",
    "九幺": "terminals & honours",
    "清一色": "one suit",
    "字一色": "all honours",
    "无宝自摸": "clean self-draw",
    "有宝自摸": "self-draw with 宝",
    "宝调": "宝 wait",
    "天胡": "heavenly hand",
    "地胡": "earthly hand",
    "杠开": "kong replacement",
    "单吊": "single wait",
    "抢杠": "robbed kong",
    "飞宝": "宝 flown",
}


def gloss(name: str) -> str:
    """A short English gloss of a pattern or modifier name (``碰碰胡宝吊头`` → ``all pongs, 宝
    pair wait``); "" when a part is unknown (the name then stands alone)."""
    parts: list[str] = []
    i = 0
    while i < len(name):
        if name[i] == " ":
            i += 1
            continue
        word = next((w for w in sorted(_GLOSS, key=len, reverse=True) if name.startswith(w, i)), "")
        if not word:
            return ""
        parts.append(_GLOSS[word])
        i += len(word)
    return ", ".join(parts)


def term(name: str, lang: str) -> str:
    """A Chinese name of the scorer (pattern, modifier) in the script of ``lang``."""
    return name.translate(TO_TRADITIONAL) if lang == "zh-TW" else name


# --- tile names (the way players say them, as in the bot's messages) ----------------------------

_SUITS = {"zh-CN": ("万", "筒", "条"), "zh-TW": ("萬", "筒", "條"), "en": ("Crak", "Dot", "Bam")}
_HONORS = {
    "zh-CN": ("东", "南", "西", "北", "白", "发", "中"),
    "zh-TW": ("東", "南", "西", "北", "白", "發", "中"),
    "en": ("East", "South", "West", "North", "White", "Green", "Red"),
}


def tile_name(tile: int, lang: str) -> str:
    """``五万`` / ``五萬`` / ``5 Crak``; honours ``东`` / ``East``."""
    rank = rank_of(tile)
    if tile >= HONOR_START:
        return _HONORS[lang][rank - 1]
    suit = _SUITS[lang][suit_of(tile)]
    return f"{rank} {suit}" if lang == "en" else NUMERALS[rank - 1] + suit


# --- labels ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Labels:
    """The labels of one language. ``{…}`` fields are filled with :meth:`str.format`."""

    lang: str
    winds: tuple[str, str, str, str]
    seat: str  # a seat by number, {n} = 1-4
    house: str  # a seat by wind as a player ("西家"), {wind}
    join: str  # between names in a list
    # the board and the hand
    bao: str
    bao_caption: str
    indicator: str
    dealer: str
    live: str
    turn: str
    won: str
    flown: str  # {n}
    status_turn: str  # {who}
    status_claim: str
    status_rob: str
    status_won: str  # {who} (one winner)
    status_won_many: str  # {who} (several winners, 抢杠)
    exhausted: str
    exhausted_note: str
    rules_line: str  # {preset} {stake} {move}
    presets: dict[str, str]
    hash: str
    seed: str
    drawn: str
    claim_discard: tuple[str, ...]  # lines above a claimable discard, {who}
    claim_rob: tuple[str, ...]  # lines above a 补杠 tile that may be robbed, {who}
    waits: str
    per_payer: str
    not_a_win: str
    no_waits: str
    # the result card
    how: dict[WinHow, str]
    shapes: dict[str, str]
    clean: str
    with_bao: str
    meld_kinds: dict[str, str]
    payments: str
    no_payments: str
    net: str
    reasons: dict[Reason, str]
    doubling: str  # {who} {amount} {value} {factor} {n} {count}
    count_words: tuple[str, ...]  # 0-4 in words ({count})
    kong_chain: str  # {n}
    winner_flown: str  # {n}
    # charts
    totals_title: str
    hand_axis: str
    points_axis: str
    board_title: str
    metrics: dict[str, str]
    col_hands: str
    col_wins: str
    col_rate: str
    col_best: str
    col_flown: str
    no_data: str
    outcomes: dict[Outcome, str]

    def seat_no(self, seat: int) -> str:
        """Seat 0-3 as players count it: 1-4."""
        return self.seat.format(n=seat + 1)


_ZH_CN = Labels(
    lang="zh-CN",
    winds=("东", "南", "西", "北"),
    seat="座{n}",
    house="{wind}家",
    join=" ",
    bao="宝",
    bao_caption="宝",
    indicator="跌宝",
    dealer="庄",
    live="余牌",
    turn="轮到",
    won="胡",
    flown="飞宝×{n}",
    status_turn="轮到 {who}",
    status_claim="{who} 打出 · 等待吃碰杠",
    status_rob="{who} 补杠 · 等待抢杠",
    status_won="{who} 胡牌",
    status_won_many="{who} 胡牌",
    exhausted="流局",
    exhausted_note="无人胡牌，只结算奖励分",
    rules_line="{preset} · 底 {stake} · 第 {move} 步",
    presets={"shangrao": "上饶", "baike": "百科"},
    hash="公平性哈希",
    seed="种子",
    drawn="摸",
    claim_discard=("{who}打出",),
    claim_rob=("{who}补杠",),
    waits="听牌",
    per_payer="每家",
    not_a_win="不能胡",
    no_waits="未听牌",
    how={
        WinHow.SELF: "自摸",
        WinHow.KONG: "杠开",
        WinHow.ROB: "抢杠",
        WinHow.TIANHU: "天胡",
        WinHow.DIHU: "地胡",
    },
    shapes={"standard": "标准", "seven_pairs": "七对", "thirteen_lan": "十三浪", "yaojiu": "九幺"},
    clean="无宝",
    with_bao="有宝",
    meld_kinds={
        "chi": "吃",
        "pong": "碰",
        "kong_exposed": "明杠",
        "kong_concealed": "暗杠",
        "kong_indicator": "跌宝杠",
        "kong_indicator_exposed": "明跌宝杠",
    },
    payments="付分",
    no_payments="无人付分",
    net="合计",
    reasons={
        Reason.WIN: "胡",
        Reason.MINGGANG: "碰杠",
        Reason.ANGANG: "自摸杠",
        Reason.JIEBAO: "接宝",
        Reason.SIGEBAO: "四个宝",
    },
    doubling="{who}付 {amount} = {value} × {factor}（飞宝 {n} 张）",
    count_words=("0", "1", "2", "3", "4"),
    kong_chain="连杠 {n} 次",
    winner_flown="飞宝 {n} 张",
    totals_title="累计得分",
    hand_axis="手",
    points_axis="分",
    board_title="排行榜",
    metrics={"total": "总分", "average": "平均", "win_rate": "胡率", "biggest": "最大"},
    col_hands="手数",
    col_wins="胡",
    col_rate="胡率",
    col_best="最大",
    col_flown="飞宝",
    no_data="暂无数据",
    outcomes={Outcome.WIN: "胡牌", Outcome.EXHAUSTED: "流局"},
)

_ZH_TW = Labels(
    lang="zh-TW",
    winds=("東", "南", "西", "北"),
    seat="座{n}",
    house="{wind}家",
    join=" ",
    bao="寶",
    bao_caption="寶",
    indicator="跌寶",
    dealer="莊",
    live="餘牌",
    turn="輪到",
    won="胡",
    flown="飛寶×{n}",
    status_turn="輪到 {who}",
    status_claim="{who} 打出 · 等待吃碰槓",
    status_rob="{who} 補槓 · 等待搶槓",
    status_won="{who} 胡牌",
    status_won_many="{who} 胡牌",
    exhausted="流局",
    exhausted_note="無人胡牌，只結算獎勵分",
    rules_line="{preset} · 底 {stake} · 第 {move} 步",
    presets={"shangrao": "上饒", "baike": "百科"},
    hash="公平性雜湊",
    seed="種子",
    drawn="摸",
    claim_discard=("{who}打出",),
    claim_rob=("{who}補槓",),
    waits="聽牌",
    per_payer="每家",
    not_a_win="不能胡",
    no_waits="未聽牌",
    how={
        WinHow.SELF: "自摸",
        WinHow.KONG: "槓開",
        WinHow.ROB: "搶槓",
        WinHow.TIANHU: "天胡",
        WinHow.DIHU: "地胡",
    },
    shapes={"standard": "標準", "seven_pairs": "七對", "thirteen_lan": "十三浪", "yaojiu": "九幺"},
    clean="無寶",
    with_bao="有寶",
    meld_kinds={
        "chi": "吃",
        "pong": "碰",
        "kong_exposed": "明槓",
        "kong_concealed": "暗槓",
        "kong_indicator": "跌寶槓",
        "kong_indicator_exposed": "明跌寶槓",
    },
    payments="付分",
    no_payments="無人付分",
    net="合計",
    reasons={
        Reason.WIN: "胡",
        Reason.MINGGANG: "碰槓",
        Reason.ANGANG: "自摸槓",
        Reason.JIEBAO: "接寶",
        Reason.SIGEBAO: "四個寶",
    },
    doubling="{who}付 {amount} = {value} × {factor}（飛寶 {n} 張）",
    count_words=("0", "1", "2", "3", "4"),
    kong_chain="連槓 {n} 次",
    winner_flown="飛寶 {n} 張",
    totals_title="累計得分",
    hand_axis="手",
    points_axis="分",
    board_title="排行榜",
    metrics={"total": "總分", "average": "平均", "win_rate": "胡率", "biggest": "最大"},
    col_hands="手數",
    col_wins="胡",
    col_rate="胡率",
    col_best="最大",
    col_flown="飛寶",
    no_data="暫無資料",
    outcomes={Outcome.WIN: "胡牌", Outcome.EXHAUSTED: "流局"},
)

_EN = Labels(
    lang="en",
    winds=("East", "South", "West", "North"),
    seat="Seat {n}",
    house="{wind}",
    join=", ",
    bao="宝",
    bao_caption="宝 (wild)",
    indicator="indicator",
    dealer="dealer",
    live="tiles left",
    turn="to play",
    won="won",
    flown="飞宝 ×{n}",
    status_turn="{who} to play",
    status_claim="{who} discarded · claims open",
    status_rob="{who} adds a kong · may be robbed",
    status_won="{who} wins",
    status_won_many="{who} win",
    exhausted="Draw (流局)",
    exhausted_note="No winner: only bonuses are settled",
    rules_line="{preset} · stake {stake} · move {move}",
    presets={"shangrao": "Shangrao", "baike": "Baike"},
    hash="fairness hash",
    seed="seed",
    drawn="drawn",
    claim_discard=("discarded", "by {who}"),
    claim_rob=("added kong", "by {who}"),
    waits="Waits",
    per_payer="per payer",
    not_a_win="not a win",
    no_waits="not waiting",
    how={
        WinHow.SELF: "self-draw",
        WinHow.KONG: "杠开 kong replacement",
        WinHow.ROB: "抢杠 robbed kong",
        WinHow.TIANHU: "天胡 heavenly hand",
        WinHow.DIHU: "地胡 earthly hand",
    },
    shapes={
        "standard": "standard",
        "seven_pairs": "seven pairs",
        "thirteen_lan": "十三浪",
        "yaojiu": "九幺",
    },
    clean="clean (无宝)",
    with_bao="with 宝 (有宝)",
    meld_kinds={
        "chi": "chi",
        "pong": "pong",
        "kong_exposed": "kong",
        "kong_concealed": "hidden kong",
        "kong_indicator": "跌宝 kong",
        "kong_indicator_exposed": "跌宝 kong",
    },
    payments="Payments",
    no_payments="No payments",
    net="Net",
    reasons={
        Reason.WIN: "win",
        Reason.MINGGANG: "碰杠",
        Reason.ANGANG: "自摸杠",
        Reason.JIEBAO: "接宝",
        Reason.SIGEBAO: "四个宝",
    },
    doubling="{who} pays {amount} = {value} × {factor}, flew {count} 宝",
    count_words=("no", "one", "two", "three", "four"),
    kong_chain="chain of {n}",
    winner_flown="{n} 宝 flown",
    totals_title="Running totals",
    hand_axis="hand",
    points_axis="points",
    board_title="Leaderboard",
    metrics={"total": "total", "average": "average", "win_rate": "win rate", "biggest": "biggest"},
    col_hands="hands",
    col_wins="wins",
    col_rate="win %",
    col_best="best",
    col_flown="飞宝",
    no_data="No data yet",
    outcomes={Outcome.WIN: "win", Outcome.EXHAUSTED: "流局"},
)

_BY_LANG = {lb.lang: lb for lb in (_EN, _ZH_CN, _ZH_TW)}


def labels_for(lang: str) -> Labels:
    """The labels of ``lang``; a ValueError names the languages for anything else."""
    try:
        return _BY_LANG[lang]
    except KeyError:
        raise ValueError(f"lang {lang!r} is not one of {', '.join(LANGS)}") from None


def scorer_names() -> list[str]:
    """Every pattern and modifier name the scorer can give (simplified)."""
    names = [name.split("/")[0] for name in SHANGRAO_PATTERNS]
    names += [luxury + pairs for luxury in LUXURY for pairs in ("七对", "清七对")]
    names += [f"{row} {status}" for row in BAIKE_PATTERNS for status in BAIKE_STATUS]
    names += [*BAIKE_PATTERNS, *SHANGRAO_MODIFIERS, *FLAT, "杠开", "飞宝"]
    return names
