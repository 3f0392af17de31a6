"""The scorekeeping screens: previews, the live scoreboard, settlement, the book's readers.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "skv.preview.title": "第 {seq} 手 · 场次 #{session}",
    "skv.preview.winner": "赢家：**{name}**",
    "skv.preview.draw": "流局：只结算杠分和宝分。",
    "skv.preview.no_payments": "无人付分。",
    "skv.preview.net": "净得分",
    "skv.preview.pending": "⏳ 等待另一位在座玩家（或记分员）确认 {needed} 次；{expires} 过期。",
    "skv.preview.tiles": "宝牌 **{bao}** · 胡张 **{win}**",
    "skv.preview.bao": "宝牌 **{bao}**",
    "skv.preview.reading": "组合：{hand}",
    "skv.preview.acting": "（宝当 {tiles}）",
    "skv.calc.net": "座位（赢家是 1 号位）",
    "skv.preview.pending_self": "⏳ 核对付分后按“确认”记录；{expires} 过期。",
    "skv.preview.counted": "✅ 已确认，计入成绩。",
    "skv.preview.voided": "❌ 已作废：{reason}",
    "skv.preview.undone": "❌ 已撤销：{reason}",
    "skv.void.cancelled": "{name} 取消了这一手",
    "skv.void.expired": "超时未确认",
    "skv.void.undo": "已撤销：{reason}",
    "skv.duplicate": "这一手刚刚记录过（第 {seq} 手，编号 {id}）：预览在上面。",
    "skv.not_member": "<@{id}> 不是本服务器成员：请 @提及成员，或写访客的名字。",
    "skv.scorer_only": "只有记分员或管理员可以这样做。",
    "skv.rules.scoring": (
        "记分员角色：{role} · 记录的牌局等待 {minutes} 分钟、需 {confirmations} 人确认"
    ),
    "skv.btn.confirm": "确认",
    "skv.btn.cancel": "取消",
    "skv.btn.paid": "已付：{payer} → {payee} {amount}",
    "skv.reply.confirmed": "谢谢：已记下你对第 #{id} 手的确认。",
    "skv.board.title": "场次 #{session} · 实时记分板",
    "skv.board.closed_title": "场次 #{session} · 最终排名",
    "skv.board.row": "{rank}. 座{seat} **{name}** {total:+d}",
    "skv.board.meta": "{preset} · 底分 {stake} · 已计 {hands} 手",
    "skv.board.pending": "{count} 手等待确认。",
    "skv.board.last": "上一手：第 {seq} 手 {what}",
    "skv.board.last_win": "{name} 胡 {pattern}（{delta:+d}）",
    "skv.board.help": (
        "点下面的 📝 记一手，或在本频道用 `/score tiles`、`/score quick` 或 `/score draw` "
        "记录每一手。"
    ),
    "skv.settle.title": "结算：谁付给谁",
    "skv.settle.none": "没有人需要付钱。",
    "skv.settle.row": "{mark} {payer} 付给 {payee} **{amount}**",
    "skv.settle.help": "收款人（或管理员）收到后按对应按钮。",
    "skv.started": "场次 #{session} 开始：{players}。",
    "skv.undone": "第 {seq} 手（编号 {id}）已撤销：{reason}",
    "skv.sessions.row": "#{id} · {kind} · {status} · 开始于 {opened} · {players}",
    "skv.kind.physical": "线下牌局",
    "skv.kind.virtual": "虚拟牌桌",
    "skv.session.open": "进行中",
    "skv.session.closed": "已结束",
    "skv.request.undo": (
        "**{who}** 请求撤销第 {seq} 手（编号 {id}）：{reason}\n"
        "这手已经计分（别人确认过），需要另一位在座玩家或记分员同意：按确认即撤销。请"
        "求{when}失效。"
    ),
    "skv.request.void": (
        "**{who}** 请求作废第 {seq} 手（编号 {id}）：{reason}\n"
        "这手已经计分（别人确认过），需要另一位在座玩家或记分员同意：按确认即作废。请"
        "求{when}失效。"
    ),
    "skv.request.withdrawn": "{name} 撤回了作废编号 {id} 的请求：这手照常计分。",
    "skv.voided": "编号 {id} 的牌局已作废：{reason}",
    "skv.history.title": "牌局记录",
    "skv.history.none": "还没有记录任何牌局。",
    "skv.history.row": "`{id}` 场#{session}·{seq} {date} {status} {what}",
    "skv.status.pending": "⏳",
    "skv.status.confirmed": "✅",
    "skv.status.voided": "❌",
    "skv.board2.title": "排行榜 · {period} · 按{metric}",
    "skv.board2.row": "{rank}. {name} — {value} · {hands} 手 · 胡 {wins} 次",
    "skv.board2.filter": "至少 {min_hands} 手{guests}。",
    "skv.board2.winners_only": "只列出胡过牌的玩家（没胡过就没有最大一手）。",
    "skv.board2.guests": "，含访客",
    "skv.period.week": "近 7 天",
    "skv.period.month": "近 30 天",
    "skv.period.season": "本赛季",
    "skv.period.all": "全部",
    "skv.metric.total": "总分",
    "skv.metric.average": "平均分",
    "skv.metric.win_rate": "胡牌率",
    "skv.metric.biggest": "最大一手",
    "skv.stats.title": "数据 · {name}",
    "skv.stats.summary": (
        "{hands} 手 · 胡 {wins} 次（{rate}）· 自摸 {self_draws} 次 · 总分 {total:+d} "
        "· 最大一手 {biggest}"
    ),
    "skv.stats.feibao": "飞宝：共飞 {count} 个宝；这些牌局净得 {net:+d}",
    "skv.stats.patterns": "胡牌牌型",
    "skv.stats.h2h": "对局净胜",
    "skv.stats.none": "—",
    "skv.export.done": "已导出 {rows} 行。",
    "skv.export.too_big": (
        "导出文件压缩后仍有 {size}，超过 Discord "
        "在这里的上限（{limit}）：请按场次导出（`场次` 选项）。"
    ),
    "skv.export.stopped": "机器人正在重启，这次导出已停止：请过一分钟再试。",
    "skv.export.busy": "本服务器的账本正在导出中：请等它送达后再试。",
    "skv.guest_tag": "（访客）",
    "skv.player.linked": "{guest} 的记录已并入 {member}。",
    "skv.player.renamed": "{old} 已改名为 {new}（旧名字仍可找到）。",
    "skv.reason.win": "胡",
    "skv.reason.minggang": "明杠",
    "skv.reason.angang": "暗杠",
    "skv.reason.jiebao": "接宝",
    "skv.reason.sigebao": "四个宝",
    "skv.how.self": "自摸",
    "skv.how.kong": "杠开",
    "skv.how.rob": "抢杠",
    "skv.how.tianhu": "天胡",
    "skv.how.dihu": "地胡",
}
