"""玩家网页：评分及其走势图、战绩、胡牌牌型、对战、最常同桌的玩家、复盘评分和最近的牌。

简体中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.player.title": "玩家",
    "web.player.back": "牌社",
    "web.player.rating": "评分",
    "web.player.displayed": "评分（μ − 3σ）",
    "web.player.rated_hands": "计分手数",
    "web.player.rank": "排名",
    "web.player.rank_value": "{ranked} 人中第 {rank}",
    "web.player.unrated": "还没有评分。",
    "web.player.chart": "每手计分牌后的评分",
    "web.player.point": "第 {n} 手计分牌：{rating}（第 {hand} 号牌）",
    "web.player.chart_note": "点圆点可打开那手牌。",
    "web.player.chart_latest": "只有最近 {n} 手计分牌有圆点。",
    "web.player.record": "战绩",
    "web.player.win_rate": "占手数 {rate}",
    "web.player.self_draw_rate": "占胡牌 {rate}",
    "web.player.average": "每手 {average}",
    "web.player.flown_net": "这些手的净分 {net}",
    "web.player.review": "复盘评分",
    "web.player.review_note": "满分 100，最近 {n} 手复盘",
    "web.player.no_hands": "还没有已确认的牌。",
    "web.player.patterns": "胡牌牌型",
    "web.player.pattern": "牌型",
    "web.player.share": "占比",
    "web.player.pattern_unnamed": "未记牌型",
    "web.player.no_wins": "还没胡过牌。",
    "web.player.h2h": "对战",
    "web.player.net": "净分",
    "web.player.h2h_note": "从每位对手那里赢的净分（负数：输给对方）；列出赢得最多的 {n} 位。",
    "web.player.no_opponents": "还没有对手。",
    "web.player.tablemates": "最常同桌",
    "web.player.together": "同桌 {n} 手",
    "web.player.recent": "最近的牌",
    "web.player.won": "胡",
    "web.player.self_drawn": "自摸",
    "web.player.drawn": "流局",
}
