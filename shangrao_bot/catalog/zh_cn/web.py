"""网页：每页都有的部分（页头、语言切换）和牌社首页（排行榜、赛季、牌局、机器人牌桌的牌）。

简体中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.site_name": "上饶麻将牌社",
    "web.language": "语言",
    "web.footer": "本服务器账本的只读页面。有链接的人都能看到。",
    "web.guest": "客人",
    "web.kind.physical": "实体桌",
    "web.kind.virtual": "机器人牌桌",
    "web.session_open": "进行中",
    "web.hands_count": "{n} 手",
    "web.hand_no": "第 {id} 号牌",
    "web.col.rank": "#",
    "web.col.player": "玩家",
    "web.col.rating": "评分",
    "web.col.total": "总分",
    "web.col.average": "场均",
    "web.col.win_rate": "胡牌率",
    "web.col.biggest": "最大一手",
    "web.col.hands": "手数",
    "web.col.wins": "胡牌",
    "web.col.self_draws": "自摸",
    "web.col.fei_bao": "飞宝",
    "web.league.title": "牌社",
    "web.league.board": "排行榜",
    "web.league.period": "时段",
    "web.league.metric": "排序",
    "web.league.min_hands": "至少",
    "web.league.min_default": "不限",
    "web.league.guests": "含客人",
    "web.league.filter_note": "至少打了 {min_hands} 手的玩家；只算已确认的牌。点列名可按该列排序。",
    "web.league.show_all": "显示其余 {n} 位玩家",
    "web.league.csv": "下载 CSV",
    "web.league.seasons": "赛季",
    "web.league.season_open": "至今",
    "web.league.no_seasons": "还没有赛季：管理员可用 /season start 开始一个。",
    "web.league.sessions": "最近的牌局",
    "web.league.no_sessions": "还没有牌局。",
    "web.league.table_hands": "机器人牌桌最近的牌",
    "web.league.no_table_hands": "机器人牌桌还没打过牌。",
    "web.league.won": "胡",
    "web.league.drawn": "流局",
}
