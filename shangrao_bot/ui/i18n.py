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
from shangrao_bot.ui.analysis_messages import MESSAGES as ANALYSIS_MESSAGES
from shangrao_bot.ui.rating_text import MESSAGES as RATING_MESSAGES
from shangrao_bot.ui.replay_text import MESSAGES as REPLAY_MESSAGES
from shangrao_bot.ui.rulebook_messages import MESSAGES as RULEBOOK_MESSAGES
from shangrao_bot.ui.score_text import MESSAGES as SCORE_SCREEN_MESSAGES
from shangrao_bot.ui.table_messages import MESSAGES as TABLE_MESSAGES

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
    "error.storage_unavailable": {
        "en": "Storage is unavailable right now, so nothing was saved. Please try again in a "
        "moment.",
        "zh-CN": "存储暂时不可用，这次操作没有保存。请稍后再试一次。",
        "zh-TW": "儲存暫時無法使用，這次操作沒有儲存。請稍後再試一次。",
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
        "zh-CN": "在子区里和朋友（或电脑玩家）打上饶麻将，或为线下牌局记分。每一手都按规则计算："
        "宝牌百搭、只能自摸（另有抢杠和地胡）、飞宝翻倍、杠与宝的奖励分。",
        "zh-TW": "在討論串裡和朋友（或電腦玩家）打上饒麻將，或為線下牌局記分。每一手都按規則計算："
        "寶牌百搭、只能自摸（另有搶槓和地胡）、飛寶翻倍、槓與寶的獎勵分。",
    },
    "help.commands": {
        "en": "Commands",
        "zh-CN": "命令",
        "zh-TW": "指令",
    },
    "help.command_list": {
        "en": "`/help` this message\n"
        "`/rules show` the server's preset, house rules, stake and language · "
        "`/rules set` change them (administrators) · "
        "`/rules explain` the rule book\n"
        "`/table create` a virtual table in a thread; "
        "`/table watch` `/table leave` `/table end` `/table dm` `/table list`\n"
        "`/session start` keep score at a physical table; "
        "`/session show` `/session end` `/session list`\n"
        "`/score tiles` `/score quick` `/score draw` record a hand (confirmed by another "
        "player); `/score undo` `/score void` take one back (once it counts: a scorer, or its "
        "recorder with another player's confirmation)\n"
        "`/leaderboard` `/stats` `/history` `/export` read the book\n"
        "`/profile` a player's card (rating, record); `/season start` `/season end` seasons "
        "(scorers)\n"
        "`/player link` `/player rename` tidy guests (scorers)\n"
        "`/analyze` what to discard (何切): a hand's discards ranked; "
        "`/puzzle new` `/puzzle leaderboard` 何切 puzzles from AI games\n"
        "`/replay` a finished bot-table hand, step by step or animated",
        "zh-CN": "`/help` 本说明\n"
        "`/rules show` 本服务器的计分方案、房规、底分和语言 · "
        "`/rules set` 修改它们（管理员） · "
        "`/rules explain` 规则书\n"
        "`/table create` 在子区里开一张虚拟牌桌；"
        "`/table watch` `/table leave` `/table end` `/table dm` `/table list`\n"
        "`/session start` 线下牌局记分；"
        "`/session show` `/session end` `/session list`\n"
        "`/score tiles` `/score quick` `/score draw` 记一手牌（由另一位玩家确认）；"
        "`/score undo` `/score void` 撤回一手（已计分的：记分员，或记录者经另一位玩家确认）\n"
        "`/leaderboard` `/stats` `/history` `/export` 查看账本\n"
        "`/profile` 玩家档案（等级分、战绩）；`/season start` `/season end` 赛季（记分员）\n"
        "`/player link` `/player rename` 整理访客（记分员）\n"
        "`/analyze` 何切：把一手牌的每种打法排序；"
        "`/puzzle new` `/puzzle leaderboard` 从电脑对局里出的何切题\n"
        "`/replay` 逐步或以动画回放机器人牌桌上打完的一手",
        "zh-TW": "`/help` 本說明\n"
        "`/rules show` 本伺服器的計分方案、房規、底分和語言 · "
        "`/rules set` 修改它們（管理員） · "
        "`/rules explain` 規則書\n"
        "`/table create` 在討論串裡開一張虛擬牌桌；"
        "`/table watch` `/table leave` `/table end` `/table dm` `/table list`\n"
        "`/session start` 線下牌局記分；"
        "`/session show` `/session end` `/session list`\n"
        "`/score tiles` `/score quick` `/score draw` 記一手牌（由另一位玩家確認）；"
        "`/score undo` `/score void` 撤回一手（已計分的：記分員，或記錄者經另一位玩家確認）\n"
        "`/leaderboard` `/stats` `/history` `/export` 查看帳本\n"
        "`/profile` 玩家檔案（等級分、戰績）；`/season start` `/season end` 賽季（記分員）\n"
        "`/player link` `/player rename` 整理訪客（記分員）\n"
        "`/analyze` 何切：把一手牌的每種打法排序；"
        "`/puzzle new` `/puzzle leaderboard` 從電腦對局裡出的何切題\n"
        "`/replay` 逐步或以動畫回放機器人牌桌上打完的一手",
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
        "sequence in which a 宝 acts is not a win (有宝平胡), except when it robs a kong: discard "
        "into 宝吊头 or go clean. "
        "Each 宝 you discard (飞宝) doubles what you win and what you pay.",
        "zh-CN": "136 张牌，无花。发牌后翻一张跌宝牌，其下一张即为宝，四张宝都可百搭。只能自摸"
        "（含杠开）、抢杠，或庄家首打时地胡。有顺子且用宝当百搭的平胡不算胡（有宝平胡）："
        "应打成宝吊头或无宝（抢杠除外）。每飞一张宝，你赢的和输的都翻倍。",
        "zh-TW": "136 張牌，無花。發牌後翻一張跌寶牌，其下一張即為寶，四張寶都可百搭。只能自摸"
        "（含槓開）、搶槓，或莊家首打時地胡。有順子且用寶當百搭的平胡不算胡（有寶平胡）："
        "應打成寶吊頭或無寶（搶槓除外）。每飛一張寶，你贏的和輸的都翻倍。",
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
    "rules.preset_name.shangrao": {"en": "shangrao (上饶)", "zh-CN": "上饶", "zh-TW": "上饒"},
    "rules.preset_name.baike": {"en": "baike (百科)", "zh-CN": "百科", "zh-TW": "百科"},
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
    "rules.switch.rob_with_bao": {
        "en": "抢杠 with 宝 — an 有宝平胡 may rob a 补杠, scoring 1 × 6 (shangrao preset only)",
        "zh-CN": "有宝抢杠——有宝平胡也可以抢补杠，算 1 × 6 分（仅上饶方案）",
        "zh-TW": "有寶搶槓——有寶平胡也可以搶補槓，算 1 × 6 分（僅上饒方案）",
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
    "board.empty": {
        "en": "No confirmed hands yet in this server.",
        "zh-CN": "本服务器还没有已确认的牌局。",
        "zh-TW": "本伺服器還沒有已確認的牌局。",
    },
    "sessions.none": {
        "en": "No score sessions in this server yet.",
        "zh-CN": "本服务器还没有记分场次。",
        "zh-TW": "本伺服器還沒有記分場次。",
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


# What ``t`` reads: this module's messages, the table service's, the scorebook's, the
# scorekeeping screens', the rule book's, the hand analysis' and puzzles' and the replays' (each
# module keeps its own words).
ALL_MESSAGES = merged(
    MESSAGES,
    TABLE_MESSAGES,
    SERVICE_MESSAGES,
    SCOREBOOK_MESSAGES,
    SCORE_SCREEN_MESSAGES,
    RULEBOOK_MESSAGES,
    ANALYSIS_MESSAGES,
    REPLAY_MESSAGES,
    RATING_MESSAGES,
)


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
