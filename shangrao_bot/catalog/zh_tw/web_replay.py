"""The replay web page: a finished bot-table hand step by step — its title and origin, the
step controls, the view choices, and each step in words (seats by wind, tiles by name).

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.replay.title": "第 {id} 號牌的回放",
    "web.replay.origin": "機器人牌桌 #{table} 第 {number} 手",
    "web.replay.session": "場次 #{id}",
    "web.replay.voided": "已作廢",
    "web.replay.step_of": "第 {step} / {steps} 步",
    "web.replay.first": "第一步",
    "web.replay.prev": "上一步",
    "web.replay.next": "下一步",
    "web.replay.last": "最後一步",
    "web.replay.slider": "步驟",
    "web.replay.views": "視角",
    "web.replay.view_table": "四家手牌",
    "web.replay.view_note": (
        "全桌視角亮出四家手牌；某一家的視角只亮出這一家的手牌，和他當時看到的一樣。"
    ),
    "web.replay.review": "這一家決策的復盤",
    "web.replay.full_size": "查看原尺寸圖片",
    "web.replay.steps": "每一步",
    "web.replay.keys": "鍵盤：← → 逐步查看，Home / End 跳到開頭或結尾。",
    "web.replay.seat": "{wind:wind}",
    "web.replay.deal": "{dealer} 坐莊，寶牌 {bao}（跌寶 {indicator}）",
    "web.replay.drew": "{who} 摸牌",
    "web.replay.drew_replacement": "{who} 槓後補牌",
    "web.replay.drew_tile": "{who} 摸到 {tile}",
    "web.replay.drew_replacement_tile": "{who} 槓後補到 {tile}",
    "web.replay.delta": "{who} {delta}",
    "web.replay.result": "結算：{deltas}",
    "web.replay.no_words": "第 {step} 步",
}
