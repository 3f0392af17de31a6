"""Words of the scorekeeping screens (previews, the live scoreboard, settlement, the book's
readers), merged into :data:`shangrao_bot.ui.i18n.ALL_MESSAGES`; same shape and checks as the
other catalogs."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "skv.preview.title": {
        "en": "Hand #{seq} · session #{session}",
        "zh-CN": "第 {seq} 手 · 场次 #{session}",
        "zh-TW": "第 {seq} 手 · 場次 #{session}",
    },
    "skv.preview.winner": {
        "en": "Winner: **{name}**",
        "zh-CN": "赢家：**{name}**",
        "zh-TW": "贏家：**{name}**",
    },
    "skv.preview.draw": {
        "en": "流局 (exhaustive draw): only kong and 宝 bonuses are settled.",
        "zh-CN": "流局：只结算杠分和宝分。",
        "zh-TW": "流局：只結算槓分和寶分。",
    },
    "skv.preview.no_payments": {
        "en": "No payments.",
        "zh-CN": "无人付分。",
        "zh-TW": "無人付分。",
    },
    "skv.preview.net": {
        "en": "Net",
        "zh-CN": "净得分",
        "zh-TW": "淨得分",
    },
    "skv.preview.pending": {
        "en": "⏳ Waiting for {needed} {needed:confirmation|confirmations} by another seated "
        "player (or a scorer); expires {expires}.",
        "zh-CN": "⏳ 等待另一位在座玩家（或记分员）确认 {needed} 次；{expires} 过期。",
        "zh-TW": "⏳ 等待另一位在座玩家（或記分員）確認 {needed} 次；{expires} 過期。",
    },
    "skv.preview.tiles": {
        "en": "宝 **{bao}** · winning tile **{win}**",
        "zh-CN": "宝牌 **{bao}** · 胡张 **{win}**",
        "zh-TW": "寶牌 **{bao}** · 胡張 **{win}**",
    },
    "skv.preview.bao": {
        "en": "宝 **{bao}**",
        "zh-CN": "宝牌 **{bao}**",
        "zh-TW": "寶牌 **{bao}**",
    },
    "skv.preview.reading": {
        "en": "Read as: {hand}",
        "zh-CN": "组合：{hand}",
        "zh-TW": "組合：{hand}",
    },
    "skv.preview.acting": {
        "en": "(宝 as {tiles})",
        "zh-CN": "（宝当 {tiles}）",
        "zh-TW": "（寶當 {tiles}）",
    },
    "skv.calc.net": {
        "en": "Seats (the winner is seat 1)",
        "zh-CN": "座位（赢家是 1 号位）",
        "zh-TW": "座位（贏家是 1 號位）",
    },
    "skv.preview.pending_self": {
        "en": "⏳ Check the payments and press Confirm to record it; expires {expires}.",
        "zh-CN": "⏳ 核对付分后按“确认”记录；{expires} 过期。",
        "zh-TW": "⏳ 核對付分後按「確認」記錄；{expires} 過期。",
    },
    "skv.preview.counted": {
        "en": "✅ Confirmed: it counts.",
        "zh-CN": "✅ 已确认，计入成绩。",
        "zh-TW": "✅ 已確認，計入成績。",
    },
    "skv.preview.voided": {
        "en": "❌ Voided: {reason}",
        "zh-CN": "❌ 已作废：{reason}",
        "zh-TW": "❌ 已作廢：{reason}",
    },
    "skv.preview.undone": {
        "en": "❌ Undone: {reason}",
        "zh-CN": "❌ 已撤销：{reason}",
        "zh-TW": "❌ 已撤銷：{reason}",
    },
    "skv.void.cancelled": {
        "en": "cancelled by {name}",
        "zh-CN": "{name} 取消了这一手",
        "zh-TW": "{name} 取消了這一手",
    },
    "skv.void.expired": {
        "en": "expired: not confirmed in time",
        "zh-CN": "超时未确认",
        "zh-TW": "逾時未確認",
    },
    "skv.void.undo": {
        "en": "undone: {reason}",
        "zh-CN": "已撤销：{reason}",
        "zh-TW": "已撤銷：{reason}",
    },
    "skv.duplicate": {
        "en": "That hand was just recorded (hand {seq}, id {id}): its preview is above.",
        "zh-CN": "这一手刚刚记录过（第 {seq} 手，编号 {id}）：预览在上面。",
        "zh-TW": "這一手剛剛記錄過（第 {seq} 手，編號 {id}）：預覽在上面。",
    },
    "skv.not_member": {
        "en": "<@{id}> is not a member of this server: mention members, or write a guest's name.",
        "zh-CN": "<@{id}> 不是本服务器成员：请 @提及成员，或写访客的名字。",
        "zh-TW": "<@{id}> 不是本伺服器成員：請 @提及成員，或寫訪客的名字。",
    },
    "skv.scorer_only": {
        "en": "Only members with the scorer role or administrators can do this.",
        "zh-CN": "只有记分员或管理员可以这样做。",
        "zh-TW": "只有記分員或管理員可以這樣做。",
    },
    "skv.rules.scoring": {
        "en": "Scorer role: {role} · a recorded hand waits {minutes} min for {confirmations} "
        "{confirmations:confirmation|confirmations}",
        "zh-CN": "记分员角色：{role} · 记录的牌局等待 {minutes} 分钟、需 {confirmations} 人确认",
        "zh-TW": "記分員角色：{role} · 記錄的牌局等待 {minutes} 分鐘、需 {confirmations} 人確認",
    },
    "skv.btn.confirm": {"en": "Confirm", "zh-CN": "确认", "zh-TW": "確認"},
    "skv.btn.cancel": {"en": "Cancel", "zh-CN": "取消", "zh-TW": "取消"},
    "skv.btn.paid": {
        "en": "Paid: {payer} → {payee} {amount}",
        "zh-CN": "已付：{payer} → {payee} {amount}",
        "zh-TW": "已付：{payer} → {payee} {amount}",
    },
    "skv.reply.confirmed": {
        "en": "Thanks: your confirmation of hand #{id} is noted.",
        "zh-CN": "谢谢：已记下你对第 #{id} 手的确认。",
        "zh-TW": "謝謝：已記下你對第 #{id} 手的確認。",
    },
    "skv.board.title": {
        "en": "Session #{session} · live scoreboard",
        "zh-CN": "场次 #{session} · 实时记分板",
        "zh-TW": "場次 #{session} · 即時記分板",
    },
    "skv.board.closed_title": {
        "en": "Session #{session} · final standings",
        "zh-CN": "场次 #{session} · 最终排名",
        "zh-TW": "場次 #{session} · 最終排名",
    },
    "skv.board.row": {
        "en": "{rank}. 座{seat} **{name}** {total:+d}",
        "zh-CN": "{rank}. 座{seat} **{name}** {total:+d}",
        "zh-TW": "{rank}. 座{seat} **{name}** {total:+d}",
    },
    "skv.board.meta": {
        "en": "{preset} · stake {stake} · {hands} {hands:hand|hands} counted",
        "zh-CN": "{preset} · 底分 {stake} · 已计 {hands} 手",
        "zh-TW": "{preset} · 底分 {stake} · 已計 {hands} 手",
    },
    "skv.board.pending": {
        "en": "{count} {count:hand|hands} waiting for confirmation.",
        "zh-CN": "{count} 手等待确认。",
        "zh-TW": "{count} 手等待確認。",
    },
    "skv.board.last": {
        "en": "Last hand: #{seq} {what}",
        "zh-CN": "上一手：第 {seq} 手 {what}",
        "zh-TW": "上一手：第 {seq} 手 {what}",
    },
    "skv.board.last_win": {
        "en": "{name} won {pattern} ({delta:+d})",
        "zh-CN": "{name} 胡 {pattern}（{delta:+d}）",
        "zh-TW": "{name} 胡 {pattern}（{delta:+d}）",
    },
    "skv.board.help": {
        "en": "Record hands with `/score tiles`, `/score quick` or `/score draw` in this channel.",
        "zh-CN": "在本频道用 `/score tiles`、`/score quick` 或 `/score draw` 记录每一手。",
        "zh-TW": "在本頻道用 `/score tiles`、`/score quick` 或 `/score draw` 記錄每一手。",
    },
    "skv.settle.title": {
        "en": "Settlement: who pays whom",
        "zh-CN": "结算：谁付给谁",
        "zh-TW": "結算：誰付給誰",
    },
    "skv.settle.none": {
        "en": "Nobody owes anything.",
        "zh-CN": "没有人需要付钱。",
        "zh-TW": "沒有人需要付錢。",
    },
    "skv.settle.row": {
        "en": "{mark} {payer} pays {payee} **{amount}**",
        "zh-CN": "{mark} {payer} 付给 {payee} **{amount}**",
        "zh-TW": "{mark} {payer} 付給 {payee} **{amount}**",
    },
    "skv.settle.help": {
        "en": "The receiver (or an administrator) presses the button once paid.",
        "zh-CN": "收款人（或管理员）收到后按对应按钮。",
        "zh-TW": "收款人（或管理員）收到後按對應按鈕。",
    },
    "skv.started": {
        "en": "Session #{session} started: {players}.",
        "zh-CN": "场次 #{session} 开始：{players}。",
        "zh-TW": "場次 #{session} 開始：{players}。",
    },
    "skv.undone": {
        "en": "Hand #{seq} (id {id}) is undone: {reason}",
        "zh-CN": "第 {seq} 手（编号 {id}）已撤销：{reason}",
        "zh-TW": "第 {seq} 手（編號 {id}）已撤銷：{reason}",
    },
    "skv.sessions.row": {
        "en": "#{id} · {kind} · {status} · opened {opened} · {players}",
        "zh-CN": "#{id} · {kind} · {status} · 开始于 {opened} · {players}",
        "zh-TW": "#{id} · {kind} · {status} · 開始於 {opened} · {players}",
    },
    "skv.kind.physical": {"en": "physical table", "zh-CN": "线下牌局", "zh-TW": "線下牌局"},
    "skv.kind.virtual": {"en": "virtual table", "zh-CN": "虚拟牌桌", "zh-TW": "虛擬牌桌"},
    "skv.session.open": {"en": "open", "zh-CN": "进行中", "zh-TW": "進行中"},
    "skv.session.closed": {"en": "closed", "zh-CN": "已结束", "zh-TW": "已結束"},
    "skv.request.undo": {
        "en": "**{who}** asks to undo hand #{seq} (id {id}): {reason}\nIt counts (someone else "
        "confirmed it), so another seated player or a scorer must agree: Confirm undoes it. "
        "The request lapses {when}.",
        "zh-CN": "**{who}** 请求撤销第 {seq} 手（编号 {id}）：{reason}\n"
        "这手已经计分（别人确认过），需要另一位在座玩家或记分员同意：按确认即撤销。请求{when}失效。",
        "zh-TW": "**{who}** 請求撤銷第 {seq} 手（編號 {id}）：{reason}\n"
        "這手已經計分（別人確認過），需要另一位在座玩家或記分員同意：按確認即撤銷。請求{when}失效。",
    },
    "skv.request.void": {
        "en": "**{who}** asks to void hand #{seq} (id {id}): {reason}\nIt counts (someone else "
        "confirmed it), so another seated player or a scorer must agree: Confirm voids it. "
        "The request lapses {when}.",
        "zh-CN": "**{who}** 请求作废第 {seq} 手（编号 {id}）：{reason}\n"
        "这手已经计分（别人确认过），需要另一位在座玩家或记分员同意：按确认即作废。请求{when}失效。",
        "zh-TW": "**{who}** 請求作廢第 {seq} 手（編號 {id}）：{reason}\n"
        "這手已經計分（別人確認過），需要另一位在座玩家或記分員同意：按確認即作廢。請求{when}失效。",
    },
    "skv.request.withdrawn": {
        "en": "The request to void hand id {id} was withdrawn by {name}: it still counts.",
        "zh-CN": "{name} 撤回了作废编号 {id} 的请求：这手照常计分。",
        "zh-TW": "{name} 撤回了作廢編號 {id} 的請求：這手照常計分。",
    },
    "skv.voided": {
        "en": "Hand id {id} is voided: {reason}",
        "zh-CN": "编号 {id} 的牌局已作废：{reason}",
        "zh-TW": "編號 {id} 的牌局已作廢：{reason}",
    },
    "skv.history.title": {
        "en": "History",
        "zh-CN": "牌局记录",
        "zh-TW": "牌局紀錄",
    },
    "skv.history.none": {
        "en": "No hands recorded yet.",
        "zh-CN": "还没有记录任何牌局。",
        "zh-TW": "還沒有記錄任何牌局。",
    },
    "skv.history.row": {
        "en": "`{id}` s#{session}·{seq} {date} {status} {what}",
        "zh-CN": "`{id}` 场#{session}·{seq} {date} {status} {what}",
        "zh-TW": "`{id}` 場#{session}·{seq} {date} {status} {what}",
    },
    "skv.status.pending": {"en": "⏳", "zh-CN": "⏳", "zh-TW": "⏳"},
    "skv.status.confirmed": {"en": "✅", "zh-CN": "✅", "zh-TW": "✅"},
    "skv.status.voided": {"en": "❌", "zh-CN": "❌", "zh-TW": "❌"},
    "skv.board2.title": {
        "en": "Leaderboard · {period} · by {metric}",
        "zh-CN": "排行榜 · {period} · 按{metric}",
        "zh-TW": "排行榜 · {period} · 按{metric}",
    },
    "skv.board2.row": {
        "en": "{rank}. {name} — {value} · {hands} {hands:hand|hands} · {wins} {wins:win|wins}",
        "zh-CN": "{rank}. {name} — {value} · {hands} 手 · 胡 {wins} 次",
        "zh-TW": "{rank}. {name} — {value} · {hands} 手 · 胡 {wins} 次",
    },
    "skv.board2.filter": {
        "en": "At least {min_hands} {min_hands:hand|hands}{guests}.",
        "zh-CN": "至少 {min_hands} 手{guests}。",
        "zh-TW": "至少 {min_hands} 手{guests}。",
    },
    "skv.board2.winners_only": {
        "en": "Only players who won a hand have a biggest hand.",
        "zh-CN": "只列出胡过牌的玩家（没胡过就没有最大一手）。",
        "zh-TW": "只列出胡過牌的玩家（沒胡過就沒有最大一手）。",
    },
    "skv.board2.guests": {
        "en": ", guests included",
        "zh-CN": "，含访客",
        "zh-TW": "，含訪客",
    },
    "skv.period.week": {"en": "last 7 days", "zh-CN": "近 7 天", "zh-TW": "近 7 天"},
    "skv.period.month": {"en": "last 30 days", "zh-CN": "近 30 天", "zh-TW": "近 30 天"},
    "skv.period.season": {"en": "current season", "zh-CN": "本赛季", "zh-TW": "本賽季"},
    "skv.period.all": {"en": "all time", "zh-CN": "全部", "zh-TW": "全部"},
    "skv.metric.total": {"en": "total", "zh-CN": "总分", "zh-TW": "總分"},
    "skv.metric.average": {"en": "average", "zh-CN": "平均分", "zh-TW": "平均分"},
    "skv.metric.win_rate": {"en": "win rate", "zh-CN": "胡牌率", "zh-TW": "胡牌率"},
    "skv.metric.biggest": {"en": "biggest hand", "zh-CN": "最大一手", "zh-TW": "最大一手"},
    "skv.stats.title": {
        "en": "Stats · {name}",
        "zh-CN": "数据 · {name}",
        "zh-TW": "數據 · {name}",
    },
    "skv.stats.summary": {
        "en": "{hands} {hands:hand|hands} · {wins} {wins:win|wins} ({rate}) · {self_draws} "
        "{self_draws:self-draw|self-draws} · total {total:+d} · biggest hand {biggest}",
        "zh-CN": "{hands} 手 · 胡 {wins} 次（{rate}）· 自摸 {self_draws} 次 · 总分 {total:+d}"
        " · 最大一手 {biggest}",
        "zh-TW": "{hands} 手 · 胡 {wins} 次（{rate}）· 自摸 {self_draws} 次 · 總分 {total:+d}"
        " · 最大一手 {biggest}",
    },
    "skv.stats.feibao": {
        "en": "飞宝: {count} 宝 flown; net of those hands {net:+d}",
        "zh-CN": "飞宝：共飞 {count} 个宝；这些牌局净得 {net:+d}",
        "zh-TW": "飛寶：共飛 {count} 個寶；這些牌局淨得 {net:+d}",
    },
    "skv.stats.patterns": {"en": "Winning patterns", "zh-CN": "胡牌牌型", "zh-TW": "胡牌牌型"},
    "skv.stats.h2h": {"en": "Head to head (net)", "zh-CN": "对局净胜", "zh-TW": "對局淨勝"},
    "skv.stats.none": {"en": "—", "zh-CN": "—", "zh-TW": "—"},
    "skv.export.done": {
        "en": "{rows} {rows:row|rows} exported.",
        "zh-CN": "已导出 {rows} 行。",
        "zh-TW": "已匯出 {rows} 列。",
    },
    "skv.export.too_big": {
        "en": "The export is {size} even compressed, more than Discord accepts here ({limit}): "
        "export one session at a time (`session:`).",
        "zh-CN": "导出文件压缩后仍有 {size}，超过 Discord 在这里的上限（{limit}）：请按场次导出"
        "（`场次` 选项）。",
        "zh-TW": "匯出檔壓縮後仍有 {size}，超過 Discord 在這裡的上限（{limit}）：請按場次匯出"
        "（`場次` 選項）。",
    },
    "skv.export.stopped": {
        "en": "The bot is restarting, so this export was stopped: ask for it again in a minute.",
        "zh-CN": "机器人正在重启，这次导出已停止：请过一分钟再试。",
        "zh-TW": "機器人正在重新啟動，這次匯出已停止：請過一分鐘再試。",
    },
    "skv.export.busy": {
        "en": "An export of this server's book is already being made: wait for it to arrive, "
        "then try again.",
        "zh-CN": "本服务器的账本正在导出中：请等它送达后再试。",
        "zh-TW": "本伺服器的帳本正在匯出中：請等它送達後再試。",
    },
    "skv.guest_tag": {
        "en": " (guest)",
        "zh-CN": "（访客）",
        "zh-TW": "（訪客）",
    },
    "skv.player.linked": {
        "en": "{guest}'s history now belongs to {member}.",
        "zh-CN": "{guest} 的记录已并入 {member}。",
        "zh-TW": "{guest} 的紀錄已併入 {member}。",
    },
    "skv.player.renamed": {
        "en": "{old} is now called {new} (the old name still finds them).",
        "zh-CN": "{old} 已改名为 {new}（旧名字仍可找到）。",
        "zh-TW": "{old} 已改名為 {new}（舊名字仍可找到）。",
    },
    "skv.reason.win": {"en": "win", "zh-CN": "胡", "zh-TW": "胡"},
    "skv.reason.minggang": {"en": "明杠 bonus", "zh-CN": "明杠", "zh-TW": "明槓"},
    "skv.reason.angang": {"en": "暗杠 bonus", "zh-CN": "暗杠", "zh-TW": "暗槓"},
    "skv.reason.jiebao": {"en": "接宝 bonus", "zh-CN": "接宝", "zh-TW": "接寶"},
    "skv.reason.sigebao": {"en": "四个宝 bonus", "zh-CN": "四个宝", "zh-TW": "四個寶"},
    "skv.how.self": {"en": "self-draw (自摸)", "zh-CN": "自摸", "zh-TW": "自摸"},
    "skv.how.kong": {"en": "kong replacement (杠开)", "zh-CN": "杠开", "zh-TW": "槓開"},
    "skv.how.rob": {"en": "robbed kong (抢杠)", "zh-CN": "抢杠", "zh-TW": "搶槓"},
    "skv.how.tianhu": {"en": "天胡", "zh-CN": "天胡", "zh-TW": "天胡"},
    "skv.how.dihu": {"en": "地胡", "zh-CN": "地胡", "zh-TW": "地胡"},
}
