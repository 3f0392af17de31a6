"""/replay: a finished virtual hand, step by step and animated.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "replay.title": "第 {hand} 手的回放（牌桌 #{table} 第 {number} 手）",
    "replay.step": "第 {step} / {steps} 步 · {view}",
    "replay.view_table": "四家手牌全部亮出",
    "replay.view_seat": "{seat} 號座（{wind}家）視角",
    "replay.pick_view": "選擇視角…",
    "replay.option_table": "全桌：四家手牌",
    "replay.option_seat": "{seat} 號座（{wind}家）：{name}",
    "replay.animate": "動畫",
    "replay.animation": "第 {hand} 手的動畫（{steps} 步 · {view}）。",
    "replay.unknown": "本伺服器沒有第 {hand} 手。`/history` 會列出本伺服器的牌局及編號。",
    "replay.physical": (
        "第 {hand} 手是線下牌局用 `/score` "
        "記錄的：機器人沒有看到它的過程，無法回放。只有在機器人牌桌（`/table "
        "create`）上打的牌可以回放；它的得分可在 `/history` 查看。"
    ),
    "replay.running": "第 {hand} 手還在進行（或正在記錄）：牌局結束後才能回放。請稍後再試。",
    "replay.running_table": (
        "你在牌桌 #{table} 的這一手還在進行：結束後才能回放。要回放更早的一手，請在 "
        "`/replay` 的「手牌」選項裡填它的編號（`/history` 會列出）。"
    ),
    "replay.none_played": (
        "你在本伺服器還沒有在機器人牌桌上打完過一手。用 `/table create` 開一桌，或在 "
        "`/replay` 的「手牌」選項裡填一手的編號（`/history` 會列出）。"
    ),
    "replay.damaged": (
        "第 {hand} 手無法回放：牌桌記錄無法重建（{reason}）。`/history` 裡的得分不受影響。"
    ),
    "replay.log_gone": "這張牌桌的紀錄已經沒有了",
    "replay.no_table": "它的場次沒有記下牌桌（{detail}）",
    "replay.event_damaged": "紀錄裡有一步損壞了（{detail}）",
}
