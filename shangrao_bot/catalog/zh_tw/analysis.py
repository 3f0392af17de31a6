"""/analyze (何切: a hand's discards ranked) and /puzzle.

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "an.title": "何切 · 寶 {bao}",
    "an.title_state": "現在的手牌 · 寶 {bao}",
    "an.hand": "手牌：`{hand}`",
    "an.seen": "已見：{n} 張",
    "an.shanten": "離真胡 {n} 向聽 · 進張 {left} 張（{kinds} 種）：{tiles}",
    "an.outlook": "和牌 {chance}% · 期望 {points} 分",
    "an.youbao_only": "看似聽牌，但只能成有寶平胡（不算胡）",
    "an.ready": "聽牌：{waits}",
    "an.no_wait": "聽牌，但沒有能胡的牌",
    "an.row": "**{rank}.** 打 **{tile}** — {what}",
    "an.state": "現在的手牌：{what}",
    "an.wait_value": "{tile}×{left}（{pattern} {value}）",
    "an.wait_no_win": "{tile}×{left}（不能胡）",
    "an.baodiao": "寶吊頭：摸什麼都胡",
    "an.steal_pays": "偷機（放棄 {plain} 分的平常胡）預計多得 {gain}",
    "an.steal_not": "偷機（放棄 {plain} 分的平常胡）預計不划算（{gain}）",
    "an.more": "……另有 {n} 種打法",
    "an.rule": (
        "按每種打法的期望分排序：牌牆摸完前真正和牌的機會 × 和牌的分數，減去別家和牌要付的分。"
        "聽牌或一向聽的打法排在前面；有寶平胡不算胡，只能成有寶平胡的手牌不算聽牌。× "
        "後面的數：還沒見到的張數；分數是現在自摸時每家付的分。"
    ),
    "an.bad_input": "輸入有誤：{reason}",
    "an.no_picture": "（圖片暫時畫不出來；排序見上。）",
    "pz.title": "何切題 #{id}",
    "pz.daily_title": "每日何切題 #{id} — {date}",
    "pz.question": (
        "來自電腦對局：輪到{wind}打牌，寶是 {bao}。你打哪張？\n"
        "點按鈕作答（揭曉前可以改答案）。{when}揭曉答案。"
    ),
    "pz.seed": "種子 `{seed}`——用 `/puzzle new` 加這個種子可以再出這道題。",
    "pz.reveal": "揭曉",
    "pz.answered": "你的答案：打 **{tile}**。揭曉前可以改。",
    "pz.closed": "這道題已經揭曉，不能再作答。",
    "pz.gone": "機器人找不到這道題了。",
    "pz.only_poster": "只有出題的人（或管理員）可以提前揭曉；{when}會自動揭曉。",
    "pz.result": "答案：打 **{tile}**。{total} 人作答，{right} 人答對。",
    "pz.why": "理由：{why}",
    "pz.why_shanten": "它留下 {best} 向聽，次好的打法是 {second} 向聽",
    "pz.why_weight": (
        "離真胡一樣近，但和牌機會 {chance}% 對 {second_chance}%，"
        "期望 {points} 分對 {second_points} 分"
    ),
    "pz.who": "{tile}：{who}",
    "pz.nobody": "沒有人作答。",
    "pz.none_found": "種子 `{seed}` 的電腦對局裡沒有合適的何切題：請換一個種子。",
    "pz.board_title": "何切題：答對次數",
    "pz.board_line": "**{rank}.** <@{user}> — 答對 {right} 題（共答 {answered} 題）",
    "pz.board_empty": "本伺服器還沒有揭曉過有人作答的何切題。",
    "pz.rules_daily_on": "每日何切題：**開**，發在 <#{channel}>；作答時間 {minutes} 分鐘",
    "pz.rules_daily_off": "每日何切題：**關**；作答時間 {minutes} 分鐘",
    "pz.daily_needs_channel": "要開啟每日何切題，請在 `/rules set` 裡指定何切頻道。",
}
