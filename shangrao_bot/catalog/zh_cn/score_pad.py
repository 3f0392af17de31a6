"""记分板：点几下记下实体牌桌的一手。

简体中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "pad.btn.record": "记一手",
    "pad.title": "📝 记分板 · 第 {session} 场",
    "pad.step.winner": "谁胡了？或者流局。本桌最常见的胡法点一下就好。",
    "pad.step.how": "怎么胡的？",
    "pad.step.pattern": "什么牌型？有单吊或九幺就点上。",
    "pad.step.counts": "飞宝和奖励：先选玩家，再点 − / +。",
    "pad.btn.draw": "流局",
    "pad.btn.same": "同上一手",
    "pad.btn.back": "◀ 返回",
    "pad.btn.next": "下一步 ▶",
    "pad.btn.preview": "预览 ✓",
    "pad.btn.close": "关闭",
    "pad.how.self": "自摸",
    "pad.how.kong": "杠开",
    "pad.how.rob": "抢杠",
    "pad.how.tianhu": "天胡",
    "pad.how.dihu": "地胡",
    "pad.chain": "连杠 {n}",
    "pad.robbed": "抢{name}的杠",
    "pad.patterns": "牌型 {first}–{last}",
    "pad.count.flown": "飞宝",
    "pad.summary.winner": "{name} 胡",
    "pad.summary.draw": "流局：只结算杠和宝的奖励",
    "pad.undecided": "请先选胡牌的人和牌型（或流局）。",
    "pad.sent": "已提交：第 {seq} 手在频道里等待确认。",
    "pad.closed": "记分板已关闭，什么都没有记录。",
    "pad.expired": "这个记分板已过期，不再保留任何内容。请点记分牌下面的「记一手」重新打开。",
    "pad.also": "{name} 也在记这一手（{minutes} 分钟前操作过）。",
    "pad.not_yours": "这是 {name} 的记分板。请点记分牌下面的「记一手」打开你自己的。",
    "pad.session_closed": "第 {session} 场已经结束，不能再记牌。用 `/session start` 开新的一场。",
}
