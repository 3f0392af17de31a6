"""The words of ``/analyze`` (何切: a hand's discards ranked) and ``/puzzle`` (何切 problems from
AI games), in English, simplified and traditional Chinese. Registered with :mod:`.i18n`."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # --- /analyze ---------------------------------------------------------------------------
    "an.title": {
        "en": "What to discard (何切) · 宝 {bao}",
        "zh-CN": "何切 · 宝 {bao}",
        "zh-TW": "何切 · 寶 {bao}",
    },
    "an.title_state": {
        "en": "The hand as it stands · 宝 {bao}",
        "zh-CN": "现在的手牌 · 宝 {bao}",
        "zh-TW": "現在的手牌 · 寶 {bao}",
    },
    "an.hand": {"en": "Hand: `{hand}`", "zh-CN": "手牌：`{hand}`", "zh-TW": "手牌：`{hand}`"},
    "an.seen": {
        "en": "In sight: {n} tiles",
        "zh-CN": "已见：{n} 张",
        "zh-TW": "已見：{n} 張",
    },
    "an.shanten": {
        "en": "{n}-shanten · {left} tiles to draw ({kinds} kinds): {tiles}",
        "zh-CN": "{n} 向听 · 进张 {left} 张（{kinds} 种）：{tiles}",
        "zh-TW": "{n} 向聽 · 進張 {left} 張（{kinds} 種）：{tiles}",
    },
    "an.ready": {
        "en": "ready · expected value {ev}: {waits}",
        "zh-CN": "听牌 · 期望 {ev}：{waits}",
        "zh-TW": "聽牌 · 期望 {ev}：{waits}",
    },
    "an.no_wait": {
        "en": "ready, but no tile completes it",
        "zh-CN": "听牌，但没有能胡的牌",
        "zh-TW": "聽牌，但沒有能胡的牌",
    },
    "an.row": {
        "en": "**{rank}.** discard **{tile}** — {what}",
        "zh-CN": "**{rank}.** 打 **{tile}** — {what}",
        "zh-TW": "**{rank}.** 打 **{tile}** — {what}",
    },
    "an.state": {
        "en": "The hand as it stands: {what}",
        "zh-CN": "现在的手牌：{what}",
        "zh-TW": "現在的手牌：{what}",
    },
    "an.wait_value": {
        "en": "{tile}×{left} ({pattern} {value})",
        "zh-CN": "{tile}×{left}（{pattern} {value}）",
        "zh-TW": "{tile}×{left}（{pattern} {value}）",
    },
    "an.wait_no_win": {
        "en": "{tile}×{left} (no win)",
        "zh-CN": "{tile}×{left}（不能胡）",
        "zh-TW": "{tile}×{left}（不能胡）",
    },
    "an.baodiao": {
        "en": "宝吊头: every draw wins",
        "zh-CN": "宝吊头：摸什么都胡",
        "zh-TW": "寶吊頭：摸什麼都胡",
    },
    "an.steal_pays": {
        "en": "偷机 (declining a plain {plain}) is expected to pay {gain}",
        "zh-CN": "偷机（放弃 {plain} 分的平常胡）预计多得 {gain}",
        "zh-TW": "偷機（放棄 {plain} 分的平常胡）預計多得 {gain}",
    },
    "an.steal_not": {
        "en": "偷机 (declining a plain {plain}) is not expected to pay ({gain})",
        "zh-CN": "偷机（放弃 {plain} 分的平常胡）预计不划算（{gain}）",
        "zh-TW": "偷機（放棄 {plain} 分的平常胡）預計不划算（{gain}）",
    },
    "an.more": {
        "en": "… and {n} more discards",
        "zh-CN": "……另有 {n} 种打法",
        "zh-TW": "……另有 {n} 種打法",
    },
    "an.rule": {
        "en": "Ranked by fewer shanten, then by the draws that help weighted by what the hand "
        "can pay (when ready: the expected value of the waits). ×N: copies you have not seen; "
        "values are per payer, self-drawn now.",
        "zh-CN": "排序：先比向听数，再比进张（按能胡的分数加权；听牌时比胡牌的期望分）。"
        "× 后面的数：还没见到的张数；分数是现在自摸时每家付的分。",
        "zh-TW": "排序：先比向聽數，再比進張（按能胡的分數加權；聽牌時比胡牌的期望分）。"
        "× 後面的數：還沒見到的張數；分數是現在自摸時每家付的分。",
    },
    "an.bad_input": {
        "en": "{reason}",
        "zh-CN": "输入有误：{reason}",
        "zh-TW": "輸入有誤：{reason}",
    },
    "an.no_picture": {
        "en": "(The picture could not be drawn just now; the ranking is above.)",
        "zh-CN": "（图片暂时画不出来；排序见上。）",
        "zh-TW": "（圖片暫時畫不出來；排序見上。）",
    },
    # --- /puzzle ----------------------------------------------------------------------------
    "pz.title": {
        "en": "何切 puzzle #{id}",
        "zh-CN": "何切题 #{id}",
        "zh-TW": "何切題 #{id}",
    },
    "pz.daily_title": {
        "en": "Daily 何切 puzzle #{id} — {date}",
        "zh-CN": "每日何切题 #{id} — {date}",
        "zh-TW": "每日何切題 #{id} — {date}",
    },
    "pz.question": {
        "en": "From an AI game: {wind} is to discard, 宝 {bao}. What would you discard?\n"
        "Answer with a button (you may change your answer until the reveal). "
        "The answer is shown {when}.",
        "zh-CN": "来自电脑对局：轮到{wind}打牌，宝是 {bao}。你打哪张？\n"
        "点按钮作答（揭晓前可以改答案）。{when}揭晓答案。",
        "zh-TW": "來自電腦對局：輪到{wind}打牌，寶是 {bao}。你打哪張？\n"
        "點按鈕作答（揭曉前可以改答案）。{when}揭曉答案。",
    },
    "pz.seed": {
        "en": "Seed `{seed}` — `/puzzle new` with this seed poses it again.",
        "zh-CN": "种子 `{seed}`——用 `/puzzle new` 加这个种子可以再出这道题。",
        "zh-TW": "種子 `{seed}`——用 `/puzzle new` 加這個種子可以再出這道題。",
    },
    "pz.reveal": {"en": "Reveal", "zh-CN": "揭晓", "zh-TW": "揭曉"},
    "pz.answered": {
        "en": "Your answer: discard **{tile}**. You can change it until the reveal.",
        "zh-CN": "你的答案：打 **{tile}**。揭晓前可以改。",
        "zh-TW": "你的答案：打 **{tile}**。揭曉前可以改。",
    },
    "pz.closed": {
        "en": "This puzzle has been revealed: answers are closed.",
        "zh-CN": "这道题已经揭晓，不能再作答。",
        "zh-TW": "這道題已經揭曉，不能再作答。",
    },
    "pz.gone": {
        "en": "This puzzle is no longer known to the bot.",
        "zh-CN": "机器人找不到这道题了。",
        "zh-TW": "機器人找不到這道題了。",
    },
    "pz.only_poster": {
        "en": "Only the member who posed this puzzle (or an administrator) can reveal it "
        "early; it is revealed {when} anyway.",
        "zh-CN": "只有出题的人（或管理员）可以提前揭晓；{when}会自动揭晓。",
        "zh-TW": "只有出題的人（或管理員）可以提前揭曉；{when}會自動揭曉。",
    },
    "pz.result": {
        "en": "Answer: discard **{tile}**. {right} of {total} answered it.",
        "zh-CN": "答案：打 **{tile}**。{total} 人作答，{right} 人答对。",
        "zh-TW": "答案：打 **{tile}**。{total} 人作答，{right} 人答對。",
    },
    "pz.why": {
        "en": "Why: {why}",
        "zh-CN": "理由：{why}",
        "zh-TW": "理由：{why}",
    },
    "pz.why_shanten": {
        "en": "it leaves {best}-shanten, the next best {second}-shanten",
        "zh-CN": "它留下 {best} 向听，次好的打法是 {second} 向听",
        "zh-TW": "它留下 {best} 向聽，次好的打法是 {second} 向聽",
    },
    "pz.why_weight": {
        "en": "same shanten, but {left} tiles to draw against {second_left}, worth {weight} "
        "against {second_weight}",
        "zh-CN": "向听相同，但进张 {left} 张对 {second_left} 张，价值 {weight} 对 {second_weight}",
        "zh-TW": "向聽相同，但進張 {left} 張對 {second_left} 張，價值 {weight} 對 {second_weight}",
    },
    "pz.who": {
        "en": "{tile}: {who}",
        "zh-CN": "{tile}：{who}",
        "zh-TW": "{tile}：{who}",
    },
    "pz.nobody": {
        "en": "Nobody answered.",
        "zh-CN": "没有人作答。",
        "zh-TW": "沒有人作答。",
    },
    "pz.none_found": {
        "en": "No turn of the AI games from seed `{seed}` made a clear puzzle: try another seed.",
        "zh-CN": "种子 `{seed}` 的电脑对局里没有合适的何切题：请换一个种子。",
        "zh-TW": "種子 `{seed}` 的電腦對局裡沒有合適的何切題：請換一個種子。",
    },
    "pz.board_title": {
        "en": "何切 puzzles: correct answers",
        "zh-CN": "何切题：答对次数",
        "zh-TW": "何切題：答對次數",
    },
    "pz.board_line": {
        "en": "**{rank}.** <@{user}> — {right} of {answered} correct",
        "zh-CN": "**{rank}.** <@{user}> — 答对 {right} 题（共答 {answered} 题）",
        "zh-TW": "**{rank}.** <@{user}> — 答對 {right} 題（共答 {answered} 題）",
    },
    "pz.board_empty": {
        "en": "No puzzle of this server has been revealed with answers yet.",
        "zh-CN": "本服务器还没有揭晓过有人作答的何切题。",
        "zh-TW": "本伺服器還沒有揭曉過有人作答的何切題。",
    },
    # --- the daily puzzle in /rules -----------------------------------------------------------
    "pz.rules_daily_on": {
        "en": "Daily 何切 puzzle: **on**, in <#{channel}>; answers open {minutes} min",
        "zh-CN": "每日何切题：**开**，发在 <#{channel}>；作答时间 {minutes} 分钟",
        "zh-TW": "每日何切題：**開**，發在 <#{channel}>；作答時間 {minutes} 分鐘",
    },
    "pz.rules_daily_off": {
        "en": "Daily 何切 puzzle: **off**; answers open {minutes} min",
        "zh-CN": "每日何切题：**关**；作答时间 {minutes} 分钟",
        "zh-TW": "每日何切題：**關**；作答時間 {minutes} 分鐘",
    },
    "pz.daily_needs_channel": {
        "en": "Name the channel for the daily puzzle (puzzle_channel in `/rules set`) to "
        "switch it on.",
        "zh-CN": "要开启每日何切题，请在 `/rules set` 里指定何切频道。",
        "zh-TW": "要開啟每日何切題，請在 `/rules set` 裡指定何切頻道。",
    },
}
