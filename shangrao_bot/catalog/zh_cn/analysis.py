"""/analyze (何切: a hand's discards ranked) and /puzzle.

In 简体中文 (simplified Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "an.title": "何切 · 宝 {bao}",
    "an.title_state": "现在的手牌 · 宝 {bao}",
    "an.hand": "手牌：`{hand}`",
    "an.seen": "已见：{n} 张",
    "an.shanten": "离真胡 {n} 向听 · 进张 {left} 张（{kinds} 种）：{tiles}",
    "an.outlook": "和牌 {chance}% · 期望 {points} 分",
    "an.youbao_only": "看似听牌，但只能成有宝平胡（不算胡）",
    "an.ready": "听牌：{waits}",
    "an.no_wait": "听牌，但没有能胡的牌",
    "an.row": "**{rank}.** 打 **{tile}** — {what}",
    "an.state": "现在的手牌：{what}",
    "an.wait_value": "{tile}×{left}（{pattern} {value}）",
    "an.wait_no_win": "{tile}×{left}（不能胡）",
    "an.baodiao": "宝吊头：摸什么都胡",
    "an.steal_pays": "偷机（放弃 {plain} 分的平常胡）预计多得 {gain}",
    "an.steal_not": "偷机（放弃 {plain} 分的平常胡）预计不划算（{gain}）",
    "an.more": "……另有 {n} 种打法",
    "an.rule": (
        "按每种打法的期望分排序：牌墙摸完前真正和牌的机会 × 和牌的分数，减去别家和牌要付的分。"
        "听牌或一向听的打法排在前面；有宝平胡不算胡，只能成有宝平胡的手牌不算听牌。× "
        "后面的数：还没见到的张数；分数是现在自摸时每家付的分。"
    ),
    "an.bad_input": "输入有误：{reason}",
    "an.no_picture": "（图片暂时画不出来；排序见上。）",
    "pz.title": "何切题 #{id}",
    "pz.daily_title": "每日何切题 #{id} — {date}",
    "pz.question": (
        "来自电脑对局：轮到{wind}打牌，宝是 {bao}。你打哪张？\n"
        "点按钮作答（揭晓前可以改答案）。{when}揭晓答案。"
    ),
    "pz.seed": "种子 `{seed}`——用 `/puzzle new` 加这个种子可以再出这道题。",
    "pz.reveal": "揭晓",
    "pz.answered": "你的答案：打 **{tile}**。揭晓前可以改。",
    "pz.closed": "这道题已经揭晓，不能再作答。",
    "pz.gone": "机器人找不到这道题了。",
    "pz.only_poster": "只有出题的人（或管理员）可以提前揭晓；{when}会自动揭晓。",
    "pz.result": "答案：打 **{tile}**。{total} 人作答，{right} 人答对。",
    "pz.why": "理由：{why}",
    "pz.why_shanten": "它留下 {best} 向听，次好的打法是 {second} 向听",
    "pz.why_weight": (
        "离真胡一样近，但和牌机会 {chance}% 对 {second_chance}%，"
        "期望 {points} 分对 {second_points} 分"
    ),
    "pz.who": "{tile}：{who}",
    "pz.nobody": "没有人作答。",
    "pz.none_found": "种子 `{seed}` 的电脑对局里没有合适的何切题：请换一个种子。",
    "pz.board_title": "何切题：答对次数",
    "pz.board_line": "**{rank}.** <@{user}> — 答对 {right} 题（共答 {answered} 题）",
    "pz.board_empty": "本服务器还没有揭晓过有人作答的何切题。",
    "pz.rules_daily_on": "每日何切题：**开**，发在 <#{channel}>；作答时间 {minutes} 分钟",
    "pz.rules_daily_off": "每日何切题：**关**；作答时间 {minutes} 分钟",
    "pz.daily_needs_channel": "要开启每日何切题，请在 `/rules set` 里指定何切频道。",
}
