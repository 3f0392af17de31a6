"""The words of the virtual tables: lobby, table messages, panels, prompts, results.

Same shape as :data:`shangrao_bot.ui.i18n.MESSAGES` (key → {"en", "zh-CN", "zh-TW"}); merged
into the one catalog that :func:`~shangrao_bot.ui.i18n.t` reads. English plurals use the
catalog's ``{n:hand|hands}`` choice; commands named as `` `/table create` `` become clickable.
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "tables.none": {
        "en": "No virtual table is open in this server.",
        "zh-CN": "本服务器没有进行中的虚拟牌桌。",
        "zh-TW": "本伺服器沒有進行中的虛擬牌桌。",
    },
    "tables.row": {
        "en": "Table #{id} in <#{channel}>",
        "zh-CN": "牌桌 #{id}，位于 <#{channel}>",
        "zh-TW": "牌桌 #{id}，位於 <#{channel}>",
    },
    "table.btn.join": {
        "en": "Join",
        "zh-CN": "加入",
        "zh-TW": "加入",
    },
    "table.btn.leave": {
        "en": "Leave",
        "zh-CN": "离开",
        "zh-TW": "離開",
    },
    "table.btn.ai-easy": {
        "en": "Add AI (easy)",
        "zh-CN": "加 AI（简单）",
        "zh-TW": "加 AI（簡單）",
    },
    "table.btn.ai-normal": {
        "en": "Add AI (normal)",
        "zh-CN": "加 AI（普通）",
        "zh-TW": "加 AI（普通）",
    },
    "table.btn.start": {
        "en": "Start",
        "zh-CN": "开始",
        "zh-TW": "開始",
    },
    "table.btn.rules": {
        "en": "Rules",
        "zh-CN": "规则",
        "zh-TW": "規則",
    },
    "table.btn.back": {
        "en": "I'm back",
        "zh-CN": "我回来了",
        "zh-TW": "我回來了",
    },
    "table.btn.hand": {
        "en": "My hand",
        "zh-CN": "我的手牌",
        "zh-TW": "我的手牌",
    },
    "table.btn.ready": {
        "en": "Ready",
        "zh-CN": "准备",
        "zh-TW": "準備",
    },
    "table.btn.win": {
        "en": "Hu",
        "zh-CN": "胡",
        "zh-TW": "胡",
    },
    "table.btn.pong": {
        "en": "Pong {tile}",
        "zh-CN": "碰 {tile}",
        "zh-TW": "碰 {tile}",
    },
    "table.btn.kong": {
        "en": "Kong {tile}",
        "zh-CN": "明杠 {tile}",
        "zh-TW": "明槓 {tile}",
    },
    "table.btn.angang": {
        "en": "Concealed kong {tile}",
        "zh-CN": "暗杠 {tile}",
        "zh-TW": "暗槓 {tile}",
    },
    "table.btn.bugang": {
        "en": "Add kong {tile}",
        "zh-CN": "补杠 {tile}",
        "zh-TW": "補槓 {tile}",
    },
    "table.btn.chi": {
        "en": "Chi {tiles}",
        "zh-CN": "吃 {tiles}",
        "zh-TW": "吃 {tiles}",
    },
    "table.btn.pass": {
        "en": "Pass",
        "zh-CN": "过",
        "zh-TW": "過",
    },
    "table.btn.hint": {
        "en": "Hint",
        "zh-CN": "提示",
        "zh-TW": "提示",
    },
    "table.btn.watch": {
        "en": "Watch",
        "zh-CN": "观战",
        "zh-TW": "觀戰",
    },
    "table.btn.rm": {
        "en": "Remove {name}",
        "zh-CN": "移除 {name}",
        "zh-TW": "移除 {name}",
    },
    "table.reply.ai_removed": {
        "en": "The AI player left seat {seat}.",
        "zh-CN": "AI 玩家离开了 {seat} 号座位。",
        "zh-TW": "AI 玩家離開了 {seat} 號座位。",
    },
    "table.reply.watch_board": {
        "en": "You watch table #{table} (the public board only).",
        "zh-CN": "你正在观看 #{table} 号牌桌（只看公开牌面）。",
        "zh-TW": "你正在觀看 #{table} 號牌桌（只看公開牌面）。",
    },
    "table.result.auto_ready": {
        "en": "The next hand starts by itself {when}.",
        "zh-CN": "下一手将在 {when} 自动开始。",
        "zh-TW": "下一手將在 {when} 自動開始。",
    },
    "table.hint.waits": {
        "en": "**Waiting on:** {waits}",
        "zh-CN": "**听牌：** {waits}",
        "zh-TW": "**聽牌：** {waits}",
    },
    "table.hint.discard": {
        "en": "Discard {tile} → {waits}",
        "zh-CN": "打出 {tile} → {waits}",
        "zh-TW": "打出 {tile} → {waits}",
    },
    "table.hint.none": {
        "en": "No waits yet: your hand is not ready (not tenpai).",
        "zh-CN": "暂无听牌：你的手牌还没有听牌。",
        "zh-TW": "暫無聽牌：你的手牌還沒有聽牌。",
    },
    "table.hint.value": {
        "en": "{tile} ({value} per payer)",
        "zh-CN": "{tile}（每家 {value}）",
        "zh-TW": "{tile}（每家 {value}）",
    },
    "table.hint.no_win": {
        "en": "{tile} (no win allowed)",
        "zh-CN": "{tile}（不能胡）",
        "zh-TW": "{tile}（不能胡）",
    },
    "table.btn.discard": {
        "en": "Discard",
        "zh-CN": "打出",
        "zh-TW": "打出",
    },
    "table.reply.joined": {
        "en": "You sit at table #{table}.",
        "zh-CN": "你已坐到牌桌 #{table}。",
        "zh-TW": "你已坐到牌桌 #{table}。",
    },
    "table.reply.left": {
        "en": "You left table #{table}.",
        "zh-CN": "你已离开牌桌 #{table}。",
        "zh-TW": "你已離開牌桌 #{table}。",
    },
    "table.reply.ai_added": {
        "en": "An AI player sits down.",
        "zh-CN": "AI 玩家已入座。",
        "zh-TW": "AI 玩家已入座。",
    },
    "table.reply.started": {
        "en": "The game starts!",
        "zh-CN": "牌局开始！",
        "zh-TW": "牌局開始！",
    },
    "table.reply.back": {
        "en": "Welcome back: you play your seat again.",
        "zh-CN": "欢迎回来：你重新接手座位。",
        "zh-TW": "歡迎回來：你重新接手座位。",
    },
    "table.reply.ready": {
        "en": "Ready for the next hand.",
        "zh-CN": "已准备好下一手。",
        "zh-TW": "已準備好下一手。",
    },
    "table.reply.dm_off": {
        "en": "Hand panels by DM are **off**: use **My hand** on the table message.",
        "zh-CN": "私信手牌面板已**关闭**：请使用牌桌消息上的**我的手牌**。",
        "zh-TW": "私訊手牌面板已**關閉**：請使用牌桌訊息上的**我的手牌**。",
    },
    "table.reply.dm_on": {
        "en": "Hand panels by DM are **on**: your hand comes by DM from the next update.",
        "zh-CN": "私信手牌面板已**开启**：下次更新起手牌会私信给你。",
        "zh-TW": "私訊手牌面板已**開啟**：下次更新起手牌會私訊給你。",
    },
    "table.panel.moved": {
        "en": "Your hand panel moved to a newer message below.",
        "zh-CN": "手牌面板已移到下面较新的消息。",
        "zh-TW": "手牌面板已移到下面較新的訊息。",
    },
    "table.panel.dm_off": {
        "en": "DM panels are off: use **My hand** on the table message.",
        "zh-CN": "私信面板已关闭：请使用牌桌消息上的**我的手牌**。",
        "zh-TW": "私訊面板已關閉：請使用牌桌訊息上的**我的手牌**。",
    },
    "table.reply.watching": {
        "en": "You watch table #{table} in <#{thread}>.",
        "zh-CN": "你正在观看牌桌 #{table}（<#{thread}>）。",
        "zh-TW": "你正在觀看牌桌 #{table}（<#{thread}>）。",
    },
    "table.reply.ended": {
        "en": "Table #{table} is ended.",
        "zh-CN": "牌桌 #{table} 已结束。",
        "zh-TW": "牌桌 #{table} 已結束。",
    },
    "table.reply.created": {
        "en": "Table #{table} is open in <#{thread}>.",
        "zh-CN": "牌桌 #{table} 已在 <#{thread}> 开好。",
        "zh-TW": "牌桌 #{table} 已在 <#{thread}> 開好。",
    },
    "table.none_here": {
        "en": "No table here: use it in a table's thread, or give the table's number.",
        "zh-CN": "这里没有牌桌：请在牌桌的子区里使用，或给出牌桌编号。",
        "zh-TW": "這裡沒有牌桌：請在牌桌的討論串裡使用，或給出牌桌編號。",
    },
    "table.missing_permissions": {
        "en": "I cannot open a table here: I am missing {missing} in this channel.",
        "zh-CN": "我无法在这里开桌：我在本频道缺少这些权限：{missing}。",
        "zh-TW": "我無法在這裡開桌：我在本頻道缺少這些權限：{missing}。",
    },
    "table.text_channel_only": {
        "en": "Open tables from a text channel (the table gets its own thread).",
        "zh-CN": "请在文字频道里开桌（牌桌会有自己的子区）。",
        "zh-TW": "請在文字頻道裡開桌（牌桌會有自己的討論串）。",
    },
    "table.thread_name": {
        "en": "Mahjong table #{table}",
        "zh-CN": "麻将桌 #{table}",
        "zh-TW": "麻將桌 #{table}",
    },
    "table.lobby.title": {
        "en": "Mahjong table #{table}: seats",
        "zh-CN": "麻将桌 #{table}：座位",
        "zh-TW": "麻將桌 #{table}：座位",
    },
    "table.lobby.rules": {
        "en": "Rules",
        "zh-CN": "规则",
        "zh-TW": "規則",
    },
    "table.lobby.watching": {
        "en": "{n} watching",
        "zh-CN": "{n} 人观看",
        "zh-TW": "{n} 人觀看",
    },
    "table.seat.empty": {
        "en": "(empty)",
        "zh-CN": "（空）",
        "zh-TW": "（空）",
    },
    "table.seat.away": {
        "en": "(away)",
        "zh-CN": "（离开）",
        "zh-TW": "（離開）",
    },
    "table.rules": {
        "en": "Table #{table}: preset **{preset}**, stake {stake}, {hands} hands, "
        "{turn} s per turn, {claim} s per claim.",
        "zh-CN": "牌桌 #{table}：方案 **{preset}**，底分 {stake}，{hands} 手，"
        "每回合 {turn} 秒，吃碰 {claim} 秒。",
        "zh-TW": "牌桌 #{table}：方案 **{preset}**，底分 {stake}，{hands} 手，"
        "每回合 {turn} 秒，吃碰 {claim} 秒。",
    },
    "table.status.hand": {
        "en": "Table #{table} · hand {hand}/{hands}",
        "zh-CN": "牌桌 #{table} · 第 {hand}/{hands} 手",
        "zh-TW": "牌桌 #{table} · 第 {hand}/{hands} 手",
    },
    "table.status.turn": {
        "en": "{name} to play",
        "zh-CN": "轮到 {name}",
        "zh-TW": "輪到 {name}",
    },
    "table.status.claim": {
        "en": "claims",
        "zh-CN": "吃碰杠",
        "zh-TW": "吃碰槓",
    },
    "table.status.paused": {
        "en": "paused",
        "zh-CN": "暂停",
        "zh-TW": "暫停",
    },
    "table.status.over": {
        "en": "Table #{table} · hand {hand} is over.",
        "zh-CN": "牌桌 #{table} · 第 {hand} 手结束。",
        "zh-TW": "牌桌 #{table} · 第 {hand} 手結束。",
    },
    "table.hand_start": {
        "en": "Hand {hand}/{hands}: seat {dealer} deals. Fairness hash `{commitment}…`.",
        "zh-CN": "第 {hand}/{hands} 手：{dealer} 号座位坐庄。公平性哈希 `{commitment}…`。",
        "zh-TW": "第 {hand}/{hands} 手：{dealer} 號座位坐莊。公平性雜湊 `{commitment}…`。",
    },
    "table.panel.head": {
        "en": "Table #{table} · hand {hand} · your seat {seat}",
        "zh-CN": "牌桌 #{table} · 第 {hand} 手 · 你的座位 {seat}",
        "zh-TW": "牌桌 #{table} · 第 {hand} 手 · 你的座位 {seat}",
    },
    "table.panel.act": {
        "en": "Your move:",
        "zh-CN": "轮到你了：",
        "zh-TW": "輪到你了：",
    },
    "table.panel.wait": {
        "en": "Waiting for the others.",
        "zh-CN": "等待其他玩家。",
        "zh-TW": "等待其他玩家。",
    },
    "table.panel.over": {
        "en": "This hand is over: see the result in the table's thread.",
        "zh-CN": "这一手已结束：请在牌桌子区查看结果。",
        "zh-TW": "這一手已結束：請在牌桌討論串查看結果。",
    },
    "table.dm_closed": {
        "en": "{user}: I cannot DM you (your DMs are closed); use **My hand** on the table "
        "message.",
        "zh-CN": "{user}：无法私信你（私信已关闭）；请用牌桌消息上的**我的手牌**。",
        "zh-TW": "{user}：無法私訊你（私訊已關閉）；請用牌桌訊息上的**我的手牌**。",
    },
    "table.resumed": {
        "en": "Someone is back: the game goes on.",
        "zh-CN": "有人回来了：牌局继续。",
        "zh-TW": "有人回來了：牌局繼續。",
    },
    "table.result.title": {
        "en": "Table #{table} · hand {hand}: result",
        "zh-CN": "牌桌 #{table} · 第 {hand} 手：结果",
        "zh-TW": "牌桌 #{table} · 第 {hand} 手：結果",
    },
    "table.result.payment": {
        "en": "{payer} → {payee}: **{amount}** ({reason})",
        "zh-CN": "{payer} → {payee}：**{amount}**（{reason}）",
        "zh-TW": "{payer} → {payee}：**{amount}**（{reason}）",
    },
    "table.result.draw": {
        "en": "No payments (流局).",
        "zh-CN": "无人付分（流局）。",
        "zh-TW": "無人付分（流局）。",
    },
    "table.result.totals": {
        "en": "Totals",
        "zh-CN": "累计",
        "zh-TW": "累計",
    },
    "table.result.seed": {
        "en": "Seed (revealed)",
        "zh-CN": "种子（已公开）",
        "zh-TW": "種子（已公開）",
    },
    "table.result.ready": {
        "en": "Press Ready for the next hand.",
        "zh-CN": "按“准备”开始下一手。",
        "zh-TW": "按「準備」開始下一手。",
    },
    "table.session.title": {
        "en": "Table #{table}: final standings after {hands} hands",
        "zh-CN": "牌桌 #{table}：{hands} 手后的最终排名",
        "zh-TW": "牌桌 #{table}：{hands} 手後的最終排名",
    },
    "table.session.settle": {
        "en": "Settlement",
        "zh-CN": "结算",
        "zh-TW": "結算",
    },
    "table.session.transfer": {
        "en": "{payer} pays {payee} **{amount}**",
        "zh-CN": "{payer} 付给 {payee} **{amount}**",
        "zh-TW": "{payer} 付給 {payee} **{amount}**",
    },
    "tables.row_status": {
        "en": "Table #{id} in <#{channel}> · {status} · {seated}/4 seated",
        "zh-CN": "牌桌 #{id}，位于 <#{channel}> · {status} · 已坐 {seated}/4",
        "zh-TW": "牌桌 #{id}，位於 <#{channel}> · {status} · 已坐 {seated}/4",
    },
    "perm.send_messages": {
        "en": "Send Messages",
        "zh-CN": "发送消息",
        "zh-TW": "傳送訊息",
    },
    "perm.attach_files": {
        "en": "Attach Files",
        "zh-CN": "附加文件",
        "zh-TW": "附加檔案",
    },
    "perm.embed_links": {
        "en": "Embed Links",
        "zh-CN": "嵌入链接",
        "zh-TW": "嵌入連結",
    },
    "perm.create_public_threads": {
        "en": "Create Public Threads",
        "zh-CN": "创建公开子区",
        "zh-TW": "建立公開討論串",
    },
    "perm.send_messages_in_threads": {
        "en": "Send Messages in Threads",
        "zh-CN": "在子区中发送消息",
        "zh-TW": "在討論串中傳送訊息",
    },
}
