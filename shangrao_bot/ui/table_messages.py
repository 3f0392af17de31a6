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
    "table.btn.join": {"en": "Join", "zh-CN": "加入", "zh-TW": "加入"},
    "table.btn.leave": {"en": "Leave", "zh-CN": "离开", "zh-TW": "離開"},
    "table.btn.ai-easy": {
        "en": "Add AI (easy)",
        "zh-CN": "加电脑（简单）",
        "zh-TW": "加電腦（簡單）",
    },
    "table.btn.ai-normal": {
        "en": "Add AI (normal)",
        "zh-CN": "加电脑（普通）",
        "zh-TW": "加電腦（普通）",
    },
    "table.btn.ai-hard": {
        "en": "Add AI (hard)",
        "zh-CN": "加电脑（困难）",
        "zh-TW": "加電腦（困難）",
    },
    "table.btn.start": {"en": "Start", "zh-CN": "开始", "zh-TW": "開始"},
    "table.btn.rules": {"en": "Rules", "zh-CN": "规则", "zh-TW": "規則"},
    "table.btn.back": {"en": "I'm back", "zh-CN": "我回来了", "zh-TW": "我回來了"},
    "table.btn.hand": {"en": "My hand", "zh-CN": "我的手牌", "zh-TW": "我的手牌"},
    "table.btn.ready": {"en": "Ready", "zh-CN": "准备", "zh-TW": "準備"},
    "table.btn.win": {"en": "Win (hu)", "zh-CN": "胡", "zh-TW": "胡"},
    "table.btn.pong": {"en": "Pong {tile}", "zh-CN": "碰 {tile}", "zh-TW": "碰 {tile}"},
    "table.btn.kong": {"en": "Kong {tile}", "zh-CN": "明杠 {tile}", "zh-TW": "明槓 {tile}"},
    "table.btn.kong_indicator": {
        "en": "跌宝 kong {tile}",
        "zh-CN": "跌宝杠 {tile}",
        "zh-TW": "跌寶槓 {tile}",
    },
    "table.btn.angang": {
        "en": "Concealed kong {tile}",
        "zh-CN": "暗杠 {tile}",
        "zh-TW": "暗槓 {tile}",
    },
    "table.btn.bugang": {
        "en": "Add to pong {tile}",
        "zh-CN": "补杠 {tile}",
        "zh-TW": "補槓 {tile}",
    },
    "table.btn.chi": {"en": "Chi {tiles}", "zh-CN": "吃 {tiles}", "zh-TW": "吃 {tiles}"},
    "table.btn.pass": {"en": "Pass", "zh-CN": "过", "zh-TW": "過"},
    "table.btn.hint": {"en": "Hint", "zh-CN": "提示", "zh-TW": "提示"},
    "table.btn.watch": {"en": "Watch", "zh-CN": "观战", "zh-TW": "觀戰"},
    "table.btn.rm": {"en": "Remove {name}", "zh-CN": "移除 {name}", "zh-TW": "移除 {name}"},
    "table.reply.ai_removed": {
        "en": "The AI player left {seat}.",
        "zh-CN": "电脑玩家离开了{seat}。",
        "zh-TW": "電腦玩家離開了{seat}。",
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
        "en": "{tile} → shanten {n}, {kinds} {kinds:kind|kinds} help, {left} unseen",
        "zh-CN": "{tile} → 向听 {n}，进张 {kinds} 种 {left} 张",
        "zh-TW": "{tile} → 向聽 {n}，進張 {kinds} 種 {left} 張",
    },
    "table.hint.none": {
        "en": "Nothing to suggest right now.",
        "zh-CN": "现在没有建议。",
        "zh-TW": "現在沒有建議。",
    },
    "table.hint.value": {
        "en": "{tile} ({value} per payer, {left} unseen)",
        "zh-CN": "{tile}（每家 {value}，剩 {left} 张）",
        "zh-TW": "{tile}（每家 {value}，剩 {left} 張）",
    },
    "table.hint.no_win": {
        "en": "{tile} (no win allowed, {left} unseen)",
        "zh-CN": "{tile}（不能胡，剩 {left} 张）",
        "zh-TW": "{tile}（不能胡，剩 {left} 張）",
    },
    "table.btn.discard": {"en": "Discard {tile}", "zh-CN": "打出 {tile}", "zh-TW": "打出 {tile}"},
    "table.reply.joined": {
        "en": "You sit at table #{table} ({seat}).",
        "zh-CN": "你已坐到牌桌 #{table}（{seat}）。",
        "zh-TW": "你已坐到牌桌 #{table}（{seat}）。",
    },
    "table.reply.left": {
        "en": "You left table #{table}.",
        "zh-CN": "你已离开牌桌 #{table}。",
        "zh-TW": "你已離開牌桌 #{table}。",
    },
    "table.reply.ai_added": {
        "en": "An AI player sits down.",
        "zh-CN": "电脑玩家已入座。",
        "zh-TW": "電腦玩家已入座。",
    },
    "table.reply.started": {
        "en": "The game starts! Your tiles come by DM (or press **My hand** on the table message).",
        "zh-CN": "牌局开始！你的手牌会私信发给你（也可以点牌桌消息上的**我的手牌**）。",
        "zh-TW": "牌局開始！你的手牌會私訊發給你（也可以點牌桌訊息上的**我的手牌**）。",
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
        "en": "Table #{table} is open in <#{thread}>; you sit in seat 1. Add AI players or wait "
        "for friends to join, then press Start.",
        "zh-CN": "牌桌 #{table} 已在 <#{thread}> 开好，你坐 1号位。加电脑"
        "或等朋友加入，然后按“开始”。",
        "zh-TW": "牌桌 #{table} 已在 <#{thread}> 開好，你坐 1號位。加電腦"
        "或等朋友加入，然後按「開始」。",
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
    "table.lobby.rules": {"en": "Rules", "zh-CN": "规则", "zh-TW": "規則"},
    "table.lobby.watching": {"en": "{n} watching", "zh-CN": "{n} 人观看", "zh-TW": "{n} 人觀看"},
    "table.seat.empty": {"en": "(empty)", "zh-CN": "（空）", "zh-TW": "（空）"},
    "table.seat.away": {
        "en": "(away: the AI plays)",
        "zh-CN": "（离开，电脑代打）",
        "zh-TW": "（離開，電腦代打）",
    },
    "table.rules": {
        "en": "Table #{table}: preset **{preset}**, stake {stake}, {hands} {hands:hand|hands}, "
        "{turn} s per turn, {claim} s per claim.",
        "zh-CN": "牌桌 #{table}：方案 **{preset}**，底分 {stake}，{hands} 手，每回合 {turn} "
        "秒，吃碰 {claim} 秒。",
        "zh-TW": "牌桌 #{table}：方案 **{preset}**，底分 {stake}，{hands} 手，每回合 {turn} "
        "秒，吃碰 {claim} 秒。",
    },
    "table.status.hand": {
        "en": "Table #{table} · hand {hand}/{hands}",
        "zh-CN": "牌桌 #{table} · 第 {hand}/{hands} 手",
        "zh-TW": "牌桌 #{table} · 第 {hand}/{hands} 手",
    },
    "table.status.turn": {"en": "{name} to play", "zh-CN": "轮到 {name}", "zh-TW": "輪到 {name}"},
    "table.status.claim": {
        "en": "waiting for claims",
        "zh-CN": "等待吃碰杠",
        "zh-TW": "等待吃碰槓",
    },
    "table.status.paused": {"en": "paused", "zh-CN": "暂停", "zh-TW": "暫停"},
    "table.status.over": {
        "en": "Table #{table} · hand {hand} is over.",
        "zh-CN": "牌桌 #{table} · 第 {hand} 手结束。",
        "zh-TW": "牌桌 #{table} · 第 {hand} 手結束。",
    },
    "table.hand_start": {
        "en": "**Hand {hand}/{hands}**: {dealer} deals (East). 宝 (wild): **{bao}** (indicator "
        "{indicator}). Fairness hash `{commitment}`.",
        "zh-CN": "**第 {hand}/{hands} 手**：{dealer} 坐庄（东家）。宝牌：**{bao}**（跌宝 "
        "{indicator}）。公平性哈希 `{commitment}`。",
        "zh-TW": "**第 {hand}/{hands} 手**：{dealer} 坐莊（東家）。寶牌：**{bao}**（跌寶 "
        "{indicator}）。公平性雜湊 `{commitment}`。",
    },
    "table.panel.head": {
        "en": "**Table #{table} · hand {hand}/{hands}** · you are **{place}** (seat {n}) · 宝 "
        "**{bao}** · {live} {live:tile|tiles} left",
        "zh-CN": "**牌桌 #{table} · 第 {hand}/{hands} 手** · 你是**{place}**（{n}号位）· 宝 "
        "**{bao}** · 余牌 {live}",
        "zh-TW": "**牌桌 #{table} · 第 {hand}/{hands} 手** · 你是**{place}**（{n}號位）· 寶 "
        "**{bao}** · 餘牌 {live}",
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
    "table.handoff.away": {
        "en": "Table #{table} is being restored after a restart: press again in a few seconds.",
        "zh-CN": "牌桌 #{table} 正在重启后恢复：请几秒后再按一次。",
        "zh-TW": "牌桌 #{table} 正在重新啟動後恢復：請幾秒後再按一次。",
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
        "en": "{payer} → {payee}: {amount} ({reason})",
        "zh-CN": "{payer} → {payee}：{amount}（{reason}）",
        "zh-TW": "{payer} → {payee}：{amount}（{reason}）",
    },
    "table.result.draw": {
        "en": "No payments (流局).",
        "zh-CN": "无人付分（流局）。",
        "zh-TW": "無人付分（流局）。",
    },
    "table.result.totals": {"en": "Totals", "zh-CN": "累计", "zh-TW": "累計"},
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
        "en": "Table #{table}: final standings after {hands} {hands:hand|hands}",
        "zh-CN": "牌桌 #{table}：{hands} 手后的最终排名",
        "zh-TW": "牌桌 #{table}：{hands} 手後的最終排名",
    },
    "table.session.settle": {"en": "Settlement", "zh-CN": "结算", "zh-TW": "結算"},
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
    "perm.send_messages": {"en": "Send Messages", "zh-CN": "发送消息", "zh-TW": "傳送訊息"},
    "perm.attach_files": {"en": "Attach Files", "zh-CN": "附加文件", "zh-TW": "附加檔案"},
    "perm.embed_links": {"en": "Embed Links", "zh-CN": "嵌入链接", "zh-TW": "嵌入連結"},
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
    "table.seat.dealer": {"en": "(dealer)", "zh-CN": "庄", "zh-TW": "莊"},
    "table.btn.bao_tile": {
        "en": "{tile} ({bao})",
        "zh-CN": "{tile}（{bao}）",
        "zh-TW": "{tile}（{bao}）",
    },
    "table.btn.drawn_tile": {
        "en": "{tile} · drawn",
        "zh-CN": "{tile} · 新摸",
        "zh-TW": "{tile} · 新摸",
    },
    "table.reply.already_here": {
        "en": "You already sit at this table ({seat}). Wait for the host to start, or press Leave.",
        "zh-CN": "你已经坐在这张牌桌（{seat}）。等房主开始，或按“离开”。",
        "zh-TW": "你已經坐在這張牌桌（{seat}）。等房主開始，或按「離開」。",
    },
    "table.hand_start.dms": {
        "en": "Each player's tiles are in their DMs (DMs closed? Press **My hand** on the table "
        "message below).",
        "zh-CN": "每位玩家的手牌已私信发送（收不到私信？点下面牌桌消息上的**我的手牌**）。",
        "zh-TW": "每位玩家的手牌已私訊發送（收不到私訊？點下面牌桌訊息上的**我的手牌**）。",
    },
    "table.event.discarded": {
        "en": "{who} discarded {tile}",
        "zh-CN": "{who} 打出 {tile}",
        "zh-TW": "{who} 打出 {tile}",
    },
    "table.event.flown": {
        "en": "{who} flew the 宝 {tile} (飞宝)",
        "zh-CN": "{who} 打出 {tile}（飞宝）",
        "zh-TW": "{who} 打出 {tile}（飛寶）",
    },
    "table.event.chi": {
        "en": "{who} chi {tiles}",
        "zh-CN": "{who} 吃 {tiles}",
        "zh-TW": "{who} 吃 {tiles}",
    },
    "table.event.pong": {
        "en": "{who} pong {tile}",
        "zh-CN": "{who} 碰 {tile}",
        "zh-TW": "{who} 碰 {tile}",
    },
    "table.event.kong": {
        "en": "{who} kong {tile}",
        "zh-CN": "{who} 明杠 {tile}",
        "zh-TW": "{who} 明槓 {tile}",
    },
    "table.event.kong_indicator": {
        "en": "{who} 跌宝 kong {tile} (on a discard)",
        "zh-CN": "{who} 杠出跌宝杠 {tile}",
        "zh-TW": "{who} 槓出跌寶槓 {tile}",
    },
    "table.event.angang": {
        "en": "{who} concealed kong {tile}",
        "zh-CN": "{who} 暗杠 {tile}",
        "zh-TW": "{who} 暗槓 {tile}",
    },
    "table.event.bugang_declared": {
        "en": "{who} added {tile} to a pong (补杠)",
        "zh-CN": "{who} 补杠 {tile}",
        "zh-TW": "{who} 補槓 {tile}",
    },
    "table.event.won": {
        "en": "{who} wins ({how})",
        "zh-CN": "{who} 胡了（{how}）",
        "zh-TW": "{who} 胡了（{how}）",
    },
    "table.event.bonus": {
        "en": "{who}: {bonus}",
        "zh-CN": "{who}：{bonus}",
        "zh-TW": "{who}：{bonus}",
    },
    "table.event.exhausted": {
        "en": "No tiles left: 流局 (draw)",
        "zh-CN": "牌摸完了：流局",
        "zh-TW": "牌摸完了：流局",
    },
    "table.how.self": {"en": "self-drawn, 自摸", "zh-CN": "自摸", "zh-TW": "自摸"},
    "table.how.kong": {"en": "on a kong's replacement, 杠开", "zh-CN": "杠开", "zh-TW": "槓開"},
    "table.how.rob": {"en": "robbing a kong, 抢杠", "zh-CN": "抢杠", "zh-TW": "搶槓"},
    "table.how.tianhu": {"en": "the dealt hand, 天胡", "zh-CN": "天胡", "zh-TW": "天胡"},
    "table.how.dihu": {
        "en": "on the dealer's first discard, 地胡",
        "zh-CN": "地胡",
        "zh-TW": "地胡",
    },
    "table.panel.recent": {
        "en": "Since your last move:",
        "zh-CN": "你上次出牌后：",
        "zh-TW": "你上次出牌後：",
    },
    "table.panel.claim": {
        "en": "{who} discarded **{tile}**: {options}",
        "zh-CN": "{who} 打出 **{tile}**：{options}",
        "zh-TW": "{who} 打出 **{tile}**：{options}",
    },
    "table.panel.rob": {
        "en": "{who} adds **{tile}** to a pong (补杠) — rob it? {options}",
        "zh-CN": "{who} 补杠 **{tile}**——抢杠吗？{options}",
        "zh-TW": "{who} 補槓 **{tile}**——搶槓嗎？{options}",
    },
    "table.panel.turn_drew": {
        "en": "Your turn: you drew **{tile}** (marked). Discard a tile.",
        "zh-CN": "轮到你：摸到 **{tile}**（已标出）。请打出一张。",
        "zh-TW": "輪到你：摸到 **{tile}**（已標出）。請打出一張。",
    },
    "table.panel.turn": {
        "en": "Your turn: discard a tile.",
        "zh-CN": "轮到你：请打出一张。",
        "zh-TW": "輪到你：請打出一張。",
    },
    "table.panel.can_win": {
        "en": "**You can win!**",
        "zh-CN": "**可以胡牌！**",
        "zh-TW": "**可以胡牌！**",
    },
    "table.panel.or": {
        "en": "Or: {options}",
        "zh-CN": "也可以：{options}",
        "zh-TW": "也可以：{options}",
    },
    "table.panel.away": {
        "en": "You are away: the AI plays your seat. Press **I'm back** to play again.",
        "zh-CN": "你已离开：由电脑代打。按**我回来了**继续自己打。",
        "zh-TW": "你已離開：由電腦代打。按**我回來了**繼續自己打。",
    },
    "table.panel.link": {
        "en": "[Go to the table]({url})",
        "zh-CN": "[前往牌桌]({url})",
        "zh-TW": "[前往牌桌]({url})",
    },
    "table.hint.shanten_best": {
        "en": "Best discards leave you {n} {n:tile|tiles} from ready (shanten). Discard → "
        "shanten, effective tiles still unseen:",
        "zh-CN": "最好的打法离听牌还差 {n} 张（向听数）。打出 → 向听数，进张（未见张数）：",
        "zh-TW": "最好的打法離聽牌還差 {n} 張（向聽數）。打出 → 向聽數，進張（未見張數）：",
    },
    "table.hint.ready_after": {
        "en": "You can be ready (tenpai). Discard → waits (value per payer if self-drawn; copies "
        "unseen):",
        "zh-CN": "可以听牌了。打出 → 听的牌（自摸每家付分；未见张数）：",
        "zh-TW": "可以聽牌了。打出 → 聽的牌（自摸每家付分；未見張數）：",
    },
    "table.hint.discard_ready": {
        "en": "{tile} → {waits}",
        "zh-CN": "{tile} → {waits}",
        "zh-TW": "{tile} → {waits}",
    },
    "table.hint.dead": {
        "en": "{tile} (dead: none left)",
        "zh-CN": "{tile}（绝张：已无可摸）",
        "zh-TW": "{tile}（絕張：已無可摸）",
    },
    "table.hint.shanten_now": {
        "en": "Not ready yet: {n} {n:tile|tiles} from ready (shanten {n}).",
        "zh-CN": "还没听牌：离听牌还差 {n} 张（向听 {n}）。",
        "zh-TW": "還沒聽牌：離聽牌還差 {n} 張（向聽 {n}）。",
    },
    "table.result.doubled": {
        "en": "{amount} = {value} × {factor}, flew {flown} 宝",
        "zh-CN": "{amount} = {value} × {factor}，飞宝 {flown} 张",
        "zh-TW": "{amount} = {value} × {factor}，飛寶 {flown} 張",
    },
    "tables.status.lobby": {"en": "waiting for players", "zh-CN": "等人入座", "zh-TW": "等人入座"},
    "tables.status.playing": {"en": "playing", "zh-CN": "对局中", "zh-TW": "對局中"},
    "tables.status.ready": {"en": "between hands", "zh-CN": "局间休息", "zh-TW": "局間休息"},
    "tables.status.ended": {"en": "ended", "zh-CN": "已结束", "zh-TW": "已結束"},
}
