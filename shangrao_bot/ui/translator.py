"""Command names, descriptions and option texts in Chinese for Discord's command picker.

discord.py asks the translator for every string of every command when it syncs; English is the
source text, so only the Chinese is listed here, keyed by the English. Names follow Discord's
rule for command names (lower case, no spaces; Chinese characters are allowed).
"""

from __future__ import annotations

import discord
from discord import app_commands

# English source → (zh-CN, zh-TW); zh-TW repeats zh-CN where the words are the same.
COMMAND_TEXT: dict[str, tuple[str, str]] = {
    "help": ("帮助", "幫助"),
    "What the bot does, its commands and the rules in short": (
        "机器人的功能、命令和规则简介",
        "機器人的功能、指令和規則簡介",
    ),
    "rules": ("规则", "規則"),
    "The server's scoring preset, house rules and stake": (
        "本服务器的计分方案、房规和底分",
        "本伺服器的計分方案、房規和底分",
    ),
    "show": ("查看", "查看"),
    "Show the preset, the house rules and the stake": (
        "查看计分方案、房规和底分",
        "查看計分方案、房規和底分",
    ),
    "set": ("设置", "設定"),
    "Change the preset, a house rule or the stake (administrators)": (
        "修改计分方案、房规或底分（管理员）",
        "修改計分方案、房規或底分（管理員）",
    ),
    "preset": ("方案", "方案"),
    "Scoring preset: shangrao (multipliers) or baike (flat points)": (
        "计分方案：上饶（倍数）或百科（固定分）",
        "計分方案：上饒（倍數）或百科（固定分）",
    ),
    "stake": ("底分", "底分"),
    "Multiplies every amount (1-1000)": ("所有分数乘以它（1-1000）", "所有分數乘以它（1-1000）"),
    "indicator_kong": ("跌宝杠", "跌寶槓"),
    "The three live tiles of the indicator's kind count as a kong": (
        "与跌宝牌同种的其余三张算一个杠",
        "與跌寶牌同種的其餘三張算一個槓",
    ),
    "di_hu": ("地胡", "地胡"),
    "A non-dealer may win on the dealer's first discard": (
        "闲家可胡庄家打出的第一张牌",
        "閒家可胡莊家打出的第一張牌",
    ),
    "qiang_gang": ("抢杠", "搶槓"),
    "A 补杠 may be robbed (shangrao preset)": ("可以抢补杠（上饶方案）", "可以搶補槓（上饒方案）"),
    "baike_loose_baodiao": ("宝调宽松", "寶調寬鬆"),
    "baike: other 宝 may act inside the sets of a 宝调 win": (
        "百科方案：宝调胡牌时其他宝可在面子中百搭",
        "百科方案：寶調胡牌時其他寶可在面子中百搭",
    ),
    "shangrao (multipliers)": ("上饶（倍数）", "上饒（倍數）"),
    "baike (flat points)": ("百科（固定分）", "百科（固定分）"),
    "score": ("计分", "計分"),
    "Score a hand": ("计算一手牌的分数", "計算一手牌的分數"),
    "tiles": ("牌面", "牌面"),
    "Score a hand from its tiles (a calculator outside a session)": (
        "按牌面计分（不在场次中时只计算不记录）",
        "按牌面計分（不在場次中時只計算不記錄）",
    ),
    "hand": ("手牌", "手牌"),
    "Every concealed tile, the winning tile included (e.g. 123m4p5m6p777s111z5m9s)": (
        "所有暗牌，含胡的那张（如 123m4p5m6p777s111z5m9s）",
        "所有暗牌，含胡的那張（如 123m4p5m6p777s111z5m9s）",
    ),
    "win": ("胡牌", "胡牌"),
    "The winning tile (e.g. 9s); not needed for 天胡": (
        "胡的那张牌（如 9s）；天胡不需要",
        "胡的那張牌（如 9s）；天胡不需要",
    ),
    "bao": ("宝", "寶"),
    "The 宝 kind (e.g. 5m)": ("宝牌（如 5m）", "寶牌（如 5m）"),
    "melds": ("副露", "副露"),
    "Melds, e.g. [123m] [777s] (1111z)": (
        "副露，如 [123m] [777s] (1111z)",
        "副露，如 [123m] [777s] (1111z)",
    ),
    "how": ("胡法", "胡法"),
    "How the hand was won": ("怎么胡的", "怎麼胡的"),
    "kong_chain": ("连杠", "連槓"),
    "Kongs in the chain that ended with the winning replacement (杠开)": (
        "以胡牌补牌结束的连续杠数（杠开）",
        "以胡牌補牌結束的連續槓數（槓開）",
    ),
    "robbed": ("被抢座", "被搶座"),
    "The seat whose 补杠 was robbed (1-3)": ("被抢补杠的座位（1-3）", "被搶補槓的座位（1-3）"),
    "flown": ("飞宝", "飛寶"),
    "宝 discarded per seat, e.g. 0:1,2:1": ("各座打出的宝，如 0:1,2:1", "各座打出的寶，如 0:1,2:1"),
    "self-draw (自摸)": ("自摸", "自摸"),
    "kong replacement (杠开)": ("杠开", "槓開"),
    "robbed kong (抢杠)": ("抢杠", "搶槓"),
    "天胡": ("天胡", "天胡"),
    "地胡": ("地胡", "地胡"),
    "leaderboard": ("排行榜", "排行榜"),
    "The server's ranking of confirmed hands": (
        "本服务器已确认牌局的排行",
        "本伺服器已確認牌局的排行",
    ),
    "session": ("场次", "場次"),
    "Score sessions at a physical table": ("线下牌局的记分场次", "線下牌局的記分場次"),
    "list": ("列表", "列表"),
    "This server's score sessions, newest first": (
        "本服务器的记分场次，最新在前",
        "本伺服器的記分場次，最新在前",
    ),
    "table": ("牌桌", "牌桌"),
    "Virtual mahjong tables in a thread": ("子区里的虚拟麻将桌", "討論串裡的虛擬麻將桌"),
    "The virtual tables open in this server": (
        "本服务器进行中的虚拟牌桌",
        "本伺服器進行中的虛擬牌桌",
    ),
    "create": ("开桌", "開桌"),
    "Open a virtual table in a new thread": (
        "在新子区里开一张虚拟牌桌",
        "在新討論串裡開一張虛擬牌桌",
    ),
    "hands": ("手数", "手數"),
    "Hands to play (default 4)": ("要打的手数（默认 4）", "要打的手數（預設 4）"),
    "turn_seconds": ("每回合秒数", "每回合秒數"),
    "Seconds per turn (default 45)": ("每回合的秒数（默认 45）", "每回合的秒數（預設 45）"),
    "claim_seconds": ("吃碰秒数", "吃碰秒數"),
    "Seconds to claim a discard (default 15)": (
        "吃碰杠一张牌的秒数（默认 15）",
        "吃碰槓一張牌的秒數（預設 15）",
    ),
    "leave": ("离开", "離開"),
    "Leave your table (an AI plays for you)": ("离开牌桌（由 AI 代打）", "離開牌桌（由 AI 代打）"),
    "end": ("结束", "結束"),
    "End a table (its host or an administrator)": (
        "结束牌桌（房主或管理员）",
        "結束牌桌（房主或管理員）",
    ),
    "dm": ("私信", "私訊"),
    "Private panels by DM: on, or off (use My hand)": (
        "私信手牌面板：开启，或关闭（使用“我的手牌”）",
        "私訊手牌面板：開啟，或關閉（使用「我的手牌」）",
    ),
    "mode": ("模式", "模式"),
    "on: your hand by DM; off: only My hand": (
        "开：私信发送手牌；关：只用“我的手牌”",
        "開：私訊傳送手牌；關：只用「我的手牌」",
    ),
    "on": ("开", "開"),
    "off": ("关", "關"),
    "watch": ("观看", "觀看"),
    "Watch a table (the public board only)": (
        "观看牌桌（只看公开牌面）",
        "觀看牌桌（只看公開牌面）",
    ),
    "The table's number (default: yours or this thread's)": (
        "牌桌编号（默认：你的或本子区的）",
        "牌桌編號（預設：你的或本討論串的）",
    ),
}


class ShangraoTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        pair = COMMAND_TEXT.get(string.message)
        if pair is None:
            return None
        if locale is discord.Locale.chinese:
            return pair[0]
        if locale is discord.Locale.taiwan_chinese:
            return pair[1]
        return None
