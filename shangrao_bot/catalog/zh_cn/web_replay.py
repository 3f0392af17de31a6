"""The replay web page: a finished bot-table hand step by step — its title and origin, the
step controls, the view choices, and each step in words (seats by wind, tiles by name).

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.replay.title": "第 {id} 号牌的回放",
    "web.replay.origin": "机器人牌桌 #{table} 第 {number} 手",
    "web.replay.session": "场次 #{id}",
    "web.replay.voided": "已作废",
    "web.replay.step_of": "第 {step} / {steps} 步",
    "web.replay.first": "第一步",
    "web.replay.prev": "上一步",
    "web.replay.next": "下一步",
    "web.replay.last": "最后一步",
    "web.replay.slider": "步骤",
    "web.replay.views": "视角",
    "web.replay.view_table": "四家手牌",
    "web.replay.view_note": (
        "全桌视角亮出四家手牌；某一家的视角只亮出这一家的手牌，和他当时看到的一样。"
    ),
    "web.replay.review": "这一家决策的复盘",
    "web.replay.full_size": "查看原尺寸图片",
    "web.replay.steps": "每一步",
    "web.replay.keys": "键盘：← → 逐步查看，Home / End 跳到开头或结尾。",
    "web.replay.seat": "{wind:wind}",
    "web.replay.deal": "{dealer} 坐庄，宝牌 {bao}（跌宝 {indicator}）",
    "web.replay.drew": "{who} 摸牌",
    "web.replay.drew_replacement": "{who} 杠后补牌",
    "web.replay.drew_tile": "{who} 摸到 {tile}",
    "web.replay.drew_replacement_tile": "{who} 杠后补到 {tile}",
    "web.replay.delta": "{who} {delta}",
    "web.replay.result": "结算：{deltas}",
    "web.replay.no_words": "第 {step} 步",
}
