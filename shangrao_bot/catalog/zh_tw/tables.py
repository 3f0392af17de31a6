"""The virtual tables' refusals and the notices the table service asks to show.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "table.not_found": "牌桌 #{table} 沒有開著（已結束或不存在）。",
    "table.too_many": "本伺服器已有 {limit} 張牌桌開著：請先結束一張再開新的。",
    "table.bad_config": "牌桌設定無效：{reason}",
    "table.full": "這張牌桌已經坐滿了。",
    "table.seat_taken": "{seat} 號座位已有人：請選空位。",
    "table.bad_seat": "沒有 {seat} 號座位：座位是 1-4。",
    "table.already_seated": "你已經坐在牌桌 #{table}：請先離開（同一時間只能坐一張牌桌）。",
    "table.not_seated": "你沒有坐在這張牌桌。",
    "table.not_host": "只有房主可以這樣做。",
    "table.not_host_or_admin": "只有房主或伺服器管理員可以結束牌桌。",
    "table.already_started": "牌局已經開始：座位不能再改了。",
    "table.not_full_yet": "需要坐滿四個座位；還有 {empty} 個空位（要加電腦嗎？）。",
    "table.bad_ai_level": "「{level}」不是電腦玩家的難度：請用「簡單」「普通」或「困難」。",
    "table.not_an_ai": "{seat} 號座位不是電腦玩家。",
    "table.not_playing": "牌局還沒有開始。",
    "table.prompt_outdated": "這個提示已過期：牌局已經往下進行了。請用最新的手牌面板。",
    "table.not_your_turn": "現在不行：{reason}",
    "table.illegal": "不能這樣出牌：{reason}",
    "table.bad_command": "{reason}",
    "table.wait_for_claims": "請稍等：這張牌還可能被吃碰槓。",
    "table.already_answered": "你已經對這張牌作出了選擇。",
    "table.notice.timed_out": "{name} 超時：已代為 {action}（第 {strikes} 次）。",
    "table.notice.autopilot": "{name} 似乎離開了：由電腦代打，直到他在手牌面板上按「我回來了」。",
    "table.notice.away": "{name} 暫時離開：由電腦代打，直到他在手牌面板上按「我回來了」。",
    "table.notice.back": "{name} 回來了。",
    "table.notice.paused": "所有玩家都離開了：牌桌暫停，{minutes} 分鐘內無人回來就結束。",
    "table.notice.host_changed": "{name} 現在是房主。",
    "table.notice.restored": "機器人重啟了；牌局從中斷處繼續。",
    "table.closed.completed": "本場已打完。",
    "table.closed.ended": "牌桌已結束；已打完的牌局照常計分。",
    "table.closed.idle": "所有玩家離開太久：牌桌已結束；已打完的牌局照常計分。",
    "table.closed.abandoned": "所有玩家都離開了等候區：牌桌已關閉。",
    "table.closed.expired": "等候區太久沒有變動、也沒有開局：牌桌已關閉。任何人都可以重新開桌。",
}
