"""Replies of the bot's general commands: help, errors, /rules, /score's calculator.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "error.generic": "操作没有成功。",
    "error.internal": "抱歉，机器人出了点问题（错误编号 `{error_id}`），已记录。请再试一次。",
    "error.storage_unavailable": "存储暂时不可用，这次操作没有保存。请稍后再试一次。",
    "error.admin_only": "只有服务器管理员可以修改规则。",
    "error.guild_only": "此命令只能在服务器中使用，不能在私信中使用。",
    "error.bad_stake": "底分 {stake} 不可用：请用 1 到 1000 的整数。",
    "help.title": "上饶麻将机器人",
    "help.intro": (
        "在子区里和朋友（或电脑玩家）打上饶麻将，或为线下牌局记分。每一手都按规则计算"
        "：宝牌百搭、只能自摸（另有抢杠和地胡）、飞宝翻倍、杠与宝的奖励分。"
    ),
    "help.commands": "命令",
    "help.command_list": (
        "`/help` 本说明\n"
        "`/rules show` 本服务器的计分方案、房规、底分和语言 · `/rules set` "
        "修改它们（管理员） · `/rules explain` 规则书\n"
        "`/table create` 在子区里开一张虚拟牌桌；`/table watch` `/table leave` "
        "`/table end` `/table dm` `/table list`\n"
        "`/session start` 线下牌局记分；`/session show` `/session end` `/session "
        "list`\n"
        "`/score tiles` `/score quick` `/score draw` "
        "记一手牌（由另一位玩家确认）；`/score undo` `/score void` "
        "撤回一手（已计分的：记分员，或记录者经另一位玩家确认）\n"
        "`/leaderboard` `/stats` `/history` `/export` 查看账本\n"
        "`/profile` 玩家档案（等级分、战绩）；`/season start` `/season end` "
        "赛季（记分员）\n"
        "`/player link` `/player rename` 整理访客（记分员）\n"
        "`/analyze` 何切：把一手牌的每种打法排序；`/puzzle new` `/puzzle "
        "leaderboard` 从电脑对局里出的何切题\n"
        "`/replay` 逐步或以动画回放机器人牌桌上打完的一手\n"
        "`/web link` 在浏览器里看牌社网页；`/web on` `/web rotate` `/web off`（管理员）"
    ),
    "help.rules": "规则简介",
    "help.rules_text": (
        "136 张牌，无花。发牌后翻一张跌宝牌，其下一张即为宝，四张宝都可百搭。只能自摸"
        "（含杠开）、抢杠，或庄家首打时地胡。有顺子且用宝当百搭的平胡不算胡（有宝平胡"
        "）：应打成宝吊头或无宝（抢杠除外）。每飞一张宝，你赢的和输的都翻倍。"
    ),
    "rules.title": "本服务器的规则",
    "rules.preset": "计分方案：**{preset}**",
    "rules.preset_name.shangrao": "上饶",
    "rules.preset_name.baike": "百科",
    "rules.preset.shangrao": (
        "倍数计分（平胡自摸 ×2、清碰碰胡 ×10、宝吊头 ×3 …），另有杠开、单吊、九幺、飞宝、抢杠"
    ),
    "rules.preset.baike": "固定分表（平胡无宝自摸 4 分、七对 16 分 …），飞宝翻倍，不能抢杠",
    "rules.stake": "底分：**{stake}**（所有分数都乘以它，奖励分也是）",
    "rules.on": "开",
    "rules.off": "关",
    "rules.switch.indicator_kong": "跌宝杠——与跌宝牌同种的其余三张算一个杠",
    "rules.switch.di_hu": "地胡——闲家可胡庄家打出的第一张牌",
    "rules.switch.qiang_gang": "抢杠——可以抢别人的补杠（仅上饶方案）",
    "rules.switch.baike_loose_baodiao": "宝调（百科方案）——宝调胡牌时其他宝可在面子中百搭",
    "rules.switch.rob_with_bao": "有宝抢杠——有宝平胡也可以抢补杠，算 1 × 6 分（仅上饶方案）",
    "rules.language": "公开消息和图片的语言：**{language}**",
    "rules.language.auto": "自动（跟随服务器语言）",
    "rules.language.en": "英文",
    "rules.language.zh-CN": "简体中文",
    "rules.language.zh-TW": "繁体中文",
    "rules.updated": "规则已更新。",
    "rules.nothing": "没有要修改的内容：请至少填写一个选项。",
    "score.title": "计分结果",
    "score.not_win": "不算胡：{reason}",
    "score.pattern": "牌型：**{pattern}** ×{factor}",
    "score.value": "其他每家付 **{value}**（各自飞宝翻倍前）",
    "score.calculator": "计算器模式：没有记录任何内容。",
    "score.bad_input": "输入有误：{reason}",
    "board.empty": "本服务器还没有已确认的牌局。",
    "sessions.none": "本服务器还没有记分场次。",
}
