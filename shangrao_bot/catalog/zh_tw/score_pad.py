"""記分板：點幾下記下實體牌桌的一手。

繁體中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "pad.btn.record": "記一手",
    "pad.title": "📝 記分板 · 第 {session} 場",
    "pad.step.winner": "誰胡了？或者流局。本桌最常見的胡法點一下就好。",
    "pad.step.how": "怎麼胡的？",
    "pad.step.pattern": "什麼牌型？有單吊或九幺就點上。",
    "pad.step.counts": "飛寶和獎勵：先選玩家，再點 − / +。",
    "pad.btn.draw": "流局",
    "pad.btn.same": "同上一手",
    "pad.btn.back": "◀ 返回",
    "pad.btn.next": "下一步 ▶",
    "pad.btn.preview": "預覽 ✓",
    "pad.btn.close": "關閉",
    "pad.how.self": "自摸",
    "pad.how.kong": "槓開",
    "pad.how.rob": "搶槓",
    "pad.how.tianhu": "天胡",
    "pad.how.dihu": "地胡",
    "pad.chain": "連槓 {n}",
    "pad.robbed": "搶{name}的槓",
    "pad.patterns": "牌型 {first}–{last}",
    "pad.count.flown": "飛寶",
    "pad.summary.winner": "{name} 胡",
    "pad.summary.draw": "流局：只結算槓和寶的獎勵",
    "pad.undecided": "請先選胡牌的人和牌型（或流局）。",
    "pad.sent": "已提交：第 {seq} 手在頻道裡等待確認。",
    "pad.closed": "記分板已關閉，什麼都沒有記錄。",
    "pad.expired": "這個記分板已過期，不再保留任何內容。請點記分牌下面的「記一手」重新打開。",
    "pad.also": "{name} 也在記這一手（{minutes} 分鐘前操作過）。",
    "pad.not_yours": "這是 {name} 的記分板。請點記分牌下面的「記一手」打開你自己的。",
    "pad.session_closed": "第 {session} 場已經結束，不能再記牌。用 `/session start` 開新的一場。",
}
