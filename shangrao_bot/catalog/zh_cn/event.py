"""Club events (nights and tournaments over several tables and rounds): refusals of their
seating and standings (engine/club/seating.py, engine/club/standings.py).

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # a round to seat (engine/club/seating.py) — EventRefused
    "event.seating.seats": (
        "{seats} 个座位排不了：一轮需要 8 到 64 个座位，且是四的倍数（请让几位选手轮空，或加替补）"
    ),
    "event.seating.too_many_fillers": "{tables} 张桌子却有 {fillers} 个替补：每桌最多一个替补",
    "event.seating.duplicate": "选手 {player} 列了两次",
    "event.seating.filler_is_player": "替补 {player} 同时也列为选手",
    "event.seating.not_ranked": "排名里没有选手 {player}",
    "event.seating.ranked_not_seated": "排名里的选手 {player} 不在本轮入座名单中",
    "event.seating.bad_round": "没有第 {round} 轮：轮次从 1 开始",
    "event.seating.bad_nodes": "{nodes} 步的搜索太短：至少要 1 步",
    # the organiser's own tables (engine/club/seating.py) — EventRefused
    "event.manual.table_size": "第 {table} 桌有 {size} 个座位：一桌坐四人",
    "event.manual.unknown": "第 {table} 桌的 {player} 既不是选手也不是替补",
    "event.manual.twice": "{player} 被排了两个座位",
    "event.manual.missing": "选手 {player} 没有座位",
    "event.manual.fillers": "第 {table} 桌的替补不止一个",
    # who rests (engine/club/seating.py) — EventRefused
    "event.resting.count": "{players} 位选手中无法让 {count} 位轮空",
    # the standings (engine/club/standings.py) — EventRefused
    "event.standings.unknown": "第 {round} 轮：{player} 既不是选手也不是替补",
    "event.standings.twice": "第 {round} 轮：选手 {player} 坐了两个座位",
    "event.standings.rests_and_plays": "第 {round} 轮：选手 {player} 既轮空又上桌",
    "event.standings.table_size": "第 {round} 轮：第 {table} 桌不是四个座位",
}
