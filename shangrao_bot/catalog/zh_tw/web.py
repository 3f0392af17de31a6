"""網頁：每頁都有的部分（頁首、語言切換）和牌社首頁（排行榜、賽季、牌局、機器人牌桌的牌）。

繁體中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.site_name": "上饒麻將牌社",
    "web.language": "語言",
    "web.footer": "本伺服器帳本的唯讀頁面。有連結的人都能看到。",
    "web.guest": "客人",
    "web.kind.physical": "實體桌",
    "web.kind.virtual": "機器人牌桌",
    "web.session_open": "進行中",
    "web.hands_count": "{n} 手",
    "web.hand_no": "第 {id} 號牌",
    "web.col.rank": "#",
    "web.col.player": "玩家",
    "web.col.rating": "評分",
    "web.col.total": "總分",
    "web.col.average": "場均",
    "web.col.win_rate": "胡牌率",
    "web.col.biggest": "最大一手",
    "web.col.hands": "手數",
    "web.col.wins": "胡牌",
    "web.col.self_draws": "自摸",
    "web.col.fei_bao": "飛寶",
    "web.league.title": "牌社",
    "web.league.board": "排行榜",
    "web.league.period": "時段",
    "web.league.metric": "排序",
    "web.league.min_hands": "至少",
    "web.league.min_default": "不限",
    "web.league.guests": "含客人",
    "web.league.filter_note": "至少打了 {min_hands} 手的玩家；只算已確認的牌。點欄名可按該欄排序。",
    "web.league.show_all": "顯示其餘 {n} 位玩家",
    "web.league.csv": "下載 CSV",
    "web.league.seasons": "賽季",
    "web.league.season_open": "至今",
    "web.league.no_seasons": "還沒有賽季：管理員可用 /season start 開始一個。",
    "web.league.sessions": "最近的牌局",
    "web.league.no_sessions": "還沒有牌局。",
    "web.league.table_hands": "機器人牌桌最近的牌",
    "web.league.no_table_hands": "機器人牌桌還沒打過牌。",
    "web.league.won": "胡",
    "web.league.drawn": "流局",
}
