"""The scorekeeping screens: previews, the live scoreboard, settlement, the book's readers.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "skv.preview.title": "第 {seq} 手 · 場次 #{session}",
    "skv.preview.winner": "贏家：**{name}**",
    "skv.preview.draw": "流局：只結算槓分和寶分。",
    "skv.preview.no_payments": "無人付分。",
    "skv.preview.net": "淨得分",
    "skv.preview.pending": "⏳ 等待另一位在座玩家（或記分員）確認 {needed} 次；{expires} 過期。",
    "skv.preview.tiles": "寶牌 **{bao}** · 胡張 **{win}**",
    "skv.preview.bao": "寶牌 **{bao}**",
    "skv.preview.reading": "組合：{hand}",
    "skv.preview.acting": "（寶當 {tiles}）",
    "skv.calc.net": "座位（贏家是 1 號位）",
    "skv.preview.pending_self": "⏳ 核對付分後按「確認」記錄；{expires} 過期。",
    "skv.preview.counted": "✅ 已確認，計入成績。",
    "skv.preview.voided": "❌ 已作廢：{reason}",
    "skv.preview.undone": "❌ 已撤銷：{reason}",
    "skv.void.cancelled": "{name} 取消了這一手",
    "skv.void.expired": "逾時未確認",
    "skv.void.undo": "已撤銷：{reason}",
    "skv.duplicate": "這一手剛剛記錄過（第 {seq} 手，編號 {id}）：預覽在上面。",
    "skv.not_member": "<@{id}> 不是本伺服器成員：請 @提及成員，或寫訪客的名字。",
    "skv.scorer_only": "只有記分員或管理員可以這樣做。",
    "skv.rules.scoring": (
        "記分員角色：{role} · 記錄的牌局等待 {minutes} 分鐘、需 {confirmations} 人確認"
    ),
    "skv.btn.confirm": "確認",
    "skv.btn.cancel": "取消",
    "skv.btn.paid": "已付：{payer} → {payee} {amount}",
    "skv.reply.confirmed": "謝謝：已記下你對第 #{id} 手的確認。",
    "skv.board.title": "場次 #{session} · 即時記分板",
    "skv.board.closed_title": "場次 #{session} · 最終排名",
    "skv.board.row": "{rank}. 座{seat} **{name}** {total:+d}",
    "skv.board.meta": "{preset} · 底分 {stake} · 已計 {hands} 手",
    "skv.board.pending": "{count} 手等待確認。",
    "skv.board.last": "上一手：第 {seq} 手 {what}",
    "skv.board.last_win": "{name} 胡 {pattern}（{delta:+d}）",
    "skv.board.help": (
        "點下面的 📝 記一手，或在本頻道用 `/score tiles`、`/score quick` 或 `/score draw` "
        "記錄每一手。"
    ),
    "skv.settle.title": "結算：誰付給誰",
    "skv.settle.none": "沒有人需要付錢。",
    "skv.settle.row": "{mark} {payer} 付給 {payee} **{amount}**",
    "skv.settle.help": "收款人（或管理員）收到後按對應按鈕。",
    "skv.started": "場次 #{session} 開始：{players}。",
    "skv.undone": "第 {seq} 手（編號 {id}）已撤銷：{reason}",
    "skv.sessions.row": "#{id} · {kind} · {status} · 開始於 {opened} · {players}",
    "skv.kind.physical": "線下牌局",
    "skv.kind.virtual": "虛擬牌桌",
    "skv.session.open": "進行中",
    "skv.session.closed": "已結束",
    "skv.request.undo": (
        "**{who}** 請求撤銷第 {seq} 手（編號 {id}）：{reason}\n"
        "這手已經計分（別人確認過），需要另一位在座玩家或記分員同意：按確認即撤銷。請"
        "求{when}失效。"
    ),
    "skv.request.void": (
        "**{who}** 請求作廢第 {seq} 手（編號 {id}）：{reason}\n"
        "這手已經計分（別人確認過），需要另一位在座玩家或記分員同意：按確認即作廢。請"
        "求{when}失效。"
    ),
    "skv.request.withdrawn": "{name} 撤回了作廢編號 {id} 的請求：這手照常計分。",
    "skv.voided": "編號 {id} 的牌局已作廢：{reason}",
    "skv.history.title": "牌局紀錄",
    "skv.history.none": "還沒有記錄任何牌局。",
    "skv.history.row": "`{id}` 場#{session}·{seq} {date} {status} {what}",
    "skv.status.pending": "⏳",
    "skv.status.confirmed": "✅",
    "skv.status.voided": "❌",
    "skv.board2.title": "排行榜 · {period} · 按{metric}",
    "skv.board2.row": "{rank}. {name} — {value} · {hands} 手 · 胡 {wins} 次",
    "skv.board2.filter": "至少 {min_hands} 手{guests}。",
    "skv.board2.winners_only": "只列出胡過牌的玩家（沒胡過就沒有最大一手）。",
    "skv.board2.guests": "，含訪客",
    "skv.period.week": "近 7 天",
    "skv.period.month": "近 30 天",
    "skv.period.season": "本賽季",
    "skv.period.all": "全部",
    "skv.metric.total": "總分",
    "skv.metric.average": "平均分",
    "skv.metric.win_rate": "胡牌率",
    "skv.metric.biggest": "最大一手",
    "skv.stats.title": "數據 · {name}",
    "skv.stats.summary": (
        "{hands} 手 · 胡 {wins} 次（{rate}）· 自摸 {self_draws} 次 · 總分 {total:+d} "
        "· 最大一手 {biggest}"
    ),
    "skv.stats.feibao": "飛寶：共飛 {count} 個寶；這些牌局淨得 {net:+d}",
    "skv.stats.patterns": "胡牌牌型",
    "skv.stats.h2h": "對局淨勝",
    "skv.stats.none": "—",
    "skv.export.done": "已匯出 {rows} 列。",
    "skv.export.too_big": (
        "匯出檔壓縮後仍有 {size}，超過 Discord "
        "在這裡的上限（{limit}）：請按場次匯出（`場次` 選項）。"
    ),
    "skv.export.stopped": "機器人正在重新啟動，這次匯出已停止：請過一分鐘再試。",
    "skv.export.busy": "本伺服器的帳本正在匯出中：請等它送達後再試。",
    "skv.guest_tag": "（訪客）",
    "skv.player.linked": "{guest} 的紀錄已併入 {member}。",
    "skv.player.renamed": "{old} 已改名為 {new}（舊名字仍可找到）。",
    "skv.reason.win": "胡",
    "skv.reason.minggang": "明槓",
    "skv.reason.angang": "暗槓",
    "skv.reason.jiebao": "接寶",
    "skv.reason.sigebao": "四個寶",
    "skv.how.self": "自摸",
    "skv.how.kong": "槓開",
    "skv.how.rob": "搶槓",
    "skv.how.tianhu": "天胡",
    "skv.how.dihu": "地胡",
}
