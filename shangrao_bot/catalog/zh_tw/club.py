"""俱樂部比賽（多桌、多輪的比賽夜和錦標賽）：比賽服務的拒絕（``club.…``），以及 Discord 裡
比賽的訊息、按鈕、排位、排名和私信（``club.ui.…``）。

繁體中文。
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "club.organiser_only": "只有“{name}”的組織者（創建者、記分員或管理員）可以這樣做。",
    "club.nobody_named": "請至少寫一名玩家：成員用 @ 提及，客人寫名字。",
    "club.finished": "比賽“{name}”已經結束。",
    "club.round_playing": "第 {round} 輪還在進行，請先結束這一輪。",
    "club.no_round_playing": "現在沒有正在進行的一輪。",
    "club.no_rounds_left": "{rounds} 輪都已打完，請結束比賽。",
    "club.virtual_guest": (
        "{name} 是客人：虛擬桌需要成員自己按按鈕。請移除這位客人，或讓這場比賽在實體桌進行。"
    ),
    "club.choose_fill": (
        "{count} 名玩家湊不成整桌。請選擇：本輪 {rest} 人輪空，或補 {fill} 個座位。"
    ),
    "club.too_few": "比賽至少要 {least} 人入座（兩桌），現在只有 {count} 人。請加人，或補上空座。",
    "club.manual_tables": "這場比賽手動排位：用 `/event seat` 寫出各桌，才能開始這一輪。",
    "club.not_manual": "這場比賽自動排位：請按“開始”按鈕。",
    "club.no_event": "這個頻道沒有進行中的比賽。用 `/event create` 創建一場。",
    "club.bad_table_line": (
        "第 {table} 桌寫了 {count} 個座位：每桌寫四個（成員用 @，客人寫名字，補位寫 `-`），"
        "一行一桌。"
    ),
    "club.unknown_player": "{name} 不在這場比賽中。用 `/event add` 加入。",
    "club.not_member": "<@{id}> 不是本伺服器成員：請 @提及成員，或寫客人的名字。",
    "club.not_seated": "{name} 不在正在進行的這一輪裡。",
    "club.ui.title": "🀄 {name}",
    "club.ui.settings": (
        "{rounds} 輪 · {seating} · {tables} · {preset:preset} · 每輪 {hands} 局 · 輪空記 {resting}"
    ),
    "club.ui.seating.swiss": "瑞士制排位",
    "club.ui.seating.random": "隨機排位",
    "club.ui.seating.manual": "手動排位",
    "club.ui.tables.physical": "實體桌",
    "club.ui.tables.virtual": "虛擬桌",
    "club.ui.resting.zero": "0 分",
    "club.ui.resting.lowest": "本輪最低分",
    "club.ui.organiser": "組織者：{name}",
    "club.ui.players": "玩家（{n}）",
    "club.ui.no_players": "還沒有人：請按“加入”。",
    "club.ui.player_late": "{name}（第 {round} 輪起）",
    "club.ui.player_left": "{name}（第 {round} 輪後退出）",
    "club.ui.status.waiting": "第 {round}/{rounds} 輪等組織者開始。",
    "club.ui.status.playing": "第 {round}/{rounds} 輪進行中：{done}/{tables} 桌已打完。",
    "club.ui.status.all_played": "{rounds} 輪都已打完：組織者用 `/event finish` 結束比賽。",
    "club.ui.status.finished": "已結束。",
    "club.ui.join": "加入",
    "club.ui.leave": "退出",
    "club.ui.start": "開始第 {round} 輪",
    "club.ui.close": "結束第 {round} 輪",
    "club.ui.standings_button": "排名",
    "club.ui.joined": "你從第 {round} 輪起參加“{name}”。",
    "club.ui.left": "從下一輪起，“{name}”不再給你排位。",
    "club.ui.added": "已加入：{names}。",
    "club.ui.removed": "從下一輪起不再給 {name} 排位。",
    "club.ui.created": "比賽已開放：玩家請按“加入”；每一輪由組織者開始。",
    "club.ui.choice": "{count} 名玩家湊不成四人一桌。第 {round} 輪怎麼開始？",
    "club.ui.choice.rest": "{n} 人輪空",
    "club.ui.choice.fill_physical": "補 {n} 個替補",
    "club.ui.choice.fill_virtual": "補 {n} 個電腦",
    "club.ui.seating_title": "第 {round} 輪排位",
    "club.ui.table": "第 {table} 桌",
    "club.ui.seat": "{wind:wind} {name}",
    "club.ui.substitute": "替補",
    "club.ui.ai_seat": "電腦",
    "club.ui.resting": "輪空：{names}",
    "club.ui.repeats": "再次同桌的對數：{repeats}",
    "club.ui.repeats_none": "沒有人和同一個人同桌兩次。",
    "club.ui.table_thread": "第 {round} 輪 · 第 {table} 桌",
    "club.ui.dm": "“{event}”第 {round} 輪：你在第 {table} 桌，坐{wind:wind}。你的牌桌：{where}",
    "club.ui.dm_resting": "“{event}”第 {round} 輪：你本輪輪空。",
    "club.ui.substitute_name": "替補{n}",
    "club.ui.close_confirm": (
        "結束第 {round} 輪？有 {unfinished} 桌沒打完：按已打的局數計，還在等確認的牌局作廢。"
    ),
    "club.ui.close_yes": "結束第 {round} 輪",
    "club.ui.close_no": "繼續打",
    "club.ui.round_closed": "第 {round} 輪結束。",
    "club.ui.round_done": "每桌都打完了：第 {round} 輪結束。",
    "club.ui.finished": "“{name}”結束了，恭喜獲勝者！",
    "club.ui.standings_title": "{name} · 排名",
    "club.ui.standings_after": "第 {round}/{rounds} 輪後 · {hands} 局",
    "club.ui.standings_line": "{rank}. {name} **{total:+d}** · 平均 {place} 位 · 最佳 {best}",
    "club.ui.standings_rest": " · 輪空 {n} 次",
    "club.ui.standings_empty": "還沒打過一輪。",
    "club.ui.no_value": "–",
    "club.ui.swapped": "第 {round} 輪：{first} 和 {second} 換了座位；已記錄的牌局隨座位移動。",
    "club.ui.round_started": "第 {round} 輪開始了：排位已經發出。",
    "club.text_channel_only": "請在文字頻道裡創建比賽：各桌的討論串會開在那裡。",
    "club.ui.winds_first": " · 風位均衡優先",
}
