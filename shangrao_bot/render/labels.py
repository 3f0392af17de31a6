"""Every fixed piece of text the images draw, in one place.

The shipped fonts are subsets: they hold only the glyphs listed here, in the scorer's pattern
and modifier names, and in printable ASCII. Keeping all drawn text in this module lets
:func:`ui_charset` derive the subset (``assets/make_font_subset.py``) and lets a test prove that
every character the images can draw is in the font. Add a label here, rerun the subset script.
"""

from __future__ import annotations

from shangrao_bot.engine.state import Outcome
from shangrao_bot.rules.scoring import (
    BAIKE_PATTERNS,
    SHANGRAO_MODIFIERS,
    SHANGRAO_PATTERNS,
    Reason,
    WinHow,
)

# --- tile faces (the serif tile font) ----------------------------------------------------------

NUMERALS = "一二三四五六七八九"
WAN = "萬"
#: faces of the honour tiles 1z-7z; 白 (5z) is drawn as a frame, not a glyph
HONOR_FACES = ("東", "南", "西", "北", "", "發", "中")


def tile_charset() -> str:
    """Characters the tile font must hold."""
    return "".join(sorted(set(NUMERALS + WAN + "".join(HONOR_FACES))))


# --- labels (the sans UI font) -----------------------------------------------------------------

WINDS = ("东", "南", "西", "北")
BAO = "宝"
FLOWN_TAG = "飞"
DEALER = "庄"
INDICATOR = "跌宝"
INDICATOR_EN = "indicator"
BAO_EN = "wild"
LIVE = "余牌"
LIVE_EN = "live tiles"
TURN = "轮到"
CLAIM_WINDOW = "等待吃碰杠"
ROB_WINDOW = "等待抢杠"
HASH = "sha256"
SEED = "seed"
FLOWN = "飞宝"
ARROW = "→"
LEFT_ARROW = "←"
TIMES = "×"
DOT = "·"
DASH = "—"
PRESETS = {"shangrao": "上饶", "baike": "百科"}
STAKE = "底"

HOW = {
    WinHow.SELF: "自摸",
    WinHow.KONG: "杠开",
    WinHow.ROB: "抢杠",
    WinHow.TIANHU: "天胡",
    WinHow.DIHU: "地胡",
}
REASONS = {
    Reason.WIN: "胡",
    Reason.MINGGANG: "碰杠",
    Reason.ANGANG: "自摸杠",
    Reason.JIEBAO: "接宝",
    Reason.SIGEBAO: "四个宝",
}
OUTCOMES = {Outcome.WIN: "胡牌", Outcome.EXHAUSTED: "流局"}
EXHAUSTED_EN = "exhaustive draw: only bonus points are settled"
WIN = "胡"
WINNER = "胡牌"
CLEAN = "无宝"
CLEAN_EN = "clean"
WITH_BAO = "有宝"
ACTS_AS = "宝当"
PER_PAYER = "每家"
PER_PAYER_EN = "per payer"
PAYMENTS = "付分"
PAYMENTS_EN = "payments"
NET = "合计"
NET_EN = "net"
NO_PAYMENTS = "无付分"
DRAWN = "摸"
WAITS = "听"
WAITS_EN = "waits"
NOT_A_WIN = "不能胡"
SEAT_ZH = "座"
MELD_KINDS = {
    "chi": "吃",
    "pong": "碰",
    "kong_exposed": "明杠",
    "kong_concealed": "暗杠",
    "kong_indicator": "跌宝杠",
}
SHAPES = {"standard": "标准", "seven_pairs": "七对", "thirteen_lan": "十三浪", "yaojiu": "九幺"}
# parts of pattern names the scorer composes in code rather than lists as data (a test keeps
# them equal to scoring._LUXURY and scoring._STATUS_NAME)
LUXURY = ("豪华", "双豪华", "三豪华")
BAIKE_STATUS = ("无宝自摸", "宝调", "有宝自摸")
FLAT = ("天胡", "地胡")

# charts
TOTALS_TITLE = "累计得分"
TOTALS_EN = "running totals"
HAND_AXIS = "手 hand"
POINTS_AXIS = "分 points"
BOARD_TITLE = "排行榜"
BOARD_EN = "leaderboard"
METRICS = {"total": "总分", "average": "平均", "win_rate": "胡率", "biggest": "最大"}
METRICS_EN = {"total": "total", "average": "average", "win_rate": "win rate", "biggest": "best"}
HANDS_UNIT = "手"
WINS_UNIT = "胡"
BIGGEST = "最大"
NO_DATA = "暂无数据 no data yet"

_ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
_EXTRA = "×→←·—−–…▲▼●○%+#：，。（）【】"


def _strings() -> list[str]:
    """Every string constant above plus the scorer's names (patterns, modifiers)."""
    out: list[str] = []
    for name, value in globals().items():
        if name.startswith("__"):
            continue
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(v for v in value if isinstance(v, str))
        elif isinstance(value, dict):
            out.extend(v for v in value.values() if isinstance(v, str))
    out += [name.split("/")[0] for name in SHANGRAO_PATTERNS]
    out += list(BAIKE_PATTERNS)
    out += [*list(SHANGRAO_MODIFIERS), "杠开", "飞宝"]
    return out


def ui_charset() -> str:
    """Characters the UI font must hold: every label, pattern and modifier name, ASCII."""
    chars = set(_ASCII + _EXTRA)
    for s in _strings():
        chars.update(s)
    chars.discard("\n")
    return "".join(sorted(chars))
