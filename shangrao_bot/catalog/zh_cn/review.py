"""/review：复盘——用何切分析逐一评判玩家在一手机器人牌桌上的每个决定。

简体中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "review.title": "{name} 的复盘 · 第 #{hand} 手",
    "review.summary": (
        "{judged} 个决定中有 {matched} 个是分析的首选 · 期望分损失 {lost} 分 · 评分 "
        "**{rating}**/100"
    ),
    "review.clean": "没有一个决定丢分：每一步都和分析的最佳选择一样好。",
    "review.flagged_count": "有 {n} 个决定值得再看：",
    "review.moment": "**{i}/{n}** · 回放第 {step} 步 · 牌墙还剩 {live} 张",
    "review.you": "你：{what} — {why}",
    "review.better": "更好：{what} — {why}",
    "review.lost": "期望分损失：**{lost}** 分",
    "review.ready_broken": "这一步放弃了能真胡的听牌。",
    "review.do.discard": "打 {tile}",
    "review.do.fly": "飞宝 {tile}",
    "review.do.pass": "不要 {tile}",
    "review.do.chi": "吃 {tiles}",
    "review.do.pong": "碰 {tile}",
    "review.do.kong": "杠 {tile}",
    "review.do.win": "胡牌",
    "review.do.win_points": "胡牌（{points} 分）",
    "review.why": "{shanten} · 进张 {tiles} 张 · 和牌 {chance}% · 期望 {points} 分",
    "review.why_ready": "听牌 · 和牌 {chance}% · 期望 {points} 分",
    "review.shanten": "离真胡 {n} 向听",
    "review.prev": "◀ 上一个",
    "review.next": "下一个 ▶",
    "review.open": "🔍 复盘",
    "review.open_step": "🔍 复盘这一步",
    "review.session_title": "第 #{session} 场：决定复盘",
    "review.session_line": (
        "**{name}** — {hands} 手平均评分 {rating}/100 · 首选 {matched}/{judged} · 损失 {lost} 分"
    ),
    "review.session_private": (
        "只显示你自己的一行：本服务器的复盘是私密的（管理员可用 /rules set review_public: 修改）。"
    ),
    "review.profile": "复盘评分：**{rating}**/100（最近 {n} 手复盘的平均）",
    "review.rules_public": "复盘：公开（任何人都可以复盘任何玩家的牌）",
    "review.rules_private": "复盘：私密（每个玩家只复盘自己的牌）",
    "review.not_seated": (
        "你没有参加第 #{hand} 手。不填手号就是复盘你的上一手，或用 player: 选一位参加了这手的玩家。"
    ),
    "review.player_not_in_hand": (
        "{name} 没有参加第 #{hand} 手。/history 会列出每手牌和参加的玩家。"
    ),
    "review.ai_seat": "第 #{hand} 手的 {name} 是 AI 玩家：只复盘真人的决定。",
    "review.private": (
        "{name} 的复盘在本服务器是私密的。{name} 可以复盘自己的牌；管理员可用 /rules set review"
        "_public: 公开复盘。"
    ),
    "review.session_empty": (
        "这场没有可以复盘的机器人牌桌的牌。用 /score 记的牌没有出牌记录；先在机器人牌桌上打一手吧。"
    ),
    "review.no_session": "这个频道没有牌局场次。请在场次的频道（或子区）里用 /review session。",
    "review.gone": "这份复盘已经找不到了：请再用一次 /review。",
    "review.physical": (
        "第 {hand} 手是线下牌局用 `/score` 记录的：机器人没有看到它的过程，没有可以复盘的决定。"
        "只有在机器人牌桌（`/table create`）上打的牌可以复盘。"
    ),
    "review.running": "第 {hand} 手还在进行：牌局结束、不再有秘密之后才能复盘。",
    "review.running_table": (
        "你在牌桌 #{table} 的这一手还在进行：结束后才能复盘（结果下面的 🔍 复盘按钮）。要复盘更"
        "早的一手，请填它的编号：`/review hand hand:ID`（`/history` 会列出）。"
    ),
}
