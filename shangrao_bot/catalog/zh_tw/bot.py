"""Replies of the bot's general commands: help, errors, /rules, /score's calculator.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "error.generic": "操作沒有成功。",
    "error.internal": "抱歉，機器人出了點問題（錯誤編號 `{error_id}`），已記錄。請再試一次。",
    "error.storage_unavailable": "儲存暫時無法使用，這次操作沒有儲存。請稍後再試一次。",
    "error.admin_only": "只有伺服器管理員可以修改規則。",
    "error.guild_only": "此指令只能在伺服器中使用，不能在私訊中使用。",
    "error.bad_stake": "底分 {stake} 不可用：請用 1 到 1000 的整數。",
    "help.title": "上饒麻將機器人",
    "help.intro": (
        "在討論串裡和朋友（或電腦玩家）打上饒麻將，或為線下牌局記分。每一手都按規則計"
        "算：寶牌百搭、只能自摸（另有搶槓和地胡）、飛寶翻倍、槓與寶的獎勵分。"
    ),
    "help.commands": "指令",
    "help.command_list": (
        "`/help` 本說明\n"
        "`/rules show` 本伺服器的計分方案、房規、底分和語言 · `/rules set` "
        "修改它們（管理員） · `/rules explain` 規則書\n"
        "`/table create` 在討論串裡開一張虛擬牌桌；`/table watch` `/table leave` "
        "`/table end` `/table dm` `/table list`\n"
        "`/session start` 線下牌局記分；`/session show` `/session end` `/session "
        "list`\n"
        "`/score tiles` `/score quick` `/score draw` "
        "記一手牌（由另一位玩家確認）；`/score undo` `/score void` "
        "撤回一手（已計分的：記分員，或記錄者經另一位玩家確認）\n"
        "`/leaderboard` `/stats` `/history` `/export` 查看帳本\n"
        "`/profile` 玩家檔案（等級分、戰績）；`/season start` `/season end` "
        "賽季（記分員）\n"
        "`/player link` `/player rename` 整理訪客（記分員）\n"
        "`/analyze` 何切：把一手牌的每種打法排序；`/puzzle new` `/puzzle "
        "leaderboard` 從電腦對局裡出的何切題\n"
        "`/replay` 逐步或以動畫回放機器人牌桌上打完的一手\n"
        "`/web link` 在瀏覽器裡看牌社網頁；`/web on` `/web rotate` `/web off`（管理員）"
    ),
    "help.rules": "規則簡介",
    "help.rules_text": (
        "136 張牌，無花。發牌後翻一張跌寶牌，其下一張即為寶，四張寶都可百搭。只能自摸"
        "（含槓開）、搶槓，或莊家首打時地胡。有順子且用寶當百搭的平胡不算胡（有寶平胡"
        "）：應打成寶吊頭或無寶（搶槓除外）。每飛一張寶，你贏的和輸的都翻倍。"
    ),
    "rules.title": "本伺服器的規則",
    "rules.preset": "計分方案：**{preset}**",
    "rules.preset_name.shangrao": "上饒",
    "rules.preset_name.baike": "百科",
    "rules.preset.shangrao": (
        "倍數計分（平胡自摸 ×2、清碰碰胡 ×10、寶吊頭 ×3 …），另有槓開、單吊、九幺、飛寶、搶槓"
    ),
    "rules.preset.baike": "固定分表（平胡無寶自摸 4 分、七對 16 分 …），飛寶翻倍，不能搶槓",
    "rules.stake": "底分：**{stake}**（所有分數都乘以它，獎勵分也是）",
    "rules.on": "開",
    "rules.off": "關",
    "rules.switch.indicator_kong": "跌寶槓——與跌寶牌同種的其餘三張算一個槓",
    "rules.switch.di_hu": "地胡——閒家可胡莊家打出的第一張牌",
    "rules.switch.qiang_gang": "搶槓——可以搶別人的補槓（僅上饒方案）",
    "rules.switch.baike_loose_baodiao": "寶調（百科方案）——寶調胡牌時其他寶可在面子中百搭",
    "rules.switch.rob_with_bao": "有寶搶槓——有寶平胡也可以搶補槓，算 1 × 6 分（僅上饒方案）",
    "rules.language": "公開訊息和圖片的語言：**{language}**",
    "rules.language.auto": "自動（跟隨伺服器語言）",
    "rules.language.en": "英文",
    "rules.language.zh-CN": "簡體中文",
    "rules.language.zh-TW": "繁體中文",
    "rules.updated": "規則已更新。",
    "rules.nothing": "沒有要修改的內容：請至少填寫一個選項。",
    "score.title": "計分結果",
    "score.not_win": "不算胡：{reason}",
    "score.pattern": "牌型：**{pattern}** ×{factor}",
    "score.value": "其他每家付 **{value}**（各自飛寶翻倍前）",
    "score.calculator": "計算器模式：沒有記錄任何內容。",
    "score.bad_input": "輸入有誤：{reason}",
    "board.empty": "本伺服器還沒有已確認的牌局。",
    "sessions.none": "本伺服器還沒有記分場次。",
}
