"""復盤網頁：一位玩家在一手機器人牌桌上的每個決定，由何切分析評判（動作本身沿用 /review 的說法，
``review.do.*``）。

繁體中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.review.title": "復盤 · 第 #{hand} 手",
    "web.review.heading": "第 #{hand} 手復盤",
    "web.review.rating": "評分",
    "web.review.first_choices": "與分析首選一致",
    "web.review.lost": "損失期望分",
    "web.review.mistakes": "失誤",
    "web.review.how": (
        "每個決定都由何切分析只從這位玩家自己的視角評判：自己的牌和桌面上看得到的牌，"
        "從不看其他玩家的暗牌。分數是底分為 1 時的期望分。"
    ),
    "web.review.replay": "回放這手牌",
    "web.review.worst": "最大的失誤",
    "web.review.better": "更好：{what}",
    "web.review.clean": "沒有失誤：每個決定都和分析的首選一樣好。",
    "web.review.no_decisions": "這位玩家在這手牌裡沒有需要做的決定。",
    "web.review.legend": "顏色",
    "web.review.sev1": "小：損失不到 {low} 分",
    "web.review.sev2": "明顯：{low} 到 {high} 分",
    "web.review.sev3": "大：{high} 分及以上",
    "web.review.decisions": "全部決定",
    "web.review.all": "全部決定",
    "web.review.only_mistakes": "只看失誤",
    "web.review.col.step": "步",
    "web.review.col.hand": "手牌",
    "web.review.col.you": "實際",
    "web.review.col.preferred": "分析首選",
    "web.review.col.rank": "排名",
    "web.review.col.lost": "損失",
    "web.review.step": "第 {step} 步",
    "web.review.live": "牌牆剩 {n} 張",
    "web.review.bao": "寶 {tile}",
    "web.review.offered": "應對 {tile}",
    "web.review.unjudged": "不評判",
    "web.review.rank": "第 {rank}/{n}",
    "web.review.ready_broken": "放棄了聽牌",
    "web.review.agrees": "一樣好",
    "web.review.fig.distance": "離真胡",
    "web.review.fig.useful": "進張",
    "web.review.fig.chance": "和牌率",
    "web.review.fig.expected": "期望分",
    "web.review.ready": "聽牌",
    "web.review.away": "{n} 向聽",
    "web.review.kind.discard": "打牌",
    "web.review.kind.fly": "飛寶",
    "web.review.kind.claim": "吃碰槓",
    "web.review.kind.win": "胡還是繼續",
    "web.review.kind.kong": "槓",
}
