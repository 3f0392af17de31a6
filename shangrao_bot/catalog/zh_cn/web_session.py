"""场次网页：座位与总分、结算（已结束的最终结算，或进行中时按现状的结算）、累计得分图和每一手牌。

简体中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.session.title": "场次 #{id}",
    "web.session.closed": "已结束",
    "web.session.seats": "座位与总分",
    "web.session.seat": "座位",
    "web.session.rules": "规则",
    "web.session.preset": "{preset:preset}",
    "web.session.stake": "底分",
    "web.session.opened": "开始",
    "web.session.closed_at": "结束",
    "web.session.counted": "已计",
    "web.session.pending_count": "{n} 手待确认",
    "web.session.settlement": "结算：谁付给谁",
    "web.session.settlement_now": "如果现在结束：谁该付给谁",
    "web.session.settlement_open_note": (
        "场次还在进行：以下是按现状结清所需的最少转账。只算已确认的牌。"
    ),
    "web.session.pays": "付给",
    "web.session.paid": "已付",
    "web.session.unpaid": "未付",
    "web.session.nobody_owes": "没有人需要付钱。",
    "web.session.chart": "累计得分",
    "web.session.chart_note": "只算已确认的牌。点一个点可跳到那一手。",
    "web.session.no_chart": "有一手牌确认后就会显示走势图。",
    "web.session.point": "#{seq} {name}：{total:+d}",
    "web.session.hands": "每一手",
    "web.session.hands_note": (
        "每个座位一列，列头是座位号和名字首字；胡牌者的分数为粗体。"
        "划掉的牌已作废，不计分；待确认的牌暂不计分。"
    ),
    "web.session.no_hands": "还没有记录任何一手。",
    "web.session.how.self": "自摸",
    "web.session.how.kong": "杠开",
    "web.session.how.rob": "抢杠",
    "web.session.how.tianhu": "天胡",
    "web.session.how.dihu": "地胡",
    "web.session.how.other": "胡别人的牌",
    "web.session.how.draw": "流局",
    "web.session.pending": "待确认",
    "web.session.voided": "已作废：",
    "web.session.replay": "回放",
    "web.session.flown": "飞宝{n}",
    "web.session.flown_title": "飞了 {n} 个宝",
}
