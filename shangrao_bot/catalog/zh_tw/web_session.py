"""場次網頁：座位與總分、結算（已結束的最終結算，或進行中時按現狀的結算）、累計得分圖和每一手牌。

繁體中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "web.session.title": "場次 #{id}",
    "web.session.closed": "已結束",
    "web.session.seats": "座位與總分",
    "web.session.seat": "座位",
    "web.session.rules": "規則",
    "web.session.preset": "{preset:preset}",
    "web.session.stake": "底分",
    "web.session.opened": "開始",
    "web.session.closed_at": "結束",
    "web.session.counted": "已計",
    "web.session.pending_count": "{n} 手待確認",
    "web.session.settlement": "結算：誰付給誰",
    "web.session.settlement_now": "如果現在結束：誰該付給誰",
    "web.session.settlement_open_note": (
        "場次還在進行：以下是按現狀結清所需的最少轉帳。只算已確認的牌。"
    ),
    "web.session.pays": "付給",
    "web.session.paid": "已付",
    "web.session.unpaid": "未付",
    "web.session.nobody_owes": "沒有人需要付錢。",
    "web.session.chart": "累計得分",
    "web.session.chart_note": "只算已確認的牌。點一個點可跳到那一手。",
    "web.session.no_chart": "有一手牌確認後就會顯示走勢圖。",
    "web.session.point": "#{seq} {name}：{total:+d}",
    "web.session.hands": "每一手",
    "web.session.hands_note": (
        "每個座位一欄，欄頭是座位號和名字首字；胡牌者的分數為粗體。"
        "劃掉的牌已作廢，不計分；待確認的牌暫不計分。"
    ),
    "web.session.no_hands": "還沒有記錄任何一手。",
    "web.session.how.self": "自摸",
    "web.session.how.kong": "槓開",
    "web.session.how.rob": "搶槓",
    "web.session.how.tianhu": "天胡",
    "web.session.how.dihu": "地胡",
    "web.session.how.other": "胡別人的牌",
    "web.session.how.draw": "流局",
    "web.session.pending": "待確認",
    "web.session.voided": "已作廢：",
    "web.session.replay": "回放",
    "web.session.flown": "飛寶{n}",
    "web.session.flown_title": "飛了 {n} 個寶",
}
