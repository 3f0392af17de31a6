"""Every reply the bot writes, in English, simplified Chinese and (where the words differ)
traditional Chinese; the language follows the user's Discord locale.

Messages are looked up by key; ``{name}`` placeholders are filled with :meth:`str.format`. A key
missing in one language falls back to English, so a missing translation is never an error
(a test checks that every key has all three anyway).
"""

from __future__ import annotations

import re
import string
from typing import Any

from shangrao_bot.service.messages import MESSAGES as SERVICE_MESSAGES
from shangrao_bot.service.score_messages import MESSAGES as SCOREBOOK_MESSAGES
from shangrao_bot.ui.score_text import MESSAGES as SCORE_SCREEN_MESSAGES

LANGS = ("en", "zh-CN", "zh-TW")

MESSAGES: dict[str, dict[str, str]] = {
    "error.generic": {
        "en": "That did not work.",
        "zh-CN": "操作没有成功。",
        "zh-TW": "操作沒有成功。",
    },
    "error.internal": {
        "en": "Sorry, something went wrong on our side (error id `{error_id}`). It was logged; "
        "please try again.",
        "zh-CN": "抱歉，机器人出了点问题（错误编号 `{error_id}`），已记录。请再试一次。",
        "zh-TW": "抱歉，機器人出了點問題（錯誤編號 `{error_id}`），已記錄。請再試一次。",
    },
    "error.admin_only": {
        "en": "Only server administrators can change the rules.",
        "zh-CN": "只有服务器管理员可以修改规则。",
        "zh-TW": "只有伺服器管理員可以修改規則。",
    },
    "error.guild_only": {
        "en": "This command works in a server, not in direct messages.",
        "zh-CN": "此命令只能在服务器中使用，不能在私信中使用。",
        "zh-TW": "此指令只能在伺服器中使用，不能在私訊中使用。",
    },
    "error.bad_stake": {
        "en": "Stake {stake} is not allowed: use a whole number from 1 to 1000.",
        "zh-CN": "底分 {stake} 不可用：请用 1 到 1000 的整数。",
        "zh-TW": "底分 {stake} 不可用：請用 1 到 1000 的整數。",
    },
    "help.title": {
        "en": "Shangrao mahjong (上饶麻将) bot",
        "zh-CN": "上饶麻将机器人",
        "zh-TW": "上饒麻將機器人",
    },
    "help.intro": {
        "en": "Play Shangrao mahjong with friends (and AI players) in a thread, or keep score "
        "of games at a real table. Every hand is scored by the rule book: 宝 wildcards, "
        "self-draw wins only (plus 抢杠 and 地胡), 飞宝 doubling, kong and 宝 bonuses.",
        "zh-CN": "在子区里和朋友（或 AI 玩家）打上饶麻将，或为线下牌局记分。每一手都按规则计算："
        "宝牌百搭、只能自摸（另有抢杠和地胡）、飞宝翻倍、杠与宝的奖励分。",
        "zh-TW": "在討論串裡和朋友（或 AI 玩家）打上饒麻將，或為線下牌局記分。每一手都按規則計算："
        "寶牌百搭、只能自摸（另有搶槓和地胡）、飛寶翻倍、槓與寶的獎勵分。",
    },
    "help.commands": {
        "en": "Commands",
        "zh-CN": "命令",
        "zh-TW": "指令",
    },
    "help.command_list": {
        "en": "`/help` this message\n"
        "`/rules show` the server's preset, house rules and stake\n"
        "`/rules set` change them (administrators)\n"
        "`/table …` virtual tables in a thread\n"
        "`/session start` keep score at a physical table (live scoreboard, settlement)\n"
        "`/score tiles|quick|draw` score a hand (recorded in the channel's session, confirmed "
        "by another player); `/score undo|void`\n"
        "`/leaderboard` `/stats` `/history` `/export` read the book\n"
        "`/player link|rename` tidy guests (scorers)",
        "zh-CN": "`/help` 本说明\n"
        "`/rules show` 本服务器的计分方案、房规和底分\n"
        "`/rules set` 修改它们（管理员）\n"
        "`/table …` 子区里的虚拟牌桌\n"
        "`/session start` 线下牌局记分（实时记分板、结算）\n"
        "`/score tiles|quick|draw` 计一手牌（记入本频道场次，由另一位玩家确认）；"
        "`/score undo|void`\n"
        "`/leaderboard` `/stats` `/history` `/export` 查看账本\n"
        "`/player link|rename` 整理访客（记分员）",
        "zh-TW": "`/help` 本說明\n"
        "`/rules show` 本伺服器的計分方案、房規和底分\n"
        "`/rules set` 修改它們（管理員）\n"
        "`/table …` 討論串裡的虛擬牌桌\n"
        "`/session start` 線下牌局記分（即時記分板、結算）\n"
        "`/score tiles|quick|draw` 計一手牌（記入本頻道場次，由另一位玩家確認）；"
        "`/score undo|void`\n"
        "`/leaderboard` `/stats` `/history` `/export` 查看帳本\n"
        "`/player link|rename` 整理訪客（記分員）",
    },
    "help.rules": {
        "en": "Rules in short",
        "zh-CN": "规则简介",
        "zh-TW": "規則簡介",
    },
    "help.rules_text": {
        "en": "136 tiles, no flowers. After the deal a tile is turned up (跌宝); the next kind in "
        "its cycle is the 宝: all four are wildcards. Win only by self-draw (杠开 included), "
        "by robbing a kong, or 地胡 on the dealer's first discard. A standard hand with a "
        "sequence in which a 宝 acts is not a win (有宝平胡): discard into 宝吊头 or go clean. "
        "Each 宝 you discard (飞宝) doubles what you win and what you pay.",
        "zh-CN": "136 张牌，无花。发牌后翻一张跌宝牌，其下一张即为宝，四张宝都可百搭。只能自摸"
        "（含杠开）、抢杠，或庄家首打时地胡。有顺子且用宝当百搭的平胡不算胡（有宝平胡）："
        "应打成宝吊头或无宝。每飞一张宝，你赢的和输的都翻倍。",
        "zh-TW": "136 張牌，無花。發牌後翻一張跌寶牌，其下一張即為寶，四張寶都可百搭。只能自摸"
        "（含槓開）、搶槓，或莊家首打時地胡。有順子且用寶當百搭的平胡不算胡（有寶平胡）："
        "應打成寶吊頭或無寶。每飛一張寶，你贏的和輸的都翻倍。",
    },
    "rules.title": {
        "en": "Rules of this server",
        "zh-CN": "本服务器的规则",
        "zh-TW": "本伺服器的規則",
    },
    "rules.preset": {
        "en": "Preset: **{preset}**",
        "zh-CN": "计分方案：**{preset}**",
        "zh-TW": "計分方案：**{preset}**",
    },
    "rules.preset.shangrao": {
        "en": "multipliers (平胡自摸 ×2, 清碰碰胡 ×10, 宝吊头 ×3 …) with 杠开, 单吊, "
        "九幺, 飞宝 and 抢杠 modifiers",
        "zh-CN": "倍数计分（平胡自摸 ×2、清碰碰胡 ×10、宝吊头 ×3 …），"
        "另有杠开、单吊、九幺、飞宝、抢杠",
        "zh-TW": "倍數計分（平胡自摸 ×2、清碰碰胡 ×10、寶吊頭 ×3 …），"
        "另有槓開、單吊、九幺、飛寶、搶槓",
    },
    "rules.preset.baike": {
        "en": "a flat point table (平胡无宝自摸 4, 七对 16 …), 飞宝 doubling, no robbing a kong",
        "zh-CN": "固定分表（平胡无宝自摸 4 分、七对 16 分 …），飞宝翻倍，不能抢杠",
        "zh-TW": "固定分表（平胡無寶自摸 4 分、七對 16 分 …），飛寶翻倍，不能搶槓",
    },
    "rules.stake": {
        "en": "Stake: **{stake}** (multiplies every amount, bonuses included)",
        "zh-CN": "底分：**{stake}**（所有分数都乘以它，奖励分也是）",
        "zh-TW": "底分：**{stake}**（所有分數都乘以它，獎勵分也是）",
    },
    "rules.on": {"en": "on", "zh-CN": "开", "zh-TW": "開"},
    "rules.off": {"en": "off", "zh-CN": "关", "zh-TW": "關"},
    "rules.switch.indicator_kong": {
        "en": "跌宝杠 — the three live tiles of the indicator's kind count as a kong",
        "zh-CN": "跌宝杠——与跌宝牌同种的其余三张算一个杠",
        "zh-TW": "跌寶槓——與跌寶牌同種的其餘三張算一個槓",
    },
    "rules.switch.di_hu": {
        "en": "地胡 — a non-dealer may win on the dealer's first discard",
        "zh-CN": "地胡——闲家可胡庄家打出的第一张牌",
        "zh-TW": "地胡——閒家可胡莊家打出的第一張牌",
    },
    "rules.switch.qiang_gang": {
        "en": "抢杠 — a 补杠 may be robbed (shangrao preset only)",
        "zh-CN": "抢杠——可以抢别人的补杠（仅上饶方案）",
        "zh-TW": "搶槓——可以搶別人的補槓（僅上饒方案）",
    },
    "rules.switch.baike_loose_baodiao": {
        "en": "宝调 (baike) — other 宝 may act inside the sets of a 宝调 win",
        "zh-CN": "宝调（百科方案）——宝调胡牌时其他宝可在面子中百搭",
        "zh-TW": "寶調（百科方案）——寶調胡牌時其他寶可在面子中百搭",
    },
    "rules.language": {
        "en": "Language of public messages and images: **{language}**",
        "zh-CN": "公开消息和图片的语言：**{language}**",
        "zh-TW": "公開訊息和圖片的語言：**{language}**",
    },
    "rules.language.auto": {
        "en": "auto (the server's language)",
        "zh-CN": "自动（跟随服务器语言）",
        "zh-TW": "自動（跟隨伺服器語言）",
    },
    "rules.language.en": {"en": "English", "zh-CN": "英文", "zh-TW": "英文"},
    "rules.language.zh-CN": {
        "en": "简体中文 (simplified Chinese)",
        "zh-CN": "简体中文",
        "zh-TW": "簡體中文",
    },
    "rules.language.zh-TW": {
        "en": "繁體中文 (traditional Chinese)",
        "zh-CN": "繁体中文",
        "zh-TW": "繁體中文",
    },
    "rules.updated": {
        "en": "Rules updated.",
        "zh-CN": "规则已更新。",
        "zh-TW": "規則已更新。",
    },
    "rules.nothing": {
        "en": "Nothing to change: give at least one option.",
        "zh-CN": "没有要修改的内容：请至少填写一个选项。",
        "zh-TW": "沒有要修改的內容：請至少填寫一個選項。",
    },
    "score.title": {
        "en": "Scored hand",
        "zh-CN": "计分结果",
        "zh-TW": "計分結果",
    },
    "score.not_win": {
        "en": "Not a win: {reason}",
        "zh-CN": "不算胡：{reason}",
        "zh-TW": "不算胡：{reason}",
    },
    "score.pattern": {
        "en": "Pattern: **{pattern}** ×{factor}",
        "zh-CN": "牌型：**{pattern}** ×{factor}",
        "zh-TW": "牌型：**{pattern}** ×{factor}",
    },
    "score.value": {
        "en": "Each other player pays **{value}** (before their own 飞宝 doubling)",
        "zh-CN": "其他每家付 **{value}**（各自飞宝翻倍前）",
        "zh-TW": "其他每家付 **{value}**（各自飛寶翻倍前）",
    },
    "score.deltas": {
        "en": "Seats (winner is seat 0): {deltas}",
        "zh-CN": "座位（赢家为 0 号座）：{deltas}",
        "zh-TW": "座位（贏家為 0 號座）：{deltas}",
    },
    "score.calculator": {
        "en": "Calculator: nothing was recorded.",
        "zh-CN": "计算器模式：没有记录任何内容。",
        "zh-TW": "計算器模式：沒有記錄任何內容。",
    },
    "score.bad_input": {
        "en": "{reason}",
        "zh-CN": "输入有误：{reason}",
        "zh-TW": "輸入有誤：{reason}",
    },
    "board.title": {
        "en": "Leaderboard",
        "zh-CN": "排行榜",
        "zh-TW": "排行榜",
    },
    "board.empty": {
        "en": "No confirmed hands yet in this server.",
        "zh-CN": "本服务器还没有已确认的牌局。",
        "zh-TW": "本伺服器還沒有已確認的牌局。",
    },
    "board.row": {
        "en": "{rank}. {name} — total {total:+d}, {hands} hands, {wins} wins",
        "zh-CN": "{rank}. {name} — 总分 {total:+d}，{hands} 手，胡 {wins} 次",
        "zh-TW": "{rank}. {name} — 總分 {total:+d}，{hands} 手，胡 {wins} 次",
    },
    "sessions.none": {
        "en": "No score sessions in this server yet.",
        "zh-CN": "本服务器还没有记分场次。",
        "zh-TW": "本伺服器還沒有記分場次。",
    },
    "sessions.row": {
        "en": "#{id} · {kind} · {status} · opened {opened} · {players}",
        "zh-CN": "#{id} · {kind} · {status} · 开始于 {opened} · {players}",
        "zh-TW": "#{id} · {kind} · {status} · 開始於 {opened} · {players}",
    },
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


def merged(*catalogs: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """One catalog of several (the UI's own and the table service's, :mod:`.service.messages`);
    a key defined twice is a bug, refused at import."""
    out: dict[str, dict[str, str]] = {}
    for catalog in catalogs:
        clash = out.keys() & catalog.keys()
        if clash:
            raise RuntimeError(f"message keys defined twice: {sorted(clash)}")
        out.update(catalog)
    return out


# What ``t`` reads: this module's messages, the table service's, the scorebook's and the
# scorekeeping screens' (each module keeps its own words).
ALL_MESSAGES = merged(MESSAGES, SERVICE_MESSAGES, SCOREBOOK_MESSAGES, SCORE_SCREEN_MESSAGES)


def lang_of(locale: object) -> str:
    """The catalog language for a Discord locale (``discord.Locale`` or its string)."""
    text = str(getattr(locale, "value", locale) or "")
    if text in ("zh-TW", "zh-HK"):
        return "zh-TW"
    if text.startswith("zh"):
        return "zh-CN"
    return "en"


class _Formatter(string.Formatter):
    """:meth:`str.format` plus plural choices: ``{n:hand|hands}`` is ``hand`` when ``n`` is 1
    and ``hands`` otherwise (so English says "1 hand", "2 hands", never "hand(s)")."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, other = format_spec.split("|", 1)
            return one if value == 1 else other
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()

# Application command ids by qualified name ("session start"), known once the commands are
# synced: texts then mention commands as clickable ``</session start:ID>``, which Discord shows
# under the reader's own localized command name.
COMMAND_IDS: dict[str, int] = {}
_COMMAND = re.compile(r"`/([a-z_]+(?: [a-z_]+)?)`")


def remember_commands(ids: dict[str, int]) -> None:
    """Record the synced top-level commands' ids (name → id; a subcommand is mentioned with
    its group's id)."""
    COMMAND_IDS.clear()
    COMMAND_IDS.update(ids)


def command_mention(name: str) -> str:
    """``</session start:ID>`` once the command is synced, ``/session start`` in backticks
    before (or for a name that is not a command)."""
    command_id = COMMAND_IDS.get(name.split(" ", 1)[0])
    if command_id is None:
        return f"`/{name}`"
    return f"</{name}:{command_id}>"


def link_commands(text: str) -> str:
    """Every `` `/command` `` in ``text`` as a clickable command mention (when synced)."""
    if not COMMAND_IDS:
        return text
    return _COMMAND.sub(lambda m: command_mention(m.group(1)), text)


def t(key: str, lang: str = "en", **args: Any) -> str:
    """The message ``key`` in ``lang`` (English when missing), with its placeholders filled and
    the commands it names (`` `/rules set` ``) as clickable mentions."""
    entry = ALL_MESSAGES.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry["en"]
    if args:
        text = _FORMATTER.format(text, **args)
    return link_commands(text)
