"""Replies of the bot's general commands: help, errors, /rules, /score's calculator.

In English.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "error.generic": "That did not work.",
    "error.internal": (
        "Sorry, something went wrong on our side (error id `{error_id}`). It was "
        "logged; please try again."
    ),
    "error.storage_unavailable": (
        "Storage is unavailable right now, so nothing was saved. Please try again in a moment."
    ),
    "error.admin_only": "Only server administrators can change the rules.",
    "error.guild_only": "This command works in a server, not in direct messages.",
    "error.bad_stake": "Stake {stake} is not allowed: use a whole number from 1 to 1000.",
    "help.title": "Shangrao mahjong (上饶麻将) bot",
    "help.intro": (
        "Play Shangrao mahjong with friends (and AI players) in a thread, or keep "
        "score of games at a real table. Every hand is scored by the rule book: 宝 "
        "wildcards, self-draw wins only (plus 抢杠 and 地胡), 飞宝 doubling, kong "
        "and 宝 bonuses."
    ),
    "help.commands": "Commands",
    "help.command_list": (
        "`/help` this message\n"
        "`/rules show` the server's preset, house rules, stake and language · "
        "`/rules set` change them (administrators) · `/rules explain` the rule book\n"
        "`/table create` a virtual table in a thread; `/table watch` `/table leave` "
        "`/table end` `/table dm` `/table list`\n"
        "`/session start` keep score at a physical table; `/session show` `/session "
        "end` `/session list`\n"
        "`/score tiles` `/score quick` `/score draw` record a hand (confirmed by "
        "another player); `/score undo` `/score void` take one back (once it counts: "
        "a scorer, or its recorder with another player's confirmation)\n"
        "`/leaderboard` `/stats` `/history` `/export` read the book\n"
        "`/profile` a player's card (rating, record); `/season start` `/season end` "
        "seasons (scorers)\n"
        "`/player link` `/player rename` tidy guests (scorers)\n"
        "`/analyze` what to discard (何切): a hand's discards ranked; `/puzzle new` "
        "`/puzzle leaderboard` 何切 puzzles from AI games\n"
        "`/replay` a finished bot-table hand, step by step or animated\n"
        "`/web link` the league's pages in a browser; `/web on` `/web rotate` `/web off` "
        "(administrators)"
    ),
    "help.rules": "Rules in short",
    "help.rules_text": (
        "136 tiles, no flowers. After the deal a tile is turned up (跌宝); the next "
        "kind in its cycle is the 宝: all four are wildcards. Win only by self-draw "
        "(杠开 included), by robbing a kong, or 地胡 on the dealer's first discard. "
        "A standard hand with a sequence in which a 宝 acts is not a win (有宝平胡), "
        "except when it robs a kong: discard into 宝吊头 or go clean. Each 宝 you "
        "discard (飞宝) doubles what you win and what you pay."
    ),
    "rules.title": "Rules of this server",
    "rules.preset": "Preset: **{preset}**",
    "rules.preset_name.shangrao": "shangrao (上饶)",
    "rules.preset_name.baike": "baike (百科)",
    "rules.preset.shangrao": (
        "multipliers (平胡自摸 ×2, 清碰碰胡 ×10, 宝吊头 ×3 …) with 杠开, 单吊, 九幺, "
        "飞宝 and 抢杠 modifiers"
    ),
    "rules.preset.baike": (
        "a flat point table (平胡无宝自摸 4, 七对 16 …), 飞宝 doubling, no robbing a kong"
    ),
    "rules.stake": "Stake: **{stake}** (multiplies every amount, bonuses included)",
    "rules.on": "on",
    "rules.off": "off",
    "rules.switch.indicator_kong": (
        "跌宝杠 — the three live tiles of the indicator's kind count as a kong"
    ),
    "rules.switch.di_hu": "地胡 — a non-dealer may win on the dealer's first discard",
    "rules.switch.qiang_gang": "抢杠 — a 补杠 may be robbed (shangrao preset only)",
    "rules.switch.baike_loose_baodiao": (
        "宝调 (baike) — other 宝 may act inside the sets of a 宝调 win"
    ),
    "rules.switch.rob_with_bao": (
        "抢杠 with 宝 — an 有宝平胡 may rob a 补杠, scoring 1 × 6 (shangrao preset only)"
    ),
    "rules.language": "Language of public messages and images: **{language}**",
    "rules.language.auto": "auto (the server's language)",
    "rules.language.en": "English",
    "rules.language.zh-CN": "简体中文 (simplified Chinese)",
    "rules.language.zh-TW": "繁體中文 (traditional Chinese)",
    "rules.updated": "Rules updated.",
    "rules.nothing": "Nothing to change: give at least one option.",
    "score.title": "Scored hand",
    "score.not_win": "Not a win: {reason}",
    "score.pattern": "Pattern: **{pattern}** ×{factor}",
    "score.value": "Each other player pays **{value}** (before their own 飞宝 doubling)",
    "score.calculator": "Calculator: nothing was recorded.",
    "score.bad_input": "{reason}",
    "board.empty": "No confirmed hands yet in this server.",
    "sessions.none": "No score sessions in this server yet.",
}
