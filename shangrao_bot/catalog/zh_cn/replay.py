"""/replay: a finished virtual hand, step by step and animated.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "replay.title": "第 {hand} 手的回放（牌桌 #{table} 第 {number} 手）",
    "replay.step": "第 {step} / {steps} 步 · {view}",
    "replay.view_table": "四家手牌全部亮出",
    "replay.view_seat": "{seat} 号座（{wind}家）视角",
    "replay.pick_view": "选择视角…",
    "replay.option_table": "全桌：四家手牌",
    "replay.option_seat": "{seat} 号座（{wind}家）：{name}",
    "replay.animate": "动画",
    "replay.animation": "第 {hand} 手的动画（{steps} 步 · {view}）。",
    "replay.unknown": "本服务器没有第 {hand} 手。`/history` 会列出本服务器的牌局及编号。",
    "replay.physical": (
        "第 {hand} 手是线下牌局用 `/score` "
        "记录的：机器人没有看到它的过程，无法回放。只有在机器人牌桌（`/table "
        "create`）上打的牌可以回放；它的得分可在 `/history` 查看。"
    ),
    "replay.running": "第 {hand} 手还在进行（或正在记录）：牌局结束后才能回放。请稍后再试。",
    "replay.running_table": (
        "你在牌桌 #{table} 的这一手还在进行：结束后才能回放。要回放更早的一手，请在 "
        "`/replay` 的“手牌”选项里填它的编号（`/history` 会列出）。"
    ),
    "replay.none_played": (
        "你在本服务器还没有在机器人牌桌上打完过一手。用 `/table create` 开一桌，或在 "
        "`/replay` 的“手牌”选项里填一手的编号（`/history` 会列出）。"
    ),
    "replay.damaged": (
        "第 {hand} 手无法回放：牌桌记录无法重建（{reason}）。`/history` 里的得分不受影响。"
    ),
    "replay.log_gone": "这张牌桌的记录已经没有了",
    "replay.no_table": "它的场次没有记下牌桌（{detail}）",
    "replay.event_damaged": "记录里有一步损坏了（{detail}）",
}
