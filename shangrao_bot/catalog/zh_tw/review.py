"""/review：復盤——用何切分析逐一評判玩家在一手機器人牌桌上的每個決定。

繁體中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "review.title": "{name} 的復盤 · 第 #{hand} 手",
    "review.summary": (
        "{judged} 個決定中有 {matched} 個是分析的首選 · 期望分損失 {lost} 分 · 評分 "
        "**{rating}**/100"
    ),
    "review.clean": "沒有一個決定丟分：每一步都和分析的最佳選擇一樣好。",
    "review.flagged_count": "有 {n} 個決定值得再看：",
    "review.moment": "**{i}/{n}** · 回放第 {step} 步 · 牌牆還剩 {live} 張",
    "review.you": "你：{what} — {why}",
    "review.better": "更好：{what} — {why}",
    "review.lost": "期望分損失：**{lost}** 分",
    "review.ready_broken": "這一步放棄了能真胡的聽牌。",
    "review.do.discard": "打 {tile}",
    "review.do.fly": "飛寶 {tile}",
    "review.do.pass": "不要 {tile}",
    "review.do.chi": "吃 {tiles}",
    "review.do.pong": "碰 {tile}",
    "review.do.kong": "槓 {tile}",
    "review.do.win": "胡牌",
    "review.do.win_points": "胡牌（{points} 分）",
    "review.why": "{shanten} · 進張 {tiles} 張 · 和牌 {chance}% · 期望 {points} 分",
    "review.why_ready": "聽牌 · 和牌 {chance}% · 期望 {points} 分",
    "review.shanten": "離真胡 {n} 向聽",
    "review.prev": "◀ 上一個",
    "review.next": "下一個 ▶",
    "review.open": "🔍 復盤",
    "review.open_step": "🔍 復盤這一步",
    "review.session_title": "第 #{session} 場：決定復盤",
    "review.session_line": (
        "**{name}** — {hands} 手平均評分 {rating}/100 · 首選 {matched}/{judged} · 損失 {lost} 分"
    ),
    "review.session_private": (
        "只顯示你自己的一行：本伺服器的復盤是私密的（管理員可用 /rules set review_public: 修改）。"
    ),
    "review.profile": "復盤評分：**{rating}**/100（最近 {n} 手復盤的平均）",
    "review.rules_public": "復盤：公開（任何人都可以復盤任何玩家的牌）",
    "review.rules_private": "復盤：私密（每個玩家只復盤自己的牌）",
    "review.not_seated": (
        "你沒有參加第 #{hand} 手。不填手號就是復盤你的上一手，或用 player: 選一位參加了這手的玩家。"
    ),
    "review.player_not_in_hand": (
        "{name} 沒有參加第 #{hand} 手。/history 會列出每手牌和參加的玩家。"
    ),
    "review.ai_seat": "第 #{hand} 手的 {name} 是 AI 玩家：只復盤真人的決定。",
    "review.private": (
        "{name} 的復盤在本伺服器是私密的。{name} 可以復盤自己的牌；管理員可用 /rules set review"
        "_public: 公開復盤。"
    ),
    "review.session_empty": (
        "這場沒有可以復盤的機器人牌桌的牌。用 /score 記的牌沒有出牌記錄；先在機器人牌桌上打一手吧。"
    ),
    "review.no_session": "這個頻道沒有牌局場次。請在場次的頻道（或討論串）裡用 /review session。",
    "review.gone": "這份復盤已經找不到了：請再用一次 /review。",
    "review.physical": (
        "第 {hand} 手是線下牌局用 `/score` 記錄的：機器人沒有看到它的過程，沒有可以復盤的決定。"
        "只有在機器人牌桌（`/table create`）上打的牌可以復盤。"
    ),
    "review.running": "第 {hand} 手還在進行：牌局結束、不再有秘密之後才能復盤。",
    "review.running_table": (
        "你在牌桌 #{table} 的這一手還在進行：結束後才能復盤（結果下面的 🔍 復盤按鈕）。要復盤更"
        "早的一手，請填它的編號：`/review hand hand:ID`（`/history` 會列出）。"
    ),
}
