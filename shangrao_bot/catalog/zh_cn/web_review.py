"""复盘网页：一位玩家在一手机器人牌桌上的每个决定，由何切分析评判（动作本身沿用 /review 的说法，
``review.do.*``）。

简体中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.review.title": "复盘 · 第 #{hand} 手",
    "web.review.heading": "第 #{hand} 手复盘",
    "web.review.rating": "评分",
    "web.review.first_choices": "与分析首选一致",
    "web.review.lost": "损失期望分",
    "web.review.mistakes": "失误",
    "web.review.how": (
        "每个决定都由何切分析只从这位玩家自己的视角评判：自己的牌和桌面上看得到的牌，"
        "从不看其他玩家的暗牌。分数是底分为 1 时的期望分。"
    ),
    "web.review.replay": "回放这手牌",
    "web.review.worst": "最大的失误",
    "web.review.better": "更好：{what}",
    "web.review.clean": "没有失误：每个决定都和分析的首选一样好。",
    "web.review.no_decisions": "这位玩家在这手牌里没有需要做的决定。",
    "web.review.legend": "颜色",
    "web.review.sev1": "小：损失不到 {low} 分",
    "web.review.sev2": "明显：{low} 到 {high} 分",
    "web.review.sev3": "大：{high} 分及以上",
    "web.review.decisions": "全部决定",
    "web.review.all": "全部决定",
    "web.review.only_mistakes": "只看失误",
    "web.review.col.step": "步",
    "web.review.col.hand": "手牌",
    "web.review.col.you": "实际",
    "web.review.col.preferred": "分析首选",
    "web.review.col.rank": "排名",
    "web.review.col.lost": "损失",
    "web.review.step": "第 {step} 步",
    "web.review.live": "牌墙剩 {n} 张",
    "web.review.bao": "宝 {tile}",
    "web.review.offered": "应对 {tile}",
    "web.review.unjudged": "不评判",
    "web.review.rank": "第 {rank}/{n}",
    "web.review.ready_broken": "放弃了听牌",
    "web.review.agrees": "一样好",
    "web.review.fig.distance": "离真胡",
    "web.review.fig.useful": "进张",
    "web.review.fig.chance": "和牌率",
    "web.review.fig.expected": "期望分",
    "web.review.ready": "听牌",
    "web.review.away": "{n} 向听",
    "web.review.kind.discard": "打牌",
    "web.review.kind.fly": "飞宝",
    "web.review.kind.claim": "吃碰杠",
    "web.review.kind.win": "胡还是继续",
    "web.review.kind.kong": "杠",
}
