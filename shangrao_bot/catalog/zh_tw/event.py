"""Club events (nights and tournaments over several tables and rounds): refusals of their
seating and standings (engine/club/seating.py, engine/club/standings.py).

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # a round to seat (engine/club/seating.py) — EventRefused
    "event.seating.seats": (
        "{seats} 個座位排不了：一輪需要 8 到 64 個座位，且是四的倍數（請讓幾位選手輪空，或加替補）"
    ),
    "event.seating.too_many_fillers": "{tables} 張桌子卻有 {fillers} 個替補：每桌最多一個替補",
    "event.seating.duplicate": "選手 {player} 列了兩次",
    "event.seating.filler_is_player": "替補 {player} 同時也列為選手",
    "event.seating.not_ranked": "排名裡沒有選手 {player}",
    "event.seating.ranked_not_seated": "排名裡的選手 {player} 不在本輪入座名單中",
    "event.seating.bad_round": "沒有第 {round} 輪：輪次從 1 開始",
    "event.seating.bad_nodes": "{nodes} 步的搜尋太短：至少要 1 步",
    # the organiser's own tables (engine/club/seating.py) — EventRefused
    "event.manual.table_size": "第 {table} 桌有 {size} 個座位：一桌坐四人",
    "event.manual.unknown": "第 {table} 桌的 {player} 既不是選手也不是替補",
    "event.manual.twice": "{player} 被排了兩個座位",
    "event.manual.missing": "選手 {player} 沒有座位",
    "event.manual.fillers": "第 {table} 桌的替補不止一個",
    # who rests (engine/club/seating.py) — EventRefused
    "event.resting.count": "{players} 位選手中無法讓 {count} 位輪空",
    # the standings (engine/club/standings.py) — EventRefused
    "event.standings.unknown": "第 {round} 輪：{player} 既不是選手也不是替補",
    "event.standings.twice": "第 {round} 輪：選手 {player} 坐了兩個座位",
    "event.standings.rests_and_plays": "第 {round} 輪：選手 {player} 既輪空又上桌",
    "event.standings.table_size": "第 {round} 輪：第 {table} 桌不是四個座位",
}
