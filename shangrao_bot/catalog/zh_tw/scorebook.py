"""The scorebook's refusals (recording, confirming and taking back hands).

In 繁體中文 (traditional Chinese).
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "sk.no_session": "本頻道沒有進行中的記分場次：先用 `/session start` 開一場。",
    "sk.bad_preset": "'{preset}' 不是計分方案：請選上饒或百科。",
    "sk.roster_size": (
        "一場需要四位玩家，你寫了 {count} 位。按座位順序寫四位，例如 `@小明 @小紅 老王, 小李`。"
    ),
    "sk.roster_twice": "同一位玩家寫了兩次：每個座位要不同的玩家。",
    "sk.bad_stake": "底分 {stake} 不行：請用 1 到 {limit} 的整數。",
    "sk.name_long": "名字 '{name}' 太長：最多 {limit} 個字。",
    "sk.name_empty": "客人需要一個看得見的名字：寫上名字，例如 老王。",
    "sk.name_number": (
        "'{name}' 不能當名字：數字表示座位（1-4）或玩家編號（#12）。加上文字，例如 玩家{name}。"
    ),
    "sk.name_member": "'{name}' 已經是這桌一位成員的名字：給客人另取一個名字，免得分不清誰是誰。",
    "sk.session_open": "本頻道已有進行中的記分場次：先用 `/session end` 結束，或到別的頻道開新場。",
    "sk.no_transfer": "本伺服器沒有轉帳 #{id}。",
    "sk.paid_not_payee": "只有收款人 {payee}、記分員或管理員可以標記已付。",
    "sk.not_seated": "你不在這場的座位上：只有本場玩家或記分員可以這樣做。",
    "sk.bad_seat.winner": "`贏家` 裡的 '{value}' 不是座位：請用 1-4、名字或 @提及。",
    "sk.bad_seat.robbed": "`被搶座` 裡的 '{value}' 不是座位：請用 1-4、名字或 @提及。",
    "sk.bad_seat.flown": "`飛寶` 裡的 '{value}' 不是座位：請用 1-4、名字或 @提及。",
    "sk.bad_seat.bonuses": "`槓寶分` 裡的 '{value}' 不是座位：請用 1-4、名字或 @提及。",
    "sk.not_in_session.winner": "'{name}'（`贏家`）不是本場玩家：請用座位 1-4 或在座玩家的名字。",
    "sk.not_in_session.robbed": "'{name}'（`被搶座`）不是本場玩家：請用座位 1-4 或在座玩家的名字。",
    "sk.not_in_session.flown": "'{name}'（`飛寶`）不是本場玩家：請用座位 1-4 或在座玩家的名字。",
    "sk.not_in_session.bonuses": (
        "'{name}'（`槓寶分`）不是本場玩家：請用座位 1-4 或在座玩家的名字。"
    ),
    "sk.bad_flown": "`飛寶` 裡的 '{item}' 應寫成 誰:數量，例如 `2:1` 或 `老王:1`（打出的寶）。",
    "sk.flown_many": "'{item}'：一位玩家最多飛 4 個寶。",
    "sk.bad_bonus": (
        "`槓寶分` 裡的 '{item}' 應寫成 誰:種類，種類是 明槓 暗槓 接寶 四個寶 "
        "之一，例如 `2:暗槓` 或 `老王:明槓×2`。"
    ),
    "sk.bad_how": "'{how}' 不是胡法：請從列表裡選。",
    "sk.need_win": "請在 `胡牌` 裡寫出胡的那張牌（例如 九條）；只有天胡不用。",
    "sk.name_winner": "你不在本場座位上：請在 `贏家` 裡寫出贏家。",
    "sk.hand_voided": "第 #{id} 手已作廢（{reason}）：如果確實打了，請重新記錄。",
    "sk.hand_counted": "第 #{id} 手已確認並計入。",
    "sk.hand_expired": "第 #{id} 手 {minutes} 分鐘內沒有確認，已過期：請重新記錄。",
    "sk.confirm_not_seated": "只有本場在座玩家（或記分員）可以確認。",
    "sk.confirm_own": "這手是你記錄的：需要另一位在座玩家（或記分員）確認。",
    "sk.nothing_to_undo": "本場沒有可以撤銷的牌局。",
    "sk.undo_not_yours": "最後一手（#{id}）是別人記錄的：只有記錄者、記分員或管理員可以撤銷。",
    "sk.request_gone": (
        "這個請求已經失效（過期、已處理或機器人重啟過）：請再用 `/score undo` 或 "
        "`/score void` 提出。"
    ),
    "sk.request_own": "這是你提出的請求：需要另一位在座玩家（或記分員）確認。",
    "sk.void_not_yours": "第 #{id} 手是別人記錄的：只有記錄者、記分員或管理員可以作廢。",
    "sk.need_reason": "請在 `原因` 裡寫明原因（會記入操作紀錄）。",
    "sk.calc_robbed": "`被搶座` 裡的 '{value}'：場次外贏家是 1 號位，被搶的座位請寫 2、3 或 4。",
    "sk.calc_flown": "`飛寶` 裡的 '{item}' 應寫成 座位:數量，座位 1-4（贏家是 1），例如 `1:1`。",
    "sk.calc_bonus": (
        "`槓寶分` 裡的 '{item}' 應寫成 座位:種類，座位 1-4（贏家是 1），例如 `2:暗槓`。"
    ),
    "sk.ledger": "帳本拒絕了：{reason}",
    "sk.no_player": "本伺服器沒有叫 '{name}' 的玩家。",
    "sk.not_guest": "'{name}' 不是訪客：關聯是把訪客的紀錄併入成員。",
    "sk.no_session_id": "本伺服器沒有場次 #{id}：請看 `/session list`。",
}
