"""玩家網頁：評分及其走勢圖、戰績、胡牌牌型、對戰、最常同桌的玩家、複盤評分和最近的牌。

繁體中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.player.title": "玩家",
    "web.player.back": "牌社",
    "web.player.rating": "評分",
    "web.player.displayed": "評分（μ − 3σ）",
    "web.player.rated_hands": "計分手數",
    "web.player.rank": "排名",
    "web.player.rank_value": "{ranked} 人中第 {rank}",
    "web.player.unrated": "還沒有評分。",
    "web.player.chart": "每手計分牌後的評分",
    "web.player.point": "第 {n} 手計分牌：{rating}（第 {hand} 號牌）",
    "web.player.chart_note": "點圓點可打開那手牌。",
    "web.player.chart_latest": "只有最近 {n} 手計分牌有圓點。",
    "web.player.record": "戰績",
    "web.player.win_rate": "佔手數 {rate}",
    "web.player.self_draw_rate": "佔胡牌 {rate}",
    "web.player.average": "每手 {average}",
    "web.player.flown_net": "這些手的淨分 {net}",
    "web.player.review": "複盤評分",
    "web.player.review_note": "滿分 100，最近 {n} 手複盤",
    "web.player.no_hands": "還沒有已確認的牌。",
    "web.player.patterns": "胡牌牌型",
    "web.player.pattern": "牌型",
    "web.player.share": "佔比",
    "web.player.pattern_unnamed": "未記牌型",
    "web.player.no_wins": "還沒胡過牌。",
    "web.player.h2h": "對戰",
    "web.player.net": "淨分",
    "web.player.h2h_note": "從每位對手那裡贏的淨分（負數：輸給對方）；列出贏得最多的 {n} 位。",
    "web.player.no_opponents": "還沒有對手。",
    "web.player.tablemates": "最常同桌",
    "web.player.together": "同桌 {n} 手",
    "web.player.recent": "最近的牌",
    "web.player.won": "胡",
    "web.player.self_drawn": "自摸",
    "web.player.drawn": "流局",
}
